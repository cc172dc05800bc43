// Request and answer schemas of the Load, storage and Economy steps' server calls (issue 16; spec 000
// §3 "Load", "Energy storage", "Economic parameters", §5, §7 power-load/type-list, energyStorage
// save/get/recommend, economic-analysis-params, advanced-ecnomic; spec 001 §4 "changing the load
// clears configured storage", §7 get/update-powerLoadConfig-page, electricity-price/list, §9). The
// stored documents are those of src/model/economics.ts; the rules are src/economics (docs/ECONOMICS.md).
// Units: energies kWh, powers kW, money yuan (the web app shows 10k yuan where the spec does), prices
// yuan/kWh VAT-included, rates as fractions in the answers (the documents keep the forms' percents).
import { z } from 'zod';
import {
  consumptionModelIds,
  dispatchStrategies,
  dispatchTotalsSchema,
  economicsTariffSchema,
  economicsOutputSchema,
  cashFlowRowSchema,
  operationModes,
  storageCandidateSchema,
  storageRecommendOutputSchema,
} from '../economics.ts';
import { loadInputSchema } from '../catalogue/load-types.ts';
import { tariffListSchema, tariffSchema } from '../catalogue/tariffs.ts';
import { weatherUsedSchema } from './compute.ts';
import { isoTime, queryBoolean, recordId } from './common.ts';
import { designDocumentSchema, savedSchema, saveDocumentBody } from './design.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

// ── power-load/type-list ──────────────────────────────────────────────────────────────────────────

/** A consumption model of the Load step: the product's types and the BDEW standard load profiles. */
export const consumptionModelSchema = z.object({
  id: z.enum(consumptionModelIds),
  nameEn: z.string(),
  nameZh: z.string(),
  descriptionEn: z.string(),
  descriptionZh: z.string(),
  /** 'product': the product's typical-day shapes; 'bdew': a BDEW standard load profile (measured). */
  family: z.enum(['product', 'bdew']),
  /** What the user enters. */
  inputs: z.array(loadInputSchema),
  /** Relative hourly weights 0–23 of a weekday and of a weekend day (BDEW: transition-season workday and Sunday); null for custom. */
  weekday: z.array(z.number()).length(24).nullable(),
  weekend: z.array(z.number()).length(24).nullable(),
});
export type ConsumptionModelItem = z.infer<typeof consumptionModelSchema>;
export const consumptionModelListSchema = z.object({ list: z.array(consumptionModelSchema) });

// ── the Load step's document ──────────────────────────────────────────────────────────────────────

/** What the Load step charts of the year's 8760 hourly loads. */
export const loadChartSchema = z.object({
  /** [kWh] */
  annualKwh: z.number(),
  /** 12 monthly totals [kWh]. */
  monthlyKwh: z.array(z.number()).length(12),
  /** The mean day of each month: 12 × 24 hourly loads [kW], January first, hour 0 = 00:00–01:00. */
  typicalDayKw: z.array(z.array(z.number()).length(24)).length(12),
  /** Highest hourly load [kW] and its hour of the year (0 … 8759). */
  peakKw: z.number(),
  peakHour: z.int(),
});
export type LoadChart = z.infer<typeof loadChartSchema>;

/** get-powerLoadConfig-page: the document, and its chart (null without a valid document). */
export const powerLoadReadSchema = designDocumentSchema.extend({ chart: loadChartSchema.nullable() });
export type PowerLoadRead = z.infer<typeof powerLoadReadSchema>;

const clearStorage = z
  .boolean()
  .optional()
  .describe(
    'changing the load clears the configured energy storage (spec 001 §4): without true, a save that changes the load while an enabled storage is stored answers 409 LOAD_CLEARS_STORAGE and changes nothing; the client confirms and sends it again with true',
  );

/** update-powerLoadConfig-page. */
export const powerLoadSaveBody = saveDocumentBody.extend({ clearStorage });
export type PowerLoadSaveBody = z.input<typeof powerLoadSaveBody>;

export const powerLoadSavedSchema = savedSchema.extend({
  /** The 'energy-storage' document was cleared by this save. */
  storageCleared: z.boolean(),
});
export type PowerLoadSaved = z.infer<typeof powerLoadSavedSchema>;

/** Largest load file [bytes] (35,040 quarter hours fit in well under 2 MB). */
export const LOAD_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** POST /project/power-load/upload (multipart, field file). */
export const loadUploadQuery = z.object({
  projectId: recordId,
  unit: z.enum(['kW', 'kWh']).default('kW').describe("quarter-hour values: mean power 'kW' (default) or energy per quarter 'kWh'"),
  version: z.coerce.number().int().min(0).max(2_147_483_647).optional().describe("with it, the 'power-load' document is saved as with update-powerLoadConfig-page; without, the file is only read"),
  clearStorage: queryBoolean.optional().describe('as in update-powerLoadConfig-page'),
});

export const loadUploadAnswerSchema = z.object({
  /** The 'power-load' document of the file (source 'upload'), ready to save. */
  document: z.record(z.string(), z.unknown()),
  layout: z.string(),
  /** Header rows and label or index columns left out. */
  skippedRows: z.int(),
  skippedColumns: z.int(),
  chart: loadChartSchema,
  /** The save, when `version` was sent. */
  saved: powerLoadSavedSchema.nullable(),
});
export type LoadUploadAnswer = z.infer<typeof loadUploadAnswerSchema>;

// ── electricity-price/list ────────────────────────────────────────────────────────────────────────

/** A tariff template (src/economics/tariff-templates.ts): an illustrative example, never current. */
export const tariffTemplateSchema = z.object({
  id: z.string(),
  template: z.literal(true),
  nameEn: z.string(),
  nameZh: z.string(),
  illustrative: z.literal(true),
  /** What its shape follows and its date; says it is not a provincial tariff and not current. */
  source: z.string(),
  /** The tariff in the form the 'economic' document keeps. */
  tariff: economicsTariffSchema,
  /** Time-weighted mean over the year [yuan/kWh]. */
  averagePrice: z.number(),
});

/** The list: system and own schemes (each with its 12 × 24 form for the Economy step) and the templates. */
export const electricityPriceListSchema = tariffListSchema.extend({
  list: z.array(tariffSchema.extend({ template: z.literal(false), tariff: economicsTariffSchema })),
  templates: z.array(tariffTemplateSchema),
});
export type ElectricityPriceList = z.infer<typeof electricityPriceListSchema>;

// ── energyStorage/recommend ───────────────────────────────────────────────────────────────────────

/** Most capacity × power candidates one recommendation on the server tries. */
export const MAX_SERVER_CANDIDATES = 100;

const candidateValues = z.array(finite.refine((v) => v > 0, 'must be greater than 0').max(999_999)).min(1).max(MAX_SERVER_CANDIDATES);

export const storageRecommendBody = z
  .object({
    projectId: recordId,
    /** Battery cost [yuan/kWh, yuan/kW, VAT-incl.]; absent: the stored 'energy-storage' document's. */
    costs: z
      .object({
        perKwh: finite.min(0).max(999_999),
        perKw: finite.min(0).max(999_999).default(0),
        replacementPerKwh: finite.min(0).max(999_999).optional(),
      })
      .optional(),
    /** Absent: the stored storage's strategy, else selfConsumption. */
    strategy: z.enum(dispatchStrategies).optional(),
    /** Sizes to try [kWh] × [kW]; absent: 10 capacities up to the mean daily load at 0.25, 0.5 and 1 C. */
    candidates: z.object({ capacities: candidateValues, powers: candidateValues }).optional(),
    /** Self-sufficiency to reach [0–1]: the cheapest candidate reaching it. */
    targetSelfSufficiency: finite.min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.candidates && b.candidates.capacities.length * b.candidates.powers.length > MAX_SERVER_CANDIDATES) {
      ctx.addIssue({ code: 'custom', path: ['candidates'], message: `at most ${MAX_SERVER_CANDIDATES} capacity × power candidates` });
    }
  });
export type StorageRecommendBody = z.input<typeof storageRecommendBody>;
export type StorageRecommendRequest = z.output<typeof storageRecommendBody>;

/** What a run read: the operation mode, the year's PV and load, the versions of the documents. */
export const economicsBasisSchema = z.object({
  mode: z.enum(operationModes),
  /** The battery's strategy; null without storage. */
  strategy: z.enum(dispatchStrategies).nullable(),
  /** Year 1 AC energy of the project's yield [kWh]. */
  pvKwh: z.number(),
  loadKwh: z.number(),
  /** DC capacity of the modules in strings [kWp]. */
  capacityKwp: z.number(),
  /** [h] offset from UTC of the clock the load and the tariff hours are on. */
  utcOffset: z.number(),
  /** Versions of the documents read (0: none). */
  versions: z.object({
    powerLoad: z.int(),
    energyStorage: z.int(),
    economic: z.int(),
    advancedEconomic: z.int(),
    inverterConfig: z.int(),
    layout: z.int(),
  }),
  weather: weatherUsedSchema,
});
export type EconomicsBasis = z.infer<typeof economicsBasisSchema>;

export const storageRecommendAnswerSchema = storageRecommendOutputSchema.extend({ basis: economicsBasisSchema });
export type StorageRecommendAnswer = z.infer<typeof storageRecommendAnswerSchema>;
export { storageCandidateSchema };

// ── project/economics/run and the 'economics-result' document ─────────────────────────────────────

export const economicsRunBody = z.object({ projectId: recordId });

/** One month of year 1 [kWh]. */
export const economicsMonthSchema = z.object({
  month: z.int().min(1).max(12),
  pvKwh: z.number(),
  loadKwh: z.number(),
  /** PV used directly, Σ min(pv, load). */
  selfKwh: z.number(),
  chargeKwh: z.number(),
  dischargeKwh: z.number(),
  exportKwh: z.number(),
  importKwh: z.number(),
  curtailedKwh: z.number(),
  /** 1 − (export + curtailed) / pv; 0 without PV. */
  selfConsumptionRate: z.number(),
  /** 1 − import / load; 0 without load. */
  selfSufficiencyRate: z.number(),
});

/** A typical week of year 1, hour by hour (168 values each): the week of the median PV energy. */
export const economicsWeekSchema = z.object({
  /** First day of the week (0 … 357 of the modelled year). */
  startDay: z.int(),
  pvKwh: z.array(z.number()),
  loadKwh: z.array(z.number()),
  chargeKwh: z.array(z.number()),
  dischargeKwh: z.array(z.number()),
  /** State of charge at the end of each hour [0–1]; null without storage. */
  soc: z.array(z.number()).nullable(),
});

/** The economics of a project as computed last (kept for the Economy step and the report). */
export const economicsResultDocumentSchema = z.object({
  kind: z.literal('economics-result'),
  version: z.literal(1),
  computedAt: isoTime,
  basis: economicsBasisSchema,
  /** The indicators of economicsOutputSchema (capex: PV and storage [yuan, VAT-incl.]), and the storage's share and year 1's self-use price. */
  indicators: economicsOutputSchema.pick({ npv: true, irr: true, equityIrr: true, paybackYears: true, lcoe: true, co2Tonnes: true, capex: true }).extend({
    storageCapex: z.number(),
    /** Year 1's value of the energy used on site [yuan/kWh]; null when none is. */
    selfPrice: z.number().nullable(),
  }),
  /** Year 1's dispatch totals and rates. */
  totals: dispatchTotalsSchema,
  cashFlows: z.array(cashFlowRowSchema),
  equityCashFlows: z.array(cashFlowRowSchema).nullable(),
  monthly: z.array(economicsMonthSchema).length(12),
  week: economicsWeekSchema,
});
export type EconomicsResultDocument = z.infer<typeof economicsResultDocumentSchema>;

export const economicsRunAnswerSchema = z.object({ projectId: z.int(), version: z.int(), updatedAt: isoTime, data: economicsResultDocumentSchema });
export type EconomicsRunAnswer = z.infer<typeof economicsRunAnswerSchema>;
