// Hourly load of a year from an annual (or monthly) consumption and a consumption model (spec 001 §9:
// constant, night-concentrated, weekday-concentrated, mall, household types, custom), on the calendar
// of a chosen year (weekdays, weekends, holidays): 8760 hourly kWh (calendar.ts).
//
// Two families of day shapes:
//   - the product's types (src/model/catalogue/load-types.ts): a weekday and a weekend shape each,
//     written out there as modelling choices; `custom` repeats the user's 24 hourly loads;
//   - the BDEW standard load profiles H0, G0–G6, L0–L2 (bdew.ts; datasets/load-profiles): measured
//     German profiles with seasons, Saturdays and Sundays, H0 dynamised — named public shapes.
// Scaling: each month to its total when 12 monthly totals are given, else the year to the annual total.
import { LOAD_TYPES, type LoadTypeId } from '../model/catalogue/load-types.ts';
import { bdewProfiles, type BdewProfile, type ConsumptionModelId } from '../model/economics.ts';
import { bdewDayShape, type BdewTable } from './bdew.ts';
import { calendarDays, HOURS_PER_YEAR, MONTH_DAYS, monthStartHours } from './calendar.ts';

/** A consumption model as the Load step lists it. */
export interface ConsumptionModel {
  id: ConsumptionModelId;
  nameEn: string;
  nameZh: string;
  descriptionEn: string;
  descriptionZh: string;
  /** 'product': the product's typical-day shapes; 'bdew': a BDEW standard load profile. */
  family: 'product' | 'bdew';
}

const BDEW_NAMES: Record<BdewProfile, [en: string, zh: string]> = {
  H0: ['Household', '居民家庭'],
  G0: ['Commerce, general', '一般商业'],
  G1: ['Commerce, workdays 8–18 h (offices, workshops)', '工作日8–18时商业（办公、作坊）'],
  G2: ['Commerce, mostly evenings (sports clubs, evening restaurants)', '晚间为主的商业（体育场馆、晚间餐饮）'],
  G3: ['Commerce, continuous (cold stores, pumps, treatment plants)', '连续运行商业（冷库、水泵、污水处理）'],
  G4: ['Shops, hairdressers', '商店、理发店'],
  G5: ['Bakery with bakehouse', '带烘焙间的面包店'],
  G6: ['Weekend business (cinemas)', '周末营业（影院）'],
  L0: ['Farms, general', '一般农业'],
  L1: ['Farms with dairy or livestock', '奶牛或畜牧农场'],
  L2: ['Other farms', '其他农场'],
};

/** Every consumption model: the product's types, then the BDEW profiles. */
export const CONSUMPTION_MODELS: readonly ConsumptionModel[] = [
  ...LOAD_TYPES.map((t) => ({ id: t.id, nameEn: t.nameEn, nameZh: t.nameZh, descriptionEn: t.descriptionEn, descriptionZh: t.descriptionZh, family: 'product' as const })),
  ...bdewProfiles.map((p) => ({
    id: bdewModelId(p),
    nameEn: `BDEW ${p}: ${BDEW_NAMES[p][0]}`,
    nameZh: `BDEW ${p}：${BDEW_NAMES[p][1]}`,
    descriptionEn: 'German standard load profile (BDEW/VDEW 1999): seasons, Saturdays and Sundays from measurements',
    descriptionZh: '德国标准负荷曲线（BDEW/VDEW 1999）：按季节、周六和周日的实测形状',
    family: 'bdew' as const,
  })),
];

/** 'bdew-h0' … of a profile. */
export function bdewModelId(p: BdewProfile): ConsumptionModelId {
  return `bdew-${p.toLowerCase()}` as ConsumptionModelId;
}

/** The BDEW profile of a model id, or null for the product's types. */
export function bdewProfileOf(id: ConsumptionModelId): BdewProfile | null {
  if (!id.startsWith('bdew-')) return null;
  return id.slice(5).toUpperCase() as BdewProfile;
}

export interface LoadProfileRequest {
  model: ConsumptionModelId;
  /** [kWh] the year's total; for custom, 0 keeps the 24 values as they are. */
  annualKwh: number;
  /** 12 monthly totals [kWh] instead of annualKwh. */
  monthlyKwh?: readonly number[] | null;
  /** The custom model's 24 hourly loads [kW]. */
  dayKw?: readonly number[] | null;
  /** Calendar year of the weekdays; null: a year whose 1 January is a Monday. */
  year?: number | null;
  /** Days (1 … 365 of the modelled year) kept like Sundays. */
  holidays?: readonly number[];
  /** The BDEW table (bdew-table.ts in Node), needed by the bdew-* models. */
  bdew?: BdewTable;
}

/** 8760 hourly consumptions [kWh]: the model's day shapes on the year's calendar, scaled to the totals. */
export function loadProfile(req: LoadProfileRequest): Float64Array {
  const out = new Float64Array(HOURS_PER_YEAR);
  const holidays = new Set(req.holidays ?? []);
  const profile = bdewProfileOf(req.model);
  if (profile && !req.bdew) throw new Error(`the ${req.model} model needs the BDEW table`);
  const type = profile ? null : (LOAD_TYPES.find((t) => t.id === (req.model as LoadTypeId)) ?? null);
  if (!profile && !type) throw new Error(`unknown consumption model ${req.model}`);
  for (const d of calendarDays(req.year ?? null)) {
    const holiday = holidays.has(d.index + 1);
    let w: ArrayLike<number>;
    if (profile) w = bdewDayShape(req.bdew as BdewTable, profile, d, holiday);
    else if (type?.weekday && type.weekend) w = holiday || d.weekday === 0 || d.weekday === 6 ? type.weekend : type.weekday;
    else w = req.dayKw ?? [];
    for (let h = 0; h < 24; h++) out[d.index * 24 + h] = w[h] ?? 0;
  }
  if (req.monthlyKwh && req.monthlyKwh.length === 12) {
    const starts = monthStartHours();
    for (let m = 0; m < 12; m++) scaleRange(out, starts[m], starts[m + 1], req.monthlyKwh[m]);
  } else if (req.model !== 'custom' || req.annualKwh > 0) {
    scaleRange(out, 0, HOURS_PER_YEAR, req.annualKwh);
  }
  return out;
}

/** Scales a[start, end) so that it sums to `total`; an all-zero range gets the total spread evenly. */
export function scaleRange(a: Float64Array, start: number, end: number, total: number): void {
  let sum = 0;
  for (let i = start; i < end; i++) sum += a[i];
  if (sum > 0) {
    const k = total / sum;
    for (let i = start; i < end; i++) a[i] *= k;
  } else {
    a.fill(total / (end - start), start, end);
  }
}

/** What the Load step charts: the monthly totals and the mean day of a profile. */
export interface LoadSummary {
  /** [kWh] */
  annualKwh: number;
  /** 12 monthly totals [kWh]. */
  monthlyKwh: number[];
  /** Mean load of each hour of the day over the year [kW]. */
  meanDayKw: number[];
  /** Highest hourly load [kW] and its hour (0 … 8759). */
  peakKw: number;
  peakHour: number;
}

export function loadSummary(hourly: ArrayLike<number>): LoadSummary {
  const monthlyKwh = new Array<number>(12).fill(0);
  const meanDayKw = new Array<number>(24).fill(0);
  let annualKwh = 0;
  let peakKw = -Infinity;
  let peakHour = 0;
  let h = 0;
  for (let m = 0; m < 12; m++) {
    for (let i = 0; i < MONTH_DAYS[m] * 24; i++, h++) {
      const v = hourly[h];
      monthlyKwh[m] += v;
      meanDayKw[h % 24] += v / 365;
      annualKwh += v;
      if (v > peakKw) [peakKw, peakHour] = [v, h];
    }
  }
  return { annualKwh, monthlyKwh, meanDayKw, peakKw, peakHour };
}
