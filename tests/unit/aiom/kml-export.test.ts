// The flight plan's KML parses as XML (saxes, a strict XML 1.0 parser) with one waypoint per plan point.
import { describe, expect, it } from 'vitest';
import { flyPlanKml } from '../../../src/server/aiom/kml-export.ts';
import { parseXml, roofPlan } from './flight-plan-fixture.ts';

describe('KML export', () => {
  it('is well-formed KML 2.2 with a LineString of every waypoint and a Placemark per waypoint', () => {
    const plan = roofPlan();
    const els = parseXml(flyPlanKml(plan, 'Roof <A> & B'));
    expect(els.find((e) => e.name === 'kml')?.uri).toBe('http://www.opengis.net/kml/2.2');
    const line = els.find((e) => e.path.endsWith('LineString/coordinates'))!;
    const coords = line.text.trim().split(/\s+/).map((c) => c.split(',').map(Number));
    // 5 lines × 2 ends (fly-plan.test.ts worked the count by hand).
    expect(coords).toHaveLength(10);
    expect(coords[0]).toHaveLength(3);
    expect(coords[0][2]).toBe(20);
    // The first waypoint: west end of the first line, x = −5 m, y = 7 m from (30° N, 120° E).
    expect(coords[0][0]).toBeCloseTo(120 + (-5 / (6378137 * Math.cos(Math.PI / 6))) * (180 / Math.PI), 8);
    expect(coords[0][1]).toBeCloseTo(30 + (7 / 6378137) * (180 / Math.PI), 8);
    const points = els.filter((e) => e.path.endsWith('Folder/Placemark/Point/coordinates'));
    expect(points).toHaveLength(10);
    // The name's special characters are escaped and read back intact.
    expect(els.find((e) => e.path === 'kml/Document/name')?.text).toBe('Roof <A> & B');
  });
});
