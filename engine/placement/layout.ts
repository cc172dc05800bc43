// layout: modules on one roof face (docs/ENGINE-API.md "layout"; arrays and rules in engine/abi.ts,
// section layout). The host has turned the face, its setback, the keep-outs and their setbacks into
// polygons and the module, mounting and gaps into a footprint grid; this kernel decides which grid
// positions are free.
//
// Row-band interval arithmetic: the edges are bucketed by the rows whose band their v-range meets.
// Per row, each edge of its bucket is clipped to the band and blocks the run of grid columns its
// u-range overlaps (a difference array); the edges crossing the band's centre line, sorted by u, give
// by a sweep whether each unblocked column's centre lies in the allowed area. O(rows·columns + edge
// row-spans + crossings·log) — no candidate is ever tested against a polygon.
import { Align, LayoutIn, LayoutOutI32, LayoutStride, PolygonKind, Status } from '../abi';
import { getInputF64, getInputI32, setOutputF64, setOutputI32 } from '../buffers';
import { blockedColumns, blockFrom, blockTo, clipEdge, clipHi, clipLo, columnU, sortCrossings } from './band';

/** A finite f64 (not NaN, not ±∞). */
// @ts-ignore: decorator
@inline
function finite(x: f64): bool {
  return x - x == 0.0;
}

function writeStatus(status: Status, nRows: i32, nCols: i32): i32 {
  const out = new Array<i32>(<i32>LayoutOutI32.HEADER);
  out[LayoutOutI32.STATUS] = <i32>status;
  out[LayoutOutI32.N_ROWS] = nRows;
  out[LayoutOutI32.N_COLS] = nCols;
  setOutputI32(out);
  setOutputF64(new Array<f64>(0));
  return <i32>status;
}

/** The number of grid positions along one axis (engine/abi.ts: floor((extent − size + eps)/pitch) + 1). */
function gridCount(lo: f64, hi: f64, size: f64, pitch: f64, eps: f64): f64 {
  const room = hi - lo - size + eps;
  if (room < 0.0) return 0.0;
  return Math.floor(room / pitch) + 1.0;
}

/** The grid origin along one axis for the alignment. */
function gridOrigin(lo: f64, hi: f64, size: f64, pitch: f64, n: i32, align: i32): f64 {
  if (align == <i32>Align.END) return hi - size - <f64>(n - 1) * pitch;
  if (align == <i32>Align.CENTER) return lo + (hi - lo - size - <f64>(n - 1) * pitch) * 0.5;
  return lo;
}

export function layout(): i32 {
  const f = getInputF64();
  const ni = getInputI32();
  const H = <i32>LayoutIn.HEADER;
  if (f.length < H || ni.length < 1) return writeStatus(Status.BAD_INPUT, 0, 0);
  for (let k = 0; k < H; k++) if (!finite(f[k])) return writeStatus(Status.BAD_INPUT, 0, 0);
  const ux = f[LayoutIn.UX];
  const uy = f[LayoutIn.UY];
  const vx = f[LayoutIn.VX];
  const vy = f[LayoutIn.VY];
  const width = f[LayoutIn.WIDTH];
  const depth = f[LayoutIn.DEPTH];
  const pu = f[LayoutIn.PITCH_U];
  const pv = f[LayoutIn.PITCH_V];
  const eps = f[LayoutIn.EPS];
  const alignX = <i32>f[LayoutIn.ALIGN_X];
  const alignY = <i32>f[LayoutIn.ALIGN_Y];
  const maxModules = f[LayoutIn.MAX_MODULES];
  const perColumn = <i32>f[LayoutIn.PER_COLUMN];
  const maxCandidates = f[LayoutIn.MAX_CANDIDATES];
  if (!(width > 0.0) || !(eps >= 0.0) || !(depth > 2.0 * eps) || !(pu > 0.0) || !(pv > 0.0)) return writeStatus(Status.BAD_INPUT, 0, 0);
  if (alignX < 0 || alignX > 2 || alignY < 0 || alignY > 2 || perColumn < 1 || perColumn > 1000) return writeStatus(Status.BAD_INPUT, 0, 0);

  // ── polygons ──
  const nPoly = ni[0];
  if (nPoly < 0 || <i64>ni.length < 1 + 2 * <i64>nPoly) return writeStatus(Status.BAD_INPUT, 0, 0);
  const kind = new StaticArray<i32>(nPoly);
  const start = new StaticArray<i32>(nPoly + 1);
  let total: i64 = 0;
  for (let p = 0; p < nPoly; p++) {
    const k = ni[1 + 2 * p];
    const count = ni[2 + 2 * p];
    if ((k != <i32>PolygonKind.REGION && k != <i32>PolygonKind.KEEPOUT) || count < 3) return writeStatus(Status.BAD_INPUT, 0, 0);
    kind[p] = k;
    start[p] = <i32>total;
    total += count;
  }
  if (<i64>f.length < <i64>H + 2 * total) return writeStatus(Status.BAD_INPUT, 0, 0);
  const nV = <i32>total;
  start[nPoly] = nV;
  // Frame coordinates; the extent of the allowed area.
  const U = new StaticArray<f64>(nV);
  const V = new StaticArray<f64>(nV);
  let umin = Infinity;
  let umax = -Infinity;
  let vmin = Infinity;
  let vmax = -Infinity;
  for (let p = 0; p < nPoly; p++) {
    for (let i = start[p]; i < start[p + 1]; i++) {
      const x = f[H + 2 * i];
      const y = f[H + 2 * i + 1];
      if (!finite(x) || !finite(y)) return writeStatus(Status.BAD_INPUT, 0, 0);
      const u = x * ux + y * uy;
      const v = x * vx + y * vy;
      unchecked((U[i] = u));
      unchecked((V[i] = v));
      if (kind[p] == <i32>PolygonKind.REGION) {
        if (u < umin) umin = u;
        if (u > umax) umax = u;
        if (v < vmin) vmin = v;
        if (v > vmax) vmax = v;
      }
    }
  }
  if (!(umax >= umin)) return writeResult(0, 0, 0.0, 0.0, new Array<i32>(0), new Array<i32>(0), new StaticArray<i32>(1), alignX, alignY, maxModules, perColumn);

  // ── the grid ──
  const fCols = gridCount(umin, umax, width, pu, eps);
  const fRows = gridCount(vmin, vmax, depth, pv, eps);
  if (fCols * fRows > maxCandidates || fCols > maxCandidates || fRows > maxCandidates) {
    return writeStatus(Status.FAILED, fRows > 2147483647.0 ? -1 : <i32>fRows, fCols > 2147483647.0 ? -1 : <i32>fCols);
  }
  const nCols = <i32>fCols;
  const nRows = <i32>fRows;
  const u0 = gridOrigin(umin, umax, width, pu, nCols, alignX);
  const v0 = gridOrigin(vmin, vmax, depth, pv, nRows, alignY);
  const placedRow = new Array<i32>(0);
  const placedCol = new Array<i32>(0);
  if (nRows == 0 || nCols == 0) return writeResult(nRows, nCols, u0, v0, placedRow, placedCol, new StaticArray<i32>(1), alignX, alignY, maxModules, perColumn);
  const rowStart = new StaticArray<i32>(nRows + 1);

  // ── edges bucketed by row (CSR): every row whose band the edge's v-range may meet ──
  const edgePoly = new StaticArray<i32>(nV);
  const rowLo = new StaticArray<i32>(nV);
  const rowHi = new StaticArray<i32>(nV);
  const bucketCount = new StaticArray<i32>(nRows + 1);
  for (let p = 0; p < nPoly; p++) {
    const s = start[p];
    const e = start[p + 1];
    for (let i = s; i < e; i++) {
      const j = i + 1 < e ? i + 1 : s;
      const va = unchecked(V[i]);
      const vb = unchecked(V[j]);
      const lo = va < vb ? va : vb;
      const hi = va < vb ? vb : va;
      // A superset: rows with v0 + r·pv ≤ hi and v0 + r·pv + depth ≥ lo, widened by one row.
      let r0 = Math.floor((lo - v0 - depth) / pv) - 1.0;
      let r1 = Math.floor((hi - v0) / pv) + 1.0;
      if (r0 < 0.0) r0 = 0.0;
      if (r1 > <f64>(nRows - 1)) r1 = <f64>(nRows - 1);
      edgePoly[i] = p;
      if (r0 > r1) {
        rowLo[i] = 0;
        rowHi[i] = -1;
        continue;
      }
      rowLo[i] = <i32>r0;
      rowHi[i] = <i32>r1;
      for (let r = <i32>r0; r <= <i32>r1; r++) unchecked((bucketCount[r] = bucketCount[r] + 1));
    }
  }
  const bucketStart = new StaticArray<i32>(nRows + 1);
  let maxBucket = 0;
  for (let r = 0; r < nRows; r++) {
    const c = bucketCount[r];
    if (c > maxBucket) maxBucket = c;
    bucketStart[r + 1] = bucketStart[r] + c;
  }
  const bucket = new StaticArray<i32>(bucketStart[nRows]);
  const fill = new StaticArray<i32>(nRows);
  for (let i = 0; i < nV; i++) {
    for (let r = rowLo[i]; r <= rowHi[i]; r++) {
      unchecked((bucket[bucketStart[r] + fill[r]] = i));
      unchecked((fill[r] = fill[r] + 1));
    }
  }

  // ── rows ──
  const diff = new StaticArray<i32>(nCols + 1);
  const crossU = new StaticArray<f64>(maxBucket);
  const crossP = new StaticArray<i32>(maxBucket);
  const odd = new StaticArray<u8>(nPoly);
  const half = width * 0.5;
  for (let r = 0; r < nRows; r++) {
    rowStart[r] = placedRow.length;
    const v = v0 + <f64>r * pv;
    const bl = v + eps;
    const bh = v + depth - eps;
    const vt = v + depth * 0.5;
    for (let c = 0; c <= nCols; c++) unchecked((diff[c] = 0));
    let nCross = 0;
    for (let q = unchecked(bucketStart[r]), qe = unchecked(bucketStart[r + 1]); q < qe; q++) {
      const i = unchecked(bucket[q]);
      const p = unchecked(edgePoly[i]);
      const j = i + 1 < unchecked(start[p + 1]) ? i + 1 : unchecked(start[p]);
      const ua = unchecked(U[i]);
      const va = unchecked(V[i]);
      const ub = unchecked(U[j]);
      const vb = unchecked(V[j]);
      if (clipEdge(ua, va, ub, vb, bl, bh)) {
        blockedColumns(clipLo, clipHi, u0, pu, width, eps, nCols);
        if (blockFrom <= blockTo) {
          unchecked((diff[blockFrom] = diff[blockFrom] + 1));
          unchecked((diff[blockTo + 1] = diff[blockTo + 1] - 1));
        }
      }
      if (va > vt != vb > vt) {
        unchecked((crossU[nCross] = ua + ((vt - va) * (ub - ua)) / (vb - va)));
        unchecked((crossP[nCross] = p));
        nCross++;
      }
    }
    sortCrossings(crossU, crossP, nCross);
    // Sweep: parity of the allowed area and the number of keep-outs with odd parity, left of the
    // column's centre (a free column's centre is never on a crossing: that edge would block it).
    let blocked = 0;
    let at = 0;
    let regionOdd = 0;
    let keepoutsInside = 0;
    for (let c = 0; c < nCols; c++) {
      blocked += unchecked(diff[c]);
      if (blocked > 0) continue;
      const uc = columnU(u0, pu, c) + half;
      while (at < nCross && unchecked(crossU[at]) < uc) {
        const p = unchecked(crossP[at]);
        if (unchecked(kind[p]) == <i32>PolygonKind.REGION) regionOdd ^= 1;
        else {
          const o = unchecked(odd[p]) ^ 1;
          unchecked((odd[p] = <u8>o));
          keepoutsInside += o == 1 ? 1 : -1;
        }
        at++;
      }
      if (regionOdd == 1 && keepoutsInside == 0) {
        placedRow.push(r);
        placedCol.push(c);
      }
    }
    // The rest of the line: every ring crosses it an even number of times, so parities return to 0.
    for (; at < nCross; at++) {
      const p = unchecked(crossP[at]);
      if (unchecked(kind[p]) == <i32>PolygonKind.KEEPOUT) unchecked((odd[p] = odd[p] ^ 1));
    }
  }
  rowStart[nRows] = placedRow.length;
  return writeResult(nRows, nCols, u0, v0, placedRow, placedCol, rowStart, alignX, alignY, maxModules, perColumn);
}

/** Applies the module cap in packing order and writes the output (engine/abi.ts). */
function writeResult(
  nRows: i32,
  nCols: i32,
  u0: f64,
  v0: f64,
  placedRow: Array<i32>,
  placedCol: Array<i32>,
  rowStart: StaticArray<i32>,
  alignX: i32,
  alignY: i32,
  maxModules: f64,
  perColumn: i32,
): i32 {
  const nPlaced = placedRow.length;
  const modules = new StaticArray<i32>(nPlaced);
  let limit = 0;
  let nModules: i64 = 0;
  if (maxModules < 0.0) {
    for (let q = 0; q < nPlaced; q++) unchecked((modules[q] = perColumn));
    nModules = <i64>nPlaced * <i64>perColumn;
  } else if (nPlaced > 0) {
    let remaining = maxModules;
    for (let ri = 0; ri < nRows; ri++) {
      const r = alignY == <i32>Align.END ? nRows - 1 - ri : ri;
      const s = rowStart[r];
      const e = rowStart[r + 1];
      for (let qi = 0; qi < e - s; qi++) {
        const q = alignX == <i32>Align.END ? e - 1 - qi : s + qi;
        const take = remaining >= <f64>perColumn ? perColumn : <i32>remaining;
        if (take < perColumn) limit = 1;
        unchecked((modules[q] = take));
        remaining -= <f64>take;
        nModules += take;
      }
    }
  }
  let nOut = 0;
  for (let q = 0; q < nPlaced; q++) if (unchecked(modules[q]) > 0) nOut++;
  const H = <i32>LayoutOutI32.HEADER;
  const S = <i32>LayoutStride.COLUMN_I32;
  const out = new Array<i32>(H + S * nOut);
  out[LayoutOutI32.STATUS] = <i32>Status.OK;
  out[LayoutOutI32.N_ROWS] = nRows;
  out[LayoutOutI32.N_COLS] = nCols;
  out[LayoutOutI32.N_PLACED] = nOut;
  out[LayoutOutI32.N_MODULES] = <i32>nModules;
  out[LayoutOutI32.LIMIT_REACHED] = limit;
  let w = H;
  for (let q = 0; q < nPlaced; q++) {
    const m = unchecked(modules[q]);
    if (m == 0) continue;
    unchecked((out[w] = placedRow[q]));
    unchecked((out[w + 1] = placedCol[q]));
    unchecked((out[w + 2] = m));
    w += S;
  }
  const outF = new Array<f64>(<i32>LayoutStride.OUT_F64);
  outF[0] = u0;
  outF[1] = v0;
  setOutputI32(out);
  setOutputF64(outF);
  return <i32>Status.OK;
}
