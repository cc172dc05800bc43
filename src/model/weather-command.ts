// Schemas of the `weather` command (docs/ENGINE-API.md, "weather"): a site's weather year from a climate
// station (default: the nearest within 150 km and 500 m of altitude), a weather file, PVGIS, or a
// flagged rough estimate; answered as monthly and annual sums, with the hourly year on request.
import { z } from 'zod';
import { stationIdSchema, weatherFormats } from './weather.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

export const weatherSiteSchema = z.strictObject({
  latitude: finite.min(-90).max(90),
  longitude: finite.min(-180).max(180),
  /** [m] above sea level; when given, the default station must lie within 500 m of it. */
  elevation: finite.min(-500).max(9000).optional(),
});

export const weatherSourceKinds = ['station', 'file', 'pvgis', 'estimate'] as const;
export type WeatherSourceKind = (typeof weatherSourceKinds)[number];

export const weatherSourceSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('station'), id: stationIdSchema.optional() }),
    z.strictObject({ kind: z.literal('file'), file: z.string().min(1, 'must not be empty'), format: z.enum(weatherFormats).default('auto') }),
    z.strictObject({ kind: z.literal('pvgis') }),
    z.strictObject({ kind: z.literal('estimate') }),
  ],
  { error: () => `kind must be one of ${weatherSourceKinds.join(', ')}` },
);
export type WeatherSourceInput = z.output<typeof weatherSourceSchema>;

export const weatherCommandInputSchema = z.strictObject({
  site: weatherSiteSchema,
  source: weatherSourceSchema.optional(),
  /** Seed of a generated year (station or estimate): the same seed gives the same year. */
  seed: z.number().int().default(1),
  output: z.strictObject({ hourly: z.boolean().default(false) }).optional(),
});
export type WeatherCommandInput = z.input<typeof weatherCommandInputSchema>;
export type WeatherCommandInputParsed = z.output<typeof weatherCommandInputSchema>;

/** What a weather year is: its kind, the station (id, name, distance) and whether it is an estimate. */
export const weatherSourceUsedSchema = z.object({
  kind: z.enum(weatherSourceKinds),
  id: z.string().optional(),
  name: z.string().optional(),
  distanceKm: z.number().optional(),
  /** True for the rough estimate (no station, file or PVGIS for the site). */
  estimate: z.boolean(),
  citation: z.string().optional(),
});
export type WeatherSourceUsed = z.infer<typeof weatherSourceUsedSchema>;

const monthSchema = z.object({
  month: z.number().int().min(1).max(12),
  /** [kWh m⁻²] */ ghiKwhM2: z.number(),
  /** [kWh m⁻²] */ dhiKwhM2: z.number(),
  /** [°C] mean */ tempAir: z.number(),
});

export const weatherCommandOutputSchema = z.object({
  source: weatherSourceUsedSchema,
  annual: z.object({ ghiKwhM2: z.number(), dhiKwhM2: z.number(), tempAir: z.number() }),
  monthly: z.array(monthSchema).length(12),
  hourly: z
    .object({
      times: z.array(z.string()),
      ghi: z.array(z.number()),
      dni: z.array(z.number()),
      dhi: z.array(z.number()),
      tempAir: z.array(z.number()),
      windSpeed: z.array(z.number()),
    })
    .optional(),
});
export type WeatherCommandOutput = z.infer<typeof weatherCommandOutputSchema>;
