// A project's weather (spec 000 §3 "weather station", docs/PRODUCT.md "weather"): which year the project's
// calculations run on — its climate station (by default the nearest within 150 km and 500 m of
// altitude, or one the user picks), an uploaded EPW / TMY3 / PVGIS file, PVGIS's TMY when configured,
// or a flagged rough estimate — and its horizon (far shading). The choice is the project's
// `weatherStation` value; the site elevation, the uploaded file's facts and the horizon are kept in
// the project's 'weather' document. Shared by the server routes and the web client.
import { z } from 'zod';
import { horizonProfileSchema } from '../horizon.ts';
import { stationIdSchema } from '../weather.ts';
import { weatherSourceKinds } from '../weather-command.ts';
import { weatherNoticeSchema } from '../weather-notices.ts';
import { recordId } from './common.ts';

/** The project's weatherStation values: 'auto', a station number, 'file', 'pvgis' or 'estimate'. */
export const weatherChoices = ['auto', 'station', 'file', 'pvgis', 'estimate'] as const;
export type WeatherChoice = (typeof weatherChoices)[number];

/** The choice a weatherStation value stands for (older values — none, 'synthetic' — mean 'auto'). */
export function weatherChoiceOf(value: string | null | undefined): { choice: WeatherChoice; stationId: string | null } {
  if (value && /^\d{5}$/.test(value)) return { choice: 'station', stationId: value };
  if (value === 'file' || value === 'pvgis' || value === 'estimate') return { choice: value, stationId: null };
  return { choice: 'auto', stationId: null };
}

/** A weatherStation value a client may send. */
export const weatherStationValue = z.union([z.enum(['auto', 'file', 'pvgis', 'estimate', 'synthetic']), stationIdSchema], {
  error: () => "must be 'auto', a 5-digit station number, 'file', 'pvgis' or 'estimate'",
});

/** Largest weather file a user may upload [bytes]. */
export const WEATHER_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest horizon file [bytes]. */
export const HORIZON_FILE_MAX_BYTES = 256 * 1024;

/** The uploaded weather file's facts (its text is kept apart). */
export const weatherFileInfoSchema = z.object({
  name: z.string(),
  format: z.string(),
  bytes: z.number().int(),
  uploadedAt: z.string(),
  /** Station or place the file names ('' when none). */
  siteName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** [km] from the project's site to the file's location; null without a project location. */
  distanceKm: z.number().nullable(),
});
export type WeatherFileInfo = z.infer<typeof weatherFileInfoSchema>;

export const horizonSources = ['upload', 'typed'] as const;
export const storedHorizonSchema = z.object({
  profile: horizonProfileSchema,
  source: z.enum(horizonSources),
  /** The uploaded file's name. */
  name: z.string().nullable(),
  updatedAt: z.string(),
});
export type StoredHorizon = z.infer<typeof storedHorizonSchema>;

/** The project's 'weather' document. */
export const weatherDocumentSchema = z.object({
  /** [m] site elevation above sea level, when the user gave it. */
  elevation: z.number().nullable().default(null),
  file: weatherFileInfoSchema.nullable().default(null),
  horizon: storedHorizonSchema.nullable().default(null),
});
export type WeatherDocument = z.infer<typeof weatherDocumentSchema>;

/** A station as the product lists it. */
export const stationInfoSchema = z.object({
  id: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  provinceZh: z.string(),
  provinceEn: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** [m] */ altitude: z.number(),
  level: z.number().int(),
  /** [kWh m⁻² a⁻¹] 1991–2017 */ ghiAnnual: z.number(),
  /** [kWh m⁻² a⁻¹] */ dhiAnnual: z.number(),
  /** [°C] annual mean */ tempAnnual: z.number(),
  /** [km] from the asked point; null without one. */ distance: z.number().nullable(),
  /** [m] station altitude − site elevation; null when either is unknown. */ altitudeDiff: z.number().nullable(),
  /** Within 150 km and (when known) 500 m of altitude of the asked point. */ withinRule: z.boolean(),
  /** Years behind the monthly means. */ period: z.string(),
});
export type StationInfo = z.infer<typeof stationInfoSchema>;

// ── meteor/station ──

const coordinate = (min: number, max: number) => z.coerce.number({ error: 'The latitude and longitude format is incorrect' }).min(min, 'The latitude and longitude format is incorrect').max(max, 'The latitude and longitude format is incorrect');

export const stationQuery = z
  .object({
    lat: coordinate(-90, 90).optional(),
    lng: coordinate(-180, 180).optional(),
    /** [m] the site's elevation, for the altitude difference. */
    elevation: z.coerce.number().min(-500).max(9000).optional(),
    keyword: z.string().trim().max(60).refine((s) => !s.includes('\u0000'), 'Format incorrect').optional().describe('station number, Chinese, English or pinyin name, or province'),
    province: z.string().trim().max(30).refine((s) => !s.includes('\u0000'), 'Format incorrect').optional().describe('Chinese or English province name'),
    id: stationIdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), { message: 'give lat and lng together', path: ['lat'] });

export const stationListSchema = z.object({
  list: z.array(stationInfoSchema),
  /** The default station of the point (null outside coverage or without a point). */
  defaultId: z.string().nullable(),
  /** PVGIS is configured on this server. */
  pvgis: z.boolean(),
  citation: z.string(),
  citationZh: z.string(),
});
export type StationList = z.infer<typeof stationListSchema>;

// ── the project's weather ──

export const weatherSetBody = z.object({
  projectId: recordId,
  weatherStation: weatherStationValue,
  /** [m] site elevation; null clears it. */
  elevation: z.number().min(-500).max(9000).nullable().optional(),
});

export const horizonSetBody = z.object({
  projectId: recordId,
  /** null removes the horizon. */
  profile: horizonProfileSchema.nullable(),
});

const monthSchema = z.object({ month: z.number().int(), ghiKwhM2: z.number(), dhiKwhM2: z.number(), tempAir: z.number() });

/** The year the project's calculations run on, and how it was chosen. */
export const projectWeatherSchema = z.object({
  projectId: z.number().int(),
  choice: z.enum(weatherChoices),
  /** What is used: the chosen source, or what replaced it (see notice). */
  source: z.object({
    kind: z.enum(weatherSourceKinds),
    id: z.string().nullable(),
    name: z.string().nullable(),
    estimate: z.boolean(),
    citation: z.string().nullable(),
  }),
  station: stationInfoSchema.nullable(),
  file: weatherFileInfoSchema.nullable(),
  elevation: z.number().nullable(),
  horizon: storedHorizonSchema.nullable(),
  annual: z.object({ ghiKwhM2: z.number(), dhiKwhM2: z.number(), tempAir: z.number() }).nullable(),
  monthly: z.array(monthSchema),
  /** Why the chosen source could not be used, or what the estimate means; null when all is well (English). */
  notice: z.string().nullable(),
  /** The same, coded for translation. */
  notices: z.array(weatherNoticeSchema),
  /** PVGIS is configured on this server. */
  pvgis: z.boolean(),
  /** The project has no location yet: nothing can be chosen. */
  needsLocation: z.boolean(),
});
export type ProjectWeather = z.infer<typeof projectWeatherSchema>;
