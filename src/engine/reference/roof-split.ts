// docs/GEOMETRY.md §1.2–1.3 — the planar arrangement of outline edges and interior lines: T-junctions,
// crossings, splitting, and dropping the parts of interior lines outside the outline.
// Deliberately naive (every point against every segment, every segment pair): this is the clear
// reference the engine's grid-accelerated version is checked against.
import { crossProperly, crossingPoint, dist2, dist2ToSegment, nearlyParallel } from './roof-predicates.ts';

/** A straight piece to be split: an outline edge (outlinePos ≥ 0) or an interior line (line ≥ 0). */
export interface Segment {
  a: number;
  b: number;
  /** Input outline position of an outline edge, else −1. */
  outlinePos: number;
  /** Input line index of an interior line, else −1. */
  line: number;
}

/** A kept piece of an interior line, from the base line's a towards its b. */
export interface SubLine {
  a: number;
  b: number;
  line: number;
  /** 0 when the line was not split, else 1..k counted over all k pieces from a to b. */
  sub: number;
}

export interface Arrangement {
  /** Coordinates by point id: input points first (ids 0..nInput−1), then created points. */
  px: number[];
  py: number[];
  nInput: number;
  /** Per input point: it lies on the interior of some segment (relation INTERLINE). */
  onInterior: Uint8Array;
  /** Per created point (id nInput + k): the indices of the segments through it. */
  createdSegs: number[][];
  /** Whether created point k survives (is on the ring or on a kept sub-line). */
  createdKept: boolean[];
  /** The outline ring with every point inserted on its edges, in ring order; empty without outline. */
  ring: number[];
  /** Kept interior sub-lines, by base line then sub index. */
  subLines: SubLine[];
}

export interface ArrangeOptions {
  /** Merge / T-junction distance [m]. */
  tol: number;
  /** Intersection epsilon [m] (nearly parallel pairs never cross). */
  eps: number;
  /** Outline locator (0 boundary, 1 inside, −1 outside); null in split mode (nothing is dropped). */
  locate: ((x: number, y: number) => number) | null;
}

/**
 * Splits the segments (outline edges first, in ring order, then interior lines by input index) at
 * every representative point within tol of their interior and at their proper crossings.
 * `isRep[i]` tells which input points survived snapping.
 */
export function arrange(
  x: Float64Array, y: Float64Array, isRep: readonly boolean[], segs: readonly Segment[], opt: ArrangeOptions,
): Arrangement {
  const nInput = x.length;
  const px = Array.from(x);
  const py = Array.from(y);
  const tol2 = opt.tol * opt.tol;
  const inner: number[][] = segs.map(() => []);
  const onInterior = new Uint8Array(nInput);
  const createdSegs: number[][] = [];

  const addOn = (s: number, id: number): void => {
    const seg = segs[s];
    if (id === seg.a || id === seg.b) return;
    if (!inner[s].includes(id)) inner[s].push(id);
    if (id < nInput) onInterior[id] = 1;
    else if (!createdSegs[id - nInput].includes(s)) createdSegs[id - nInput].push(s);
  };

  // T-junctions: a surviving drawn point within tol of a segment (and not one of its ends: drawn
  // points are more than tol apart — by the same squared test — so it lies off the segment's ends
  // and projects onto its interior) splits it.
  // (The bounding-box tests only skip pairs that cannot qualify — the margin of 2·tol is generous
  // against rounding at the tolerance boundary — so they change no result.)
  const margin = 2 * opt.tol;
  const box = segs.map(({ a, b }) => [Math.min(x[a], x[b]), Math.min(y[a], y[b]), Math.max(x[a], x[b]), Math.max(y[a], y[b])]);
  for (let s = 0; s < segs.length; s++) {
    const { a, b } = segs[s];
    const [x0, y0, x1, y1] = box[s];
    for (let v = 0; v < nInput; v++) {
      if (!isRep[v] || v === a || v === b) continue;
      if (x[v] < x0 - margin || x[v] > x1 + margin || y[v] < y0 - margin || y[v] > y1 + margin) continue;
      if (dist2ToSegment(x[v], y[v], x[a], y[a], x[b], y[b]) <= tol2) addOn(s, v);
    }
  }

  // Crossings of segment pairs in both interiors; a crossing within tol of a drawn point (lowest
  // index first) or of an earlier crossing is that point.
  for (let i = 0; i < segs.length; i++) {
    const si = segs[i];
    for (let j = i + 1; j < segs.length; j++) {
      const sj = segs[j];
      if (si.outlinePos >= 0 && sj.outlinePos >= 0) continue; // the outline is simple (checked)
      const [bi, bj] = [box[i], box[j]];
      if (bi[2] < bj[0] || bj[2] < bi[0] || bi[3] < bj[1] || bj[3] < bi[1]) continue;
      const [ax, ay, bx, by] = [px[si.a], py[si.a], px[si.b], py[si.b]];
      const [cx, cy, dx, dy] = [px[sj.a], py[sj.a], px[sj.b], py[sj.b]];
      if (!crossProperly(ax, ay, bx, by, cx, cy, dx, dy)) continue;
      if (nearlyParallel(ax, ay, bx, by, cx, cy, dx, dy, opt.eps)) continue;
      const [qx, qy] = crossingPoint(ax, ay, bx, by, cx, cy, dx, dy);
      let id = -1;
      for (let v = 0; v < nInput && id < 0; v++) {
        if (isRep[v] && dist2(qx, qy, x[v], y[v]) <= tol2) id = v;
      }
      for (let c = nInput; c < px.length && id < 0; c++) {
        if (dist2(qx, qy, px[c], py[c]) <= tol2) id = c;
      }
      if (id < 0) {
        id = px.length;
        px.push(qx);
        py.push(qy);
        createdSegs.push([]);
      }
      addOn(i, id);
      addOn(j, id);
    }
  }

  // T-junctions of created points: a crossing within tol of a third segment lies on it too (e.g. two
  // lines crossing within tol of an outline edge: without the cut the piece to the edge dangles).
  for (let c = nInput; c < px.length; c++) {
    for (let s = 0; s < segs.length; s++) {
      const { a, b } = segs[s];
      if (c === a || c === b) continue;
      if (dist2ToSegment(px[c], py[c], px[a], py[a], px[b], py[b]) <= tol2) addOn(s, c);
    }
  }

  // Split every segment at its interior points, ordered along it from a to b.
  const ring: number[] = [];
  const subLines: SubLine[] = [];
  for (let s = 0; s < segs.length; s++) {
    const { a, b, outlinePos, line } = segs[s];
    const ux = px[b] - px[a];
    const uy = py[b] - py[a];
    const along = (p: number): number => (px[p] - px[a]) * ux + (py[p] - py[a]) * uy;
    const pts = [a, ...inner[s].slice().sort((p, q) => along(p) - along(q)), b];
    if (outlinePos >= 0) {
      ring.push(...pts.slice(0, -1));
      continue;
    }
    const k = pts.length - 1;
    for (let idx = 0; idx < k; idx++) {
      const p = pts[idx];
      const q = pts[idx + 1];
      if (opt.locate && opt.locate((px[p] + px[q]) / 2, (py[p] + py[q]) / 2) < 0) continue;
      subLines.push({ a: p, b: q, line, sub: k === 1 ? 0 : idx + 1 });
    }
  }

  const createdKept = createdSegs.map(() => false);
  const keep = (p: number): void => {
    if (p >= nInput) createdKept[p - nInput] = true;
  };
  ring.forEach(keep);
  for (const l of subLines) {
    keep(l.a);
    keep(l.b);
  }
  return { px, py, nInput, onInterior, createdSegs, createdKept, ring, subLines };
}
