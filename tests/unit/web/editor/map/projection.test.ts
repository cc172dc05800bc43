// The map under the drawing must line up with the plan: plan metres ⇄ lng/lat, and the plan's view
// ⇄ the maplibre camera (src/web/editor/map/projection.ts).
import fc from 'fast-check';
import { MercatorCoordinate } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import {
  cameraToPlanView,
  createPlanProjection,
  MAX_MAP_ZOOM,
  mPerPxAtZoom,
  planViewToCamera,
  zoomForMPerPx,
} from '../../../../../src/web/editor/map/projection.ts';
import type { PlanView } from '../../../../../src/web/editor/contracts.ts';

const origin = fc.record({ lat: fc.double({ min: -80, max: 80, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) });
/** A point of a 2 km box around the origin [m]. */
const inBox = fc.double({ min: -1000, max: 1000, noNaN: true });

describe('ground resolution of the map (maplibre: 512-px tiles)', () => {
  // Bing Maps Tile System (learn.microsoft.com, "Ground resolution"): cos φ · 2π·6378137 / (256·2^level);
  // its table: level 1 = 78,271.5170 m/px, level 19 = 0.2986, level 23 = 0.0187 m/px at the equator.
  // A 512-px maplibre zoom z is a 256-px level z + 1. Tolerance: the table's last digit.
  it('matches the published table at the equator', () => {
    expect(mPerPxAtZoom(0, 0)).toBeCloseTo(78_271.517, 3);
    expect(mPerPxAtZoom(18, 0)).toBeCloseTo(0.2986, 4);
    expect(mPerPxAtZoom(22, 0)).toBeCloseTo(0.0187, 4);
  });

  it('halves at 60° latitude (cos 60° = ½) and inverts to the zoom', () => {
    expect(mPerPxAtZoom(0, 60)).toBeCloseTo(78_271.517 / 2, 3);
    expect(zoomForMPerPx(78_271.517, 0)).toBeCloseTo(0, 6);
    expect(zoomForMPerPx(0.2986, 0)).toBeCloseTo(18, 3);
  });
});

describe('plan metres ⇄ lng/lat', () => {
  it('puts the origin at (0, 0)', () => {
    const p = createPlanProjection({ lat: 31.2304, lng: 121.4737 });
    const [lng, lat] = p.toLngLat(0, 0);
    expect(lng).toBeCloseTo(121.4737, 10);
    expect(lat).toBeCloseTo(31.2304, 10);
  });

  it('measures a small step in metres of the Web Mercator sphere (x east, y north)', () => {
    // Worked example on the sphere R = 6378137 m: 1° of arc = 2πR/360 = 111,319.491 m, so 0.001° of
    // latitude ≈ 111.3195 m (second-order term tan φ·dφ/2 ≈ 9e-6 relative, < 1 mm: tolerance 2 mm)
    // and 0.001° of longitude at 45° = 111.319491·cos 45° = 78.71477 m (exact: x is linear in longitude).
    const p = createPlanProjection({ lat: 45, lng: 7 });
    const [xn, yn] = p.toPlan(7, 45.001);
    expect(xn).toBeCloseTo(0, 9);
    expect(Math.abs(yn - 111.3195)).toBeLessThan(0.002);
    const [xe, ye] = p.toPlan(7.001, 45);
    expect(xe).toBeCloseTo(78.71477, 4);
    expect(ye).toBeCloseTo(0, 9);
    // South and west are negative.
    expect(p.toPlan(6.999, 44.999).every((v) => v < 0)).toBe(true);
  });

  it('round-trips plan → lng/lat → plan within 1 mm over a 2 km box', () => {
    fc.assert(
      fc.property(origin, inBox, inBox, (o, x, y) => {
        const p = createPlanProjection(o);
        const [lng, lat] = p.toLngLat(x, y);
        const [x2, y2] = p.toPlan(lng, lat);
        return Math.hypot(x2 - x, y2 - y) < 1e-3;
      }),
    );
  });

  it('stays continuous across the antimeridian', () => {
    const p = createPlanProjection({ lat: -17.7, lng: 179.999 });
    const [lng, lat] = p.toLngLat(1000, 0);
    // The same place written with a longitude in −180…180.
    const wrapped = lng > 180 ? lng - 360 : lng;
    const [x, y] = p.toPlan(wrapped, lat);
    expect(x).toBeCloseTo(1000, 3);
    expect(y).toBeCloseTo(0, 3);
  });

  it('refuses an origin outside Web Mercator', () => {
    expect(() => createPlanProjection({ lat: 89, lng: 0 })).toThrow(RangeError);
    expect(() => createPlanProjection({ lat: Number.NaN, lng: 0 })).toThrow(RangeError);
  });
});

describe('plan view ⇄ maplibre camera', () => {
  it('centres the camera on the view centre with the zoom of its scale', () => {
    const p = createPlanProjection({ lat: 39.9042, lng: 116.4074 });
    const mPerPx = mPerPxAtZoom(18, 39.9042);
    const cam = planViewToCamera({ cx: 0, cy: 0, mPerPx, width: 800, height: 600 }, p);
    expect(cam.center.lng).toBeCloseTo(116.4074, 10);
    expect(cam.center.lat).toBeCloseTo(39.9042, 10);
    expect(cam.zoom).toBeCloseTo(18, 10);
    expect(cam.exact).toBe(true);
  });

  it('round-trips PlanView → camera → PlanView', () => {
    fc.assert(
      fc.property(origin, inBox, inBox, fc.double({ min: 0.005, max: 1000, noNaN: true }), (o, cx, cy, mPerPx) => {
        const p = createPlanProjection(o);
        const view: PlanView = { cx, cy, mPerPx, width: 1200, height: 700 };
        const back = cameraToPlanView(planViewToCamera(view, p), p, view.width, view.height);
        return Math.hypot(back.cx - cx, back.cy - cy) < 1e-3 && Math.abs(back.mPerPx / mPerPx - 1) < 1e-9 && back.width === 1200 && back.height === 700;
      }),
    );
  });

  it('lines every plan pixel up with the map pixel, not only at the centre', () => {
    // Independent projection: maplibre's own MercatorCoordinate; a map pixel is
    // (mercator − mercator of the centre) · 512 · 2^zoom. Far from the equator (60°) and 400 px out.
    const p = createPlanProjection({ lat: 60.1699, lng: 24.9384 });
    const view: PlanView = { cx: 120, cy: -80, mPerPx: 0.5, width: 1000, height: 800 };
    const cam = planViewToCamera(view, p);
    const centre = MercatorCoordinate.fromLngLat(cam.center);
    const worldPx = 512 * 2 ** cam.zoom;
    for (const [x, y] of [[view.cx + 200, view.cy + 150], [view.cx - 200, view.cy - 190], [view.cx + 3, view.cy - 197]]) {
      const [lng, lat] = p.toLngLat(x, y);
      const m = MercatorCoordinate.fromLngLat({ lng, lat });
      const mapPx = [(m.x - centre.x) * worldPx, (m.y - centre.y) * worldPx];
      const planPx = [(x - view.cx) / view.mPerPx, -(y - view.cy) / view.mPerPx];
      expect(Math.abs(mapPx[0] - planPx[0])).toBeLessThan(0.01);
      expect(Math.abs(mapPx[1] - planPx[1])).toBeLessThan(0.01);
    }
  });

  it('clamps the zoom to maplibre’s 0 … 24 and says the map no longer matches', () => {
    const p = createPlanProjection({ lat: 0, lng: 0 });
    const deep = planViewToCamera({ cx: 0, cy: 0, mPerPx: 1e-4, width: 10, height: 10 }, p);
    expect(deep.zoom).toBe(MAX_MAP_ZOOM);
    expect(deep.exact).toBe(false);
    const far = planViewToCamera({ cx: 0, cy: 0, mPerPx: 1e6, width: 10, height: 10 }, p);
    expect(far.zoom).toBe(0);
    expect(far.exact).toBe(false);
    // 24 itself is still exact: over-zoom up to 24 is allowed.
    expect(planViewToCamera({ cx: 0, cy: 0, mPerPx: mPerPxAtZoom(24, 0), width: 10, height: 10 }, p).exact).toBe(true);
  });
});
