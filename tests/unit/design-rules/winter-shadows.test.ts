// winterShadows (src/design-rules/winter-shadows.ts): shadow polygons on the winter solstice at 09:00, 12:00
// and 15:00 true solar time. Expected shapes worked by hand: a prism of height h throws its footprint
// swept by the plan offset L = −h·(sx, sy)/sz of the sun vector s; for an axis-aligned w × d box the
// swept area is w·d + |Lx|·d + |Ly|·w. At 40° N the noon sun stands 90 − 40 − 23.44 = 26.56° high, due
// south: a 1 m post throws 1/tan 26.56° = 2.0014 m due north. Areas within 1e-6 m² (Clipper2 rounds
// to 1 µm) unless stated.
import { describe, expect, it } from 'vitest';
import { sunVector } from '../../../src/design-rules/row-spacing.ts';
import { moduleStrips, winterShadows, type WinterShadow } from '../../../src/design-rules/winter-shadows.ts';

const D2R = Math.PI / 180;
const area = (s: WinterShadow) =>
  s.shadows.reduce((sum, r) => sum + r.reduce((a, [x, y], i) => a + (x * r[(i + 1) % r.length][1] - r[(i + 1) % r.length][0] * y), 0) / 2, 0);
const bbox = (s: WinterShadow) => {
  const pts = s.shadows.flat();
  return [Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[1]))];
};
/** Whether a point lies in the union (even–odd over its rings: outer and holes). */
const shaded = (s: WinterShadow, [px, py]: [number, number]) =>
  s.shadows.reduce((inside, r) => {
    let odd = false;
    for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
      if (r[i][1] > py !== r[j][1] > py && px < ((r[j][0] - r[i][0]) * (py - r[i][1])) / (r[j][1] - r[i][1]) + r[i][0]) odd = !odd;
    }
    return odd ? !inside : inside;
  }, false);
/** Plan offset of the shadow of a point h above the plane at an hour angle (40° N, solstice). */
const offset = (h: number, hourAngle: number, lat = 40) => {
  const s = sunVector(lat, lat >= 0 ? -23.44 : 23.44, hourAngle);
  return [(-h * s[0]) / s[2], (-h * s[1]) / s[2]];
};

describe('a 2 × 4 m box, 3 m high, at 40° N', () => {
  const [am, noon, pm] = winterShadows({ latitude: 40, obstacles: [{ kind: 'box', center: [0, 0], size: [2, 4], height: 3 }] });

  it('noon: the footprint stretched 3/tan 26.56° = 6.004 m due north', () => {
    const L = 3 / Math.tan((90 - 40 - 23.44) * D2R);
    expect(noon.label).toBe('12:00');
    expect(noon.sunUp).toBe(true);
    expect(noon.elevation).toBeCloseTo(26.56, 9);
    expect(noon.shadows).toHaveLength(1);
    expect(area(noon)).toBeCloseTo(2 * (4 + L), 5);
    bbox(noon).forEach((v, i) => expect(v).toBeCloseTo([-1, -2, 1, 2 + L][i], 5));
  });

  it('09:00 and 15:00: mirror images, area w·d + |Lx|·d + |Ly|·w', () => {
    const [lx, ly] = offset(3, -45);
    expect(lx).toBeLessThan(0); // morning sun in the south-east: shadow to the north-west
    expect(ly).toBeGreaterThan(0);
    const expected = 2 * 4 + Math.abs(lx) * 4 + Math.abs(ly) * 2;
    expect(area(am)).toBeCloseTo(expected, 5);
    expect(area(pm)).toBeCloseTo(expected, 5);
    expect(bbox(am)[0]).toBeCloseTo(-1 + lx, 5);
    expect(bbox(pm)[2]).toBeCloseTo(1 - lx, 5);
  });

  it('a box rotated 90° is the same as a 4 × 2 box', () => {
    const [, rotated] = winterShadows({ latitude: 40, obstacles: [{ kind: 'box', center: [0, 0], size: [2, 4], height: 3, rotation: 90 }] });
    const L = 3 / Math.tan((90 - 40 - 23.44) * D2R);
    expect(area(rotated)).toBeCloseTo(4 * (2 + L), 5);
  });
});

describe('other obstacles', () => {
  it('a cylinder of radius 0.5, 2 m high: about πr² + 2r·L at noon (32-gon: within 1 %)', () => {
    const [, noon] = winterShadows({ latitude: 40, obstacles: [{ kind: 'cylinder', center: [5, 5], radius: 0.5, height: 2 }] });
    const L = 2 / Math.tan(26.56 * D2R);
    expect(Math.abs(area(noon) - (Math.PI * 0.25 + 1 * L)) / (Math.PI * 0.25 + L)).toBeLessThan(0.01);
  });

  it('an L-shaped prism: the exact sweep, not the hull (its notch stays lit at noon)', () => {
    // L = [0,4]×[0,1] ∪ [0,1]×[0,4], 1 m high, noon offset (0, 2.0014): the notch [1, 4] × [1, 4]
    // is shaded up to y = 1 + 2.0014 only; the point (3, 3.5) stays lit.
    const [, noon] = winterShadows({ latitude: 40, obstacles: [{ kind: 'prism', polygon: [[0, 0], [4, 0], [4, 1], [1, 1], [1, 4], [0, 4]], height: 1 }] });
    const L = 1 / Math.tan(26.56 * D2R);
    // Area: the L (7) plus the sweep: the top edges (width 4 in x) move north by L.
    expect(area(noon)).toBeCloseTo(7 + 4 * L, 3);
    expect(shaded(noon, [3, 3.5])).toBe(false);
    expect(shaded(noon, [3, 2.9])).toBe(true);
  });

  it('a parapet 10 m long, 0.2 m thick, 1 m high along the x axis: a band 0.2 + L deep at noon', () => {
    const [, noon] = winterShadows({ latitude: 40, obstacles: [{ kind: 'parapet', polyline: [[0, 0], [10, 0]], height: 1, thickness: 0.2 }] });
    const L = 1 / Math.tan(26.56 * D2R);
    expect(area(noon)).toBeCloseTo(10 * (0.2 + L), 5);
    bbox(noon).forEach((v, i) => expect(v).toBeCloseTo([0, -0.1, 10, 0.1 + L][i], 5));
  });
});

describe('module rows', () => {
  it('a 1 × 2 m module tilted 30° facing south: its shadow reaches 2·sin 30°/tan 26.56° beyond its top edge', () => {
    // Front edge (0..1, 0) at z 0, back edge at y = 2·cos 30° = 1.732, z = 1: the top edge's shadow
    // falls 1/tan 26.56° = 2.0014 m further north; the shadow quad is 1 × (1.732 + 2.0014).
    const c = 2 * Math.cos(30 * D2R);
    const corners = [[0, 0, 0], [1, 0, 0], [1, c, 1], [0, c, 1]];
    const [, noon] = winterShadows({ latitude: 40, modules: [{ corners }] });
    expect(area(noon)).toBeCloseTo(c + 1 / Math.tan(26.56 * D2R), 5);
  });

  it('rows spaced by the rule do not reach the next row between 09:00 and 15:00', () => {
    // The same module repeated 1.732 + D north, D from the GB 50797 rule for H = 1 at 40° N (≈ 2.99):
    // no shadow polygon of the first row crosses y = 1.732 + D at any of the three times.
    const c = 2 * Math.cos(30 * D2R);
    const t = Math.tan(40 * D2R);
    const D = (0.707 * t + 0.4338) / (0.707 - 0.4338 * t);
    const row = [0, 1, 2, 3].map((k) => ({ corners: [[k, 0, 0], [k + 1, 0, 0], [k + 1, c, 1], [k, c, 1]] }));
    for (const s of winterShadows({ latitude: 40, modules: row })) expect(bbox(s)[3]).toBeLessThan(c + D + 1e-6);
  });
});

describe('module strips', () => {
  const c = 2 * Math.cos(30 * D2R);
  const module = (x: number) => ({ corners: [[x, 0, 0], [x + 1, 0, 0], [x + 1, c, 1], [x, c, 1]] });

  it('modules of a row 2 cm apart merge into one strip; 0.5 m apart they stay two', () => {
    expect(moduleStrips([module(0), module(1.02), module(2.04)])).toHaveLength(1);
    expect(moduleStrips([module(0), module(1.5)])).toHaveLength(2);
    // A strip spans from the first module's front-left to the last one's back-right corner.
    const [strip] = moduleStrips([module(2.04), module(0), module(1.02)]);
    expect(strip[0]).toEqual([0, 0, 0]);
    expect(strip[2][0]).toBeCloseTo(3.04, 12);
  });

  it('modules of different rows or tilts are not merged', () => {
    const other = { corners: [[1.02, 5, 0], [2.02, 5, 0], [2.02, 5 + c, 1], [1.02, 5 + c, 1]] };
    const flat = { corners: [[1.02, 0, 0], [2.02, 0, 0], [2.02, 2, 0], [1.02, 2, 0]] };
    expect(moduleStrips([module(0), other])).toHaveLength(2);
    expect(moduleStrips([module(0), flat])).toHaveLength(2);
  });

  it("a strip's noon shadow: the row's length × (plan depth + 1/tan 26.56°)", () => {
    const [, noon] = winterShadows({ latitude: 40, modules: [module(0), module(1.02), module(2.04)] });
    expect(area(noon)).toBeCloseTo(3.04 * (c + 1 / Math.tan(26.56 * D2R)), 5);
  });
});

describe('polar winter', () => {
  it('at 70° N the sun is down all day: no shadows drawn', () => {
    const all = winterShadows({ latitude: 70, obstacles: [{ kind: 'box', center: [0, 0], size: [1, 1], height: 1 }] });
    expect(all.map((s) => s.sunUp)).toEqual([false, false, false]);
    expect(all.every((s) => s.shadows.length === 0)).toBe(true);
  });

  it('south of the equator the winter noon sun is in the north: shadows fall south', () => {
    const [, noon] = winterShadows({ latitude: -40, obstacles: [{ kind: 'box', center: [0, 0], size: [2, 2], height: 1 }] });
    expect(noon.azimuth).toBeCloseTo(0, 6);
    expect(bbox(noon)[1]).toBeCloseTo(-1 - 1 / Math.tan(26.56 * D2R), 5);
  });
});
