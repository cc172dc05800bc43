// Request and answer schemas of the compute calls (spec 000 §7 "Services": calc-best-distance,
// calc-best-dip-lite, simulation, heatmap, calcShadowWinter, componentConfiguration, roof). Inputs
// reuse the engine's schemas (docs/ENGINE-API.md); the server adds the weather (the project's, or the
// site's default: its climate station, PVGIS, or the flagged estimate) and says which one it used.
import { z } from 'zod';
import { planXYZ } from '../bounds.ts';
import { horizonProfileSchema } from '../horizon.ts';
import { layoutInputSchema, layoutOutputSchema } from '../layout.ts';
import { roofInputSchema, roofOutputSchema } from '../roof.ts';
import { obstacleSchema, shadeInputSchema, shadeOutputSchema } from '../shade.ts';
import { simulateArraySchema, simulateInverterSchema, simulateOutputSchema, simulateSiteSchema, transpositionModels } from '../simulate.ts';
import { weatherSourceKinds } from '../weather-command.ts';
import { weatherNoticeSchema } from '../weather-notices.ts';
import { recordId } from './common.ts';

const latitude = z.number({ error: 'This field is required' }).min(-90).max(90).describe('[°] north positive');
const longitude = z.number({ error: 'This field is required' }).min(-180).max(180).describe('[°] east positive');
const azimuth = z.number().min(0).max(360).describe('compass [°] clockwise from north; default 180 north of the equator, 0 south of it');

/**
 * calc-best-distance: the clear spacing between rack rows by the GB 50797 winter-solstice rule. The
 * rack is given by its top edge height above the next row's foot, or by its tilt and slant length.
 */
export const bestDistanceBody = z
  .object({
    latitude,
    azimuth: azimuth.optional(),
    height: z.number().gt(0).max(100).optional().describe('[m] top edge above the foot of the next row'),
    tilt: z.number().min(0).max(90).optional().describe('[°] rack tilt (with length)'),
    length: z.number().gt(0).max(100).optional().describe('[m] slant length of the rack (with tilt)'),
  })
  .refine((b) => b.height !== undefined || (b.tilt !== undefined && b.length !== undefined), {
    message: 'give height, or tilt and length',
    path: ['height'],
  });

export const bestDistanceSchema = z.object({
  /** [m] clear distance between rows (plan). */
  spacing: z.number().nullable().describe('[m] clear plan distance; null when the rule cannot be met (polar winter)'),
  /** [m] front edge to front edge, when tilt and length are given. */
  pitch: z.number().nullable(),
  height: z.number().describe('[m]'),
  latitude: z.number(),
  azimuth: z.number(),
  rule: z.string(),
});

/** Which weather a compute call used (the project's, or for a bare site its default). */
export const weatherUsedSchema = z.object({
  source: z.enum(weatherSourceKinds),
  /** The station number, for a station year. */
  id: z.string().nullable(),
  /** Station, file or service name. */
  name: z.string().nullable(),
  /** [km] from the site to the station or the file's location. */
  distanceKm: z.number().nullable(),
  citation: z.string().nullable(),
  /** true: the rough estimate (no station, file or PVGIS for the site). */
  estimate: z.boolean(),
  fromCache: z.boolean(),
  notice: z.string().nullable().describe('why the chosen source was replaced, or what the estimate means (English)'),
  /** The same, coded for translation. */
  notices: z.array(weatherNoticeSchema),
});
export type WeatherUsed = z.infer<typeof weatherUsedSchema>;

export const bestTiltBody = z.object({
  projectId: recordId.optional().describe("use this project's weather and horizon (else the site's default weather)"),
  latitude,
  longitude,
  azimuth: azimuth.optional(),
  elevation: z.number().min(-500).max(9000).optional(),
});
export const bestTiltSchema = z.object({
  tilt: z.number().describe('[°]'),
  azimuth: z.number(),
  poaKwhM2: z.number().describe('annual plane-of-array irradiation at that tilt [kWh/m²]'),
  weather: weatherUsedSchema,
});

/** simulation: simulate's input without `weather` (the server chooses it) and an optional project to keep the result on. */
export const simulationBody = z.object({
  projectId: recordId.optional().describe('keep the result on this project (overview, compare)'),
  site: simulateSiteSchema,
  transposition: z.enum(transpositionModels).optional(),
  arrays: z.array(simulateArraySchema).min(1, 'needs at least one array').max(1000),
  inverter: simulateInverterSchema,
  /** Far shading without a project (a project's own horizon wins). */
  horizon: horizonProfileSchema.optional(),
  output: z.object({ hourly: z.boolean().optional() }).optional(),
});
export const simulationSchema = simulateOutputSchema.extend({ weather: weatherUsedSchema });

export const heatmapBody = shadeInputSchema;
export const heatmapSchema = shadeOutputSchema;

export const winterShadowBody = z.object({
  latitude,
  obstacles: z.array(obstacleSchema).max(10_000).optional(),
  modules: z.array(z.object({ corners: z.array(planXYZ).length(4) })).max(200_000).optional(),
});
const ring = z.array(z.tuple([z.number(), z.number()]));
export const winterShadowSchema = z.object({
  times: z.array(
    z.object({
      label: z.string(),
      hourAngle: z.number(),
      elevation: z.number(),
      azimuth: z.number(),
      sunUp: z.boolean(),
      shadows: z.array(ring),
    }),
  ),
});

export const roofBody = roofInputSchema;
export const roofSchema = roofOutputSchema;
export const layoutBody = layoutInputSchema;
export const layoutSchema = layoutOutputSchema;
