// The pure-TypeScript reference of the engine's stringing kernel (engine/abi.ts, section stringing):
// same flat arrays in and out, same answers, the plainest algorithm. Nearest neighbours by comparing
// every pair of a face's modules (O(m²) per face), sorts by Array.prototype.sort, and with shading
// every candidate chunking's loss spread computed chunk by chunk. The kernel (engine/electrical/
// stringing.ts) gets the same decisions from a grid of cells, merge sorts and sliding-window minima.
// Every number that decides something is computed by the same expressions in the same order, so the
// two agree to the bit (tests/unit/engine/stringing-differential.test.ts).
import { Status, StringingIn, StringingInI32, StringingOutI32 } from '../../../engine/abi.ts';
import type { KernelResult } from '../wasm.ts';

function bad(): KernelResult {
  const i32 = new Int32Array(StringingOutI32.HEADER);
  i32[StringingOutI32.STATUS] = Status.BAD_INPUT;
  return { status: Status.BAD_INPUT, f64: new Float64Array(0), i32 };
}

/** The half angle of the unit vector (c, s) at angle θ ∈ (−180°, 180°]: θ/2 ∈ (−90°, 90°]. */
export function halfAngleRef(c: number, s: number): [number, number] {
  if (c >= 0) {
    const ch = Math.sqrt((1 + c) * 0.5);
    return [ch, s / (2 * ch)];
  }
  let sh = Math.sqrt((1 - c) * 0.5);
  if (s < 0) sh = -sh;
  return [s / (2 * sh), sh];
}

/** One face's modules, relative to its first module, and what stringing them needs. */
interface Face {
  /** Global module indices, in input order. */
  idx: number[];
  X: Float64Array;
  Y: Float64Array;
  /** Per module: its nearest neighbour (local index, −1 alone) and the squared distance. */
  nn: Int32Array;
  nnD2: Float64Array;
}

/** Each module's nearest neighbour: the smallest (squared distance, index) over every other module. */
function nearestNeighbours(face: Face): void {
  const { X, Y, nn, nnD2 } = face;
  const m = X.length;
  for (let i = 0; i < m; i++) {
    let best = Infinity;
    let bj = -1;
    for (let j = 0; j < m; j++) {
      if (j === i) continue;
      const dx = X[j] - X[i];
      const dy = Y[j] - Y[i];
      const d2 = dx * dx + dy * dy;
      if (d2 < best) {
        best = d2;
        bj = j;
      }
    }
    nn[i] = bj;
    nnD2[i] = best;
  }
}

/** The grid's axis A (unit) from the nearest-neighbour directions at four times their angle. */
function gridAxis(face: Face, coneCos: number): [number, number] {
  const { X, Y, nn, nnD2 } = face;
  const m = X.length;
  const c4 = new Float64Array(m);
  const s4 = new Float64Array(m);
  const use = new Uint8Array(m);
  let sumC = 0;
  let sumS = 0;
  let count = 0;
  for (let i = 0; i < m; i++) {
    const j = nn[i];
    if (j < 0 || !(nnD2[i] > 0)) continue;
    const dx = X[j] - X[i];
    const dy = Y[j] - Y[i];
    const r2 = nnD2[i];
    const c2 = (dx * dx - dy * dy) / r2;
    const s2 = (2 * dx * dy) / r2;
    c4[i] = c2 * c2 - s2 * s2;
    s4[i] = 2 * c2 * s2;
    use[i] = 1;
    sumC += c4[i];
    sumS += s4[i];
    count++;
  }
  const norm = Math.sqrt(sumC * sumC + sumS * sumS);
  if (!(norm > 1e-9 * count)) return [1, 0];
  let ec = sumC / norm;
  let es = sumS / norm;
  // Refinement: only the directions within the cone around the first estimate.
  let rc = 0;
  let rs = 0;
  let rn = 0;
  for (let i = 0; i < m; i++) {
    if (use[i] === 0) continue;
    if (c4[i] * ec + s4[i] * es >= coneCos) {
      rc += c4[i];
      rs += s4[i];
      rn++;
    }
  }
  const rNorm = Math.sqrt(rc * rc + rs * rs);
  if (rNorm > 1e-9 * rn) {
    ec = rc / rNorm;
    es = rs / rNorm;
  }
  const [c2, s2] = halfAngleRef(ec, es);
  const [c1, s1] = halfAngleRef(c2, s2);
  const n = Math.sqrt(c1 * c1 + s1 * s1);
  return [c1 / n, s1 / n];
}

/** The lower median of the nearest-neighbour distances (0 for a lone module). */
function medianSpacing(face: Face): number {
  const m = face.X.length;
  if (m < 2) return 0;
  const d = new Float64Array(m);
  for (let i = 0; i < m; i++) d[i] = Math.sqrt(face.nnD2[i]);
  d.sort();
  return d[(m - 1) >> 1];
}

/** The serpentine path over the face's lines along axis (ax, ay): local indices. */
function serpentine(face: Face, ax: number, ay: number, tol: number, variant: number): number[] {
  const { X, Y } = face;
  const m = X.length;
  const along = new Float64Array(m);
  const across = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    along[i] = X[i] * ax + Y[i] * ay;
    across[i] = Y[i] * ax - X[i] * ay;
  }
  const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => across[a] - across[b] || a - b);
  const path: number[] = [];
  let line: number[] = [];
  let lineNo = 0;
  const flush = () => {
    line.sort((a, b) => along[a] - along[b] || a - b);
    if ((lineNo & 1) !== variant) line.reverse();
    path.push(...line);
    line = [];
    lineNo++;
  };
  for (let t = 0; t < m; t++) {
    if (t > 0 && across[order[t]] - across[order[t - 1]] > tol) flush();
    line.push(order[t]);
  }
  if (line.length > 0) flush();
  return path;
}

/** Steps of the path longer than the jump threshold (squared length > hop2). */
function jumps(face: Face, path: number[], hop2: number): number {
  let n = 0;
  for (let t = 0; t + 1 < path.length; t++) {
    const dx = face.X[path[t + 1]] - face.X[path[t]];
    const dy = face.Y[path[t + 1]] - face.Y[path[t]];
    if (dx * dx + dy * dy > hop2) n++;
  }
  return n;
}

/** Votes of the nearest-neighbour directions for axis A (|v·A| ≥ |v·B|) and for B. */
function votes(face: Face, ax: number, ay: number): [number, number] {
  const bx = -ay;
  const by = ax;
  let a = 0;
  let b = 0;
  for (let i = 0; i < face.X.length; i++) {
    const j = face.nn[i];
    if (j < 0 || !(face.nnD2[i] > 0)) continue;
    const dx = face.X[j] - face.X[i];
    const dy = face.Y[j] - face.Y[i];
    if (Math.abs(dx * ax + dy * ay) >= Math.abs(dx * bx + dy * by)) a++;
    else b++;
  }
  return [a, b];
}

/** The string length for m modules: n, or the one in [min, max] leaving the fewest over (ties: longest). */
export function stringLengthRef(m: number, min: number, max: number): number {
  let best = max;
  let bestR = m % max;
  for (let L = max - 1; L >= min; L--) {
    const r = m % L;
    if (r < bestR) {
      best = L;
      bestR = r;
    }
  }
  return best;
}

/** Σ over the chunks [s + jL, s + (j+1)L) of the chunk's loss spread (max − min). */
function spreadSum(path: number[], loss: Float64Array, s: number, L: number, k: number): number {
  let sum = 0;
  for (let j = 0; j < k; j++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let t = s + j * L; t < s + (j + 1) * L; t++) {
      const v = loss[path[t]];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    sum += hi - lo;
  }
  return sum;
}

/** Strings of one face: the chosen path (local indices), the chunk offset and length, the count. */
function stringFace(face: Face, f64: Float64Array, lenMin: number, lenMax: number, loss: Float64Array | null): { path: number[]; s: number; L: number; k: number } {
  const m = face.X.length;
  nearestNeighbours(face);
  const [ax, ay] = gridAxis(face, f64[StringingIn.CONE_COS]);
  const bx = -ay;
  const by = ax;
  const d = medianSpacing(face);
  const tol = f64[StringingIn.LINE_TOLERANCE] * d;
  const hop = f64[StringingIn.HOP_FACTOR] * d;
  const hop2 = hop * hop;
  const pathA = serpentine(face, ax, ay, tol, 0);
  const pathB = serpentine(face, bx, by, tol, 0);
  const jA = jumps(face, pathA, hop2);
  const jB = jumps(face, pathB, hop2);
  let rowB: boolean;
  if (jA !== jB) rowB = jB < jA;
  else {
    const [va, vb] = votes(face, ax, ay);
    rowB = vb > va;
  }
  const L = lenMin === lenMax ? lenMin : stringLengthRef(m, lenMin, lenMax);
  const k = Math.floor(m / L);
  const rowPath = rowB ? pathB : pathA;
  if (loss === null || k === 0) return { path: rowPath, s: 0, L, k };
  // Shading: the first candidate with the smallest Σ loss spread.
  const r = m - k * L;
  const axes: [number, number][] = rowB ? [[bx, by]] : [[ax, ay]];
  if (jA === jB) axes.push(rowB ? [ax, ay] : [bx, by]);
  let best = { path: rowPath, s: 0, L, k };
  let bestCost = Infinity;
  for (const [ux, uy] of axes) {
    for (let variant = 0; variant < 2; variant++) {
      const path = serpentine(face, ux, uy, tol, variant);
      for (let s = 0; s <= r; s++) {
        const cost = spreadSum(path, loss, s, L, k);
        if (cost < bestCost) {
          bestCost = cost;
          best = { path, s, L, k };
        }
      }
    }
  }
  return best;
}

/** The stringing kernel's reference: engine/abi.ts "stringing". */
export function stringingRef(f64: Float64Array, i32: Int32Array): KernelResult {
  if (i32.length < StringingInI32.HEADER || f64.length < StringingIn.HEADER) return bad();
  const n = i32[StringingInI32.N_MODULES];
  const nFaces = i32[StringingInI32.N_FACES];
  const lenMin = i32[StringingInI32.LENGTH_MIN];
  const lenMax = i32[StringingInI32.LENGTH_MAX];
  const shading = i32[StringingInI32.SHADING];
  if (n < 0 || nFaces < 0 || lenMin < 1 || lenMax < lenMin || (shading !== 0 && shading !== 1)) return bad();
  if (i32.length !== StringingInI32.HEADER + n || f64.length !== StringingIn.HEADER + (2 + shading) * n) return bad();
  for (let k = 0; k < StringingIn.HEADER; k++) if (!Number.isFinite(f64[k])) return bad();
  const H = StringingIn.HEADER;
  const members: number[][] = Array.from({ length: nFaces }, () => []);
  for (let i = 0; i < n; i++) {
    const face = i32[StringingInI32.HEADER + i];
    if (face < 0 || face >= nFaces) return bad();
    if (!Number.isFinite(f64[H + 2 * i]) || !Number.isFinite(f64[H + 2 * i + 1])) return bad();
    if (shading === 1 && !Number.isFinite(f64[H + 2 * n + i])) return bad();
    members[face].push(i);
  }
  const assigned = new Uint8Array(n);
  const strings: number[] = [];
  const order: number[] = [];
  for (let f = 0; f < nFaces; f++) {
    const idx = members[f];
    const m = idx.length;
    if (m === 0) continue;
    const x0 = f64[H + 2 * idx[0]];
    const y0 = f64[H + 2 * idx[0] + 1];
    const face: Face = { idx, X: new Float64Array(m), Y: new Float64Array(m), nn: new Int32Array(m), nnD2: new Float64Array(m) };
    for (let i = 0; i < m; i++) {
      face.X[i] = f64[H + 2 * idx[i]] - x0;
      face.Y[i] = f64[H + 2 * idx[i] + 1] - y0;
    }
    let loss: Float64Array | null = null;
    if (shading === 1) {
      loss = new Float64Array(m);
      for (let i = 0; i < m; i++) loss[i] = f64[H + 2 * n + idx[i]];
    }
    const { path, s, L, k } = stringFace(face, f64, lenMin, lenMax, loss);
    for (let j = 0; j < k; j++) {
      strings.push(f, order.length, L);
      for (let t = s + j * L; t < s + (j + 1) * L; t++) {
        order.push(idx[path[t]]);
        assigned[idx[path[t]]] = 1;
      }
    }
  }
  const unassigned: number[] = [];
  for (let i = 0; i < n; i++) if (assigned[i] === 0) unassigned.push(i);
  const out = new Int32Array(StringingOutI32.HEADER + strings.length + order.length + unassigned.length);
  out[StringingOutI32.STATUS] = Status.OK;
  out[StringingOutI32.N_STRINGS] = strings.length / 3;
  out[StringingOutI32.N_ORDERED] = order.length;
  out[StringingOutI32.N_UNASSIGNED] = unassigned.length;
  out.set(strings, StringingOutI32.HEADER);
  out.set(order, StringingOutI32.HEADER + strings.length);
  out.set(unassigned, StringingOutI32.HEADER + strings.length + order.length);
  return { status: Status.OK, f64: new Float64Array(0), i32: out };
}
