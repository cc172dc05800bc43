// The outline as a polygon: inside/outside of a point (crossing number of a ray towards +x over
// horizontal slabs of edges, exact sidedness by orient2d), with "on the boundary" meaning within tol
// of an outline edge (found through the outline's segment grid).
import { dist2ToSegment, side } from './graph';
import { SegGrid } from './seggrid';
import { RoofState } from './state';

export const OUTSIDE: i32 = -1;
export const ON_BOUNDARY: i32 = 0;
export const INSIDE: i32 = 1;

/** Point location in the outline polygon (edges s.olA/olB). */
export class PolygonIndex {
  y0: f64;
  y1: f64;
  inv: f64;
  nSlab: i32;
  slabStart: StaticArray<i32> = new StaticArray<i32>(0);
  slabEdges: StaticArray<i32> = new StaticArray<i32>(0);
  s: RoofState;
  grid: SegGrid;

  constructor(s: RoofState, grid: SegGrid) {
    this.s = s;
    this.grid = grid;
    const m = s.olA.length;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (let k: i32 = 0; k < m; k++) {
      y0 = Math.min(y0, Math.min(s.vy[s.olA[k]], s.vy[s.olB[k]]));
      y1 = Math.max(y1, Math.max(s.vy[s.olA[k]], s.vy[s.olB[k]]));
    }
    this.y0 = y0;
    this.y1 = y1;
    let nSlab = m < 4096 ? m : 4096;
    if (nSlab < 1) nSlab = 1;
    this.nSlab = nSlab;
    const span = y1 - y0;
    this.inv = span > 0.0 ? <f64>nSlab / span : 0.0;
    const start = new StaticArray<i32>(nSlab + 1);
    for (let k: i32 = 0; k < m; k++) {
      const ya = s.vy[s.olA[k]];
      const yb = s.vy[s.olB[k]];
      const lo = this.slab(Math.min(ya, yb));
      const hi = this.slab(Math.max(ya, yb));
      for (let q = lo; q <= hi; q++) start[q + 1]++;
    }
    for (let q: i32 = 0; q < nSlab; q++) start[q + 1] += start[q];
    const fill = new StaticArray<i32>(nSlab);
    const edges = new StaticArray<i32>(start[nSlab]);
    for (let k: i32 = 0; k < m; k++) {
      const ya = s.vy[s.olA[k]];
      const yb = s.vy[s.olB[k]];
      const lo = this.slab(Math.min(ya, yb));
      const hi = this.slab(Math.max(ya, yb));
      for (let q = lo; q <= hi; q++) {
        edges[start[q] + fill[q]] = k;
        fill[q]++;
      }
    }
    this.slabStart = start;
    this.slabEdges = edges;
  }

  private slab(y: f64): i32 {
    const q = Math.floor((y - this.y0) * this.inv);
    if (q < 0.0) return 0;
    if (q >= <f64>this.nSlab) return this.nSlab - 1;
    return <i32>q;
  }

  /** ON_BOUNDARY (within tol of an edge), INSIDE or OUTSIDE. */
  locate(px: f64, py: f64): i32 {
    const s = this.s;
    const vx = s.vx;
    const vy = s.vy;
    const g = this.grid;
    const cell = g.cellAt(px, py);
    const olA = s.olA;
    const olB = s.olB;
    const tol2 = s.tol * s.tol;
    // Cells, grid entries, slab entries and edge ends are in range by construction.
    for (let q = unchecked(g.cellStart[cell]), qe = unchecked(g.cellStart[cell + 1]); q < qe; q++) {
      const e = unchecked(g.cellSegs[q]);
      const a = unchecked(olA[e]);
      const b = unchecked(olB[e]);
      if (dist2ToSegment(px, py, unchecked(vx[a]), unchecked(vy[a]), unchecked(vx[b]), unchecked(vy[b])) <= tol2) return ON_BOUNDARY;
    }
    if (py < this.y0 || py > this.y1) return OUTSIDE;
    const q = this.slab(py);
    let inside = false;
    const slabEdges = this.slabEdges;
    for (let k = unchecked(this.slabStart[q]), e = unchecked(this.slabStart[q + 1]); k < e; k++) {
      const edge = unchecked(slabEdges[k]);
      const a = unchecked(olA[edge]);
      const b = unchecked(olB[edge]);
      const ax = unchecked(vx[a]);
      const ay = unchecked(vy[a]);
      const bx = unchecked(vx[b]);
      const by = unchecked(vy[b]);
      if (ay > py != by > py) {
        // The edge straddles the horizontal through p: is p left of the upward edge?
        const sd = ay < by ? side(ax, ay, bx, by, px, py) : side(bx, by, ax, ay, px, py);
        if (sd > 0) inside = !inside;
      }
    }
    return inside ? INSIDE : OUTSIDE;
  }
}
