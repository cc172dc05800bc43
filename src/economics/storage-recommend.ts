// The storage recommendation (issue 16 item 4; spec 000 §7 energyStorage recommend): every candidate
// battery (capacity × power) runs the project's 25-year dispatch and cash flow (project.ts) with its
// cost in the capex and its replacements; the answer is the candidate of the best NPV (when it beats
// the PV alone) and the cheapest one reaching a self-sufficiency target. Default candidates: 10
// capacities from 10 % to 100 % of the mean daily load, each at 0.25, 0.5 and 1 C.
// (The server refuses the call until an inverter is selected and wired: ECONOMICS_MESSAGES.)
import type { StorageCandidate, StorageRecommendInputParsed, StorageRecommendOutput } from '../model/economics.ts';
import { prepareTariff, projectEconomics, type ProjectEconomics } from './project.ts';

/** C-rates (power / capacity) of the default candidates [h⁻¹]. */
export const DEFAULT_C_RATES = [0.25, 0.5, 1] as const;

/** The default capacities [kWh]: 10 % … 100 % of the mean daily load, rounded to 0.1 kWh. */
export function defaultCapacities(load: ArrayLike<number>): number[] {
  let s = 0;
  for (let h = 0; h < load.length; h++) s += load[h];
  const daily = (s / load.length) * 24;
  const out: number[] = [];
  for (let k = 1; k <= 10; k++) {
    const c = Math.round(daily * k) / 10;
    if (c > 0 && !out.includes(c)) out.push(c);
  }
  return out;
}

export function recommendStorage(input: StorageRecommendInputParsed): StorageRecommendOutput {
  const tariff = prepareTariff(input.tariff);
  const base = { pv: input.pv, load: input.load, mode: input.mode, tariff, exportPrice: input.exportPrice, economics: input.economics, strategy: input.strategy };
  const summary = (capacity: number, power: number, storageCapex: number, r: ProjectEconomics): StorageCandidate => ({
    capacity,
    power,
    storageCapex,
    npv: r.cashFlow.npv,
    irr: r.cashFlow.irr,
    paybackYears: r.cashFlow.paybackYears,
    selfSufficiencyRate: r.totals.selfSufficiencyRate,
    selfConsumptionRate: r.totals.selfConsumptionRate,
  });
  const baseline = summary(0, 0, 0, projectEconomics(base));
  const pairs: [number, number][] = [];
  if (input.candidates) {
    for (const c of input.candidates.capacities) for (const p of input.candidates.powers) pairs.push([c, p]);
  } else {
    for (const c of defaultCapacities(input.load)) for (const k of DEFAULT_C_RATES) pairs.push([c, Math.round(c * k * 10) / 10 || 0.1]);
  }
  const b = input.battery;
  const replacementPerKwh = input.costs.replacementPerKwh ?? input.costs.perKwh;
  const candidates = pairs.map(([capacity, power]) => {
    const storageCapex = capacity * input.costs.perKwh + power * input.costs.perKw;
    const r = projectEconomics({
      ...base,
      battery: { capacity, power, socMin: b.socMin, socMax: b.socMax, socInitial: Math.min(Math.max(b.socInitial, b.socMin), b.socMax), etaCharge: b.etaCharge, etaDischarge: b.etaDischarge, fade: b.fade, replacementYears: b.replacementYears },
      storageCapex,
      replacementCost: capacity * replacementPerKwh,
    });
    return summary(capacity, power, storageCapex, r);
  });
  let bestNpv: StorageCandidate | null = null;
  for (const c of candidates) if (c.npv > baseline.npv && (!bestNpv || c.npv > bestNpv.npv)) bestNpv = c;
  let forTarget: StorageCandidate | null = null;
  if (input.targetSelfSufficiency !== undefined) {
    for (const c of [baseline, ...candidates]) {
      if (c.selfSufficiencyRate + 1e-12 < input.targetSelfSufficiency) continue;
      if (!forTarget || c.storageCapex < forTarget.storageCapex || (c.storageCapex === forTarget.storageCapex && c.npv > forTarget.npv)) forTarget = c;
    }
  }
  return { baseline, candidates, bestNpv, forTarget };
}
