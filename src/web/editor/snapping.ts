// Pointer snapping on the plan (spec 000 §9, docs/GEOMETRY.md §6): pure, positions in plan metres, pixel
// tolerances turned into metres with the view's metres per pixel.
//   • Angles: a segment drawn from a previous point snaps to multiples of 2° (GEOMETRY.angleSnapDeg)
//     relative to the previous segment (to the x axis for the first one), and locks onto an axis
//     (east, north, west, south) when its raw direction is within 2° of it.
//   • Positions: onto existing points, outline edges and roof lines within a radius in pixels.
//     Two radii, not to be confused:
//       SNAP_RADIUS_PX (10 px) — the UI's magnet and pick radius (grabbing a point, a line, snapping
//                               the cursor while drawing). A usability choice, not a spec number.
//       GEOMETRY.pixelSnap (1 px) — the spec's geometry snap: with Shift held (free drawing: no magnet,
//                               no angle snap) a position still merges onto a point/edge within 1 px.
//   • Lines shorter than 20 px (GEOMETRY.minDrawnLinePx, at the current metres per pixel) are filtered:
//     the tools do not create them and show the hint TOO_SHORT_HINT.
import { GEOMETRY } from '../../model/constants.ts';
import type { BuildingDocument } from '../../model/design.ts';
import { outlineEdges, resolvedLines, segmentDistance } from './document/building.ts';

/** UI magnet / pick radius [px] (see the file header). */
export const SNAP_RADIUS_PX = 10;
/** A raw direction within this of an axis locks onto the axis [°]. */
export const AXIS_LOCK_DEG = GEOMETRY.angleSnapDeg;
/** i18n key of the overlay hint shown when a drawn line is filtered as too short. */
export const TOO_SHORT_HINT = 'editor.hint.tooShort';

export type SnapTarget =
  | { readonly kind: 'point'; readonly buildingId: string; readonly pointId: string; readonly x: number; readonly y: number }
  /** On the interior of outline edge a→b (point ids) of a building. */
  | { readonly kind: 'edge'; readonly buildingId: string; readonly a: string; readonly b: string; readonly x: number; readonly y: number }
  /** On the interior of a roof line. */
  | { readonly kind: 'line'; readonly buildingId: string; readonly lineId: string; readonly x: number; readonly y: number }
  /** A point of the shape being drawn (not yet in the document), by index. */
  | { readonly kind: 'draft'; readonly index: number; readonly x: number; readonly y: number }
  | { readonly kind: 'free'; readonly x: number; readonly y: number };

export interface SnapQuery {
  /** Cursor [m]. */
  readonly x: number;
  readonly y: number;
  /** Metres per CSS pixel of the view. */
  readonly mPerPx: number;
  /** Free drawing: 1 px geometry snap only, no angle snap. */
  readonly shift?: boolean;
  /** The previous point of the segment being drawn (enables the angle snap). */
  readonly from?: readonly [number, number] | null;
  /** Direction of the previous segment [rad] (the angle snap is relative to it); absent: the x axis. */
  readonly prevAngle?: number | null;
  /** Points of the shape being drawn that the cursor may snap to (they come first). */
  readonly draft?: readonly (readonly [number, number])[];
  readonly toPoints?: boolean;
  readonly toEdges?: boolean;
  readonly toLines?: boolean;
  /** Only this building's points, edges and lines. */
  readonly buildingId?: string;
  /** Point ids to skip (e.g. the point being dragged). */
  readonly exclude?: ReadonlySet<string>;
}

export interface SnapResult {
  readonly target: SnapTarget;
  /** Whether the angle snap moved the position, and the axis it locked onto. */
  readonly angleSnapped: boolean;
  readonly axis: 'x' | 'y' | null;
}

/** Snap radius [m] for a view: the 10 px magnet, or the 1 px geometry snap when free drawing. */
export function snapRadius(mPerPx: number, free = false): number {
  return (free ? GEOMETRY.pixelSnap : SNAP_RADIUS_PX) * mPerPx;
}

/** Whether a drawn segment is shorter than the 20 px minimum at this zoom (it is then filtered). */
export function isTooShort(ax: number, ay: number, bx: number, by: number, mPerPx: number): boolean {
  return Math.hypot(bx - ax, by - ay) < GEOMETRY.minDrawnLinePx * mPerPx;
}

const DEG = Math.PI / 180;

/** Smallest absolute difference of two angles [°]. */
function angleDiffDeg(a: number, b: number): number {
  const d = (((a - b) % 360) + 540) % 360 - 180;
  return Math.abs(d);
}

/**
 * The cursor position with the segment from `from` snapped in direction: onto an axis when within
 * AXIS_LOCK_DEG of it, else to a multiple of angleSnapDeg relative to `prevAngle` [rad] (the x axis
 * when absent). The length is the cursor's projection on the snapped direction (never negative). An
 * axis lock keeps the other coordinate exactly (x = from.x on a north–south segment).
 */
export function snapAngle(
  fromX: number,
  fromY: number,
  x: number,
  y: number,
  prevAngle: number | null = null,
): { x: number; y: number; axis: 'x' | 'y' | null; angle: number } {
  const dx = x - fromX;
  const dy = y - fromY;
  const len = Math.hypot(dx, dy);
  if (len === 0) return { x, y, axis: null, angle: prevAngle ?? 0 };
  const raw = Math.atan2(dy, dx) / DEG;
  for (const axisDeg of [0, 90, 180, 270]) {
    if (angleDiffDeg(raw, axisDeg) <= AXIS_LOCK_DEG) {
      const horizontal = axisDeg === 0 || axisDeg === 180;
      const along = horizontal ? dx : dy;
      const sign = axisDeg === 0 || axisDeg === 90 ? 1 : -1;
      const l = Math.max(0, along * sign);
      return horizontal
        ? { x: fromX + sign * l, y: fromY, axis: 'x', angle: axisDeg * DEG }
        : { x: fromX, y: fromY + sign * l, axis: 'y', angle: axisDeg * DEG };
    }
  }
  const base = prevAngle === null ? 0 : prevAngle / DEG;
  const rel = raw - base;
  const step = GEOMETRY.angleSnapDeg;
  const snapped = (base + Math.round(rel / step) * step) * DEG;
  const ux = Math.cos(snapped);
  const uy = Math.sin(snapped);
  const l = Math.max(0, dx * ux + dy * uy);
  return { x: fromX + ux * l, y: fromY + uy * l, axis: null, angle: snapped };
}

/** Intersection of the ray from (ox, oy) along angle [rad] with segment ab, or null. */
function rayHitsSegment(ox: number, oy: number, angle: number, ax: number, ay: number, bx: number, by: number): { x: number; y: number } | null {
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const ex = bx - ax;
  const ey = by - ay;
  const den = ux * ey - uy * ex;
  if (Math.abs(den) < 1e-12) return null;
  const t = ((ax - ox) * ey - (ay - oy) * ex) / den;
  const s = ((ax - ox) * uy - (ay - oy) * ux) / den;
  if (t <= 0 || s <= 0 || s >= 1) return null;
  // Keep an axis-parallel edge's coordinate exact.
  if (ax === bx) return { x: ax, y: oy + t * uy };
  if (ay === by) return { x: ox + t * ux, y: ay };
  return { x: ox + t * ux, y: oy + t * uy };
}

/** Foot of (x, y) on segment ab, keeping an axis-parallel segment's coordinate exact. */
function footOn(ax: number, ay: number, bx: number, by: number, x: number, y: number): { x: number; y: number } {
  const f = segmentDistance(x, y, ax, ay, bx, by);
  if (ax === bx) return { x: ax, y: f.y };
  if (ay === by) return { x: f.x, y: ay };
  return { x: f.x, y: f.y };
}

/**
 * Where the cursor lands: (1) the nearest draft or document point within the radius; else (2) the
 * nearest outline edge or roof line interior within the radius — where the angle-snapped ray crosses
 * it when that crossing is also within the radius, else the foot of the cursor; else (3) the
 * angle-snapped position when drawing from a point; else (4) the cursor itself.
 */
export function snapPosition(doc: BuildingDocument, q: SnapQuery): SnapResult {
  const free = q.shift === true;
  const r = snapRadius(q.mPerPx, free);
  const buildings = q.buildingId === undefined ? doc.buildings : doc.buildings.filter((b) => b.id === q.buildingId);
  // (1) points
  let bestD = r;
  // A holder: closures below assign to it (a plain `let` would be narrowed to null by the compiler).
  const found: { target: SnapTarget | null } = { target: null };
  if (q.draft) {
    q.draft.forEach(([px, py], index) => {
      const d = Math.hypot(px - q.x, py - q.y);
      if (d <= bestD) {
        bestD = d;
        found.target = { kind: 'draft', index, x: px, y: py };
      }
    });
  }
  if (q.toPoints !== false) {
    for (const b of buildings) {
      for (const p of b.outline.concat(b.points)) {
        if (q.exclude?.has(p.id)) continue;
        const d = Math.hypot(p.x - q.x, p.y - q.y);
        if (d < bestD || (d === bestD && found.target === null)) {
          bestD = d;
          found.target = { kind: 'point', buildingId: b.id, pointId: p.id, x: p.x, y: p.y };
        }
      }
    }
  }
  if (found.target) return { target: found.target, angleSnapped: false, axis: null };

  const angled = q.from && !free ? snapAngle(q.from[0], q.from[1], q.x, q.y, q.prevAngle ?? null) : null;
  // (2) edges and lines
  bestD = r;
  const consider = (ax: number, ay: number, bx: number, by: number, make: (x: number, y: number) => SnapTarget) => {
    const f = segmentDistance(q.x, q.y, ax, ay, bx, by);
    if (f.dist > bestD || f.t <= 0 || f.t >= 1) return;
    let pos = footOn(ax, ay, bx, by, q.x, q.y);
    if (angled && q.from) {
      const hit = rayHitsSegment(q.from[0], q.from[1], angled.angle, ax, ay, bx, by);
      if (hit && Math.hypot(hit.x - q.x, hit.y - q.y) <= r) pos = hit;
    }
    bestD = f.dist;
    found.target = make(pos.x, pos.y);
  };
  for (const b of buildings) {
    if (q.toEdges !== false) {
      for (const [a, c] of outlineEdges(b)) {
        if (q.exclude?.has(a.id) || q.exclude?.has(c.id)) continue;
        consider(a.x, a.y, c.x, c.y, (x, y) => ({ kind: 'edge', buildingId: b.id, a: a.id, b: c.id, x, y }));
      }
    }
    if (q.toLines !== false) {
      for (const { line, a, b: c } of resolvedLines(b)) {
        if (q.exclude?.has(a.id) || q.exclude?.has(c.id)) continue;
        consider(a.x, a.y, c.x, c.y, (x, y) => ({ kind: 'line', buildingId: b.id, lineId: line.id, x, y }));
      }
    }
  }
  if (found.target) return { target: found.target, angleSnapped: angled !== null, axis: null };
  // (3) angle, (4) free
  if (angled) return { target: { kind: 'free', x: angled.x, y: angled.y }, angleSnapped: true, axis: angled.axis };
  return { target: { kind: 'free', x: q.x, y: q.y }, angleSnapped: false, axis: null };
}
