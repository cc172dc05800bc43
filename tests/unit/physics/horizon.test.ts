// Far shading from a horizon profile (src/physics/horizon.ts) and its place in the energy chain.
// Expected values: interpolations on pvlib's PVGIS horizon fixture computed by hand from the file's
// rows; the visible sky share against closed forms (horizontal plane under a constant horizon h:
// cos²h; vertical plane: 1 − (h + sin 2h / 2) / (π/2), derived below) and against a brute-force
// double sum over the sky written here independently; the chain against hand-computed energies.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../src/engine/simulate.ts';
import type { HorizonProfile } from '../../../src/model/horizon.ts';
import { horizonProfileSchema } from '../../../src/model/horizon.ts';
import type { SimulateInput } from '../../../src/model/simulate.ts';
import { simulateInputSchema } from '../../../src/model/simulate.ts';
import { horizonBeamFactors, horizonElevationAt, horizonTable, visibleSkyShare } from '../../../src/physics/horizon.ts';
import { solarPosition } from '../../../src/physics/solar-position.ts';
import { weatherPath } from '../weather/data.ts';

const D2R = Math.PI / 180;

/** pvlib's fixture, read here with a plain split (the file reader has its own tests). */
function fixture(): [number, number][] {
  const lines = readFileSync(weatherPath('test_read_pvgis_horizon.csv'), 'utf8').trim().split('\n').slice(1);
  return lines.map((l) => l.split(',').map(Number) as [number, number]);
}

const constant = (h: number): [number, number][] => [
  [0, h],
  [120, h],
  [240, h],
];

describe('horizon profile: interpolation', () => {
  const profile = fixture();

  it('reproduces the rows of the fixture at their azimuths', () => {
    expect(profile).toHaveLength(48);
    // rows of test_read_pvgis_horizon.csv
    expect(horizonElevationAt(profile, 0)).toBe(9.9);
    expect(horizonElevationAt(profile, 135)).toBe(11.8);
    expect(horizonElevationAt(profile, 202.5)).toBe(0);
    expect(horizonElevationAt(profile, 352.5)).toBe(9.2);
  });

  it('is linear between rows and periodic across north (hand-computed from the fixture)', () => {
    // 0 → 9.9, 7.5 → 13: at 3.75 the mean 11.45; at 1.5 = 9.9 + 3.1 × 1.5/7.5 = 10.52
    expect(horizonElevationAt(profile, 3.75)).toBeCloseTo(11.45, 12);
    expect(horizonElevationAt(profile, 1.5)).toBeCloseTo(10.52, 12);
    // 187.5 → 3.4, 195 → 0.8: at 190 = 3.4 − 2.6 × 2.5/7.5 = 2.533…
    expect(horizonElevationAt(profile, 190)).toBeCloseTo(3.4 - 2.6 / 3, 12);
    // across north: 352.5 → 9.2, 360 (= 0) → 9.9: at 356.25 the mean 9.55; at 359 = 9.2 + 0.7 × 6.5/7.5
    expect(horizonElevationAt(profile, 356.25)).toBeCloseTo(9.55, 12);
    expect(horizonElevationAt(profile, 359)).toBeCloseTo(9.2 + (0.7 * 6.5) / 7.5, 12);
    // any azimuth folds into 0…360
    expect(horizonElevationAt(profile, -3.75)).toBeCloseTo(9.55, 12);
    expect(horizonElevationAt(profile, 723.75)).toBeCloseTo(11.45, 12);
    expect(horizonElevationAt(profile, 360)).toBe(9.9);
  });

  it('sorts unsorted input (the same line as the sorted fixture)', () => {
    const shuffled = profile.map((p, k) => ({ p, key: (k * 37 + 5) % 48 })).sort((a, b) => a.key - b.key).map((x) => x.p);
    expect(shuffled[0]).not.toEqual(profile[0]);
    for (let az = 0; az < 360; az += 1.3) expect(horizonElevationAt(shuffled, az)).toBe(horizonElevationAt(profile, az));
  });

  it('takes a point at 360 as the one at 0: dropped when 0 is given, else it is the north point', () => {
    const withBoth: HorizonProfile = [
      [0, 5],
      [90, 10],
      [180, 20],
      [270, 0],
      [360, 5],
    ];
    expect(horizonElevationAt(withBoth, 315)).toBeCloseTo(2.5, 12);
    expect(horizonElevationAt(withBoth, 45)).toBeCloseTo(7.5, 12);
    const only360: HorizonProfile = [
      [180, 3],
      [360, 7],
    ];
    expect(horizonElevationAt(only360, 0)).toBe(7);
    expect(horizonElevationAt(only360, 90)).toBeCloseTo(5, 12);
    expect(horizonElevationAt(only360, 270)).toBeCloseTo(5, 12);
  });

  it('makes a step of two points at one azimuth (a wall edge), the higher one on the edge itself', () => {
    const wall: HorizonProfile = [
      [0, 0],
      [100, 0],
      [100, 30],
      [200, 30],
      [200, 0],
    ];
    expect(horizonElevationAt(wall, 99.999)).toBe(0);
    expect(horizonElevationAt(wall, 100)).toBe(30);
    expect(horizonElevationAt(wall, 150)).toBe(30);
    expect(horizonElevationAt(wall, 200)).toBe(30);
    expect(horizonElevationAt(wall, 250)).toBe(0);
  });
});

describe('horizon profile: the beam cut-off', () => {
  it('is 1 above the horizon line at the Sun’s azimuth, 0 on or below it and at night', () => {
    const table = horizonTable(fixture());
    // apparent zenith [°], azimuth [°]: horizon 9.9 at 0°, 14.5 at 15°, 13 at 60°, 0 at 240°
    const zenith = Float64Array.of(80, 80, 77, 89.5, 95, 75.5, 75);
    const azimuth = Float64Array.of(0, 15, 60, 240, 240, 15, 15);
    expect(Array.from(horizonBeamFactors(table, zenith, azimuth))).toEqual([1, 0, 0, 1, 0, 0, 1]);
  });
});

/**
 * Brute force, independent of the implementation: the share of ∫ max(cos θ, 0) dω over the sky
 * hemisphere that lies above h(a), as a midpoint double sum (0.25° in azimuth, 0.05° in elevation).
 */
function bruteForceShare(h: (azimuth: number) => number, tilt: number, azimuth: number): number {
  const n = [Math.sin(tilt * D2R) * Math.sin(azimuth * D2R), Math.sin(tilt * D2R) * Math.cos(azimuth * D2R), Math.cos(tilt * D2R)];
  const da = 0.25;
  const de = 0.05;
  let all = 0;
  let seen = 0;
  for (let a = da / 2; a < 360; a += da) {
    const ha = h(a);
    const sa = Math.sin(a * D2R);
    const ca = Math.cos(a * D2R);
    for (let e = de / 2; e < 90; e += de) {
      const ce = Math.cos(e * D2R);
      const cosTheta = n[0] * ce * sa + n[1] * ce * ca + n[2] * Math.sin(e * D2R);
      if (cosTheta <= 0) continue;
      const w = cosTheta * ce;
      all += w;
      if (e > ha) seen += w;
    }
  }
  return seen / all;
}

describe('visible sky share (isotropic sky)', () => {
  it('horizontal plane under a constant horizon h: cos²h (1e-4)', () => {
    // ∫₀^{2π} ∫_h^{π/2} sin e cos e de da / π = (1 − sin²h) = cos²h
    for (const h of [0, 2, 5, 10, 20, 30, 45, 60, 80]) {
      expect(visibleSkyShare(constant(h), 0, 180), `h = ${h}`).toBeCloseTo(Math.cos(h * D2R) ** 2, 4);
      expect(Math.abs(visibleSkyShare(constant(h), 0, 180) - Math.cos(h * D2R) ** 2)).toBeLessThan(1e-4);
    }
  });

  it('vertical plane under a constant horizon h: 1 − (h + sin 2h / 2) / (π/2) (1e-6)', () => {
    // Vertical plane facing γ: cos θ = cos e cos(a − γ), seen for |a − γ| < 90°. Hidden:
    // ∫_{−π/2}^{π/2} cos u du · ∫₀^h cos²e de = 2 (h/2 + sin 2h / 4); unobstructed view π(1 + 0)/2.
    for (const h of [5, 15, 30, 60]) {
      const r = h * D2R;
      for (const facing of [0, 90, 180, 247]) {
        expect(Math.abs(visibleSkyShare(constant(h), 90, facing) - (1 - (r + Math.sin(2 * r) / 2) / (Math.PI / 2)))).toBeLessThan(1e-6);
      }
    }
  });

  it('a flat horizon (0 or below everywhere) hides nothing, at any tilt and azimuth', () => {
    for (const tilt of [0, 10, 30, 45, 60, 90]) {
      for (const az of [0, 90, 180, 270, 33]) {
        expect(visibleSkyShare(constant(0), tilt, az)).toBe(1);
        expect(visibleSkyShare(constant(-5), tilt, az)).toBe(1);
      }
    }
  });

  it('matches a brute-force sum over the sky for tilted planes and a wall-like sector (1e-3)', () => {
    // a 30° wall from south-east to south-west (135°…225°), flat elsewhere
    const wall: HorizonProfile = [
      [0, 0],
      [135, 0],
      [135, 30],
      [225, 30],
      [225, 0],
    ];
    const h = (a: number) => (a > 135 && a < 225 ? 30 : 0);
    for (const [tilt, az] of [
      [30, 180],
      [30, 0],
      [60, 180],
      [45, 90],
      [90, 180],
      [20, 225],
    ]) {
      expect(Math.abs(visibleSkyShare(wall, tilt, az) - bruteForceShare(h, tilt, az)), `${tilt}/${az}`).toBeLessThan(1e-3);
    }
    // a plane facing away from the wall loses less of its sky than one facing it
    const facing = visibleSkyShare(wall, 30, 180);
    const away = visibleSkyShare(wall, 30, 0);
    expect(facing).toBeLessThan(away);
    expect(1 - away).toBeLessThan((1 - facing) / 5);
    expect(away).toBeLessThan(1);
  });

  it('on the fixture (Sandia-area PVGIS horizon): a plane facing the high north-east loses more than one facing the open west', () => {
    const p = fixture();
    const h = (a: number) => horizonElevationAt(p, a);
    const ne = visibleSkyShare(p, 40, 45);
    const w = visibleSkyShare(p, 40, 270);
    expect(Math.abs(ne - bruteForceShare(h, 40, 45))).toBeLessThan(1e-3);
    expect(Math.abs(w - bruteForceShare(h, 40, 270))).toBeLessThan(1e-3);
    expect(ne).toBeLessThan(w);
  });
});

describe('horizon in the contract', () => {
  it('validates the simulate field with messages naming the point', () => {
    const base: SimulateInput = {
      site: { latitude: 31.23, longitude: 121.47 },
      weather: { hourly: { times: ['2025-12-21T04:00:00Z'], ghi: [300], dni: [500], dhi: [100], tempAir: [5], windSpeed: [1] } },
      arrays: [{ name: 'a', surfaceTilt: 0, surfaceAzimuth: 180, modulesPerString: 1, strings: 1, module: { model: 'pvwatts', pdc0: 500 } }],
      inverter: { model: 'pvwatts', pdc0: 1000 },
    };
    expect(simulateInputSchema.safeParse({ ...base, horizon: fixture() }).success).toBe(true);
    const bad = simulateInputSchema.safeParse({
      ...base,
      horizon: [
        [0, 5],
        [90, 5],
        [400, 5],
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].path).toEqual(['horizon', 2, 0]);
    expect(bad.error!.issues[0].message).toMatch(/^point 2: azimuth/);
    const high = horizonProfileSchema.safeParse([
      [0, 5],
      [90, 95],
    ]);
    expect(high.error!.issues[0].message).toMatch(/^point 1: elevation/);
    expect(horizonProfileSchema.safeParse([[0, 5]]).success).toBe(false);
    expect(horizonProfileSchema.safeParse(Array.from({ length: 3601 }, (_, k) => [k / 10, 1])).success).toBe(false);
  });
});

/** One day of hourly weather at a constant DNI/DHI/GHI, interval-start UTC times from `startUtc`. */
function day(startUtc: string, dni: number, dhi: number, ghi: number) {
  const t0 = Date.parse(startUtc);
  const times = Array.from({ length: 24 }, (_, k) => new Date(t0 + k * 3_600_000).toISOString());
  return { times, ghi: times.map(() => ghi), dni: times.map(() => dni), dhi: times.map(() => dhi), tempAir: times.map(() => 10), windSpeed: times.map(() => 1) };
}

const SHANGHAI = { latitude: 31.23, longitude: 121.47 };
/** 20 PVWatts modules of 500 W, no temperature effect (γ 0), no IAM: DC = 10 kW × G / 1000 W m⁻². */
const array = (surfaceTilt: number): SimulateInput['arrays'][number] => ({
  name: 'a',
  surfaceTilt,
  surfaceAzimuth: 180,
  modulesPerString: 10,
  strings: 2,
  module: { model: 'pvwatts', pdc0: 500, gammaPdc: 0 },
  iam: { model: 'none' },
});

describe('horizon in the energy chain', () => {
  // Shanghai, 21 December (local day = UTC+8): the Sun culminates at 90 − 31.23 − 23.44 ≈ 35.3°, so a
  // constant 45° horizon hides it all day.
  const hourly = day('2025-12-20T16:00:00Z', 600, 100, 400);
  const base = { site: SHANGHAI, weather: { hourly }, transposition: 'isotropic' as const, inverter: { model: 'pvwatts' as const, pdc0: 20_000 }, output: { hourly: true } };

  it('a horizontal array: beam 0 all day and the sky diffuse × cos²45° = DHI/2', async () => {
    const open = await simulate({ ...base, arrays: [array(0)] });
    const hidden = await simulate({ ...base, arrays: [array(0)], horizon: constant(45) });
    let daylight = 0;
    for (let i = 0; i < 24; i++) {
      if (open.hourly!.dc[i] === 0) {
        expect(hidden.hourly!.dc[i]).toBe(0);
        continue;
      }
      daylight++;
      // open sky: DNI cos z + DHI > DHI; behind the horizon: 10 kW × DHI cos²45° / 1000 = 10 × 100 × 0.5 W
      expect(open.hourly!.dc[i]).toBeGreaterThan(1000);
      expect(hidden.hourly!.dc[i]).toBeCloseTo(10 * 100 * 0.5, 6);
    }
    expect(daylight).toBeGreaterThanOrEqual(9);
    // the unshaded plane-of-array irradiance (top of the loss tree) is the same
    expect(hidden.annual.poaKwhM2).toBe(open.annual.poaKwhM2);
    const far = hidden.losses.find((l) => l.name === 'horizon')!;
    expect(far.kwh).toBeCloseTo(open.annual.dcKwh - hidden.annual.dcKwh, 9);
    const total = hidden.losses.reduce((s, l) => s + l.kwh, 0);
    expect(hidden.annual.nominalKwh - total).toBeCloseTo(hidden.annual.acKwh, 9);
  });

  it('a tilted array: beam 0 and the sky diffuse × the brute-force share, ground-reflected unchanged', async () => {
    const tilt = 30;
    const hidden = await simulate({ ...base, site: { ...SHANGHAI, albedo: 0.2 }, arrays: [array(tilt)], horizon: constant(45) });
    const share = bruteForceShare(() => 45, tilt, 180);
    const c = Math.cos(tilt * D2R);
    // isotropic sky: DHI (1 + cos β)/2 × share, plus GHI ρ (1 − cos β)/2
    const expected = 10 * (100 * ((1 + c) / 2) * share + 400 * 0.2 * ((1 - c) / 2));
    const lit = hidden.hourly!.dc.filter((v) => v > 0);
    expect(lit.length).toBeGreaterThanOrEqual(9);
    for (const v of lit) expect(Math.abs(v - expected) / expected).toBeLessThan(1e-3);
  });

  it('in June the beam comes back once the Sun is above 45°, and is cut below it', async () => {
    const june = day('2025-06-20T16:00:00Z', 600, 100, 400);
    const out = await simulate({ ...base, weather: { hourly: june }, arrays: [array(0)], horizon: constant(45) });
    let above = 0;
    let below = 0;
    for (let i = 0; i < 24; i++) {
      const mid = Date.parse(june.times[i]) + 1_800_000;
      const e = solarPosition(mid, SHANGHAI.latitude, SHANGHAI.longitude).apparentElevation;
      if (e <= 0.5 || Math.abs(e - 45) < 0.5) continue;
      if (e < 45) {
        below++;
        expect(out.hourly!.dc[i]).toBeCloseTo(500, 6);
      } else {
        above++;
        // DHI cos²45° + DNI sin e
        expect(out.hourly!.dc[i]).toBeCloseTo(10 * (50 + 600 * Math.sin(e * D2R)), 0);
      }
    }
    expect(above).toBeGreaterThanOrEqual(4);
    expect(below).toBeGreaterThanOrEqual(4);
  });

  it('Perez: the circumsolar part goes with the beam (a horizontal plane gets at most DHI cos²h)', async () => {
    const out = await simulate({ ...base, transposition: 'perez', arrays: [array(0)], horizon: constant(45) });
    const lit = out.hourly!.dc.filter((v) => v > 0);
    expect(lit.length).toBeGreaterThanOrEqual(9);
    for (const v of lit) expect(v).toBeLessThanOrEqual(500 + 1e-9);
  });

  it('without a horizon the loss list is unchanged; with one it has the horizon line first', async () => {
    const open = await simulate({ ...base, arrays: [array(0)] });
    expect(open.losses.map((l) => l.name)).not.toContain('horizon');
    const flat = await simulate({ ...base, arrays: [array(0)], horizon: constant(0) });
    expect(flat.losses[0]).toEqual({ name: 'horizon', kwh: 0, percent: 0 });
    expect(flat.hourly!.dc).toEqual(open.hourly!.dc);
  });
});
