// The drone orthophoto must lie where the designer placed it (src/web/editor/map/orthophoto.ts): its
// corners from the placement (centre, ground resolution, counter-clockwise turn), in plan metres and
// as lng/lat for the map, checked against corners worked out by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyBuildingDocument, type OrthophotoPlacement } from '../../../../../src/model/design.ts';
import {
  newPlacement,
  orthophotoCorners,
  orthophotoGroundSize,
  orthophotoPlanCorners,
  orthophotoUrl,
  withOrthophoto,
  withoutOrthophoto,
} from '../../../../../src/web/editor/map/orthophoto.ts';
import { createPlanProjection } from '../../../../../src/web/editor/map/projection.ts';

/** 200 × 100 px at 5 cm/px: a 10 m × 5 m image centred at (3, 4) m. */
const placement: OrthophotoPlacement = { id: 'a'.repeat(32), widthPx: 200, heightPx: 100, centerX: 3, centerY: 4, metresPerPixel: 0.05, rotation: 0 };

function expectCorners(actual: readonly (readonly [number, number])[], expected: Array<[number, number]>) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach(([x, y], i) => {
    // Sums of a few exact decimals and cos/sin of 90°: within 1e-9 m.
    expect(x).toBeCloseTo(expected[i][0], 9);
    expect(y).toBeCloseTo(expected[i][1], 9);
  });
}

describe('orthophoto corners on the plan', () => {
  it('unturned: centre ± half the ground size, top edge to the north', () => {
    // Half size 5 m × 2.5 m: x 3 ± 5 = −2 … 8, y 4 ± 2.5 = 1.5 … 6.5.
    expectCorners(orthophotoPlanCorners(placement), [[-2, 6.5], [8, 6.5], [8, 1.5], [-2, 1.5]]);
    expect(orthophotoGroundSize(placement)).toEqual({ width: 10, height: 5 });
  });

  it('turned 90° counter-clockwise: the top edge faces west', () => {
    // (x, y) → (−y, x) about the centre: TL (−5, 2.5) → (−2.5, −5) → (0.5, −1); TR (5, 2.5) → (−2.5, 5)
    // → (0.5, 9); BR (5, −2.5) → (2.5, 5) → (5.5, 9); BL (−5, −2.5) → (2.5, −5) → (5.5, −1).
    expectCorners(orthophotoPlanCorners({ ...placement, rotation: 90 }), [[0.5, -1], [0.5, 9], [5.5, 9], [5.5, -1]]);
  });

  it('turned −90° (clockwise) the top edge faces east, and 360° changes nothing', () => {
    // (x, y) → (y, −x): TL (−5, 2.5) → (2.5, 5) → (5.5, 9); TR (5, 2.5) → (2.5, −5) → (5.5, −1).
    const cw = orthophotoPlanCorners({ ...placement, rotation: -90 });
    expectCorners(cw.slice(0, 2), [[5.5, 9], [5.5, -1]]);
    expectCorners(orthophotoPlanCorners({ ...placement, rotation: 360 }), [[-2, 6.5], [8, 6.5], [8, 1.5], [-2, 1.5]]);
  });

  it('at any turn stays a rectangle of the ground size around its centre', () => {
    fc.assert(
      fc.property(fc.double({ min: -360, max: 360, noNaN: true }), fc.double({ min: 0.001, max: 1, noNaN: true }), (rotation, mpp) => {
        const p = { ...placement, rotation, metresPerPixel: mpp };
        const [tl, tr, br, bl] = orthophotoPlanCorners(p);
        const len = (a: readonly [number, number], b: readonly [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
        expect(len(tl, tr)).toBeCloseTo(200 * mpp, 9);
        expect(len(tr, br)).toBeCloseTo(100 * mpp, 9);
        expect(len(tl, br)).toBeCloseTo(len(tr, bl), 9);
        expect((tl[0] + br[0]) / 2).toBeCloseTo(3, 9);
        expect((tl[1] + br[1]) / 2).toBeCloseTo(4, 9);
        // Counter-clockwise order seen from above: TL → TR → BR is a clockwise turn (negative cross product).
        const cross = (tr[0] - tl[0]) * (br[1] - tr[1]) - (tr[1] - tl[1]) * (br[0] - tr[0]);
        expect(cross).toBeLessThan(0);
      }),
    );
  });
});

describe('orthophoto corners as lng/lat', () => {
  it('at the equator: x/R and y/R radians on the Web Mercator sphere (R = 6378137 m)', () => {
    // Origin (0°, 0°): cos φ₀ = 1, so plan metres are Mercator metres; lng = x/R·180/π, and for a
    // few metres lat = (2·atan(e^(y/R)) − π/2)·180/π = y/R·180/π within 1e-18°.
    // 1 m = 180/(π·6378137) = 8.983152841195214e-6°.
    const deg = 8.983152841195214e-6;
    const corners = orthophotoCorners(placement, createPlanProjection({ lat: 0, lng: 0 }));
    const expected = [[-2, 6.5], [8, 6.5], [8, 1.5], [-2, 1.5]];
    corners.forEach((c, i) => {
      expect(c.lng).toBeCloseTo(expected[i][0] * deg, 12);
      expect(c.lat).toBeCloseTo(expected[i][1] * deg, 12);
    });
  });

  it('at 60° N one plan metre east is 1/(R·cos 60°) radians of longitude', () => {
    // Plan metres are Mercator metres × cos φ₀ (projection.ts): at φ₀ = 60° an east offset of x m is
    // x/(R·½) rad of longitude. The unturned image's left edge is at x = 3 − 5 = −2 m and its right
    // edge at 3 + 5 = 8 m: lng = 116° − 2/(6378137·0.5)·180/π and 116° + 8/(6378137·0.5)·180/π.
    const lng0 = 116;
    const corners = orthophotoCorners(placement, createPlanProjection({ lat: 60, lng: lng0 }));
    expect(corners[0].lng).toBeCloseTo(lng0 - (2 / (6378137 * 0.5)) * (180 / Math.PI), 12);
    expect(corners[1].lng).toBeCloseTo(lng0 + (8 / (6378137 * 0.5)) * (180 / Math.PI), 12);
    // The top edge lies north of the bottom edge, and TL/TR share a latitude when unturned.
    expect(corners[0].lat).toBeGreaterThan(corners[3].lat);
    expect(corners[0].lat).toBeCloseTo(corners[1].lat, 12);
  });
});

describe('the document and the download address', () => {
  it('places a new upload unturned at the view centre with the default 5 cm/px, and shows it', () => {
    const p = newPlacement({ id: 'b'.repeat(32), widthPx: 4000, heightPx: 3000 }, { x: 12, y: -7 });
    expect(p).toEqual({ id: 'b'.repeat(32), widthPx: 4000, heightPx: 3000, centerX: 12, centerY: -7, metresPerPixel: 0.05, rotation: 0 });
    const doc = withOrthophoto(emptyBuildingDocument({ lat: 31, lng: 121 }), p);
    expect(doc.map).toEqual({ base: 'orthophoto', orthophoto: p });
    expect(doc.origin).toEqual({ lat: 31, lng: 121 });
    expect(withoutOrthophoto(doc).map).toEqual({ base: 'offline', orthophoto: null });
  });

  it('names the project and the image in the download address', () => {
    expect(orthophotoUrl(12, 'c'.repeat(32))).toBe(`/api/web/project/orthophoto/file?projectId=12&id=${'c'.repeat(32)}`);
  });
});
