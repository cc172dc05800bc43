// The plan frame of the design documents (src/model/design.ts): x east, y north [m], origin at the
// project's lng/lat. It is spherical Web Mercator (EPSG:3857: the WGS 84 longitude/latitude put on a
// sphere of radius 6378137 m) scaled by cos(origin latitude), so that plan metres are ground metres
// at the origin and a map tile pixel and a plan pixel coincide everywhere on the screen (the editor's
// map, src/web/editor/map/projection.ts). One place for the browser and the server (the drone
// orthophoto placement, src/server/drone/georeference.ts).
//   Web Mercator: x = R·λ, y = R·ln tan(π/4 + φ/2) (EPSG Guidance Note 7-2, "Popular Visualisation
//   Pseudo Mercator"); inverse φ = 2·atan(exp(y/R)) − π/2.
//   Limits of the frame: away from the origin its scale drifts as cos φ₀ / cos φ (≈ 8 cm at 1 km at
//   45°); and because Web Mercator puts ellipsoidal latitudes on a sphere, a length traced on the map
//   is a/N (east–west) and a/M (north–south) times the ground's (N, M: the WGS 84 radii of curvature):
//   −0.08 % / +0.42 % at 30° N, −0.14 % / +0.26 % at 40° N. Lengths typed in are exact; lengths traced
//   on the map carry that difference.

/** Radius of the Web Mercator sphere [m] (EPSG:3857). */
export const WEB_MERCATOR_RADIUS_M = 6_378_137;
/** Its equatorial circumference, 2π·6378137 [m]. */
export const WEB_MERCATOR_CIRCUMFERENCE_M = 2 * Math.PI * WEB_MERCATOR_RADIUS_M;
/** Web Mercator's latitude limit [°]: the origin must lie within it. */
export const MAX_MERCATOR_LATITUDE = 85.051129;

const RAD = Math.PI / 180;

export interface LngLat {
  /** Longitude [°], east positive. */
  readonly lng: number;
  /** Latitude [°], north positive. */
  readonly lat: number;
}

/** [longitude, latitude] [°] → Web Mercator [x, y] [m]. */
export function toWebMercator(lng: number, lat: number): [number, number] {
  return [WEB_MERCATOR_RADIUS_M * lng * RAD, WEB_MERCATOR_RADIUS_M * Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2))];
}

/** Web Mercator [x, y] [m] → [longitude, latitude] [°]. */
export function fromWebMercator(x: number, y: number): [number, number] {
  return [x / WEB_MERCATOR_RADIUS_M / RAD, (2 * Math.atan(Math.exp(y / WEB_MERCATOR_RADIUS_M)) - Math.PI / 2) / RAD];
}

/** Plan metres per Web Mercator metre around `origin`: cos(origin latitude) [-]. */
export function planScale(origin: LngLat): number {
  return Math.cos(origin.lat * RAD);
}

/** [longitude, latitude] [°] → plan [x, y] [m] around `origin`; longitudes on the origin's side of ±180°. */
export function lngLatToPlan(origin: LngLat, lng: number, lat: number): [number, number] {
  const scale = planScale(origin);
  const [x0, y0] = toWebMercator(origin.lng, origin.lat);
  const [mx, my] = toWebMercator(lng, lat);
  // The Mercator x nearest the origin's (a plan that crosses the antimeridian stays continuous).
  const dx = mx - x0;
  const wrapped = dx - WEB_MERCATOR_CIRCUMFERENCE_M * Math.round(dx / WEB_MERCATOR_CIRCUMFERENCE_M);
  return [wrapped * scale, (my - y0) * scale];
}

/** Plan [x, y] [m] around `origin` → [longitude, latitude] [°]. */
export function planToLngLat(origin: LngLat, x: number, y: number): [number, number] {
  const scale = planScale(origin);
  const [x0, y0] = toWebMercator(origin.lng, origin.lat);
  return fromWebMercator(x0 + x / scale, y0 + y / scale);
}
