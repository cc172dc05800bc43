// Per-module shade figures and the heat map's fitted scale (issue 18; src/web/editor/shade/
// shade-detail.ts, heat-scale.ts, render/heat-colours.ts), with numbers worked by hand.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS, emptyLayoutDocument, type LayoutDocument, type ShadeDocument } from '../../../../../src/model/design.ts';
import { planeKey } from '../../../../../src/web/api/plane-irradiation.ts';
import { heatLegend, heatRgb, viridis } from '../../../../../src/web/editor/render/heat-colours.ts';
import { fittedScale } from '../../../../../src/web/editor/shade/heat-scale.ts';
import { annualLoss, lossesByArray, shadeDetails, tsrf } from '../../../../../src/web/editor/shade/shade-detail.ts';

const plane = (tilt: number, azimuth: number, poa: number, beam: number, sky: number) => ({ tilt, azimuth, poaKwhM2: poa, beamKwhM2: beam, skyDiffuseKwhM2: sky, groundKwhM2: poa - beam - sky });

describe('annual loss, solar access and TSRF', () => {
  it('weighs beam and diffuse shading with the plane’s beam and sky-diffuse irradiation', () => {
    // POA 1500 = beam 900 + sky 540 + ground 60 kWh/m²; beam shading 20 %, diffuse 10 %:
    // (0.2·900 + 0.1·540) / 1500 = (180 + 54) / 1500 = 0.156.
    expect(annualLoss(0.2, 0.1, plane(30, 180, 1500, 900, 540))).toBeCloseTo(0.156, 12);
    // Without the irradiation: the beam shading alone.
    expect(annualLoss(0.2, 0.1, null)).toBe(0.2);
    // No shading: no loss; all of the beam and sky shaded: all but the ground-reflected 60/1500 = 4 %.
    expect(annualLoss(0, 0, plane(30, 180, 1500, 900, 540))).toBe(0);
    expect(annualLoss(1, 1, plane(30, 180, 1500, 900, 540))).toBeCloseTo(0.96, 12);
  });

  it('TSRF = (1 − loss) × POA(module) / POA(optimal)', () => {
    // A west face at 1200 kWh/m², the optimum 1500: TOF 0.8; 15.6 % loss: 0.844 × 0.8 = 0.6752.
    expect(tsrf(0.156, 1200, 1500)).toBeCloseTo(0.6752, 12);
    expect(tsrf(0, 1500, 1500)).toBe(1);
  });

  it('per module, from the saved run and the planes of the arrays', () => {
    const base = { buildingId: 'b', settings: DEFAULT_LAYOUT_SETTINGS, along: 1, up: 2, rowPitch: 2 };
    const layout: LayoutDocument = {
      ...emptyLayoutDocument(),
      arrays: [
        { ...base, id: 'S', faceId: 'f1', tilt: 30, azimuth: 180, centers: [0, 0, 6, 1, 0, 6] },
        { ...base, id: 'W', faceId: 'f2', tilt: 30, azimuth: 270, centers: [5, 0, 6] },
        // An array the run does not cover (added since): left out.
        { ...base, id: 'N', faceId: 'f3', tilt: 30, azimuth: 0, centers: [9, 0, 6] },
      ],
    };
    const shade: ShadeDocument = {
      kind: 'shade',
      version: 1,
      layoutVersion: 1,
      buildingVersion: 1,
      year: 2025,
      stepMinutes: 60,
      samples: { x: 2, y: 2 },
      arrays: [
        { arrayId: 'S', beam: [0, 0.2], diffuse: [0.05, 0.1] },
        { arrayId: 'W', beam: [0.5], diffuse: [0] },
      ],
      finishedAt: '2025-01-01T00:00:00.000Z',
    };
    const south = plane(30, 180, 1500, 900, 540);
    const west = plane(30, 270, 1200, 600, 540);
    const irradiation = { byPlane: new Map([[planeKey(south), south], [planeKey(west), west]]), optimal: { poaKwhM2: 1600 } };
    const d = shadeDetails(shade, layout, irradiation);
    expect(d.map((x) => x.key)).toEqual(['S:0', 'S:1', 'W:0']);
    // S:0: (0 + 0.05·540)/1500 = 0.018; TOF 1500/1600 = 0.9375; TSRF 0.982 × 0.9375 = 0.9206250.
    expect(d[0].loss).toBeCloseTo(0.018, 12);
    expect(d[0].access).toBeCloseTo(0.982, 12);
    expect(d[0].tof).toBeCloseTo(0.9375, 12);
    expect(d[0].tsrf).toBeCloseTo(0.920625, 12);
    // S:1: 0.156 (above); TSRF 0.844 × 0.9375 = 0.79125.
    expect(d[1].tsrf).toBeCloseTo(0.79125, 12);
    // W:0: 0.5·600/1200 = 0.25; TOF 1200/1600 = 0.75; TSRF 0.75 × 0.75 = 0.5625.
    expect(d[2].loss).toBeCloseTo(0.25, 12);
    expect(d[2].tsrf).toBeCloseTo(0.5625, 12);
    // Without the irradiation: beam only, no TSRF.
    const bare = shadeDetails(shade, layout, null);
    expect(bare.map((x) => x.loss)).toEqual([0, 0.2, 0.5]);
    expect(bare.every((x) => x.tsrf === null && x.tof === null)).toBe(true);
    expect(lossesByArray(d).get('S')).toEqual([d[0].loss, d[1].loss]);
    expect(lossesByArray(d).has('N')).toBe(false);
  });
});

describe('the heat map’s scale fitted to the values', () => {
  it('spans the least to the largest loss, NaN left out', () => {
    expect(fittedScale([0.05, Number.NaN, 0.02, 0.1, 0.04])).toEqual({ min: 0.02, max: 0.1 });
    expect(fittedScale([Number.NaN])).toBeNull();
    expect(fittedScale([])).toBeNull();
  });

  it('paints the least loss yellow, the largest purple, the middle viridis’ middle', () => {
    const { min, max } = fittedScale([0.02, 0.1])!;
    expect(heatRgb(0.02, max, min)).toEqual(viridis(1));
    expect(heatRgb(0.1, max, min)).toEqual(viridis(0));
    // (0.06 − 0.02)/(0.1 − 0.02) = 0.5 → viridis(0.5) = (0.127568, 0.566949, 0.550556).
    const mid = heatRgb(0.06, max, min);
    [0.127568, 0.566949, 0.550556].forEach((v, i) => expect(mid[i]).toBeCloseTo(v, 6));
    // Beyond the ends: clamped.
    expect(heatRgb(0, max, min)).toEqual(viridis(1));
    expect(heatRgb(0.5, max, min)).toEqual(viridis(0));
    // A scale of no width (every module alike): the yellow end.
    expect(heatRgb(0.03, 0.03, 0.03)).toEqual(viridis(1));
  });

  it('labels five legend stops from the least to the largest loss', () => {
    const stops = heatLegend(0.1, 5, 0.02);
    [0.02, 0.04, 0.06, 0.08, 0.1].forEach((v, i) => expect(stops[i].loss).toBeCloseTo(v, 15));
    expect(stops[0].css).toBe('rgb(253, 231, 37)');
    expect(stops[4].css).toBe('rgb(68, 1, 84)');
  });
});
