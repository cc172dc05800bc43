// From a georeferenced orthophoto to its placement under the drawing (src/model/design.ts
// OrthophotoPlacement: centre on the plan [m], ground size of a pixel [m], turn [°]).
//
// Model space → longitude/latitude: UTM zones of WGS 84 (EPSG 32601–32660 north, 32701–32760
// south) by the inverse transverse Mercator series of Snyder, "Map Projections — A Working Manual",
// USGS Professional Paper 1395 (1987), eqs. 8-18 … 8-25 (millimetres within a zone); WGS 84
// geographic (EPSG 4326); spherical Web Mercator (EPSG 3857).
//
// Longitude/latitude → plan metres: the plan frame of src/model/plan-frame.ts (the editor's), x east,
// y north, origin at the building document's origin.
//
// The orthophoto is north-up in its own grid; a UTM grid is turned against true north by the
// meridian convergence, and its metre differs from a plan metre by the zone's scale factor. Both are
// taken numerically: the image's centre and a point 64 pixels to its right and 64 below are carried
// to the plan, giving the turn of its top edge and the plan metres per pixel.
import type { OrthophotoPlacement } from '../../model/design.ts';
import { fromWebMercator, lngLatToPlan } from '../../model/plan-frame.ts';
import type { GeoTiffInfo } from './geotiff.ts';

/** An ellipsoid: semi-major axis [m] and first eccentricity squared [-]. */
export interface Ellipsoid {
  a: number;
  e2: number;
}

/** WGS 84: a = 6378137 m, f = 1/298.257223563 (NIMA TR8350.2). */
export const WGS84: Ellipsoid = { a: 6_378_137, e2: (2 - 1 / 298.257223563) / 298.257223563 };

export interface TransverseMercator {
  ellipsoid: Ellipsoid;
  /** Central meridian [°]. */
  lon0: number;
  /** Scale on the central meridian [-] (UTM: 0.9996). */
  k0: number;
  /** [m] (UTM: 500000; south zones 10000000 false northing). */
  falseEasting: number;
  falseNorthing: number;
}

const RAD = Math.PI / 180;

/** Meridian distance from the equator to latitude φ [m] (Snyder eq. 3-21). */
function meridianArc(phi: number, { a, e2 }: Ellipsoid): number {
  const e4 = e2 * e2;
  const e6 = e4 * e2;
  return (
    a *
    ((1 - e2 / 4 - (3 * e4) / 64 - (5 * e6) / 256) * phi -
      ((3 * e2) / 8 + (3 * e4) / 32 + (45 * e6) / 1024) * Math.sin(2 * phi) +
      ((15 * e4) / 256 + (45 * e6) / 1024) * Math.sin(4 * phi) -
      ((35 * e6) / 3072) * Math.sin(6 * phi))
  );
}

/** Transverse Mercator easting/northing [m] → [longitude, latitude] [°] (Snyder eqs. 8-18 … 8-25, φ0 = 0). */
export function transverseMercatorInverse(x: number, y: number, p: TransverseMercator): [number, number] {
  const { a, e2 } = p.ellipsoid;
  const ep2 = e2 / (1 - e2);
  const M = (y - p.falseNorthing) / p.k0;
  const mu = M / (a * (1 - e2 / 4 - (3 * e2 * e2) / 64 - (5 * e2 * e2 * e2) / 256));
  const e1 = (1 - Math.sqrt(1 - e2)) / (1 + Math.sqrt(1 - e2));
  const phi1 =
    mu +
    ((3 * e1) / 2 - (27 * e1 ** 3) / 32) * Math.sin(2 * mu) +
    ((21 * e1 ** 2) / 16 - (55 * e1 ** 4) / 32) * Math.sin(4 * mu) +
    ((151 * e1 ** 3) / 96) * Math.sin(6 * mu) +
    ((1097 * e1 ** 4) / 512) * Math.sin(8 * mu);
  const sin1 = Math.sin(phi1);
  const cos1 = Math.cos(phi1);
  const tan1 = Math.tan(phi1);
  const C1 = ep2 * cos1 * cos1;
  const T1 = tan1 * tan1;
  const N1 = a / Math.sqrt(1 - e2 * sin1 * sin1);
  const R1 = (a * (1 - e2)) / (1 - e2 * sin1 * sin1) ** 1.5;
  const D = (x - p.falseEasting) / (N1 * p.k0);
  const phi =
    phi1 -
    ((N1 * tan1) / R1) *
      ((D * D) / 2 -
        ((5 + 3 * T1 + 10 * C1 - 4 * C1 * C1 - 9 * ep2) * D ** 4) / 24 +
        ((61 + 90 * T1 + 298 * C1 + 45 * T1 * T1 - 252 * ep2 - 3 * C1 * C1) * D ** 6) / 720);
  const lambda = (D - ((1 + 2 * T1 + C1) * D ** 3) / 6 + ((5 - 2 * C1 + 28 * T1 - 3 * C1 * C1 + 8 * ep2 + 24 * T1 * T1) * D ** 5) / 120) / cos1;
  return [p.lon0 + lambda / RAD, phi / RAD];
}

/** [longitude, latitude] [°] → transverse Mercator easting/northing [m] (Snyder eqs. 8-9 … 8-15, φ0 = 0). */
export function transverseMercatorForward(lng: number, lat: number, p: TransverseMercator): [number, number] {
  const { a, e2 } = p.ellipsoid;
  const ep2 = e2 / (1 - e2);
  const phi = lat * RAD;
  const sin = Math.sin(phi);
  const cos = Math.cos(phi);
  const N = a / Math.sqrt(1 - e2 * sin * sin);
  const T = Math.tan(phi) ** 2;
  const C = ep2 * cos * cos;
  const A = (lng - p.lon0) * RAD * cos;
  const M = meridianArc(phi, p.ellipsoid);
  const x = p.k0 * N * (A + ((1 - T + C) * A ** 3) / 6 + ((5 - 18 * T + T * T + 72 * C - 58 * ep2) * A ** 5) / 120);
  const y =
    p.k0 *
    (M + N * Math.tan(phi) * ((A * A) / 2 + ((5 - T + 9 * C + 4 * C * C) * A ** 4) / 24 + ((61 - 58 * T + T * T + 600 * C - 330 * ep2) * A ** 6) / 720));
  return [x + p.falseEasting, y + p.falseNorthing];
}

/** The transverse Mercator of a WGS 84 UTM zone EPSG code, or null for another code. */
export function utmOfEpsg(epsg: number): TransverseMercator | null {
  const north = epsg >= 32601 && epsg <= 32660;
  const south = epsg >= 32701 && epsg <= 32760;
  if (!north && !south) return null;
  const zone = epsg % 100;
  return { ellipsoid: WGS84, lon0: zone * 6 - 183, k0: 0.9996, falseEasting: 500_000, falseNorthing: south ? 10_000_000 : 0 };
}

/** Model coordinates of a CRS → [longitude, latitude] [°]; null for a CRS we do not read. */
export function modelToLngLat(epsg: number | null): ((x: number, y: number) => [number, number]) | null {
  if (epsg === null) return null;
  const utm = utmOfEpsg(epsg);
  if (utm) return (x, y) => transverseMercatorInverse(x, y, utm);
  if (epsg === 4326) return (x, y) => [x, y];
  if (epsg === 3857 || epsg === 900913) return fromWebMercator;
  return null;
}

/** The image's centre as [longitude, latitude] [°] (where to put a plan origin when there is none). */
export function geoTiffCentre(tif: GeoTiffInfo): [number, number] | null {
  const toLngLat = modelToLngLat(tif.epsg);
  if (!toLngLat) return null;
  const [x, y] = tif.rasterToModel(tif.width / 2, tif.height / 2);
  return toLngLat(x, y);
}

/**
 * Where an image of `widthPx` × `heightPx` showing the GeoTIFF's raster (the same ground, perhaps
 * at another pixel size, as ODM's PNG rendering of its GeoTIFF) lies on the plan around `origin`.
 * Null when the GeoTIFF's CRS is not one we read.
 */
export function placementOf(tif: GeoTiffInfo, image: { id: string; widthPx: number; heightPx: number }, origin: { lat: number; lng: number }): OrthophotoPlacement | null {
  const toLngLat = modelToLngLat(tif.epsg);
  if (!toLngLat) return null;
  const plan = (i: number, j: number): [number, number] => {
    const [x, y] = tif.rasterToModel(i, j);
    const [lng, lat] = toLngLat(x, y);
    return lngLatToPlan(origin, lng, lat);
  };
  const step = 64;
  const ci = tif.width / 2;
  const cj = tif.height / 2;
  const [cx, cy] = plan(ci, cj);
  const [rx, ry] = plan(ci + step, cj);
  const [dx, dy] = plan(ci, cj + step);
  const perTifPixel = (Math.hypot(rx - cx, ry - cy) + Math.hypot(dx - cx, dy - cy)) / (2 * step);
  // Both images cover the same ground: the PNG's pixel is larger by the ratio of the widths.
  const metresPerPixel = perTifPixel * (tif.width / image.widthPx);
  const rotation = (Math.atan2(ry - cy, rx - cx) * 180) / Math.PI;
  return { id: image.id, widthPx: image.widthPx, heightPx: image.heightPx, centerX: cx, centerY: cy, metresPerPixel, rotation };
}
