// Heights of the graph's points (docs/GEOMETRY.md §3): explicit z, the eave height for outline vertices,
// linear interpolation along the outline for points lying on it, then planes of faces with three
// known non-collinear points, repeated until nothing changes.
import { RefKind, RoofError } from '../abi';
import { Faces } from './faces';
import { dist2 } from './graph';
import { orient2d } from './predicates';
import { hypot2 } from './jsmath';
import { fitPlane, PlaneFit } from './plane';
import { RoofState } from './state';

/** Explicit heights: a point's own z, else the first explicit z among the points merged into it. */
export function explicitHeights(s: RoofState): StaticArray<f64> {
  const nV = s.nV;
  const nIn = s.nIn;
  const rep = s.rep;
  const inZ = s.inZ;
  // rep, inZ: nIn entries; rep maps to input points < nIn ≤ nV.
  assert(rep.length == nIn && inZ.length == nIn && nIn <= nV);
  const z = new StaticArray<f64>(nV);
  for (let v: i32 = 0; v < nV; v++) unchecked((z[v] = NaN));
  for (let i: i32 = 0; i < nIn; i++) if (unchecked(rep[i]) == i) unchecked((z[i] = inZ[i]));
  for (let i: i32 = 0; i < nIn; i++) {
    const r = unchecked(rep[i]);
    if (r != i && isNaN(unchecked(z[r])) && !isNaN(unchecked(inZ[i]))) unchecked((z[r] = inZ[i]));
  }
  return z;
}

/** Outline vertices without z take the eave height. */
export function eaveHeights(s: RoofState, z: StaticArray<f64>): void {
  for (let v: i32 = 0; v < s.nIn; v++) {
    if (s.outlineVtx[v] != 0 && isNaN(z[v])) z[v] = s.eave;
  }
}

/**
 * Points on the outline without z: linear interpolation by path length along the ring between the
 * nearest points with known z (explicit or eave) on either side: z = z0 + (z1 − z0)·back/(back + ahead),
 * the path lengths summed step by step outwards from the point (the reference's order, so the values
 * are bit-identical; runs longer than RUN_EXACT use prefix sums instead of the quadratic walk).
 */
export function interpolateRing(s: RoofState, ring: Array<i32>, z: StaticArray<f64>): void {
  const r = ring.length;
  if (r < 2) return;
  const known = new StaticArray<u8>(r);
  let any = false;
  for (let k: i32 = 0; k < r; k++) {
    if (!isNaN(z[ring[k]])) {
      known[k] = 1;
      any = true;
    }
  }
  if (!any) return;
  const value = new StaticArray<f64>(r);
  // Length of the step from ring position k to k + 1.
  const step = new StaticArray<f64>(r);
  for (let k: i32 = 0; k < r; k++) {
    const p = ring[k];
    const q = ring[(k + 1) % r];
    step[k] = hypot2(s.vx[q] - s.vx[p], s.vy[q] - s.vy[p]);
  }
  for (let i: i32 = 0; i < r; i++) {
    if (known[i] != 0) continue;
    let back: f64 = 0.0;
    let b = i;
    let n: i32 = 0;
    do {
      const prev = (b - 1 + r) % r;
      back += step[prev];
      b = prev;
      n++;
    } while (known[b] == 0 && n <= RUN_EXACT);
    if (n > RUN_EXACT) {
      interpolateLongRuns(s, ring, z, known, step);
      return;
    }
    let ahead: f64 = 0.0;
    let f = i;
    do {
      ahead += step[f];
      f = (f + 1) % r;
    } while (known[f] == 0);
    const z0 = z[ring[b]];
    const z1 = z[ring[f]];
    value[i] = z0 + ((z1 - z0) * back) / (back + ahead);
  }
  for (let i: i32 = 0; i < r; i++) if (known[i] == 0) z[ring[i]] = value[i];
}

const RUN_EXACT: i32 = 2048;

/** interpolateRing with prefix sums along each run (linear time). */
function interpolateLongRuns(
  s: RoofState,
  ring: Array<i32>,
  z: StaticArray<f64>,
  known: StaticArray<u8>,
  step: StaticArray<f64>,
): void {
  const r = ring.length;
  let first: i32 = 0;
  while (known[first] == 0) first++;
  const acc = new Array<f64>(0);
  let last = first;
  let gap: i32 = 0;
  for (let st: i32 = 1; st <= r; st++) {
    const k = (first + st) % r;
    if (known[k] == 0) {
      gap++;
      continue;
    }
    if (gap > 0) {
      const n = gap + 1;
      acc.length = n + 1;
      acc[0] = 0.0;
      for (let m: i32 = 1; m <= n; m++) acc[m] = acc[m - 1] + step[(last + m - 1) % r];
      const za = z[ring[last]];
      const zb = z[ring[k]];
      const total = acc[n];
      for (let m: i32 = 1; m <= gap; m++) {
        z[ring[(last + m) % r]] = total > 0.0 ? za + ((zb - za) * acc[m]) / total : za;
      }
    }
    last = k;
    gap = 0;
  }
}

/**
 * Planes of faces (docs/GEOMETRY.md §3): repeated passes over the faces in canonical order until a pass
 * changes nothing; a face whose known points include three non-collinear ones (spansPlane) fits its
 * least-squares plane and gives every unknown point of the face — its holes' points too (holes.ts
 * rule 3; only the outer ring's points fit the plane) — its z. Points assigned earlier in a pass count for the faces after it. A face is only re-examined
 * when one of its points got a height since it was last examined (the outcome cannot change
 * otherwise), which gives the same result as re-examining every face in every pass, for
 * O(faces + assignments + passes × faces / 64) work instead of O(faces × passes).
 * `live`: the faces taking part (non-degenerate), ascending.
 */
export function propagateFaces(s: RoofState, faces: Faces, live: Array<i32>, z: StaticArray<f64>): void {
  const nL = live.length;
  const nV = s.nV;
  const hFirst = faces.holeFirst;
  const hNum = faces.holeNum;
  const hStart = faces.holeStart;
  const hCount = faces.holeCount;
  const hVerts = faces.holeVerts;
  const fStart = faces.start;
  const fCount = faces.count;
  const fVerts = faces.verts;
  // Live face numbers, their lists and hole lists are in range of the face arrays, and hold vertex
  // indices < nV: the loops below use unchecked access.
  // Point → live faces (CSR, ascending).
  const cnt = new StaticArray<i32>(nV + 1);
  for (let k: i32 = 0; k < nL; k++) {
    const f = unchecked(live[k]);
    for (let q = unchecked(fStart[f]), e = q + unchecked(fCount[f]); q < e; q++) unchecked(cnt[unchecked(fVerts[q]) + 1]++);
  }
  for (let v: i32 = 0; v < nV; v++) unchecked((cnt[v + 1] += cnt[v]));
  const fill = new StaticArray<i32>(nV);
  const pf = new StaticArray<i32>(cnt[nV]);
  for (let k: i32 = 0; k < nL; k++) {
    const f = unchecked(live[k]);
    for (let q = unchecked(fStart[f]), e = q + unchecked(fCount[f]); q < e; q++) {
      const v = unchecked(fVerts[q]);
      unchecked((pf[cnt[v] + fill[v]] = k));
      unchecked(fill[v]++);
    }
  }
  // Dirty faces as a bitmap: a pass scans it upwards, so faces dirtied ahead of the scan are examined
  // in this pass and faces dirtied behind it (or the face itself) in the next one.
  const nWords = (nL + 63) >> 6;
  const dirty = new StaticArray<u64>(nWords);
  for (let k: i32 = 0; k < nL; k++) unchecked((dirty[k >> 6] |= (<u64>1) << (<u64>(k & 63))));
  const seen = new StaticArray<i32>(nV);
  for (let v: i32 = 0; v < nV; v++) unchecked((seen[v] = -1));
  let maxCount: i32 = 0;
  for (let k: i32 = 0; k < nL; k++) {
    const f = unchecked(live[k]);
    let c = unchecked(fCount[f]);
    for (let h = unchecked(hFirst[f]), he = h + unchecked(hNum[f]); h < he; h++) c += unchecked(hCount[h]);
    maxCount = max(maxCount, c);
  }
  const known = new StaticArray<i32>(maxCount);
  const unknown = new StaticArray<i32>(maxCount);
  const plane = new PlaneFit();
  const vx = s.vx;
  const vy = s.vy;
  let again = nL > 0;
  while (again) {
    again = false;
    let k = nextDirty(dirty, 0);
    while (k >= 0) {
      unchecked((dirty[k >> 6] &= ~((<u64>1) << (<u64>(k & 63)))));
      // Indices below come from the face lists and the CSR built above: all in range.
      const f = unchecked(live[k]);
      const from = unchecked(fStart[f]);
      const to = from + unchecked(fCount[f]);
      let nk: i32 = 0;
      let nu: i32 = 0;
      for (let q = from; q < to; q++) {
        const v = unchecked(fVerts[q]);
        if (unchecked(seen[v]) == k) continue; // a point repeated in the face
        unchecked((seen[v] = k));
        if (isNaN(unchecked(z[v]))) unchecked((unknown[nu++] = v));
        else unchecked((known[nk++] = v));
      }
      // Hole points (holes.ts rule 3): receive the face's plane, never fix it.
      const h0 = unchecked(hFirst[f]);
      const h1 = h0 + unchecked(hNum[f]);
      for (let h = h0; h < h1; h++) {
        for (let q = unchecked(hStart[h]), qe = q + unchecked(hCount[h]); q < qe; q++) {
          const v = unchecked(hVerts[q]);
          if (unchecked(seen[v]) == k) continue;
          unchecked((seen[v] = k));
          if (isNaN(unchecked(z[v]))) unchecked((unknown[nu++] = v));
        }
      }
      // (seen is keyed by k; reset so the face can be examined again in a later pass.)
      for (let q = from; q < to; q++) unchecked((seen[unchecked(fVerts[q])] = -1));
      for (let h = h0; h < h1; h++) {
        for (let q = unchecked(hStart[h]), qe = q + unchecked(hCount[h]); q < qe; q++) unchecked((seen[unchecked(hVerts[q])] = -1));
      }
      if (nu > 0 && spansPlane(s, known, nk) && fitPlane(vx, vy, z, known, nk, plane)) {
        for (let q: i32 = 0; q < nu; q++) {
          const v = unchecked(unknown[q]);
          unchecked((z[v] = plane.zAt(unchecked(vx[v]), unchecked(vy[v]))));
          for (let m = unchecked(cnt[v]), me = unchecked(cnt[v + 1]); m < me; m++) {
            const g = unchecked(pf[m]);
            unchecked((dirty[g >> 6] |= (<u64>1) << (<u64>(g & 63))));
            if (g <= k) again = true;
          }
        }
      }
      k = nextDirty(dirty, k + 1);
    }
  }
}

/** The first set bit at index ≥ from, or -1. */
function nextDirty(bits: StaticArray<u64>, from: i32): i32 {
  const n = bits.length;
  let w = from >> 6;
  if (w >= n) return -1;
  let word = unchecked(bits[w]) & (<u64>-1 << (<u64>(from & 63)));
  while (word == 0) {
    if (++w >= n) return -1;
    word = unchecked(bits[w]);
  }
  return (w << 6) + <i32>ctz(word);
}

/**
 * Relative width below which known points count as collinear: a point farther than
 * COLLINEAR_REL × |ab| from the line ab. Points computed on one straight line (the cuts of an outline
 * edge) are off it by rounding only, about 1e-16..1e-14 of its length: an exact test would call them
 * non-collinear and fit a plane across them, extrapolating their rounding errors (a 0.26 m height
 * error on a 30 m roof was seen). Real drawn geometry is orders of magnitude wider, and a plane from
 * points this wide amplifies height rounding by at most 1e10.
 */
const COLLINEAR_REL: f64 = 1e-10;

/**
 * Whether the known points include three that are not collinear in plan: some point lies farther than
 * COLLINEAR_REL × |ab| from the line through the first point a and the point b farthest from it
 * (distance from the exact orient2d).
 */
function spansPlane(s: RoofState, pts: StaticArray<i32>, n: i32): bool {
  if (n < 3) return false;
  const vx = s.vx;
  const vy = s.vy;
  // pts[0 .. n) holds vertex indices (n ≤ pts.length: the caller's count), in range of vx, vy.
  const a = unchecked(pts[0]);
  const ax = unchecked(vx[a]);
  const ay = unchecked(vy[a]);
  let b = a;
  let far: f64 = 0.0;
  for (let k: i32 = 1; k < n; k++) {
    const c = unchecked(pts[k]);
    const d = dist2(ax, ay, unchecked(vx[c]), unchecked(vy[c]));
    if (d > far) {
      far = d;
      b = c;
    }
  }
  if (!(far > 0.0)) return false;
  const bx = unchecked(vx[b]);
  const by = unchecked(vy[b]);
  // |orient2d| = distance × |ab|; far = |ab|².
  const limit = COLLINEAR_REL * far;
  for (let k: i32 = 0; k < n; k++) {
    const c = unchecked(pts[k]);
    const o = orient2d(ax, ay, bx, by, unchecked(vx[c]), unchecked(vy[c]));
    if (o != 0.0 && Math.abs(o) > limit) return true;
  }
  return false;
}

/** UNKNOWN_HEIGHT: one error listing every point of a live face left without z (ascending). */
export function reportUnknown(s: RoofState, faces: Faces, live: Array<i32>, z: StaticArray<f64>): void {
  const nV = s.nV;
  const flag = new StaticArray<u8>(nV);
  let any = false;
  for (let k: i32 = 0, nL = live.length; k < nL; k++) {
    const f = live[k];
    for (let q = faces.start[f], e = q + faces.count[f]; q < e; q++) {
      const v = faces.verts[q];
      if (isNaN(z[v])) {
        flag[v] = 1;
        any = true;
      }
    }
  }
  if (!any) return;
  s.beginError(<i32>RoofError.UNKNOWN_HEIGHT);
  for (let v: i32 = 0; v < nV; v++) if (flag[v] != 0) s.addRef(RefKind.POINT, v);
}
