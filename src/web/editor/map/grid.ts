// The plan grid of the offline map: lines every 1, 10, 100 and 1000 plan metres around the origin,
// and the two axes through it (the north axis is the meridian through the origin). With no imagery
// it is what shows the user scale and north. Each line is straight in plan metres and therefore in
// Web Mercator (projection.ts), so a two-point GeoJSON line is exact.
import type { FeatureCollection, LineString } from 'geojson';
import { zoomForMPerPx, type PlanProjection } from './projection.ts';

/** Grid spacings [m], finest first. */
export const GRID_STEPS_M = [1, 10, 100, 1000] as const;
export type GridStep = (typeof GRID_STEPS_M)[number];
/** Each level's lines reach this many of its steps either side of the origin [-]. */
export const GRID_HALF_LINES = 200;
/** On-screen spacing [CSS px] at which a level starts to fade in, is plainly visible, and is strong. */
export const GRID_FADE_IN_PX = 4;
export const GRID_VISIBLE_PX = 16;
export const GRID_STRONG_PX = 160;

export interface GridLineProperties {
  /** The level the line belongs to [m] (the coarsest step that divides its offset); 0 for an axis. */
  step: GridStep | 0;
  /** 'north': the axis x = 0 (pointing north); 'east': the axis y = 0; 'line': a grid line. */
  kind: 'north' | 'east' | 'line';
}

/** The grid lines and axes as GeoJSON in lng/lat around the projection's origin. */
export function planGrid(projection: PlanProjection): FeatureCollection<LineString, GridLineProperties> {
  const features: FeatureCollection<LineString, GridLineProperties>['features'] = [];
  const line = (x1: number, y1: number, x2: number, y2: number, properties: GridLineProperties) => {
    features.push({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates: [projection.toLngLat(x1, y1), projection.toLngLat(x2, y2)] } });
  };
  GRID_STEPS_M.forEach((step, level) => {
    const coarser = GRID_STEPS_M[level + 1];
    const reach = GRID_HALF_LINES * step;
    for (let k = -GRID_HALF_LINES; k <= GRID_HALF_LINES; k++) {
      // A line belongs to the coarsest level it falls on; the axes are drawn on their own.
      if (k === 0 || (coarser !== undefined && (k * step) % coarser === 0)) continue;
      const offset = k * step;
      line(offset, -reach, offset, reach, { step, kind: 'line' });
      line(-reach, offset, reach, offset, { step, kind: 'line' });
    }
  });
  const reach = GRID_HALF_LINES * GRID_STEPS_M[GRID_STEPS_M.length - 1];
  line(0, -reach, 0, reach, { step: 0, kind: 'north' });
  line(-reach, 0, reach, 0, { step: 0, kind: 'east' });
  return { type: 'FeatureCollection', features };
}

/** The maplibre zoom at which lines `step` metres apart are `px` CSS pixels apart (origin latitude). */
export function zoomForSpacing(step: number, px: number, projection: PlanProjection): number {
  return zoomForMPerPx(step / px, projection.origin.lat);
}

/**
 * The finest grid spacing the user sees plainly at `mPerPx` metres per CSS pixel [m]: the smallest
 * step at least GRID_VISIBLE_PX apart on screen (the coarsest step when even that is closer).
 * The editor prints it next to the plan (e.g. "grid 10 m").
 */
export function gridStepFor(mPerPx: number): GridStep {
  for (const step of GRID_STEPS_M) if (step / mPerPx >= GRID_VISIBLE_PX) return step;
  return GRID_STEPS_M[GRID_STEPS_M.length - 1];
}
