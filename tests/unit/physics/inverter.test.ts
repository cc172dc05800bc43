// Inverter models (src/physics/inverter.ts) against pvlib's published test values (pvlib
// tests/test_inverter.py, tests/conftest.py cec_inverter_parameters) and the efficiency profiles of a
// real PVsyst .OND file (pvlib tests/data/CPS SCH275KTL-DO-US-800-250kW_275kVA_1.OND).
import { describe, expect, it } from 'vitest';
import {
  efficiencyCurveAc,
  inverterAc,
  profileFromPowerPairs,
  pvwattsAc,
  sandia,
  validateEfficiencyCurve,
  type EfficiencyCurveInverterParameters,
  type InverterModel,
  type SandiaInverterParameters,
} from '../../../src/physics/inverter.ts';

// CEC database entry "ABB: MICRO-0.25-I-OUTD-US-208 208V [CEC 2014]" (pvlib conftest)
const abb: SandiaInverterParameters = {
  paco: 250,
  pdco: 259.5220505,
  vdco: 40.24260317,
  pso: 1.771614224,
  c0: -2.48e-5,
  c1: -9.01e-5,
  c2: 6.69e-4,
  c3: -0.0189,
  pnt: 0.02,
};
// "Enphase Energy: M250-60-2LL-S2x (-ZC) (-NA) 208V [CEC 2013]" (pvlib test_sandia_Pnt_micro, GH 140)
const enphase: SandiaInverterParameters = {
  paco: 240,
  pdco: 250.5311318,
  vdco: 32.06160667,
  pso: 1.12048857,
  c0: -5.76e-5,
  c1: -6.24e-4,
  c2: 8.09e-2,
  c3: -0.111781106,
  pnt: 0.043,
};

describe('PVWatts inverter (Dobos 2014)', () => {
  it('gives pvlib test_pvwatts_scalars: pvwatts(90, 100, 0.95) = 85.58556604752516, and 0 at Pdc = 0', () => {
    expect(pvwattsAc(90, 100, 0.95)).toBeCloseTo(85.58556604752516, 10);
    expect(pvwattsAc(0, 100)).toBe(0);
  });

  it('never goes negative at tiny input (pvlib test_pvwatts_possible_negative, GH 541)', () => {
    expect(pvwattsAc(0.001, 1)).toBe(0);
  });

  it('matches pvlib test_pvwatts_arrays: [NaN, 0, 50, 100] → [NaN, 0, 47.60843624, 95]; clips at η_nom·Pdc0', () => {
    const out = inverterAc({ model: 'pvwatts', pdc0: 100, etaInvNom: 0.95 }, Float64Array.from([Number.NaN, 0, 50, 100, 150]));
    expect(Number.isNaN(out[0])).toBe(true);
    expect(out[1]).toBe(0);
    expect(out[2]).toBeCloseTo(47.60843624, 7);
    expect(out[3]).toBeCloseTo(95, 10);
    expect(out[4]).toBe(95); // clipped at pac0 = 0.95·100
  });
});

describe('Sandia inverter (King et al. 2007)', () => {
  it('gives pvlib test_sandia_float: 25 V, 137.5 W → 132.004278 W (rtol 1e-5)', () => {
    expect(Math.abs(sandia(25, 137.5, abb) / 132.004278 - 1)).toBeLessThan(1e-5);
  });

  it('clips at Paco and draws the night tare below Pso (pvlib test_sandia: [−0.02, 132.004308, 250])', () => {
    const vdc = Float64Array.from([0, 25, 50]);
    const pdc = Float64Array.from([0, 25 * 5.5, 50 * 11]);
    const out = inverterAc({ model: 'sandia', ...abb }, pdc, vdc);
    expect(out[0]).toBe(-0.02);
    expect(Math.abs(out[1] / 132.004308 - 1)).toBeLessThan(1e-5);
    expect(out[2]).toBe(250);
    expect(sandia(25, 0, abb)).toBe(-abb.pnt);
  });

  it('gives no positive output at zero input for a microinverter (pvlib test_sandia_Pnt_micro: [−0.043, 132.545914746, 240])', () => {
    expect(sandia(0, 0, enphase)).toBe(-0.043);
    expect(sandia(25, 137.5, enphase)).toBeCloseTo(132.545914746, 8);
    expect(sandia(50, 550, enphase)).toBe(240);
  });

  it('needs the DC voltage', () => {
    expect(() => inverterAc({ model: 'sandia', ...abb }, new Float64Array(2))).toThrow(/vdc/);
  });
});

describe('efficiency-curve inverter (.OND)', () => {
  // ProfilPIOV1..3 of the CPS SCH275KTL-DO/US-800 .OND: (Pin, Pout) [W] at VNomEff 880, 1174, 1300 V;
  // PMaxOUT 250 kW, PSeuil 500 W, Night_Loss 5 W.
  const v1 = [[300, 0], [13012.7, 12500], [25720.2, 25000], [51093.4, 50000], [76437.0, 75000], [127213.5, 125000], [190995.2, 187500], [255440.9, 250000], [281301.1, 275000]];
  const v2 = [[300, 0], [12850.8, 12500], [25401.3, 25000], [50581.7, 50000], [75795.9, 75000], [126211.6, 125000], [189623.8, 187500], [253138.9, 250000], [278763.3, 275000]];
  const v3 = [[300, 0], [12953.4, 12500], [25512.8, 25000], [50679.1, 50000], [75895.6, 75000], [126441.4, 125000], [189835.0, 187500], [253472.6, 250000], [279017.9, 275000]];
  const profile = (v: number, pts: number[][]) =>
    profileFromPowerPairs(
      v,
      pts.map((p) => p[0]),
      pts.map((p) => p[1]),
    );
  const cps: EfficiencyCurveInverterParameters = {
    curves: [profile(880, v1), profile(1174, v2), profile(1300, v3)],
    pacMax: 250_000,
    pdcThreshold: 500,
    nightLoss: 5,
  };

  it('reproduces the published output power at every measured point of each profile up to PMaxOUT', () => {
    for (const [v, pts] of [[880, v1], [1174, v2], [1300, v3]] as const) {
      for (const [pin, pout] of pts.slice(1, 8)) expect(efficiencyCurveAc(v, pin, cps)).toBeCloseTo(pout, 6);
    }
  });

  it('interpolates between voltage profiles: at 1027 V (midway 880–1174 V) the output lies between the two', () => {
    const lo = efficiencyCurveAc(880, 100_000, cps);
    const hi = efficiencyCurveAc(1174, 100_000, cps);
    const mid = efficiencyCurveAc(1027, 100_000, cps);
    // linear in voltage: exactly the mean of the two profile outputs
    expect(mid).toBeCloseTo((lo + hi) / 2, 8);
    // outside the voltage range the nearest profile holds
    expect(efficiencyCurveAc(600, 100_000, cps)).toBe(lo);
    expect(efficiencyCurveAc(1500, 100_000, cps)).toBe(efficiencyCurveAc(1300, 100_000, cps));
  });

  it('clips at PMaxOUT (250 kW) although the 275 kW point of the profile exists', () => {
    expect(efficiencyCurveAc(1174, 278_763.3, cps)).toBe(250_000);
  });

  it('is off below PSeuil and draws Night_Loss (−5 W); zero efficiency at the threshold, rising to the first point', () => {
    expect(efficiencyCurveAc(1174, 0, cps)).toBe(-5);
    expect(efficiencyCurveAc(1174, 499, cps)).toBe(-5);
    const low = efficiencyCurveAc(1174, 6000, cps);
    expect(low).toBeGreaterThan(0);
    expect(low).toBeLessThan(6000 * (12500 / 12850.8));
  });

  it('single profile: ignores the voltage; the dispatcher fills an output array', () => {
    const one: InverterModel = { model: 'efficiencyCurve', curves: [{ voltage: 600, pdc: [1000, 5000, 10000], efficiency: [0.95, 0.97, 0.96] }], pacMax: 9000 };
    // hand interpolation: 3000 W lies halfway 1000–5000 → η 0.96 → 2880 W; 7500 W → η 0.965 → 7237.5 W
    const out = inverterAc(one, Float64Array.from([3000, 7500, 20000, 0]));
    expect(out[0]).toBeCloseTo(2880, 9);
    expect(out[1]).toBeCloseTo(7237.5, 9);
    expect(out[2]).toBe(9000);
    expect(out[3]).toBe(0); // night, no night loss given
  });

  it('rejects malformed curves, and several profiles without a voltage', () => {
    expect(() => validateEfficiencyCurve({ curves: [], pacMax: 1 })).toThrow(RangeError);
    expect(() => validateEfficiencyCurve({ curves: [{ voltage: 1, pdc: [2, 1], efficiency: [0.9, 0.9] }], pacMax: 1 })).toThrow(/ascending/);
    expect(() => inverterAc({ model: 'efficiencyCurve', ...cps }, new Float64Array(1))).toThrow(/vdc/);
  });
});

describe('inverterAc dispatcher', () => {
  it('rejects an unknown model name and mismatched lengths', () => {
    const bad = { model: 'adr' } as unknown as InverterModel;
    expect(() => inverterAc(bad, new Float64Array(1))).toThrow(/unknown inverter model "adr"/);
    expect(() => inverterAc({ model: 'pvwatts', pdc0: 1 }, new Float64Array(2), new Float64Array(3))).toThrow(RangeError);
  });
});
