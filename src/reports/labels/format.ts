// Numbers in the report writers' language: thousands separators, fixed decimals, units after a space
// (SI style; "12.10 kWp", "13,915 kWh"), money in yuan, percentages from fractions, ISO dates.
// Shared read-only by every file writer.
import type { ReportLanguage } from '../../model/report.ts';

export interface ReportFormat {
  /** A number with `digits` decimals and thousands separators. */
  num(x: number, digits?: number): string;
  /** Energy [kWh], whole kWh. */
  kwh(x: number): string;
  /** DC capacity [kWp], two decimals. */
  kwp(x: number): string;
  /** AC power [kW], two decimals. */
  kw(x: number): string;
  /** A fraction 0..1 as a percentage with `digits` decimals. */
  pct(fraction: number, digits?: number): string;
  /** A value already in percent. */
  percent(value: number, digits?: number): string;
  /** Money [CNY], whole yuan. */
  money(x: number): string;
  /** Money per kWh [CNY/kWh]. */
  moneyPerKwh(x: number): string;
  /** Years with one decimal. */
  years(x: number): string;
  /** Tonnes with `digits` decimals. */
  tonnes(x: number, digits?: number): string;
  /** An ISO time as a calendar date (yyyy-mm-dd, from the string, no time zone shift). */
  date(iso: string): string;
  /** A number, or the dash when null. */
  opt<T>(x: T | null | undefined, f: (v: T) => string): string;
}

const cache = new Map<string, Intl.NumberFormat>();
function nf(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}:${digits}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true })));
  return f;
}

/** The number formats of a language. */
export function reportFormat(language: ReportLanguage): ReportFormat {
  const locale = language === 'zh' ? 'zh-CN' : 'en-US';
  const num = (x: number, digits = 0) => (Number.isFinite(x) ? nf(locale, digits).format(Object.is(Math.round(x * 10 ** digits), -0) ? 0 : x) : '—');
  const yuan = language === 'zh' ? '元' : 'CNY';
  return {
    num,
    kwh: (x) => `${num(x)} kWh`,
    kwp: (x) => `${num(x, 2)} kWp`,
    kw: (x) => `${num(x, 2)} kW`,
    pct: (f, d = 1) => `${num(f * 100, d)} %`,
    percent: (v, d = 1) => `${num(v, d)} %`,
    money: (x) => `${num(x)} ${yuan}`,
    moneyPerKwh: (x) => `${num(x, 3)} ${yuan}/kWh`,
    years: (x) => `${num(x, 1)} ${language === 'zh' ? '年' : 'years'}`,
    tonnes: (x, d = 1) => `${num(x, d)} t`,
    date: (iso) => iso.slice(0, 10),
    opt: (x, f) => (x === null || x === undefined ? '—' : f(x)),
  };
}
