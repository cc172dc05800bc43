// Tariffs of the economics (src/economics/tariffs.ts, tariff-templates.ts): hourly prices of a TOU
// tariff by month, the self-consumption-weighted price by hand, the catalogue's schemes in 12 × 24
// form, the templates' validity and their illustrative label, and the schema's messages.
import { describe, expect, it } from 'vitest';
import { hourlyPeriods, hourlyPrices, meanPrice, tariffFromSchemes, weightedPrice } from '../../../src/economics/tariffs.ts';
import { TARIFF_TEMPLATES } from '../../../src/economics/tariff-templates.ts';
import { economicsTariffSchema, type TariffPeriodName } from '../../../src/model/economics.ts';

const day = (f: (h: number) => TariffPeriodName) => Array.from({ length: 24 }, (_, h) => f(h));

describe('hourly prices', () => {
  // Valley 0–8, peak 8–22 (critical peak 19–21 in July only), flat 22–24.
  const normal = day((h) => (h < 8 ? 'valley' : h < 22 ? 'peak' : 'flat'));
  const july = normal.map((p, h) => (h === 19 || h === 20 ? 'sharp' : p));
  const tou = economicsTariffSchema.parse({ kind: 'tou', prices: { sharp: 1.5, peak: 1.2, flat: 0.7, valley: 0.3 }, periods: Array.from({ length: 12 }, (_, m) => (m === 6 ? july : normal)) });

  it('each hour takes its month’s period price', () => {
    const p = hourlyPrices(tou);
    expect(p[0]).toBe(0.3);
    expect(p[19]).toBe(1.2); // 1 January 19:00
    // 1 July is day 181 (31 + 28 + 31 + 30 + 31 + 30): hour 181 · 24 + 19
    expect(p[181 * 24 + 19]).toBe(1.5);
    expect(p[181 * 24 + 21]).toBe(1.2);
    expect(p[212 * 24 + 19]).toBe(1.2); // 1 August
    expect(hourlyPeriods(tou)[181 * 24 + 20]).toBe('sharp');
  });

  it('mean over the year: (8 · 0.3 + 14 · 1.2 + 2 · 0.7) / 24 plus July’s two sharp hours', () => {
    const base = (8 * 0.3 + 14 * 1.2 + 2 * 0.7) / 24;
    // 31 days × 2 hours × 0.3 yuan more, over 8760 hours
    expect(meanPrice(tou)).toBeCloseTo(base + (31 * 2 * 0.3) / 8760, 12);
  });

  it('the self-consumption price is weighted by the hourly self-consumption', () => {
    // 2 kWh at 1.2 and 6 kWh at 0.3 → (2.4 + 1.8) / 8 = 0.525 yuan/kWh
    expect(weightedPrice([2, 6, 0], [1.2, 0.3, 5])).toBeCloseTo(0.525, 12);
    // No self-consumption: the time-weighted mean
    expect(weightedPrice([0, 0], [1, 0.5])).toBe(0.75);
  });
});

describe('catalogue schemes → 12 × 24', () => {
  it('hour ranges by month, a later scheme overriding an earlier one; :30 boundaries take the first half hour', () => {
    const all = { kind: 'peak-valley' as const, periods: [{ name: 'peak' as const, price: 1.1, hours: [[8, 11.5], [13, 22]] as [number, number][] }, { name: 'flat' as const, price: 0.7, hours: [[11.5, 13], [22, 24]] as [number, number][] }, { name: 'valley' as const, price: 0.3, hours: [[0, 8]] as [number, number][] }] };
    const summer = { ...all, months: [7, 8], periods: [{ ...all.periods[0], hours: [[8, 11.5], [13, 19], [21, 22]] as [number, number][] }, all.periods[1], all.periods[2], { name: 'sharp' as const, price: 1.4, hours: [[19, 21]] as [number, number][] }] };
    const t = tariffFromSchemes([all, summer]);
    expect(t.kind).toBe('tou');
    if (t.kind !== 'tou') return;
    expect(economicsTariffSchema.safeParse(t).success).toBe(true);
    expect(t.prices).toEqual({ peak: 1.1, flat: 0.7, valley: 0.3, sharp: 1.4 });
    expect(t.periods[0].slice(7, 13)).toEqual(['valley', 'peak', 'peak', 'peak', 'peak', 'flat']); // 11:00–12:00 starts in the peak
    expect(t.periods[6][19]).toBe('sharp');
    expect(t.periods[5][19]).toBe('peak');
  });

  it('one uniform scheme is a uniform tariff', () => {
    expect(tariffFromSchemes([{ kind: 'uniform', price: 0.62 }])).toEqual({ kind: 'uniform', price: 0.62 });
  });
});

describe('templates', () => {
  it('are valid tariffs, every one marked as an illustrative example and never as current', () => {
    for (const t of TARIFF_TEMPLATES) {
      expect(economicsTariffSchema.safeParse(t.tariff).success).toBe(true);
      expect(t.illustrative).toBe(true);
      expect(t.basis).toMatch(/^Illustrative example/);
      expect(t.basis).toMatch(/not current/);
      expect(t.nameEn).toMatch(/^Example/);
    }
  });

  it('keep the national ratios they claim: peak/valley ≥ 3, critical peak ≥ 1.2 × peak', () => {
    for (const t of TARIFF_TEMPLATES) {
      if (t.tariff.kind !== 'tou') continue;
      const p = t.tariff.prices;
      expect((p.peak as number) / (p.valley as number)).toBeGreaterThanOrEqual(3);
      if (p.sharp !== undefined) expect(p.sharp / (p.peak as number)).toBeGreaterThanOrEqual(1.2 - 1e-12);
    }
  });
});

describe('schema', () => {
  it('names a period that has no price, and a month without 24 hours', () => {
    const periods = Array.from({ length: 12 }, () => day((h) => (h < 8 ? 'valley' : 'peak')));
    expect(economicsTariffSchema.safeParse({ kind: 'tou', prices: { peak: 1 }, periods }).error?.issues[0]).toMatchObject({ path: ['prices', 'valley'], message: 'needs a price: month 1 hour 0 is valley' });
    const short = periods.map((d, m) => (m === 3 ? d.slice(0, 23) : d));
    expect(economicsTariffSchema.safeParse({ kind: 'tou', prices: { peak: 1, valley: 0.3 }, periods: short }).error?.issues[0]).toMatchObject({ path: ['periods', 3], message: 'needs a period for each of the 24 hours' });
  });
});
