// The economics of a project from its year of hours and its documents (issue 16 item 5): the hourly
// balance in the project's operation mode, the stored battery's dispatch over the life, the cash flow
// of the Economy step's parameters (src/economics/project.ts, docs/ECONOMICS.md) → NPV, project and
// equity IRR, LCOE, payback, CO₂, the cash-flow tables, year 1 month by month, and a typical week
// hour by hour (the 7 days, from day 0 in steps of a week, whose PV energy is nearest the median week)
// with the battery's state of charge — the 'economics-result' document the Economy step and the
// report read. Pure: the server reads the documents and the yield (run-economics.ts).
import { ZodError } from 'zod';
import { MONTH_DAYS } from '../../economics/calendar.ts';
import { batteryOfDocument, cashFlowParamsOfDocuments, storageCostsOfDocument } from '../../economics/documents.ts';
import type { HourlyDispatch } from '../../economics/dispatch.ts';
import { prepareTariff, projectEconomics } from '../../economics/project.ts';
import type { EconomicsBasis, EconomicsResultDocument } from '../../model/api/economics.ts';
import type { AdvancedEconomicDocument, CashFlowParamsParsed, EconomicDocument } from '../../model/economics.ts';
import { apiError } from '../errors.ts';
import type { EconomicsInputs } from './project-inputs.ts';
import type { ProjectPv } from './project-pv.ts';

/** The Economy step's field of each cash-flow parameter whose range is narrower than the form's. */
const FORM_FIELD: Record<string, string> = {
  pricePerW: 'economic.pricePerW',
  degradation: 'economic.degradationPct',
  stampDuty: 'economic.stampDutyPct',
  omPerKw: 'economic.omPerKw',
  omEscalation: 'economic.omEscalationPct',
  discountRate: 'economic.discountRatePct',
  subsidy: 'economic.subsidyPerKwh',
  capacityKw: 'projectId',
};

/** The cash flow's parameters of the documents; 400 naming the form's field when one is out of the rules' range. */
export function cashFlowParams(e: EconomicDocument, a: AdvancedEconomicDocument | null, capacityKw: number): CashFlowParamsParsed {
  try {
    return cashFlowParamsOfDocuments(e, a, capacityKw);
  } catch (err) {
    if (!(err instanceof ZodError)) throw err;
    const issue = err.issues[0];
    const key = String(issue.path[0] ?? '');
    const field = FORM_FIELD[key] ?? (key === 'loan' ? 'advanced-economic.loan' : `economic.${key}`);
    throw apiError('VALIDATION', { field, message: issue.message }, { field });
  }
}

const sum = (a: ArrayLike<number>, from: number, to: number) => {
  let s = 0;
  for (let h = from; h < to; h++) s += a[h];
  return s;
};

/** Year 1 month by month [kWh]. */
export function monthlyBalance(pv: ArrayLike<number>, load: ArrayLike<number>, h: HourlyDispatch): EconomicsResultDocument['monthly'] {
  const out: EconomicsResultDocument['monthly'] = [];
  let start = 0;
  for (let m = 0; m < 12; m++) {
    const end = start + MONTH_DAYS[m] * 24;
    const pvKwh = sum(pv, start, end);
    const loadKwh = sum(load, start, end);
    const exportKwh = sum(h.export, start, end);
    const importKwh = sum(h.import, start, end);
    const curtailedKwh = sum(h.curtailed, start, end);
    out.push({
      month: m + 1,
      pvKwh,
      loadKwh,
      selfKwh: sum(h.self, start, end),
      chargeKwh: sum(h.charge, start, end),
      dischargeKwh: sum(h.discharge, start, end),
      exportKwh,
      importKwh,
      curtailedKwh,
      selfConsumptionRate: pvKwh > 0 ? 1 - (exportKwh + curtailedKwh) / pvKwh : 0,
      selfSufficiencyRate: loadKwh > 0 ? 1 - importKwh / loadKwh : 0,
    });
    start = end;
  }
  return out;
}

/** The first day of the week (of the 52 from day 0) whose PV energy is nearest the median week's. */
export function typicalWeekStart(pv: ArrayLike<number>): number {
  const weeks = Array.from({ length: 52 }, (_, w) => sum(pv, w * 168, (w + 1) * 168));
  const sorted = [...weeks].sort((x, y) => x - y);
  const median = (sorted[25] + sorted[26]) / 2;
  let best = 0;
  for (let w = 1; w < 52; w++) if (Math.abs(weeks[w] - median) < Math.abs(weeks[best] - median)) best = w;
  return best * 7;
}

/** The economics result of a project (see the file's header). */
export function economicsResult(inputs: EconomicsInputs, pv: ProjectPv, computedAt: Date): EconomicsResultDocument {
  const e = inputs.economic;
  const params = cashFlowParams(e, inputs.advanced, pv.capacityKwp);
  const battery = inputs.storage ? batteryOfDocument(inputs.storage) : null;
  const costs = inputs.storage && battery ? storageCostsOfDocument(inputs.storage) : { storageCapex: 0, replacementCost: 0 };
  const strategy = battery && inputs.storage ? inputs.storage.strategy : null;
  const r = projectEconomics({
    pv: pv.hourlyKwh,
    load: inputs.load,
    mode: inputs.mode,
    tariff: prepareTariff(e.tariff),
    exportPrice: e.exportPrice,
    economics: params,
    battery,
    strategy: strategy ?? 'selfConsumption',
    storageCapex: costs.storageCapex,
    replacementCost: costs.replacementCost,
    hourly: true,
  });
  const h = r.hourly as HourlyDispatch;
  const startDay = typicalWeekStart(pv.hourlyKwh);
  const week = (a: ArrayLike<number>) => Array.from({ length: 168 }, (_, k) => a[startDay * 24 + k]);
  const basis: EconomicsBasis = {
    mode: inputs.mode,
    strategy,
    pvKwh: r.totals.pv,
    loadKwh: r.totals.load,
    capacityKwp: pv.capacityKwp,
    utcOffset: pv.utcOffset,
    versions: { ...inputs.versions, inverterConfig: pv.inverterConfigVersion, layout: pv.layoutVersion },
    weather: pv.weather,
  };
  const cf = r.cashFlow;
  return {
    kind: 'economics-result',
    version: 1,
    computedAt: computedAt.toISOString(),
    basis,
    indicators: {
      npv: cf.npv,
      irr: cf.irr,
      equityIrr: cf.equityIrr,
      paybackYears: cf.paybackYears,
      lcoe: cf.lcoe,
      co2Tonnes: cf.co2Tonnes,
      capex: cf.capex,
      storageCapex: costs.storageCapex,
      selfPrice: r.selfPrice,
    },
    totals: r.totals,
    cashFlows: cf.cashFlows,
    equityCashFlows: cf.equityCashFlows ?? null,
    monthly: monthlyBalance(pv.hourlyKwh, inputs.load, h),
    week: { startDay, pvKwh: week(pv.hourlyKwh), loadKwh: week(inputs.load), chargeKwh: week(h.charge), dischargeKwh: week(h.discharge), soc: battery ? week(h.soc) : null },
  };
}
