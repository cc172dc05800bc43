// Tariff templates the Economy step offers to start from. They are ILLUSTRATIVE EXAMPLES, not any
// province's tariff, and never current: Chinese C&I prices change monthly with the grid's agency
// purchase price, and each province sets its own hours. Their shape follows the national rules of the
// NDRC's "Notice on further improving the time-of-use pricing mechanism" (Fagai Jiage [2021] No. 1093,
// 26 July 2021): a peak-to-valley price ratio of at least 4:1 where the system's peak-valley load
// difference exceeds 40 %, at least 3:1 elsewhere; a critical peak at least 20 % above the peak; deep
// valleys may be set the same way. Users copy a template and enter the hours and prices of their own
// bill or of the provincial notice in force.
import type { EconomicsTariff, TariffPeriodName } from '../model/economics.ts';

export interface TariffTemplate {
  id: string;
  nameEn: string;
  nameZh: string;
  /** Always true: the numbers are examples. */
  illustrative: true;
  /** What the shape follows. */
  basis: string;
  tariff: EconomicsTariff;
}

const BASIS = 'Illustrative example shaped by NDRC Fagai Jiage [2021] No. 1093 (26 July 2021); not a provincial tariff, not current';

/** 24 periods from [from, to, period] ranges (`to` exclusive); other hours `rest`. */
function day(rest: TariffPeriodName, ranges: readonly (readonly [number, number, TariffPeriodName])[]): TariffPeriodName[] {
  const d = new Array<TariffPeriodName>(24).fill(rest);
  for (const [a, b, p] of ranges) for (let h = a; h < b; h++) d[h] = p;
  return d;
}

const EVENING: TariffPeriodName[] = day('flat', [
  [0, 8, 'valley'],
  [8, 11, 'peak'],
  [17, 22, 'peak'],
  [23, 24, 'valley'],
]);
const EVENING_SHARP = EVENING.map((p, h) => (h >= 19 && h < 21 ? 'sharp' : p));

const MIDDAY: TariffPeriodName[] = day('flat', [
  [0, 6, 'valley'],
  [11, 15, 'valley'],
  [17, 22, 'peak'],
]);
const MIDDAY_DEEP = MIDDAY.map((p, h) => (h >= 12 && h < 14 ? 'deep-valley' : p));

export const TARIFF_TEMPLATES: readonly TariffTemplate[] = [
  {
    id: 'example-uniform',
    nameEn: 'Example: uniform price',
    nameZh: '示例：单一电价',
    illustrative: true,
    basis: 'Illustrative example; not a provincial tariff, not current',
    tariff: { kind: 'uniform', price: 0.65 },
  },
  {
    id: 'example-evening-peak',
    nameEn: 'Example: morning and evening peaks, 4:1, critical peak in summer and winter',
    nameZh: '示例：早晚高峰，峰谷比4:1，夏冬季尖峰',
    illustrative: true,
    basis: BASIS,
    tariff: {
      kind: 'tou',
      prices: { sharp: 1.44, peak: 1.2, flat: 0.7, valley: 0.3 },
      // Critical peak 19:00–21:00 in January, July, August and December.
      periods: Array.from({ length: 12 }, (_, m) => [...([0, 6, 7, 11].includes(m) ? EVENING_SHARP : EVENING)]),
    },
  },
  {
    id: 'example-midday-valley',
    nameEn: 'Example: midday valley of a solar-rich grid, 3:1, deep valley in spring',
    nameZh: '示例：午间低谷（光伏富集电网），峰谷比3:1，春季深谷',
    illustrative: true,
    basis: BASIS,
    tariff: {
      kind: 'tou',
      prices: { peak: 0.9, flat: 0.6, valley: 0.3, 'deep-valley': 0.2 },
      // Deep valley 12:00–14:00 in April and May.
      periods: Array.from({ length: 12 }, (_, m) => [...([3, 4].includes(m) ? MIDDAY_DEEP : MIDDAY)]),
    },
  },
];
