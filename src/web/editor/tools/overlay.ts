// Small pure helpers the tool machines share: building overlays (EditorOverlay, flat [x, y, …] in
// plan metres) and reading the input's optional getters with their defaults.
import { newId as generatedId } from '../../../model/ids.ts';
import { EMPTY_OVERLAY, type EditorOverlay } from '../contracts.ts';
import type { SnapTarget } from '../snapping.ts';
import type { ToolInput } from './types.ts';

export { EMPTY_OVERLAY };

/** The input's id source (src/model/ids.ts newId unless the input gives one). */
export function idSource(input: ToolInput): () => string {
  return input.newId ?? (() => generatedId());
}

/** The snap mark for a target: [x, y] unless it is a free position. */
export function snapMark(t: SnapTarget | null): number[] {
  return t && t.kind !== 'free' ? [t.x, t.y] : [];
}

/** Segments of an open polyline through `pts`, optionally continued to `cursor`, flat [m]. */
export function polylineSegments(pts: readonly (readonly [number, number])[], cursor: readonly [number, number] | null = null): number[] {
  const all = cursor ? [...pts, cursor] : pts;
  const out: number[] = [];
  for (let i = 0; i + 1 < all.length; i++) out.push(all[i][0], all[i][1], all[i + 1][0], all[i + 1][1]);
  return out;
}

export function flatPoints(pts: readonly (readonly [number, number])[]): number[] {
  return pts.flatMap(([x, y]) => [x, y]);
}

/** An overlay with only a hover snap mark (idle tools). */
export function hoverOverlay(t: SnapTarget | null, hint: string | null = null): EditorOverlay {
  const snap = snapMark(t);
  return snap.length === 0 && hint === null ? EMPTY_OVERLAY : { ...EMPTY_OVERLAY, snap, hint };
}

/** Angle of the segment a→b [rad]. */
export function segmentAngle(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.atan2(b[1] - a[1], b[0] - a[0]);
}

/** Angle of the last segment of a polyline [rad], or null with fewer than 2 points. */
export function lastAngle(pts: readonly (readonly [number, number])[]): number | null {
  return pts.length >= 2 ? segmentAngle(pts[pts.length - 2], pts[pts.length - 1]) : null;
}
