// The project's yield on a compute worker (worker-jobs.ts): `simulate` on the weather year the worker
// builds, with each array's near beam shading given as one annual fraction that is applied at every
// step of that year (project-simulation.ts explains why) — expanded here, where the year's length is
// known, and attached after validation so that a year of identical values is not checked value by
// value. When the shade analysis kept its hourly record, the modules' shaded analysis steps come
// instead, compact, and are aligned here to the weather year's steps (model/shade-hourly.ts
// analysisStepOfWeather: same month, day and hour in the analysis's local standard time) to become
// simulate's `electrical.moduleShading` — valid by construction (ascending steps within the year,
// fractions in (0, 1]), so also attached after validation. Input faults come back as the InputError
// of the schema (the route answers 400 naming them).
import { InputError, inputErrorFromZod } from '../../engine/errors.ts';
import { analysisStepOfWeather, weatherModuleShading, type ShadeHourlyTime } from '../../model/shade-hourly.ts';
import { SIMULATE_ELECTRICAL_LIMITS, simulateInputSchema, type SimulateElectricalParsed, type SimulateInput, type SimulateOutput } from '../../model/simulate.ts';
import { simulateChain } from '../../physics/chain.ts';
import type { WeatherRecord } from '../../weather/record.ts';

/** The shaded modules' hourly records, flat: module k's entries are [offsets[k], offsets[k + 1]). */
export interface ProjectHourlyShading {
  /** The analysis's time steps. */
  time: ShadeHourlyTime;
  /** Per shaded module: its simulate key "<arrayIndex>#<moduleIndex>". */
  keys: string[];
  offsets: Int32Array;
  /** Analysis step indices, ascending within a module. */
  steps: Int32Array;
  /** Their levels (fraction = level / SHADE_HOURLY.levels). */
  levels: Uint8Array;
}

export interface ProjectSimulationRequest {
  /** simulate's input without its weather; no array carries `shading.beam`, the electrical block no `moduleShading`. */
  input: Omit<SimulateInput, 'weather'>;
  /** Per array: its annual near beam shading fraction [0–1], applied at every weather step. */
  beamShading: number[];
  /** Per-module hourly beam shading from the shade analysis (absent: none). */
  hourlyShading?: ProjectHourlyShading;
}

/**
 * simulate's `moduleShading` for a weather record from the flat hourly records.
 * @throws InputError when the shaded module-steps exceed SIMULATE_ELECTRICAL_LIMITS.shadedModuleSteps
 */
export function alignedModuleShading(record: Pick<WeatherRecord, 'times' | 'intervalMinutes'>, h: ProjectHourlyShading): NonNullable<SimulateElectricalParsed['moduleShading']> {
  const stepOf = analysisStepOfWeather(record.times, record.intervalMinutes, h.time);
  const scratch = new Uint8Array(h.time.steps);
  const out: NonNullable<SimulateElectricalParsed['moduleShading']> = {};
  let total = 0;
  h.keys.forEach((key, k) => {
    const a = h.offsets[k];
    const b = h.offsets[k + 1];
    const m = weatherModuleShading({ steps: h.steps.subarray(a, b), levels: h.levels.subarray(a, b) }, stepOf, scratch);
    if (!m) return;
    total += m.steps.length;
    out[key] = m;
  });
  const limit = SIMULATE_ELECTRICAL_LIMITS.shadedModuleSteps;
  if (total > limit) throw new InputError(['electrical', 'moduleShading'], `has ${total} shaded module-steps, at most ${limit}`);
  return out;
}

/** Runs the chain for a project (see the file's header). */
export function runProjectSimulation(record: WeatherRecord, request: ProjectSimulationRequest): SimulateOutput {
  const parsed = simulateInputSchema.safeParse({ ...request.input, weather: { synthetic: {} } });
  if (!parsed.success) throw inputErrorFromZod(parsed.error);
  const steps = record.times.length;
  parsed.data.arrays.forEach((a, k) => {
    const f = request.beamShading[k] ?? 0;
    if (f > 0) a.shading = { diffuse: a.shading?.diffuse ?? 0, beam: new Array<number>(steps).fill(Math.min(1, f)) };
  });
  if (request.hourlyShading && parsed.data.electrical) parsed.data.electrical.moduleShading = alignedModuleShading(record, request.hourlyShading);
  return simulateChain(record, parsed.data);
}
