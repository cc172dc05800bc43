// Load, storage and economics (src/economics): the 25-year storage dispatch of 8760 h × 25 years
// (typed arrays, target < 20 ms), one 25-year cash flow (< 1 ms) and a storage recommendation over 100
// capacity × power candidates, each a 25-year dispatch and cash flow (< 2 s). No JavaScript peer
// (HOMER, SAM and PVsyst are not libraries); each case is checked for a physically consistent or
// self-consistent answer, never for timing in --ci.
import { economics } from '../../src/economics/cash-flow.ts';
import { dispatchYears } from '../../src/economics/dispatch.ts';
import { npv } from '../../src/economics/irr.ts';
import { loadProfile } from '../../src/economics/load-profiles.ts';
import { prepareTariff } from '../../src/economics/project.ts';
import { recommendStorage } from '../../src/economics/storage-recommend.ts';
import { TARIFF_TEMPLATES } from '../../src/economics/tariff-templates.ts';
import { batterySchema, economicsInputSchema, storageRecommendInputSchema, type EconomicsOutput, type StorageRecommendOutput } from '../../src/model/economics.ts';
import type { BenchCase, Suite } from '../framework.ts';

/** A 500 kWp roof: a daylight bell 06–18 h, longer and higher in summer (≈ 1 100 kWh/kWp a year). */
function pvYear(kwp: number): Float64Array {
  const out = new Float64Array(8760);
  for (let d = 0; d < 365; d++) {
    const season = 1 + 0.35 * Math.cos(((d - 172) / 365) * 2 * Math.PI);
    for (let h = 6; h < 18; h++) out[d * 24 + h] = kwp * 0.62 * season * Math.sin(((h + 0.5 - 6) / 12) * Math.PI) ** 2;
  }
  return out;
}

const PV = pvYear(500);
const LOAD = loadProfile({ model: 'weekday', annualKwh: 600_000, year: 2025 });
const TOU = TARIFF_TEMPLATES.find((t) => t.id === 'example-evening-peak')!.tariff;
const PREPARED = prepareTariff(TOU);
const BATTERY = batterySchema.parse({ capacity: 1000, power: 500, socMin: 0.1, socMax: 0.95, socInitial: 0.1, etaCharge: 0.95, etaDischarge: 0.95, fade: 0.02, replacementYears: 10 });

/** Each year: AC balance, and the stored energy's change equals Σ c·ηc − Σ d/ηd (to 1e−6 kWh). */
function checkDispatch(r: unknown): string | null {
  const { years } = r as ReturnType<typeof dispatchYears>;
  if (years.length !== 25) return `${years.length} years`;
  let e0 = BATTERY.socInitial * BATTERY.capacity;
  for (const y of years) {
    const s = y.sums;
    const ac = s.pv + s.import + s.discharge - (s.load + s.export + s.charge + s.curtailed);
    if (Math.abs(ac) > 1e-6 * s.load) return `year ${y.year}: AC balance off by ${ac} kWh`;
    const eStart = Math.min(e0, BATTERY.socMax * BATTERY.capacity * y.capacityFactor);
    const stored = s.charge * BATTERY.etaCharge - s.discharge / BATTERY.etaDischarge - (y.energyEnd - eStart);
    if (Math.abs(stored) > 1e-6) return `year ${y.year}: stored energy off by ${stored} kWh`;
    e0 = y.energyEnd;
  }
  if (!(years[0].sums.discharge > 0 && years[10].replaced)) return 'the battery never worked or was never replaced';
  return null;
}

const ECONOMICS = economicsInputSchema.parse({
  capacityKw: 500,
  pricePerW: 3.2,
  energy: { selfKwh: 420_000, exportKwh: 130_000 },
  selfPrice: 0.78,
  exportPrice: 0.3914,
  omPerKw: 40,
  omEscalation: 0.02,
  loan: { ratio: 0.7, rate: 0.049, years: 15 },
  subsidy: { perKwh: 0.05, years: 5 },
});

/** NPV at the IRR is 0; the cumulative is the running sum; payback inside the year it turns positive. */
function checkCashFlow(r: unknown): string | null {
  const o = r as EconomicsOutput;
  const nets = o.cashFlows.map((c) => c.net);
  if (o.irr === null || Math.abs(npv(o.irr, nets)) > 1e-6 * o.capex) return `NPV at the IRR ${o.irr} is not 0`;
  if (Math.abs(nets.reduce((a, b) => a + b) - o.cashFlows[25].cumulative) > 1e-6) return 'cumulative ≠ Σ net';
  const p = o.paybackYears;
  if (p === null || o.cashFlows[Math.floor(p)].cumulative > 0 || o.cashFlows[Math.ceil(p)].cumulative < -1e-6) return `payback ${p} outside its year`;
  if (!o.equityCashFlows || o.equityIrr === null) return 'no equity view';
  return null;
}

const RECOMMEND = storageRecommendInputSchema.parse({
  pv: Array.from(PV),
  load: Array.from(LOAD),
  strategy: 'tou',
  tariff: TOU,
  exportPrice: 0.3914,
  economics: { capacityKw: 500, pricePerW: 3.2, omPerKw: 40 },
  battery: { replacementYears: 10 },
  costs: { perKwh: 900, perKw: 300 },
  candidates: { capacities: [100, 200, 300, 400, 600, 800, 1000, 1200, 1600, 2000], powers: [50, 100, 150, 200, 250, 300, 400, 500, 750, 1000] },
  targetSelfSufficiency: 0.6,
});

/** 100 candidates; the best NPV is the highest one; the target's pick reaches the target. */
function checkRecommend(r: unknown): string | null {
  const o = r as StorageRecommendOutput;
  if (o.candidates.length !== 100) return `${o.candidates.length} candidates`;
  const best = Math.max(o.baseline.npv, ...o.candidates.map((c) => c.npv));
  if ((o.bestNpv?.npv ?? o.baseline.npv) !== best) return 'bestNpv is not the highest NPV';
  if (o.forTarget && o.forTarget.selfSufficiencyRate < 0.6 - 1e-12) return 'forTarget misses the target';
  return null;
}

export const economicsSuite: Suite = {
  name: 'economics',
  description: 'storage dispatch 8760 h × 25 years < 20 ms; one 25-year cash flow < 1 ms; a storage recommendation over 100 candidates < 2 s',
  async cases() {
    const dispatchName = 'dispatchYears (typed arrays)';
    const cashName = 'economics (cash flow)';
    const recommendName = 'recommendStorage';
    const cases: BenchCase[] = [
      {
        name: 'dispatch 25 years',
        params: { hours: 8760, years: 25, strategy: 'tou' },
        variants: [{ name: dispatchName, kind: 'reference', fn: () => dispatchYears({ pv: PV, load: LOAD, mode: 'surplus', battery: BATTERY, strategy: 'tou', classes: PREPARED.classes, years: 25, degradation: 0.004, prices: PREPARED.prices }), check: checkDispatch }],
        targets: [{ variant: dispatchName, maxMs: 20, label: 'dispatch 8760 h × 25 years < 20 ms' }],
      },
      {
        name: 'cash flow',
        params: { years: 25, loan: 'yes' },
        variants: [{ name: cashName, kind: 'reference', fn: () => economics(ECONOMICS), check: checkCashFlow }],
        targets: [{ variant: cashName, maxMs: 1, label: 'one 25-year cash flow < 1 ms' }],
      },
      {
        name: 'storage recommendation',
        params: { candidates: 100, years: 25 },
        variants: [{ name: recommendName, kind: 'reference', fn: () => recommendStorage(RECOMMEND), check: checkRecommend, single: true }],
        targets: [{ variant: recommendName, maxMs: 2000, label: '100 candidates < 2 s' }],
      },
    ];
    return cases;
  },
};
