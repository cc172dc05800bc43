// Heights of the graph's points (GEOMETRY.md §3): explicit z, the eave height for outline vertices,
// linear interpolation along the outline for points lying on it, then planes of faces with three
// known non-collinear points, repeated until nothing changes.
import { RefKind, RoofError } from '../abi';
import { Faces } from './faces';
import { side } from './graph';
import { hypot2 } from './jsmath';
import { fitPlane, PlaneFit } from './plane';
import { RoofState } from './state';

/** Explicit heights: a point's own z, else the first explicit z among the points merged into it. */
export function explicitHeights(s: RoofState): StaticArray<f64> {
  const nV = s.nV;
  const z = new StaticArray<f64>(nV);
  for (let v: i32 = 0; v < nV; v++) z[v] = NaN;
  for (let i: i32 = 0; i < s.nIn; i++) if (s.rep[i] == i) z[i] = s.inZ[i];
  for (let i: i32 = 0; i < s.nIn; i++) {
    const r = s.rep[i];
    if (r != i && isNaN(z[r]) && !isNaN(s.inZ[i])) z[r] = s.inZ[i];
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
 * Planes of faces (GEOMETRY.md §3): repeated passes over the faces in canonical order until a pass
 * changes nothing; a face whose known points include three non-collinear ones (exact orient2d test
 * against the first two known) fits its least-squares plane and gives every unknown point of the face
 * its z. Points assigned earlier in a pass count for the faces after it. A face is only re-examined
 * when one of its points got a height since it was last examined (the outcome cannot change
 * otherwise), which gives the same result as re-examining every face in every pass, in
 * O((faces + assignments) log faces) instead of O(faces × passes).
 * `live`: the faces taking part (non-degenerate), ascending.
 */
export function propagateFaces(s: RoofState, faces: Faces, live: Array<i32>, z: StaticArray<f64>): void {
  const nL = live.length;
  const nV = s.nV;
  // Point → live faces (CSR, ascending).
  const cnt = new StaticArray<i32>(nV + 1);
  for (let k: i32 = 0; k < nL; k++) {
    const f = live[k];
    for (let q = faces.start[f], e = q + faces.count[f]; q < e; q++) cnt[faces.verts[q] + 1]++;
  }
  for (let v: i32 = 0; v < nV; v++) cnt[v + 1] += cnt[v];
  const fill = new StaticArray<i32>(nV);
  const pf = new StaticArray<i32>(cnt[nV]);
  for (let k: i32 = 0; k < nL; k++) {
    const f = live[k];
    for (let q = faces.start[f], e = q + faces.count[f]; q < e; q++) {
      const v = faces.verts[q];
      pf[cnt[v] + fill[v]] = k;
      fill[v]++;
    }
  }
  // Dirty faces of the current pass in a min-heap (examined in ascending order, as a pass would);
  // faces dirtied behind the current one wait for the next pass.
  const dirty = new StaticArray<u8>(nL);
  let heap = new Array<i32>(nL);
  for (let k: i32 = 0; k < nL; k++) {
    dirty[k] = 1;
    heap[k] = k; // ascending: already a heap
  }
  let next = new Array<i32>(0);
  const seen = new StaticArray<i32>(nV);
  for (let v: i32 = 0; v < nV; v++) seen[v] = -1;
  const known = new Array<i32>(0);
  const unknown = new Array<i32>(0);
  const plane = new PlaneFit();
  const fStart = faces.start;
  const fCount = faces.count;
  const fVerts = faces.verts;
  const vx = s.vx;
  const vy = s.vy;
  while (heap.length > 0) {
    while (heap.length > 0) {
      const k = heapPop(heap);
      unchecked((dirty[k] = 0));
      const f = unchecked(live[k]);
      // Indices below come from the face lists and the CSR built above: all in range.
      const from = unchecked(fStart[f]);
      const to = from + unchecked(fCount[f]);
      known.length = 0;
      unknown.length = 0;
      for (let q = from; q < to; q++) {
        const v = unchecked(fVerts[q]);
        if (unchecked(seen[v]) == k) continue; // a point repeated in the face
        unchecked((seen[v] = k));
        if (isNaN(unchecked(z[v]))) unknown.push(v);
        else known.push(v);
      }
      // (seen is keyed by k; reset so the face can be examined again in a later pass.)
      for (let q = from; q < to; q++) unchecked((seen[unchecked(fVerts[q])] = -1));
      if (unknown.length == 0 || !spansPlane(s, known)) continue;
      if (!fitPlane(vx, vy, z, known, plane)) continue;
      for (let q: i32 = 0, nu = unknown.length; q < nu; q++) {
        const v = unchecked(unknown[q]);
        unchecked((z[v] = plane.zAt(unchecked(vx[v]), unchecked(vy[v]))));
        for (let m = unchecked(cnt[v]), me = unchecked(cnt[v + 1]); m < me; m++) {
          const g = unchecked(pf[m]);
          if (unchecked(dirty[g]) != 0) continue;
          unchecked((dirty[g] = 1));
          if (g > k) heapPush(heap, g);
          else next.push(g);
        }
      }
    }
    // The next pass.
    const t = heap;
    heap = next;
    next = t;
    next.length = 0;
    for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(heap, i);
  }
}

function heapPush(h: Array<i32>, v: i32): void {
  h.push(v);
  let i = h.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    const hp = unchecked(h[p]);
    if (hp <= v) break;
    unchecked((h[i] = hp));
    i = p;
  }
  unchecked((h[i] = v));
}

function heapPop(h: Array<i32>): i32 {
  const top = h[0];
  const last = h.pop();
  if (h.length > 0) {
    h[0] = last;
    siftDown(h, 0);
  }
  return top;
}

function siftDown(h: Array<i32>, i: i32): void {
  const n = h.length;
  const v = h[i];
  // (i < n, children checked against n)
  while (true) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && unchecked(h[c + 1]) < unchecked(h[c])) c++;
    const hc = unchecked(h[c]);
    if (hc >= v) break;
    unchecked((h[i] = hc));
    i = c;
  }
  unchecked((h[i] = v));
}

/** Whether the points include three that are not collinear in plan (exact, against the first two). */
function spansPlane(s: RoofState, pts: Array<i32>): bool {
  const n = pts.length;
  if (n < 3) return false;
  const a = pts[0];
  const b = pts[1];
  for (let k: i32 = 0; k < n; k++) {
    const c = pts[k];
    if (side(s.vx[a], s.vy[a], s.vx[b], s.vy[b], s.vx[c], s.vy[c]) != 0) return true;
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
