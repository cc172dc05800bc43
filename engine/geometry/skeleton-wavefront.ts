// The wavefront of the straight skeleton (skeleton.ts): its lines, active vertices, split candidates,
// output nodes and arcs, and the primitives that create and move them. One instance, W, reset per call.
import { EventQueue } from './skeleton-queue';

/** Positions closer than this × the outline's size are one point. */
export const REL_TOL: f64 = 1e-9;
/** Directions closer than this [rad] are parallel. */
export const ANG_TOL: f64 = 1e-9;

export const F_ACTIVE: i32 = 1;
export const F_TIP: i32 = 2;
export const F_NONCONVEX: i32 = 4;

/** Everything one skeleton computation keeps between events. */
export class Wavefront {
  // ── lines (one per kept outline edge, internal counter-clockwise numbering) ──
  lDx: StaticArray<f64> = new StaticArray<f64>(0);
  lDy: StaticArray<f64> = new StaticArray<f64>(0);
  lC: StaticArray<f64> = new StaticArray<f64>(0);
  /** The outline edge on the line: its start and end as positions along the line's direction. */
  lS0: StaticArray<f64> = new StaticArray<f64>(0);
  lS1: StaticArray<f64> = new StaticArray<f64>(0);
  /** Head of the list of vertices whose outgoing edge lies on the line (linked by vLineNext). */
  lHead: StaticArray<i32> = new StaticArray<i32>(0);
  /** Active vertices whose outgoing edge lies on the line: 0 means the line left the wavefront. */
  lLive: StaticArray<i32> = new StaticArray<i32>(0);

  // ── wavefront vertices ──
  vX: StaticArray<f64> = new StaticArray<f64>(0);
  vY: StaticArray<f64> = new StaticArray<f64>(0);
  vT: StaticArray<f64> = new StaticArray<f64>(0);
  vVx: StaticArray<f64> = new StaticArray<f64>(0);
  vVy: StaticArray<f64> = new StaticArray<f64>(0);
  vIn: StaticArray<i32> = new StaticArray<i32>(0);
  vOut: StaticArray<i32> = new StaticArray<i32>(0);
  vPrev: StaticArray<i32> = new StaticArray<i32>(0);
  vNext: StaticArray<i32> = new StaticArray<i32>(0);
  vNode: StaticArray<i32> = new StaticArray<i32>(0);
  vFlag: StaticArray<i32> = new StaticArray<i32>(0);
  vLineNext: StaticArray<i32> = new StaticArray<i32>(0);
  vCandStart: StaticArray<i32> = new StaticArray<i32>(0);
  vCandEnd: StaticArray<i32> = new StaticArray<i32>(0);
  vCandCur: StaticArray<i32> = new StaticArray<i32>(0);
  nActive: i32 = 0;
  /** Number of wavefront vertices created (the arrays above hold more room). */
  nV: i32 = 0;

  // ── split candidates (pool) ──
  cT: StaticArray<f64> = new StaticArray<f64>(0);
  cE: StaticArray<i32> = new StaticArray<i32>(0);
  nC: i32 = 0;

  // ── skeleton nodes and arcs (node ids: outline vertices first, input numbering) ──
  nX: Array<f64> = new Array<f64>(0);
  nY: Array<f64> = new Array<f64>(0);
  nT: Array<f64> = new Array<f64>(0);
  arcA: Array<i32> = new Array<i32>(0);
  arcB: Array<i32> = new Array<i32>(0);

  // ── events ──
  queue: EventQueue = new EventQueue();
  tips: Array<i32> = new Array<i32>(0);

  tol: f64 = 0;
  tMax: f64 = 0;
  bx0: f64 = 0;
  by0: f64 = 0;
  bx1: f64 = 0;
  by1: f64 = 0;
  failed: bool = false;

  // scratch for one event point
  mark: StaticArray<i32> = new StaticArray<i32>(0);
  stamp: i32 = 0;
  sList: Array<i32> = new Array<i32>(0);
  thru: Array<i32> = new Array<i32>(0);

  lMark: Array<i32> = new Array<i32>(0);
}

export const W = new Wavefront();


export function reset(): void {
  W.lDx = new StaticArray<f64>(0);
  W.lDy = new StaticArray<f64>(0);
  W.lC = new StaticArray<f64>(0);
  W.lS0 = new StaticArray<f64>(0);
  W.lS1 = new StaticArray<f64>(0);
  W.lHead = new StaticArray<i32>(0);
  W.lLive = new StaticArray<i32>(0);
  W.vX = new StaticArray<f64>(0);
  W.vY = new StaticArray<f64>(0);
  W.vT = new StaticArray<f64>(0);
  W.vVx = new StaticArray<f64>(0);
  W.vVy = new StaticArray<f64>(0);
  W.vIn = new StaticArray<i32>(0);
  W.vOut = new StaticArray<i32>(0);
  W.vPrev = new StaticArray<i32>(0);
  W.vNext = new StaticArray<i32>(0);
  W.vNode = new StaticArray<i32>(0);
  W.vFlag = new StaticArray<i32>(0);
  W.vLineNext = new StaticArray<i32>(0);
  W.vCandStart = new StaticArray<i32>(0);
  W.vCandEnd = new StaticArray<i32>(0);
  W.vCandCur = new StaticArray<i32>(0);
  W.nActive = 0;
  W.nV = 0;
  W.cT = new StaticArray<f64>(0);
  W.cE = new StaticArray<i32>(0);
  W.nC = 0;
  W.nX = new Array<f64>(0);
  W.nY = new Array<f64>(0);
  W.nT = new Array<f64>(0);
  W.arcA = new Array<i32>(0);
  W.arcB = new Array<i32>(0);
  W.queue = new EventQueue();
  W.tips = new Array<i32>(0);
  W.mark = new StaticArray<i32>(0);
  W.stamp = 0;
  W.sList = new Array<i32>(0);
  W.thru = new Array<i32>(0);
  W.lMark = new Array<i32>(0);
  W.failed = false;
}

// ── geometry of the wavefront ──

@inline export function px(v: i32, t: f64): f64 {
  return unchecked(W.vX[v]) + unchecked(W.vVx[v]) * (t - unchecked(W.vT[v]));
}
@inline export function py(v: i32, t: f64): f64 {
  return unchecked(W.vY[v]) + unchecked(W.vVy[v]) * (t - unchecked(W.vT[v]));
}
/**
 * Whether v is at (x, y) at time t: within tol of it at some time within tol of t (so that a fast
 * vertex arriving a rounding error later still counts).
 */
export function isAt(v: i32, x: f64, y: f64, t: f64): bool {
  let dx = px(v, t) - x;
  let dy = py(v, t) - y;
  if (Math.abs(dx) <= W.tol && Math.abs(dy) <= W.tol) return true;
  const vx = unchecked(W.vVx[v]);
  const vy = unchecked(W.vVy[v]);
  const s2 = vx * vx + vy * vy;
  if (s2 <= 1) return false;
  const tau = Math.min(W.tol, Math.max(-W.tol, -(dx * vx + dy * vy) / s2));
  dx += vx * tau;
  dy += vy * tau;
  return Math.abs(dx) <= W.tol && Math.abs(dy) <= W.tol;
}
@inline export function active(v: i32): bool {
  return (unchecked(W.vFlag[v]) & F_ACTIVE) != 0;
}
@inline export function isTip(v: i32): bool {
  return (unchecked(W.vFlag[v]) & F_TIP) != 0;
}

export function allocLines(k: i32): void {
  W.lDx = new StaticArray<f64>(k);
  W.lDy = new StaticArray<f64>(k);
  W.lC = new StaticArray<f64>(k);
  W.lS0 = new StaticArray<f64>(k);
  W.lS1 = new StaticArray<f64>(k);
  W.lHead = new StaticArray<i32>(k);
  W.lLive = new StaticArray<i32>(k);
}

export function setLine(e: i32, ax: f64, ay: f64, bx: f64, by: f64): void {
  const len = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
  const dx = (bx - ax) / len;
  const dy = (by - ay) / len;
  unchecked((W.lDx[e] = dx));
  unchecked((W.lDy[e] = dy));
  unchecked((W.lC[e] = -dy * ax + dx * ay));
  unchecked((W.lS0[e] = dx * ax + dy * ay));
  unchecked((W.lS1[e] = dx * bx + dy * by));
  unchecked((W.lHead[e] = -1));
  unchecked((W.lLive[e] = 0));
}

export function newNode(x: f64, y: f64, t: f64): i32 {
  W.nX.push(x);
  W.nY.push(y);
  W.nT.push(t);
  return W.nX.length - 1;
}

export function growF64(a: StaticArray<f64>, n: i32): StaticArray<f64> {
  const b = new StaticArray<f64>(n);
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>a.length << 3);
  return b;
}
export function growI32(a: StaticArray<i32>, n: i32): StaticArray<i32> {
  const b = new StaticArray<i32>(n);
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>a.length << 2);
  return b;
}

/** Doubles the room of the vertex arrays. */
export function growVertices(): void {
  const n = max(64, W.vX.length * 2);
  W.vX = growF64(W.vX, n);
  W.vY = growF64(W.vY, n);
  W.vT = growF64(W.vT, n);
  W.vVx = growF64(W.vVx, n);
  W.vVy = growF64(W.vVy, n);
  W.vIn = growI32(W.vIn, n);
  W.vOut = growI32(W.vOut, n);
  W.vPrev = growI32(W.vPrev, n);
  W.vNext = growI32(W.vNext, n);
  W.vNode = growI32(W.vNode, n);
  W.vFlag = growI32(W.vFlag, n);
  W.vLineNext = growI32(W.vLineNext, n);
  W.vCandStart = growI32(W.vCandStart, n);
  W.vCandEnd = growI32(W.vCandEnd, n);
  W.vCandCur = growI32(W.vCandCur, n);
  W.mark = growI32(W.mark, n);
}

/** Adds a split candidate to the pool; returns its index. */
export function addCandidate(t: f64, e: i32): i32 {
  if (W.nC == W.cT.length) {
    const n = max(256, W.cT.length * 2);
    W.cT = growF64(W.cT, n);
    W.cE = growI32(W.cE, n);
  }
  unchecked((W.cT[W.nC] = t));
  unchecked((W.cE[W.nC] = e));
  return W.nC++;
}

export function newVertex(x: f64, y: f64, t: f64, inE: i32, outE: i32, node: i32, tip: bool): i32 {
  const ax = unchecked(W.lDx[inE]);
  const ay = unchecked(W.lDy[inE]);
  const bx = unchecked(W.lDx[outE]);
  const by = unchecked(W.lDy[outE]);
  let vx: f64 = 0;
  let vy: f64 = 0;
  let flag = F_ACTIVE;
  if (tip) {
    flag |= F_TIP;
  } else {
    // Inward normals na = (-ay, ax), nb = (-by, bx); v·na = v·nb = 1 ⇒ v = (na + nb) / (1 + na·nb).
    const k = 1 + ax * bx + ay * by;
    vx = (-ay - by) / k;
    vy = (ax + bx) / k;
    if (ax * by - ay * bx <= ANG_TOL) flag |= F_NONCONVEX;
  }
  if (W.nV == W.vX.length) growVertices();
  const v = W.nV++;
  unchecked((W.vX[v] = x));
  unchecked((W.vY[v] = y));
  unchecked((W.vT[v] = t));
  unchecked((W.vVx[v] = vx));
  unchecked((W.vVy[v] = vy));
  unchecked((W.vIn[v] = inE));
  unchecked((W.vOut[v] = outE));
  unchecked((W.vPrev[v] = -1));
  unchecked((W.vNext[v] = -1));
  unchecked((W.vNode[v] = node));
  unchecked((W.vFlag[v] = flag));
  unchecked((W.vLineNext[v] = W.lHead[outE]));
  unchecked((W.lHead[outE] = v));
  unchecked((W.lLive[outE] = W.lLive[outE] + 1));
  unchecked((W.vCandStart[v] = 0));
  unchecked((W.vCandEnd[v] = 0));
  unchecked((W.vCandCur[v] = -1));
  unchecked((W.mark[v] = 0));
  W.nActive++;
  if (tip) W.tips.push(v);
  return v;
}

export function deactivate(v: i32): void {
  unchecked((W.vFlag[v] = W.vFlag[v] & ~F_ACTIVE));
  const e = unchecked(W.vOut[v]);
  unchecked((W.lLive[e] = W.lLive[e] - 1));
  W.nActive--;
}
