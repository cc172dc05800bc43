// Bypass substrings (src/physics/mismatch/substring.ts): the module's single-diode model split into B
// equal substrings must give back the module's own curve (Bishop 1988: cells in series add their
// voltages at one current), the bypass diode clamps a substring at −V_D beyond its bypass current, and
// the analytic derivatives the solvers rely on agree with numerical ones.
import { describe, expect, it } from 'vitest';
import { substringOf, substringVoltage, cellsVoltageInto, cellsCurrentInto, cellsVoltage, cellsCurrent } from '../../../src/physics/mismatch/substring.ts';
import { calcparamsCec, calcparamsPvsyst } from '../../../src/physics/single-diode-params.ts';
import { iFromV, vFromI } from '../../../src/physics/single-diode.ts';

/** SAM CEC entry "Canadian Solar Inc. CS5P-220M" (pvlib's tests). */
const CS5P_220M = { alphaSc: 0.004539, aRef: 2.6373, iLRef: 5.114, iORef: 8.196e-10, rShRef: 381.68, rS: 1.065, adjust: 8.7 };
/** First Solar FS-495 from the PVsyst 6.7.2 database (pvlib tests/test_singlediode.py get_pvsyst_fs_495), d2mutau 1.31 V. */
const FS_495 = { alphaSc: 0.00039, gammaRef: 1.48, muGamma: 0.001, iLRef: 1.5743233463848496, iORef: 9.62e-10, rShRef: 5000, rSh0: 12500, rShExp: 3.1, rS: 4.6, cellsInSeries: 108, egRef: 1.5 };

describe('a substring is the module with its voltages divided by the bypass diodes', () => {
  const p = calcparamsCec(800, 40, CS5P_220M);

  it('three substrings at one irradiance in series give the module voltage at every current (1e-9 V)', () => {
    const s = substringOf(p, 3, 0.5);
    for (const i of [-2, 0, 1, 3, 4.2, 4.5]) {
      const module = vFromI(i, p.photocurrent, p.saturationCurrent, p.resistanceSeries, p.resistanceShunt, p.nNsVth);
      expect(3 * cellsVoltage(s, i)).toBeCloseTo(module, 9);
    }
  });

  it('and the module current at every module voltage (1e-9 A)', () => {
    const s = substringOf(p, 4, 0.5);
    for (const v of [-10, 0, 20, 40, 50]) {
      const module = iFromV(v, p.photocurrent, p.saturationCurrent, p.resistanceSeries, p.resistanceShunt, p.nNsVth);
      expect(cellsCurrent(s, v / 4)).toBeCloseTo(module, 9);
    }
  });

  it('the PVsyst recombination term scales with the cells too (d²/μτ and Ns·V_bi are voltages)', () => {
    const q = calcparamsPvsyst(700, 35, FS_495);
    const rec = { d2mutau: 1.31, nsVbi: 0.9 * 108 };
    const s = substringOf(q, 2, 0.5, rec);
    for (const i of [0, 0.5, 1]) {
      const module = vFromI(i, q.photocurrent, q.saturationCurrent, q.resistanceSeries, q.resistanceShunt, q.nNsVth, rec.d2mutau, rec.nsVbi);
      expect(2 * cellsVoltage(s, i)).toBeCloseTo(module, 8);
    }
  });
});

describe('the bypass diode', () => {
  const p = calcparamsCec(1000, 25, CS5P_220M);
  const s = substringOf(p, 3, 0.5);

  it('conducts from the current where the cells reach −V_D: just above the short-circuit current', () => {
    expect(cellsVoltage(s, s.bypass)).toBeCloseTo(-0.5, 9);
    const isc = cellsCurrent(s, 0);
    // between I_sc and I_sc + V_D/R_sh,sub (the shunt's current at −V_D; the diode term only lowers it)
    expect(s.bypass).toBeGreaterThan(isc);
    expect(s.bypass).toBeLessThanOrEqual(isc + 0.5 / s.rsh + 1e-12);
  });

  it('holds the substring at −V_D beyond it, and leaves the cells alone below it', () => {
    expect(substringVoltage(s, s.bypass + 0.1)).toBe(-0.5);
    expect(substringVoltage(s, 20)).toBe(-0.5);
    expect(substringVoltage(s, 3)).toBe(cellsVoltage(s, 3));
  });

  it('with no drop, bypasses at the short-circuit current', () => {
    const s0 = substringOf(p, 3, 0);
    expect(s0.bypass).toBeCloseTo(cellsCurrent(s0, 0), 12);
  });

  it('refuses a fractional count of diodes or a negative drop', () => {
    expect(() => substringOf(p, 2.5, 0.5)).toThrow(/bypassDiodes/);
    expect(() => substringOf(p, 3, -0.1)).toThrow(/diodeDrop/);
  });
});

describe('derivatives for the solvers', () => {
  const p = calcparamsCec(600, 45, CS5P_220M);
  const s = substringOf(p, 3, 0.5);
  const out = new Float64Array(3);
  /** First and second derivatives of f at x by central differences with Richardson extrapolation (error O(h⁴)). */
  const numeric = (f: (x: number) => number, x: number, h: number) => {
    const d1 = (k: number) => (f(x + k) - f(x - k)) / (2 * k);
    const d2 = (k: number) => (f(x + k) - 2 * f(x) + f(x - k)) / (k * k);
    return [(4 * d1(h / 2) - d1(h)) / 3, (4 * d2(h / 2) - d2(h)) / 3];
  };
  const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

  it('dV/dI and d²V/dI² agree with the numerical derivatives of V(I) (1e-6 and 1e-4 relative)', () => {
    for (const i of [0.5, 2, 2.8, 3.0]) {
      cellsVoltageInto(s, i, out);
      const [d1, d2] = numeric((x) => cellsVoltage(s, x), i, 2e-3);
      expect(out[0]).toBe(cellsVoltage(s, i));
      expect(rel(out[1], d1)).toBeLessThan(1e-6);
      expect(rel(out[2], d2)).toBeLessThan(1e-4);
      expect(out[1]).toBeLessThan(0);
      expect(out[2]).toBeLessThan(0); // concave: what makes one maximum per segment
    }
  });

  it('dI/dV and d²I/dV² agree with the numerical derivatives of I(V) (1e-6 and 1e-4 relative)', () => {
    for (const v of [12, 13.5, 14.5, 15.5]) {
      cellsCurrentInto(s, v, out);
      const [d1, d2] = numeric((x) => cellsCurrent(s, x), v, 2e-2);
      expect(out[0]).toBe(cellsCurrent(s, v));
      expect(rel(out[1], d1)).toBeLessThan(1e-6);
      expect(rel(out[2], d2)).toBeLessThan(1e-4);
      expect(out[2]).toBeLessThan(0);
    }
  });
});
