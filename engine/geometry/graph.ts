// Building the planar graph (docs/GEOMETRY.md §1): snap the drawn points, check the outline ring, then find
// every T-junction and crossing with a uniform grid (engine/geometry/seggrid.ts) and record where each
// segment is cut. Every sidedness decision goes through the exact orient2d; distances and crossing
// points are plain f64 with the same operation order as the TypeScript reference
// (src/engine/reference/roof-split.ts), so both give bit-identical points.
import { RefKind, Relation, RoofError } from '../abi';
import { PointSnap } from './hash';
import { hypot2 } from './jsmath';
import { orient2d } from './predicates';
import { SegGrid } from './seggrid';
import { RoofState } from './state';

/** Merges every input point lying within tol of an earlier (unmerged) point into the earliest one. */
export function snapPoints(s: RoofState): PointSnap {
  const nIn = s.nIn;
  const vx = s.vx;
  const vy = s.vy;
  const rep = s.rep;
  const rel = s.rel;
  // The input points are vertices 0 .. nIn − 1 (readInputs sized these arrays).
  assert(vx.length >= nIn && vy.length >= nIn && rep.length == nIn && rel.length >= nIn);
  let scale: f64 = 0.0;
  for (let i: i32 = 0; i < nIn; i++) {
    scale = Math.max(scale, Math.max(Math.abs(unchecked(vx[i])), Math.abs(unchecked(vy[i]))));
  }
  // Cells of side ≥ 2.5·tol; with tol = 0 any positive size finds exact duplicates.
  const h = Math.max(2.5 * s.tol, Math.max(scale * 1e-12, 1e-300));
  const snap = new PointSnap(vx, vy, s.tol, h, nIn + 16);
  for (let i: i32 = 0; i < nIn; i++) {
    const r = snap.nearest(unchecked(vx[i]), unchecked(vy[i]));
    if (r >= 0) {
      unchecked((rep[i] = r));
      unchecked((rel[i] = <i32>Relation.INTERPOINT_));
    } else {
      unchecked((rep[i] = i));
      unchecked((rel[i] = <i32>Relation.LINK));
      snap.add(i);
    }
  }
  return snap;
}

/**
 * The outline's edges over merged points — edge pos runs from outline[pos] to outline[pos + 1], left
 * out when both ends merged into one point — and its vertices (OUTER).
 */
export function outlineEdges(s: RoofState): void {
  const n = s.nOutline;
  for (let pos: i32 = 0; pos < n; pos++) {
    const v = s.rep[s.inOutline[pos]];
    s.outlineVtx[v] = 1;
    s.rel[v] = <i32>Relation.OUTER;
  }
  for (let pos: i32 = 0; pos < n; pos++) {
    const a = s.rep[s.inOutline[pos]];
    const b = s.rep[s.inOutline[(pos + 1) % n]];
    if (a == b) continue;
    s.olA.push(a);
    s.olB.push(b);
    s.olPos.push(pos);
  }
}

/** Squared distance between two points [m²] (operation order as the reference's dist2). */
// @ts-ignore: decorator
@inline
export function dist2(ax: f64, ay: f64, bx: f64, by: f64): f64 {
  const dx = ax - bx;
  const dy = ay - by;
  return dx * dx + dy * dy;
}

/**
 * Squared distance from p to the closed segment a–b [m²]. Beyond either end it is exactly dist2 to that
 * end, so "within tol of a segment" never disagrees with the snapping test (operation order as the
 * reference's dist2ToSegment).
 */
export function dist2ToSegment(px: f64, py: f64, ax: f64, ay: f64, bx: f64, by: f64): f64 {
  const ux = bx - ax;
  const uy = by - ay;
  const len2 = ux * ux + uy * uy;
  const t = len2 == 0.0 ? 0.0 : ((px - ax) * ux + (py - ay) * uy) / len2;
  if (t <= 0.0) return dist2(px, py, ax, ay);
  if (t >= 1.0) return dist2(px, py, bx, by);
  return dist2(px, py, ax + t * ux, ay + t * uy);
}

/** Sign of orient2d: 1 when c is left of a→b (counter-clockwise), −1 right, 0 on the line. */
// @ts-ignore: decorator
@inline
export function side(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64): i32 {
  const o = orient2d(ax, ay, bx, by, cx, cy);
  return o > 0.0 ? 1 : o < 0.0 ? -1 : 0;
}

/** Segments a–b and c–d cross in both interiors (ends strictly on opposite sides, exact). */
export function crossProperly(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, dx: f64, dy: f64): bool {
  const s1 = side(ax, ay, bx, by, cx, cy);
  const s2 = side(ax, ay, bx, by, dx, dy);
  if (s1 == 0 || s2 == 0 || s1 == s2) return false;
  const s3 = side(cx, cy, dx, dy, ax, ay);
  const s4 = side(cx, cy, dx, dy, bx, by);
  return s3 != 0 && s4 != 0 && s3 != s4;
}

/**
 * Outline self-intersection (SELF_INTERSECTING_OUTLINE): non-adjacent edges (in ring order) that cross,
 * touch or overlap — a proper crossing or an end of one within tol of the other. One error per pair,
 * refs the two outline positions (lower first); a ring of fewer than three edges, or a triangle with a
 * vertex within tol of its opposite edge (no area), is one error listing every outline position. Returns the grid over the outline edges (for the inside test) or null.
 */
export function checkOutline(s: RoofState): SegGrid | null {
  const m = s.olA.length;
  if (m < 3) {
    s.outlineBad = true;
    s.beginError(<i32>RoofError.SELF_INTERSECTING_OUTLINE);
    for (let i: i32 = 0; i < s.nOutline; i++) s.addRef(RefKind.OUTLINE_EDGE, i);
    return null;
  }
  if (m == 3) {
    // A triangle with a vertex within tol of its opposite edge has no area: degenerate, as above.
    const t2 = s.tol * s.tol;
    for (let k: i32 = 0; k < 3; k++) {
      const a = s.olA[k];
      const b = s.olB[k];
      const v = s.olB[(k + 1) % 3];
      if (dist2ToSegment(s.vx[v], s.vy[v], s.vx[a], s.vy[a], s.vx[b], s.vy[b]) <= t2) {
        s.outlineBad = true;
        s.beginError(<i32>RoofError.SELF_INTERSECTING_OUTLINE);
        for (let i: i32 = 0; i < s.nOutline; i++) s.addRef(RefKind.OUTLINE_EDGE, i);
        return null;
      }
    }
  }
  const grid = new SegGrid(s.vx, s.vy, s.olA, s.olB, new Array<i32>(0), s.tol + s.eps);
  const mark = new StaticArray<i32>(m);
  for (let i: i32 = 0; i < m; i++) mark[i] = -1;
  const tol2 = s.tol * s.tol;
  const vx = s.vx;
  const vy = s.vy;
  const cand = new Array<i32>(0);
  for (let i: i32 = 0; i < m; i++) {
    cand.length = 0;
    for (let k = grid.segStart[i], ke = grid.segStart[i + 1]; k < ke; k++) {
      const cell = unchecked(grid.segCells[k]);
      for (let q = grid.cellStart[cell], qe = grid.cellStart[cell + 1]; q < qe; q++) {
        const j = unchecked(grid.cellSegs[q]);
        if (j < i + 2 || (i == 0 && j == m - 1) || mark[j] == i) continue;
        mark[j] = i;
        cand.push(j);
      }
    }
    sortInts(cand);
    const a = s.olA[i];
    const b = s.olB[i];
    for (let q: i32 = 0, nq = cand.length; q < nq; q++) {
      const j = cand[q];
      const c = s.olA[j];
      const d = s.olB[j];
      const touch =
        crossProperly(vx[a], vy[a], vx[b], vy[b], vx[c], vy[c], vx[d], vy[d]) ||
        dist2ToSegment(vx[c], vy[c], vx[a], vy[a], vx[b], vy[b]) <= tol2 ||
        dist2ToSegment(vx[d], vy[d], vx[a], vy[a], vx[b], vy[b]) <= tol2 ||
        dist2ToSegment(vx[a], vy[a], vx[c], vy[c], vx[d], vy[d]) <= tol2 ||
        dist2ToSegment(vx[b], vy[b], vx[c], vy[c], vx[d], vy[d]) <= tol2;
      if (!touch) continue;
      s.outlineBad = true;
      s.beginError(<i32>RoofError.SELF_INTERSECTING_OUTLINE);
      s.addRef(RefKind.OUTLINE_EDGE, s.olPos[i]);
      s.addRef(RefKind.OUTLINE_EDGE, s.olPos[j]);
    }
  }
  return grid;
}

/**
 * The segments: the outline edges (ring order) when the outline is usable, then the interior lines
 * (input order) between merged points; lines shorter than degLen are dropped.
 */
export function buildSegments(s: RoofState, withOutline: bool): void {
  if (withOutline) {
    for (let k: i32 = 0, m = s.olA.length; k < m; k++) {
      s.segA.push(s.olA[k]);
      s.segB.push(s.olB[k]);
      s.segLine.push(-1);
      s.segPos.push(s.olPos[k]);
    }
    s.nOutSeg = s.olA.length;
  }
  const rep = s.rep;
  const lineA = s.lineA;
  const lineB = s.lineB;
  const vx = s.vx;
  const vy = s.vy;
  for (let i: i32 = 0; i < s.nLines; i++) {
    // (lineA, lineB hold nLines input point indices, checked by readInputs; rep maps them to vertices)
    const a = unchecked(rep[unchecked(lineA[i])]);
    const b = unchecked(rep[unchecked(lineB[i])]);
    if (a == b) continue;
    if (hypot2(unchecked(vx[b]) - unchecked(vx[a]), unchecked(vy[b]) - unchecked(vy[a])) < s.degLen) continue;
    s.segA.push(a);
    s.segB.push(b);
    s.segLine.push(i);
    s.segPos.push(-1);
  }
}

/** Records that segment sg is cut at vertex v (ignored at the segment's own ends). */
// @ts-ignore: decorator
@inline
function addCut(s: RoofState, sg: i32, v: i32): void {
  if (v == unchecked(s.segA[sg]) || v == unchecked(s.segB[sg])) return; // (sg: a segment index)
  s.spSeg.push(sg);
  s.spV.push(v);
  if (v < s.nIn) s.onInterior[v] = 1;
}

/**
 * Crossing of segments i and j in both interiors (nearly parallel pairs — the shorter spreading less
 * than eps across the longer — never cross). The crossing point, by the parametric formula on i,
 * is the earliest drawn point within tol of it, else the earliest created one, else a new point.
 */
function crossSegments(s: RoofState, snap: PointSnap, i: i32, j: i32): void {
  // i, j are segment indices and segment ends vertex indices (in range by construction).
  const a = unchecked(s.segA[i]);
  const b = unchecked(s.segB[i]);
  const c = unchecked(s.segA[j]);
  const d = unchecked(s.segB[j]);
  const vx = s.vx;
  const vy = s.vy;
  const ax = unchecked(vx[a]);
  const ay = unchecked(vy[a]);
  const bx = unchecked(vx[b]);
  const by = unchecked(vy[b]);
  const cx = unchecked(vx[c]);
  const cy = unchecked(vy[c]);
  const dx = unchecked(vx[d]);
  const dy = unchecked(vy[d]);
  if (!crossProperly(ax, ay, bx, by, cx, cy, dx, dy)) return;
  const ux = bx - ax;
  const uy = by - ay;
  const wx = dx - cx;
  const wy = dy - cy;
  const cross = Math.abs(ux * wy - uy * wx);
  const longer = Math.max(hypot2(ux, uy), hypot2(wx, wy));
  if (cross <= s.eps * longer) return;
  let t = ((cx - ax) * wy - (cy - ay) * wx) / (ux * wy - uy * wx);
  if (!(t > 0.0)) t = 0.0;
  else if (t > 1.0) t = 1.0;
  const x = ax + t * ux;
  const y = ay + t * uy;
  let v = snap.nearest(x, y);
  if (v < 0) {
    v = s.addVertex(x, y, <i32>Relation.INTERPOINT1);
    snap.add(v);
  }
  addCut(s, i, v);
  addCut(s, j, v);
}

/**
 * Finds every T-junction (a drawn or created point within tol of a segment, not one of its ends) and
 * every crossing between segments (outline edges never with each other), recording the cuts. Pairs
 * are taken in (i, j) order so that created points are made in the same order as a plain double loop.
 */
export function intersect(s: RoofState, snap: PointSnap): void {
  const nSeg = s.segA.length;
  const nIn = s.nIn;
  const pts = new Array<i32>(0);
  for (let i: i32 = 0; i < nIn; i++) if (s.rep[i] == i) pts.push(i);
  const grid = new SegGrid(s.vx, s.vy, s.segA, s.segB, pts, s.tol + s.eps);
  const mark = new StaticArray<i32>(nSeg);
  for (let i: i32 = 0; i < nSeg; i++) unchecked((mark[i] = -1));
  const markP = new StaticArray<i32>(nIn);
  for (let i: i32 = 0; i < nIn; i++) unchecked((markP[i] = -1));
  const tol2 = s.tol * s.tol;
  const nOut = s.nOutSeg;
  const cellStart = grid.cellStart;
  const cellSegs = grid.cellSegs;
  const ptStart = grid.ptStart;
  const ptIds = grid.ptIds;
  const segStart = grid.segStart;
  const segCells = grid.segCells;
  const cand = new Array<i32>(0);

  const vx = s.vx;
  const vy = s.vy;
  // Segment ends and grid entries are vertex / segment / cell indices in range by construction.
  for (let i: i32 = 0; i < nSeg; i++) {
    const a = unchecked(s.segA[i]);
    const b = unchecked(s.segB[i]);
    const ax = unchecked(vx[a]);
    const ay = unchecked(vy[a]);
    const bx = unchecked(vx[b]);
    const by = unchecked(vy[b]);
    cand.length = 0;
    for (let k = unchecked(segStart[i]), ke = unchecked(segStart[i + 1]); k < ke; k++) {
      const cell = unchecked(segCells[k]);
      // T-junctions: drawn points on this segment.
      for (let q = unchecked(ptStart[cell]), qe = unchecked(ptStart[cell + 1]); q < qe; q++) {
        const p = unchecked(ptIds[q]);
        if (unchecked(markP[p]) == i) continue;
        unchecked((markP[p] = i));
        if (p == a || p == b) continue;
        if (dist2ToSegment(unchecked(vx[p]), unchecked(vy[p]), ax, ay, bx, by) <= tol2) addCut(s, i, p);
      }
      // Candidate partners j > i sharing a cell.
      for (let q = unchecked(cellStart[cell]), qe = unchecked(cellStart[cell + 1]); q < qe; q++) {
        const j = unchecked(cellSegs[q]);
        if (j <= i || unchecked(mark[j]) == i) continue;
        unchecked((mark[j] = i));
        if (i < nOut && j < nOut) continue;
        cand.push(j);
      }
    }
    sortInts(cand);
    for (let q: i32 = 0, nq = cand.length; q < nq; q++) crossSegments(s, snap, i, unchecked(cand[q]));
  }

  // T-junctions of created points: a crossing within tol of a third segment lies on it too (three
  // lines through one point; two lines crossing within tol of an outline edge, which must then be
  // cut there, or the piece between the crossing and the edge would dangle).
  for (let v = nIn, nV = s.nV; v < nV; v++) {
    const x = unchecked(vx[v]);
    const y = unchecked(vy[v]);
    const cell = grid.cellAt(x, y);
    for (let q = unchecked(cellStart[cell]), qe = unchecked(cellStart[cell + 1]); q < qe; q++) {
      const j = unchecked(cellSegs[q]);
      const a = unchecked(s.segA[j]);
      const b = unchecked(s.segB[j]);
      if (a == v || b == v) continue;
      if (dist2ToSegment(x, y, unchecked(vx[a]), unchecked(vy[a]), unchecked(vx[b]), unchecked(vy[b])) <= tol2) addCut(s, j, v);
    }
  }
}

/** Ascending sort of a short integer list (insertion sort; the built-in sort for long lists). */
export function sortInts(a: Array<i32>): void {
  const n = a.length;
  if (n > 32) {
    a.sort(ascending);
    return;
  }
  for (let k: i32 = 1; k < n; k++) {
    const v = unchecked(a[k]);
    let m = k - 1;
    while (m >= 0 && unchecked(a[m]) > v) {
      unchecked((a[m + 1] = a[m]));
      m--;
    }
    unchecked((a[m + 1] = v));
  }
}

function ascending(a: i32, b: i32): i32 {
  return a - b;
}

/**
 * The cuts of each segment in order from its a to its b (by the projection on a→b), repeats removed:
 * v[start[i] .. start[i + 1]).
 */
export class Cuts {
  start: StaticArray<i32>;
  v: StaticArray<i32>;
  constructor(start: StaticArray<i32>, v: StaticArray<i32>) {
    this.start = start;
    this.v = v;
  }
}

let cutKey: StaticArray<f64> = new StaticArray<f64>(0);
let cutOrd: StaticArray<i32> = new StaticArray<i32>(0);

export function sortCuts(s: RoofState): Cuts {
  const nSeg = s.segA.length;
  const n = s.spSeg.length;
  const spSeg = s.spSeg;
  const spV = s.spV;
  const segA = s.segA;
  const segB = s.segB;
  const vx = s.vx;
  const vy = s.vy;
  assert(spV.length == n && segB.length == nSeg);
  // Split records name segments < nSeg and vertices < nV; segment ends are vertices: every index
  // below is in range.
  const start = new StaticArray<i32>(nSeg + 1);
  for (let k: i32 = 0; k < n; k++) unchecked(start[unchecked(spSeg[k]) + 1]++);
  for (let i: i32 = 0; i < nSeg; i++) unchecked((start[i + 1] += start[i]));
  const fill = new StaticArray<i32>(nSeg);
  const tmpV = new StaticArray<i32>(n);
  const key = new StaticArray<f64>(n);
  // ord: the order the cut was recorded in (ties of position keep it, like a stable sort).
  const ord = new StaticArray<i32>(n);
  for (let k: i32 = 0; k < n; k++) {
    const sg = unchecked(spSeg[k]);
    const v = unchecked(spV[k]);
    const at = unchecked(start[sg]) + unchecked(fill[sg]);
    unchecked(fill[sg]++);
    unchecked((tmpV[at] = v));
    unchecked((ord[at] = k));
    const a = unchecked(segA[sg]);
    const b = unchecked(segB[sg]);
    const ax = unchecked(vx[a]);
    const ay = unchecked(vy[a]);
    const ux = unchecked(vx[b]) - ax;
    const uy = unchecked(vy[b]) - ay;
    unchecked((key[at] = (unchecked(vx[v]) - ax) * ux + (unchecked(vy[v]) - ay) * uy));
  }
  cutKey = key;
  cutOrd = ord;
  const idx = new Array<i32>(0);
  const outStart = new StaticArray<i32>(nSeg + 1);
  // At most n cuts survive; outV/outKey[0 .. nOut).
  const outV = new StaticArray<i32>(n);
  const outKey = new StaticArray<f64>(n);
  let nOut: i32 = 0;
  for (let i: i32 = 0; i < nSeg; i++) {
    const lo = unchecked(start[i]);
    const hi = unchecked(start[i + 1]);
    const m0 = hi - lo;
    idx.length = m0;
    // (idx has m0 entries; its values are positions in [lo, hi) of tmpV, key)
    for (let k = lo; k < hi; k++) unchecked((idx[k - lo] = k));
    if (m0 > 24) {
      idx.sort(byCutKey);
    } else {
      for (let k: i32 = 1; k < m0; k++) {
        const e = unchecked(idx[k]);
        let m = k - 1;
        while (m >= 0 && byCutKey(unchecked(idx[m]), e) > 0) {
          unchecked((idx[m + 1] = idx[m]));
          m--;
        }
        unchecked((idx[m + 1] = e));
      }
    }
    // Drop repeats of a point (recorded by several tests): copies have equal keys, so only the
    // preceding entries with the same key need checking.
    unchecked((outStart[i] = nOut));
    for (let k: i32 = 0; k < m0; k++) {
      const v = unchecked(tmpV[unchecked(idx[k])]);
      const kv = unchecked(key[unchecked(idx[k])]);
      let dup = false;
      for (let m = nOut - 1; m >= unchecked(outStart[i]); m--) {
        if (unchecked(outKey[m]) != kv) break;
        if (unchecked(outV[m]) == v) {
          dup = true;
          break;
        }
      }
      if (dup) continue;
      unchecked((outV[nOut] = v));
      unchecked((outKey[nOut] = kv));
      nOut++;
    }
  }
  outStart[nSeg] = nOut;
  const cv = new StaticArray<i32>(nOut);
  for (let k: i32 = 0; k < nOut; k++) unchecked((cv[k] = outV[k]));
  return new Cuts(outStart, cv);
}

function byCutKey(a: i32, b: i32): i32 {
  const ka = unchecked(cutKey[a]);
  const kb = unchecked(cutKey[b]);
  if (ka < kb) return -1;
  if (ka > kb) return 1;
  return unchecked(cutOrd[a]) - unchecked(cutOrd[b]);
}
