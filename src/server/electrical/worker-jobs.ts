// The Electrical step's work on a compute worker (server/compute/worker-api.ts adds these to the
// worker's API): the engine's `stringing` and `cableRoute` (src/engine, docs/ENGINE-API.md), the
// lowest hourly air temperature of the project's weather year (the string rules' tempMin) and the
// project's yield (project-simulation-job.ts) — the same code as in-process, off the server's thread.
import type { EngineApi } from '../../engine/types.ts';
import type { CableRouteInput, CableRouteOutput, StringingInput, StringingOutput } from '../../model/stringing.ts';
import type { SimulateOutput } from '../../model/simulate.ts';
import type { WeatherRecord } from '../../weather/record.ts';
import type { WeatherSpec } from '../weather/weather-service.ts';
import { runProjectSimulation, type ProjectSimulationRequest } from './project-simulation-job.ts';

export interface ElectricalWorkerApi {
  stringing(input: StringingInput): StringingOutput;
  cableRoute(input: CableRouteInput): CableRouteOutput;
  /** The lowest hourly air temperature of the weather year [°C]; null when it has none. */
  weatherTempMin(weather: WeatherSpec): number | null;
  /** The project's yield: simulate with the electrical block and the modules' shading spread over the year. */
  projectSimulate(request: ProjectSimulationRequest, weather: WeatherSpec): SimulateOutput;
}

/** The lowest finite air temperature of a weather record [°C], or null. */
export function lowestTemperature(record: Pick<WeatherRecord, 'tempAir'>): number | null {
  let min = Infinity;
  for (const t of record.tempAir) if (Number.isFinite(t) && t < min) min = t;
  return Number.isFinite(min) ? min : null;
}

/** The jobs over the worker's engine and its weather years (`recordOf` builds or reuses a year). */
export function electricalWorkerJobs(
  engine: Promise<EngineApi>,
  recordOf: (weather: WeatherSpec) => WeatherRecord,
  checked: <T>(fn: () => T) => T,
): { [K in keyof ElectricalWorkerApi]: (...a: Parameters<ElectricalWorkerApi[K]>) => Promise<ReturnType<ElectricalWorkerApi[K]>> } {
  return {
    stringing: async (input) => {
      const e = await engine;
      return checked(() => e.stringing(input));
    },
    cableRoute: async (input) => {
      const e = await engine;
      return checked(() => e.cableRoute(input));
    },
    weatherTempMin: async (weather) => lowestTemperature(recordOf(weather)),
    projectSimulate: async (request, weather) => checked(() => runProjectSimulation(recordOf(weather), request)),
  };
}
