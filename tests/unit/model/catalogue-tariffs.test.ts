// Tariff schemes (src/model/catalogue/tariffs.ts): the periods of a peak-valley tariff tile the day
// exactly once on the half-hour grid; the mean price is time-weighted (worked examples by hand).
import { describe, expect, it } from 'vitest';
import { averagePrice, halfHourPrices, periodsProblem, tariffInputSchema, type TariffPeriod } from '../../../src/model/catalogue/tariffs.ts';

const TOU: TariffPeriod[] = [
  { name: 'peak', price: 1.2, hours: [[8, 11], [13, 22]] },
  { name: 'flat', price: 0.8, hours: [[11, 13]] },
  { name: 'valley', price: 0.3, hours: [[0, 8], [22, 24]] },
];

describe('tariff periods', () => {
  it('accepts periods that cover the day once, with half hours', () => {
    expect(periodsProblem(TOU)).toBeNull();
    expect(periodsProblem([{ name: 'peak', price: 1, hours: [[0, 11.5]] }, { name: 'valley', price: 0.3, hours: [[11.5, 24]] }])).toBeNull();
  });

  it('names the first gap, the first overlap and a repeated period', () => {
    expect(periodsProblem([TOU[0], TOU[2]])).toBe('no period covers 11:00');
    expect(periodsProblem([{ ...TOU[0], hours: [[7.5, 11], [13, 22]] }, TOU[1], TOU[2]])).toBe('the periods overlap at 07:30');
    expect(periodsProblem([TOU[0], TOU[1], TOU[2], { name: 'peak', price: 2, hours: [] }])).toBe('each period name may appear once');
  });

  it('validates a whole scheme with field-level messages', () => {
    const bad = tariffInputSchema.safeParse({ name: 'x', kind: 'peak-valley', periods: [TOU[0]] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['periods'], message: 'a peak-valley tariff needs at least two periods' });
    expect(tariffInputSchema.safeParse({ name: 'x', kind: 'peak-valley', periods: [{ name: 'peak', price: 1, hours: [[22, 2]] }, TOU[2]] }).error?.issues[0].message).toBe('the start must be before the end');
    expect(tariffInputSchema.safeParse({ name: ' ', kind: 'uniform', price: 1 }).error?.issues[0].message).toBe('This field is required');
  });
});

describe('prices', () => {
  it('time-weights the mean: (12 × 1.2 + 2 × 0.8 + 10 × 0.3) / 24 = 0.7917 CNY/kWh', () => {
    expect(averagePrice({ kind: 'peak-valley', periods: TOU })).toBe(0.7917);
    expect(averagePrice({ kind: 'uniform', price: 0.65 })).toBe(0.65);
  });

  it('gives each half hour its period’s price', () => {
    const p = halfHourPrices({ kind: 'peak-valley', periods: TOU });
    expect(p).toHaveLength(48);
    expect(p[0]).toBe(0.3);
    expect(p[16]).toBe(1.2); // 08:00
    expect(p[22]).toBe(0.8); // 11:00
    expect(p[47]).toBe(0.3); // 23:30
  });
});
