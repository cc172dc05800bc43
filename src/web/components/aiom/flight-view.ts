// The flight plan drawn in plan metres: the survey area's corners (lon/lat) brought into the
// waypoints' frame — the design's plan frame, x east, y north [m] — by the local equirectangular
// projection the server plans with (on the WGS 84 equatorial radius), anchored at the first waypoint;
// the design's building outlines in the same frame; and the SVG frame that holds them all with a
// margin (SVG y grows downwards: y is negated). Pure.
import type { FlyPlan } from '../../../model/api/aiom-operations.ts';

/** Metres per degree on the WGS 84 equatorial radius: 6 378 137 m × π / 180 (NIMA TR8350.2). */
export const METRES_PER_DEGREE = (6_378_137 * Math.PI) / 180;

export interface PlanPoint {
  x: number;
  y: number;
}

/** A lon/lat [°] in the local frame of `anchor` (a waypoint with both). */
export function toLocal(p: { lon: number; lat: number }, anchor: { lon: number; lat: number; x: number; y: number }): PlanPoint {
  const k = Math.cos((anchor.lat * Math.PI) / 180);
  return { x: anchor.x + (p.lon - anchor.lon) * METRES_PER_DEGREE * k, y: anchor.y + (p.lat - anchor.lat) * METRES_PER_DEGREE };
}

export interface FlightDrawing {
  outline: PlanPoint[];
  path: PlanPoint[];
  buildings: PlanPoint[][];
  /** The take-off marker's radius [m]: 1/80 of the drawing's larger side. */
  markerRadius: number;
  /** SVG viewBox 'minX minY width height' with y = −north. */
  viewBox: string;
}

/** The drawing of a plan over the building outlines (plan metres). */
export function flightDrawing(plan: FlyPlan, buildings: readonly (readonly PlanPoint[])[] = [], marginM = 5): FlightDrawing {
  const path = plan.waypoints.map((w) => ({ x: w.x, y: w.y }));
  const anchor = plan.waypoints[0];
  const outline = anchor ? plan.outline.map((p) => toLocal(p, anchor)) : [];
  const rings = buildings.map((b) => b.map((p) => ({ x: p.x, y: p.y })));
  const all = [...path, ...outline, ...rings.flat()];
  if (all.length === 0) return { outline, path, buildings: rings, markerRadius: 0.25, viewBox: '-10 -10 20 20' };
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => -p.y);
  const minX = Math.min(...xs) - marginM;
  const minY = Math.min(...ys) - marginM;
  const w = Math.max(...xs) + marginM - minX;
  const h = Math.max(...ys) + marginM - minY;
  return { outline, path, buildings: rings, markerRadius: Math.max(w, h) / 80, viewBox: `${minX} ${minY} ${w} ${h}` };
}

/** SVG points attribute of plan points (y negated). */
export function svgPoints(points: readonly PlanPoint[]): string {
  return points.map((p) => `${p.x},${-p.y}`).join(' ');
}
