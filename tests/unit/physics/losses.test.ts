// Losses (src/physics/losses.ts): PVWatts v5 combination (Dobos 2014, eq. 1 and Table 3) with pvlib's
// published test values (pvlib tests/test_pvsystem.py test_pvwatts_losses_*, test_combine_loss_factors).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attributeLosses,
  attributeSystemLosses,
  combineLosses,
  degradationFactor,
  degradationFactors,
  lossFactor,
  pvwattsLosses,
  systemLossFactor,
} from '../../../src/physics/losses.ts';

describe('PVWatts v5 losses', () => {
  it('totals 14.08 % for the PVWatts default list (pvlib test_pvwatts_losses_default: 14.075660688264469)', () => {
    expect(pvwattsLosses()).toBeCloseTo(14.075660688264469, 12);
    expect(pvwattsLosses().toFixed(2)).toBe('14.08');
  });

  it('gives 14.934904 % with age 1 % (pvlib test_pvwatts_losses_arrays)', () => {
    expect(pvwattsLosses({ age: 1 })).toBeCloseTo(14.934904, 6);
  });

  it('combines 10 %, 5 % and 2 % into 16.21 % (pvlib test_combine_loss_factors: 0.1621)', () => {
    expect(combineLosses([10, 5, 2])).toBeCloseTo(16.21, 10);
  });

  it('rejects a loss outside 0..100 %', () => {
    expect(() => lossFactor(120)).toThrow(RangeError);
    expect(() => combineLosses([5, -1])).toThrow(RangeError);
    expect(() => systemLossFactor({ soiling: Number.NaN })).toThrow(/soiling/);
  });

  it('is never more than the sum of the parts nor less than the largest (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 10 }), (ls) => {
        const total = combineLosses(ls);
        const sum = ls.reduce((a, b) => a + b, 0);
        return total <= sum + 1e-9 && total >= Math.max(...ls) - 1e-9 && total <= 100 + 1e-9;
      }),
    );
  });
});

describe('named system losses', () => {
  it('multiplies the factors: soiling 2 %, mismatch 2 %, wiring 2 %, LID 1.5 %, availability 3 %', () => {
    // independent arithmetic: 0.98 · 0.98 · 0.98 · 0.985 · 0.97
    expect(systemLossFactor({ soiling: 2, mismatch: 2, wiring: 2, lid: 1.5, availability: 3 })).toBeCloseTo(
      0.98 * 0.98 * 0.98 * 0.985 * 0.97,
      14,
    );
    expect(systemLossFactor()).toBe(1);
  });

  it('attributes kWh sequentially so that the lines add up to the energy lost', () => {
    const { lines, energyAfter } = attributeLosses(1000, [
      { name: 'soiling', percent: 10 },
      { name: 'wiring', percent: 5 },
    ]);
    // 10 % of 1000 = 100; 5 % of the remaining 900 = 45
    expect(lines.map((l) => l.kwh)).toEqual([100, 45]);
    expect(energyAfter).toBeCloseTo(855, 12);
  });

  it('reports only the non-zero named losses, in chain order', () => {
    const { lines, energyAfter } = attributeSystemLosses(500, { availability: 3, soiling: 2 });
    expect(lines.map((l) => l.name)).toEqual(['soiling', 'availability']);
    expect(energyAfter).toBeCloseTo(500 * systemLossFactor({ availability: 3, soiling: 2 }), 10);
  });
});

describe('degradation', () => {
  it('is linear: 0.5 %/year gives 1, 0.995, 0.99 … and 0.905 in year 20', () => {
    expect(degradationFactor(1, 0.5)).toBe(1);
    expect(degradationFactor(2, 0.5)).toBeCloseTo(0.995, 14);
    expect(degradationFactor(20, 0.5)).toBeCloseTo(0.905, 14);
    const f = degradationFactors(3, 0.5);
    expect(f.length).toBe(3);
    [1, 0.995, 0.99].forEach((x, k) => expect(f[k]).toBeCloseTo(x, 14));
  });

  it('never goes below 0 and rejects invalid years and rates', () => {
    expect(degradationFactor(300, 1)).toBe(0);
    expect(() => degradationFactor(0, 0.5)).toThrow(RangeError);
    expect(() => degradationFactor(1.5, 0.5)).toThrow(RangeError);
    expect(() => degradationFactor(2, -1)).toThrow(RangeError);
  });
});
