// Schema of the `weather` part of the simulate command (docs/ENGINE-API.md, "simulate"): a weather file,
// hourly arrays, a climate station's generated year ('auto': the site's default station), or a
// synthetic year from monthly clearness indices (without them, the clear sky itself). Units: W/m², °C, m/s, Pa, %; times are ISO 8601
// instants with a zone, each the START of its interval.
import { z } from 'zod';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/** Formats a weather file may be given in; 'auto' detects it from the content. */
export const weatherFormats = ['auto', 'epw', 'tmy3', 'pvgis-json', 'pvgis-csv'] as const;
export type WeatherFormat = (typeof weatherFormats)[number];

export const weatherFileSchema = z.strictObject({
  file: z.string().min(1, 'must not be empty'),
  format: z.enum(weatherFormats).default('auto'),
});

const irradiance = z.array(finite.min(0, 'irradiance must not be negative'));

const hourlyArraysSchema = z
  .strictObject({
    times: z.array(z.iso.datetime({ offset: true })).min(1, 'needs at least one time'),
    ghi: irradiance,
    dni: irradiance,
    dhi: irradiance,
    tempAir: z.array(finite),
    windSpeed: z.array(finite.min(0, 'wind speed must not be negative')),
    relativeHumidity: z.array(finite.min(0).max(100)).optional(),
    pressure: z.array(finite.positive()).optional(),
    albedo: z.array(finite.min(0).max(1)).optional(),
  })
  .superRefine((h, ctx) => {
    const n = h.times.length;
    for (const key of ['ghi', 'dni', 'dhi', 'tempAir', 'windSpeed', 'relativeHumidity', 'pressure', 'albedo'] as const) {
      const column = h[key];
      if (column && column.length !== n) {
        ctx.addIssue({ code: 'custom', path: [key], message: `has ${column.length} values, times has ${n}` });
      }
    }
    for (let i = 1; i < n; i++) {
      if (Date.parse(h.times[i]) <= Date.parse(h.times[i - 1])) {
        ctx.addIssue({ code: 'custom', path: ['times', i], message: 'times must increase' });
        break;
      }
    }
  });

export const weatherHourlySchema = z.strictObject({ hourly: hourlyArraysSchema });

export const weatherSyntheticSchema = z.strictObject({
  synthetic: z.strictObject({
    /** Monthly clearness index Kt (monthly GHI / extraterrestrial horizontal), January first. */
    clearnessIndex: z.array(finite.min(0.05, 'below 0.05').max(0.85, 'above 0.85')).length(12, 'needs 12 monthly values').optional(),
    /** Seed of the day-to-day variability (the same seed gives the same year). */
    seed: z.number().int().optional(),
  }),
});

/** A station id of the climate table: the WMO / CMA number. */
export const stationIdSchema = z.string().regex(/^\d{5}$/, 'must be a 5-digit station number');

export const weatherStationSchema = z.strictObject({
  /** 'auto': the site's default station (the nearest within 150 km and 500 m of altitude); else its number. */
  station: z.union([z.literal('auto'), stationIdSchema]),
  /** Seed of the generated year (the same seed gives the same year) [default 1]. */
  seed: z.number().int().optional(),
});

const weatherForms = ['file', 'hourly', 'synthetic', 'station'] as const;

/**
 * The `weather` input: exactly one of `file`, `hourly`, `synthetic` (strict objects, so a mix is
 * refused). When zod cannot tell the form, the message lists the issues of the form whose key is
 * present ('format: Invalid option: expected one of …').
 */
export const weatherSchema = z.union([weatherFileSchema, weatherHourlySchema, weatherSyntheticSchema, weatherStationSchema], {
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const input = issue.input;
    const present = weatherForms.filter((k) => input !== null && typeof input === 'object' && k in input);
    if (present.length !== 1) return `weather needs exactly one of ${weatherForms.join(', ')}`;
    const inner = issue.errors[weatherForms.indexOf(present[0])] ?? [];
    return inner.map((i) => `${i.path.map(String).join('.') || present[0]}: ${i.message}`).join('; ') || 'invalid weather';
  },
});

export type WeatherInput =
  | z.input<typeof weatherFileSchema>
  | z.input<typeof weatherHourlySchema>
  | z.input<typeof weatherSyntheticSchema>
  | z.input<typeof weatherStationSchema>;
export type WeatherInputParsed =
  | z.output<typeof weatherFileSchema>
  | z.output<typeof weatherHourlySchema>
  | z.output<typeof weatherSyntheticSchema>
  | z.output<typeof weatherStationSchema>;
