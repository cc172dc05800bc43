// A uniform grid over segments and points, so that the pairs to test in the plan graph are the pairs
// that share a cell: about O(n) work for a drawing whose lines are short against its extent.
// Each segment is registered in every cell that its tol-neighbourhood (the segment grown by a square
// of half-side `pad`) overlaps, column by column; each point in the one cell containing it. Hence a
// point within pad of a segment, and two segments within pad of each other, always share a cell.

export class SegGrid {
  x0: f64;
  y0: f64;
  inv: f64;
  size: f64;
  nx: i32;
  ny: i32;
  pad: f64;
  /** Cell → segments (CSR): cellSegs[cellStart[c] .. cellStart[c + 1]), ascending segment index. */
  cellStart: StaticArray<i32> = new StaticArray<i32>(0);
  cellSegs: StaticArray<i32> = new StaticArray<i32>(0);
  /** Segment → cells (CSR), in traversal order. */
  segStart: StaticArray<i32> = new StaticArray<i32>(0);
  segCells: StaticArray<i32> = new StaticArray<i32>(0);
  /** Scratch while building segCells. */
  private buf: StaticArray<i32> = new StaticArray<i32>(0);
  private bufLen: i32 = 0;
  /** Cell → points (CSR), ascending point index. */
  ptStart: StaticArray<i32> = new StaticArray<i32>(0);
  ptIds: StaticArray<i32> = new StaticArray<i32>(0);

  /**
   * vx, vy: vertex coordinates; segA/segB: segment end vertex indices (nSeg of them);
   * pts: vertex indices of the points to register; pad: the tolerance [m].
   */
  constructor(vx: Array<f64>, vy: Array<f64>, segA: Array<i32>, segB: Array<i32>, pts: Array<i32>, pad: f64) {
    const nSeg = segA.length;
    const nPts = pts.length;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i: i32 = 0; i < nSeg; i++) {
      const a = segA[i];
      const b = segB[i];
      const ax = vx[a];
      const ay = vy[a];
      const bx = vx[b];
      const by = vy[b];
      minX = Math.min(minX, Math.min(ax, bx));
      maxX = Math.max(maxX, Math.max(ax, bx));
      minY = Math.min(minY, Math.min(ay, by));
      maxY = Math.max(maxY, Math.max(ay, by));
    }
    for (let i: i32 = 0; i < nPts; i++) {
      const p = pts[i];
      minX = Math.min(minX, vx[p]);
      maxX = Math.max(maxX, vx[p]);
      minY = Math.min(minY, vy[p]);
      maxY = Math.max(maxY, vy[p]);
    }
    if (nSeg + nPts == 0) {
      minX = 0.0;
      minY = 0.0;
      maxX = 0.0;
      maxY = 0.0;
    }
    // Slack for the rounding of the column y-ranges below.
    const span = Math.max(maxX - minX, maxY - minY);
    const scale = Math.max(Math.max(Math.abs(minX), Math.abs(maxX)), Math.max(Math.abs(minY), Math.abs(maxY)));
    pad = pad + 1e-9 * span + 1e-14 * scale + 1e-300;
    this.pad = pad;
    minX -= pad;
    minY -= pad;
    maxX += pad;
    maxY += pad;
    const w = maxX - minX;
    const h = maxY - minY;
    // About one cell per item; never more cells than items along either axis.
    const items = <f64>(nSeg + nPts + 1);
    let size = Math.sqrt((w * h) / items);
    size = Math.max(size, Math.max(w, h) / items);
    if (!(size > 0.0)) size = 1.0;
    let nx = <i32>Math.min(Math.floor(w / size) + 1.0, items + 1.0);
    let ny = <i32>Math.min(Math.floor(h / size) + 1.0, items + 1.0);
    if (nx < 1) nx = 1;
    if (ny < 1) ny = 1;
    this.x0 = minX;
    this.y0 = minY;
    this.size = size;
    this.inv = 1.0 / size;
    this.nx = nx;
    this.ny = ny;
    const nCells = nx * ny;

    // Segment → cells, in one walk per segment (appended to a buffer that doubles when full).
    // Segment ends are vertex indices in range of vx, vy (checked by the bounding box loop above).
    const segStart = new StaticArray<i32>(nSeg + 1);
    this.buf = new StaticArray<i32>(nSeg * 4 + 16);
    this.bufLen = 0;
    for (let i: i32 = 0; i < nSeg; i++) {
      unchecked((segStart[i] = this.bufLen));
      const a = unchecked(segA[i]);
      const b = unchecked(segB[i]);
      this.visit(unchecked(vx[a]), unchecked(vy[a]), unchecked(vx[b]), unchecked(vy[b]));
    }
    const total = this.bufLen;
    segStart[nSeg] = total;
    const segCells = new StaticArray<i32>(total);
    memory.copy(changetype<usize>(segCells), changetype<usize>(this.buf), (<usize>total) << 2);
    this.buf = new StaticArray<i32>(0);
    this.segStart = segStart;
    this.segCells = segCells;

    // Cell → segments by a counting sort (keeps segments ascending within a cell).
    const cellStart = new StaticArray<i32>(nCells + 1);
    for (let k: i32 = 0; k < total; k++) unchecked(cellStart[unchecked(segCells[k]) + 1]++);
    for (let c: i32 = 0; c < nCells; c++) unchecked((cellStart[c + 1] += cellStart[c]));
    const fill = new StaticArray<i32>(nCells);
    const cellSegs = new StaticArray<i32>(total);
    for (let i: i32 = 0; i < nSeg; i++) {
      for (let k = unchecked(segStart[i]), e = unchecked(segStart[i + 1]); k < e; k++) {
        const c = unchecked(segCells[k]);
        unchecked((cellSegs[cellStart[c] + fill[c]] = i));
        unchecked(fill[c]++);
      }
    }
    this.cellStart = cellStart;
    this.cellSegs = cellSegs;

    // Cell → points.
    const ptStart = new StaticArray<i32>(nCells + 1);
    const ptCell = new StaticArray<i32>(nPts);
    for (let i: i32 = 0; i < nPts; i++) {
      const c = this.cellAt(vx[pts[i]], vy[pts[i]]);
      unchecked((ptCell[i] = c));
      unchecked(ptStart[c + 1]++);
    }
    for (let c: i32 = 0; c < nCells; c++) unchecked((ptStart[c + 1] += ptStart[c]));
    const pfill = new StaticArray<i32>(nCells);
    const ptIds = new StaticArray<i32>(nPts);
    for (let i: i32 = 0; i < nPts; i++) {
      const c = unchecked(ptCell[i]);
      unchecked((ptIds[ptStart[c] + pfill[c]] = pts[i]));
      unchecked(pfill[c]++);
    }
    this.ptStart = ptStart;
    this.ptIds = ptIds;
  }

  // @ts-ignore: decorator
  @inline
  colOf(x: f64): i32 {
    const c = Math.floor((x - this.x0) * this.inv);
    if (c < 0.0) return 0;
    if (c >= <f64>this.nx) return this.nx - 1;
    return <i32>c;
  }

  // @ts-ignore: decorator
  @inline
  rowOf(y: f64): i32 {
    const c = Math.floor((y - this.y0) * this.inv);
    if (c < 0.0) return 0;
    if (c >= <f64>this.ny) return this.ny - 1;
    return <i32>c;
  }

  /** The cell containing (x, y) (clamped to the grid). */
  cellAt(x: f64, y: f64): i32 {
    return this.rowOf(y) * this.nx + this.colOf(x);
  }

  /** Appends the cells of segment (a, b) grown by pad, column by column, to buf. */
  private visit(ax: f64, ay: f64, bx: f64, by: f64): void {
    const pad = this.pad;
    const sxMin = Math.min(ax, bx);
    const sxMax = Math.max(ax, bx);
    const syMin = Math.min(ay, by);
    const syMax = Math.max(ay, by);
    const c0 = this.colOf(sxMin - pad);
    const c1 = this.colOf(sxMax + pad);
    const dx = bx - ax;
    const dy = by - ay;
    for (let c = c0; c <= c1; c++) {
      let ylo: f64;
      let yhi: f64;
      if (c0 == c1 || dx == 0.0) {
        ylo = syMin;
        yhi = syMax;
      } else {
        // The part of the segment whose x lies within pad of this column.
        const colL = this.x0 + <f64>c * this.size - pad;
        const colR = this.x0 + <f64>(c + 1) * this.size + pad;
        const xl = Math.max(colL, sxMin);
        const xr = Math.min(colR, sxMax);
        if (xl > xr) continue;
        let tl = (xl - ax) / dx;
        let tr = (xr - ax) / dx;
        tl = Math.min(1.0, Math.max(0.0, tl));
        tr = Math.min(1.0, Math.max(0.0, tr));
        const yl = ay + tl * dy;
        const yr = ay + tr * dy;
        ylo = Math.max(Math.min(yl, yr), syMin);
        yhi = Math.min(Math.max(yl, yr), syMax);
      }
      const r0 = this.rowOf(ylo - pad);
      const r1 = this.rowOf(yhi + pad);
      const n = r1 - r0 + 1;
      let at = this.bufLen;
      if (at + n > this.buf.length) this.grow(at + n);
      const buf = this.buf;
      // (at + n ≤ buf.length: grown above)
      for (let r = r0; r <= r1; r++) unchecked((buf[at++] = r * this.nx + c));
      this.bufLen = at;
    }
  }

  /** Grows buf to hold at least `need` entries (doubling), keeping its first bufLen. */
  private grow(need: i32): void {
    let cap = this.buf.length << 1;
    if (cap < need) cap = need;
    const next = new StaticArray<i32>(cap);
    memory.copy(changetype<usize>(next), changetype<usize>(this.buf), (<usize>this.bufLen) << 2);
    this.buf = next;
  }
}
