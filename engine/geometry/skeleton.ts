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
import { addHere, advanceCandidate, edgeEvent, expandAt, resolve, searchLine, splitCandidates } from './skeleton-events';
import { EV_EDGE, EV_SPLIT } from './skeleton-queue';
import { active, allocLines, ANG_TOL, deactivate, F_NONCONVEX, isAt, newNode, newVertex, px, py, REL_TOL, reset, setLine, W } from './skeleton-wavefront';

export { SkeletonResult };

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
  const eT = W.queue.t;
  const eKind = W.queue.kind;
  const eA = W.queue.a;
  const eB = W.queue.b;
  const t0 = W.queue.topTime();
  bEv.length = 0;
  bX.length = 0;
  bY.length = 0;
  while (W.queue.size > 0 && W.queue.topTime() <= t0 + W.tol) {
    const id = W.queue.pop();
    const a = unchecked(eA[id]);
    const b = unchecked(eB[id]);
    const t = unchecked(eT[id]);
    if (unchecked(eKind[id]) == EV_EDGE) {
      if (!active(a) || !active(b) || unchecked(W.vNext[a]) != b) continue;
      bEv.push(id);
      bX.push(0.5 * (px(a, t) + px(b, t)));
      bY.push(0.5 * (py(a, t) + py(b, t)));
    } else {
      if (!active(a) || unchecked(W.vCandCur[a]) != b) continue;
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
      if (unchecked(bX[a]) - unchecked(bX[b]) > W.tol) break;
      if (Math.abs(unchecked(bY[a]) - unchecked(bY[b])) <= W.tol) {
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
    W.stamp += 2;
    W.sList.length = 0;
    W.thru.length = 0;
    for (let k = g; k >= 0; k = unchecked(bNextInGroup[k])) {
      const id = unchecked(bEv[k]);
      const a = unchecked(eA[id]);
      if (unchecked(eKind[id]) == EV_EDGE) {
        const b = unchecked(eB[id]);
        if (active(a) && isAt(a, x, y, t)) addHere(a);
        if (active(b) && isAt(b, x, y, t)) addHere(b);
      } else if (active(a)) {
        if (isAt(a, x, y, t)) addHere(a);
        searchLine(unchecked(W.cE[eB[id]]), x, y, t);
      }
    }
    if (W.sList.length == 0 && W.thru.length == 0) continue;
    expandAt(x, y, t);
    resolve(x, y, t);
    // split candidates that did not happen: queue the vertex's next one
    for (let k = g; k >= 0; k = unchecked(bNextInGroup[k])) {
      const id = unchecked(bEv[k]);
      const a = unchecked(eA[id]);
      if (unchecked(eKind[id]) == EV_SPLIT && active(a) && unchecked(W.vCandCur[a]) == unchecked(eB[id]))
        advanceCandidate(a, t);
    }
  }
}

/** Turns every wavefront loop of zero area that holds a sliver tip into arcs. */
function collapseSlivers(T: f64): void {
  const nt = W.tips.length;
  for (let k = 0; k < nt; k++) {
    const tip = unchecked(W.tips[k]);
    if (!active(tip)) continue;
    let area: f64 = 0;
    let perim: f64 = 0;
    let v = tip;
    let count = 0;
    do {
      const w = unchecked(W.vNext[v]);
      const ax = px(v, T);
      const ay = py(v, T);
      const bx = px(w, T);
      const by = py(w, T);
      area += ax * by - ay * bx;
      perim += Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
      v = w;
      count++;
    } while (v != tip && count <= W.nV);
    if (v != tip || Math.abs(area) > W.tol * Math.max(perim, 1e-300)) continue;
    let firstId = -1;
    let prevId = -1;
    v = tip;
    do {
      const qx = px(v, T);
      const qy = py(v, T);
      let id = unchecked(W.vNode[v]);
      if (!(Math.abs(unchecked(W.nX[id]) - qx) <= W.tol && Math.abs(unchecked(W.nY[id]) - qy) <= W.tol)) {
        const nid = newNode(qx, qy, T);
        W.arcA.push(id);
        W.arcB.push(nid);
        id = nid;
      }
      deactivate(v);
      if (prevId >= 0 && prevId != id) {
        W.arcA.push(prevId);
        W.arcB.push(id);
      }
      if (firstId < 0) firstId = id;
      prevId = id;
      v = unchecked(W.vNext[v]);
    } while (v != tip);
    if (prevId != firstId) {
      W.arcA.push(prevId);
      W.arcB.push(firstId);
    }
  }
  W.tips.length = 0;
  for (let k = 0; k < nt; k++) if (active(unchecked(W.tips[k]))) W.failed = true;
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
  W.tol = REL_TOL * Math.max(maxX - minX, maxY - minY);
  if (!(W.tol > 0) || !(Math.abs(area2) > W.tol * W.tol)) return new SkeletonResult(Status.BAD_INPUT, [], []);
  W.tMax = 0.5 * Math.min(maxX - minX, maxY - minY) + W.tol;
  W.bx0 = minX - W.tol;
  W.by0 = minY - W.tol;
  W.bx1 = maxX + W.tol;
  W.by1 = maxY + W.tol;
  const ccwOrder = area2 > 0;
  const ccw = new Array<i32>(n);
  const X = new Array<f64>(n);
  const Y = new Array<f64>(n);
  for (let i = 0; i < n; i++) {
    unchecked((X[i] = xy[offset + 2 * i]));
    unchecked((Y[i] = xy[offset + 2 * i + 1]));
    unchecked((ccw[i] = ccwOrder ? i : n - 1 - i));
  }
  const kept = keptVertices(ccw, X, Y, W.tol, ANG_TOL);
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
    unchecked((W.vNext[j] = (j + 1) % K));
    unchecked((W.vPrev[j] = (j + K - 1) % K));
  }
  for (let j = 0; j < K; j++) {
    edgeEvent(j, (j + 1) % K);
    if ((unchecked(W.vFlag[j]) & F_NONCONVEX) != 0) splitCandidates(j);
  }
  let curT: f64 = 0;
  let guard = 0;
  const cap = 200 * n + 10000;
  // a simple polygon's wavefront never holds more than a few vertices per outline vertex: beyond that
  // the input was not simple (self-intersecting), so stop rather than run away
  const maxVertices = 8 * n + 64;
  while (W.queue.size > 0 && guard++ < cap && W.nV <= maxVertices) {
    const t0 = W.queue.topTime();
    if (W.tips.length > 0 && t0 > curT + W.tol) collapseSlivers(curT);
    if (t0 > curT) curT = t0;
    processBatch();
  }
  if (W.tips.length > 0) collapseSlivers(curT);
  if (W.nActive > 0 || W.queue.size > 0) W.failed = true;
  return finishSkeleton(W.nX, W.nY, W.nT, W.arcA, W.arcB, n, ccw, kept, W.tol, W.failed ? Status.FAILED : Status.OK);
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
