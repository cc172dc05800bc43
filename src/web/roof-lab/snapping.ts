// Pointer snapping on the plan: to an existing point, onto an outline edge or a roof line, else to
// the grid. Pure: positions in metres, the tolerance in metres (pixels × metres per pixel).
import { allPoints, findPoint, outlineEdges, type DocPoint, type RoofDocument } from './document.ts';

/** Pointer snap radius on screen [px]; a UI hit tolerance, not a geometry tolerance. */
export const SNAP_RADIUS_PX = 10;
/** Grid step that free clicks round to when grid snapping is on [m]. */
export const GRID_SNAP_M = 0.1;

export type SnapTarget =
  | { readonly kind: 'point'; readonly id: string; readonly x: number; readonly y: number }
  /** On outline edge a→b (point ids). */
  | { readonly kind: 'edge'; readonly a: string; readonly b: string; readonly x: number; readonly y: number }
  /** On a roof line. */
  | { readonly kind: 'line'; readonly lineId: string; readonly x: number; readonly y: number }
  | { readonly kind: 'free'; readonly x: number; readonly y: number };

export interface SnapOptions {
  /** Snap radius [m]. */
  readonly tolerance: number;
  /** Grid step [m] for free positions; 0 or absent: none. */
  readonly grid?: number;
  readonly toPoints?: boolean;
  readonly toEdges?: boolean;
  readonly toLines?: boolean;
}

function roundTo(v: number, step: number): number {
  const r = Math.round(v / step) * step;
  // Kill the float noise of the multiplication (0.30000000000000004 → 0.3).
  return Number(r.toFixed(Math.max(0, Math.ceil(-Math.log10(step)) + 2)));
}

/** Parameter t ∈ [0, 1] and distance of the projection of p on segment ab. */
export function projectOnSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  const x = ax + t * dx;
  const y = ay + t * dy;
  return { t, x, y, dist: Math.hypot(px - x, py - y) };
}

/** Projects onto segment ab, keeping the exact coordinate of an axis-parallel segment. */
function onSegment(a: DocPoint, b: DocPoint, x: number, y: number): { x: number; y: number } {
  if (a.x === b.x) return { x: a.x, y };
  if (a.y === b.y) return { x, y: a.y };
  const p = projectOnSegment(x, y, a.x, a.y, b.x, b.y);
  return { x: p.x, y: p.y };
}

export function snap(doc: RoofDocument, x: number, y: number, opts: SnapOptions): SnapTarget {
  const tol = opts.tolerance;
  if (opts.toPoints !== false) {
    let best: DocPoint | null = null;
    let bestD = tol;
    for (const p of allPoints(doc)) {
      const d = Math.hypot(p.x - x, p.y - y);
      if (d <= bestD) {
        bestD = d;
        best = p;
      }
    }
    if (best) return { kind: 'point', id: best.id, x: best.x, y: best.y };
  }
  const gx = opts.grid ? roundTo(x, opts.grid) : x;
  const gy = opts.grid ? roundTo(y, opts.grid) : y;
  // Interior of a segment only: the ends were handled by the point snap.
  const interior = (a: DocPoint, b: DocPoint) => {
    const p = projectOnSegment(x, y, a.x, a.y, b.x, b.y);
    if (p.dist > tol || p.t <= 0 || p.t >= 1) return null;
    // Prefer the grid-rounded position along the segment when it stays on the segment interior.
    const g = onSegment(a, b, gx, gy);
    const q = projectOnSegment(g.x, g.y, a.x, a.y, b.x, b.y);
    if (q.t > 0 && q.t < 1 && Math.hypot(g.x - x, g.y - y) <= tol) return { d: p.dist, x: g.x, y: g.y };
    const e = onSegment(a, b, x, y);
    return { d: p.dist, x: e.x, y: e.y };
  };
  let best: SnapTarget | null = null;
  let bestD = Infinity;
  if (opts.toEdges !== false) {
    for (const [a, b] of outlineEdges(doc)) {
      const hit = interior(a, b);
      if (hit && hit.d < bestD) {
        bestD = hit.d;
        best = { kind: 'edge', a: a.id, b: b.id, x: hit.x, y: hit.y };
      }
    }
  }
  if (opts.toLines !== false) {
    for (const l of doc.lines) {
      const a = findPoint(doc, l.idp1);
      const b = findPoint(doc, l.idp2);
      if (!a || !b) continue;
      const hit = interior(a, b);
      // An outline edge wins a tie: the point then lies on the outline for the height rules.
      if (hit && hit.d < bestD - 1e-9) {
        bestD = hit.d;
        best = { kind: 'line', lineId: l.id, x: hit.x, y: hit.y };
      }
    }
  }
  if (best) return best;
  return { kind: 'free', x: gx, y: gy };
}
