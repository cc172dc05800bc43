// The Load step's form (spec 000 §3 "Load": annual consumption or an uploaded xlsx, consumption model,
// monthly and daily energy; spec 001 §9 consumption models) and the stored 'power-load' document
// (src/model/economics.ts powerLoadDocumentSchema, docs/ECONOMICS.md "Load"). Pure: the form's values,
// the document they make (validated by the document's own schema, so the form shows the rules' messages
// at the fields they name), the form values of a stored document, and whether two documents describe
// a different load — changing the load clears the configured storage (spec 001 §4).
import { z } from 'zod';
import { consumptionModelIds, MAX_ANNUAL_KWH, powerLoadDocumentSchema, type ConsumptionModelId, type LoadTableLayout, type PowerLoadDocument } from '../../../model/economics.ts';

/** The months and hours of the form's lists. */
export const MONTHS = 12;
export const DAY_HOURS = 24;

/** What the annual consumption is given as: one total, or twelve monthly totals. */
export type LoadTotals = 'annual' | 'monthly';

/** An uploaded table as the server read it. */
export interface LoadUpload {
  fileName: string;
  layout: LoadTableLayout;
  /** [kWh per hour] 8760 values. */
  hourlyKwh: number[];
}

/** The values of the Load step's form (null: an empty number input). */
export interface LoadFormValues {
  source: 'model' | 'upload';
  model: ConsumptionModelId;
  totals: LoadTotals;
  /** [kWh] */
  annualKwh: number | null;
  /** [kWh] 12 monthly totals. */
  monthlyKwh: (number | null)[];
  /** [kW] the custom model's 24 hourly loads. */
  dayKw: (number | null)[];
  /** Calendar year of the weekdays (null: a year whose 1 January is a Monday). */
  year: number | null;
  upload: LoadUpload | null;
}

/** The default consumption model of a new load: weekday-concentrated, the usual C&I shape. */
export const DEFAULT_MODEL: ConsumptionModelId = 'weekday';

export const EMPTY_LOAD_FORM: LoadFormValues = {
  source: 'model',
  model: DEFAULT_MODEL,
  totals: 'annual',
  annualKwh: null,
  monthlyKwh: new Array<number | null>(MONTHS).fill(null),
  dayKw: new Array<number | null>(DAY_HOURS).fill(null),
  year: null,
  upload: null,
};

const num = (v: number | null | undefined): number | undefined => (v === null || v === undefined || Number.isNaN(v) ? undefined : v);
const sumOf = (a: readonly (number | null)[]): number => a.reduce<number>((s, v) => s + (typeof v === 'number' && Number.isFinite(v) ? v : 0), 0);

/**
 * The document a form describes, before validation: the annual total is the sum of the monthly ones
 * (or of the uploaded hours); the custom model without an annual total keeps its 24 values as they
 * are (annualKwh 0). Empty inputs stay undefined so that the schema names them 'This field is required'.
 */
export function loadDocumentInput(v: LoadFormValues): Record<string, unknown> {
  const custom = v.source === 'model' && v.model === 'custom';
  let annualKwh: number | undefined;
  if (v.source === 'upload') annualKwh = Math.min(MAX_ANNUAL_KWH, v.upload ? sumOf(v.upload.hourlyKwh) : 0);
  else if (v.totals === 'monthly') annualKwh = sumOf(v.monthlyKwh);
  else annualKwh = num(v.annualKwh) ?? (custom ? 0 : undefined);
  return {
    kind: 'power-load',
    version: 1,
    source: v.source,
    model: v.model,
    annualKwh,
    monthlyKwh: v.source === 'model' && v.totals === 'monthly' ? v.monthlyKwh.map(num) : null,
    dayKw: custom ? v.dayKw.map(num) : null,
    year: num(v.year) ?? null,
    upload: v.source === 'upload' ? v.upload : null,
  };
}

/** The form's schema: its values → the validated 'power-load' document (errors at the form's field names). */
export const loadFormSchema = z
  .object({
    source: z.enum(['model', 'upload']),
    model: z.enum(consumptionModelIds),
    totals: z.enum(['annual', 'monthly']),
    annualKwh: z.number().nullable(),
    monthlyKwh: z.array(z.number().nullable()),
    dayKw: z.array(z.number().nullable()),
    year: z.number().nullable(),
    upload: z.custom<LoadUpload>().nullable(),
  })
  .transform((v) => loadDocumentInput(v as LoadFormValues))
  .pipe(powerLoadDocumentSchema);

/** The stored document validated, or null when the form does not make one. */
export function loadDocumentOf(v: LoadFormValues): PowerLoadDocument | null {
  const r = loadFormSchema.safeParse(v);
  return r.success ? r.data : null;
}

/** The form values of a stored document (null: a new load). */
export function loadFormOf(doc: PowerLoadDocument | null): LoadFormValues {
  if (!doc) return structuredClone(EMPTY_LOAD_FORM);
  const monthly = doc.monthlyKwh;
  return {
    source: doc.source,
    model: doc.model,
    totals: monthly ? 'monthly' : 'annual',
    annualKwh: doc.source === 'model' && !monthly ? doc.annualKwh : null,
    monthlyKwh: monthly ? [...monthly] : new Array<number | null>(MONTHS).fill(null),
    dayKw: doc.dayKw ? [...doc.dayKw] : new Array<number | null>(DAY_HOURS).fill(null),
    year: doc.year,
    upload: doc.upload ? { fileName: doc.upload.fileName, layout: doc.upload.layout, hourlyKwh: [...doc.upload.hourlyKwh] } : null,
  };
}

/** What makes the year's hourly load of a document (the file name alone changes nothing). */
function loadKey(d: PowerLoadDocument): string {
  if (d.source === 'upload') return JSON.stringify(['upload', d.upload?.hourlyKwh ?? null]);
  return JSON.stringify(['model', d.model, d.monthlyKwh ? null : d.annualKwh, d.monthlyKwh, d.model === 'custom' ? d.dayKw : null, d.year]);
}

/** Whether `next` describes a different load than the saved one (none saved: a change). */
export function loadChanged(saved: PowerLoadDocument | null, next: PowerLoadDocument): boolean {
  return saved === null || loadKey(saved) !== loadKey(next);
}

/** The project's power-load config type the wizard reads (model or upload). */
export function loadConfigType(d: PowerLoadDocument): string {
  return d.source;
}
