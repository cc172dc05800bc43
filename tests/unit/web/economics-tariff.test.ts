// The Economy step's tariff editing (src/web/components/economics/tariff-grid.ts; docs/ECONOMICS.md
// "Tariffs"): painting periods over months and hours, copying a month, the form ↔ the 'economic'
// document's tariff, a template taken into the form, the uniform price of a time-of-use tariff, and a
// scheme of the user's list made from the form. Means are worked out by hand from the template's hours
// (src/economics/tariff-templates.ts: valley 0–8 and 23–24, peak 8–11 and 17–22, flat otherwise;
// critical peak 19–21 in January, July, August and December).
import { describe, expect, it } from 'vitest';
import { tariffInputSchema, averagePrice } from '../../../src/model/catalogue/tariffs.ts';
import { economicsTariffSchema, type TariffPeriodName } from '../../../src/model/economics.ts';
import { TARIFF_TEMPLATES } from '../../../src/economics/tariff-templates.ts';
import {
  copyMonthToAll,
  emptyTariffForm,
  paintPeriods,
  periodRanges,
  schemeOfTariff,
  tariffFormOf,
  tariffFormOfScheme,
  tariffOfForm,
  toTou,
  toUniform,
  usedPeriods,
} from '../../../src/web/components/economics/tariff-grid.ts';

const evening = TARIFF_TEMPLATES.find((t) => t.id === 'example-evening-peak')!;

describe('painting the time-of-use grid', () => {
  it('paints [from, to) of the chosen months only', () => {
    const grid = paintPeriods(emptyTariffForm().periods, [0, 1], 8, 11, 'peak');
    expect(grid[0].slice(7, 12)).toEqual(['flat', 'peak', 'peak', 'peak', 'flat']);
    expect(grid[1][8]).toBe('peak');
    expect(grid[2][8]).toBe('flat');
  });

  it('a range over midnight (22 → 6) paints 22:00–24:00 and 00:00–06:00', () => {
    const grid = paintPeriods(emptyTariffForm().periods, [5], 22, 6, 'valley');
    const valley = grid[5].flatMap((p, h) => (p === 'valley' ? [h] : []));
    expect(valley).toEqual([0, 1, 2, 3, 4, 5, 22, 23]);
  });

  it('does not change the grid it is given, and copies one month to all', () => {
    const start = emptyTariffForm().periods;
    const painted = paintPeriods(start, [3], 0, 24, 'deep-valley');
    expect(start[3][0]).toBe('flat');
    const all = copyMonthToAll(painted, 3);
    expect(all.every((m) => m.every((p) => p === 'deep-valley'))).toBe(true);
  });

  it('lists the periods used from the most to the least expensive', () => {
    const grid = paintPeriods(paintPeriods(emptyTariffForm().periods, [0], 0, 6, 'valley'), [6], 19, 21, 'sharp');
    expect(usedPeriods(grid)).toEqual(['sharp', 'flat', 'valley']);
  });

  it('merges consecutive hours into ranges', () => {
    const day = evening.tariff.kind === 'tou' ? evening.tariff.periods[2] : [];
    expect(periodRanges(day as TariffPeriodName[])).toEqual({
      valley: [
        [0, 8],
        [23, 24],
      ],
      peak: [
        [8, 11],
        [17, 22],
      ],
      flat: [
        [11, 17],
        [22, 23],
      ],
    });
  });
});

describe('the tariff of the form', () => {
  it('a template goes into the form and back unchanged', () => {
    for (const tp of TARIFF_TEMPLATES) expect(economicsTariffSchema.parse(tariffOfForm(tariffFormOf(tp.tariff)))).toEqual(tp.tariff);
  });

  it('a uniform form without a price is refused at price; a period used without a price at its price', () => {
    const r = economicsTariffSchema.safeParse(tariffOfForm(emptyTariffForm()));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['price']);
    const tou = tariffFormOf(evening.tariff);
    tou.prices.sharp = null;
    const r2 = economicsTariffSchema.safeParse(tariffOfForm(tou));
    expect(r2.error?.issues[0].path).toEqual(['prices', 'sharp']);
  });

  it('a price typed for a period no hour uses is left out', () => {
    const f = toTou({ ...emptyTariffForm(), price: 0.6 });
    f.prices.peak = 1.1;
    expect(tariffOfForm(f)).toEqual({ kind: 'tou', prices: { flat: 0.6 }, periods: f.periods });
  });

  it('time of use → uniform takes the time-weighted mean over the year, 0.7235 yuan/kWh for the evening-peak template', () => {
    // Ordinary months: 9 h valley × 0.30 + 8 h peak × 1.20 + 7 h flat × 0.70 = 17.20 per day.
    // Critical-peak months (124 days): 9 × 0.30 + 6 × 1.20 + 2 × 1.44 + 7 × 0.70 = 17.68 per day.
    // (124 × 17.68 + 241 × 17.20) / (365 × 24) = 0.723461 → 0.7235.
    expect(toUniform(tariffFormOf(evening.tariff)).price).toBe(0.7235);
  });
});

describe('schemes of the user list', () => {
  it('a scheme of hour ranges becomes the same day in every month', () => {
    const f = tariffFormOfScheme({ kind: 'peak-valley', periods: [
      { name: 'valley', price: 0.3, hours: [[0, 8]] },
      { name: 'peak', price: 1.0, hours: [[8, 22]] },
      { name: 'flat', price: 0.6, hours: [[22, 24]] },
    ] });
    expect(f.kind).toBe('tou');
    for (const m of f.periods) expect([m[7], m[8], m[21], m[22]]).toEqual(['valley', 'peak', 'peak', 'flat']);
    expect(f.prices).toMatchObject({ valley: 0.3, peak: 1, flat: 0.6 });
  });

  it('a form whose months share one day is saved as one scheme the list accepts; differing months cannot be', () => {
    const f = tariffFormOf(evening.tariff);
    expect(schemeOfTariff(f, 'Mine')).toBeNull(); // four months have a critical peak
    const same = { ...f, periods: copyMonthToAll(f.periods, 2) };
    const scheme = schemeOfTariff(same, 'Mine')!;
    expect(tariffInputSchema.safeParse(scheme).success).toBe(true);
    // the catalogue's mean over the day: 17.20 / 24 = 0.716667 → 0.7167
    expect(averagePrice(scheme)).toBe(0.7167);
    expect(schemeOfTariff({ ...emptyTariffForm(), price: 0.55 }, 'Flat')).toEqual({ name: 'Flat', kind: 'uniform', price: 0.55 });
  });
});
