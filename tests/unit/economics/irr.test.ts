// NPV, IRR and payback (src/economics/irr.ts) against cases solved by hand.
import { describe, expect, it } from 'vitest';
import { irr, npv, paybackYears } from '../../../src/economics/irr.ts';

describe('irr', () => {
  it('−100, +60, +60 → 13.07 %', () => {
    // 60x + 60x² = 100 with x = 1/(1 + r): x = (−1 + √(1 + 20/3)) / 2 = 0.884437 → r = 0.130662
    const x = (-1 + Math.sqrt(1 + 20 / 3)) / 2;
    expect(irr([-100, 60, 60])).toBeCloseTo(1 / x - 1, 10);
    expect(irr([-100, 60, 60])).toBeCloseTo(0.1307, 4);
  });

  it('a one-year loan: −100, +110 → 10 %; a flow lost in part: −100, +50 → −50 %', () => {
    expect(irr([-100, 110])).toBeCloseTo(0.1, 12);
    expect(irr([-100, 50])).toBeCloseTo(-0.5, 12);
  });

  it('25 equal years: −1 000 then 100 a year solves the annuity factor (1 − (1 + r)⁻²⁵) / r = 10', () => {
    const r = irr([-1000, ...new Array(25).fill(100)]) as number;
    expect((1 - (1 + r) ** -25) / r).toBeCloseTo(10, 9);
    // Annuity tables: the 25-year factor is 10.675 at 8 % and 9.823 at 9 %, so r lies between them.
    expect(r).toBeGreaterThan(0.08);
    expect(r).toBeLessThan(0.09);
  });

  it('two roots: −100, +230, −132 (NPV 0 at 10 % and 20 %): the one nearest the guess', () => {
    // −100 + 230x − 132x² = 0 → x = 10/11 or 10/12
    expect(irr([-100, 230, -132])).toBeCloseTo(0.1, 10);
    expect(irr([-100, 230, -132], 0.25)).toBeCloseTo(0.2, 10);
  });

  it('null when there is none', () => {
    expect(irr([-100, -10])).toBeNull();
    expect(irr([100, 10])).toBeNull();
    // −100, +10, +10: NPV −80 at 0 % but −100 + 100 + 1 000 > 0 at −90 %: a negative IRR
    expect(irr([-100, 10, 10])).toBeLessThan(0);
    // NPV(r) = −100 + 50/(1+r) − 60/(1+r)² stays negative for every r > −1 (discriminant 2500 − 24000 < 0)
    expect(irr([-100, 50, -60])).toBeNull();
  });
});

describe('npv', () => {
  it('discounts year t by (1 + r)^t, year 0 undiscounted', () => {
    expect(npv(0.1, [-100, 55, 60.5])).toBeCloseTo(-100 + 50 + 50, 12);
  });
});

describe('payback', () => {
  it('interpolated inside the year the cumulative turns ≥ 0', () => {
    // cumulative −100, −70, −30, +20 → 2 + 30 / 50 = 2.6 years
    expect(paybackYears([-100, 30, 40, 50])).toBeCloseTo(2.6, 12);
    // exactly 0 at the end of year 2
    expect(paybackYears([-100, 50, 50])).toBe(2);
  });

  it('never: null; nothing invested: 0', () => {
    expect(paybackYears([-100, 10, 10])).toBeNull();
    expect(paybackYears([0, 10])).toBe(0);
  });
});
