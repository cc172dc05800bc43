// Schemas of the engine's layout command (docs/ENGINE-API.md "layout"): modules on one roof face. The JSON
// shapes of the headless contract, validated here for the CLI, the worker boundary, the server and
// the web app; the layout constants live here too (the engine receives them from the host).
//
// What docs/ENGINE-API.md leaves open, decided here:
// - `rowSpacing` is the clear plan distance from the back edge of a rack row to the front edge of the
//   next, along the rack azimuth (GB 50797's D); `rowPitch` (output) = rack depth in plan + that.
// - Module positions form one grid per face: columns line up from row to row. `alignment` anchors
//   the grid at the inset face's extreme (start: the left end seen from the front / the front edge;
//   end: the right end / the back edge; center: centred). `row` and `col` count grid rows (module
//   rows: a rack row of n stacked modules is n rows) and columns from the first ones holding a module.
// - A setback is a miter offset (corners stay sharp; squared off beyond twice the setback).
import { z } from 'zod';
import { nonNegativeSize, planXY, planXYZ, positiveSize } from './bounds.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const positive = finite.positive();
const xy = planXY;
const xyz = planXYZ;
const azimuth = finite.min(0).max(360);

/** Layout constants: the one place they are written. */
export const LAYOUT = {
  /** A footprint may cross a polygon edge by this much (rounding, exact fits) [m]. */
  containmentTolerance: 1e-6,
  /** Offsetting works on a grid of 10^-this metres (clipper2 precision: 1 µm). */
  offsetPrecision: 6,
  /** Miter limit of setback offsets, × setback (clipper2's default). */
  miterLimit: 2,
  /** Most grid positions one layout call considers (rows × columns). */
  maxCandidates: 20_000_000,
  /** Default gaps between modules [m]. */
  defaultGap: 0.02,
  /** Declination on the winter solstice [°] (GB 50797 row spacing rule; southern sites use +). */
  solsticeDeclination: 23.44,
  /** The rule's window in true solar time: hour angles ±45° (09:00–15:00) [°]. */
  windowHourAngle: 45,
  /** Largest module power a layout takes [W] (bounds the capacity sums). */
  maxModulePowerW: 100_000,
  /** Largest capacity cap [kW] (10 GW). */
  maxCapacityKw: 1e7,
} as const;

export const layoutFaceSchema = z.object({
  /** The face's corners [[x, y, z]] (the roof command's `vertices`), either orientation. */
  vertices: z.array(xyz).min(3, 'a face needs at least 3 vertices'),
  /** [°] from horizontal. */
  tilt: finite.min(0).lt(90),
  /** Direction the face looks, clockwise from north [°]. */
  azimuth,
});

export const keepoutSchema = z.object({
  /** Plan polygon [[x, y]] of an obstacle or a skylight (either orientation). */
  polygon: z.array(xy).min(3, 'a keep-out needs at least 3 points'),
  /** Plan distance kept from the polygon [m]. */
  setback: nonNegativeSize.default(0),
});

export const layoutModuleSchema = z.object({
  /** Long side [m]. */
  length: positiveSize,
  /** Short side [m]. */
  width: positiveSize,
  /** STC power [W]. */
  powerW: positive.max(LAYOUT.maxModulePowerW),
});

export const mountingSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('flush') }),
  z.object({
    type: z.literal('tilted'),
    /** Rack tilt [°] from horizontal. */
    tilt: finite.min(0).lt(90),
    /** Direction the racks look, clockwise from north [°]. */
    azimuth,
    /** Clear plan distance between rack rows [m]; null: the GB 50797 winter-solstice rule at site.latitude. */
    rowSpacing: nonNegativeSize.nullable().default(null),
    /** Modules stacked up each rack. */
    modulesPerColumn: z.int().min(1).max(100).default(1),
  }),
]);

const alignments = ['start', 'center', 'end'] as const;
export type Alignment = (typeof alignments)[number];

export const layoutInputSchema = z
  .object({
    face: layoutFaceSchema,
    keepouts: z.array(keepoutSchema).default([]),
    module: layoutModuleSchema,
    /** portrait: the long side up the slope (up the rack). */
    orientation: z.enum(['portrait', 'landscape']),
    mounting: mountingSchema,
    /** Gaps between modules [m]: x along a row, y between stacked modules (and flush rows). */
    gap: z
      .object({ x: nonNegativeSize.default(LAYOUT.defaultGap), y: nonNegativeSize.default(LAYOUT.defaultGap) })
      .default({ x: LAYOUT.defaultGap, y: LAYOUT.defaultGap }),
    /** Plan distance kept from the face's edges [m]. */
    setback: nonNegativeSize.default(0),
    alignment: z.object({ x: z.enum(alignments).default('start'), y: z.enum(alignments).default('start') }).default({ x: 'start', y: 'start' }),
    /** Stop at this capacity [kW]; null: no cap. */
    maxCapacityKw: finite.min(0).max(LAYOUT.maxCapacityKw).nullable().default(null),
    site: z.object({ latitude: finite.min(-90).max(90) }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.mounting.type === 'tilted' && input.mounting.rowSpacing === null && input.site === undefined) {
      ctx.addIssue({ code: 'custom', path: ['site'], message: 'site.latitude is needed when mounting.rowSpacing is null (the winter-solstice row spacing rule)' });
    }
  });
export type LayoutInput = z.input<typeof layoutInputSchema>;
export type LayoutInputParsed = z.output<typeof layoutInputSchema>;

export const layoutModuleOutSchema = z.object({
  id: z.string(),
  /** Module row from the front (0 = the first row holding a module). */
  row: z.int().min(0),
  /** Column from the left seen from the front (0 = the first column holding a module). */
  col: z.int().min(0),
  center: xyz,
  /** Front-left, front-right, back-right, back-left (counter-clockwise seen from above). */
  corners: z.tuple([xyz, xyz, xyz, xyz]),
  tilt: finite,
  azimuth: finite,
});
export type LayoutModuleOut = z.infer<typeof layoutModuleOutSchema>;

export const layoutOutputSchema = z.object({
  modules: z.array(layoutModuleOutSchema),
  count: z.int().min(0),
  capacityKw: finite.min(0),
  /** Plan distance between the front edges of consecutive rows, along the array azimuth [m]. */
  rowPitch: finite.min(0),
  limitReached: z.boolean(),
});
export type LayoutOutput = z.infer<typeof layoutOutputSchema>;
