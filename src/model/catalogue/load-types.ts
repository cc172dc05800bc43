// Consumption model types of the Load step (docs/PRODUCT.md "Load and storage": constant, night, weekday,
// mall, custom, household types; spec 001 §9 "Consumption models"; spec 000 §7 power-load/type-list):
// each with what the user enters and a typical-day shape that spreads an annual (or monthly)
// consumption over the 8760 hours of a year.
//
// The shapes are our modelling choices, not measured data: relative hourly weights of a typical
// weekday and weekend day (local time, hour h = h:00–h:59), written out below so that they can be
// reviewed. `custom` takes the user's own 24 hourly values (or an 8760-hour xlsx upload).
import { z } from 'zod';

export const loadTypeIds = ['constant', 'night', 'weekday', 'mall', 'household-commuter', 'household-home', 'custom'] as const;
export type LoadTypeId = (typeof loadTypeIds)[number];

/** One input the user gives for a type. */
export const loadInputSchema = z.object({
  key: z.enum(['annualKwh', 'monthlyKwh', 'hourlyKw', 'file']),
  unit: z.string(),
  /** Number of values (12 monthly, 24 hourly); 1 for a single value. */
  count: z.number().int(),
  required: z.boolean(),
  en: z.string(),
  zh: z.string(),
});

export const loadTypeSchema = z.object({
  id: z.enum(loadTypeIds),
  nameEn: z.string(),
  nameZh: z.string(),
  descriptionEn: z.string(),
  descriptionZh: z.string(),
  inputs: z.array(loadInputSchema),
  /** Relative hourly weights 0–23 of a weekday and of a weekend day; null for custom. */
  weekday: z.array(z.number()).length(24).nullable(),
  weekend: z.array(z.number()).length(24).nullable(),
});
export type LoadType = z.infer<typeof loadTypeSchema>;
export type LoadInput = z.infer<typeof loadInputSchema>;

const ANNUAL: LoadInput = { key: 'annualKwh', unit: 'kWh', count: 1, required: true, en: 'Annual consumption', zh: '年用电量' };
const MONTHLY: LoadInput = { key: 'monthlyKwh', unit: 'kWh', count: 12, required: false, en: 'Monthly consumption (instead of the annual total)', zh: '逐月用电量（可替代年用电量）' };
const HOURLY: LoadInput = { key: 'hourlyKw', unit: 'kW', count: 24, required: true, en: 'Average load of each hour of a typical day', zh: '典型日逐时平均负荷' };
const FILE: LoadInput = { key: 'file', unit: 'kWh', count: 8760, required: false, en: 'Or an xlsx file of 8760 hourly values', zh: '或上传8760小时逐时用电量xlsx文件' };

/** 24 weights from hour ranges: [[from, to, weight]…] with `to` exclusive; other hours `base`. */
function shape(base: number, ranges: ReadonlyArray<readonly [number, number, number]>): number[] {
  const w = new Array<number>(24).fill(base);
  for (const [from, to, weight] of ranges) for (let h = from; h < to; h++) w[h] = weight;
  return w;
}

const FLAT = shape(1, []);
const NIGHT = shape(0.25, [
  [0, 7, 1],
  [19, 24, 1],
]);
const WORKDAY = shape(0.15, [[8, 18, 1]]);
const IDLE = shape(0.15, []);
const MALL = shape(0.15, [
  [9, 10, 0.5],
  [10, 22, 1],
  [22, 23, 0.5],
]);
const MALL_WEEKEND = MALL.map((w, h) => (h >= 10 && h < 22 ? 1.2 : w));
const COMMUTER = shape(0.3, [
  [6, 9, 0.8],
  [17, 23, 1],
  [23, 24, 0.5],
]);
const COMMUTER_WEEKEND = shape(0.3, [
  [7, 17, 0.7],
  [17, 23, 1],
  [23, 24, 0.5],
]);
const HOME = shape(0.3, [
  [6, 9, 0.8],
  [9, 17, 0.6],
  [17, 23, 1],
  [23, 24, 0.5],
]);

export const LOAD_TYPES: readonly LoadType[] = [
  {
    id: 'constant',
    nameEn: 'Constant',
    nameZh: '恒定负荷',
    descriptionEn: 'The same load every hour (continuous process lines, data rooms, cold stores)',
    descriptionZh: '每小时负荷相同（连续生产线、机房、冷库）',
    inputs: [ANNUAL, MONTHLY],
    weekday: FLAT,
    weekend: FLAT,
  },
  {
    id: 'night',
    nameEn: 'Night-concentrated',
    nameZh: '夜间集中型',
    descriptionEn: 'Most consumption 19:00–07:00 (night shifts, lighting, charging)',
    descriptionZh: '用电集中在19:00–07:00（夜班、照明、充电）',
    inputs: [ANNUAL, MONTHLY],
    weekday: NIGHT,
    weekend: NIGHT,
  },
  {
    id: 'weekday',
    nameEn: 'Weekday-concentrated',
    nameZh: '工作日集中型',
    descriptionEn: 'Day shift 08:00–18:00 on Monday to Friday, base load at night and at weekends (offices, factories)',
    descriptionZh: '周一至周五08:00–18:00白班用电，夜间和周末为基础负荷（办公、工厂）',
    inputs: [ANNUAL, MONTHLY],
    weekday: WORKDAY,
    weekend: IDLE,
  },
  {
    id: 'mall',
    nameEn: 'Shopping mall',
    nameZh: '商场型',
    descriptionEn: 'Open 10:00–22:00 every day, busier at weekends',
    descriptionZh: '每天10:00–22:00营业，周末客流更大',
    inputs: [ANNUAL, MONTHLY],
    weekday: MALL,
    weekend: MALL_WEEKEND,
  },
  {
    id: 'household-commuter',
    nameEn: 'Household (working family)',
    nameZh: '居民（上班族家庭）',
    descriptionEn: 'Morning and evening peaks on workdays, at home at weekends',
    descriptionZh: '工作日早晚高峰，周末在家',
    inputs: [ANNUAL, MONTHLY],
    weekday: COMMUTER,
    weekend: COMMUTER_WEEKEND,
  },
  {
    id: 'household-home',
    nameEn: 'Household (someone at home all day)',
    nameZh: '居民（白天有人在家）',
    descriptionEn: 'Daytime use every day with an evening peak',
    descriptionZh: '每天白天有用电，晚间高峰',
    inputs: [ANNUAL, MONTHLY],
    weekday: HOME,
    weekend: HOME,
  },
  {
    id: 'custom',
    nameEn: 'Custom',
    nameZh: '自定义',
    descriptionEn: 'Your own typical day (24 hourly values) or a full year of hourly values',
    descriptionZh: '自定义典型日（24个逐时值）或全年逐时数据',
    inputs: [HOURLY, FILE],
    weekday: null,
    weekend: null,
  },
];

/** Days of each month of a non-leap year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export interface LoadProfileOptions {
  /** Day of week of 1 January: 0 Sunday … 6 Saturday [default 1, Monday]. */
  firstWeekday?: number;
  /** 12 monthly totals [kWh] instead of `annualKwh`. */
  monthlyKwh?: readonly number[];
  /** The custom type's 24 hourly loads [kW]. */
  hourlyKw?: readonly number[];
}

/**
 * 8760 hourly consumptions [kWh] of a non-leap year (hour 0 = 1 January 00:00–01:00): the type's
 * weekday/weekend shape scaled so that the year (or each month, with monthlyKwh) sums to the totals.
 * Custom repeats the 24 hourly loads every day (then scales to annualKwh when it is > 0).
 */
export function loadProfile(type: LoadType, annualKwh: number, o: LoadProfileOptions = {}): Float64Array {
  const first = o.firstWeekday ?? 1;
  const out = new Float64Array(8760);
  let day = 0;
  for (let m = 0; m < 12; m++) {
    for (let d = 0; d < MONTH_DAYS[m]; d++, day++) {
      const dow = (first + day) % 7;
      const weights = type.weekday === null || type.weekend === null ? (o.hourlyKw ?? []) : dow === 0 || dow === 6 ? type.weekend : type.weekday;
      for (let h = 0; h < 24; h++) out[day * 24 + h] = weights[h] ?? 0;
    }
  }
  if (o.monthlyKwh && o.monthlyKwh.length === 12) {
    let start = 0;
    for (let m = 0; m < 12; m++) {
      const end = start + MONTH_DAYS[m] * 24;
      scale(out, start, end, o.monthlyKwh[m]);
      start = end;
    }
  } else if (type.id !== 'custom' || annualKwh > 0) {
    scale(out, 0, 8760, annualKwh);
  }
  return out;
}

function scale(a: Float64Array, start: number, end: number, total: number): void {
  let sum = 0;
  for (let i = start; i < end; i++) sum += a[i];
  const k = sum > 0 ? total / sum : 0;
  for (let i = start; i < end; i++) a[i] *= k;
}
