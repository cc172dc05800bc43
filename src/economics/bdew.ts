// The BDEW (formerly VDEW) standard load profiles of electricity (H0 household, G0–G6 commerce,
// L0–L2 agriculture) as hourly day shapes: datasets/load-profiles/bdew-1999-hourly.csv (its README
// gives the origin, licence and citation). Each profile has a day shape for 3 seasons × 3 day types.
//
// Sources: VDEW, "Repräsentative VDEW-Lastprofile", VDEW-Materialien M-28/99, Frankfurt am Main 1999
// (the profiles, the seasons and day types); C. Fünfgeld, R. Tiedemann, "Anwendung der Repräsentativen
// VDEW-Lastprofile — step by step", VDEW-Materialien M-05/2000 (the H0 dynamisation polynomial);
// the quarter-hour table as redistributed by oemof demandlib (MIT), src/demandlib/bdew/bdew_data/selp_series.csv.
//
// Seasons: winter 1 November – 20 March, summer 15 May – 14 September, transition otherwise. Day types:
// workday (Monday–Friday), Saturday (and 24 and 31 December when not a Sunday), Sunday (and holidays).
// Pure: the table's text is parsed here and read from disk by bdew-table.ts (Node only).
import { bdewProfiles, type BdewProfile } from '../model/economics.ts';
import type { CalendarDay } from './calendar.ts';

export const bdewSeasons = ['winter', 'transition', 'summer'] as const;
export type BdewSeason = (typeof bdewSeasons)[number];
export const bdewDayTypes = ['workday', 'saturday', 'sunday'] as const;
export type BdewDayType = (typeof bdewDayTypes)[number];

/** Day shapes: profile → season → day type → 24 hourly mean powers [kW per 1,000 kWh/a]. */
export type BdewTable = Record<BdewProfile, Record<BdewSeason, Record<BdewDayType, Float64Array>>>;

/** Parses the dataset's CSV (`profile,season,day,h00…h23`). Throws naming the line of a malformed row. */
export function parseBdewTable(text: string): BdewTable {
  const table = {} as BdewTable;
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i].split(',');
    const [profile, season, day] = cells as [BdewProfile, BdewSeason, BdewDayType];
    const values = cells.slice(3).map(Number);
    if (!bdewProfiles.includes(profile) || !bdewSeasons.includes(season) || !bdewDayTypes.includes(day) || values.length !== 24 || values.some((v) => !Number.isFinite(v) || v < 0)) {
      throw new Error(`BDEW load profile table, line ${i + 1}: malformed row`);
    }
    table[profile] ??= {} as BdewTable[BdewProfile];
    table[profile][season] ??= {} as BdewTable[BdewProfile][BdewSeason];
    table[profile][season][day] = Float64Array.from(values);
  }
  for (const p of bdewProfiles) for (const s of bdewSeasons) for (const d of bdewDayTypes) if (!table[p]?.[s]?.[d]) throw new Error(`BDEW load profile table: no ${p} ${s} ${d} row`);
  return table;
}

/** The BDEW season of a day. */
export function bdewSeason(month: number, day: number): BdewSeason {
  const md = month * 100 + day;
  if (md >= 1101 || md <= 320) return 'winter';
  if (md >= 515 && md <= 914) return 'summer';
  return 'transition';
}

/** The BDEW day type of a day; `holiday` days count as Sundays. */
export function bdewDayType(d: CalendarDay, holiday = false): BdewDayType {
  if (holiday || d.weekday === 0) return 'sunday';
  if (d.weekday === 6 || (d.month === 12 && (d.day === 24 || d.day === 31))) return 'saturday';
  return 'workday';
}

/**
 * The H0 dynamisation factor of day t of the year (1 … 365):
 * F(t) = −3.92·10⁻¹⁰ t⁴ + 3.2·10⁻⁷ t³ − 7.02·10⁻⁵ t² + 2.1·10⁻³ t + 1.24 (Fünfgeld & Tiedemann 2000).
 */
export function h0Dynamisation(t: number): number {
  return -3.92e-10 * t ** 4 + 3.2e-7 * t ** 3 - 7.02e-5 * t ** 2 + 2.1e-3 * t + 1.24;
}

/** The 24 hourly weights of a profile on a day (H0 dynamised). */
export function bdewDayShape(table: BdewTable, profile: BdewProfile, d: CalendarDay, holiday = false): Float64Array {
  const base = table[profile][bdewSeason(d.month, d.day)][bdewDayType(d, holiday)];
  if (profile !== 'H0') return base;
  const f = h0Dynamisation(d.index + 1);
  return base.map((v) => v * f);
}
