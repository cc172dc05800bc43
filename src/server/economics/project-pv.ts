// The project's PV hour by hour for the economics (issue 16: the balance, the dispatch and the storage
// recommendation run on the project's own yield): the project's yield simulation — built from the
// saved design exactly as POST /project/simulation/run builds it (server/electrical/project-simulation.ts
// simulateProjectYield: layout, library module, inverter configuration, cables, shade analysis, weather,
// horizon) — run on the compute pool with its hourly output, and its AC power laid on the economics'
// year of 8760 local hours (src/economics/calendar.ts: hour 0 = 1 January 00:00–01:00 local standard
// time, 29 February left out). The stored 'simulation' document keeps no hours, so the chain runs
// again here; nothing is stored.
import type { FastifyInstance } from 'fastify';
import type { WeatherUsed } from '../../model/api/compute.ts';
import { HOURS_PER_YEAR } from '../../economics/calendar.ts';
import { siteUtcOffset } from '../../model/site-time.ts';
import { storedInverterConfig } from '../electrical/document-save.ts';
import { simulateProjectYield } from '../electrical/project-simulation.ts';

/** Cumulative days before each month of a 365-day year. */
const DAYS_BEFORE = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334] as const;

/**
 * The energy of each of the 8760 local hours [kWh] of a power series: each step's mean power [W] over
 * its interval (times: UTC interval starts) × its length, added to the local hour it starts in. A leap
 * year's 29 February is left out; a year in UTC wraps its first local hours round to the year's end
 * (a typical year is one year whichever calendar year it starts in).
 * @param times interval starts, ISO 8601 UTC
 * @param powerW mean AC power of each interval [W]
 * @param utcOffset [h] of the local clock
 */
export function localHourlyKwh(times: readonly string[], powerW: ArrayLike<number>, utcOffset: number): Float64Array {
  const out = new Float64Array(HOURS_PER_YEAR);
  if (times.length === 0) return out;
  const t0 = Date.parse(times[0]);
  const stepH = times.length > 1 ? (Date.parse(times[1]) - t0) / 3_600_000 : 1;
  const shift = utcOffset * 3_600_000;
  for (let i = 0; i < times.length; i++) {
    const local = new Date(Date.parse(times[i]) + shift);
    const m = local.getUTCMonth();
    const d = local.getUTCDate();
    if (m === 1 && d === 29) continue;
    out[(DAYS_BEFORE[m] + d - 1) * 24 + local.getUTCHours()] += (powerW[i] * stepH) / 1000;
  }
  return out;
}

export interface ProjectPv {
  /** AC energy of each local hour of year 1 [kWh]. */
  hourlyKwh: Float64Array;
  /** The simulation's annual AC energy [kWh]. */
  annualKwh: number;
  /** DC capacity of the modules in strings [kWp]. */
  capacityKwp: number;
  utcOffset: number;
  weather: WeatherUsed;
  layoutVersion: number;
  inverterConfigVersion: number;
}

/** Whether an inverter configuration has an inverter and a string wired to one of its inputs (spec 000 §5). */
export async function inverterWired(app: FastifyInstance, projectId: number): Promise<boolean> {
  const config = await storedInverterConfig(app.services.documents, projectId);
  return config.doc !== null && config.doc.inverters.length > 0 && config.doc.strings.some((s) => s.inverterId !== null && s.mppt !== null);
}

/** The project's yield with its hours (see the file's header); the refusals of simulation/run. */
export async function projectPv(app: FastifyInstance, userId: number, projectId: number): Promise<ProjectPv> {
  const { row, out, weather, basis } = await simulateProjectYield(app, userId, projectId, { hourly: true });
  if (!out.hourly) throw new Error('the yield simulation answered no hours');
  const utcOffset = siteUtcOffset(row.lat!, row.lng!);
  return {
    hourlyKwh: localHourlyKwh(out.hourly.times, out.hourly.ac, utcOffset),
    annualKwh: out.annual.acKwh,
    capacityKwp: out.annual.capacityKwp,
    utcOffset,
    weather,
    layoutVersion: basis.layoutVersion,
    inverterConfigVersion: basis.inverterConfigVersion,
  };
}
