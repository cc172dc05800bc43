// The project's PV hour by hour for the economics (issue 16: the balance, the dispatch and the storage
// recommendation run on the project's own yield): the project's yield simulation — built from the
// saved design exactly as POST /project/simulation/run builds it (server/electrical/project-simulation.ts
// runProjectYield: layout, library module, inverter configuration, cables, shade analysis, weather,
// horizon) — run on the compute pool with its hourly output, and its AC power laid on the economics'
// year of 8760 local hours (src/economics/calendar.ts: hour 0 = 1 January 00:00–01:00 local standard
// time, 29 February left out). The stored 'simulation' document keeps no hours, so the chain runs
// again here; nothing is stored.
//
// NOTE: projectYieldRun mirrors the composition in runProjectYield (the same exported helpers, in the
// same order) with `output.hourly`; the two should become one builder in project-simulation.ts.
import type { FastifyInstance } from 'fastify';
import type { WeatherUsed } from '../../model/api/compute.ts';
import { projectSimulationEstimate } from '../../model/compute-budget.ts';
import { cableDocumentSchema } from '../../model/electrical-design.ts';
import { SIMULATE_ELECTRICAL_LIMITS } from '../../model/simulate.ts';
import { HOURS_PER_YEAR } from '../../economics/calendar.ts';
import { userOwner, weatherSpecSteps } from '../compute/compute.ts';
import { apiError } from '../errors.ts';
import { buildingOutlines, currentShading, libraryModule, readLayout } from '../electrical/design-inputs.ts';
import { storedInverterConfig } from '../electrical/document-save.ts';
import { buildProjectSimulation, hourlyUse, stringGroups, wiringOhms } from '../electrical/project-simulation.ts';
import type { ProjectSimulationRequest } from '../electrical/project-simulation-job.ts';

/** China's extent (lng 73.5–135.1° E, lat 18–53.6° N): one time zone, UTC+8, across it. */
const CHINA = { lng0: 73.5, lng1: 135.1, lat0: 18, lat1: 53.6 } as const;

/**
 * The offset from UTC [h] of the clock a site's load and tariff hours are on: China Standard Time
 * (UTC+8) inside China's bounding box (tariff hours are Beijing time in every province), else the
 * nautical zone round(lng / 15). The same rule as the editor's shade-analysis year
 * (web/editor/shade/shade-input.ts projectTimezone): both should come from one place in src/model.
 */
export function siteUtcOffset(lat: number, lng: number): number {
  if (lng >= CHINA.lng0 && lng <= CHINA.lng1 && lat >= CHINA.lat0 && lat <= CHINA.lat1) return 8;
  return Math.max(-12, Math.min(14, Math.round(lng / 15)));
}

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
  const { documents, library, compute, weather, projects } = app.services;
  const row = await projects.row(userId, projectId);
  if (row.lat === null || row.lng === null) {
    throw apiError('VALIDATION', { field: 'projectId', message: 'the project has no location yet: set its address first' }, { field: 'projectId' });
  }
  const layout = await readLayout(documents, projectId);
  const { module } = await libraryModule(library, userId, layout.doc);
  const config = await storedInverterConfig(documents, projectId);
  if (config.doc === null || config.doc.inverters.length === 0 || !config.doc.strings.some((s) => s.inverterId !== null && s.mppt !== null)) {
    throw apiError('ELECTRICAL_NO_CONFIG', {}, { field: 'projectId' });
  }
  const building = await buildingOutlines(documents, projectId);
  const shading = await currentShading(documents, projectId, layout.doc, { layoutVersion: layout.version, buildingVersion: building.version });
  const storedCables = await documents.read(projectId, 'cable');
  const cables = cableDocumentSchema.safeParse(storedCables.data);
  const cablesCurrent = cables.success && cables.data.inverterConfigVersion === config.version;
  const w = await weather.forProject(row);
  const steps = weatherSpecSteps(w.spec);
  const maxArrays = Math.max(1, Math.floor(SIMULATE_ELECTRICAL_LIMITS.arraySteps / steps));
  const { hourly } = hourlyUse(shading, config.doc, layout.doc, steps);
  const groups = stringGroups(config.doc, layout.doc, shading, maxArrays, hourly ? 'diffuse' : 'beam');
  if (groups === null) throw apiError('COMPUTE_TOO_BIG', { field: 'projectId', detail: `more than ${maxArrays} module orientations` }, { field: 'projectId' });
  const elevation = (await weather.document(projectId)).elevation;
  const built = buildProjectSimulation({
    site: { latitude: row.lat, longitude: row.lng, ...(elevation === null ? {} : { elevation }) },
    module,
    orientation: layout.doc.arrays[0]?.settings.orientation ?? 'portrait',
    config: config.doc,
    groups,
    wiring: cablesCurrent ? wiringOhms(config.doc, cables.data) : null,
    hourly,
  });
  const request: ProjectSimulationRequest = {
    ...built.request,
    input: { ...built.request.input, ...(w.horizon ? { horizon: w.horizon.map(([a, e]): [number, number] => [a, e]) } : {}), output: { hourly: true } },
  };
  const out = await compute.run((api) => api.projectSimulate(request, w.spec), {
    owner: userOwner(userId),
    estimate: projectSimulationEstimate(built.modules, groups.length, steps),
  });
  if (!out.hourly) throw new Error('the yield simulation answered no hours');
  const utcOffset = siteUtcOffset(row.lat, row.lng);
  return {
    hourlyKwh: localHourlyKwh(out.hourly.times, out.hourly.ac, utcOffset),
    annualKwh: out.annual.acKwh,
    capacityKwp: out.annual.capacityKwp,
    utcOffset,
    weather: w.used,
    layoutVersion: layout.version,
    inverterConfigVersion: config.version,
  };
}
