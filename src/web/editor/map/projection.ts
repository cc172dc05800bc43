// Plan metres ⇄ longitude/latitude, and the 2D plan's view ⇄ the maplibre camera.
//
// The plan frame is src/model/plan-frame.ts (spherical Web Mercator scaled by cos(origin latitude):
// a conformal local plane whose scale is exact at the origin). Because plan metres are linear in
// Mercator metres, a map tile pixel and a plan pixel coincide everywhere on the screen, not only at
// the centre: the map under the drawing lines up exactly at any pan and zoom.
//
// maplibre draws the whole world as 512·2^zoom pixels, so a plan scale of `mPerPx` plan metres per
// CSS pixel is the zoom where 40075016.686·cos φ₀ / (512·2^zoom) = mPerPx (Bing Maps Tile System,
// "ground resolution", for 512-pixel tiles). cos φ₀ is the origin's, not the view centre's: plan
// metres are origin metres everywhere.
import { lngLatToPlan, MAX_MERCATOR_LATITUDE, planScale, planToLngLat, WEB_MERCATOR_CIRCUMFERENCE_M, type LngLat } from '../../../model/plan-frame.ts';
import type { PlanView } from '../contracts.ts';

export { MAX_MERCATOR_LATITUDE, WEB_MERCATOR_CIRCUMFERENCE_M, type LngLat };
/** maplibre's world size at zoom 0 [px] (its tiles are 512 px). */
export const MAPLIBRE_TILE_SIZE_PX = 512;
/** The deepest camera zoom maplibre allows; raster tiles are over-zoomed past their source's maxzoom. */
export const MAX_MAP_ZOOM = 24;

/** The conversion between plan metres and lng/lat for one origin. */
export interface PlanProjection {
  readonly origin: LngLat;
  /** Plan metres per Web Mercator metre: cos(origin latitude) [-]. */
  readonly scale: number;
  /** Plan point [m] → lng/lat [°] as a GeoJSON position [lng, lat]. */
  toLngLat(x: number, y: number): [number, number];
  /** lng/lat [°] → plan point [m] as [x, y]; longitudes are taken on the origin's side of ±180°. */
  toPlan(lng: number, lat: number): [number, number];
}

/** Where the maplibre camera goes: centre, zoom, and whether the map can show the plan's scale. */
export interface MapCamera {
  readonly center: LngLat;
  /** maplibre zoom [-], within 0 … maxZoom. */
  readonly zoom: number;
  /** false when the zoom was clamped: the map then does not line up with the plan. */
  readonly exact: boolean;
}

/**
 * The projection of plan metres around `origin`. Throws RangeError for an origin outside Web
 * Mercator's latitudes (±85.05°) or with a non-finite coordinate.
 */
export function createPlanProjection(origin: LngLat): PlanProjection {
  if (!Number.isFinite(origin.lat) || !Number.isFinite(origin.lng) || Math.abs(origin.lat) > MAX_MERCATOR_LATITUDE) {
    throw new RangeError(`origin ${origin.lat}, ${origin.lng} is outside Web Mercator (|lat| ≤ ${MAX_MERCATOR_LATITUDE}°)`);
  }
  const o = { lng: origin.lng, lat: origin.lat };
  return {
    origin: o,
    scale: planScale(o),
    toLngLat: (x, y) => planToLngLat(o, x, y),
    toPlan: (lng, lat) => lngLatToPlan(o, lng, lat),
  };
}

/** Ground metres per CSS pixel at `zoom` and latitude `latDeg` for 512-px tiles [m px⁻¹]. */
export function mPerPxAtZoom(zoom: number, latDeg: number): number {
  return (WEB_MERCATOR_CIRCUMFERENCE_M * Math.cos((latDeg * Math.PI) / 180)) / (MAPLIBRE_TILE_SIZE_PX * 2 ** zoom);
}

/** The zoom [-] at which one CSS pixel is `mPerPx` metres at latitude `latDeg` (inverse of mPerPxAtZoom). */
export function zoomForMPerPx(mPerPx: number, latDeg: number): number {
  return Math.log2((WEB_MERCATOR_CIRCUMFERENCE_M * Math.cos((latDeg * Math.PI) / 180)) / (MAPLIBRE_TILE_SIZE_PX * mPerPx));
}

/**
 * The maplibre camera that shows what the plan view shows: its centre and, from its metres per pixel,
 * the zoom at the origin's latitude. The zoom is clamped to 0 … maxZoom (default 24, maplibre's
 * deepest; a raster source over-zooms past its own maxzoom); a clamped camera is not `exact`.
 */
export function planViewToCamera(view: PlanView, projection: PlanProjection, maxZoom: number = MAX_MAP_ZOOM): MapCamera {
  const [lng, lat] = projection.toLngLat(view.cx, view.cy);
  const zoom = zoomForMPerPx(view.mPerPx, projection.origin.lat);
  const clamped = Math.min(Math.max(zoom, 0), maxZoom);
  return { center: { lng, lat }, zoom: clamped, exact: clamped === zoom && Number.isFinite(zoom) };
}

/** The plan view a maplibre camera shows on a canvas of `width` × `height` CSS px (inverse of planViewToCamera). */
export function cameraToPlanView(camera: Pick<MapCamera, 'center' | 'zoom'>, projection: PlanProjection, width: number, height: number): PlanView {
  const [cx, cy] = projection.toPlan(camera.center.lng, camera.center.lat);
  return { cx, cy, mPerPx: mPerPxAtZoom(camera.zoom, projection.origin.lat), width, height };
}
