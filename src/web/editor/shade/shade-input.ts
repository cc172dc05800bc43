// The shading step's data (docs/PRODUCT.md "Shading"; docs/ENGINE-API.md "shade"): the engine's ShadeInput built from
// the design documents, and its ShadeOutput turned into the saved ShadeDocument ('shade-analysis',
// src/model/design.ts) that the simulation reads.
//
// Input: the site from the project's origin; the scene from every building with a roof output (its
// faces with their holes, its walls from z 0 to the eave along the outline) and the designer's obstacles
// standing on the roof under them (document/obstacle-stand.ts; a tree is a trunk cylinder and a crown
// cylinder); the modules with their corners (document/layout.ts) and ids
// `${arrayId}:${index}`; a year of steps every 60 min in the project's standard time; 2 × 2 samples
// per module (docs/ENGINE-API.md's default). Output: per array, the modules' beam and diffuse shading in the
// order of the array's centres, with the document versions the run was based on (stale detection),
// and — when the job kept it (ShadeJob `hourly`, SHADE_JOB_OPTIONS) — each module's hourly record
// (model/shade-hourly.ts, packed by engine/shade-hourly-pack.ts), left out with `hourlyOmitted:
// 'size'` when it would make the document too large to save (SHADE_HOURLY, DESIGN_DOCUMENT_MAX).
import { siteUtcOffset } from '../../../model/site-time.ts';
import { packedChars, packHourly } from '../../../engine/shade-hourly-pack.ts';
import type { ShadeJobOptions, ShadeJobOutput } from '../../../engine/shade-job.ts';
import { DESIGN_DOCUMENT_MAX } from '../../../model/api/design.ts';
import { TREE_TRUNK_SHARE, type BuildingDocument, type LayoutDocument, type ShadeDocument } from '../../../model/design.ts';
import type { RoofOutput } from '../../../model/roof.ts';
import type { obstacleSchema, ShadeInput } from '../../../model/shade.ts';
import { SHADE_HOURLY, type ShadeHourly } from '../../../model/shade-hourly.ts';
import { allModuleCorners, moduleCount, moduleId } from '../document/layout.ts';
import { standingObstacles } from '../document/obstacle-stand.ts';
import type { z } from 'zod';

/** Time step of the analysis [min]. */
export const SHADE_STEP_MINUTES = 60;
/** Sample points per module along and up (docs/ENGINE-API.md's default). */
export const SHADE_SAMPLES = { x: 2, y: 2 } as const;
/** How the editor runs its shade job: with the hourly record the project's yield needs. */
export const SHADE_JOB_OPTIONS: ShadeJobOptions = { hourly: true };
/** The record of a module never shaded (model/shade-hourly.ts: n = 0). */
const NEVER_SHADED = Uint8Array.of(0);
/** Room kept in a saved document besides the hourly record [characters]. */
const DOCUMENT_MARGIN = 64 * 1024;
/** A tree's trunk radius as a share of its crown radius (src/model/design.ts). */
export const TRUNK_SHARE = TREE_TRUNK_SHARE;

/** The project's standard time offset from UTC [h] (model/site-time.ts). */
export const projectTimezone = siteUtcOffset;

type ShadeObstacleIn = z.input<typeof obstacleSchema>;

/** Roof outputs by building id. */
export type RoofOutputs = ReadonlyMap<string, RoofOutput> | Readonly<Record<string, RoofOutput | undefined>>;

/**
 * The designer's obstacles as the shade scene's, each standing on the roof face under it (or on the
 * ground): document/obstacle-stand.ts, the same the 3D view draws. A tree is a trunk and a crown.
 */
export function shadeObstacles(building: Pick<BuildingDocument, 'buildings' | 'obstacles'>, roofs: RoofOutputs): ShadeObstacleIn[] {
  return standingObstacles(building, roofs).flatMap((s) => s.pieces);
}

function roofOf(roofs: RoofOutputs, id: string): RoofOutput | undefined {
  return roofs instanceof Map ? roofs.get(id) : (roofs as Readonly<Record<string, RoofOutput | undefined>>)[id];
}

export interface ShadeInputOptions {
  year: number;
  /** Standard time offset [h]; default projectTimezone(origin). */
  timezone?: number;
  countryCode?: string | null;
  stepMinutes?: number;
  samples?: { x: number; y: number };
  /** Table mode (PVsyst's shading factor table): faster, interpolated. Default exact. */
  mode?: 'exact' | 'table';
}

/** The buildings of the shade scene: closed outlines of 3 points or more, with their roof faces. */
export function shadeBuildings(building: BuildingDocument, roofs: RoofOutputs): NonNullable<ShadeInput['scene']>['buildings'] {
  const out: NonNullable<NonNullable<ShadeInput['scene']>['buildings']> = [];
  for (const b of building.buildings) {
    if (!b.closed || b.outline.length < 3) continue;
    const roof = roofOf(roofs, b.id);
    out.push({
      faces: (roof?.faces ?? []).map((f) => (f.holes ? { vertices: f.vertices, holes: f.holes } : { vertices: f.vertices })),
      eaveHeight: b.eaveHeight,
      outer: b.outline.map((p): [number, number] => [p.x, p.y]),
    });
  }
  return out;
}

/** The engine's shade input for the documents. Throws when the project has no position yet. */
export function buildShadeInput(building: BuildingDocument, roofs: RoofOutputs, layout: LayoutDocument, options: ShadeInputOptions): ShadeInput {
  const origin = building.origin;
  if (origin === null) throw new Error('the project has no position: set its address first');
  return {
    site: { latitude: origin.lat, longitude: origin.lng },
    scene: { buildings: shadeBuildings(building, roofs), obstacles: shadeObstacles(building, roofs), triangles: [] },
    modules: allModuleCorners(layout).map((m) => ({ id: m.id, corners: m.corners })),
    samples: options.samples ?? { ...SHADE_SAMPLES },
    times: {
      year: options.year,
      stepMinutes: options.stepMinutes ?? SHADE_STEP_MINUTES,
      timezone: options.timezone ?? projectTimezone(origin.lat, origin.lng, options.countryCode),
    },
    mode: options.mode ?? 'exact',
    output: { perStep: false, diffuse: true },
  };
}

/** The document versions a run is based on. */
export interface DesignVersions {
  layoutVersion: number;
  buildingVersion: number;
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/**
 * The saved shading of a finished run: per array of `layout` (the one the input was built from), its
 * modules' beam and diffuse shading in centre order, and the hourly record when the output has one and
 * it fits (see the file's header). Throws when the output misses a module.
 */
export function shadeDocumentOf(
  output: ShadeJobOutput,
  layout: LayoutDocument,
  versions: DesignVersions,
  run: { year: number; stepMinutes?: number; samples?: { x: number; y: number }; finishedAt: Date },
): ShadeDocument {
  const byId = new Map(output.modules.map((m, k) => [m.id, k]));
  const hourly = output.hourly;
  /** The modules' records in the document's order (arrays, then centres). */
  const records: Uint8Array[] = [];
  const arrays = layout.arrays.map((a) => {
    const n = moduleCount(a);
    const beam = new Array<number>(n);
    const diffuse = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const k = byId.get(moduleId(a.id, i));
      if (k === undefined) throw new Error(`the shade output has no module ${moduleId(a.id, i)}`);
      const m = output.modules[k];
      beam[i] = clamp01(m.beamShading);
      diffuse[i] = clamp01(m.diffuseShading);
      if (hourly) records.push(hourly.modules[k] ?? NEVER_SHADED);
    }
    return { arrayId: a.id, beam, diffuse };
  });
  const doc: ShadeDocument = {
    kind: 'shade',
    version: 1,
    layoutVersion: versions.layoutVersion,
    buildingVersion: versions.buildingVersion,
    year: run.year,
    stepMinutes: run.stepMinutes ?? SHADE_STEP_MINUTES,
    samples: run.samples ?? { ...SHADE_SAMPLES },
    arrays,
    finishedAt: run.finishedAt.toISOString(),
  };
  if (!hourly) return doc;
  const packed = packHourly(records);
  const chars = packed ? packedChars(packed.chunks) + 4 * packed.chunks.length : Infinity;
  if (!packed || chars > SHADE_HOURLY.budgetChars || JSON.stringify(doc).length + chars + DOCUMENT_MARGIN > DESIGN_DOCUMENT_MAX) return { ...doc, hourlyOmitted: 'size' };
  const record: ShadeHourly = { encoding: SHADE_HOURLY.encoding, ...hourly.time, chunks: packed.chunks };
  return { ...doc, hourly: record };
}

/** Whether the layout still has the arrays and module counts the shading was computed for. */
export function shadeMatchesLayout(shade: ShadeDocument, layout: LayoutDocument): boolean {
  if (shade.arrays.length !== layout.arrays.length) return false;
  return layout.arrays.every((a, k) => {
    const s = shade.arrays[k];
    return s.arrayId === a.id && s.beam.length === moduleCount(a) && s.diffuse.length === moduleCount(a);
  });
}

/**
 * Whether the shading no longer describes the design: none yet, run on other document versions
 * (the layout or the buildings were saved since), or not matching the layout's modules.
 */
export function isShadeStale(shade: ShadeDocument | null, versions: DesignVersions, layout: LayoutDocument): boolean {
  if (shade === null) return true;
  if (shade.layoutVersion !== versions.layoutVersion || shade.buildingVersion !== versions.buildingVersion) return true;
  return !shadeMatchesLayout(shade, layout);
}

/**
 * Per module of the layout (allModuleCorners order: arrays in order, centres in order), the beam or
 * diffuse shading loss [0–1] for the heat map; NaN for modules the shading does not cover.
 */
export function moduleShadeValues(shade: ShadeDocument | null, layout: LayoutDocument, which: 'beam' | 'diffuse' = 'beam'): Float64Array {
  let total = 0;
  for (const a of layout.arrays) total += moduleCount(a);
  const out = new Float64Array(total).fill(Number.NaN);
  if (shade === null) return out;
  const byArray = new Map(shade.arrays.map((s) => [s.arrayId, s]));
  let o = 0;
  for (const a of layout.arrays) {
    const n = moduleCount(a);
    const s = byArray.get(a.id);
    const values = s?.[which];
    if (values !== undefined && values.length === n) for (let i = 0; i < n; i++) out[o + i] = values[i];
    o += n;
  }
  return out;
}

/** Mean beam and diffuse shading over all modules [0–1] (NaN without modules). */
export function meanShading(shade: ShadeDocument): { beam: number; diffuse: number } {
  let n = 0;
  let beam = 0;
  let diffuse = 0;
  for (const a of shade.arrays) {
    n += a.beam.length;
    for (const v of a.beam) beam += v;
    for (const v of a.diffuse) diffuse += v;
  }
  return n === 0 ? { beam: Number.NaN, diffuse: Number.NaN } : { beam: beam / n, diffuse: diffuse / n };
}
