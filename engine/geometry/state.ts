// The working state of one roofSolve call: inputs read from the buffers (engine/abi.ts), the vertices
// (input points, then points the engine creates), the segments (outline edges, then interior lines)
// and the errors found so far.
import { RefKind, RoofIn } from '../abi';

export class RoofState {
  // ── tolerances (host-supplied, RoofIn) ──
  eave: f64 = 0.0;
  /** Snap / T-junction distance [m]. */
  tol: f64 = 0.0;
  eps: f64 = 0.0;
  degLen: f64 = 0.0;
  planDeg: f64 = 0.0;
  planRel: f64 = 0.0;
  degArea: f64 = 0.0;
  maxEnt: f64 = 0.0;

  // ── inputs ──
  nIn: i32 = 0;
  nOutline: i32 = 0;
  nLines: i32 = 0;
  /** nOutline == 0: the `split` command (no outline, faces or heights). */
  splitMode: bool = false;
  inOutline: StaticArray<i32> = new StaticArray<i32>(0);
  lineA: StaticArray<i32> = new StaticArray<i32>(0);
  lineB: StaticArray<i32> = new StaticArray<i32>(0);
  inZ: StaticArray<f64> = new StaticArray<f64>(0);

  // ── vertices: input points (index = input index), then created points ──
  vx: Array<f64> = new Array<f64>(0);
  vy: Array<f64> = new Array<f64>(0);
  /** Per input point: the input point it was merged into, or itself. */
  rep: StaticArray<i32> = new StaticArray<i32>(0);
  /** Per vertex: Relation. */
  rel: Array<i32> = new Array<i32>(0);
  /** Per vertex: 1 when it is a vertex of the (merged) outline ring. */
  outlineVtx: Array<u8> = new Array<u8>(0);

  // ── the outline's edges: outline position pos → pos + 1 over merged points, edges whose two ends
  //    merged left out (olA/olB/olPos) ──
  olA: Array<i32> = new Array<i32>(0);
  olB: Array<i32> = new Array<i32>(0);
  olPos: Array<i32> = new Array<i32>(0);
  /** Per input point: it lies on the interior of some segment (INTERLINE). */
  onInterior: StaticArray<u8> = new StaticArray<u8>(0);

  // ── segments: the outline edges first (nOutSeg of them, only when the outline is usable), then the
  //    interior lines ──
  segA: Array<i32> = new Array<i32>(0);
  segB: Array<i32> = new Array<i32>(0);
  /** Input line index of an interior segment, -1 for an outline edge. */
  segLine: Array<i32> = new Array<i32>(0);
  /** Input outline position of an outline edge (edge outline[pos] → next), -1 for a line. */
  segPos: Array<i32> = new Array<i32>(0);
  nOutSeg: i32 = 0;
  /** The outline ring could not be used (self-intersecting or degenerate). */
  outlineBad: bool = false;

  // ── split records: segment spSeg[k] is cut at vertex spV[k] ──
  spSeg: Array<i32> = new Array<i32>(0);
  spV: Array<i32> = new Array<i32>(0);

  // ── errors: code, then (kind, index) refs ──
  errCode: Array<i32> = new Array<i32>(0);
  errRefStart: Array<i32> = new Array<i32>(0);
  errRefCount: Array<i32> = new Array<i32>(0);
  refKind: Array<i32> = new Array<i32>(0);
  refIndex: Array<i32> = new Array<i32>(0);

  get nV(): i32 {
    return this.vx.length;
  }

  /** Starts an error; add its refs with addRef. */
  beginError(code: i32): void {
    this.errCode.push(code);
    this.errRefStart.push(this.refKind.length);
    this.errRefCount.push(0);
  }

  addRef(kind: RefKind, index: i32): void {
    this.refKind.push(<i32>kind);
    this.refIndex.push(index);
    const e = this.errRefCount.length - 1;
    this.errRefCount[e] = this.errRefCount[e] + 1;
  }

  /** Adds a vertex; returns its index. */
  addVertex(x: f64, y: f64, relation: i32): i32 {
    this.vx.push(x);
    this.vy.push(y);
    this.rel.push(relation);
    this.outlineVtx.push(0);
    return this.vx.length - 1;
  }
}

/** A finite f64 (not NaN, not ±∞). */
// @ts-ignore: decorator
@inline
export function finite(x: f64): bool {
  return x - x == 0.0;
}

/**
 * Reads and validates the roofSolve inputs into s. Returns false when the arrays are malformed
 * (Status.BAD_INPUT): arrays shorter than their counts say (trailing values are ignored), negative
 * counts, an outline of 1 or 2 points, indices out of range, non-finite x/y or header values, an
 * infinite z.
 */
export function readInputs(s: RoofState, f: StaticArray<f64>, n: StaticArray<i32>): bool {
  const hdr = <i32>RoofIn.HEADER;
  if (f.length < hdr || n.length < 3) return false;
  const nPoints = n[0];
  const nOutline = n[1];
  const nLines = n[2];
  if (nPoints < 0 || nOutline < 0 || nLines < 0) return false;
  if (nOutline == 1 || nOutline == 2) return false;
  if (<i64>n.length < 3 + <i64>nOutline + 2 * <i64>nLines) return false;
  if (<i64>f.length < <i64>hdr + 3 * <i64>nPoints) return false;
  for (let k: i32 = 0; k < hdr; k++) if (!finite(f[k])) return false;

  s.eave = f[RoofIn.EAVE_HEIGHT];
  s.tol = f[RoofIn.MERGE_TOL];
  s.eps = f[RoofIn.INTERSECT_EPS];
  s.degLen = f[RoofIn.DEGENERATE_LEN];
  s.planDeg = f[RoofIn.PLANARITY_DEG];
  s.planRel = f[RoofIn.PLANARITY_REL];
  s.degArea = f[RoofIn.DEGENERATE_AREA];
  s.maxEnt = f[RoofIn.MAX_ENTITIES];

  s.nIn = nPoints;
  s.nOutline = nOutline;
  s.nLines = nLines;
  s.splitMode = nOutline == 0;
  s.inZ = new StaticArray<f64>(nPoints);
  // Sized up front (rel and outlineVtx start at 0); created points are pushed after them.
  const vx = new Array<f64>(nPoints);
  const vy = new Array<f64>(nPoints);
  s.vx = vx;
  s.vy = vy;
  s.rel = new Array<i32>(nPoints);
  s.outlineVtx = new Array<u8>(nPoints);
  const inZ = s.inZ;
  for (let i: i32 = 0; i < nPoints; i++) {
    const x = f[hdr + 3 * i];
    const y = f[hdr + 3 * i + 1];
    const z = f[hdr + 3 * i + 2];
    if (!finite(x) || !finite(y)) return false;
    if (!isNaN(z) && !finite(z)) return false;
    // (i < nPoints: the arrays' length)
    unchecked((vx[i] = x));
    unchecked((vy[i] = y));
    unchecked((inZ[i] = z));
  }
  s.inOutline = new StaticArray<i32>(nOutline);
  for (let i: i32 = 0; i < nOutline; i++) {
    const p = n[3 + i];
    if (p < 0 || p >= nPoints) return false;
    s.inOutline[i] = p;
  }
  s.lineA = new StaticArray<i32>(nLines);
  s.lineB = new StaticArray<i32>(nLines);
  const base = 3 + nOutline;
  for (let i: i32 = 0; i < nLines; i++) {
    const a = n[base + 2 * i];
    const b = n[base + 2 * i + 1];
    if (a < 0 || a >= nPoints || b < 0 || b >= nPoints) return false;
    s.lineA[i] = a;
    s.lineB[i] = b;
  }
  s.rep = new StaticArray<i32>(nPoints);
  s.onInterior = new StaticArray<u8>(nPoints);
  return true;
}
