// The Economy step's form (spec 000 §3 "Energy storage", "Economic parameters"; spec 001 §9 units and
// battery replacement none / every N years; docs/ECONOMICS.md) and the three stored documents it edits:
// 'economic' (life, discount rate, depreciation, residual, installed price, VAT, income tax, subsidy,
// tariff, surplus-sale price, O&M, surcharge, stamp duty, degradation), 'advanced-economic' (the 50 %
// VAT refund, the income-tax holiday, the loan, the emission factor) and 'energy-storage' (every field
// of the battery, its replacement, fade and costs). Pure: the form's values, the documents they make —
// validated by the documents' own schemas (src/model/economics.ts), with the errors at the form's field
// names — the values of stored documents, the defaults (ECONOMICS.md's conventions, in the percent
// the forms show), and a recommended battery applied to the form.
import { z } from 'zod';
import {
  advancedEconomicDocumentSchema,
  economicDocumentSchema,
  ECONOMICS_DEFAULTS,
  energyStorageDocumentSchema,
  STORAGE_DEFAULTS,
  type AdvancedEconomicDocument,
  type DispatchStrategy,
  type EconomicDocument,
  type EnergyStorageDocument,
} from '../../../model/economics.ts';
import { emptyTariffForm, tariffFormOf, tariffOfForm, type TariffForm } from './tariff-grid.ts';

type N = number | null;

export interface EconomicFormValues {
  /** [years] */
  lifeYears: N;
  /** [%] */
  discountRatePct: N;
  /** [years] */
  depreciationYears: N;
  /** [%] */
  residualPct: N;
  /** [yuan/W] installed price, VAT included. */
  pricePerW: N;
  /** [%] */
  vatPct: N;
  /** [%] */
  incomeTaxPct: N;
  /** [yuan/kWh] */
  subsidyPerKwh: N;
  /** [years] */
  subsidyYears: N;
  tariff: TariffForm;
  /** The scheme of the user's list the tariff came from; null: typed in or from a template. */
  tariffId: number | null;
  /** The illustrative template the tariff was started from; null: none. */
  tariffTemplate: string | null;
  /** [yuan/kWh] surplus-sale price. */
  exportPrice: N;
  /** [yuan/kW/year] */
  omPerKw: N;
  /** [%/year] */
  omEscalationPct: N;
  /** [%] of the VAT paid. */
  surchargePct: N;
  /** [%] of the revenue without VAT. */
  stampDutyPct: N;
  /** [%/year] PV degradation. */
  degradationPct: N;
}

export interface AdvancedFormValues {
  /** The 50 % immediate VAT refund. */
  vatRefund: boolean;
  /** 'a+b' or 'none'. */
  taxHoliday: string;
  loanEnabled: boolean;
  loan: { ratioPct: N; ratePct: N; years: N };
  /** [t CO₂/MWh] */
  emissionFactor: N;
}

export interface StorageFormValues {
  enabled: boolean;
  /** [kWh] */
  capacityKwh: N;
  /** [kW] charge and discharge power. */
  powerKw: N;
  /** [%] */
  socInitialPct: N;
  /** [%] discharge cut-off. */
  socMinPct: N;
  /** [%] charge cut-off. */
  socMaxPct: N;
  /** [%] */
  etaChargePct: N;
  /** [%] */
  etaDischargePct: N;
  strategy: DispatchStrategy;
  /** Replaced every `replacementYears` years (false: never). */
  replace: boolean;
  replacementYears: N;
  /** [%/year] usable capacity lost. */
  fadePctPerYear: N;
  /** [yuan/kWh] */
  costPerKwh: N;
  /** [yuan/kW] */
  costPerKw: N;
  /** [yuan/kWh] a new battery; null: the same as costPerKwh. */
  replacementCostPerKwh: N;
}

export interface EconomyFormValues {
  economic: EconomicFormValues;
  advanced: AdvancedFormValues;
  storage: StorageFormValues;
}

export interface EconomyDocuments {
  economic: EconomicDocument;
  advanced: AdvancedEconomicDocument;
  storage: EnergyStorageDocument;
}

/** A fraction as the percent a form shows, without binary noise (0.06 → 6, 0.0003 → 0.03). */
export function percentOf(fraction: number): number {
  return Math.round(fraction * 1e8) / 1e6;
}

/** The defaults of a new project's Economy step: ECONOMICS.md's conventions; prices left to the user. */
export function defaultEconomyForm(): EconomyFormValues {
  const d = ECONOMICS_DEFAULTS;
  const s = STORAGE_DEFAULTS;
  return {
    economic: {
      lifeYears: d.years,
      discountRatePct: percentOf(d.discountRate),
      depreciationYears: d.depreciationYears,
      residualPct: percentOf(d.residual),
      pricePerW: null,
      vatPct: percentOf(d.vat),
      incomeTaxPct: percentOf(d.incomeTax),
      subsidyPerKwh: 0,
      subsidyYears: 0,
      tariff: emptyTariffForm(),
      tariffId: null,
      tariffTemplate: null,
      exportPrice: null,
      omPerKw: d.omPerKw,
      omEscalationPct: percentOf(d.omEscalation),
      surchargePct: percentOf(d.surcharge),
      stampDutyPct: percentOf(d.stampDuty),
      degradationPct: percentOf(d.degradation),
    },
    advanced: { vatRefund: d.vatRefund, taxHoliday: d.taxHoliday, loanEnabled: false, loan: { ratioPct: 70, ratePct: null, years: 10 }, emissionFactor: d.emissionFactor },
    storage: {
      enabled: false,
      capacityKwh: null,
      powerKw: null,
      socInitialPct: percentOf(s.socInitial),
      socMinPct: percentOf(s.socMin),
      socMaxPct: percentOf(s.socMax),
      etaChargePct: percentOf(s.etaCharge),
      etaDischargePct: percentOf(s.etaDischarge),
      strategy: 'selfConsumption',
      replace: false,
      replacementYears: 10,
      fadePctPerYear: percentOf(s.fade),
      costPerKwh: null,
      costPerKw: 0,
      replacementCostPerKwh: null,
    },
  };
}

const num = (v: N | undefined): number | undefined => (v === null || v === undefined || Number.isNaN(v) ? undefined : v);

/** The three documents a form describes, before validation (empty inputs stay undefined: 'This field is required'). */
export function economyDocumentsInput(v: EconomyFormValues): { economic: Record<string, unknown>; advanced: Record<string, unknown>; storage: Record<string, unknown> } {
  const e = v.economic;
  const a = v.advanced;
  const s = v.storage;
  // A switched-off battery keeps what was typed; its empty inputs count as 0 (nothing is required of it).
  const sv = (x: N): number | undefined => (s.enabled ? num(x) : (num(x) ?? 0));
  return {
    economic: {
      kind: 'economic',
      version: 1,
      lifeYears: num(e.lifeYears),
      discountRatePct: num(e.discountRatePct),
      depreciationYears: num(e.depreciationYears),
      residualPct: num(e.residualPct),
      pricePerW: num(e.pricePerW),
      vatPct: num(e.vatPct),
      incomeTaxPct: num(e.incomeTaxPct),
      subsidyPerKwh: num(e.subsidyPerKwh) ?? 0,
      subsidyYears: num(e.subsidyYears) ?? 0,
      tariff: tariffOfForm(e.tariff),
      tariffId: e.tariffId,
      tariffTemplate: e.tariffTemplate,
      exportPrice: num(e.exportPrice),
      omPerKw: num(e.omPerKw),
      omEscalationPct: num(e.omEscalationPct) ?? 0,
      surchargePct: num(e.surchargePct),
      stampDutyPct: num(e.stampDutyPct),
      degradationPct: num(e.degradationPct),
    },
    advanced: {
      kind: 'advanced-economic',
      version: 1,
      vatRefund: a.vatRefund,
      taxHoliday: a.taxHoliday.trim(),
      loan: a.loanEnabled ? { ratioPct: num(a.loan.ratioPct), ratePct: num(a.loan.ratePct), years: num(a.loan.years) } : null,
      emissionFactor: num(a.emissionFactor),
    },
    storage: {
      kind: 'energy-storage',
      version: 1,
      enabled: s.enabled,
      capacityKwh: sv(s.capacityKwh),
      powerKw: sv(s.powerKw),
      socInitialPct: sv(s.socInitialPct),
      socMinPct: sv(s.socMinPct),
      socMaxPct: sv(s.socMaxPct),
      etaChargePct: sv(s.etaChargePct),
      etaDischargePct: sv(s.etaDischargePct),
      strategy: s.strategy,
      replacementYears: s.replace ? (s.enabled ? num(s.replacementYears) : (num(s.replacementYears) ?? null)) : null,
      fadePctPerYear: sv(s.fadePctPerYear),
      costPerKwh: sv(s.costPerKwh),
      costPerKw: num(s.costPerKw) ?? 0,
      replacementCostPerKwh: num(s.replacementCostPerKwh) ?? null,
    },
  };
}

/** The form's schema: its values → the three validated documents (errors at the form's field names). */
export const economyFormSchema = z
  .custom<EconomyFormValues>((v) => typeof v === 'object' && v !== null && 'economic' in v && 'advanced' in v && 'storage' in v)
  .transform((v) => economyDocumentsInput(v))
  .pipe(z.object({ economic: economicDocumentSchema, advanced: advancedEconomicDocumentSchema, storage: energyStorageDocumentSchema }));

/** The validated documents of a form, or null when it does not make them. */
export function economyDocumentsOf(v: EconomyFormValues): EconomyDocuments | null {
  const r = economyFormSchema.safeParse(v);
  return r.success ? r.data : null;
}

/** The form of the stored documents (each null when never saved: its defaults). */
export function economyFormOf(economic: EconomicDocument | null, advanced: AdvancedEconomicDocument | null, storage: EnergyStorageDocument | null): EconomyFormValues {
  const f = defaultEconomyForm();
  if (economic) {
    const { kind: _k, version: _v, tariff, ...rest } = economic;
    f.economic = { ...f.economic, ...rest, tariff: tariffFormOf(tariff) };
  }
  if (advanced) {
    f.advanced = {
      vatRefund: advanced.vatRefund,
      taxHoliday: advanced.taxHoliday,
      loanEnabled: advanced.loan !== null,
      loan: advanced.loan ? { ...advanced.loan } : f.advanced.loan,
      emissionFactor: advanced.emissionFactor,
    };
  }
  if (storage) {
    const { kind: _k, version: _v, loadVersion: _l, replacementYears, ...rest } = storage;
    f.storage = { ...f.storage, ...rest, replace: replacementYears !== null, replacementYears: replacementYears ?? f.storage.replacementYears };
  }
  return f;
}

/** The storage form with a recommended battery's size (the storage switched on). */
export function withBattery(s: StorageFormValues, capacityKwh: number, powerKw: number): StorageFormValues {
  return { ...s, enabled: true, capacityKwh, powerKw };
}
