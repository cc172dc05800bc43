// stringing: modules of a layout cut into strings (docs/ENGINE-API.md "stringing"; the rules, the
// arrays and their canonical order in engine/abi.ts, section stringing). Per face: nearest neighbours
// (neighbours.ts: a grid of cells), the grid's orientation from their directions, the row axis, a
// serpentine path along the rows, the string length, and with shading the chunking of the path
// whose strings have the most even losses (sliding-window minima and maxima: O(m) per path, however
// many offsets). The pure-TypeScript reference (src/engine/reference/stringing.ts) gives the same
// arrays by brute force.
import { Status, StringingIn, StringingInI32, StringingOutI32, StringingStride } from '../abi';
import { getInputF64, getInputI32, setOutputF64, setOutputI32 } from '../buffers';
import { nearestNeighbours } from './neighbours';
import { sortByKey } from './sort';

/** A finite f64 (not NaN, not ±∞). */
// @ts-ignore: decorator
@inline
function finite(x: f64): bool {
  return x - x == 0.0;
}

function bad(): i32 {
  const out = new Array<i32>(<i32>StringingOutI32.HEADER);
  out[StringingOutI32.STATUS] = <i32>Status.BAD_INPUT;
  setOutputI32(out);
  setOutputF64(new Array<f64>(0));
  return <i32>Status.BAD_INPUT;
}

// ── one face's working arrays (module-level: AssemblyScript functions do not close over locals) ──
let m: i32 = 0;
let X: StaticArray<f64> = new StaticArray<f64>(0);
let Y: StaticArray<f64> = new StaticArray<f64>(0);
let nn: StaticArray<i32> = new StaticArray<i32>(0);
let nnD2: StaticArray<f64> = new StaticArray<f64>(0);
let along: StaticArray<f64> = new StaticArray<f64>(0);
let across: StaticArray<f64> = new StaticArray<f64>(0);
let order: StaticArray<i32> = new StaticArray<i32>(0);
let tmp: StaticArray<i32> = new StaticArray<i32>(0);
let axisX: f64 = 1.0;
let axisY: f64 = 0.0;

/** Grows the working arrays to hold n modules. */
function reserve(n: i32): void {
  if (X.length >= n) return;
  X = new StaticArray<f64>(n);
  Y = new StaticArray<f64>(n);
  nn = new StaticArray<i32>(n);
  nnD2 = new StaticArray<f64>(n);
  along = new StaticArray<f64>(n);
  across = new StaticArray<f64>(n);
  order = new StaticArray<i32>(n);
  tmp = new StaticArray<i32>(n);
}

/** Drops the working arrays (globals would keep them alive between calls). */
function release(): void {
  X = new StaticArray<f64>(0);
  Y = new StaticArray<f64>(0);
  nn = new StaticArray<i32>(0);
  nnD2 = new StaticArray<f64>(0);
  along = new StaticArray<f64>(0);
  across = new StaticArray<f64>(0);
  order = new StaticArray<i32>(0);
  tmp = new StaticArray<i32>(0);
}

/** Half angle of the unit vector (c, s) (angle in (−180°, 180°] → (−90°, 90°]) into axisX, axisY. */
function halfAngle(c: f64, s: f64): void {
  if (c >= 0.0) {
    const ch = Math.sqrt((1.0 + c) * 0.5);
    axisX = ch;
    axisY = s / (2.0 * ch);
    return;
  }
  let sh = Math.sqrt((1.0 - c) * 0.5);
  if (s < 0.0) sh = -sh;
  axisX = s / (2.0 * sh);
  axisY = sh;
}

/** The grid's axis A into axisX, axisY (engine/abi.ts "stringing" 2). */
function gridAxis(coneCos: f64, c4: StaticArray<f64>, s4: StaticArray<f64>, use: StaticArray<u8>): void {
  let sumC = 0.0;
  let sumS = 0.0;
  let count = 0;
  for (let i = 0; i < m; i++) {
    unchecked((use[i] = 0));
    const j = unchecked(nn[i]);
    const r2 = unchecked(nnD2[i]);
    if (j < 0 || !(r2 > 0.0)) continue;
    const dx = unchecked(X[j]) - unchecked(X[i]);
    const dy = unchecked(Y[j]) - unchecked(Y[i]);
    const c2 = (dx * dx - dy * dy) / r2;
    const s2 = (2.0 * dx * dy) / r2;
    const cc = c2 * c2 - s2 * s2;
    const ss = 2.0 * c2 * s2;
    unchecked((c4[i] = cc));
    unchecked((s4[i] = ss));
    unchecked((use[i] = 1));
    sumC += cc;
    sumS += ss;
    count++;
  }
  const norm = Math.sqrt(sumC * sumC + sumS * sumS);
  if (!(norm > 1e-9 * <f64>count)) {
    axisX = 1.0;
    axisY = 0.0;
    return;
  }
  let ec = sumC / norm;
  let es = sumS / norm;
  let rc = 0.0;
  let rs = 0.0;
  let rn = 0;
  for (let i = 0; i < m; i++) {
    if (unchecked(use[i]) == 0) continue;
    const cc = unchecked(c4[i]);
    const ss = unchecked(s4[i]);
    if (cc * ec + ss * es >= coneCos) {
      rc += cc;
      rs += ss;
      rn++;
    }
  }
  const rNorm = Math.sqrt(rc * rc + rs * rs);
  if (rNorm > 1e-9 * <f64>rn) {
    ec = rc / rNorm;
    es = rs / rNorm;
  }
  halfAngle(ec, es);
  halfAngle(axisX, axisY);
  const n = Math.sqrt(axisX * axisX + axisY * axisY);
  axisX = axisX / n;
  axisY = axisY / n;
}

/** The lower median of the nearest-neighbour distances (0 for a lone module). */
function medianSpacing(): f64 {
  if (m < 2) return 0.0;
  // `along` as scratch for the distances, `order` for their ranks.
  for (let i = 0; i < m; i++) {
    unchecked((along[i] = Math.sqrt(unchecked(nnD2[i]))));
    unchecked((order[i] = i));
  }
  sortByKey(order, 0, m, along, tmp);
  return unchecked(along[unchecked(order[(m - 1) >> 1])]);
}

/** The serpentine path along axis (ax, ay) into path[0, m) (engine/abi.ts "stringing" 4). */
function serpentine(ax: f64, ay: f64, tol: f64, variant: i32, path: StaticArray<i32>): void {
  for (let i = 0; i < m; i++) {
    const x = unchecked(X[i]);
    const y = unchecked(Y[i]);
    unchecked((along[i] = x * ax + y * ay));
    unchecked((across[i] = y * ax - x * ay));
    unchecked((order[i] = i));
  }
  sortByKey(order, 0, m, across, tmp);
  let lineNo = 0;
  let s = 0;
  for (let t = 1; t <= m; t++) {
    if (t < m && !(unchecked(across[unchecked(order[t])]) - unchecked(across[unchecked(order[t - 1])]) > tol)) continue;
    // The line order[s, t): by (along, index), reversed on every other line.
    sortByKey(order, s, t, along, tmp);
    if ((lineNo & 1) == variant) {
      for (let k = s; k < t; k++) unchecked((path[k] = order[k]));
    } else {
      for (let k = s; k < t; k++) unchecked((path[k] = order[t - 1 - (k - s)]));
    }
    lineNo++;
    s = t;
  }
}

/** Steps of the path with squared length above hop2. */
function jumps(path: StaticArray<i32>, hop2: f64): i32 {
  let n = 0;
  for (let t = 0; t + 1 < m; t++) {
    const a = unchecked(path[t]);
    const b = unchecked(path[t + 1]);
    const dx = unchecked(X[b]) - unchecked(X[a]);
    const dy = unchecked(Y[b]) - unchecked(Y[a]);
    if (dx * dx + dy * dy > hop2) n++;
  }
  return n;
}

/** Nearest-neighbour votes for axis A minus those for B. */
function voteMargin(ax: f64, ay: f64): i32 {
  const bx = -ay;
  const by = ax;
  let a = 0;
  let b = 0;
  for (let i = 0; i < m; i++) {
    const j = unchecked(nn[i]);
    if (j < 0 || !(unchecked(nnD2[i]) > 0.0)) continue;
    const dx = unchecked(X[j]) - unchecked(X[i]);
    const dy = unchecked(Y[j]) - unchecked(Y[i]);
    if (Math.abs(dx * ax + dy * ay) >= Math.abs(dx * bx + dy * by)) a++;
    else b++;
  }
  return a - b;
}

/** The string length for n modules in [min, max]: the fewest over, ties the longest. */
function stringLength(n: i32, min: i32, max: i32): i32 {
  let best = max;
  let bestR = n % max;
  for (let L = max - 1; L >= min; L--) {
    const r = n % L;
    if (r < bestR) {
      best = L;
      bestR = r;
    }
  }
  return best;
}

/**
 * Minimum (sign 1) or maximum (sign −1) of every window w[p, p + L) of the path's losses into
 * out[p], p ∈ [0, m − L]: a monotone deque of positions.
 */
function windowExtremes(path: StaticArray<i32>, loss: StaticArray<f64>, L: i32, sign: f64, out: StaticArray<f64>, deque: StaticArray<i32>): void {
  let head = 0;
  let tail = 0;
  for (let t = 0; t < m; t++) {
    const v = unchecked(loss[unchecked(path[t])]) * sign;
    while (tail > head && unchecked(loss[unchecked(path[unchecked(deque[tail - 1])])]) * sign >= v) tail--;
    unchecked((deque[tail++] = t));
    if (unchecked(deque[head]) <= t - L) head++;
    if (t >= L - 1) unchecked((out[t - L + 1] = unchecked(loss[unchecked(path[unchecked(deque[head])])])));
  }
}

export function stringing(): i32 {
  const f = getInputF64();
  const ni = getInputI32();
  const HI = <i32>StringingInI32.HEADER;
  const H = <i32>StringingIn.HEADER;
  if (ni.length < HI || f.length < H) return bad();
  const n = ni[StringingInI32.N_MODULES];
  const nFaces = ni[StringingInI32.N_FACES];
  const lenMin = ni[StringingInI32.LENGTH_MIN];
  const lenMax = ni[StringingInI32.LENGTH_MAX];
  const shading = ni[StringingInI32.SHADING];
  if (n < 0 || nFaces < 0 || lenMin < 1 || lenMax < lenMin || (shading != 0 && shading != 1)) return bad();
  if (<i64>ni.length != <i64>HI + <i64>n || <i64>f.length != <i64>H + <i64>(2 + shading) * <i64>n) return bad();
  for (let k = 0; k < H; k++) if (!finite(f[k])) return bad();
  const lineTol = f[StringingIn.LINE_TOLERANCE];
  const hopFactor = f[StringingIn.HOP_FACTOR];
  const coneCos = f[StringingIn.CONE_COS];

  // ── modules grouped by face, in input order (a stable counting sort) ──
  const faceStart = new StaticArray<i32>(nFaces + 1);
  for (let i = 0; i < n; i++) {
    const face = unchecked(ni[HI + i]);
    if (face < 0 || face >= nFaces) return bad();
    if (!finite(unchecked(f[H + 2 * i])) || !finite(unchecked(f[H + 2 * i + 1]))) return bad();
    if (shading == 1 && !finite(unchecked(f[H + 2 * n + i]))) return bad();
    unchecked(faceStart[face + 1]++);
  }
  let largest = 0;
  for (let g = 0; g < nFaces; g++) {
    const c = unchecked(faceStart[g + 1]);
    if (c > largest) largest = c;
    unchecked((faceStart[g + 1] += faceStart[g]));
  }
  const members = new StaticArray<i32>(n);
  const fill = new StaticArray<i32>(nFaces);
  for (let i = 0; i < n; i++) {
    const face = unchecked(ni[HI + i]);
    unchecked((members[unchecked(faceStart[face]) + unchecked(fill[face])] = i));
    unchecked(fill[face]++);
  }

  reserve(largest);
  const c4 = new StaticArray<f64>(largest);
  const s4 = new StaticArray<f64>(largest);
  const use = new StaticArray<u8>(largest);
  const pathA = new StaticArray<i32>(largest);
  const pathB = new StaticArray<i32>(largest);
  const cand = new StaticArray<i32>(largest);
  const loss = new StaticArray<f64>(shading == 1 ? largest : 0);
  const winMin = new StaticArray<f64>(shading == 1 ? largest : 0);
  const winMax = new StaticArray<f64>(shading == 1 ? largest : 0);
  const deque = new StaticArray<i32>(shading == 1 ? largest : 0);

  const strings = new Array<i32>(0);
  const ordered = new Array<i32>(0);
  const assigned = new StaticArray<u8>(n);

  for (let g = 0; g < nFaces; g++) {
    const base = unchecked(faceStart[g]);
    m = unchecked(faceStart[g + 1]) - base;
    if (m == 0) continue;
    const first = unchecked(members[base]);
    const x0 = unchecked(f[H + 2 * first]);
    const y0 = unchecked(f[H + 2 * first + 1]);
    for (let i = 0; i < m; i++) {
      const gi = unchecked(members[base + i]);
      unchecked((X[i] = unchecked(f[H + 2 * gi]) - x0));
      unchecked((Y[i] = unchecked(f[H + 2 * gi + 1]) - y0));
      if (shading == 1) unchecked((loss[i] = unchecked(f[H + 2 * n + gi])));
    }
    nearestNeighbours(X, Y, m, nn, nnD2);
    gridAxis(coneCos, c4, s4, use);
    const ax = axisX;
    const ay = axisY;
    const bx = -ay;
    const by = ax;
    const d = medianSpacing();
    const tol = lineTol * d;
    const hop = hopFactor * d;
    const hop2 = hop * hop;
    serpentine(ax, ay, tol, 0, pathA);
    serpentine(bx, by, tol, 0, pathB);
    const jA = jumps(pathA, hop2);
    const jB = jumps(pathB, hop2);
    const rowB = jA != jB ? jB < jA : voteMargin(ax, ay) < 0;
    const L = lenMin == lenMax ? lenMin : stringLength(m, lenMin, lenMax);
    const k = m / L;
    let path = rowB ? pathB : pathA;
    let offset = 0;
    if (shading == 1 && k > 0) {
      // Candidates (axis, variant, offset): the first with the smallest Σ loss spread.
      const r = m - k * L;
      const nAxes = jA == jB ? 2 : 1;
      let bestCost = Infinity;
      let bestAxis = 0;
      let bestVariant = 0;
      for (let a = 0; a < nAxes; a++) {
        const useB = a == 0 ? rowB : !rowB;
        for (let variant = 0; variant < 2; variant++) {
          serpentine(useB ? bx : ax, useB ? by : ay, tol, variant, cand);
          windowExtremes(cand, loss, L, 1.0, winMin, deque);
          windowExtremes(cand, loss, L, -1.0, winMax, deque);
          for (let s = 0; s <= r; s++) {
            let cost = 0.0;
            for (let j = 0; j < k; j++) cost += unchecked(winMax[s + j * L]) - unchecked(winMin[s + j * L]);
            if (cost < bestCost) {
              bestCost = cost;
              bestAxis = a;
              bestVariant = variant;
              offset = s;
            }
          }
        }
      }
      if (bestAxis != 0 || bestVariant != 0) {
        const useB = bestAxis == 0 ? rowB : !rowB;
        serpentine(useB ? bx : ax, useB ? by : ay, tol, bestVariant, cand);
        path = cand;
      }
    }
    for (let j = 0; j < k; j++) {
      strings.push(g);
      strings.push(ordered.length);
      strings.push(L);
      for (let t = offset + j * L; t < offset + (j + 1) * L; t++) {
        const gi = unchecked(members[base + unchecked(path[t])]);
        ordered.push(gi);
        unchecked((assigned[gi] = 1));
      }
    }
  }

  const nStrings = strings.length / <i32>StringingStride.STRING_I32;
  let nUnassigned = 0;
  for (let i = 0; i < n; i++) if (unchecked(assigned[i]) == 0) nUnassigned++;
  const HO = <i32>StringingOutI32.HEADER;
  const out = new Array<i32>(HO + strings.length + ordered.length + nUnassigned);
  out[StringingOutI32.STATUS] = <i32>Status.OK;
  out[StringingOutI32.N_STRINGS] = nStrings;
  out[StringingOutI32.N_ORDERED] = ordered.length;
  out[StringingOutI32.N_UNASSIGNED] = nUnassigned;
  let o = HO;
  for (let q = 0; q < strings.length; q++) unchecked((out[o++] = strings[q]));
  for (let q = 0; q < ordered.length; q++) unchecked((out[o++] = ordered[q]));
  for (let i = 0; i < n; i++) if (unchecked(assigned[i]) == 0) unchecked((out[o++] = i));
  setOutputI32(out);
  setOutputF64(new Array<f64>(0));
  release();
  return <i32>Status.OK;
}
