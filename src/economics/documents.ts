// From the stored documents of the Load, storage and Economy steps (src/model/economics.ts: what the
// forms show, percentages and yuan/W) to the parameters of the rules (fractions): the year's hourly
// load, the battery and its costs, the cash flow's parameters.
import type { AdvancedEconomicDocument, BatteryParsed, CashFlowParamsParsed, EconomicDocument, EnergyStorageDocument, PowerLoadDocument } from '../model/economics.ts';
import { cashFlowParamsSchema } from '../model/economics.ts';
import type { BdewTable } from './bdew.ts';
import { loadProfile } from './load-profiles.ts';

/** The 8760 hourly loads [kWh] of a 'power-load' document (the BDEW table for bdew-* models). */
export function loadOfDocument(doc: PowerLoadDocument, bdew?: BdewTable): Float64Array {
  if (doc.source === 'upload' && doc.upload) return Float64Array.from(doc.upload.hourlyKwh);
  return loadProfile({ model: doc.model, annualKwh: doc.annualKwh, monthlyKwh: doc.monthlyKwh, dayKw: doc.dayKw, year: doc.year, bdew });
}

/** The battery of an enabled 'energy-storage' document, or null. */
export function batteryOfDocument(doc: EnergyStorageDocument): BatteryParsed | null {
  if (!doc.enabled || doc.capacityKwh <= 0 || doc.powerKw <= 0) return null;
  return {
    capacity: doc.capacityKwh,
    power: doc.powerKw,
    socMin: doc.socMinPct / 100,
    socMax: doc.socMaxPct / 100,
    socInitial: doc.socInitialPct / 100,
    etaCharge: doc.etaChargePct / 100,
    etaDischarge: doc.etaDischargePct / 100,
    fade: doc.fadePctPerYear / 100,
    replacementYears: doc.replacementYears,
  };
}

/** The battery's cost in the capex and the cost of each new one [yuan]. */
export function storageCostsOfDocument(doc: EnergyStorageDocument): { storageCapex: number; replacementCost: number } {
  if (!doc.enabled) return { storageCapex: 0, replacementCost: 0 };
  return {
    storageCapex: doc.capacityKwh * doc.costPerKwh + doc.powerKw * doc.costPerKw,
    replacementCost: doc.capacityKwh * (doc.replacementCostPerKwh ?? doc.costPerKwh),
  };
}

/** The cash flow's parameters of the Economy step's documents and the project's PV capacity [kWp]. */
export function cashFlowParamsOfDocuments(e: EconomicDocument, a: AdvancedEconomicDocument | null, capacityKw: number): CashFlowParamsParsed {
  return cashFlowParamsSchema.parse({
    years: e.lifeYears,
    capacityKw,
    pricePerW: e.pricePerW,
    subsidy: e.subsidyPerKwh > 0 && e.subsidyYears > 0 ? { perKwh: e.subsidyPerKwh, years: e.subsidyYears } : undefined,
    degradation: e.degradationPct / 100,
    vat: e.vatPct / 100,
    vatRefund: a?.vatRefund ?? false,
    incomeTax: e.incomeTaxPct / 100,
    taxHoliday: a?.taxHoliday,
    surcharge: e.surchargePct / 100,
    stampDuty: e.stampDutyPct / 100,
    depreciationYears: e.depreciationYears,
    residual: e.residualPct / 100,
    omPerKw: e.omPerKw,
    omEscalation: e.omEscalationPct / 100,
    loan: a?.loan ? { ratio: a.loan.ratioPct / 100, rate: a.loan.ratePct / 100, years: a.loan.years } : undefined,
    discountRate: e.discountRatePct / 100,
    emissionFactor: a?.emissionFactor,
  });
}
