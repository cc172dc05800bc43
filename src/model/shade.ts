// Schemas of the engine's shade command (docs/ENGINE-API.md "shade"): shadow ray casts over a year. The JSON
// shapes of the headless contract: validated here for the CLI, the worker boundary, the server and
// the web app. Beyond docs/ENGINE-API.md (all optional, defaults keep its behaviour): `mode` "table" (PVsyst's
// fast mode: a shading table on an azimuth × elevation grid of sun positions, interpolated per step),
// `table` (its grid) and `output.diffuse` (the per-module diffuse sky-view shading, on by default).
import { z } from 'zod';
import { planCoordinate, planHeight, planXY, planXYZ, positiveHeight, positiveSize } from './bounds.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const id = z.string().min(1, 'must not be empty');
const xy = planXY;
const xyz = planXYZ;

/** Shading constants: the one place they are written (the kernel receives them from the host). */
export const SHADE = {
  /** Sample points sit this far above the module along its normal [m]. */
  liftM: 0.001,
  /** Sides of the polygon standing for a cylinder (vertices on the circle: footprint area −0.64 %). */
  cylinderSegments: 32,
  /** Directions of the cosine-weighted sky set (Vogel's spiral on the Nusselt disc). */
  skyDirections: 512,
  /** PVsyst's shading factor table: azimuth every 20°, heights 2°, 10°, 20° … 90° (PVsyst help). */
  tableAzimuthStep: 20,
  tableElevations: [2, 10, 20, 30, 40, 50, 60, 70, 80, 90] as readonly number[],
  /** Most samples per module (x · y). */
  maxSamples: 4096,
} as const;

/** A roof face as the roof command outputs it: `vertices` and `holes` are used (the rest passes through). */
export const shadeFaceSchema = z.looseObject({
  vertices: z.array(xyz).min(3, 'a face needs at least 3 vertices'),
  /** Rings inside the face left open (the roof command's islands: a skylight, a dormer's opening). */
  holes: z.array(z.array(xyz).min(3, 'a hole needs at least 3 vertices')).optional(),
});

export const shadeBuildingSchema = z.object({
  faces: z.array(shadeFaceSchema).default([]),
  /** Walls rise from z 0 to this height along `outer` [m]. */
  eaveHeight: planHeight.min(0),
  /** Footprint polygon [[x, y]] (either orientation, first point not repeated). */
  outer: z.array(xy).min(3, 'an outline needs at least 3 points'),
});

const baseZ = planHeight.default(0);
const positive = positiveSize;

export const obstacleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('box'),
    center: xy,
    /** [width along the rotated x axis, depth along the rotated y axis] [m]. */
    size: z.tuple([positive, positive]),
    height: positiveHeight,
    baseZ,
    /** Counter-clockwise (seen from above) from the x axis (east) [°]. */
    rotation: finite.default(0),
  }),
  z.object({ kind: z.literal('cylinder'), center: xy, radius: positive, height: positiveHeight, baseZ }),
  z.object({ kind: z.literal('prism'), polygon: z.array(xy).min(3, 'a prism needs at least 3 points'), height: positiveHeight, baseZ }),
  z.object({
    kind: z.literal('parapet'),
    polyline: z.array(xy).min(2, 'a parapet needs at least 2 points'),
    height: positiveHeight,
    thickness: positive,
    baseZ,
  }),
]);
export type Obstacle = z.output<typeof obstacleSchema>;

export const shadeSceneSchema = z.object({
  buildings: z.array(shadeBuildingSchema).default([]),
  obstacles: z.array(obstacleSchema).default([]),
  triangles: z.array(z.tuple([planCoordinate, planCoordinate, planHeight, planCoordinate, planCoordinate, planHeight, planCoordinate, planCoordinate, planHeight])).default([]),
});
export type ShadeScene = z.output<typeof shadeSceneSchema>;

export const shadeModuleSchema = z.object({ id, corners: z.tuple([xyz, xyz, xyz, xyz]) });

export const shadeYearSchema = z.object({
  year: z.int().min(1900).max(2200),
  /** Step [min]; steps start at local standard midnight on 1 January, the sun taken mid-step. */
  stepMinutes: finite.min(1).max(1440),
  /** Local standard time offset from UTC [h], e.g. 8 for China. */
  timezone: finite.min(-12).max(14),
});

export const shadeSunVectorsSchema = z.object({
  /** Towards the sun, x east, y north, z up (normalised by the engine). */
  sunVectors: z.array(xyz.refine(([x, y, z]) => x * x + y * y + z * z > 0, 'must not be the zero vector')),
});

export const shadeInputSchema = z
  .object({
    site: z.object({ latitude: finite.min(-90).max(90), longitude: finite.min(-180).max(180), elevation: planHeight.default(0) }),
    scene: shadeSceneSchema.default({ buildings: [], obstacles: [], triangles: [] }),
    modules: z.array(shadeModuleSchema),
    samples: z
      .object({ x: z.int().min(1).max(SHADE.maxSamples), y: z.int().min(1).max(SHADE.maxSamples) })
      .refine((s) => s.x * s.y <= SHADE.maxSamples, `at most ${SHADE.maxSamples} samples per module`)
      .default({ x: 2, y: 2 }),
    times: z.union([shadeYearSchema, shadeSunVectorsSchema]),
    /** exact: a ray cast per step; table: PVsyst's shading factor table interpolated per step. */
    mode: z.enum(['exact', 'table']).default('exact'),
    table: z
      .object({
        azimuthStep: finite.positive().max(180).refine((s) => Number.isInteger(360 / s), 'must divide 360').default(SHADE.tableAzimuthStep),
        elevations: z
          .array(finite.gt(0).max(90))
          .min(1)
          .refine((e) => e.every((x, i) => i === 0 || x > e[i - 1]), 'must increase')
          .default([...SHADE.tableElevations]),
      })
      .default({ azimuthStep: SHADE.tableAzimuthStep, elevations: [...SHADE.tableElevations] }),
    output: z.object({ perStep: z.boolean().default(false), diffuse: z.boolean().default(true) }).default({ perStep: false, diffuse: true }),
  })
  .superRefine((input, ctx) => {
    const seen = new Map<string, number>();
    input.modules.forEach((m, i) => {
      if (seen.has(m.id)) ctx.addIssue({ code: 'custom', path: ['modules', i, 'id'], message: `duplicate module id "${m.id}" (also modules.${seen.get(m.id)})` });
      else seen.set(m.id, i);
    });
  });
export type ShadeInput = z.input<typeof shadeInputSchema>;
export type ShadeInputParsed = z.output<typeof shadeInputSchema>;

export const shadeModuleOutSchema = z.object({
  id,
  /** Σ fₜ·cosθₜ / Σ cosθₜ over the counted steps (0 when none counts) [0–1]. */
  beamShading: z.number().min(0).max(1),
  /** Counted steps with at least one shaded sample. */
  shadedSteps: z.int().min(0),
  /** Blocked share of the isotropic sky seen by the module (cosine-weighted) [0–1]; 0 when off. */
  diffuseShading: z.number().min(0).max(1),
});
export type ShadeModuleOut = z.infer<typeof shadeModuleOutSchema>;

export const shadeOutputSchema = z.object({
  modules: z.array(shadeModuleOutSchema),
  /** Time steps (rows of perStep). */
  steps: z.int().min(0),
  /** Rays cast: beam (per counted step, or per table direction) and sky. */
  rays: z.int().min(0),
  /** Per step, the shaded fraction of each module (0 at steps not counted). */
  perStep: z.array(z.array(z.number().min(0).max(1))).optional(),
});
export type ShadeOutput = z.infer<typeof shadeOutputSchema>;
