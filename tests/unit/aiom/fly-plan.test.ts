// Ground sampling distance, footprint, line spacing and the lawnmower survey worked by hand
// (GSD = sensor width · altitude / (focal length · image width); Pix4D "Ground sampling distance").
import { describe, expect, it } from 'vitest';
import { footprint, groundSamplingDistance, planToLonLat, surveyPlan } from '../../../src/server/aiom/fly-plan.ts';

// A 1-inch camera: 13.2 mm sensor width, 8.8 mm focal length, 5472 × 3648 px (DJI Phantom 4 Pro).
const camera = { sensorWidthMm: 13.2, focalLengthMm: 8.8, imageWidthPx: 5472, imageHeightPx: 3648 };

describe('photogrammetry figures', () => {
  it('GSD and footprint at 40 m', () => {
    // 13.2 × 40 / (8.8 × 5472) = 528 / 48153.6 = 0.010965 m/px = 1.0965 cm/px; footprint 13.2 × 40 / 8.8 = 60 m.
    expect(groundSamplingDistance(camera, 40)).toBeCloseTo(0.010965, 6);
    const fp = footprint(camera, 40);
    expect(fp.across).toBeCloseTo(60, 9);
    // along track: 60 × 3648 / 5472 = 40 m
    expect(fp.along).toBeCloseTo(40, 9);
  });

  it('plan metres to lon/lat (equirectangular on the WGS84 radius)', () => {
    // 1000 m east at 30° N: 1000 / (6 378 137 × cos 30°) rad = 1.8104e-4 rad = 0.0103729°.
    const p = planToLonLat({ lat: 30, lng: 120 }, 1000, 0);
    expect(p.lon - 120).toBeCloseTo(0.0103729, 6);
    // 1000 m north: 1000 / 6 378 137 rad = 0.0089832°.
    expect(planToLonLat({ lat: 30, lng: 120 }, 0, 1000).lat - 30).toBeCloseTo(0.0089832, 6);
  });
});

describe('lawnmower survey', () => {
  // A 100 m × 50 m roof (long side east–west), 20 m altitude, 80 % front and 70 % side overlap, 5 m margin.
  const roof: [number, number][] = [[0, 0], [100, 0], [100, 50], [0, 50]];
  const params = { altitudeM: 20, frontOverlapPercent: 80, sideOverlapPercent: 70, marginM: 5, speedMs: 5, camera };

  it('spacing, interval and line count by hand', () => {
    const plan = surveyPlan([roof], { lat: 30, lng: 120 }, params);
    // Footprint at 20 m: 30 m across, 20 m along; spacing 30 × 0.3 = 9 m; interval 20 × 0.2 = 4 m.
    expect(plan.gsdCmPerPx).toBeCloseTo(0.54825, 4);
    expect(plan.lineSpacingM).toBeCloseTo(9, 9);
    expect(plan.photoIntervalM).toBeCloseTo(4, 9);
    // Box across the lines: 50 + 2 × 5 = 60 m; lines = ceil((60 − 30) / 9) + 1 = 5; 2 waypoints each.
    expect(plan.lines).toBe(5);
    expect(plan.waypoints).toHaveLength(10);
    // Along: 110 m per line → floor(110 / 4) + 1 = 28 photos per line.
    expect(plan.photos).toBe(140);
    // Flown east–west: bearing 90°; lines 9 m apart, centred on the roof (y = 25 ± 18).
    expect(plan.headingDeg).toBeCloseTo(90, 9);
    const ys = plan.waypoints.filter((_, i) => i % 2 === 0).map((w) => w.y);
    expect(ys.map((y) => Math.round(y * 1e6) / 1e6)).toEqual([7, 16, 25, 34, 43]);
    // Length: 5 lines × 110 m + 4 crossings × 9 m = 586 m; 586 / 5 m/s = 117.2 s.
    expect(plan.lengthM).toBeCloseTo(586, 9);
    expect(plan.durationS).toBeCloseTo(117.2, 9);
    // Serpentine: the second line starts where the first ended (x = 105).
    expect(plan.waypoints[1].x).toBeCloseTo(105, 9);
    expect(plan.waypoints[2].x).toBeCloseTo(105, 9);
  });

  it('turns the lines along the longest edge of a rotated roof', () => {
    const a = (30 * Math.PI) / 180;
    const rot = roof.map(([x, y]): [number, number] => [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)]);
    const plan = surveyPlan([rot], { lat: 30, lng: 120 }, params);
    // Longest edge at 30° counter-clockwise from east → bearing 90° − 30° = 60° from north.
    expect(plan.headingDeg).toBeCloseTo(60, 9);
    expect(plan.lines).toBe(5);
    expect(plan.lengthM).toBeCloseTo(586, 6);
  });
});
