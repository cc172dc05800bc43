// solar-position and irradiance (docs/ENGINE-API.md) as JSON documents in and out: the same answers
// in-process (the engine entry), in a worker and from the CLI. Pure TypeScript (src/physics).
import {
  irradianceInputSchema,
  solarPositionInputSchema,
  solarPositionTimes,
  type IrradianceInput,
  type IrradianceOutput,
  type SolarPositionInput,
  type SolarPositionOutput,
} from '../model/solar.ts';
import { totalIrradiance } from '../physics/irradiance.ts';
import { solarPositions } from '../physics/solar-position.ts';
import { InputError } from './errors.ts';
import type { z } from 'zod';

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  throw new InputError(r.error.issues[0].path as (string | number)[], issues[0].message, issues);
}

/** NREL SPA positions at the given times or range (throws InputError on invalid input). */
export function solarPosition(input: SolarPositionInput): SolarPositionOutput {
  const p = parse(solarPositionInputSchema, input);
  const times = solarPositionTimes(p);
  const sp = solarPositions(times, p.latitude, p.longitude, { elevation: p.elevation, pressure: p.pressure, temperature: p.temperature, deltaT: p.deltaT });
  return {
    positions: Array.from(times, (t, i) => ({
      time: new Date(t).toISOString(),
      zenith: sp.zenith[i],
      apparentZenith: sp.apparentZenith[i],
      elevation: sp.elevation[i],
      apparentElevation: sp.apparentElevation[i],
      azimuth: sp.azimuth[i],
      equationOfTime: sp.equationOfTime[i],
      declination: sp.declination[i],
    })),
  };
}

/** Plane-of-array transposition of each case (throws InputError on invalid input). */
export function irradiance(input: IrradianceInput): IrradianceOutput {
  const p = parse(irradianceInputSchema, input);
  return { results: p.cases.map((c) => totalIrradiance(c, p.model)) };
}
