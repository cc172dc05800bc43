// Pure actions over the layout document ('component-layout', src/model/design.ts LayoutDocument):
// each takes the document and returns the next one (the same object when nothing changes or the
// action is refused), so undo/redo and saving come for free (STYLE "Editor").
//
// A module is known by its array and its index in the array's centres (contracts.ts ModuleRef). Its
// other geometry follows from the array: every module of an array has the array's tilt t, compass
// azimuth A and sides `along` (along a row) × `up` (up the slope). In the engine's array frame
// (src/engine/layout-codec.ts):
//   u = (−cos A, sin A, 0)                     along a row, from its left end seen from the front
//   w = (−sin A·cos t, −cos A·cos t, sin t)    up the module's slope
// so the corners are c ∓ along/2·u ∓ up/2·w (front-left, front-right, back-right, back-left, the
// layout command's order) and the plan footprint is the rectangle along × up·cos t around the centre.
//
// Manual edits keep the layout physical: a module added or moved must not overlap another module of
// its array (rectangles of the same orientation: overlap iff both frame distances are below the
// sides, less LAYOUT.containmentTolerance) and, when the faces are given, must stay on its face.
import type { ModuleRef } from '../contracts.ts';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutArray, type LayoutDocument, type LayoutModuleChoice, type LayoutSettings } from '../../../model/design.ts';
import { LAYOUT } from '../../../model/layout.ts';
import { planeHeight, pointInPolygon, quadOnFace } from '../layout/plan-geometry.ts';

export { planeHeight, pointInPolygon, quadOnFace };

const D2R = Math.PI / 180;
const EPS = LAYOUT.containmentTolerance;

export type Vec3 = [number, number, number];
/** Front-left, front-right, back-right, back-left [m]. */
export type ModuleQuad = [Vec3, Vec3, Vec3, Vec3];

/**
 * A roof face as the layout actions need it: which building and face (the arrays' buildingId and
 * faceId) and its outline (the roof command's `vertices`, [x, y, z] or [x, y]) [m].
 */
export interface FacePlan {
  readonly buildingId: string;
  readonly faceId: string;
  readonly vertices: readonly (readonly number[])[];
}

/** The key of a roof face: `${buildingId}/${faceId}`. */
export function faceKey(buildingId: string, faceId: string): string {
  return `${buildingId}/${faceId}`;
}

/** The frame of an array: plan axes u (along a row), v (up the array), the 3D slope axis w, sizes. */
export interface ArrayFrame {
  ux: number;
  uy: number;
  vx: number;
  vy: number;
  /** w = (vx·cos t, vy·cos t, sin t). */
  wx: number;
  wy: number;
  wz: number;
  /** Module side along a row, plan depth up the array (up·cos t) [m]. */
  along: number;
  depth: number;
  up: number;
}

/** cos and sin of an angle [°], exact at multiples of 90° (like the engine's codec). */
function cosSinDeg(deg: number): [number, number] {
  const q = deg / 90;
  if (Number.isInteger(q)) {
    const k = ((q % 4) + 4) % 4;
    return [[1, 0, -1, 0][k], [0, 1, 0, -1][k]];
  }
  return [Math.cos(deg * D2R), Math.sin(deg * D2R)];
}

export function arrayFrame(a: Pick<LayoutArray, 'tilt' | 'azimuth' | 'along' | 'up'>): ArrayFrame {
  const [cosA, sinA] = cosSinDeg(a.azimuth);
  const [cosT, sinT] = cosSinDeg(a.tilt);
  const vx = -sinA;
  const vy = -cosA;
  return { ux: -cosA, uy: sinA, vx, vy, wx: vx * cosT, wy: vy * cosT, wz: sinT, along: a.along, depth: a.up * cosT, up: a.up };
}

/** Sides of a module along a row and up the slope for an orientation [m]. */
export function moduleSides(module: Pick<LayoutModuleChoice, 'length' | 'width'>, orientation: LayoutSettings['orientation']): { along: number; up: number } {
  return orientation === 'portrait' ? { along: module.width, up: module.length } : { along: module.length, up: module.width };
}

/** Number of modules of an array. */
export function moduleCount(a: Pick<LayoutArray, 'centers'>): number {
  return a.centers.length / 3;
}

/** The centre [x, y, z] of module `index` of an array [m]. */
export function moduleCenter(a: Pick<LayoutArray, 'centers'>, index: number): Vec3 {
  const o = 3 * index;
  return [a.centers[o], a.centers[o + 1], a.centers[o + 2]];
}

/** The four corners of module `index`: front-left, front-right, back-right, back-left [m]. */
export function moduleCorners(array: LayoutArray, index: number, frame: ArrayFrame = arrayFrame(array)): ModuleQuad {
  return cornersAt(frame, array.centers[3 * index], array.centers[3 * index + 1], array.centers[3 * index + 2]);
}

function cornersAt(f: ArrayFrame, cx: number, cy: number, cz: number): ModuleQuad {
  const a = f.along / 2;
  const h = f.up / 2;
  const corner = (s: number, t: number): Vec3 => [cx + s * a * f.ux + t * h * f.wx, cy + s * a * f.uy + t * h * f.wy, cz + t * h * f.wz];
  return [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)];
}

/** A module with its shade id `${arrayId}:${index}` and its corners. */
export interface ModuleWithCorners {
  id: string;
  arrayId: string;
  index: number;
  corners: ModuleQuad;
}

/** Every module of the document, arrays in order, each array's modules in centre order. */
export function allModuleCorners(doc: Pick<LayoutDocument, 'arrays'>): ModuleWithCorners[] {
  const out: ModuleWithCorners[] = [];
  for (const a of doc.arrays) {
    const f = arrayFrame(a);
    for (let i = 0, n = moduleCount(a); i < n; i++) out.push({ id: moduleId(a.id, i), arrayId: a.id, index: i, corners: moduleCorners(a, i, f) });
  }
  return out;
}

/** The same corners packed: 12 values per module (corner order as above) [m], for drawing. */
export function packedModuleCorners(doc: Pick<LayoutDocument, 'arrays'>): Float64Array {
  let n = 0;
  for (const a of doc.arrays) n += moduleCount(a);
  const out = new Float64Array(12 * n);
  let o = 0;
  for (const a of doc.arrays) {
    const f = arrayFrame(a);
    for (let i = 0, m = moduleCount(a); i < m; i++) {
      for (const c of moduleCorners(a, i, f)) {
        out[o++] = c[0];
        out[o++] = c[1];
        out[o++] = c[2];
      }
    }
  }
  return out;
}

/** The shade/heat-map id of a module. */
export function moduleId(arrayId: string, index: number): string {
  return `${arrayId}:${index}`;
}

/** Plan coordinates of (x, y) relative to a module centre in the array frame: [s along, r up]. */
function frameOffset(f: ArrayFrame, cx: number, cy: number, x: number, y: number): [number, number] {
  const dx = x - cx;
  const dy = y - cy;
  return [dx * f.ux + dy * f.uy, dx * f.vx + dy * f.vy];
}

/** The module whose plan footprint holds (x, y) — the last array drawn wins — or null. */
export function hitModule(doc: LayoutDocument, x: number, y: number): ModuleRef | null {
  for (let k = doc.arrays.length - 1; k >= 0; k--) {
    const a = doc.arrays[k];
    const f = arrayFrame(a);
    const ha = f.along / 2 + EPS;
    const hd = f.depth / 2 + EPS;
    const c = a.centers;
    for (let i = c.length / 3 - 1; i >= 0; i--) {
      const [s, r] = frameOffset(f, c[3 * i], c[3 * i + 1], x, y);
      if (Math.abs(s) <= ha && Math.abs(r) <= hd) return { arrayId: a.id, index: i };
    }
  }
  return null;
}

/** The modules whose plan footprint touches the axis-aligned box [x0, x1] × [y0, y1] (box select). */
export function modulesInBox(doc: LayoutDocument, x0: number, y0: number, x1: number, y1: number): ModuleRef[] {
  const xl = Math.min(x0, x1);
  const xh = Math.max(x0, x1);
  const yl = Math.min(y0, y1);
  const yh = Math.max(y0, y1);
  const out: ModuleRef[] = [];
  for (const a of doc.arrays) {
    const f = arrayFrame(a);
    // Half extents of the footprint's bounding box.
    const ex = (Math.abs(f.ux) * f.along + Math.abs(f.vx) * f.depth) / 2;
    const ey = (Math.abs(f.uy) * f.along + Math.abs(f.vy) * f.depth) / 2;
    for (let i = 0, n = moduleCount(a); i < n; i++) {
      const cx = a.centers[3 * i];
      const cy = a.centers[3 * i + 1];
      if (cx + ex >= xl && cx - ex <= xh && cy + ey >= yl && cy - ey <= yh) out.push({ arrayId: a.id, index: i });
    }
  }
  return out;
}

// ── faces ─────────────────────────────────────────────────────────────────────────────────────

/** The face (of `faces`) whose plan outline holds (x, y), or null. */
export function faceAt(faces: readonly FacePlan[], x: number, y: number): FacePlan | null {
  for (const f of faces) if (pointInPolygon(x, y, f.vertices)) return f;
  return null;
}

/**
 * The array whose face holds (x, y). Arrays know their face by ids only, so pass the faces (the roof
 * outputs: faces.ts facePlansOf) to answer by the face outline: the array of the face under the
 * point, null when that face has no array. Without faces: the array of the module under the point,
 * else of the nearest module centre within one module size — a guess from the modules alone.
 */
export function arrayAt(doc: LayoutDocument, x: number, y: number, faces?: readonly FacePlan[]): string | null {
  if (faces !== undefined) {
    const f = faceAt(faces, x, y);
    if (f === null) return null;
    return doc.arrays.find((a) => a.buildingId === f.buildingId && a.faceId === f.faceId)?.id ?? null;
  }
  const hit = hitModule(doc, x, y);
  if (hit !== null) return hit.arrayId;
  let best: string | null = null;
  let bestD = Infinity;
  for (const a of doc.arrays) {
    const reach = Math.max(a.along, a.up);
    for (let i = 0, n = moduleCount(a); i < n; i++) {
      const d = Math.hypot(a.centers[3 * i] - x, a.centers[3 * i + 1] - y);
      if (d <= reach && d < bestD) {
        bestD = d;
        best = a.id;
      }
    }
  }
  return best;
}

// ── overlap ───────────────────────────────────────────────────────────────────────────────────

/** A grid of module centres of one array in its frame, cells one module in size (overlap queries). */
class FrameGrid {
  private readonly cells = new Map<number, number[]>();
  constructor(
    private readonly f: ArrayFrame,
    private readonly centers: readonly number[],
    skip: ReadonlySet<number>,
  ) {
    for (let i = 0, n = centers.length / 3; i < n; i++) {
      if (skip.has(i)) continue;
      const [ci, cj] = this.cell(centers[3 * i], centers[3 * i + 1]);
      const key = FrameGrid.key(ci, cj);
      const list = this.cells.get(key);
      if (list) list.push(i);
      else this.cells.set(key, [i]);
    }
  }
  /** A number per cell (cells within ±2^25 of the origin: ±38 000 km at 1 mm modules). */
  private static key(i: number, j: number): number {
    return (i + 2 ** 25) * 2 ** 26 + (j + 2 ** 25);
  }
  private cell(x: number, y: number): [number, number] {
    const s = x * this.f.ux + y * this.f.uy;
    const r = x * this.f.vx + y * this.f.vy;
    return [Math.floor(s / this.f.along), Math.floor(r / this.f.depth)];
  }
  /** Whether a module centred at (x, y) overlaps one in the grid. */
  overlaps(x: number, y: number): boolean {
    const [ci, cj] = this.cell(x, y);
    const ha = this.f.along - EPS;
    const hd = this.f.depth - EPS;
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        for (const k of this.cells.get(FrameGrid.key(ci + di, cj + dj)) ?? []) {
          const [s, r] = frameOffset(this.f, this.centers[3 * k], this.centers[3 * k + 1], x, y);
          if (Math.abs(s) < ha && Math.abs(r) < hd) return true;
        }
      }
    }
    return false;
  }
}

/** Why a manual add or move is refused: overlap with a module, off the face, unknown array/height. */
export type EditRefusal = 'overlap' | 'offFace' | 'noArray' | 'noHeight';

function faceOf(a: LayoutArray, faces: readonly FacePlan[] | undefined): FacePlan | null | undefined {
  if (faces === undefined) return undefined;
  return faces.find((f) => f.buildingId === a.buildingId && f.faceId === a.faceId) ?? null;
}

function footprintOnFace(f: ArrayFrame, c: Vec3, face: FacePlan | null | undefined): boolean {
  if (face === undefined) return true;
  if (face === null) return false;
  return quadOnFace(cornersAt(f, c[0], c[1], c[2]), face.vertices);
}

/** Why addModule would refuse, or null when it would add the module. */
export function checkAdd(doc: LayoutDocument, arrayId: string, center: readonly [number, number, number], faces?: readonly FacePlan[]): EditRefusal | null {
  const a = doc.arrays.find((x) => x.id === arrayId);
  if (a === undefined) return 'noArray';
  if (!center.every(Number.isFinite)) return 'noHeight';
  const f = arrayFrame(a);
  if (!footprintOnFace(f, [center[0], center[1], center[2]], faceOf(a, faces))) return 'offFace';
  if (new FrameGrid(f, a.centers, new Set()).overlaps(center[0], center[1])) return 'overlap';
  return null;
}

/**
 * A module added to an array at `center` [m]; the same document when refused (checkAdd says why):
 * it would overlap a module of the array or, with `faces`, leave the array's face.
 */
export function addModule(doc: LayoutDocument, arrayId: string, center: [number, number, number], faces?: readonly FacePlan[]): LayoutDocument {
  if (checkAdd(doc, arrayId, center, faces) !== null) return doc;
  return { ...doc, arrays: doc.arrays.map((a) => (a.id === arrayId ? { ...a, centers: [...a.centers, center[0], center[1], center[2]] } : a)) };
}

/** Refs grouped by array: array id → set of indices. */
function group(refs: readonly ModuleRef[]): Map<string, Set<number>> {
  const m = new Map<string, Set<number>>();
  for (const r of refs) {
    const s = m.get(r.arrayId);
    if (s) s.add(r.index);
    else m.set(r.arrayId, new Set([r.index]));
  }
  return m;
}

/** The document without the given modules (the other modules' indices shift down). */
export function removeModules(doc: LayoutDocument, refs: readonly ModuleRef[]): LayoutDocument {
  if (refs.length === 0) return doc;
  const byArray = group(refs);
  let changed = false;
  const arrays = doc.arrays.map((a) => {
    const drop = byArray.get(a.id);
    if (drop === undefined) return a;
    const centers: number[] = [];
    for (let i = 0, n = moduleCount(a); i < n; i++) if (!drop.has(i)) centers.push(a.centers[3 * i], a.centers[3 * i + 1], a.centers[3 * i + 2]);
    if (centers.length === a.centers.length) return a;
    changed = true;
    return { ...a, centers };
  });
  return changed ? { ...doc, arrays } : doc;
}

/** The moved centres of a move, per array, or a refusal. */
function plannedMove(
  doc: LayoutDocument,
  refs: readonly ModuleRef[],
  dx: number,
  dy: number,
  zAt: (arrayId: string, x: number, y: number) => number,
  faces: readonly FacePlan[] | undefined,
): { refusal: EditRefusal } | { moved: Map<string, number[]> } {
  const moved = new Map<string, number[]>();
  for (const [arrayId, indices] of group(refs)) {
    const a = doc.arrays.find((x) => x.id === arrayId);
    if (a === undefined) return { refusal: 'noArray' };
    const f = arrayFrame(a);
    const face = faceOf(a, faces);
    const grid = new FrameGrid(f, a.centers, indices);
    const centers = a.centers.slice();
    for (const i of indices) {
      if (i < 0 || i >= moduleCount(a) || !Number.isInteger(i)) return { refusal: 'noArray' };
      const x = a.centers[3 * i] + dx;
      const y = a.centers[3 * i + 1] + dy;
      const z = zAt(arrayId, x, y);
      if (!Number.isFinite(z)) return { refusal: 'noHeight' };
      if (!footprintOnFace(f, [x, y, z], face)) return { refusal: 'offFace' };
      if (grid.overlaps(x, y)) return { refusal: 'overlap' };
      centers[3 * i] = x;
      centers[3 * i + 1] = y;
      centers[3 * i + 2] = z;
    }
    moved.set(arrayId, centers);
  }
  return { moved };
}

/** Why moveModules would refuse, or null when it would move them. */
export function checkMove(
  doc: LayoutDocument,
  refs: readonly ModuleRef[],
  dx: number,
  dy: number,
  zAt: (arrayId: string, x: number, y: number) => number,
  faces?: readonly FacePlan[],
): EditRefusal | null {
  const p = plannedMove(doc, refs, dx, dy, zAt, faces);
  return 'refusal' in p ? p.refusal : null;
}

/**
 * The modules moved by (dx, dy) in plan [m], each to the height zAt(arrayId, x, y) of its new centre
 * (the face plane; a non-finite height refuses the move). All or nothing: the same document when any
 * module would overlap a module of its array that stays, or, with `faces`, leave its face.
 */
export function moveModules(
  doc: LayoutDocument,
  refs: readonly ModuleRef[],
  dx: number,
  dy: number,
  zAt: (arrayId: string, x: number, y: number) => number,
  faces?: readonly FacePlan[],
): LayoutDocument {
  if (refs.length === 0 || (dx === 0 && dy === 0)) return doc;
  const p = plannedMove(doc, refs, dx, dy, zAt, faces);
  if ('refusal' in p) return doc;
  return { ...doc, arrays: doc.arrays.map((a) => (p.moved.has(a.id) ? { ...a, centers: p.moved.get(a.id) ?? a.centers } : a)) };
}

/**
 * zAt for moveModules from the faces: the array's face plane, plus the height of the module centre
 * above the plane where it is now (racks stand on the face). NaN for an array without its face.
 */
export function zAtFromFaces(doc: LayoutDocument, faces: readonly FacePlan[]): (arrayId: string, x: number, y: number) => number {
  const planes = new Map<string, { h: (x: number, y: number) => number; lift: number }>();
  for (const a of doc.arrays) {
    const f = faces.find((p) => p.buildingId === a.buildingId && p.faceId === a.faceId);
    if (f === undefined) continue;
    const h = planeHeight(f.vertices);
    // An empty array: a flush module's centre lies on the plane, a rack module's half its rise above.
    const lift = a.centers.length >= 3 ? a.centers[2] - h(a.centers[0], a.centers[1]) : a.settings.placement === 'tilted' ? (a.up / 2) * Math.sin(a.tilt * D2R) : 0;
    planes.set(a.id, { h, lift: Number.isFinite(lift) ? lift : 0 });
  }
  return (arrayId, x, y) => {
    const p = planes.get(arrayId);
    return p === undefined ? NaN : p.h(x, y) + p.lift;
  };
}

/**
 * (x, y) snapped to the array's grid (manual add next to placed modules): along a row to the module
 * pitch along + gap x, up the array to the row pitch (flush rows, or racks of one module), measured
 * from the array's first module. Unchanged for an array without modules.
 */
export function snapToArrayGrid(a: LayoutArray, x: number, y: number): [number, number] {
  if (a.centers.length < 3) return [x, y];
  const f = arrayFrame(a);
  const [s, r] = frameOffset(f, a.centers[0], a.centers[1], x, y);
  const pu = a.along + a.settings.gapX;
  const stacked = a.settings.placement === 'tilted' && a.settings.modulesPerColumn > 1;
  const pv = a.rowPitch > 0 && !stacked ? a.rowPitch : 0;
  const s1 = Math.round(s / pu) * pu;
  const r1 = pv > 0 ? Math.round(r / pv) * pv : r;
  return [a.centers[0] + s1 * f.ux + r1 * f.vx, a.centers[1] + s1 * f.uy + r1 * f.vy];
}

// ── document-level actions ───────────────────────────────────────────────────────────────────

/** Replaces one module's centre (no checks: the caller has them). */
export function setModule(doc: LayoutDocument, ref: ModuleRef, center: [number, number, number]): LayoutDocument {
  return {
    ...doc,
    arrays: doc.arrays.map((a) => {
      if (a.id !== ref.arrayId || ref.index < 0 || ref.index >= moduleCount(a)) return a;
      const centers = a.centers.slice();
      centers.splice(3 * ref.index, 3, center[0], center[1], center[2]);
      return { ...a, centers };
    }),
  };
}

/** Whether choosing `module` changes the module size, which clears the placed arrays (ask first). */
export function moduleChangeClearsArrays(doc: LayoutDocument, module: LayoutModuleChoice | null): boolean {
  if (doc.arrays.length === 0) return false;
  const cur = doc.module;
  if (cur === null || module === null) return true;
  return cur.length !== module.length || cur.width !== module.width;
}

/**
 * The module every array uses. A different size clears the arrays (their modules would overlap or
 * leave gaps: place again); a different power or name keeps them.
 */
export function setModuleChoice(doc: LayoutDocument, module: LayoutModuleChoice | null): LayoutDocument {
  return { ...doc, module, arrays: moduleChangeClearsArrays(doc, module) ? [] : doc.arrays };
}

/** The settings of the next placement (the placed arrays keep theirs). */
export function setSettings(doc: LayoutDocument, patch: Partial<LayoutSettings>): LayoutDocument {
  return { ...doc, settings: { ...DEFAULT_LAYOUT_SETTINGS, ...doc.settings, ...patch } };
}

/** The arrays of the faces that `arrays` are on replaced by them (other faces keep theirs). */
export function replaceArraysOfFaces(doc: LayoutDocument, arrays: readonly LayoutArray[]): LayoutDocument {
  const keys = new Set(arrays.map((a) => faceKey(a.buildingId, a.faceId)));
  return { ...doc, arrays: [...doc.arrays.filter((a) => !keys.has(faceKey(a.buildingId, a.faceId))), ...arrays] };
}

/** The arrays on the given faces (faceKey) removed; without faceKeys, every array. */
export function clearArrays(doc: LayoutDocument, faceKeys?: readonly string[]): LayoutDocument {
  if (faceKeys === undefined) return doc.arrays.length === 0 ? doc : { ...doc, arrays: [] };
  const keys = new Set(faceKeys);
  const arrays = doc.arrays.filter((a) => !keys.has(faceKey(a.buildingId, a.faceId)));
  return arrays.length === doc.arrays.length ? doc : { ...doc, arrays };
}

/** The arrays of buildings or faces that no longer exist removed (after the building step changed). */
export function pruneArrays(doc: LayoutDocument, faces: readonly FacePlan[]): LayoutDocument {
  const keys = faces.map((f) => faceKey(f.buildingId, f.faceId));
  const keep = new Set(keys);
  const arrays = doc.arrays.filter((a) => keep.has(faceKey(a.buildingId, a.faceId)));
  return arrays.length === doc.arrays.length ? doc : { ...doc, arrays };
}
