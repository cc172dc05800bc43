// Automatic placement of the PV layout step (spec 000 §5; docs/PRODUCT.md "PV layout"): for one roof face or
// all of them, the engine's layout command (docs/ENGINE-API.md "layout", src/model/layout.ts) fills each face
// with the chosen module under the step's settings, and the answer becomes a LayoutArray (centres) of
// the layout document. The project's capacity cap runs across faces: each face may only add what the
// cap leaves after the arrays kept and the faces already filled; when the cap stops placement the
// result carries the spec's message.
//
// Settings → engine input: azimuth is shown south-based (0 = due south, east negative) and converted
// to compass (design.ts azimuthFromSouth); flush modules take the face's tilt and azimuth; racks the
// settings' tilt and azimuth, with the clear row spacing of the settings or, when null, the engine's
// GB 50797 winter-solstice rule at the project latitude (row-spacing.ts shows the figure).
import { azimuthFromSouth, type DesignObstacle, type LayoutArray, type LayoutDocument, type LayoutModuleChoice, type LayoutSettings } from '../../../model/design.ts';
import type { LayoutInput, LayoutOutput } from '../../../model/layout.ts';
import { newId } from '../../../model/ids.ts';
import { layoutPackedSteps, type LayoutPacked } from '../../../engine/layout.ts';
import { runStepsRemote } from '../../../engine/steps.ts';
import type { KernelName, KernelResult } from '../../../engine/wasm.ts';
import { faceKey, moduleSides, replaceArraysOfFaces } from '../document/layout.ts';
import { isFlatFace, type RoofFace } from './faces.ts';
import { keepoutsForFace } from './keepouts.ts';
import { effectiveRowSpacing, rackSize } from './row-spacing.ts';
import { LAYOUT_MESSAGES } from './validate.ts';

/**
 * What placement runs on: a kernel runner, in-process (referenceRunner, a WasmEngine) or in a worker
 * (EngineClient: its `run` is preferred, the modules come back packed, no object per module), or
 * anything with the engine's `layout` command (EngineApi / AsyncEngineApi).
 */
export type LayoutEngine =
  | { run(kernel: KernelName, f64: Float64Array, i32: Int32Array): KernelResult | Promise<KernelResult> }
  | { layout(input: LayoutInput): LayoutOutput | Promise<LayoutOutput> };

/** The placement a face gets: the settings' choice, or by the face (flat → racks, sloped → flush). */
export type PlacementMode = 'settings' | 'auto';

export function resolvePlacement(face: Pick<RoofFace['face'], 'tilt'>, settings: LayoutSettings, mode: PlacementMode = 'settings'): LayoutSettings['placement'] {
  return mode === 'settings' ? settings.placement : suggestedPlacement(face);
}

/** The placement the settings form suggests for a face when the user selects it. */
export function suggestedPlacement(face: Pick<RoofFace['face'], 'tilt'>): LayoutSettings['placement'] {
  return isFlatFace(face) ? 'tilted' : 'flush';
}

export interface LayoutInputOptions {
  /** Project latitude [°] (automatic row spacing); null when the project has no position. */
  latitude: number | null;
  obstacles?: readonly DesignObstacle[];
  /** Clearance kept around obstacles [m] (default 0). */
  keepoutSetback?: number;
  /** Capacity the face may still take [kW]; null: no cap. */
  maxCapacityKw?: number | null;
  placement?: PlacementMode;
}


/** The engine's layout input for one face. */
export function layoutInputFor(face: RoofFace, module: LayoutModuleChoice, settings: LayoutSettings, options: LayoutInputOptions): LayoutInput {
  const placement = resolvePlacement(face.face, settings, options.placement);
  const input: LayoutInput = {
    face: { vertices: face.face.vertices, tilt: face.face.tilt, azimuth: face.face.azimuth },
    keepouts: [
      ...keepoutsForFace(options.obstacles ?? [], face.face.vertices, options.keepoutSetback ?? 0),
      // Islands inside the face (a dormer, a skylight frame) are holes: no module over them, and the
      // face's setback kept from their edges too.
      ...(face.face.holes ?? []).map((ring) => ({ polygon: ring.map(([x, y]): [number, number] => [x, y]), setback: settings.setback })),
    ],
    module: { length: module.length, width: module.width, powerW: module.powerW },
    orientation: settings.orientation,
    mounting:
      placement === 'flush'
        ? { type: 'flush' }
        : {
            type: 'tilted',
            tilt: settings.tilt,
            azimuth: azimuthFromSouth(settings.azimuthSouth),
            rowSpacing: settings.rowSpacing,
            modulesPerColumn: settings.modulesPerColumn,
          },
    gap: { x: settings.gapX, y: settings.gapY },
    setback: settings.setback,
    alignment: { x: settings.alignX, y: settings.alignY },
    maxCapacityKw: options.maxCapacityKw ?? null,
  };
  if (options.latitude !== null) input.site = { latitude: options.latitude };
  return input;
}

/** A face's modules as centres: count, capacity, cap reached, the geometry of the array. */
export interface FaceLayout {
  centers: number[];
  count: number;
  capacityKw: number;
  rowPitch: number;
  limitReached: boolean;
  tilt: number;
  azimuth: number;
}

function fromPacked(p: LayoutPacked): FaceLayout {
  const c = p.corners;
  const centers = new Array<number>(3 * p.count);
  for (let n = 0; n < p.count; n++) {
    const o = 12 * n;
    centers[3 * n] = (c[o] + c[o + 3] + c[o + 6] + c[o + 9]) / 4;
    centers[3 * n + 1] = (c[o + 1] + c[o + 4] + c[o + 7] + c[o + 10]) / 4;
    centers[3 * n + 2] = (c[o + 2] + c[o + 5] + c[o + 8] + c[o + 11]) / 4;
  }
  return { centers, count: p.count, capacityKw: p.capacityKw, rowPitch: p.rowPitch, limitReached: p.limitReached, tilt: p.tilt, azimuth: p.azimuth };
}

function fromOutput(out: LayoutOutput, input: LayoutInput): FaceLayout {
  const centers = new Array<number>(3 * out.count);
  out.modules.forEach((m, n) => {
    centers[3 * n] = m.center[0];
    centers[3 * n + 1] = m.center[1];
    centers[3 * n + 2] = m.center[2];
  });
  const m0 = out.modules[0];
  const mounting = input.mounting;
  const tilt = m0?.tilt ?? (mounting.type === 'tilted' ? mounting.tilt : input.face.tilt);
  const azimuth = m0?.azimuth ?? (mounting.type === 'tilted' ? mounting.azimuth : input.face.azimuth);
  return { centers, count: out.count, capacityKw: out.capacityKw, rowPitch: out.rowPitch, limitReached: out.limitReached, tilt, azimuth };
}

/** Runs the layout command on an engine (packed when it runs kernels). Throws the engine's InputError. */
export async function runLayout(engine: LayoutEngine, input: LayoutInput): Promise<FaceLayout> {
  if ('run' in engine) {
    const run = engine.run.bind(engine);
    return fromPacked(await runStepsRemote({ run: async (k, f, i) => run(k, f, i) }, layoutPackedSteps(input)));
  }
  return fromOutput(await engine.layout(input), input);
}

/**
 * An array with no modules yet on a face, for placing modules by hand on a face that has none: the
 * document's module and settings, flush on the face or on racks (resolvePlacement); rowPitch is the
 * plan pitch of flush rows or of racks (depth + the row spacing that applies, 0 when it cannot be
 * worked out). Null without a module chosen.
 */
export function emptyArrayFor(face: RoofFace, doc: LayoutDocument, options: { id?: string; latitude: number | null; placement?: PlacementMode }): LayoutArray | null {
  const module = doc.module;
  if (module === null) return null;
  const settings = { ...doc.settings, placement: resolvePlacement(face.face, doc.settings, options.placement) };
  const { along, up } = moduleSides(module, settings.orientation);
  const tilted = settings.placement === 'tilted';
  const tilt = tilted ? settings.tilt : face.face.tilt;
  const azimuth = tilted ? azimuthFromSouth(settings.azimuthSouth) : face.face.azimuth;
  let rowPitch: number;
  if (tilted) {
    const { depth } = rackSize(module, settings);
    const spacing = effectiveRowSpacing(module, settings, options.latitude);
    rowPitch = spacing === null ? 0 : depth + spacing;
  } else {
    rowPitch = (up + settings.gapY) * Math.cos((tilt * Math.PI) / 180);
  }
  return { id: options.id ?? newId(), buildingId: face.buildingId, faceId: face.face.id, settings, tilt, azimuth, along, up, centers: [], rowPitch };
}

/** What happened on one face. */
export interface FacePlacement {
  key: string;
  buildingId: string;
  faceId: string;
  count: number;
  capacityKw: number;
  /** The cap stopped placement on this face (or left nothing for it). */
  limitReached: boolean;
  /** Why the face got no modules (engine input error), or null. */
  error: string | null;
}

export interface PlaceOptions extends Omit<LayoutInputOptions, 'maxCapacityKw'> {
  /** The project's installed capacity limit [kW]; null: none. */
  capKw: number | null;
  /** Array id for a face (default: the id of the array the face had, else a new id). */
  idFor?: (face: RoofFace, previous: LayoutArray | undefined) => string;
}

export interface PlaceResult {
  /** The document with the faces' arrays replaced (a face left empty keeps no array). */
  doc: LayoutDocument;
  faces: FacePlacement[];
  /** The cap stopped placement somewhere. */
  limitReached: boolean;
  /** LAYOUT_MESSAGES.capReached when the cap stopped placement, else null. */
  message: string | null;
  /** Totals of the whole document after placement. */
  count: number;
  kWp: number;
}

/**
 * Fills the given faces (one, or all) with modules, replacing their arrays; the other faces' arrays
 * stay and count against the cap. Faces fill in the order given. Throws only when the document has
 * no module chosen; engine refusals of one face (e.g. automatic row spacing in a polar winter) are
 * reported per face.
 */
export async function placeFaces(engine: LayoutEngine, doc: LayoutDocument, faces: readonly RoofFace[], options: PlaceOptions): Promise<PlaceResult> {
  const module = doc.module;
  if (module === null) throw new Error('choose a module before placing');
  const targets = new Set(faces.map((f) => faceKey(f.buildingId, f.face.id)));
  let keptW = 0;
  for (const a of doc.arrays) if (!targets.has(faceKey(a.buildingId, a.faceId))) keptW += (a.centers.length / 3) * module.powerW;
  let remainingW = options.capKw === null ? Infinity : options.capKw * 1000 - keptW;
  const { along, up } = moduleSides(module, doc.settings.orientation);
  const arrays: LayoutArray[] = [];
  const results: FacePlacement[] = [];
  let limitReached = false;
  for (const f of faces) {
    const key = faceKey(f.buildingId, f.face.id);
    const base: FacePlacement = { key, buildingId: f.buildingId, faceId: f.face.id, count: 0, capacityKw: 0, limitReached: false, error: null };
    if (remainingW < module.powerW * (1 - 1e-9)) {
      results.push({ ...base, limitReached: true });
      limitReached = true;
      continue;
    }
    const input = layoutInputFor(f, module, doc.settings, { ...options, maxCapacityKw: Number.isFinite(remainingW) ? remainingW / 1000 : null });
    let laid: FaceLayout;
    try {
      laid = await runLayout(engine, input);
    } catch (e) {
      results.push({ ...base, error: e instanceof Error ? e.message : String(e) });
      continue;
    }
    remainingW -= laid.count * module.powerW;
    if (laid.limitReached) limitReached = true;
    results.push({ ...base, count: laid.count, capacityKw: laid.capacityKw, limitReached: laid.limitReached });
    if (laid.count === 0) continue;
    const previous = doc.arrays.find((a) => a.buildingId === f.buildingId && a.faceId === f.face.id);
    arrays.push({
      id: options.idFor ? options.idFor(f, previous) : (previous?.id ?? newId()),
      buildingId: f.buildingId,
      faceId: f.face.id,
      settings: { ...doc.settings, placement: resolvePlacement(f.face, doc.settings, options.placement) },
      tilt: laid.tilt,
      azimuth: laid.azimuth,
      along,
      up,
      centers: laid.centers,
      rowPitch: laid.rowPitch,
    });
  }
  // Faces that got nothing lose their old arrays too: replace by face key, then drop emptied faces.
  const emptied = faces.map((f) => faceKey(f.buildingId, f.face.id)).filter((k) => !arrays.some((a) => faceKey(a.buildingId, a.faceId) === k));
  const dropped = new Set(emptied);
  let next = replaceArraysOfFaces(doc, arrays);
  next = { ...next, arrays: next.arrays.filter((a) => !dropped.has(faceKey(a.buildingId, a.faceId))) };
  let count = 0;
  for (const a of next.arrays) count += a.centers.length / 3;
  return {
    doc: next,
    faces: results,
    limitReached,
    message: limitReached ? LAYOUT_MESSAGES.capReached : null,
    count,
    kWp: (count * module.powerW) / 1000,
  };
}
