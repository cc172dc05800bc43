// Events of the straight skeleton (skeleton.ts): edge events and split candidates of wavefront vertices,
// and resolving everything the wavefront has at one event point.
import { ANG_TOL, F_NONCONVEX, W, active, deactivate, isAt, isTip, newNode, newVertex, px, py, addCandidate } from './skeleton-wavefront';
import { EV_EDGE, EV_SPLIT } from './skeleton-queue';

/** Pushes the edge event of the wavefront edge u → w, if it ever shrinks to a point. */
export function edgeEvent(u: i32, w: i32): void {
  if (isTip(u) || isTip(w)) return;
  const e = unchecked(W.vOut[u]);
  const ex = unchecked(W.lDx[e]);
  const ey = unchecked(W.lDy[e]);
  const T = Math.max(unchecked(W.vT[u]), unchecked(W.vT[w]));
  const len = (px(w, T) - px(u, T)) * ex + (py(w, T) - py(u, T)) * ey;
  const rate = (unchecked(W.vVx[w]) - unchecked(W.vVx[u])) * ex + (unchecked(W.vVy[w]) - unchecked(W.vVy[u])) * ey;
  if (rate < 0) W.queue.push(T + Math.max(len, 0) / -rate, EV_EDGE, u, w);
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
export function splitCandidates(v: i32): void {
  const start = W.nC;
  const t0 = unchecked(W.vT[v]);
  const x0 = unchecked(W.vX[v]);
  const y0 = unchecked(W.vY[v]);
  const vx = unchecked(W.vVx[v]);
  const vy = unchecked(W.vVy[v]);
  const a = unchecked(W.vIn[v]);
  const b = unchecked(W.vOut[v]);
  const nl = W.lDx.length;
  // the time v reaches each line ahead of it, keeping those within the bound found so far
  let bound = W.tMax;
  for (let e = 0; e < nl; e++) {
    if (e == a || e == b) continue;
    const ex = unchecked(W.lDx[e]);
    const ey = unchecked(W.lDy[e]);
    const rate = ey * vx - ex * vy + 1;
    if (rate <= 0) continue;
    const dist = -ey * x0 + ex * y0 - unchecked(W.lC[e]) - t0;
    // dist / rate > bound + tol − t0: too late (no division needed to know)
    if (dist < -W.tol || dist > (bound + W.tol - t0) * rate) continue;
    const t = t0 + Math.max(dist, 0) / rate;
    const hx = x0 + vx * (t - t0);
    const hy = y0 + vy * (t - t0);
    if (unchecked(W.lLive[e]) != 0 && hx >= W.bx0 && hx <= W.bx1 && hy >= W.by0 && hy <= W.by1) addCandidate(t, e);
    // only edges clearly ahead bound the vertex's life (rounding must not end it at birth)
    if (dist <= W.tol || rate <= 1e-9 || t >= bound) continue;
    const along = ex * hx + ey * hy;
    if (along >= unchecked(W.lS0[e]) - W.tol && along <= unchecked(W.lS1[e]) + W.tol) bound = t;
  }
  // drop those beyond the final bound; queue the earliest
  let end = start;
  let best = -1;
  let bestT = Infinity;
  for (let c = start; c < W.nC; c++) {
    const t = unchecked(W.cT[c]);
    if (t > bound + W.tol) continue;
    unchecked((W.cT[end] = t));
    unchecked((W.cE[end] = W.cE[c]));
    if (t < bestT) {
      bestT = t;
      best = end;
    }
    end++;
  }
  W.nC = end;
  unchecked((W.vCandStart[v] = start));
  unchecked((W.vCandEnd[v] = end));
  unchecked((W.vCandCur[v] = best));
  if (best >= 0) W.queue.push(bestT, EV_SPLIT, v, best);
}

/**
 * Queues the earliest split candidate of v later than time t (the lines v reaches at t have all been
 * searched at the event point, and nothing happened there).
 */
export function advanceCandidate(v: i32, t: f64): void {
  const end = unchecked(W.vCandEnd[v]);
  const after = t + W.tol;
  let best = -1;
  let bestT = Infinity;
  for (let c = unchecked(W.vCandStart[v]); c < end; c++) {
    const tc = unchecked(W.cT[c]);
    if (tc > after && tc < bestT) {
      bestT = tc;
      best = c;
    }
  }
  unchecked((W.vCandCur[v] = best));
  if (best >= 0) W.queue.push(bestT, EV_SPLIT, v, best);
}

export function queueVertex(v: i32): void {
  edgeEvent(unchecked(W.vPrev[v]), v);
  edgeEvent(v, unchecked(W.vNext[v]));
  if ((unchecked(W.vFlag[v]) & F_NONCONVEX) != 0) splitCandidates(v);
}

// ── resolving everything at one point ──

@inline function marked(v: i32): bool {
  return unchecked(W.mark[v]) == W.stamp;
}
export function addHere(v: i32): void {
  if (!marked(v)) {
    unchecked((W.mark[v] = W.stamp));
    W.sList.push(v);
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
    endAng.push(Math.atan2(unchecked(W.lDy[o]), unchecked(W.lDx[o])));
    endOut.push(1);
    endChain.push(k);
    endAng.push(Math.atan2(-unchecked(W.lDy[i]), -unchecked(W.lDx[i])));
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
export function resolve(x: f64, y: f64, t: f64): bool {
  chIn.length = 0;
  chOut.length = 0;
  chBefore.length = 0;
  chAfter.length = 0;
  runStart.length = 0;
  runLen.length = 0;
  let vanished = false;
  let longRun = false;
  const visit = W.stamp + 1; // second W.stamp: visited
  for (let k = 0; k < W.sList.length; k++) {
    const v = unchecked(W.sList[k]);
    if (unchecked(W.mark[v]) == visit) continue;
    let a = v;
    let loop = false;
    const most = W.sList.length;
    let steps = 0;
    while ((marked(unchecked(W.vPrev[a])) || unchecked(W.mark[W.vPrev[a]]) == visit) && steps++ <= most) {
      a = unchecked(W.vPrev[a]);
      if (a == v) {
        loop = true;
        break;
      }
    }
    let b = a;
    let len = 0;
    let last = a;
    do {
      unchecked((W.mark[b] = visit));
      last = b;
      len++;
      b = unchecked(W.vNext[b]);
    } while ((marked(b) || unchecked(W.mark[b]) == visit) && b != a && len <= most);
    if (len > most) W.failed = true;
    runStart.push(a);
    runLen.push(len);
    if (len > 1) longRun = true;
    if (loop) {
      vanished = true;
    } else {
      chIn.push(unchecked(W.vIn[a]));
      chOut.push(unchecked(W.vOut[last]));
      chBefore.push(unchecked(W.vPrev[a]));
      chAfter.push(b);
    }
  }
  for (let k = 0; k < W.thru.length; k++) {
    const u = unchecked(W.thru[k]);
    const e = unchecked(W.vOut[u]);
    chIn.push(e);
    chOut.push(e);
    chBefore.push(u);
    chAfter.push(unchecked(W.vNext[u]));
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
      W.failed = true;
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
  if (!vanished && W.thru.length == 0 && !longRun && same) return false;

  const node = newNode(x, y, t);
  for (let r = 0; r < runStart.length; r++) {
    let v = unchecked(runStart[r]);
    for (let q = 0; q < unchecked(runLen[r]); q++) {
      deactivate(v);
      W.arcA.push(unchecked(W.vNode[v]));
      W.arcB.push(node);
      v = unchecked(W.vNext[v]);
    }
  }
  const first = W.nV;
  const np = pairIn.length;
  for (let k = 0; k < np; k++) {
    const ci = unchecked(pairIn[k]);
    const co = unchecked(pairOut[k]);
    const w = newVertex(x, y, t, unchecked(chIn[ci]), unchecked(chOut[co]), node, unchecked(pairTip[k]) == 1);
    const before = unchecked(chBefore[ci]);
    const after = unchecked(chAfter[co]);
    unchecked((W.vPrev[w] = before));
    unchecked((W.vNext[before] = w));
    unchecked((W.vNext[w] = after));
    unchecked((W.vPrev[after] = w));
  }
  for (let w = first; w < W.nV; w++) queueVertex(w);
  return true;
}

/**
 * Completes what is at (x, y) at time t: whole runs of consecutive vertices, and every line that a
 * reflex or straight vertex there reaches at this very time (other segments ending at or passing
 * through the point).
 */
export function expandAt(x: f64, y: f64, t: f64): void {
  if (W.lMark.length != W.lDx.length) {
    W.lMark = new Array<i32>(W.lDx.length);
    for (let e = 0; e < W.lDx.length; e++) unchecked((W.lMark[e] = 0));
  }
  for (let k = 0; k < W.sList.length; k++) {
    const v = unchecked(W.sList[k]);
    const p = unchecked(W.vPrev[v]);
    const q = unchecked(W.vNext[v]);
    if (!marked(p) && isAt(p, x, y, t)) addHere(p);
    if (!marked(q) && isAt(q, x, y, t)) addHere(q);
    if ((unchecked(W.vFlag[v]) & F_NONCONVEX) == 0) continue;
    const end = unchecked(W.vCandEnd[v]);
    for (let c = unchecked(W.vCandStart[v]); c < end; c++) {
      if (Math.abs(unchecked(W.cT[c]) - t) > W.tol) continue;
      const e = unchecked(W.cE[c]);
      if (unchecked(W.lMark[e]) == W.stamp || unchecked(W.lLive[e]) == 0) continue;
      unchecked((W.lMark[e] = W.stamp));
      searchLine(e, x, y, t);
    }
  }
}

/** Looks for the segments of line e at (x, y) at time t: their end vertices or the segment itself. */
export function searchLine(e: i32, x: f64, y: f64, t: f64): void {
  const ex = unchecked(W.lDx[e]);
  const ey = unchecked(W.lDy[e]);
  let prevL = -1;
  let u = unchecked(W.lHead[e]);
  while (u >= 0) {
    const nextL = unchecked(W.vLineNext[u]);
    if (!active(u)) {
      // unlink vertices that left the wavefront
      if (prevL < 0) unchecked((W.lHead[e] = nextL));
      else unchecked((W.vLineNext[prevL] = nextL));
      u = nextL;
      continue;
    }
    const w = unchecked(W.vNext[u]);
    const ax = px(u, t);
    const ay = py(u, t);
    const along = (x - ax) * ex + (y - ay) * ey;
    const len = (px(w, t) - ax) * ex + (py(w, t) - ay) * ey;
    const off = Math.abs((x - ax) * ey - (y - ay) * ex);
    // quick rejection: isAt allows tol in space and in time (a vertex moves |v|·tol in time tol)
    const mu = W.tol * (1 + Math.abs(unchecked(W.vVx[u])) + Math.abs(unchecked(W.vVy[u])));
    const mw = W.tol * (1 + Math.abs(unchecked(W.vVx[w])) + Math.abs(unchecked(W.vVy[w])));
    if (off > 3 * W.tol || along < -mu || along > len + mw) {
      // the point is not on this segment
    } else if (isAt(u, x, y, t)) {
      addHere(u);
    } else if (isAt(w, x, y, t)) {
      addHere(w);
    } else {
      if (off <= W.tol && along > 0 && along < len) {
        let dup = false;
        for (let k = 0; k < W.thru.length; k++) if (unchecked(W.thru[k]) == u) dup = true;
        if (!dup) W.thru.push(u);
      }
    }
    prevL = u;
    u = nextL;
  }
}
