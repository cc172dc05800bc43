// The design editor's documents (spec 000 §3 "Building by pen", "Point", "Line", "Component
// parameters"; issue 7): readonly, JSON-serialisable values that the editor changes only through pure
// actions, and that the server stores as versioned design documents:
//   'lite-re'          → BuildingDocument: buildings (outline, roof points and lines, heights,
//                        automatic roof) and obstacles, in plan metres around the project's origin;
//   'component-layout' → LayoutDocument: the module chosen, the layout settings and, per roof face,
//                        the modules placed (centres; the rest follows from the array's geometry);
//   'shade-analysis'   → ShadeDocument: the per-module shading of the last finished analysis.
// Plan frame (docs/ARCHITECTURE.md "Data flow"): x east, y north, z up [m], origin at the project's lat/lng.
import { z } from 'zod';
import { nonNegativeSize, planCoordinate, planHeight, planXY, positiveSize } from './bounds.ts';
import { LAYOUT } from './layout.ts';
import { autoRoofTypes } from './roof.ts';
import { shadeHourlySchema } from './shade-hourly.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const positive = positiveSize;
const id = z.string().min(1, 'must not be empty').max(64);
const xy = planXY;
const azimuth = finite.min(0).max(360);

// ── building document ('lite-re') ──────────────────────────────────────────────────────────────

export const designPointSchema = z.object({
  id,
  x: planCoordinate,
  y: planCoordinate,
  /** Explicit height [m]; absent: the engine works it out (eave, interpolation, planarity). */
  z: planHeight.optional(),
});
export type DesignPoint = z.infer<typeof designPointSchema>;

export const designLineSchema = z.object({ id, idp1: id, idp2: id });
export type DesignLine = z.infer<typeof designLineSchema>;

export const designAutoRoofSchema = z.object({
  type: z.enum(autoRoofTypes),
  /** [°] */
  pitch: finite.min(0).lt(90),
  /** Compass bearing of the ridge [°]; absent: the engine picks (the longer axis). */
  ridgeAzimuth: azimuth.optional(),
});
export type DesignAutoRoof = z.infer<typeof designAutoRoofSchema>;

export const designBuildingSchema = z.object({
  id,
  name: z.string().max(100).default(''),
  /** Footprint vertices in drawing order. */
  outline: z.array(designPointSchema),
  /** Whether the footprint is closed (the engine only runs on a closed one). */
  closed: z.boolean(),
  /** Roof points: interior points and points on outline edges. */
  points: z.array(designPointSchema),
  /** Roof lines (ridges, hips, valleys) between any two points of the building. */
  lines: z.array(designLineSchema),
  /** z of outline points without their own z [m]. */
  eaveHeight: finite.min(0).max(500),
  /** An automatic roof replaces the drawn points and lines; null: the drawn roof. */
  auto: designAutoRoofSchema.nullable(),
});
export type DesignBuilding = z.infer<typeof designBuildingSchema>;

/** A tree's trunk radius as a share of its crown radius (a modelling choice: thin enough to let light
 * through below the crown, as shade models of trees usually do). Shading and drawing both use it. */
export const TREE_TRUNK_SHARE = 0.12;

// height: above the roof face (or ground) it stands on, on the uphill side [m]; baseZ: the lowest it
// may stand [m] — it stands on the roof under it, never below baseZ (web/editor/document/obstacle-stand.ts).
const obstacleBase = { id, height: positive.max(500), baseZ: finite.min(-100).max(500).default(0) };

/** Obstacles the designer places (GEOMETRY / docs/ENGINE-API.md shade obstacles; a tree is a trunk and a crown). */
export const designObstacleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('box'),
    ...obstacleBase,
    center: xy,
    /** [width along the rotated x axis, depth along the rotated y axis] [m]. */
    size: z.tuple([positive, positive]),
    /** Counter-clockwise (seen from above) from east [°]. */
    rotation: finite.default(0),
  }),
  z.object({ kind: z.literal('cylinder'), ...obstacleBase, center: xy, radius: positive }),
  z.object({ kind: z.literal('polygon'), ...obstacleBase, polygon: z.array(xy).min(3, 'a polygon needs at least 3 points') }),
  z.object({ kind: z.literal('parapet'), ...obstacleBase, polyline: z.array(xy).min(2, 'a parapet needs at least 2 points'), thickness: positive }),
  z.object({
    kind: z.literal('tree'),
    ...obstacleBase,
    center: xy,
    /** Crown radius [m]. */
    radius: positive,
    /** Height of the crown's bottom above baseZ [m] (below it only the trunk). */
    trunkHeight: planHeight.min(0).default(0),
  }),
]);
export type DesignObstacle = z.infer<typeof designObstacleSchema>;
export type DesignObstacleKind = DesignObstacle['kind'];

/** A drone orthophoto laid under the drawing: the stored image and where it lies on the plan. */
export const orthophotoPlacementSchema = z.object({
  /** The stored image's id (project orthophoto upload). */
  id: z.string().min(1).max(200),
  /** Image size [px]. */
  widthPx: z.int().min(1).max(200_000),
  heightPx: z.int().min(1).max(200_000),
  /** Plan position of the image's centre [m]. */
  centerX: planCoordinate,
  centerY: planCoordinate,
  /** Ground size of one image pixel [m]. */
  metresPerPixel: finite.positive().max(100),
  /** Turn of the image, counter-clockwise seen from above [°] (0: its top edge faces north). */
  rotation: finite.min(-360).max(360).default(0),
});
export type OrthophotoPlacement = z.infer<typeof orthophotoPlacementSchema>;

/** The map under the drawing. */
export const designMapSchema = z.object({
  /** offline: no tiles (a plain background); satellite: the configured XYZ source; orthophoto: a drone image. */
  base: z.enum(['offline', 'satellite', 'orthophoto']).default('offline'),
  /** The drone orthophoto, once one is uploaded and placed. */
  orthophoto: orthophotoPlacementSchema.nullable().default(null),
});

export const buildingDocumentSchema = z.object({
  kind: z.literal('building'),
  version: z.literal(1),
  /** The project's position the plan frame is centred on; null until the project has one. */
  origin: z.object({ lat: finite.min(-90).max(90), lng: finite.min(-180).max(180) }).nullable(),
  map: designMapSchema.default({ base: 'offline', orthophoto: null }),
  buildings: z.array(designBuildingSchema).max(1000),
  obstacles: z.array(designObstacleSchema).max(10_000),
});
export type BuildingDocument = z.infer<typeof buildingDocumentSchema>;

export function emptyBuildingDocument(origin: { lat: number; lng: number } | null = null): BuildingDocument {
  return { kind: 'building', version: 1, origin, map: { base: 'offline', orthophoto: null }, buildings: [], obstacles: [] };
}

// ── layout document ('component-layout') ───────────────────────────────────────────────────────

/** The module every array uses (from the equipment library). */
export const layoutModuleChoiceSchema = z.object({
  /** Library entry id; null for a module typed in. */
  libraryId: z.number().int().nullable(),
  manufacturer: z.string().max(100),
  model: z.string().max(100),
  /** STC power [W]. */
  powerW: finite.positive().max(LAYOUT.maxModulePowerW),
  /** Long side [m]. */
  length: positive,
  /** Short side [m]. */
  width: positive,
});
export type LayoutModuleChoice = z.infer<typeof layoutModuleChoiceSchema>;

/** The spec's required prompts (spec 000 §5): component, placement, tilt, azimuth, spacings, alignment. */
export const layoutSettingsSchema = z.object({
  orientation: z.enum(['portrait', 'landscape']),
  /** flush: on the roof face; tilted: racks (flat roofs). */
  placement: z.enum(['flush', 'tilted']),
  /** Rack tilt [°] (tilted placement). */
  tilt: finite.min(0).lt(90),
  /** Rack azimuth as the user sees it: south-based, −180…180, east negative (0 = due south) [°]. */
  azimuthSouth: finite.min(-180).max(180),
  /** Clear row spacing [m]; null: automatic (GB 50797 winter solstice rule). */
  rowSpacing: finite.min(0).max(100).nullable(),
  modulesPerColumn: z.int().min(1).max(10),
  /** Gaps between modules along a row / between rows of a rack or flush rows [m]. */
  gapX: finite.min(0).max(5),
  gapY: finite.min(0).max(5),
  /** Distance kept from the face's edges [m]. */
  setback: finite.min(0).max(50),
  alignX: z.enum(['start', 'center', 'end']),
  alignY: z.enum(['start', 'center', 'end']),
});
export type LayoutSettings = z.infer<typeof layoutSettingsSchema>;

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  orientation: 'portrait',
  placement: 'flush',
  tilt: 20,
  azimuthSouth: 0,
  rowSpacing: null,
  modulesPerColumn: 1,
  gapX: 0.02,
  gapY: 0.02,
  setback: 0.5,
  alignX: 'center',
  alignY: 'center',
};

/** The modules on one roof face: all share a plane orientation and a size, so centres suffice. */
export const layoutArraySchema = z.object({
  id,
  buildingId: id,
  faceId: id,
  /** The settings this array was placed with. */
  settings: layoutSettingsSchema,
  /** The modules' tilt and azimuth (compass, clockwise from north) [°]. */
  tilt: finite.min(0).lt(90),
  azimuth,
  /** Module side along a row / up the slope [m] (orientation applied). */
  along: positive,
  up: positive,
  /** Module centres, flat [x, y, z, x, y, z, …] [m]. */
  centers: z.array(planCoordinate).refine((a) => a.length % 3 === 0, 'centers holds x, y, z triples'),
  /** Plan distance between row fronts [m] (0 for a single row). */
  rowPitch: nonNegativeSize,
});
export type LayoutArray = z.infer<typeof layoutArraySchema>;

export const layoutDocumentSchema = z.object({
  kind: z.literal('layout'),
  version: z.literal(1),
  module: layoutModuleChoiceSchema.nullable(),
  /** The settings the next placement uses. */
  settings: layoutSettingsSchema,
  arrays: z.array(layoutArraySchema).max(10_000),
});
export type LayoutDocument = z.infer<typeof layoutDocumentSchema>;

export function emptyLayoutDocument(): LayoutDocument {
  return { kind: 'layout', version: 1, module: null, settings: DEFAULT_LAYOUT_SETTINGS, arrays: [] };
}

// ── shade document ('shade-analysis') ──────────────────────────────────────────────────────────

export const shadeArrayResultSchema = z.object({
  arrayId: id,
  /** Per module (the array's centre order): beam shading loss Σ fₜ·cosθₜ / Σ cosθₜ [0–1]. */
  beam: z.array(z.number().min(0).max(1)),
  /** Per module: blocked share of the isotropic sky [0–1]. */
  diffuse: z.array(z.number().min(0).max(1)),
});

export const shadeDocumentSchema = z.object({
  kind: z.literal('shade'),
  version: z.literal(1),
  /** The 'component-layout' document version the analysis was run on (stale when it differs). */
  layoutVersion: z.int().min(0),
  /** The 'lite-re' document version (buildings and obstacles) it was run on. */
  buildingVersion: z.int().min(0),
  year: z.int().min(1900).max(2200),
  stepMinutes: finite.min(1).max(1440),
  samples: z.object({ x: z.int().min(1), y: z.int().min(1) }),
  arrays: z.array(shadeArrayResultSchema),
  finishedAt: z.string().max(40),
  /**
   * Each module's beam shading at every shaded step of the analysis year (model/shade-hourly.ts: the
   * encoding and its alignment to the weather year); absent in analyses saved before it was kept.
   */
  hourly: shadeHourlySchema.optional(),
  /** Why `hourly` was left out: 'size' — over SHADE_HOURLY's bounds (the yield then uses annual means and says so). */
  hourlyOmitted: z.enum(['size']).optional(),
});
export type ShadeDocument = z.infer<typeof shadeDocumentSchema>;

// ── conversions the editor, the server and the headless engine share ─────────────────────────

/** Compass azimuth (clockwise from north) from the south-based angle users see (east negative). */
export function azimuthFromSouth(south: number): number {
  return (((180 + south) % 360) + 360) % 360;
}

/** South-based angle (−180…180, east negative, 0 due south) from a compass azimuth. */
export function azimuthToSouth(compass: number): number {
  const s = (((compass - 180) % 360) + 360) % 360;
  return s > 180 ? s - 360 : s;
}

/** Module count and DC capacity [kWp] of a layout document. */
export function layoutTotals(doc: Pick<LayoutDocument, 'module' | 'arrays'>): { count: number; kWp: number } {
  let count = 0;
  for (const a of doc.arrays) count += a.centers.length / 3;
  return { count, kWp: doc.module ? (count * doc.module.powerW) / 1000 : 0 };
}

/** Closed buildings in a saved 'lite-re' document (a document not in the editor's shape counts as 1
 * when present: data from an earlier client). */
export function savedBuildingCount(data: unknown): number {
  if (data === null || data === undefined) return 0;
  const doc = buildingDocumentSchema.safeParse(data);
  return doc.success ? doc.data.buildings.filter((b) => b.closed && b.outline.length >= 3).length : 1;
}

/** Modules in a saved 'component-layout' document (one not in the editor's shape counts as 1 when present). */
export function savedModuleCount(data: unknown): number {
  if (data === null || data === undefined) return 0;
  const doc = layoutDocumentSchema.safeParse(data);
  return doc.success ? layoutTotals(doc.data).count : 1;
}
