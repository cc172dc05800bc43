// What a compute worker does (worker.ts runs it in a worker thread): the engine's roof, layout and
// shade, the GB 50797 row spacing, the winter shadows, the best tilt and the simulation — the same
// code as in-process (src/engine, src/physics), with the weather handed over as PVGIS's JSON (parsed
// here, off the server's thread) or the request to build the synthetic year. Schema failures come
// back as InputError (path, issues), which survives the worker boundary (pool.ts).
import { z } from 'zod';
import { createEngine } from '../../engine/api.ts';
import { InputError, inputErrorFromZod } from '../../engine/errors.ts';
import { winterRowSpacing } from '../../engine/row-spacing.ts';
import { simulate as engineSimulate } from '../../engine/simulate.ts';
import type { KernelRunner } from '../../engine/wasm.ts';
import { winterShadows, type WinterShadow, type WinterShadowsInput } from '../../engine/winter-shadows.ts';
import type { LayoutInput, LayoutOutput } from '../../model/layout.ts';
import type { RoofInput, RoofOutput } from '../../model/roof.ts';
import type { ShadeInput, ShadeOutput } from '../../model/shade.ts';
import { simulateInputSchema, type SimulateInput, type SimulateOutput } from '../../model/simulate.ts';
import { bestTilt, type BestTilt, type BestTiltOptions } from '../../physics/best-tilt.ts';
import { simulateChain } from '../../physics/chain.ts';
import { parsePvgisTmyJson } from '../../weather/pvgis.ts';
import type { WeatherRecord } from '../../weather/record.ts';
import { syntheticYear } from '../../weather/synthetic.ts';

/** The weather a call runs on: PVGIS's TMY JSON as fetched, or the synthetic year at a site. */
export type WeatherSpec = { pvgisJson: string } | { synthetic: { latitude: number; longitude: number; elevation: number } };

/** simulate's input without its weather (the server chooses the weather). */
export type SimulateRequest = Omit<SimulateInput, 'weather'>;

export interface ComputeWorkerApi {
  roof(input: RoofInput): RoofOutput;
  layout(input: LayoutInput): LayoutOutput;
  shade(input: ShadeInput): ShadeOutput;
  /** Clear row spacing [m] (GB 50797 winter-solstice rule); null when it cannot be met. */
  rowSpacing(height: number, latitude: number, azimuth: number): number | null;
  winterShadows(input: WinterShadowsInput): WinterShadow[];
  bestTilt(weather: WeatherSpec, options: BestTiltOptions): BestTilt;
  simulate(input: SimulateRequest, weather: WeatherSpec): Promise<SimulateOutput>;
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

function recordOf(weather: WeatherSpec): WeatherRecord {
  if ('pvgisJson' in weather) return parsePvgisTmyJson(weather.pvgisJson);
  return syntheticYear(weather.synthetic);
}

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
    simulate: async (input, weather) => {
      if ('synthetic' in weather) return engineSimulate({ ...input, weather: { synthetic: {} } } as SimulateInput);
      const parsed = simulateInputSchema.safeParse({ ...input, weather: { synthetic: {} } });
      if (!parsed.success) throw inputErrorFromZod(parsed.error);
      const record = recordOf(weather);
      parsed.data.arrays.forEach((a, k) => {
        const beam = a.shading?.beam;
        if (beam && beam.length !== record.times.length) {
          throw new InputError(['arrays', k, 'shading', 'beam'], `has ${beam.length} values, the weather has ${record.times.length} steps`);
        }
      });
      return simulateChain(record, parsed.data);
    },
    ready: async () => {
      await kernels;
      return true as const;
    },
  };
}
