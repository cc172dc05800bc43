// The O&M bar chart's value axis: nice steps of 1, 2, 2.5 or 5 × 10^k (Heckbert, "Nice numbers for
// graph labels", Graphics Gems, 1990) and bar heights proportional to the value.
import { describe, expect, it } from 'vitest';
import { barHeight, niceStep, niceTicks } from '../../../src/web/components/aiom/chart-scale.ts';

describe('nice axis', () => {
  it('rounds a raw step up to 1, 2, 2.5, 5 or 10 × 10^k', () => {
    expect(niceStep(21.75)).toBe(25);
    expect(niceStep(0.13)).toBeCloseTo(0.2, 12);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(700)).toBe(1000);
    expect(niceStep(1)).toBe(1);
  });

  it('covers the maximum from 0 in about four intervals', () => {
    expect(niceTicks(87)).toEqual([0, 25, 50, 75, 100]); // 87/4 = 21.75 → step 25
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]); // 308.5 → 500
    expect(niceTicks(0.9)).toEqual([0, 0.25, 0.5, 0.75, 1]); // 0.225 → 0.25
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]); // an exact top stays the top
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('draws bars in proportion, never below the axis or above the top', () => {
    expect(barHeight(50, 100, 200)).toBe(100);
    expect(barHeight(-3, 100, 200)).toBe(0);
    expect(barHeight(null, 100, 200)).toBe(0);
    expect(barHeight(150, 100, 200)).toBe(200);
  });
});
