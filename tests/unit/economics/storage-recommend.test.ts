// The storage recommendation and the project economics under it (src/economics/storage-recommend.ts,
// project.ts) on year-long cases whose answer follows by hand: peak-valley arbitrage with lossless
// batteries (the NPV of each size in closed form) and PV self-consumption (self-sufficiency per size).
import { describe, expect, it } from 'vitest';
import { prepareTariff, projectEconomics } from '../../../src/economics/project.ts';
import { defaultCapacities, recommendStorage } from '../../../src/economics/storage-recommend.ts';
import { cashFlowParamsSchema, storageRecommendInputSchema, type StorageRecommendInput, type TariffPeriodName } from '../../../src/model/economics.ts';

const day = Array.from({ length: 24 }, (_, h): TariffPeriodName => (h < 8 ? 'valley' : 'peak'));
const tou = { kind: 'tou' as const, prices: { valley: 0.3, peak: 1.2 }, periods: Array.from({ length: 12 }, () => day) };
/** No taxes, no residual, free PV: the net cash flow of a year is its sales. */
const untaxed = { years: 10, capacityKw: 100, pricePerW: 0, vat: 0, incomeTax: 0, surcharge: 0, stampDuty: 0, residual: 0, discountRate: 0.06 };
const lossless = { socMin: 0, socMax: 1, socInitial: 0, etaCharge: 1, etaDischarge: 1, fade: 0 };
const annuity10 = (1 - 1.06 ** -10) / 0.06; // 7.360087

describe('peak-valley arbitrage, lossless batteries, no PV', () => {
  // Load 10 kWh every hour. A battery of C kWh (8P ≥ C, 16·min(P, 10) ≥ C) fills in the valley at 0.3
  // and empties in the peak at 1.2: 0.9 C yuan a day, 365 · 0.9 C = 328.5 C a year.
  const input: StorageRecommendInput = {
    pv: new Array(8760).fill(0),
    load: new Array(8760).fill(10),
    strategy: 'tou',
    tariff: tou,
    exportPrice: 0,
    economics: untaxed,
    battery: lossless,
    costs: { perKwh: 1000, perKw: 100 },
    candidates: { capacities: [10, 20, 40], powers: [5, 10] },
    targetSelfSufficiency: 0.1,
  };
  const out = recommendStorage(storageRecommendInputSchema.parse(input));

  it('each candidate’s NPV: C · (328.5 · a₁₀ − 1 000) − 100 P', () => {
    expect(out.baseline.npv).toBeCloseTo(0, 9);
    expect(out.candidates).toHaveLength(6);
    for (const c of out.candidates) {
      expect(c.storageCapex).toBe(c.capacity * 1000 + c.power * 100);
      expect(c.npv).toBeCloseTo(c.capacity * (328.5 * annuity10 - 1000) - 100 * c.power, 6);
    }
  });

  it('the best NPV is the biggest battery at the smaller power', () => {
    expect(out.bestNpv).toMatchObject({ capacity: 40, power: 5 });
  });

  it('arbitrage does not make the site self-sufficient: no candidate reaches 10 %', () => {
    expect(out.candidates.every((c) => Math.abs(c.selfSufficiencyRate) < 1e-12)).toBe(true);
    expect(out.forTarget).toBeNull();
  });

  it('project economics: year-1 self price is what the arbitrage earns per kWh shifted', () => {
    const r = projectEconomics({
      pv: input.pv,
      load: input.load,
      mode: 'surplus',
      tariff: prepareTariff(tou),
      exportPrice: 0,
      economics: cashFlowParamsSchema.parse(untaxed),
      battery: { capacity: 10, power: 10, ...lossless, replacementYears: null },
      strategy: 'tou',
    });
    // Σ load − import = 0 (as much bought as discharged): no offset energy, so no self price.
    expect(r.selfPrice).toBeNull();
    expect(r.cashFlow.cashFlows[1].sales).toBeCloseTo(3285, 9);
    expect(r.totals.charge).toBe(3650);
  });
});

describe('PV self-consumption: the cheapest battery reaching a self-sufficiency target', () => {
  // PV 20 kWh in hours 10–13, load 10 kWh every hour: 40 kWh a day used directly, 40 kWh surplus.
  // A lossless battery of C ≤ 40 kWh stores C a day and gives it back by the next morning:
  // self-sufficiency (40 + C) / 240.
  const pv = Array.from({ length: 8760 }, (_, h) => (h % 24 >= 10 && h % 24 <= 13 ? 20 : 0));
  const out = recommendStorage(
    storageRecommendInputSchema.parse({
      pv,
      load: new Array(8760).fill(10),
      tariff: { kind: 'uniform', price: 0.8 },
      exportPrice: 0.35,
      economics: { capacityKw: 20, pricePerW: 3 },
      battery: lossless,
      costs: { perKwh: 800 },
      candidates: { capacities: [10, 20, 30, 40, 50], powers: [10] },
      targetSelfSufficiency: 0.25,
    }),
  );

  it('self-sufficiency (40 + C) / 240, capped by the 40 kWh surplus', () => {
    expect(out.baseline.selfSufficiencyRate).toBeCloseTo(40 / 240, 12);
    expect(out.candidates.map((c) => c.selfSufficiencyRate)).toEqual([50, 60, 70, 80, 80].map((x) => expect.closeTo(x / 240, 12)));
    // self-consumption: (40 + C) / 80 of the PV
    expect(out.candidates[0].selfConsumptionRate).toBeCloseTo(50 / 80, 12);
  });

  it('25 % needs C ≥ 20 kWh: the 20 kWh battery is the cheapest', () => {
    expect(out.forTarget).toMatchObject({ capacity: 20, power: 10 });
  });

  it('without candidates: 10 sizes up to the mean daily load at 0.25, 0.5 and 1 C', () => {
    // mean daily load 240 kWh → 24, 48, … 240 kWh
    expect(defaultCapacities(new Array(8760).fill(10))).toEqual([24, 48, 72, 96, 120, 144, 168, 192, 216, 240]);
  });
});

describe('input checks', () => {
  it('needs a whole year and at most 400 candidates', () => {
    const base = { pv: new Array(8760).fill(0), load: new Array(8760).fill(1), tariff: tou, exportPrice: 0, economics: untaxed, costs: { perKwh: 1 } };
    expect(storageRecommendInputSchema.safeParse({ ...base, pv: [1] }).error?.issues[0]).toMatchObject({ path: ['pv'], message: 'needs the 8760 hours of a year' });
    const many = Array.from({ length: 21 }, (_, i) => i + 1);
    expect(storageRecommendInputSchema.safeParse({ ...base, candidates: { capacities: many, powers: many } }).error?.issues[0].path).toEqual(['candidates']);
  });
});
