// Strings and MPPT inputs under partial shading (src/physics/mismatch/series-curve.ts, parallel-curve.ts):
// worked by hand. The two operating regimes of a string with a shaded substring (Deline et al. 2013):
//   A — full current, the shaded substring bypassed: V ≈ (3n − 1)·V_sub − V_D, so the power drops by
//       about one substring, P_A ≈ (3n − 1)/(3n)·n·P_mp − V_D·I_mp;
//   B — every substring conducting at the shaded substring's current.
// The candidates are computed here independently: the substrings' voltages straight from the module's
// single-diode solution (pvlib `v_from_i`, with n·Ns·Vth, R_s and R_sh divided by 3), each regime's
// maximum by golden-section search, the MPPT's by a dense scan of the voltage.
import { describe, expect, it } from 'vitest';
import { parallelMaxPower } from '../../../src/physics/mismatch/parallel-curve.ts';
import { seriesCurve, seriesMaxPower, seriesVoltage } from '../../../src/physics/mismatch/series-curve.ts';
import { substringOf } from '../../../src/physics/mismatch/substring.ts';
import { calcparamsCec, type SingleDiodeParameters } from '../../../src/physics/single-diode-params.ts';
import { iFromV, maxPowerPoint, vFromI } from '../../../src/physics/single-diode.ts';

/** SAM CEC entry "Canadian Solar Inc. CS5P-220M" (pvlib's tests): 220 W, I_mp ≈ 4.69 A, V_mp ≈ 46.9 V at STC. */
const CS5P_220M = { alphaSc: 0.004539, aRef: 2.6373, iLRef: 5.114, iORef: 8.196e-10, rShRef: 381.68, rS: 1.065, adjust: 8.7 };
const VD = 0.5;
const T = 25;

const at = (g: number) => calcparamsCec(g, T, CS5P_220M);
const mpp = (p: SingleDiodeParameters) => maxPowerPoint(p.photocurrent, p.saturationCurrent, p.resistanceSeries, p.resistanceShunt, p.nNsVth);
/** A third of the module's cells (3 bypass diodes), by hand. */
const vSub = (p: SingleDiodeParameters, i: number) => vFromI(i, p.photocurrent, p.saturationCurrent, p.resistanceSeries / 3, p.resistanceShunt / 3, p.nNsVth / 3);
const iSub = (p: SingleDiodeParameters, v: number) => iFromV(v, p.photocurrent, p.saturationCurrent, p.resistanceSeries / 3, p.resistanceShunt / 3, p.nNsVth / 3);

/** Maximum of a unimodal f on [a, b] by golden-section search (to 1e-12 of the interval). */
function golden(f: (x: number) => number, a: number, b: number): { x: number; y: number } {
  const r = (Math.sqrt(5) - 1) / 2;
  let c = b - r * (b - a);
  let d = a + r * (b - a);
  while (b - a > 1e-12 * Math.max(1, Math.abs(b))) {
    if (f(c) > f(d)) b = d;
    else a = c;
    c = b - r * (b - a);
    d = a + r * (b - a);
  }
  const x = (a + b) / 2;
  return { x, y: f(x) };
}

const part = (g: number, count: number) => ({ substring: substringOf(at(g), 3, VD), count });

describe('one string', () => {
  const p1000 = at(1000);
  const m = mpp(p1000);

  it('uniform irradiance: exactly n × the module maximum power point (1e-9)', () => {
    for (const n of [1, 10, 24]) {
      for (const g of [1000, 437, 80]) {
        const module = mpp(at(g));
        const s = seriesMaxPower(seriesCurve([part(g, 3 * n)]));
        expect(s.p / (n * module.pmp) - 1).toBeCloseTo(0, 9);
        expect(s.v / (n * module.vmp) - 1).toBeCloseTo(0, 9);
        expect(s.i / module.imp - 1).toBeCloseTo(0, 9);
      }
    }
  });

  it('one substring of one module fully shaded (diffuse only) in a string of 10: that substring is bypassed, the power drops by ≈ 1/(3n)', () => {
    const n = 10;
    const pSh = at(100); // beam blocked: 100 W/m² of diffuse left
    // A: the 29 unshaded substrings at full current, the shaded one's diode at −0.5 V
    const a = golden((i) => i * ((3 * n - 1) * vSub(p1000, i) - VD), 0, p1000.photocurrent);
    // B: all 30 conducting, at most the shaded substring's own current (its V(I) reaches −V_D just above its I_sc)
    const b = golden((i) => i * ((3 * n - 1) * vSub(p1000, i) + vSub(pSh, i)), 0, iSub(pSh, -VD));
    expect(a.y).toBeGreaterThan(5 * b.y); // A wins by far

    const s = seriesMaxPower(seriesCurve([part(1000, 3 * n - 1), part(100, 1)]));
    expect(s.p / a.y - 1).toBeCloseTo(0, 9);
    expect(s.i).toBeCloseTo(a.x, 5);
    // by hand: (3n − 1)/(3n) of the string's power, less the diode's V_D·I_mp (0.1 % here)
    expect(s.p / ((((3 * n - 1) / (3 * n)) * n * m.pmp) - VD * m.imp) - 1).toBeCloseTo(0, 4);
    expect(1 - s.p / (n * m.pmp)).toBeCloseTo(1 / (3 * n) + (VD * m.imp) / (n * m.pmp), 4);
    // the string voltage drops by about one substring plus the diode: V_mp/3 + V_D (16.13 V; the
    // current moves a little with the constant −V_D, so within 0.1 V)
    expect(Math.abs(n * m.vmp - s.v - (m.vmp / 3 + VD))).toBeLessThan(0.1);
  });

  it('four of six substrings lightly shaded in a string of 2: every substring conducts at the reduced current (the other maximum)', () => {
    const n = 2;
    const pSh = at(800);
    const a = golden((i) => i * (2 * vSub(p1000, i) - 4 * VD), iSub(pSh, -VD), p1000.photocurrent);
    const b = golden((i) => i * (2 * vSub(p1000, i) + 4 * vSub(pSh, i)), 0, iSub(pSh, -VD));
    expect(b.y).toBeGreaterThan(2 * a.y); // B wins
    const s = seriesMaxPower(seriesCurve([part(1000, 2), part(800, 4)]));
    expect(s.p / b.y - 1).toBeCloseTo(0, 9);
    expect(s.i).toBeCloseTo(b.x, 5);
    // by hand: all six at ~the 800 W/m² current: about 0.8 of the unshaded string, a little more (the
    // two unshaded substrings sit at a higher voltage at that current)
    const ratio = s.p / (n * m.pmp);
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(0.84);
  });

  it('a fully shaded module (all three substrings, no light): the module is bypassed', () => {
    const n = 10;
    const s = seriesMaxPower(seriesCurve([part(1000, 3 * (n - 1)), part(1e-3, 3)]));
    const a = golden((i) => i * (3 * (n - 1) * vSub(p1000, i) - 3 * VD), 0, p1000.photocurrent);
    expect(s.p / a.y - 1).toBeCloseTo(0, 9);
    // by hand: n − 1 modules' power less three diode drops at I_mp; the voltage n − 1 modules' less 3·V_D
    expect(s.p / ((n - 1) * m.pmp - 3 * VD * m.imp) - 1).toBeCloseTo(0, 4);
    expect(Math.abs(s.v - ((n - 1) * m.vmp - 3 * VD))).toBeLessThan(0.2);
    expect(seriesVoltage(seriesCurve([part(1000, 3 * (n - 1)), part(1e-3, 3)]), s.i)).toBeCloseTo(s.v, 9);
  });

  it('a substring with no light in a one-module string: the module makes two thirds, less one diode drop', () => {
    const s = seriesMaxPower(seriesCurve([part(1000, 2), part(1e-3, 1)]));
    expect(s.p / ((2 / 3) * m.pmp - VD * m.imp) - 1).toBeCloseTo(0, 3);
  });
});

describe('strings in parallel on one MPPT', () => {
  const n = 10;
  const p1000 = at(1000);
  const pSh = at(100);
  const unshaded = seriesCurve([part(1000, 3 * n)]);
  const shaded = seriesCurve([part(1000, 3 * n - 1), part(100, 1)]);
  /** The strings' V(I) by hand, inverted by bisection. */
  const v1 = (i: number) => 3 * n * vSub(p1000, i);
  const v2 = (i: number) => (3 * n - 1) * vSub(p1000, i) + (i > iSub(pSh, -VD) ? -VD : vSub(pSh, i));
  const invert = (f: (i: number) => number, v: number) => {
    let lo = -20;
    let hi = p1000.photocurrent + 1;
    for (let k = 0; k < 64; k++) {
      const mid = 0.5 * (lo + hi);
      if (f(mid) > v) lo = mid;
      else hi = mid;
    }
    return 0.5 * (lo + hi);
  };

  it('two strings, one with a bypassed substring: the global maximum of V·(I₁ + I₂), by a dense scan (1e-6)', () => {
    const r = parallelMaxPower([
      { curve: unshaded, count: 1 },
      { curve: shaded, count: 1 },
    ]);
    let best = 0;
    let bestV = 0;
    const voc = v1(0);
    for (let k = 1; k < 1000; k++) {
      const v = (voc * k) / 1000;
      const p = v * (invert(v1, v) + invert(v2, v));
      if (p > best) {
        best = p;
        bestV = v;
      }
    }
    // refine around the best scan point
    const fine = golden((v) => v * (invert(v1, v) + invert(v2, v)), bestV - voc / 500, bestV + voc / 500);
    expect(r.p / fine.y - 1).toBeCloseTo(0, 6);
    expect(r.v).toBeCloseTo(fine.x, 2);
    expect(r.currents[0]).toBeCloseTo(invert(v1, r.v), 6);
    expect(r.currents[1]).toBeCloseTo(invert(v2, r.v), 6);
    expect(r.p).toBeCloseTo(r.v * (r.currents[0] + r.currents[1]), 9);
    // the shared voltage costs a little against each string at its own maximum, never gains
    const own = seriesMaxPower(unshaded).p + seriesMaxPower(shaded).p;
    expect(r.p).toBeLessThan(own);
    expect(r.p / own).toBeGreaterThan(0.99);
  });

  it('identical strings in parallel: count × one string (1e-12)', () => {
    const one = seriesMaxPower(shaded);
    const r = parallelMaxPower([{ curve: shaded, count: 7 }]);
    expect(r.p / (7 * one.p) - 1).toBeCloseTo(0, 12);
    expect(r.v).toBe(one.v);
  });

  it('strings of 10 and 12 modules unshaded: the input sits between their voltages, below the sum of their maxima', () => {
    const long = seriesCurve([part(1000, 36)]);
    const r = parallelMaxPower([
      { curve: unshaded, count: 1 },
      { curve: long, count: 1 },
    ]);
    const m = mpp(p1000);
    expect(r.v).toBeGreaterThan(10 * m.vmp);
    expect(r.v).toBeLessThan(12 * m.vmp);
    expect(r.p).toBeLessThan(22 * m.pmp);
    const fine = golden((v) => v * (iSub(p1000, v / 30) + iSub(p1000, v / 36)), 10 * m.vmp, 12 * m.vmp);
    expect(r.p / fine.y - 1).toBeCloseTo(0, 9);
  });

  it('no light: no power', () => {
    const dark = seriesCurve([part(1e-3, 30)]); // 1 mW/m²: a millionth of the 220 W module's light
    expect(parallelMaxPower([{ curve: dark, count: 2 }]).p).toBeLessThan(0.01);
    expect(parallelMaxPower([]).p).toBe(0);
  });
});
