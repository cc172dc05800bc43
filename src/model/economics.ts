// Schemas of load, storage and economics (docs/ECONOMICS.md; docs/ENGINE-API.md §dispatch, §economics;
// spec 000 §3 "Load", "Energy storage", "Economic parameters", §5, §9; spec 001 §4, §9):
//   the headless commands `dispatch` (hourly balance with or without a battery) and `economics` (the
//   25-year cash flow), the storage recommendation, the tariff of the economics (uniform, or a TOU
//   period for each hour of each month with a price per period), and the stored documents of the
//   Load, storage and Economy steps ('power-load', 'energy-storage', 'economic', 'advanced-economic').
// Units: energies kWh, powers kW, prices yuan/kWh VAT-included, installed price yuan/W, O&M
// yuan/kW/year, money yuan. The commands take rates as fractions (vat 0.13); the stored documents keep
// what the forms show (percent, spec 001 §9 units). The rules themselves are src/economics.
import { z } from 'zod';
import { plainText } from './api/common.ts';
import { loadTypeIds } from './catalogue/load-types.ts';
import { tariffPeriodNames, type TariffPeriodName } from './catalogue/tariffs.ts';
import { EQUIPMENT_MESSAGES, NUMERIC_RANGE, numberField, quantity } from './equipment.ts';

export { tariffPeriodNames, type TariffPeriodName } from './catalogue/tariffs.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const fraction = finite.min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
const efficiency = finite.refine((v) => v > 0 && v <= 1, 'must be greater than 0 and at most 1');
const years = (max = 50) => z.int('must be a whole number').min(1, `must be between 1 and ${max}`).max(max, `must be between 1 and ${max}`);
/** A price [yuan/kWh, VAT-incl.] (the tariff catalogue's bound). */
const price = finite.min(0, 'must be between 0 and 100 yuan/kWh').max(100, 'must be between 0 and 100 yuan/kWh');

/** The conventions of ECONOMICS.md: the defaults of the commands and of the Economy step. */
export const ECONOMICS_DEFAULTS = {
  /** Economic and report horizon [years] (spec 000 §9). */
  years: 25,
  /** VAT on electricity and on the installation [−]. */
  vat: 0.13,
  /** The immediate VAT refund: off by default (it ended in 2020). */
  vatRefund: false,
  /** Share of the VAT paid that the refund returns [−] (spec 000 §9, spec 001 §9: 50 %). */
  vatRefundShare: 0.5,
  /** Corporate income tax [−]. */
  incomeTax: 0.25,
  /** Income-tax holiday: years exempt + years at half rate. */
  taxHoliday: '3+3',
  /** Surcharges on the VAT paid: 7 % city maintenance + 3 % education + 2 % local education [−]. */
  surcharge: 0.12,
  /** Stamp duty on the year's revenue excluding VAT [−]. */
  stampDuty: 0.0003,
  /** Straight-line depreciation [years] to the residual. */
  depreciationYears: 20,
  /** Residual value as a share of the capex excluding VAT [−]. */
  residual: 0.05,
  omPerKw: 0,
  omEscalation: 0,
  /** Discount rate of the NPV and the LCOE [−]. */
  discountRate: 0.06,
  /** Yearly PV energy degradation [−]. */
  degradation: 0.004,
  /** China's 2022 national grid emission factor [t CO₂/MWh] (user-set). */
  emissionFactor: 0.5703,
  /** Years a tax loss may be carried forward. */
  lossCarryYears: 5,
} as const;

/** The surcharge's parts (their sum is ECONOMICS_DEFAULTS.surcharge). */
export const SURCHARGE_PARTS = { cityMaintenance: 0.07, education: 0.03, localEducation: 0.02 } as const;

/** Typical lithium iron phosphate values of a new storage form; every one is editable. */
export const STORAGE_DEFAULTS = {
  socMin: 0.1,
  socMax: 0.95,
  socInitial: 0.1,
  etaCharge: 0.95,
  etaDischarge: 0.95,
  /** Usable capacity lost per year [−]. */
  fade: 0.02,
} as const;

/** Messages of the Load, storage and Economy steps (English; the web app translates them by key). */
export const ECONOMICS_MESSAGES = {
  required: EQUIPMENT_MESSAGES.required,
  range: EQUIPMENT_MESSAGES.range,
  percent: EQUIPMENT_MESSAGES.percent,
  format: EQUIPMENT_MESSAGES.format,
  /** The load file is not an xlsx file (spec 000 §5). */
  xlsxOnly: 'Please upload a file in xlsx format',
  /** The storage recommendation before an inverter is selected and wired (spec 000 §5). */
  storageNeedsInverter: 'An inverter must be selected and wired before the energy-storage recommendation',
  /** Changing the load clears the configured storage (spec 001 §4). */
  loadClearsStorage: 'Changing the load clears the configured energy storage',
} as const;

// ── operation modes, strategies, periods ─────────────────────────────────────────────────────────

/**
 * Power-station operation modes (spec 001 §9): surplus to grid (the export is sold), full self-use
 * (the export is curtailed and earns nothing), full grid feed-in (all PV exported, the load imported).
 */
export const operationModes = ['surplus', 'selfUse', 'feedIn'] as const;
export type OperationMode = (typeof operationModes)[number];

/** Battery strategies (ECONOMICS.md): self-consumption (default) and peak-valley arbitrage. */
export const dispatchStrategies = ['selfConsumption', 'tou'] as const;
export type DispatchStrategy = (typeof dispatchStrategies)[number];

/**
 * Periods a `tou` dispatch takes for each hour: valley, flat, peak, and the tariff's names for
 * critical peak ('sharp', counts as peak) and deep valley ('deep-valley', counts as valley).
 */
export const dispatchPeriodNames = tariffPeriodNames;

/** Longest hourly series of a command: 25 leap years [h]. */
export const MAX_DISPATCH_HOURS = 8784 * 25;
/** Largest energy of one hour [kWh] (a 10 GW plant). */
const MAX_HOUR_KWH = 1e7;

const hourlyEnergy = z.array(finite.min(0, 'must not be negative').max(MAX_HOUR_KWH), 'must be an array of numbers [kWh per hour]').min(1, 'needs at least one hour').max(MAX_DISPATCH_HOURS, `at most ${MAX_DISPATCH_HOURS} hours`);

// ── dispatch ─────────────────────────────────────────────────────────────────────────────────────

export const batterySchema = z
  .strictObject({
    /** Nominal capacity C [kWh]. */
    capacity: finite.refine((v) => v > 0, 'must be greater than 0').max(1e7),
    /** AC power limit of charging and discharging P [kW]. */
    power: finite.refine((v) => v > 0, 'must be greater than 0').max(1e7),
    /** Discharge cut-off: the floor socMin · C [−]. */
    socMin: fraction,
    /** Charge cut-off: the ceiling socMax · C [−]. */
    socMax: fraction,
    /** State of charge at the first hour [−]. */
    socInitial: fraction,
    /** AC → stored efficiency ηc [−]. */
    etaCharge: efficiency,
    /** Stored → AC efficiency ηd [−]. */
    etaDischarge: efficiency,
    /** Usable capacity lost per year [−]: year y holds (1 − fade)^(y − 1) (an addition to ENGINE-API.md). */
    fade: finite.min(0).max(0.5).default(0),
    /** A new battery every N years restores the capacity (null: never) (an addition to ENGINE-API.md). */
    replacementYears: years().nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (b.socMin >= b.socMax) ctx.addIssue({ code: 'custom', path: ['socMin'], message: 'must be lower than socMax' });
    else if (b.socInitial < b.socMin || b.socInitial > b.socMax) ctx.addIssue({ code: 'custom', path: ['socInitial'], message: 'must be between socMin and socMax' });
  });
export type Battery = z.input<typeof batterySchema>;
export type BatteryParsed = z.output<typeof batterySchema>;

export const dispatchInputSchema = z
  .strictObject({
    /** AC energy of the PV after the inverter, per hour [kWh]. */
    pv: hourlyEnergy,
    /** Consumption per hour [kWh], as many hours as pv. */
    load: hourlyEnergy,
    mode: z.enum(operationModes).default('surplus'),
    battery: batterySchema.optional(),
    strategy: z.enum(dispatchStrategies).default('selfConsumption'),
    /** The tariff period of each hour (strategy tou). */
    periods: z.array(z.enum(dispatchPeriodNames)).max(MAX_DISPATCH_HOURS).optional(),
    /** Years to run, the series repeated with the PV degraded and the battery faded (an addition to ENGINE-API.md). */
    years: years().default(1),
    /** Yearly PV degradation of a multi-year run [−]. */
    degradation: finite.min(0).max(0.2).default(ECONOMICS_DEFAULTS.degradation),
  })
  .superRefine((d, ctx) => {
    if (d.load.length !== d.pv.length) ctx.addIssue({ code: 'custom', path: ['load'], message: `must have as many hours as pv (${d.pv.length})` });
    if (d.strategy === 'tou' && d.battery) {
      if (!d.periods) ctx.addIssue({ code: 'custom', path: ['periods'], message: 'strategy tou needs the period of each hour' });
      else if (d.periods.length !== d.pv.length) ctx.addIssue({ code: 'custom', path: ['periods'], message: `must have as many hours as pv (${d.pv.length})` });
    }
  });
export type DispatchInput = z.input<typeof dispatchInputSchema>;
export type DispatchInputParsed = z.output<typeof dispatchInputSchema>;

const series = z.array(z.number());

/** Sums of one year [kWh] and its two rates [−]. */
export const dispatchTotalsSchema = z.object({
  pv: z.number(),
  load: z.number(),
  /** PV used directly, Σ min(pv, load). */
  self: z.number(),
  export: z.number(),
  /** Includes grid charging (strategy tou). */
  import: z.number(),
  /** AC energy into the battery (from PV and from the grid). */
  charge: z.number(),
  /** AC energy out of the battery. */
  discharge: z.number(),
  /** Surplus thrown away in full self-use (an addition to ENGINE-API.md). */
  curtailed: z.number(),
  /** 1 − (Σexport + Σcurtailed) / Σpv; 0 without PV. */
  selfConsumptionRate: z.number(),
  /** 1 − Σimport / Σload; 0 without load. */
  selfSufficiencyRate: z.number(),
});
export type DispatchTotals = z.infer<typeof dispatchTotalsSchema>;

export const dispatchOutputSchema = z.object({
  /** The first year, hour by hour. */
  hourly: z.object({ self: series, export: series, import: series, charge: series, discharge: series, soc: series, curtailed: series }),
  /** The first year. */
  totals: dispatchTotalsSchema,
  /** Every year of a multi-year run (years > 1). */
  yearly: z.array(dispatchTotalsSchema.extend({ year: z.int(), capacityFactor: z.number(), replaced: z.boolean() })).optional(),
});
export type DispatchOutput = z.infer<typeof dispatchOutputSchema>;

// ── tariffs ──────────────────────────────────────────────────────────────────────────────────────

/** The price of each period used [yuan/kWh]. */
export const periodPricesSchema = z.strictObject(Object.fromEntries(tariffPeriodNames.map((p) => [p, price.optional()])) as Record<TariffPeriodName, z.ZodOptional<typeof price>>);

const monthPeriods = z.array(z.enum(tariffPeriodNames)).length(24, 'needs a period for each of the 24 hours');

/**
 * The tariff of the economics: one price, or a TOU period for each hour (0–23, local time) of each
 * month (January first) and a price per period. Prices VAT-included.
 */
export const economicsTariffSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('uniform'), price }),
  z
    .strictObject({
      kind: z.literal('tou'),
      prices: periodPricesSchema,
      periods: z.array(monthPeriods).length(12, 'needs the periods of each of the 12 months'),
    })
    .superRefine((t, ctx) => {
      for (let m = 0; m < t.periods.length; m++) {
        for (let h = 0; h < t.periods[m].length; h++) {
          const p = t.periods[m][h];
          if (t.prices[p] === undefined) {
            ctx.addIssue({ code: 'custom', path: ['prices', p], message: `needs a price: month ${m + 1} hour ${h} is ${p}` });
            return;
          }
        }
      }
    }),
]);
export type EconomicsTariff = z.infer<typeof economicsTariffSchema>;
export type TouTariff = Extract<EconomicsTariff, { kind: 'tou' }>;

// ── economics (the cash flow) ────────────────────────────────────────────────────────────────────

/** 'a+b': a years exempt from income tax, then b years at half the rate; 'none' = '0+0'. */
export const taxHolidaySchema = z.string().regex(/^(none|\d{1,2}\+\d{1,2})$/, "must be 'none' or 'a+b' (years exempt + years at half rate, e.g. '3+3')");

export const loanSchema = z.strictObject({
  /** Share of the capex borrowed [−]. */
  ratio: fraction,
  /** Yearly interest rate [−]. */
  rate: finite.min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1'),
  /** Term with equal annual payments [years]. */
  years: years(),
});

/** The cash flow's parameters that do not describe the energy (shared by economics and the storage recommendation). */
export const cashFlowParamsSchema = z.strictObject({
  years: years().default(ECONOMICS_DEFAULTS.years),
  /** PV capacity [kWp]. */
  capacityKw: finite.refine((v) => v > 0, 'must be greater than 0').max(1e7),
  /** Installed price [yuan/W, VAT-incl.]. */
  pricePerW: finite.min(0, 'must be between 0 and 100 yuan/W').max(100, 'must be between 0 and 100 yuan/W'),
  /** [yuan/kWh, VAT-free] for `years` years. */
  subsidy: z.strictObject({ perKwh: finite.min(0).max(10), years: z.int().min(0).max(50) }).optional(),
  degradation: finite.min(0).max(0.2).default(ECONOMICS_DEFAULTS.degradation),
  vat: fraction.default(ECONOMICS_DEFAULTS.vat),
  vatRefund: z.boolean().default(ECONOMICS_DEFAULTS.vatRefund),
  incomeTax: fraction.default(ECONOMICS_DEFAULTS.incomeTax),
  taxHoliday: taxHolidaySchema.default(ECONOMICS_DEFAULTS.taxHoliday),
  surcharge: fraction.default(ECONOMICS_DEFAULTS.surcharge),
  stampDuty: finite.min(0).max(0.01).default(ECONOMICS_DEFAULTS.stampDuty),
  depreciationYears: years().default(ECONOMICS_DEFAULTS.depreciationYears),
  residual: fraction.default(ECONOMICS_DEFAULTS.residual),
  /** [yuan/kW/year] in year 1. */
  omPerKw: finite.min(0).max(10_000).default(ECONOMICS_DEFAULTS.omPerKw),
  /** Yearly O&M escalation [−]. */
  omEscalation: finite.min(-0.5).max(1).default(ECONOMICS_DEFAULTS.omEscalation),
  loan: loanSchema.optional(),
  discountRate: finite.min(-0.5).max(1).default(ECONOMICS_DEFAULTS.discountRate),
  /** [t CO₂/MWh] */
  emissionFactor: finite.min(0).max(2).default(ECONOMICS_DEFAULTS.emissionFactor),
});
export type CashFlowParams = z.input<typeof cashFlowParamsSchema>;
export type CashFlowParamsParsed = z.output<typeof cashFlowParamsSchema>;

/** A battery's money (an addition to ENGINE-API.md). */
export const storageCostSchema = z.strictObject({
  /** Cost of the battery, added to the capex [yuan, VAT-incl.]. */
  capex: finite.min(0).max(1e10),
  /** Cost of a new battery [yuan], paid in each replacement year. */
  replacementCost: finite.min(0).max(1e10).default(0),
  /** A new battery every N years (null: never): years N + 1, 2N + 1, … */
  replacementYears: years().nullable().default(null),
});

export const economicsInputSchema = cashFlowParamsSchema.extend({
  /** Year-1 energy [kWh]: self-consumed and exported. */
  energy: z.strictObject({ selfKwh: finite.min(0).max(1e11), exportKwh: finite.min(0).max(1e11) }),
  /** Value of self-consumed energy: the tariff's mean weighted by the hourly self-consumption [yuan/kWh]. */
  selfPrice: price,
  /** Surplus-sale (feed-in) price [yuan/kWh]. */
  exportPrice: price,
  storage: storageCostSchema.optional(),
});
export type EconomicsInput = z.input<typeof economicsInputSchema>;
export type EconomicsInputParsed = z.output<typeof economicsInputSchema>;

/** One year of the cash flow [yuan; energy kWh]; year 0 is the investment. */
export const cashFlowRowSchema = z.object({
  year: z.int(),
  energy: z.number(),
  /** Revenue VAT-incl. (self-consumed at the tariff, export at the feed-in price). */
  sales: z.number(),
  subsidy: z.number(),
  revenueExVat: z.number(),
  outputVat: z.number(),
  vatPaid: z.number(),
  vatRefund: z.number(),
  surcharges: z.number(),
  stampDuty: z.number(),
  om: z.number(),
  depreciation: z.number(),
  interest: z.number(),
  /** Before the loss carry-forward. */
  taxable: z.number(),
  /** Earlier losses used this year. */
  lossUsed: z.number(),
  tax: z.number(),
  replacement: z.number(),
  residual: z.number(),
  loanPayment: z.number(),
  net: z.number(),
  cumulative: z.number(),
});
export type CashFlowRow = z.infer<typeof cashFlowRowSchema>;

export const economicsOutputSchema = z.object({
  /** At the discount rate, year 0 undiscounted [yuan]. */
  npv: z.number(),
  /** Project IRR after tax [−]; null when there is none. */
  irr: z.number().nullable(),
  /** Equity IRR (with the loan) [−]; the project IRR without a loan. */
  equityIrr: z.number().nullable(),
  /** Static payback, interpolated inside the year [years]; null if never. */
  paybackYears: z.number().nullable(),
  /** [yuan/kWh]; null without energy. */
  lcoe: z.number().nullable(),
  co2Tonnes: z.number(),
  /** Investment [yuan, VAT-incl.] (an addition to ENGINE-API.md). */
  capex: z.number(),
  /** Project view (no loan), year 0 included. */
  cashFlows: z.array(cashFlowRowSchema),
  /** Equity view, with a loan. */
  equityCashFlows: z.array(cashFlowRowSchema).optional(),
});
export type EconomicsOutput = z.infer<typeof economicsOutputSchema>;

// ── storage recommendation ───────────────────────────────────────────────────────────────────────

const candidateValues = z.array(finite.refine((v) => v > 0, 'must be greater than 0').max(1e7)).min(1).max(40);

export const storageRecommendInputSchema = z
  .strictObject({
    /** One year of PV AC energy [kWh per hour, 8760]. */
    pv: z.array(finite.min(0).max(MAX_HOUR_KWH)).length(8760, 'needs the 8760 hours of a year'),
    load: z.array(finite.min(0).max(MAX_HOUR_KWH)).length(8760, 'needs the 8760 hours of a year'),
    mode: z.enum(['surplus', 'selfUse']).default('surplus'),
    strategy: z.enum(dispatchStrategies).default('selfConsumption'),
    tariff: economicsTariffSchema,
    exportPrice: price,
    economics: cashFlowParamsSchema,
    /** The battery's properties apart from its size. */
    battery: z
      .strictObject({
        socMin: fraction.default(STORAGE_DEFAULTS.socMin),
        socMax: fraction.default(STORAGE_DEFAULTS.socMax),
        socInitial: fraction.default(STORAGE_DEFAULTS.socInitial),
        etaCharge: efficiency.default(STORAGE_DEFAULTS.etaCharge),
        etaDischarge: efficiency.default(STORAGE_DEFAULTS.etaDischarge),
        fade: finite.min(0).max(0.5).default(STORAGE_DEFAULTS.fade),
        replacementYears: years().nullable().default(null),
      })
      .prefault({}),
    costs: z.strictObject({
      /** [yuan/kWh of capacity, VAT-incl.] */
      perKwh: finite.min(0).max(100_000),
      /** [yuan/kW of power, VAT-incl.] */
      perKw: finite.min(0).max(100_000).default(0),
      /** A new battery [yuan/kWh]; perKwh when absent. */
      replacementPerKwh: finite.min(0).max(100_000).optional(),
    }),
    /** Sizes to try; default: 10 capacities up to the mean daily load × powers at 0.25, 0.5 and 1 C. */
    candidates: z.strictObject({ capacities: candidateValues, powers: candidateValues }).optional(),
    /** Self-sufficiency to reach [−]: the cheapest candidate reaching it. */
    targetSelfSufficiency: fraction.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.candidates && r.candidates.capacities.length * r.candidates.powers.length > 400) ctx.addIssue({ code: 'custom', path: ['candidates'], message: 'at most 400 capacity × power candidates' });
  });
export type StorageRecommendInput = z.input<typeof storageRecommendInputSchema>;
export type StorageRecommendInputParsed = z.output<typeof storageRecommendInputSchema>;

export const storageCandidateSchema = z.object({
  /** [kWh]; 0 for the system without storage. */
  capacity: z.number(),
  /** [kW] */
  power: z.number(),
  /** Storage cost [yuan]. */
  storageCapex: z.number(),
  npv: z.number(),
  irr: z.number().nullable(),
  paybackYears: z.number().nullable(),
  /** Year 1 [−]. */
  selfSufficiencyRate: z.number(),
  selfConsumptionRate: z.number(),
});
export type StorageCandidate = z.infer<typeof storageCandidateSchema>;

export const storageRecommendOutputSchema = z.object({
  /** The PV system without storage. */
  baseline: storageCandidateSchema,
  candidates: z.array(storageCandidateSchema),
  /** The candidate of the highest NPV (null when none beats the baseline). */
  bestNpv: storageCandidateSchema.nullable(),
  /** The cheapest candidate reaching targetSelfSufficiency, the baseline when it does alone (null: none, or no target). */
  forTarget: storageCandidateSchema.nullable(),
});
export type StorageRecommendOutput = z.infer<typeof storageRecommendOutputSchema>;

// ── stored documents ─────────────────────────────────────────────────────────────────────────────

const M = ECONOMICS_MESSAGES;
/** A percentage of a form, 0–100 [%]. */
const pct = () => numberField().min(0, M.percent).max(100, M.percent);
/** A whole number of years, 1–50. */
const formYears = () => numberField().int(EQUIPMENT_MESSAGES.integer).min(1, 'needs to be between 1 and 50').max(50, 'needs to be between 1 and 50');
const docVersion = z.int().min(0);

/** Consumption models (spec 001 §9): the product's types and the BDEW standard load profiles. */
export const bdewProfiles = ['H0', 'G0', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'L0', 'L1', 'L2'] as const;
export type BdewProfile = (typeof bdewProfiles)[number];
export const consumptionModelIds = [...loadTypeIds, ...bdewProfiles.map((p) => `bdew-${p.toLowerCase()}` as `bdew-${Lowercase<BdewProfile>}`)] as const;
export type ConsumptionModelId = (typeof consumptionModelIds)[number];

/** Layouts of an uploaded load table (src/economics/load-table.ts). */
export const loadTableLayouts = ['hourly-year', 'quarter-hour-year', 'month-day', 'day-rows', 'typical-day', 'quarter-hour-day'] as const;
export type LoadTableLayout = (typeof loadTableLayouts)[number];

/** Annual consumption of a site [kWh]: the product's 0–999999 range is too small for C&I sites. */
export const MAX_ANNUAL_KWH = 999_999_999;
const annualKwh = () => numberField().min(0, `needs to be between 0 and ${MAX_ANNUAL_KWH}`).max(MAX_ANNUAL_KWH, `needs to be between 0 and ${MAX_ANNUAL_KWH}`);

/** The Load step (spec 000 §3 "Load"): annual consumption and a consumption model, or an uploaded table. */
export const powerLoadDocumentSchema = z
  .object({
    kind: z.literal('power-load'),
    version: z.literal(1),
    source: z.enum(['model', 'upload']),
    model: z.enum(consumptionModelIds, { error: (i) => (i.input === undefined ? M.required : M.format) }),
    /** [kWh] */
    annualKwh: annualKwh(),
    /** 12 monthly totals [kWh] instead of the annual one. */
    monthlyKwh: z.array(annualKwh()).length(12).nullable().default(null),
    /** The custom model's typical day: 24 hourly loads [kW]. */
    dayKw: z.array(quantity()).length(24).nullable().default(null),
    /** Calendar year of the weekdays; null: a year beginning on a Monday. */
    year: z.int().min(1900).max(2100).nullable().default(null),
    upload: z
      .object({
        fileName: plainText(255),
        layout: z.enum(loadTableLayouts),
        /** [kWh per hour] */
        hourlyKwh: z.array(finite.min(0)).length(8760),
      })
      .nullable()
      .default(null),
  })
  .superRefine((d, ctx) => {
    if (d.source === 'upload' && !d.upload) ctx.addIssue({ code: 'custom', path: ['upload'], message: M.required });
    if (d.source === 'model' && d.model === 'custom' && !d.dayKw) ctx.addIssue({ code: 'custom', path: ['dayKw'], message: M.required });
  });
export type PowerLoadDocument = z.output<typeof powerLoadDocumentSchema>;

/** The storage settings (spec 000 §3 "Energy storage"; spec 001 §9 replacement none / every N years). */
export const energyStorageDocumentSchema = z
  .object({
    kind: z.literal('energy-storage'),
    version: z.literal(1),
    enabled: z.boolean(),
    /** The 'power-load' version it was set on (a newer load clears it, spec 001 §4). */
    loadVersion: docVersion.nullable().default(null),
    /** [kWh] */
    capacityKwh: quantity(),
    /** Charge and discharge power [kW]. */
    powerKw: quantity(),
    socInitialPct: pct(),
    /** Discharge cut-off [%]. */
    socMinPct: pct(),
    /** Charge cut-off [%]. */
    socMaxPct: pct(),
    etaChargePct: pct(),
    etaDischargePct: pct(),
    strategy: z.enum(dispatchStrategies).default('selfConsumption'),
    /** null: never replaced. */
    replacementYears: formYears().nullable().default(null),
    fadePctPerYear: pct(),
    /** [yuan/kWh] */
    costPerKwh: quantity(),
    /** [yuan/kW] */
    costPerKw: quantity().default(0),
    /** [yuan/kWh]; costPerKwh when null. */
    replacementCostPerKwh: quantity().nullable().default(null),
  })
  .superRefine((d, ctx) => {
    if (!d.enabled) return;
    if (d.capacityKwh <= 0) ctx.addIssue({ code: 'custom', path: ['capacityKwh'], message: EQUIPMENT_MESSAGES.positive });
    if (d.powerKw <= 0) ctx.addIssue({ code: 'custom', path: ['powerKw'], message: EQUIPMENT_MESSAGES.positive });
    if (d.socMinPct >= d.socMaxPct) ctx.addIssue({ code: 'custom', path: ['socMinPct'], message: 'The discharge cut-off SOC must be lower than the charge cut-off SOC' });
    else if (d.socInitialPct < d.socMinPct || d.socInitialPct > d.socMaxPct) ctx.addIssue({ code: 'custom', path: ['socInitialPct'], message: 'The initial SOC must be between the two cut-off SOCs' });
    if (d.etaChargePct <= 0) ctx.addIssue({ code: 'custom', path: ['etaChargePct'], message: EQUIPMENT_MESSAGES.positive });
    if (d.etaDischargePct <= 0) ctx.addIssue({ code: 'custom', path: ['etaDischargePct'], message: EQUIPMENT_MESSAGES.positive });
  });
export type EnergyStorageDocument = z.output<typeof energyStorageDocumentSchema>;

/** The Economy step's parameters (spec 000 §3 "Economic parameters"; units of spec 001 §9). */
export const economicDocumentSchema = z.object({
  kind: z.literal('economic'),
  version: z.literal(1),
  lifeYears: formYears().default(ECONOMICS_DEFAULTS.years),
  discountRatePct: pct(),
  depreciationYears: formYears(),
  residualPct: pct(),
  /** [yuan/W] */
  pricePerW: quantity(),
  vatPct: pct(),
  incomeTaxPct: pct(),
  /** [yuan/kWh] for subsidyYears years (0: none). */
  subsidyPerKwh: quantity().default(0),
  subsidyYears: numberField().int(EQUIPMENT_MESSAGES.integer).min(0, 'needs to be between 0 and 50').max(50, 'needs to be between 0 and 50').default(0),
  tariff: economicsTariffSchema,
  /** The electricity-price scheme the tariff was taken from (null: typed in). */
  tariffId: z.int().min(1).nullable().default(null),
  /** The illustrative template the tariff was started from (its id; null: none), so its note stays shown. */
  tariffTemplate: z.string().min(1).max(64).nullable().default(null),
  /** Surplus-sale price [yuan/kWh]. */
  exportPrice: quantity(),
  /** [yuan/kW/year] */
  omPerKw: quantity(),
  omEscalationPct: pct().default(0),
  surchargePct: pct(),
  stampDutyPct: pct(),
  degradationPct: pct().default(ECONOMICS_DEFAULTS.degradation * 100),
});
export type EconomicDocument = z.output<typeof economicDocumentSchema>;

/** The advanced economic report's inputs (advanced-ecnomic insert / original-value): finance and tax. */
export const advancedEconomicDocumentSchema = z.object({
  kind: z.literal('advanced-economic'),
  version: z.literal(1),
  /** The 50 % immediate VAT refund (spec 000 §9). */
  vatRefund: z.boolean().default(false),
  taxHoliday: taxHolidaySchema.default(ECONOMICS_DEFAULTS.taxHoliday),
  loan: z
    .object({ ratioPct: pct(), ratePct: pct(), years: formYears() })
    .nullable()
    .default(null),
  /** [t CO₂/MWh] */
  emissionFactor: numberField().min(0, 'needs to be between 0 and 2').max(2, 'needs to be between 0 and 2').default(ECONOMICS_DEFAULTS.emissionFactor),
});
export type AdvancedEconomicDocument = z.output<typeof advancedEconomicDocumentSchema>;

/** The general numeric range the documents use (spec 001 §9). */
export { NUMERIC_RANGE };
