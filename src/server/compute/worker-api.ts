// What a compute worker does (worker.ts runs it in a worker thread): the engine's roof, layout and
// shade, the GB 50797 row spacing, the winter shadows, the best tilt, the simulation and the weather
// year's sums — the same code as in-process (src/engine, src/physics, src/weather), with the weather
// handed over as a WeatherSpec (a station's id, a file's text, PVGIS's JSON, or the estimate's site)
// and its year built here, off the server's thread. Schema failures come back as InputError (path,
// issues), which survives the worker boundary (pool.ts).
import { z } from 'zod';
import { createEngine } from '../../engine/api.ts';
import { checkAgainstWeather } from '../../engine/simulate.ts';
import { recommendStorage } from '../../economics/storage-recommend.ts';
import type { StorageRecommendInputParsed, StorageRecommendOutput } from '../../model/economics.ts';
import { InputError, inputErrorFromZod } from '../../engine/errors.ts';
import { winterRowSpacing } from '../../design-rules/row-spacing.ts';
import type { KernelRunner } from '../../engine/wasm.ts';
import { winterShadows, type WinterShadow, type WinterShadowsInput } from '../../design-rules/winter-shadows.ts';
import type { LayoutInput, LayoutOutput } from '../../model/layout.ts';
import type { RoofInput, RoofOutput } from '../../model/roof.ts';
import type { ShadeInput, ShadeOutput } from '../../model/shade.ts';
import { simulateInputSchema, type SimulateInput, type SimulateOutput } from '../../model/simulate.ts';
import { bestTilt, type BestTilt, type BestTiltOptions } from '../../physics/best-tilt.ts';
import { planeIrradiation, type PlaneIrradiation, type PlaneIrradiationOptions } from '../../physics/plane-irradiation.ts';
import { simulateChain } from '../../physics/chain.ts';
import { parseWeather } from '../../weather/detect.ts';
import { WeatherParseError } from '../../weather/text.ts';
import { parsePvgisTmyJson } from '../../weather/pvgis.ts';
import type { WeatherRecord } from '../../weather/record.ts';
import { estimateYear, stationById, stationYear } from '../../weather/site-weather.ts';
import { weatherSummary, type WeatherSummary } from '../../weather/summary.ts';
import type { WeatherSpec } from '../weather/weather-service.ts';
import { electricalWorkerJobs, type ElectricalWorkerApi } from '../electrical/worker-jobs.ts';

export type { WeatherSpec };

/** What a weather file holds: where it is from and its year's sums. */
export interface WeatherFileFacts extends WeatherSummary {
  format: string;
  siteName: string;
  latitude: number;
  longitude: number;
  hours: number;
}

/** simulate's input without its weather (the server chooses the weather). */
export type SimulateRequest = Omit<SimulateInput, 'weather'>;

/** With the Electrical step's jobs (server/electrical/worker-jobs.ts). */
export interface ComputeWorkerApi extends ElectricalWorkerApi {
  /** The storage recommendation: 25-year dispatch and cash flow of every candidate battery (src/economics). */
  recommendStorage(input: StorageRecommendInputParsed): StorageRecommendOutput;
  roof(input: RoofInput): RoofOutput;
  layout(input: LayoutInput): LayoutOutput;
  shade(input: ShadeInput): ShadeOutput;
  /** Clear row spacing [m] (GB 50797 winter-solstice rule); null when it cannot be met. */
  rowSpacing(height: number, latitude: number, azimuth: number): number | null;
  winterShadows(input: WinterShadowsInput): WinterShadow[];
  bestTilt(weather: WeatherSpec, options: BestTiltOptions): BestTilt;
  /** Annual irradiation of fixed planes by component, and of the optimal plane. */
  planeIrradiation(weather: WeatherSpec, planes: { tilt: number; azimuth: number }[], options: PlaneIrradiationOptions): { planes: PlaneIrradiation[]; optimal: PlaneIrradiation };
  simulate(input: SimulateRequest, weather: WeatherSpec): Promise<SimulateOutput>;
  /** The monthly and annual sums of a weather year. */
  weatherSummary(weather: WeatherSpec): WeatherSummary;
  /** Reads an uploaded weather file (WeatherParseError, rebuilt as an Error, when it cannot). */
  weatherFile(text: string): WeatherFileFacts;
  ready(): true;
}

/** Runs fn, turning a zod failure into the InputError the routes answer 400 with. */
function checked<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof z.ZodError) throw inputErrorFromZod(e);
    throw e;
  }
}

/** The hourly year of a weather spec (a station's is generated once per worker and kept). */
function recordOf(weather: WeatherSpec): WeatherRecord {
  if ('pvgisJson' in weather) return parsePvgisTmyJson(weather.pvgisJson);
  if ('file' in weather) return parseWeather(weather.file.text);
  if ('station' in weather) {
    const key = `${weather.station.id}:${weather.station.seed}`;
    let year = stationYears.get(key);
    if (!year) {
      year = stationYear(stationById(weather.station.id), weather.station.seed);
      stationYears.set(key, year);
      if (stationYears.size > 64) stationYears.delete(stationYears.keys().next().value as string);
    }
    return year;
  }
  const e = weather.estimate;
  return estimateYear({ latitude: e.latitude, longitude: e.longitude, elevation: e.elevation ?? undefined }, e.seed);
}

/** Generated station years of this worker, by station and seed (a year is ≈ 1 MB). */
const stationYears = new Map<string, WeatherRecord>();

/** The worker's implementation over a kernel runner (loading in the background). */
export function computeWorkerApi(kernels: Promise<KernelRunner>): { [K in keyof ComputeWorkerApi]: (...a: Parameters<ComputeWorkerApi[K]>) => Promise<Awaited<ReturnType<ComputeWorkerApi[K]>>> } {
  kernels.catch(() => {});
  const engine = kernels.then(createEngine);
  engine.catch(() => {});
  return {
    roof: async (input) => {
      const e = await engine;
      return checked(() => e.roof(input));
    },
    layout: async (input) => {
      const e = await engine;
      return checked(() => e.layout(input));
    },
    shade: async (input) => {
      const e = await engine;
      return checked(() => e.shade(input));
    },
    rowSpacing: async (height, latitude, azimuth) => {
      const d = winterRowSpacing(height, latitude, azimuth);
      return Number.isFinite(d) ? d : null;
    },
    winterShadows: async (input) => checked(() => winterShadows(input)),
    bestTilt: async (weather, options) => bestTilt(recordOf(weather), options),
    planeIrradiation: async (weather, planes, options) => planeIrradiation(recordOf(weather), planes, options),
    simulate: async (input, weather) => {
      const parsed = simulateInputSchema.safeParse({ ...input, weather: { synthetic: {} } });
      if (!parsed.success) throw inputErrorFromZod(parsed.error);
      const record = recordOf(weather);
      checkAgainstWeather(parsed.data, record.times.length);
      return simulateChain(record, parsed.data);
    },
    weatherSummary: async (weather) => weatherSummary(recordOf(weather)),
    weatherFile: async (text) => {
      let r: WeatherRecord;
      try {
        r = parseWeather(text);
      } catch (e) {
        if (e instanceof WeatherParseError) throw new InputError(['file'], e.message);
        throw e;
      }
      return { ...weatherSummary(r), format: r.source, siteName: r.site.name, latitude: r.site.latitude, longitude: r.site.longitude, hours: r.times.length };
    },
    ready: async () => {
      await kernels;
      return true as const;
    },
    ...electricalWorkerJobs(engine, recordOf, checked),
    recommendStorage: async (input) => recommendStorage(input),
  };
}
