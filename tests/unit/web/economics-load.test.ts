// The Load step's pure logic (src/web/components/load): the form → the 'power-load' document (with the
// document schema's messages at the form's fields), the charts' figures worked out in the browser, the
// xlsx name rule (spec 000 §5) and "changing the load" (spec 001 §4). Expected values are worked out by
// hand from the model's day shapes (src/model/catalogue/load-types.ts) on the default calendar, a
// 365-day year whose 1 January is a Monday: 53 Mondays and 52 of every other day, so 261 weekdays and
// 104 weekend days; January has 23 weekdays and 8 weekend days (6–7, 13–14, 20–21, 27–28).
import { describe, expect, it } from 'vitest';
import { loadOfDocument } from '../../../src/economics/documents.ts';
import { ECONOMICS_MESSAGES, MAX_ANNUAL_KWH } from '../../../src/model/economics.ts';
import { hourDate } from '../../../src/web/components/load/LoadCharts.tsx';
import { isXlsxName } from '../../../src/web/components/load/load-file.ts';
import { EMPTY_LOAD_FORM, loadChanged, loadDocumentOf, loadFormOf, loadFormSchema, type LoadFormValues } from '../../../src/web/components/load/load-form.ts';
import { browserBdewTable, loadPreview, monthMeanDays, previewOfHours } from '../../../src/web/components/load/load-preview.ts';

const form = (patch: Partial<LoadFormValues>): LoadFormValues => ({ ...structuredClone(EMPTY_LOAD_FORM), ...patch });

/** The first issue's path and message of a form that makes no document. */
function firstIssue(v: LoadFormValues): { path: string; message: string } {
  const r = loadFormSchema.safeParse(v);
  if (r.success) throw new Error('the form is valid');
  return { path: r.error.issues[0].path.join('.'), message: r.error.issues[0].message };
}

describe('load form → power-load document', () => {
  it('an annual total with a model makes a model document', () => {
    const doc = loadDocumentOf(form({ model: 'constant', annualKwh: 8760 }));
    expect(doc).toMatchObject({ kind: 'power-load', version: 1, source: 'model', model: 'constant', annualKwh: 8760, monthlyKwh: null, dayKw: null, upload: null });
  });

  it('names an empty annual consumption with the spec message "This field is required"', () => {
    expect(firstIssue(form({ annualKwh: null }))).toEqual({ path: 'annualKwh', message: ECONOMICS_MESSAGES.required });
  });

  it('refuses an annual consumption above 999,999,999 kWh and below 0', () => {
    expect(firstIssue(form({ annualKwh: MAX_ANNUAL_KWH + 1 }))).toEqual({ path: 'annualKwh', message: `needs to be between 0 and ${MAX_ANNUAL_KWH}` });
    expect(firstIssue(form({ annualKwh: -1 })).path).toBe('annualKwh');
  });

  it('monthly totals: the annual is their sum, and an empty month is named by its index', () => {
    const monthly = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200];
    const doc = loadDocumentOf(form({ totals: 'monthly', monthlyKwh: monthly }));
    expect(doc?.annualKwh).toBe(7800);
    expect(doc?.monthlyKwh).toEqual(monthly);
    const holed = [...monthly] as (number | null)[];
    holed[3] = null;
    expect(firstIssue(form({ totals: 'monthly', monthlyKwh: holed }))).toEqual({ path: 'monthlyKwh.3', message: ECONOMICS_MESSAGES.required });
  });

  it('custom: the 24 hourly loads are required; without a total they are kept as they are', () => {
    expect(firstIssue(form({ model: 'custom' })).path).toBe('dayKw.0');
    const doc = loadDocumentOf(form({ model: 'custom', dayKw: new Array(24).fill(2) }));
    expect(doc?.annualKwh).toBe(0);
    // 2 kW every hour of 365 days = 17,520 kWh
    expect(loadPreview(doc!).annualKwh).toBeCloseTo(17_520, 6);
  });

  it('an upload without a file is "This field is required" at upload; with one, its annual is the sum of its hours', () => {
    expect(firstIssue(form({ source: 'upload' }))).toEqual({ path: 'upload', message: ECONOMICS_MESSAGES.required });
    const hourlyKwh = new Array(8760).fill(0.5);
    const doc = loadDocumentOf(form({ source: 'upload', upload: { fileName: 'site.xlsx', layout: 'hourly-year', hourlyKwh } }));
    expect(doc?.annualKwh).toBe(4380);
    expect(doc?.source).toBe('upload');
  });

  it('reads a stored document back into the same form', () => {
    const v = form({ model: 'mall', totals: 'monthly', monthlyKwh: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], year: 2025 });
    const doc = loadDocumentOf(v)!;
    const back = loadFormOf(doc);
    expect(back).toMatchObject({ source: 'model', model: 'mall', totals: 'monthly', monthlyKwh: v.monthlyKwh, year: 2025 });
    expect(loadDocumentOf(back)).toEqual(doc);
  });
});

describe('the charts of a load', () => {
  it('constant 8760 kWh: 1 kW every hour, 744 kWh in January, 672 in February', () => {
    const p = loadPreview(loadDocumentOf(form({ model: 'constant', annualKwh: 8760 }))!);
    expect(p.annualKwh).toBeCloseTo(8760, 9);
    expect(p.monthlyKwh[0]).toBeCloseTo(744, 9);
    expect(p.monthlyKwh[1]).toBeCloseTo(672, 9);
    for (const v of p.yearDayKw) expect(v).toBeCloseTo(1, 12);
    expect(p.peakKw).toBeCloseTo(1, 12);
  });

  it('weekday-concentrated: a weekday 10:00 hour is 1 kWh when the year is 3532.5 kWh; January is 307.1 kWh', () => {
    // Weights: weekday 1 for 08–18 and 0.15 otherwise (12.1 per day), weekend 0.15 all day (3.6 per day).
    // Year: 261 × 12.1 + 104 × 3.6 = 3532.5 → a weight of 1 is 1 kWh. January: 23 × 12.1 + 8 × 3.6 = 307.1.
    const p = loadPreview(loadDocumentOf(form({ model: 'weekday', annualKwh: 3532.5 }))!);
    expect(p.monthlyKwh[0]).toBeCloseTo(307.1, 9);
    expect(p.peakKw).toBeCloseTo(1, 12);
    // January's mean day at 10:00: (23 × 1 + 8 × 0.15) / 31 = 24.2 / 31 kW; at 03:00: 0.15 kW.
    expect(p.monthDayKw[0][10]).toBeCloseTo(24.2 / 31, 12);
    expect(p.monthDayKw[0][3]).toBeCloseTo(0.15, 12);
    // the first peak hour is Monday 1 January 08:00
    expect(p.peakHour).toBe(8);
    expect(hourDate(p.peakHour)).toEqual({ month: 1, day: 1, hour: 8 });
  });

  it('monthly totals: each month sums exactly to what was entered', () => {
    const monthly = [900, 800, 850, 700, 650, 800, 1000, 1100, 750, 700, 800, 950];
    const p = loadPreview(loadDocumentOf(form({ model: 'night', totals: 'monthly', monthlyKwh: monthly }))!);
    p.monthlyKwh.forEach((v, m) => expect(v).toBeCloseTo(monthly[m], 9));
  });

  it('BDEW profiles are computed in the browser from the bundled table and sum to the annual total', () => {
    expect(browserBdewTable().G1.winter.workday).toHaveLength(24);
    const doc = loadDocumentOf(form({ model: 'bdew-g1', annualKwh: 100_000 }))!;
    expect(loadPreview(doc).annualKwh).toBeCloseTo(100_000, 6);
    // G1 (commerce, workdays 8–18 h), winter rows of datasets/load-profiles/bdew-1999-hourly.csv:
    // workday 09:00 0.48665, Sunday 09:00 0.03041 — Monday 1 January against Sunday 7 January.
    const hourly = loadOfDocument(doc, browserBdewTable());
    expect(hourly[9] / hourly[6 * 24 + 9]).toBeCloseTo(0.48665 / 0.03041, 9);
  });

  it('the mean day of each month averages that month\'s days', () => {
    // hour h of the year holds its day index: January's mean is (0 + … + 30) / 31 = 15 at every hour
    const hourly = Array.from({ length: 8760 }, (_, h) => Math.floor(h / 24));
    const days = monthMeanDays(hourly);
    expect(days[0][5]).toBeCloseTo(15, 12);
    // February: days 31 … 58 → 44.5
    expect(days[1][20]).toBeCloseTo(44.5, 12);
    expect(() => previewOfHours(new Array(24).fill(1))).toThrow(/8760/);
  });
});

describe('changing the load (spec 001 §4)', () => {
  const base = loadDocumentOf(form({ model: 'weekday', annualKwh: 100_000 }))!;

  it('a different total, model or calendar year is a change; the same load is not', () => {
    expect(loadChanged(null, base)).toBe(true);
    expect(loadChanged(base, loadDocumentOf(form({ model: 'weekday', annualKwh: 100_000 }))!)).toBe(false);
    expect(loadChanged(base, loadDocumentOf(form({ model: 'weekday', annualKwh: 100_001 }))!)).toBe(true);
    expect(loadChanged(base, loadDocumentOf(form({ model: 'mall', annualKwh: 100_000 }))!)).toBe(true);
    expect(loadChanged(base, loadDocumentOf(form({ model: 'weekday', annualKwh: 100_000, year: 2024 }))!)).toBe(true);
  });

  it('the same uploaded hours under another file name are not a change', () => {
    const hourlyKwh = new Array(8760).fill(1);
    const a = loadDocumentOf(form({ source: 'upload', upload: { fileName: 'a.xlsx', layout: 'hourly-year', hourlyKwh } }))!;
    const b = loadDocumentOf(form({ source: 'upload', upload: { fileName: 'b.xlsx', layout: 'hourly-year', hourlyKwh } }))!;
    expect(loadChanged(a, b)).toBe(false);
    expect(loadChanged(a, loadDocumentOf(form({ source: 'upload', upload: { fileName: 'a.xlsx', layout: 'hourly-year', hourlyKwh: hourlyKwh.map((v, h) => (h === 5 ? 2 : v)) } }))!)).toBe(true);
  });
});

describe('the load file', () => {
  it('only .xlsx names are sent (any case); .xls, .csv and no extension are refused', () => {
    expect(isXlsxName('load.xlsx')).toBe(true);
    expect(isXlsxName(' Load.XLSX ')).toBe(true);
    expect(isXlsxName('load.xls')).toBe(false);
    expect(isXlsxName('load.csv')).toBe(false);
    expect(isXlsxName('xlsx')).toBe(false);
  });
});
