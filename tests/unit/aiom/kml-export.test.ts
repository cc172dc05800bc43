// The flight plan's KML parses as XML (saxes, a strict XML 1.0 parser) with one waypoint per plan point.
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { surveyPlan } from '../../../src/server/aiom/fly-plan.ts';
import { flyPlanKml } from '../../../src/server/aiom/kml-export.ts';

const camera = { sensorWidthMm: 13.2, focalLengthMm: 8.8, imageWidthPx: 5472, imageHeightPx: 3648 };
const roof: [number, number][] = [[0, 0], [100, 0], [100, 50], [0, 50]];

/** Elements by name with their text, after a strict parse (throws on malformed XML). */
function parse(xml: string) {
  const p = new SaxesParser({ xmlns: true });
  const elements: { name: string; uri: string; text: string; path: string }[] = [];
  const stack: { name: string; uri: string; text: string }[] = [];
  p.on('error', (e) => {
    throw e;
  });
  p.on('opentag', (t) => stack.push({ name: t.local, uri: t.uri, text: '' }));
  p.on('text', (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
  });
  p.on('closetag', () => {
    const path = stack.map((s) => s.name).join('/');
    const e = stack.pop()!;
    elements.push({ ...e, path });
  });
  p.write(xml).close();
  return elements;
}

describe('KML export', () => {
  it('is well-formed KML 2.2 with a LineString of every waypoint and a Placemark per waypoint', () => {
    const plan = { projectId: 1, ...surveyPlan([roof], { lat: 30, lng: 120 }, { altitudeM: 20, frontOverlapPercent: 80, sideOverlapPercent: 70, marginM: 5, speedMs: 5, camera }) };
    const els = parse(flyPlanKml(plan, 'Roof <A> & B'));
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
