// Schemas of the engine's solar-position and irradiance commands (docs/ENGINE-API.md). The JSON shapes of
// the headless contract: validated here for the CLI, the worker boundary, the server and the web app.
import { z } from 'zod';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/** An ISO 8601 date-time with seconds and a zone ("Z" or ±hh:mm): "2025-06-21T04:00:00Z". */
const isoTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a zone, e.g. 2025-06-21T04:00:00Z' });

/** Most positions one solar-position call may ask for (a year of minutes is 525 600). */
export const SOLAR_POSITION_MAX_TIMES = 1_000_000;

export const timeRangeSchema = z
  .object({
    /** First time (inclusive). */
    start: isoTime,
    /** Last time (inclusive when it falls on a step). */
    end: isoTime,
    /** Step [min]. */
    stepMinutes: finite.positive(),
  })
  .superRefine((r, ctx) => {
    const span = Date.parse(r.end) - Date.parse(r.start);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must not be before start' });
    else if (span / (r.stepMinutes * 60_000) + 1 > SOLAR_POSITION_MAX_TIMES) {
      ctx.addIssue({ code: 'custom', path: ['stepMinutes'], message: `the range gives more than ${SOLAR_POSITION_MAX_TIMES} times` });
    }
  });
export type TimeRange = z.infer<typeof timeRangeSchema>;

export const solarPositionInputSchema = z
  .object({
    /** North positive [°]. */
    latitude: finite.min(-90).max(90),
    /** East positive [°]. */
    longitude: finite.min(-180).max(180),
    /** Above sea level [m]. */
    elevation: finite.default(0),
    /** Annual average site pressure [Pa]. */
    pressure: finite.positive().default(101325),
    /** Annual average air temperature [°C]. */
    temperature: finite.gt(-273).default(12),
    /** ΔT = TT − UT1 [s]. */
    deltaT: finite.default(67),
    times: z.array(isoTime).min(1, 'needs at least one time').max(SOLAR_POSITION_MAX_TIMES).optional(),
    range: timeRangeSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.times === undefined) === (input.range === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['times'], message: 'give either times or range (exactly one)' });
    }
  });
export type SolarPositionInput = z.input<typeof solarPositionInputSchema>;
export type SolarPositionInputParsed = z.output<typeof solarPositionInputSchema>;

export const solarPositionOutSchema = z.object({
  /** ISO 8601, UTC. */
  time: z.string(),
  /** True (unrefracted) topocentric zenith [°]. */
  zenith: z.number(),
  /** Zenith with atmospheric refraction [°]. */
  apparentZenith: z.number(),
  /** 90 − zenith [°]. */
  elevation: z.number(),
  /** 90 − apparentZenith [°]. */
  apparentElevation: z.number(),
  /** Clockwise from north [°]. */
  azimuth: z.number(),
  /** Apparent minus mean solar time [min]. */
  equationOfTime: z.number(),
  /** Geocentric declination of the Sun [°]. */
  declination: z.number(),
});
export type SolarPositionOut = z.infer<typeof solarPositionOutSchema>;

export const solarPositionOutputSchema = z.object({ positions: z.array(solarPositionOutSchema) });
export type SolarPositionOutput = z.infer<typeof solarPositionOutputSchema>;

/**
 * The times of a parsed solar-position input [Unix ms]: the given times, or start, start + step, …
 * up to and including end.
 */
export function solarPositionTimes(input: Pick<SolarPositionInputParsed, 'times' | 'range'>): Float64Array {
  if (input.times) return Float64Array.from(input.times, (t) => Date.parse(t));
  const r = input.range!;
  const start = Date.parse(r.start);
  const step = r.stepMinutes * 60_000;
  const n = Math.floor((Date.parse(r.end) - start) / step + 1e-9) + 1;
  return Float64Array.from({ length: n }, (_, i) => start + i * step);
}

/** Sky diffuse transposition models (pvlib get_sky_diffuse names). */
export const skyDiffuseModels = ['isotropic', 'haydavies', 'perez'] as const;
export type SkyDiffuseModel = (typeof skyDiffuseModels)[number];

export const irradianceCaseSchema = z.object({
  /** From horizontal [°]. */
  surfaceTilt: finite.min(0).max(180),
  /** Clockwise from north [°]. */
  surfaceAzimuth: finite.min(0).max(360),
  /** Apparent (refraction-corrected) solar zenith [°]. */
  solarZenith: finite.min(0).max(180),
  /** Clockwise from north [°]. */
  solarAzimuth: finite.min(0).max(360),
  /** Direct normal irradiance [W/m²]. */
  dni: finite.min(0),
  /** Global horizontal irradiance [W/m²]. */
  ghi: finite.min(0),
  /** Diffuse horizontal irradiance [W/m²]. */
  dhi: finite.min(0),
  /** Extraterrestrial normal irradiance [W/m²]; absent: the solar constant 1366.1 (a case has no date). */
  dniExtra: finite.positive().optional(),
  /** Relative air mass [−]; absent: Kasten–Young 1989 from solarZenith. */
  airmass: finite.positive().optional(),
  /** Ground reflectance [−]. */
  albedo: finite.min(0).max(1).default(0.25),
});
export type IrradianceCase = z.input<typeof irradianceCaseSchema>;

export const irradianceInputSchema = z.object({
  model: z.enum(skyDiffuseModels),
  cases: z.array(irradianceCaseSchema).min(1, 'needs at least one case'),
});
export type IrradianceInput = z.input<typeof irradianceInputSchema>;
export type IrradianceInputParsed = z.output<typeof irradianceInputSchema>;

/** Plane-of-array irradiance and its parts [W/m²]; global = direct + sky diffuse + ground diffuse. */
export const poaResultSchema = z.object({
  poaGlobal: z.number(),
  poaDirect: z.number(),
  poaDiffuse: z.number(),
  poaSkyDiffuse: z.number(),
  poaGroundDiffuse: z.number(),
});
export type PoaResult = z.infer<typeof poaResultSchema>;

export const irradianceOutputSchema = z.object({ results: z.array(poaResultSchema) });
export type IrradianceOutput = z.infer<typeof irradianceOutputSchema>;
