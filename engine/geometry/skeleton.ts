// Straight skeleton of a simple polygon: the wavefront (SLAV) method of Felkel & Obdržálek (1998),
// "Straight Skeleton Implementation", with the known corrections, and the generalised event handling
// of Eppstein & Erickson (1999) for simultaneous events.
//
// The outline's edges move inward at unit speed; the wavefront is a set of circular lists of active
// vertices (LAV), each vertex the meeting point of two edge lines and moving along their bisector.
// Events come from a binary heap with lazy invalidation:
//   - edge events: a wavefront edge shrinks to a point;
//   - split candidates: a reflex (or straight) vertex reaches an edge line. Each such vertex keeps its
//     candidates against every live line; only the earliest not yet tried is in the heap, and when it
//     is popped the current wavefront is searched for the segments of that line at the point (the
//     correct opposite edge segment: a line may have been split into several segments by then).
// All events within the time tolerance are popped together and grouped by point. At a point p, time
// t, everything the wavefront has there is resolved at once: maximal runs of consecutive vertices at p
// (their edges vanish), vertices of other segments ending at p, segments passing through p. Each of
// these is a chain entering p along one edge line and leaving it along another; the chain ends are
// sorted by angle around p (ties: leaving before entering, their order just before t) and each leaving
// end is paired with the next entering end counter-clockwise, which gives the new vertices. A pair at
// the same angle is the tip of a zero-width sliver that collapsed at t: once the time moves on, each
// wavefront loop of zero area becomes skeleton arcs. Consecutive collinear (and repeated) outline
// vertices are removed first; their edges share one face.
//
// Output (engine/abi.ts, section skeleton), canonical so that every implementation gives identical
// arrays (src/engine/reference/skeleton.ts is a brute-force TypeScript reference):
//   nodes: the outline vertices in input order (t 0), then the skeleton nodes sorted by t, ties (closer
//          than 1e-9 × the outline's size) by x, then by y; skeleton nodes closer than that are one;
//   arcs:  (a, b) with a < b, sorted by a then b; no outline edges, no duplicates;
//   faces: per input edge i, the ring of the face swept by it, counter-clockwise, starting with the
//          edge's outline vertices in counter-clockwise order (i, i+1 for a counter-clockwise outline;
//          i+1, i for a clockwise one), then the skeleton nodes. Collinear consecutive edges share one
//          face: it is reported at the first edge of the run in input order (with all the run's
//          outline vertices), the other edges of the run get an empty ring (count 0).
import { Status } from '../abi';
import { getInputF64, getInputI32, setOutputF64, setOutputI32 } from '../buffers';
import { finishSkeleton, keptVertices, SkeletonResult } from './skeleton-output';
import { EV_EDGE, EV_SPLIT, EventQueue } from './skeleton-queue';

export { SkeletonResult };

/** Positions closer than this × the outline's size are one point. */
const REL_TOL: f64 = 1e-9;
/** Directions closer than this [rad] are parallel. */
const ANG_TOL: f64 = 1e-9;

const F_ACTIVE: i32 = 1;
const F_TIP: i32 = 2;
const F_NONCONVEX: i32 = 4;

// ── lines (one per kept outline edge, internal counter-clockwise numbering) ──
let lDx = new StaticArray<f64>(0);
let lDy = new StaticArray<f64>(0);
let lC = new StaticArray<f64>(0);
/** The outline edge on the line: its start and end as positions along the line's direction. */
let lS0 = new StaticArray<f64>(0);
let lS1 = new StaticArray<f64>(0);
/** Head of the list of vertices whose outgoing edge lies on the line (linked by vLineNext). */
let lHead = new StaticArray<i32>(0);
/** Active vertices whose outgoing edge lies on the line: 0 means the line left the wavefront. */
let lLive = new StaticArray<i32>(0);

// ── wavefront vertices ──
let vX = new StaticArray<f64>(0);
let vY = new StaticArray<f64>(0);
let vT = new StaticArray<f64>(0);
let vVx = new StaticArray<f64>(0);
let vVy = new StaticArray<f64>(0);
let vIn = new StaticArray<i32>(0);
let vOut = new StaticArray<i32>(0);
let vPrev = new StaticArray<i32>(0);
let vNext = new StaticArray<i32>(0);
let vNode = new StaticArray<i32>(0);
let vFlag = new StaticArray<i32>(0);
let vLineNext = new StaticArray<i32>(0);
let vCandStart = new StaticArray<i32>(0);
let vCandEnd = new StaticArray<i32>(0);
let vCandCur = new StaticArray<i32>(0);
let nActive: i32 = 0;
/** Number of wavefront vertices created (the arrays above hold more room). */
let nV: i32 = 0;

// ── split candidates (pool) ──
let cT = new StaticArray<f64>(0);
let cE = new StaticArray<i32>(0);
let nC: i32 = 0;

// ── skeleton nodes and arcs (node ids: outline vertices first, input numbering) ──
let nX = new Array<f64>(0);
let nY = new Array<f64>(0);
let nT = new Array<f64>(0);
let arcA = new Array<i32>(0);
let arcB = new Array<i32>(0);

// ── events ──
let queue = new EventQueue();
let tips = new Array<i32>(0);

let tol: f64 = 0;
let tMax: f64 = 0;
let bx0: f64 = 0;
let by0: f64 = 0;
let bx1: f64 = 0;
let by1: f64 = 0;
let failed = false;

// scratch for one event point
let mark = new StaticArray<i32>(0);
let stamp: i32 = 0;
let sList = new Array<i32>(0);
let thru = new Array<i32>(0);

function reset(): void {
  lDx = new StaticArray<f64>(0);
  lDy = new StaticArray<f64>(0);
  lC = new StaticArray<f64>(0);
  lS0 = new StaticArray<f64>(0);
  lS1 = new StaticArray<f64>(0);
  lHead = new StaticArray<i32>(0);
  lLive = new StaticArray<i32>(0);
  vX = new StaticArray<f64>(0);
  vY = new StaticArray<f64>(0);
  vT = new StaticArray<f64>(0);
  vVx = new StaticArray<f64>(0);
  vVy = new StaticArray<f64>(0);
  vIn = new StaticArray<i32>(0);
  vOut = new StaticArray<i32>(0);
  vPrev = new StaticArray<i32>(0);
  vNext = new StaticArray<i32>(0);
  vNode = new StaticArray<i32>(0);
  vFlag = new StaticArray<i32>(0);
  vLineNext = new StaticArray<i32>(0);
  vCandStart = new StaticArray<i32>(0);
  vCandEnd = new StaticArray<i32>(0);
  vCandCur = new StaticArray<i32>(0);
  nActive = 0;
  nV = 0;
  cT = new StaticArray<f64>(0);
  cE = new StaticArray<i32>(0);
  nC = 0;
  nX = new Array<f64>(0);
  nY = new Array<f64>(0);
  nT = new Array<f64>(0);
  arcA = new Array<i32>(0);
  arcB = new Array<i32>(0);
  queue = new EventQueue();
  tips = new Array<i32>(0);
  mark = new StaticArray<i32>(0);
  stamp = 0;
  sList = new Array<i32>(0);
  thru = new Array<i32>(0);
  lMark = new Array<i32>(0);
  failed = false;
}

// ── geometry of the wavefront ──

@inline function px(v: i32, t: f64): f64 {
  return unchecked(vX[v]) + unchecked(vVx[v]) * (t - unchecked(vT[v]));
}
@inline function py(v: i32, t: f64): f64 {
  return unchecked(vY[v]) + unchecked(vVy[v]) * (t - unchecked(vT[v]));
}
/**
 * Whether v is at (x, y) at time t: within tol of it at some time within tol of t (so that a fast
 * vertex arriving a rounding error later still counts).
 */
function isAt(v: i32, x: f64, y: f64, t: f64): bool {
  let dx = px(v, t) - x;
  let dy = py(v, t) - y;
  if (Math.abs(dx) <= tol && Math.abs(dy) <= tol) return true;
  const vx = unchecked(vVx[v]);
  const vy = unchecked(vVy[v]);
  const s2 = vx * vx + vy * vy;
  if (s2 <= 1) return false;
  const tau = Math.min(tol, Math.max(-tol, -(dx * vx + dy * vy) / s2));
  dx += vx * tau;
  dy += vy * tau;
  return Math.abs(dx) <= tol && Math.abs(dy) <= tol;
}
@inline function active(v: i32): bool {
  return (unchecked(vFlag[v]) & F_ACTIVE) != 0;
}
@inline function isTip(v: i32): bool {
  return (unchecked(vFlag[v]) & F_TIP) != 0;
}

function allocLines(k: i32): void {
  lDx = new StaticArray<f64>(k);
  lDy = new StaticArray<f64>(k);
  lC = new StaticArray<f64>(k);
  lS0 = new StaticArray<f64>(k);
  lS1 = new StaticArray<f64>(k);
  lHead = new StaticArray<i32>(k);
  lLive = new StaticArray<i32>(k);
}

function setLine(e: i32, ax: f64, ay: f64, bx: f64, by: f64): void {
  const len = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
  const dx = (bx - ax) / len;
  const dy = (by - ay) / len;
  unchecked((lDx[e] = dx));
  unchecked((lDy[e] = dy));
  unchecked((lC[e] = -dy * ax + dx * ay));
  unchecked((lS0[e] = dx * ax + dy * ay));
  unchecked((lS1[e] = dx * bx + dy * by));
  unchecked((lHead[e] = -1));
  unchecked((lLive[e] = 0));
}

function newNode(x: f64, y: f64, t: f64): i32 {
  nX.push(x);
  nY.push(y);
  nT.push(t);
  return nX.length - 1;
}

function growF64(a: StaticArray<f64>, n: i32): StaticArray<f64> {
  const b = new StaticArray<f64>(n);
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>a.length << 3);
  return b;
}
function growI32(a: StaticArray<i32>, n: i32): StaticArray<i32> {
  const b = new StaticArray<i32>(n);
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>a.length << 2);
  return b;
}

/** Doubles the room of the vertex arrays. */
function growVertices(): void {
  const n = max(64, vX.length * 2);
  vX = growF64(vX, n);
  vY = growF64(vY, n);
  vT = growF64(vT, n);
  vVx = growF64(vVx, n);
  vVy = growF64(vVy, n);
  vIn = growI32(vIn, n);
  vOut = growI32(vOut, n);
  vPrev = growI32(vPrev, n);
  vNext = growI32(vNext, n);
  vNode = growI32(vNode, n);
  vFlag = growI32(vFlag, n);
  vLineNext = growI32(vLineNext, n);
  vCandStart = growI32(vCandStart, n);
  vCandEnd = growI32(vCandEnd, n);
  vCandCur = growI32(vCandCur, n);
  mark = growI32(mark, n);
}

/** Adds a split candidate to the pool; returns its index. */
function addCandidate(t: f64, e: i32): i32 {
  if (nC == cT.length) {
    const n = max(256, cT.length * 2);
    cT = growF64(cT, n);
    cE = growI32(cE, n);
  }
  unchecked((cT[nC] = t));
  unchecked((cE[nC] = e));
  return nC++;
}

function newVertex(x: f64, y: f64, t: f64, inE: i32, outE: i32, node: i32, tip: bool): i32 {
  const ax = unchecked(lDx[inE]);
  const ay = unchecked(lDy[inE]);
  const bx = unchecked(lDx[outE]);
  const by = unchecked(lDy[outE]);
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
  if (nV == vX.length) growVertices();
  const v = nV++;
  unchecked((vX[v] = x));
  unchecked((vY[v] = y));
  unchecked((vT[v] = t));
  unchecked((vVx[v] = vx));
  unchecked((vVy[v] = vy));
  unchecked((vIn[v] = inE));
  unchecked((vOut[v] = outE));
  unchecked((vPrev[v] = -1));
  unchecked((vNext[v] = -1));
  unchecked((vNode[v] = node));
  unchecked((vFlag[v] = flag));
  unchecked((vLineNext[v] = lHead[outE]));
  unchecked((lHead[outE] = v));
  unchecked((lLive[outE] = lLive[outE] + 1));
  unchecked((vCandStart[v] = 0));
  unchecked((vCandEnd[v] = 0));
  unchecked((vCandCur[v] = -1));
  unchecked((mark[v] = 0));
  nActive++;
  if (tip) tips.push(v);
  return v;
}

function deactivate(v: i32): void {
  unchecked((vFlag[v] = vFlag[v] & ~F_ACTIVE));
  const e = unchecked(vOut[v]);
  unchecked((lLive[e] = lLive[e] - 1));
  nActive--;
}

/** Pushes the edge event of the wavefront edge u → w, if it ever shrinks to a point. */
function edgeEvent(u: i32, w: i32): void {
  if (isTip(u) || isTip(w)) return;
  const e = unchecked(vOut[u]);
  const ex = unchecked(lDx[e]);
  const ey = unchecked(lDy[e]);
  const T = Math.max(unchecked(vT[u]), unchecked(vT[w]));
  const len = (px(w, T) - px(u, T)) * ex + (py(w, T) - py(u, T)) * ey;
  const rate = (unchecked(vVx[w]) - unchecked(vVx[u])) * ex + (unchecked(vVy[w]) - unchecked(vVy[u])) * ey;
  if (rate < 0) queue.push(T + Math.max(len, 0) / -rate, EV_EDGE, u, w);
}

/**
 * Collects the split candidates of a reflex or straight vertex (one per line it will reach) and
 * queues the earliest.
 * Candidates that can never happen are not kept. A vertex alive at time t at point q has
 * t ≤ dist(q, outline) (the wavefront time at a point never exceeds its distance to the outline), so
 * it is gone by the time it reaches the offset line of an outline edge at a point whose projection
 * lies on that edge: the earliest such time bounds every useful candidate. Also, nothing happens after tMax (half the bounding box's smaller side) or
 * outside the bounding box.
 */
function splitCandidates(v: i32): void {
  const start = nC;
  const t0 = unchecked(vT[v]);
  const x0 = unchecked(vX[v]);
  const y0 = unchecked(vY[v]);
  const vx = unchecked(vVx[v]);
  const vy = unchecked(vVy[v]);
  const a = unchecked(vIn[v]);
  const b = unchecked(vOut[v]);
  const nl = lDx.length;
  // the time v reaches each line ahead of it, keeping those within the bound found so far
  let bound = tMax;
  for (let e = 0; e < nl; e++) {
    if (e == a || e == b) continue;
    const ex = unchecked(lDx[e]);
    const ey = unchecked(lDy[e]);
    const rate = ey * vx - ex * vy + 1;
    if (rate <= 0) continue;
    const dist = -ey * x0 + ex * y0 - unchecked(lC[e]) - t0;
    // dist / rate > bound + tol − t0: too late (no division needed to know)
    if (dist < -tol || dist > (bound + tol - t0) * rate) continue;
    const t = t0 + Math.max(dist, 0) / rate;
    const hx = x0 + vx * (t - t0);
    const hy = y0 + vy * (t - t0);
    if (unchecked(lLive[e]) != 0 && hx >= bx0 && hx <= bx1 && hy >= by0 && hy <= by1) addCandidate(t, e);
    // only edges clearly ahead bound the vertex's life (rounding must not end it at birth)
    if (dist <= tol || rate <= 1e-9 || t >= bound) continue;
    const along = ex * hx + ey * hy;
    if (along >= unchecked(lS0[e]) - tol && along <= unchecked(lS1[e]) + tol) bound = t;
  }
  // drop those beyond the final bound; queue the earliest
  let end = start;
  let best = -1;
  let bestT = Infinity;
  for (let c = start; c < nC; c++) {
    const t = unchecked(cT[c]);
    if (t > bound + tol) continue;
    unchecked((cT[end] = t));
    unchecked((cE[end] = cE[c]));
    if (t < bestT) {
      bestT = t;
      best = end;
    }
    end++;
  }
  nC = end;
  unchecked((vCandStart[v] = start));
  unchecked((vCandEnd[v] = end));
  unchecked((vCandCur[v] = best));
  if (best >= 0) queue.push(bestT, EV_SPLIT, v, best);
}

/**
 * Queues the earliest split candidate of v later than time t (the lines v reaches at t have all been
 * searched at the event point, and nothing happened there).
 */
function advanceCandidate(v: i32, t: f64): void {
  const end = unchecked(vCandEnd[v]);
  const after = t + tol;
  let best = -1;
  let bestT = Infinity;
  for (let c = unchecked(vCandStart[v]); c < end; c++) {
    const tc = unchecked(cT[c]);
    if (tc > after && tc < bestT) {
      bestT = tc;
      best = c;
    }
  }
  unchecked((vCandCur[v] = best));
  if (best >= 0) queue.push(bestT, EV_SPLIT, v, best);
}

function queueVertex(v: i32): void {
  edgeEvent(unchecked(vPrev[v]), v);
  edgeEvent(v, unchecked(vNext[v]));
  if ((unchecked(vFlag[v]) & F_NONCONVEX) != 0) splitCandidates(v);
}

// ── resolving everything at one point ──

@inline function marked(v: i32): bool {
  return unchecked(mark[v]) == stamp;
}
function addHere(v: i32): void {
  if (!marked(v)) {
    unchecked((mark[v] = stamp));
    sList.push(v);
  }
}

// chains through the point
let chIn = new Array<i32>(0);
let chOut = new Array<i32>(0);
let chBefore = new Array<i32>(0);
let chAfter = new Array<i32>(0);
// chain ends around the point
let endAng = new Array<f64>(0);
let endOut = new Array<i32>(0);
let endChain = new Array<i32>(0);
let endCluster = new Array<i32>(0);
let order = new Array<i32>(0);

/** Adds the two ends of every chain and sorts them around the point (see the file header). */
function sortEnds(): void {
  const nc = chIn.length;
  endAng.length = 0;
  endOut.length = 0;
  endChain.length = 0;
  for (let k = 0; k < nc; k++) {
    const o = unchecked(chOut[k]);
    const i = unchecked(chIn[k]);
    endAng.push(Math.atan2(unchecked(lDy[o]), unchecked(lDx[o])));
    endOut.push(1);
    endChain.push(k);
    endAng.push(Math.atan2(-unchecked(lDy[i]), -unchecked(lDx[i])));
    endOut.push(0);
    endChain.push(k);
  }
  const m = endAng.length;
  // insertion sort of end indices by angle
  const idx = new Array<i32>(m);
  for (let k = 0; k < m; k++) unchecked((idx[k] = k));
  for (let k = 1; k < m; k++) {
    const e = unchecked(idx[k]);
    const a = unchecked(endAng[e]);
    let j = k - 1;
    while (j >= 0 && unchecked(endAng[idx[j]]) > a) {
      unchecked((idx[j + 1] = idx[j]));
      j--;
    }
    unchecked((idx[j + 1] = e));
  }
  // start after the widest gap so that no cluster straddles ±π
  let start = 0;
  let widest: f64 = -1;
  for (let k = 0; k < m; k++) {
    const nextA = k + 1 < m ? unchecked(endAng[idx[k + 1]]) : unchecked(endAng[idx[0]]) + 2 * Math.PI;
    const gap = nextA - unchecked(endAng[idx[k]]);
    if (gap > widest) {
      widest = gap;
      start = (k + 1) % m;
    }
  }
  order.length = 0;
  endCluster.length = m;
  let k = 0;
  let cluster = 0;
  while (k < m) {
    let j = k + 1;
    while (j < m) {
      let d = unchecked(endAng[idx[(start + j) % m]]) - unchecked(endAng[idx[(start + j - 1) % m]]);
      if (d < 0) d += 2 * Math.PI;
      if (d > ANG_TOL) break;
      j++;
    }
    for (let q = k; q < j; q++) {
      const e = unchecked(idx[(start + q) % m]);
      if (unchecked(endOut[e]) == 1) order.push(e);
    }
    for (let q = k; q < j; q++) {
      const e = unchecked(idx[(start + q) % m]);
      if (unchecked(endOut[e]) == 0) order.push(e);
    }
    for (let q = k; q < j; q++) unchecked((endCluster[idx[(start + q) % m]] = cluster));
    cluster++;
    k = j;
  }
}

let pairIn = new Array<i32>(0);
let pairOut = new Array<i32>(0);
let pairTip = new Array<i32>(0);
let usedIn = new Array<i32>(0);
let runStart = new Array<i32>(0);
let runLen = new Array<i32>(0);

/**
 * Resolves what the wavefront has at (x, y) at time t: the vertices in sList (already marked) and the
 * segments in thru. Returns false when nothing happens there.
 */
function resolve(x: f64, y: f64, t: f64): bool {
  chIn.length = 0;
  chOut.length = 0;
  chBefore.length = 0;
  chAfter.length = 0;
  runStart.length = 0;
  runLen.length = 0;
  let vanished = false;
  let longRun = false;
  const visit = stamp + 1; // second stamp: visited
  for (let k = 0; k < sList.length; k++) {
    const v = unchecked(sList[k]);
    if (unchecked(mark[v]) == visit) continue;
    let a = v;
    let loop = false;
    const most = sList.length;
    let steps = 0;
    while ((marked(unchecked(vPrev[a])) || unchecked(mark[vPrev[a]]) == visit) && steps++ <= most) {
      a = unchecked(vPrev[a]);
      if (a == v) {
        loop = true;
        break;
      }
    }
    let b = a;
    let len = 0;
    let last = a;
    do {
      unchecked((mark[b] = visit));
      last = b;
      len++;
      b = unchecked(vNext[b]);
    } while ((marked(b) || unchecked(mark[b]) == visit) && b != a && len <= most);
    if (len > most) failed = true;
    runStart.push(a);
    runLen.push(len);
    if (len > 1) longRun = true;
    if (loop) {
      vanished = true;
    } else {
      chIn.push(unchecked(vIn[a]));
      chOut.push(unchecked(vOut[last]));
      chBefore.push(unchecked(vPrev[a]));
      chAfter.push(b);
    }
  }
  for (let k = 0; k < thru.length; k++) {
    const u = unchecked(thru[k]);
    const e = unchecked(vOut[u]);
    chIn.push(e);
    chOut.push(e);
    chBefore.push(u);
    chAfter.push(unchecked(vNext[u]));
  }
  sortEnds();
  const m = order.length;
  pairIn.length = 0;
  pairOut.length = 0;
  pairTip.length = 0;
  usedIn.length = m;
  for (let k = 0; k < m; k++) unchecked((usedIn[k] = 0));
  let same = true;
  for (let k = 0; k < m; k++) {
    const o = unchecked(order[k]);
    if (unchecked(endOut[o]) == 0) continue;
    let j = (k + 1) % m;
    if (unchecked(endOut[order[j]]) == 1) {
      failed = true;
      let guard = 0;
      while ((unchecked(endOut[order[j]]) == 1 || unchecked(usedIn[j]) == 1) && guard++ < m) j = (j + 1) % m;
    }
    unchecked((usedIn[j] = 1));
    const i = unchecked(order[j]);
    const ci = unchecked(endChain[i]);
    const co = unchecked(endChain[o]);
    pairIn.push(ci);
    pairOut.push(co);
    pairTip.push(unchecked(endCluster[i]) == unchecked(endCluster[o]) ? 1 : 0);
    if (ci != co) same = false;
  }
  if (!vanished && thru.length == 0 && !longRun && same) return false;

  const node = newNode(x, y, t);
  for (let r = 0; r < runStart.length; r++) {
    let v = unchecked(runStart[r]);
    for (let q = 0; q < unchecked(runLen[r]); q++) {
      deactivate(v);
      arcA.push(unchecked(vNode[v]));
      arcB.push(node);
      v = unchecked(vNext[v]);
    }
  }
  const first = nV;
  const np = pairIn.length;
  for (let k = 0; k < np; k++) {
    const ci = unchecked(pairIn[k]);
    const co = unchecked(pairOut[k]);
    const w = newVertex(x, y, t, unchecked(chIn[ci]), unchecked(chOut[co]), node, unchecked(pairTip[k]) == 1);
    const before = unchecked(chBefore[ci]);
    const after = unchecked(chAfter[co]);
    unchecked((vPrev[w] = before));
    unchecked((vNext[before] = w));
    unchecked((vNext[w] = after));
    unchecked((vPrev[after] = w));
  }
  for (let w = first; w < nV; w++) queueVertex(w);
  return true;
}

let lMark = new Array<i32>(0);

/**
 * Completes what is at (x, y) at time t: whole runs of consecutive vertices, and every line that a
 * reflex or straight vertex there reaches at this very time (other segments ending at or passing
 * through the point).
 */
function expandAt(x: f64, y: f64, t: f64): void {
  if (lMark.length != lDx.length) {
    lMark = new Array<i32>(lDx.length);
    for (let e = 0; e < lDx.length; e++) unchecked((lMark[e] = 0));
  }
  for (let k = 0; k < sList.length; k++) {
    const v = unchecked(sList[k]);
    const p = unchecked(vPrev[v]);
    const q = unchecked(vNext[v]);
    if (!marked(p) && isAt(p, x, y, t)) addHere(p);
    if (!marked(q) && isAt(q, x, y, t)) addHere(q);
    if ((unchecked(vFlag[v]) & F_NONCONVEX) == 0) continue;
    const end = unchecked(vCandEnd[v]);
    for (let c = unchecked(vCandStart[v]); c < end; c++) {
      if (Math.abs(unchecked(cT[c]) - t) > tol) continue;
      const e = unchecked(cE[c]);
      if (unchecked(lMark[e]) == stamp || unchecked(lLive[e]) == 0) continue;
      unchecked((lMark[e] = stamp));
      searchLine(e, x, y, t);
    }
  }
}

/** Looks for the segments of line e at (x, y) at time t: their end vertices or the segment itself. */
function searchLine(e: i32, x: f64, y: f64, t: f64): void {
  const ex = unchecked(lDx[e]);
  const ey = unchecked(lDy[e]);
  let prevL = -1;
  let u = unchecked(lHead[e]);
  while (u >= 0) {
    const nextL = unchecked(vLineNext[u]);
    if (!active(u)) {
      // unlink vertices that left the wavefront
      if (prevL < 0) unchecked((lHead[e] = nextL));
      else unchecked((vLineNext[prevL] = nextL));
      u = nextL;
      continue;
    }
    const w = unchecked(vNext[u]);
    const ax = px(u, t);
    const ay = py(u, t);
    const along = (x - ax) * ex + (y - ay) * ey;
    const len = (px(w, t) - ax) * ex + (py(w, t) - ay) * ey;
    const off = Math.abs((x - ax) * ey - (y - ay) * ex);
    // quick rejection: isAt allows tol in space and in time (a vertex moves |v|·tol in time tol)
    const mu = tol * (1 + Math.abs(unchecked(vVx[u])) + Math.abs(unchecked(vVy[u])));
    const mw = tol * (1 + Math.abs(unchecked(vVx[w])) + Math.abs(unchecked(vVy[w])));
    if (off > 3 * tol || along < -mu || along > len + mw) {
      // the point is not on this segment
    } else if (isAt(u, x, y, t)) {
      addHere(u);
    } else if (isAt(w, x, y, t)) {
      addHere(w);
    } else {
      if (off <= tol && along > 0 && along < len) {
        let dup = false;
        for (let k = 0; k < thru.length; k++) if (unchecked(thru[k]) == u) dup = true;
        if (!dup) thru.push(u);
      }
    }
    prevL = u;
    u = nextL;
  }
}

// batch of events popped together
let bEv = new Array<i32>(0);
let bX = new Array<f64>(0);
let bY = new Array<f64>(0);
let bIdx = new Array<i32>(0);
let bGroup = new Array<i32>(0);
let bNextInGroup = new Array<i32>(0);
let bHead = new Array<i32>(0);

/** Heapsort of bIdx[0, m) by bX. */
function sortByX(m: i32): void {
  for (let k = (m >> 1) - 1; k >= 0; k--) siftX(k, m);
  for (let n = m - 1; n > 0; n--) {
    const tmp = unchecked(bIdx[0]);
    unchecked((bIdx[0] = bIdx[n]));
    unchecked((bIdx[n] = tmp));
    siftX(0, n);
  }
}
function siftX(k: i32, n: i32): void {
  while (true) {
    let c = 2 * k + 1;
    if (c >= n) return;
    if (c + 1 < n && unchecked(bX[bIdx[c + 1]]) > unchecked(bX[bIdx[c]])) c++;
    if (unchecked(bX[bIdx[c]]) <= unchecked(bX[bIdx[k]])) return;
    const tmp = unchecked(bIdx[k]);
    unchecked((bIdx[k] = bIdx[c]));
    unchecked((bIdx[c] = tmp));
    k = c;
  }
}

function groupOf(k: i32): i32 {
  while (unchecked(bGroup[k]) != k) {
    unchecked((bGroup[k] = bGroup[bGroup[k]]));
    k = unchecked(bGroup[k]);
  }
  return k;
}

/** Pops every event within the time tolerance of the earliest, groups them by point and resolves. */
function processBatch(): void {
  const eT = queue.t;
  const eKind = queue.kind;
  const eA = queue.a;
  const eB = queue.b;
  const t0 = queue.topTime();
  bEv.length = 0;
  bX.length = 0;
  bY.length = 0;
  while (queue.size > 0 && queue.topTime() <= t0 + tol) {
    const id = queue.pop();
    const a = unchecked(eA[id]);
    const b = unchecked(eB[id]);
    const t = unchecked(eT[id]);
    if (unchecked(eKind[id]) == EV_EDGE) {
      if (!active(a) || !active(b) || unchecked(vNext[a]) != b) continue;
      bEv.push(id);
      bX.push(0.5 * (px(a, t) + px(b, t)));
      bY.push(0.5 * (py(a, t) + py(b, t)));
    } else {
      if (!active(a) || unchecked(vCandCur[a]) != b) continue;
      bEv.push(id);
      bX.push(px(a, t));
      bY.push(py(a, t));
    }
  }
  const m = bEv.length;
  if (m == 0) return;
  // group points closer than tol: sort by x, sweep
  bIdx.length = m;
  bGroup.length = m;
  bNextInGroup.length = m;
  bHead.length = m;
  for (let k = 0; k < m; k++) {
    unchecked((bIdx[k] = k));
    unchecked((bGroup[k] = k));
    unchecked((bHead[k] = -1));
  }
  sortByX(m);
  for (let k = 1; k < m; k++) {
    const a = unchecked(bIdx[k]);
    for (let j = k - 1; j >= 0; j--) {
      const b = unchecked(bIdx[j]);
      if (unchecked(bX[a]) - unchecked(bX[b]) > tol) break;
      if (Math.abs(unchecked(bY[a]) - unchecked(bY[b])) <= tol) {
        const ga = groupOf(a);
        const gb = groupOf(b);
        if (ga != gb) unchecked((bGroup[max(ga, gb)] = min(ga, gb)));
      }
    }
  }
  for (let k = m - 1; k >= 0; k--) {
    const g = groupOf(k);
    unchecked((bNextInGroup[k] = bHead[g]));
    unchecked((bHead[g] = k));
  }
  for (let g = 0; g < m; g++) {
    if (unchecked(bGroup[g]) != g) continue;
    // the group's point and time: its earliest event
    let lead = g;
    for (let k = g; k >= 0; k = unchecked(bNextInGroup[k]))
      if (unchecked(eT[bEv[k]]) < unchecked(eT[bEv[lead]])) lead = k;
    const x = unchecked(bX[lead]);
    const y = unchecked(bY[lead]);
    const t = unchecked(eT[bEv[lead]]);
    stamp += 2;
    sList.length = 0;
    thru.length = 0;
    for (let k = g; k >= 0; k = unchecked(bNextInGroup[k])) {
      const id = unchecked(bEv[k]);
      const a = unchecked(eA[id]);
      if (unchecked(eKind[id]) == EV_EDGE) {
        const b = unchecked(eB[id]);
        if (active(a) && isAt(a, x, y, t)) addHere(a);
        if (active(b) && isAt(b, x, y, t)) addHere(b);
      } else if (active(a)) {
        if (isAt(a, x, y, t)) addHere(a);
        searchLine(unchecked(cE[eB[id]]), x, y, t);
      }
    }
    if (sList.length == 0 && thru.length == 0) continue;
    expandAt(x, y, t);
    resolve(x, y, t);
    // split candidates that did not happen: queue the vertex's next one
    for (let k = g; k >= 0; k = unchecked(bNextInGroup[k])) {
      const id = unchecked(bEv[k]);
      const a = unchecked(eA[id]);
      if (unchecked(eKind[id]) == EV_SPLIT && active(a) && unchecked(vCandCur[a]) == unchecked(eB[id]))
        advanceCandidate(a, t);
    }
  }
}

/** Turns every wavefront loop of zero area that holds a sliver tip into arcs. */
function collapseSlivers(T: f64): void {
  const nt = tips.length;
  for (let k = 0; k < nt; k++) {
    const tip = unchecked(tips[k]);
    if (!active(tip)) continue;
    let area: f64 = 0;
    let perim: f64 = 0;
    let v = tip;
    let count = 0;
    do {
      const w = unchecked(vNext[v]);
      const ax = px(v, T);
      const ay = py(v, T);
      const bx = px(w, T);
      const by = py(w, T);
      area += ax * by - ay * bx;
      perim += Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
      v = w;
      count++;
    } while (v != tip && count <= nV);
    if (v != tip || Math.abs(area) > tol * Math.max(perim, 1e-300)) continue;
    let firstId = -1;
    let prevId = -1;
    v = tip;
    do {
      const qx = px(v, T);
      const qy = py(v, T);
      let id = unchecked(vNode[v]);
      if (!(Math.abs(unchecked(nX[id]) - qx) <= tol && Math.abs(unchecked(nY[id]) - qy) <= tol)) {
        const nid = newNode(qx, qy, T);
        arcA.push(id);
        arcB.push(nid);
        id = nid;
      }
      deactivate(v);
      if (prevId >= 0 && prevId != id) {
        arcA.push(prevId);
        arcB.push(id);
      }
      if (firstId < 0) firstId = id;
      prevId = id;
      v = unchecked(vNext[v]);
    } while (v != tip);
    if (prevId != firstId) {
      arcA.push(prevId);
      arcB.push(firstId);
    }
  }
  tips.length = 0;
  for (let k = 0; k < nt; k++) if (active(unchecked(tips[k]))) failed = true;
}

/**
 * The straight skeleton of the outline xy (x, y per vertex, n vertices, either orientation), as the
 * skeleton kernel's output arrays (engine/abi.ts).
 */
export function computeSkeleton(xy: StaticArray<f64>, offset: i32, n: i32): SkeletonResult {
  reset();
  if (n < 3 || xy.length < offset + 2 * n) return new SkeletonResult(Status.BAD_INPUT, [], []);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let area2: f64 = 0;
  for (let i = 0; i < n; i++) {
    const x = unchecked(xy[offset + 2 * i]);
    const y = unchecked(xy[offset + 2 * i + 1]);
    if (!isFinite(x) || !isFinite(y)) return new SkeletonResult(Status.BAD_INPUT, [], []);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    area2 +=
      unchecked(xy[offset + 2 * i]) * unchecked(xy[offset + 2 * j + 1]) -
      unchecked(xy[offset + 2 * j]) * unchecked(xy[offset + 2 * i + 1]);
  }
  tol = REL_TOL * Math.max(maxX - minX, maxY - minY);
  if (!(tol > 0) || !(Math.abs(area2) > tol * tol)) return new SkeletonResult(Status.BAD_INPUT, [], []);
  tMax = 0.5 * Math.min(maxX - minX, maxY - minY) + tol;
  bx0 = minX - tol;
  by0 = minY - tol;
  bx1 = maxX + tol;
  by1 = maxY + tol;
  const ccwOrder = area2 > 0;
  const ccw = new Array<i32>(n);
  const X = new Array<f64>(n);
  const Y = new Array<f64>(n);
  for (let i = 0; i < n; i++) {
    unchecked((X[i] = xy[offset + 2 * i]));
    unchecked((Y[i] = xy[offset + 2 * i + 1]));
    unchecked((ccw[i] = ccwOrder ? i : n - 1 - i));
  }
  const kept = keptVertices(ccw, X, Y, tol, ANG_TOL);
  const K = kept.length;
  if (K < 3) return new SkeletonResult(Status.BAD_INPUT, [], []);
  for (let i = 0; i < n; i++) newNode(unchecked(X[i]), unchecked(Y[i]), 0);
  allocLines(K);
  for (let j = 0; j < K; j++) {
    const a = unchecked(ccw[kept[j]]);
    const b = unchecked(ccw[kept[(j + 1) % K]]);
    setLine(j, unchecked(X[a]), unchecked(Y[a]), unchecked(X[b]), unchecked(Y[b]));
  }
  for (let j = 0; j < K; j++) {
    const a = unchecked(ccw[kept[j]]);
    newVertex(unchecked(X[a]), unchecked(Y[a]), 0, (j + K - 1) % K, j, a, false);
  }
  for (let j = 0; j < K; j++) {
    unchecked((vNext[j] = (j + 1) % K));
    unchecked((vPrev[j] = (j + K - 1) % K));
  }
  for (let j = 0; j < K; j++) {
    edgeEvent(j, (j + 1) % K);
    if ((unchecked(vFlag[j]) & F_NONCONVEX) != 0) splitCandidates(j);
  }
  let curT: f64 = 0;
  let guard = 0;
  const cap = 200 * n + 10000;
  // a simple polygon's wavefront never holds more than a few vertices per outline vertex: beyond that
  // the input was not simple (self-intersecting), so stop rather than run away
  const maxVertices = 8 * n + 64;
  while (queue.size > 0 && guard++ < cap && nV <= maxVertices) {
    const t0 = queue.topTime();
    if (tips.length > 0 && t0 > curT + tol) collapseSlivers(curT);
    if (t0 > curT) curT = t0;
    processBatch();
  }
  if (tips.length > 0) collapseSlivers(curT);
  if (nActive > 0 || queue.size > 0) failed = true;
  return finishSkeleton(nX, nY, nT, arcA, arcB, n, ccw, kept, tol, failed ? Status.FAILED : Status.OK);
}

/** Kernel: straight skeleton (engine/abi.ts, section skeleton). */
export function skeleton(): i32 {
  const f = getInputF64();
  const i = getInputI32();
  if (i.length < 1) {
    setOutputF64([]);
    setOutputI32([]);
    return Status.BAD_INPUT;
  }
  const r = computeSkeleton(f, 0, unchecked(i[0]));
  setOutputF64(r.f64s);
  setOutputI32(r.i32s);
  return r.status;
}
