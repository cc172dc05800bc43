// The skeleton kernel's outline preparation (repeated and straight vertices dropped) and its canonical
// output (see the header of skeleton.ts): coincident nodes merged, nodes ordered by (t, x, y), arcs
// normalised and sorted, and the face of every outline edge traced.

/** The skeleton kernel's output arrays (engine/abi.ts, section skeleton) and its status. */
export class SkeletonResult {
  constructor(
    public status: i32,
    public f64s: Array<f64>,
    public i32s: Array<i32>,
  ) {}
}

let tolC: f64 = 0;
let sX = new Array<f64>(0);
let sY = new Array<f64>(0);
let sT = new Array<f64>(0);

/** Canonical order of skeleton nodes: by t, then x, then y, values closer than tol being equal. */
function before(a: i32, b: i32): bool {
  const dt = unchecked(sT[a]) - unchecked(sT[b]);
  if (Math.abs(dt) > tolC) return dt < 0;
  const dx = unchecked(sX[a]) - unchecked(sX[b]);
  if (Math.abs(dx) > tolC) return dx < 0;
  return unchecked(sY[a]) < unchecked(sY[b]);
}

/** Stable merge sort of ids with the canonical order (or by x alone when byX). */
function mergeSort(ids: Array<i32>, byX: bool): void {
  const n = ids.length;
  let src = ids;
  let dst = new Array<i32>(n);
  for (let width = 1; width < n; width <<= 1) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = min(lo + width, n);
      const hi = min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        const a = unchecked(src[i]);
        const b = unchecked(src[j]);
        const takeB = byX ? unchecked(sX[b]) < unchecked(sX[a]) : before(b, a);
        if (takeB) {
          unchecked((dst[k++] = b));
          j++;
        } else {
          unchecked((dst[k++] = a));
          i++;
        }
      }
      while (i < mid) unchecked((dst[k++] = src[i++]));
      while (j < hi) unchecked((dst[k++] = src[j++]));
    }
    const tmp = src;
    src = dst;
    dst = tmp;
  }
  if (src !== ids) for (let k = 0; k < n; k++) unchecked((ids[k] = src[k]));
}

let rep = new Array<i32>(0);
function find(i: i32): i32 {
  while (unchecked(rep[i]) != i) {
    unchecked((rep[i] = rep[rep[i]]));
    i = unchecked(rep[i]);
  }
  return i;
}

function angle(f: Array<f64>, a: i32, b: i32): f64 {
  return Math.atan2(unchecked(f[3 * b + 1]) - unchecked(f[3 * a + 1]), unchecked(f[3 * b]) - unchecked(f[3 * a]));
}

/**
 * Builds the output arrays from the raw nodes (the first n are the outline vertices, input numbering)
 * and arcs. ccw[k] is the input index of internal (counter-clockwise) vertex k; kept are the internal
 * indices of the vertices that are neither repeated nor straight.
 */
export function finishSkeleton(
  nX: Array<f64>,
  nY: Array<f64>,
  nT: Array<f64>,
  arcA: Array<i32>,
  arcB: Array<i32>,
  n: i32,
  ccw: Array<i32>,
  kept: Array<i32>,
  tol: f64,
  status: i32,
): SkeletonResult {
  tolC = tol;
  sX = nX;
  sY = nY;
  sT = nT;
  const total = nX.length;
  // merge skeleton nodes closer than tol (union-find over an x-sorted sweep)
  rep = new Array<i32>(total);
  for (let i = 0; i < total; i++) unchecked((rep[i] = i));
  const byX = new Array<i32>(total - n);
  for (let i = n; i < total; i++) unchecked((byX[i - n] = i));
  mergeSort(byX, true);
  for (let k = 1; k < byX.length; k++) {
    const a = unchecked(byX[k]);
    for (let j = k - 1; j >= 0; j--) {
      const b = unchecked(byX[j]);
      if (unchecked(nX[a]) - unchecked(nX[b]) > tol) break;
      if (Math.abs(unchecked(nY[a]) - unchecked(nY[b])) <= tol) {
        const ra = find(a);
        const rb = find(b);
        if (ra != rb) unchecked((rep[max(ra, rb)] = min(ra, rb)));
      }
    }
  }
  const roots = new Array<i32>(0);
  for (let i = n; i < total; i++) if (find(i) == i) roots.push(i);
  mergeSort(roots, false);
  const index = new Array<i32>(total);
  for (let i = 0; i < n; i++) unchecked((index[i] = i));
  for (let k = 0; k < roots.length; k++) unchecked((index[roots[k]] = n + k));
  const nNodes = n + roots.length;
  const f = new Array<f64>(3 * nNodes);
  for (let i = 0; i < n; i++) {
    unchecked((f[3 * i] = nX[i]));
    unchecked((f[3 * i + 1] = nY[i]));
    unchecked((f[3 * i + 2] = 0));
  }
  for (let k = 0; k < roots.length; k++) {
    const r = unchecked(roots[k]);
    unchecked((f[3 * (n + k)] = nX[r]));
    unchecked((f[3 * (n + k) + 1] = nY[r]));
    unchecked((f[3 * (n + k) + 2] = nT[r]));
  }
  // arcs: (lo, hi) keys, sorted, unique
  const keys = new Array<i64>(0);
  for (let k = 0; k < arcA.length; k++) {
    const a = unchecked(index[find(arcA[k])]);
    const b = unchecked(index[find(arcB[k])]);
    if (a == b) continue;
    keys.push(<i64>min(a, b) * <i64>nNodes + <i64>max(a, b));
  }
  keys.sort((p: i64, q: i64): i32 => i32(p > q) - i32(p < q));
  const arcs = new Array<i32>(0);
  for (let k = 0; k < keys.length; k++) {
    const key = unchecked(keys[k]);
    if (k > 0 && key == unchecked(keys[k - 1])) continue;
    arcs.push(<i32>(key / <i64>nNodes));
    arcs.push(<i32>(key % <i64>nNodes));
  }
  const nArcs = arcs.length >> 1;
  // adjacency (CSR)
  const deg = new Array<i32>(nNodes + 1);
  for (let k = 0; k <= nNodes; k++) unchecked((deg[k] = 0));
  for (let k = 0; k < 2 * nArcs; k++) unchecked((deg[arcs[k] + 1] = deg[arcs[k] + 1] + 1));
  for (let k = 0; k < nNodes; k++) unchecked((deg[k + 1] = deg[k + 1] + deg[k]));
  const fill = new Array<i32>(nNodes);
  for (let k = 0; k < nNodes; k++) unchecked((fill[k] = deg[k]));
  const adj = new Array<i32>(2 * nArcs);
  for (let k = 0; k < nArcs; k++) {
    const a = unchecked(arcs[2 * k]);
    const b = unchecked(arcs[2 * k + 1]);
    unchecked((adj[fill[a]++] = b));
    unchecked((adj[fill[b]++] = a));
  }
  // faces: per run of outline edges between kept vertices, the outline part then a walk along the
  // arcs, always taking the first arc clockwise from the way back (the face on the left)
  const faceStart = new Array<i32>(n);
  const faceLen = new Array<i32>(n);
  for (let i = 0; i < n; i++) {
    unchecked((faceStart[i] = 0));
    unchecked((faceLen[i] = 0));
  }
  const ring = new Array<i32>(0);
  const K = kept.length;
  const cwInput = unchecked(ccw[0]) != 0;
  const TWO_PI = 2 * Math.PI;
  for (let j = 0; j < K; j++) {
    const ks = unchecked(kept[j]);
    const ke = unchecked(kept[(j + 1) % K]);
    const start = ring.length;
    let k = ks;
    while (true) {
      ring.push(unchecked(ccw[k]));
      if (k == ke) break;
      k = (k + 1) % n;
    }
    const home = unchecked(ccw[ks]);
    let prev = unchecked(ccw[(ke + n - 1) % n]);
    let cur = unchecked(ccw[ke]);
    for (let guard = 0; guard < nNodes; guard++) {
      const back = angle(f, cur, prev);
      let best = -1;
      let bestTurn = Infinity;
      const d0 = unchecked(deg[cur]);
      const d1 = unchecked(deg[cur + 1]);
      for (let q = d0; q < d1; q++) {
        const c = unchecked(adj[q]);
        if (cur < n && c < n) continue;
        let turn = back - angle(f, cur, c);
        while (turn <= 0) turn += TWO_PI;
        while (turn > TWO_PI) turn -= TWO_PI;
        if (c == prev && d1 - d0 > 1) turn = TWO_PI + 1;
        if (turn < bestTurn) {
          bestTurn = turn;
          best = c;
        }
      }
      if (best < 0) break;
      prev = cur;
      cur = best;
      if (cur < n) break;
      ring.push(cur);
    }
    if (cur != home) status = 1; // Status.FAILED
    const first = cwInput ? unchecked(ccw[ke]) : unchecked(ccw[ks]);
    unchecked((faceStart[first] = start));
    unchecked((faceLen[first] = ring.length - start));
  }
  const out = new Array<i32>(0);
  out.push(nNodes);
  out.push(nArcs);
  for (let k = 0; k < arcs.length; k++) out.push(unchecked(arcs[k]));
  for (let i = 0; i < n; i++) {
    const c = unchecked(faceLen[i]);
    out.push(c);
    const s = unchecked(faceStart[i]);
    for (let q = 0; q < c; q++) out.push(unchecked(ring[s + q]));
  }
  return new SkeletonResult(status, f, out);
}

/**
 * Internal (counter-clockwise) indices of the outline vertices that are neither repeated (closer than
 * tol to the previous kept one) nor straight (turn below angTol [rad]); ccw[k] is the input index of
 * internal vertex k.
 */
export function keptVertices(ccw: Array<i32>, X: Array<f64>, Y: Array<f64>, tol: f64, angTol: f64): Array<i32> {
  const n = ccw.length;
  let kept = new Array<i32>(0);
  for (let k = 0; k < n; k++) {
    const a = unchecked(ccw[k]);
    if (kept.length > 0) {
      const p = unchecked(ccw[kept[kept.length - 1]]);
      if (Math.abs(unchecked(X[a]) - unchecked(X[p])) <= tol && Math.abs(unchecked(Y[a]) - unchecked(Y[p])) <= tol)
        continue;
    }
    kept.push(k);
  }
  while (kept.length > 1) {
    const a = unchecked(ccw[kept[kept.length - 1]]);
    const b = unchecked(ccw[kept[0]]);
    if (Math.abs(unchecked(X[a]) - unchecked(X[b])) <= tol && Math.abs(unchecked(Y[a]) - unchecked(Y[b])) <= tol)
      kept.pop();
    else break;
  }
  let changed = true;
  while (changed && kept.length >= 3) {
    changed = false;
    const K = kept.length;
    for (let j = 0; j < K; j++) {
      const p = unchecked(ccw[kept[(j + K - 1) % K]]);
      const a = unchecked(ccw[kept[j]]);
      const q = unchecked(ccw[kept[(j + 1) % K]]);
      const ux = unchecked(X[a]) - unchecked(X[p]);
      const uy = unchecked(Y[a]) - unchecked(Y[p]);
      const wx = unchecked(X[q]) - unchecked(X[a]);
      const wy = unchecked(Y[q]) - unchecked(Y[a]);
      const lu = Math.sqrt(ux * ux + uy * uy);
      const lw = Math.sqrt(wx * wx + wy * wy);
      if (Math.abs(ux * wy - uy * wx) <= angTol * lu * lw && ux * wx + uy * wy > 0) {
        kept.splice(j, 1);
        changed = true;
        break;
      }
    }
  }
  return kept;
}
