// O&M statistics: a plant's actual energy against the expected energy of its bound design
// (issue 21 §4). Routes (all under /api/web, AIOM licence + access to the plant):
//   GET /api/web/aiom/statistics?projectId=&period=day|month|year&date=YYYY-MM-DD   → statisticsSchema
//   GET /api/web/aiom/statistics/export?projectId=&period=&date=                    → xlsx file
// Figures (IEC 61724-1:2021): final yield Yf = E / P0 [kWh/kWp], reference yield Yr = H / G_ref
// [kWh m⁻² / 1 kW m⁻²], performance ratio PR = Yf / Yr; temperature-corrected PR per NREL
// "Weather-Corrected Performance Ratio" (Dierauf et al., NREL/TP-5200-57991, 2013) corrected to
// 25 °C with the module's γ: PR_25 = Σ E / Σ (P0 · G/G_ref · (1 + γ (T_cell − 25))).
import { z } from 'zod';
import { recordId } from './common.ts';

export const statisticsPeriods = ['day', 'month', 'year'] as const;
export type StatisticsPeriod = (typeof statisticsPeriods)[number];

/** Where the expected energy came from: the design's model on the measured irradiance, the design's
 * kept hourly yield (no sensor), or nothing (no bound design / no simulation). */
export const expectedSources = ['measuredIrradiance', 'designYield', 'none'] as const;
export type ExpectedSource = (typeof expectedSources)[number];

/** A calendar date YYYY-MM-DD (the plant's local calendar; the bucket's period starts there). */
export const statisticsDate = z
  .string({ error: 'This field is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'date must be a real calendar date');

/** GET aiom/statistics and aiom/statistics/export (query). */
export const statisticsQuery = z.object({
  projectId: recordId.describe('the O&M plant'),
  period: z.enum(statisticsPeriods, { error: 'period must be day, month or year' }),
  date: statisticsDate.describe('any day inside the period (YYYY-MM-DD)'),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

/** One bucket: an hour of a day, a day of a month or a month of a year. */
export const statisticsBucketSchema = z.object({
  key: z.string().describe('hour "00".."23", day "01".."31" or month "01".."12"'),
  start: z.string().describe('ISO 8601 start of the bucket (UTC)'),
  actualKwh: z.number().describe('measured AC energy [kWh]'),
  expectedKwh: z.number().nullable().describe('the design model\'s energy [kWh]'),
  irradiationKwhM2: z.number().nullable().describe('measured plane-of-array irradiation [kWh m⁻²]'),
  pr: z.number().nullable().describe('IEC 61724-1 performance ratio Yf/Yr [-]'),
  prTempCorrected: z.number().nullable().describe('NREL weather-corrected PR at 25 °C [-]'),
  specificYield: z.number().nullable().describe('Yf [kWh/kWp]'),
  availability: z.number().nullable().describe('producing sun hours / sun hours [-]'),
});
export type StatisticsBucket = z.infer<typeof statisticsBucketSchema>;

export const statisticsTotalsSchema = statisticsBucketSchema.omit({ key: true, start: true });

/** Year-on-year change of the PR of the same month in consecutive years. */
export const degradationSchema = z.object({
  month: z.string().describe('"01".."12"'),
  fromYear: z.number().int(),
  toYear: z.number().int(),
  prFrom: z.number(),
  prTo: z.number(),
  changePerYear: z.number().describe('(PR_to − PR_from)/PR_from [-], negative = degradation'),
});

export const statisticsSchema = z.object({
  projectId: z.number().int(),
  period: z.enum(statisticsPeriods),
  date: z.string(),
  capacityKwp: z.number().describe('P0 [kWp] (configuration, else the design)'),
  gammaPerC: z.number().nullable().describe('module temperature coefficient of Pmax [1/°C]'),
  expectedSource: z.enum(expectedSources),
  timeZone: z.string().describe('IANA zone of the buckets'),
  buckets: z.array(statisticsBucketSchema),
  totals: statisticsTotalsSchema,
  degradation: z.array(degradationSchema).describe('present when the plant has more than a year of data'),
  prMethod: z.string().describe('citation of the PR and corrected-PR methods'),
});
export type Statistics = z.infer<typeof statisticsSchema>;
