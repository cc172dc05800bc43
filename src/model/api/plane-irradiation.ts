// plane-irradiation: the annual irradiation of the planes a design's modules lie in (by component:
// beam, sky diffuse, ground-reflected) and of the optimal plane, on the project's weather and horizon
// (or a bare site's default weather), in one call. The editor ranks roof faces by it when the capacity
// cap leaves some unfilled, and weighs each module's beam and diffuse shading into its annual loss and
// TSRF (src/web/editor/shade/shade-detail.ts). Physics: src/physics/plane-irradiation.ts.
import { z } from 'zod';
import { weatherUsedSchema } from './compute.ts';
import { recordId } from './common.ts';

/** Most planes one call takes (distinct tilt and azimuth pairs). */
export const PLANE_IRRADIATION_MAX_PLANES = 200;

export const planeSchema = z.object({
  tilt: z.number().min(0).max(90).describe('[°] from horizontal'),
  azimuth: z.number().min(0).max(360).describe('compass [°] clockwise from north'),
});

export const planeIrradiationBody = z.object({
  projectId: recordId.optional().describe("use this project's weather and horizon (else the site's default weather)"),
  latitude: z.number({ error: 'This field is required' }).min(-90).max(90),
  longitude: z.number({ error: 'This field is required' }).min(-180).max(180),
  elevation: z.number().min(-500).max(9000).optional(),
  planes: z.array(planeSchema).min(1).max(PLANE_IRRADIATION_MAX_PLANES),
});
export type PlaneIrradiationBody = z.infer<typeof planeIrradiationBody>;

export const planeIrradiationSchema = planeSchema.extend({
  poaKwhM2: z.number().describe('annual plane-of-array irradiation [kWh/m²]'),
  beamKwhM2: z.number(),
  skyDiffuseKwhM2: z.number(),
  groundKwhM2: z.number(),
});
export type PlaneIrradiationAnswer = z.infer<typeof planeIrradiationSchema>;

export const planeIrradiationResult = z.object({
  /** In the order asked. */
  planes: z.array(planeIrradiationSchema),
  /** The equator-facing plane at the tilt with the most annual POA. */
  optimal: planeIrradiationSchema,
  weather: weatherUsedSchema,
});
export type PlaneIrradiationResult = z.infer<typeof planeIrradiationResult>;
