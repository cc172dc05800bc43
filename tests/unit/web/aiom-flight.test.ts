// The flight plan's drawing: lon/lat brought into the waypoints' plan frame by an equirectangular
// projection (1° = 6 378 137 m × π/180 = 111 319.49 m on the WGS 84 equatorial radius; a degree of
// longitude shrinks with cos φ), and the SVG frame around path, area and buildings (y = −north).
import { describe, expect, it } from 'vitest';
import type { FlyPlan } from '../../../src/model/api/aiom-operations.ts';
import { flightDrawing, svgPoints, toLocal } from '../../../src/web/components/aiom/flight-view.ts';

describe('plan frame', () => {
  const anchor = { lon: 120, lat: 60, x: 10, y: -5 };
  it('moves 0.001° north by 111.3 m and 0.001° east at 60° N by half that', () => {
    const n = toLocal({ lon: 120, lat: 60.001 }, anchor);
    expect(n.x).toBeCloseTo(10, 9);
    expect(n.y - -5).toBeCloseTo(111.319, 2);
    const e = toLocal({ lon: 120.001, lat: 60 }, anchor);
    expect(e.x - 10).toBeCloseTo(55.660, 2); // cos 60° = 0.5
  });

  it('frames the path and the area with a margin, north up', () => {
    const plan = {
      outline: [
        { lon: 120, lat: 30 },
        { lon: 120, lat: 30.0001 },
      ],
      waypoints: [
        { lon: 120, lat: 30, altM: 40, x: 0, y: 0 },
        { lon: 120, lat: 30, altM: 40, x: 20, y: 0 },
      ],
    } as unknown as FlyPlan;
    const d = flightDrawing(plan, [[{ x: -2, y: 1 }, { x: 3, y: 1 }, { x: 3, y: 4 }]], 5);
    expect(d.path).toEqual([{ x: 0, y: 0 }, { x: 20, y: 0 }]);
    expect(d.outline[1].y).toBeCloseTo(11.132, 2); // 0.0001° × 111 319.49 m
    expect(d.buildings[0]).toHaveLength(3);
    const [minX, minY, w, h] = d.viewBox.split(' ').map(Number);
    expect(minX).toBe(-7); // the building's west edge at −2 m, less the 5 m margin
    expect(w).toBe(32);
    expect(minY).toBeCloseTo(-11.132 - 5, 2);
    expect(h).toBeCloseTo(11.132 + 10, 2);
    expect(svgPoints(d.path)).toBe('0,0 20,0');
  });
});
