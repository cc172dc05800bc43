// Nearest neighbours of points in the plane through a uniform grid of cells (the stringing kernel's
// first step, engine/abi.ts "stringing" 1). The answer is the exact one the brute force of the
// TypeScript reference gives: the smallest (squared distance, index) — ties to the lower index —
// with the squared distance computed by the same expression.
//
// Cells of side h ≥ max(√(W·H/m), max(W, H)/m) over the bounding box W × H: at most about 3m cells.
// A point's search grows square rings of cells around its own; once ring r is done, every point not
// yet seen lies at least r·h away, so the search stops when the best squared distance is below
// ((r − 10⁻⁶)·h)² (the slack covers the rounding of the cell assignment).

/**
 * For each of the m points (X[i], Y[i]) [m]: nn[i] the index of its nearest other point (−1 when
 * m < 2) and nnD2[i] its squared distance [m²] (+∞ when none).
 */
export function nearestNeighbours(X: StaticArray<f64>, Y: StaticArray<f64>, m: i32, nn: StaticArray<i32>, nnD2: StaticArray<f64>): void {
  if (m < 2) {
    for (let i = 0; i < m; i++) {
      nn[i] = -1;
      nnD2[i] = Infinity;
    }
    return;
  }
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < m; i++) {
    const x = X[i];
    const y = Y[i];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const W = maxX - minX;
  const H = maxY - minY;
  let h = Math.sqrt((W * H) / <f64>m);
  const lin = (W > H ? W : H) / <f64>m;
  if (lin > h) h = lin;
  if (!(h > 0.0)) h = 1.0;
  const nx = <i32>Math.floor(W / h) + 1;
  const ny = <i32>Math.floor(H / h) + 1;
  const nCells = nx * ny;
  // Cells as CSR: cellStart[c] .. cellStart[c + 1] in items.
  const cellOf = new StaticArray<i32>(m);
  const cellStart = new StaticArray<i32>(nCells + 1);
  for (let i = 0; i < m; i++) {
    let cx = <i32>Math.floor((unchecked(X[i]) - minX) / h);
    let cy = <i32>Math.floor((unchecked(Y[i]) - minY) / h);
    if (cx >= nx) cx = nx - 1;
    if (cy >= ny) cy = ny - 1;
    const c = cx + cy * nx;
    unchecked((cellOf[i] = c));
    unchecked(cellStart[c + 1]++);
  }
  for (let c = 0; c < nCells; c++) unchecked((cellStart[c + 1] += cellStart[c]));
  const fill = new StaticArray<i32>(nCells);
  const items = new StaticArray<i32>(m);
  for (let i = 0; i < m; i++) {
    const c = unchecked(cellOf[i]);
    unchecked((items[unchecked(cellStart[c]) + unchecked(fill[c])] = i));
    unchecked(fill[c]++);
  }
  const maxRing = nx > ny ? nx : ny;
  for (let i = 0; i < m; i++) {
    const xi = unchecked(X[i]);
    const yi = unchecked(Y[i]);
    const c = unchecked(cellOf[i]);
    const cx = c % nx;
    const cy = c / nx;
    let best = Infinity;
    let bj = -1;
    for (let r = 0; r <= maxRing; r++) {
      for (let dy = -r; dy <= r; dy++) {
        const y = cy + dy;
        if (y < 0 || y >= ny) continue;
        const edge = dy == -r || dy == r;
        const step = edge ? 1 : 2 * r;
        for (let dx = -r; dx <= r; dx += step > 0 ? step : 1) {
          const x = cx + dx;
          if (x < 0 || x >= nx) continue;
          const cc = x + y * nx;
          const e = unchecked(cellStart[cc + 1]);
          for (let t = unchecked(cellStart[cc]); t < e; t++) {
            const j = unchecked(items[t]);
            if (j == i) continue;
            const ddx = unchecked(X[j]) - xi;
            const ddy = unchecked(Y[j]) - yi;
            const d2 = ddx * ddx + ddy * ddy;
            if (d2 < best || (d2 == best && j < bj)) {
              best = d2;
              bj = j;
            }
          }
        }
      }
      if (bj >= 0 && r >= 1) {
        const lim = (<f64>r - 1e-6) * h;
        if (best < lim * lim) break;
      }
    }
    unchecked((nn[i] = bj));
    unchecked((nnD2[i] = best));
  }
}
