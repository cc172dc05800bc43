// The georeference of a modelled orthophoto (src/server/drone/georeference.ts, geotiff.ts, zip.ts),
// checked against published worked examples; no database.
import { describe, expect, it } from 'vitest';
import { readGeoTiff } from '../../src/server/drone/geotiff.ts';
import { modelToLngLat, transverseMercatorForward, transverseMercatorInverse, utmOfEpsg, type TransverseMercator } from '../../src/server/drone/georeference.ts';
import { lngLatToPlan } from '../../src/model/plan-frame.ts';
import { orthophotoResolutionCm } from '../../src/server/drone/jobs.ts';
import { extractFiles } from '../../src/server/drone/zip.ts';
import { createPlanProjection } from '../../src/web/editor/map/projection.ts';
import { geoTiff, png, zipOf } from './fixtures/drone-photos.ts';

/**
 * Snyder, "Map Projections — A Working Manual" (USGS PP 1395, 1987), numerical example of the
 * transverse Mercator for the ellipsoid (p. 269): Clarke 1866 (a = 6 378 206.4 m, e² = 0.00676866),
 * λ0 = 75° W, k0 = 0.9996; φ = 40°30′ N, λ = 73°30′ W ↔ x = 127 106.5 m, y = 4 484 124.4 m.
 */
const SNYDER: TransverseMercator = { ellipsoid: { a: 6_378_206.4, e2: 0.00676866 }, lon0: -75, k0: 0.9996, falseEasting: 0, falseNorthing: 0 };

describe('transverse Mercator (Snyder 1987)', () => {
  it('forward: 40°30′N 73°30′W → x 127 106.5 m, y 4 484 124.4 m (±0.1 m, the example\'s rounding)', () => {
    const [x, y] = transverseMercatorForward(-73.5, 40.5, SNYDER);
    expect(Math.abs(x - 127_106.5)).toBeLessThan(0.1);
    expect(Math.abs(y - 4_484_124.4)).toBeLessThan(0.1);
  });

  it('inverse: x 127 106.5 m, y 4 484 124.4 m → 40°30′N 73°30′W (±1e-6° ≈ 0.1 m)', () => {
    const [lng, lat] = transverseMercatorInverse(127_106.5, 4_484_124.4, SNYDER);
    expect(Math.abs(lat - 40.5)).toBeLessThan(1e-6);
    expect(Math.abs(lng + 73.5)).toBeLessThan(1e-6);
  });

  it('UTM 17N (EPSG 32617): 630 084 E 4 833 438 N is the CN Tower, 43°38′33.24″N 79°23′13.7″W (Wikipedia\'s UTM example, ±1.5 m)', () => {
    const toLngLat = modelToLngLat(32617);
    expect(toLngLat).not.toBeNull();
    const [lng, lat] = toLngLat!(630_084, 4_833_438);
    const mPerDegLat = 111_100;
    expect(Math.abs(lat - (43 + 38 / 60 + 33.24 / 3600)) * mPerDegLat).toBeLessThan(1.5);
    expect(Math.abs(lng + (79 + 23 / 60 + 13.7 / 3600)) * mPerDegLat * Math.cos((lat * Math.PI) / 180)).toBeLessThan(1.5);
    expect(utmOfEpsg(32733)).toMatchObject({ lon0: 15, falseNorthing: 10_000_000 });
    expect(modelToLngLat(2154)).toBeNull();
  });
});

describe('plan frame', () => {
  it('matches the editor\'s projection (turf Web Mercator × cos φ0) within a millimetre', () => {
    const origin = { lat: 31.2304, lng: 121.4737 };
    const projection = createPlanProjection(origin);
    for (const [dLng, dLat] of [[0.001, 0.002], [-0.004, 0.0005], [0.0123, -0.0089]]) {
      const [x, y] = lngLatToPlan(origin, origin.lng + dLng, origin.lat + dLat);
      const [ex, ey] = projection.toPlan(origin.lng + dLng, origin.lat + dLat);
      expect(Math.hypot(x - ex, y - ey)).toBeLessThan(1e-3);
    }
  });
});

describe('GeoTIFF tags and the results archive', () => {
  it('reads the size, EPSG code and tie point of a GeoTIFF inside a ZIP', () => {
    const tif = geoTiff({ width: 640, height: 480, epsg: 32650, originX: 400_000, originY: 3_500_000, pixel: 0.05 });
    const zip = zipOf([{ name: 'odm_orthophoto/odm_orthophoto.tif', bytes: tif }, { name: 'odm_orthophoto/odm_orthophoto.png', bytes: png(2, 2) }]);
    const files = extractFiles(zip, ['odm_orthophoto.tif'], 1 << 20);
    const g = readGeoTiff(files.get('odm_orthophoto.tif')!);
    expect([g.width, g.height, g.epsg]).toEqual([640, 480, 32650]);
    // Pixel corners at whole numbers: the far corner of the last pixel is 640 × 0.05 m east, 480 × 0.05 m south.
    expect(g.rasterToModel(640, 480)).toEqual([400_032, 3_499_976]);
    expect(() => readGeoTiff(png(2, 2))).toThrow(/not a TIFF/);
  });

  it('coarsens the ODM orthophoto resolution so a large survey fits 4096 px', () => {
    // A roof: 80 m of photo positions + 2 × 60 m footprint = 200 m ≤ 4096 px × 5 cm: ODM's default 5 cm px⁻¹.
    expect(orthophotoResolutionCm([{ lat: 30, lng: 120 }, { lat: 30 + 80 / 111_319.5, lng: 120 }])).toBe(5);
    // 100 m + 120 m = 220 m: 5.37 cm px⁻¹, rounded up to 5.4.
    expect(orthophotoResolutionCm([{ lat: 30, lng: 120 }, { lat: 30 + 100 / 111_319.5, lng: 120 }])).toBe(5.4);
    // A 1 km site: 1120 m / 4096 px = 27.34 cm px⁻¹, rounded up to 27.4.
    expect(orthophotoResolutionCm([{ lat: 30, lng: 120 }, { lat: 30 + 1000 / 111_319.5, lng: 120 }])).toBe(27.4);
  });
});
