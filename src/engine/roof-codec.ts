// The roofSolve kernel's host codec (engine/abi.ts): a building (or a split drawing) in the model's
// JSON shapes → the flat F64/I32 input arrays, and the kernel's output arrays → RoofOutput /
// SplitOutput. Ids live only here: the engine works on indices.
//
// Input point order: the outline ring's points first (ring order), then the other outer points, then
// `points`; engine index = position in that list. Tolerances come from src/model/constants.ts.
import { RefKind, Relation, RoofError, RoofIn, RoofOutI32, Status, Stride } from '../../engine/abi.ts';
import { GEOMETRY, TOO_MANY_MESSAGE } from '../model/constants.ts';
import { TooManyError } from '../model/ids.ts';
import type { LineIn, PointIn, Relation as RelationName, RoofErrorCode, RoofOutput, SplitOutput } from '../model/roof.ts';
import { InputError, type InputPath } from './errors.ts';
import type { KernelResult } from './wasm.ts';

/** A building ready for encoding: the outline as a ring, interior points and lines. */
export interface EncodableBuilding {
  /** The building's id (scope of the ids the engine's output creates). */
  id: string;
  eaveHeight: number;
  /** The outline's points in ring order (first not repeated). */
  ring: PointIn[];
  /** Per ring edge k (ring[k] → ring[k + 1]): the outer line's id, when the input had outer lines. */
  ringEdgeIds?: string[];
  /** Other points: outer points off the ring, then interior points. */
  points: PointIn[];
  lines: LineIn[];
  /** Error paths: point i's place in the input document (i over ring, then points), the lines'. */
  paths?: { point?: (i: number) => InputPath; lines?: InputPath };
}

/** What decoding needs to know about the encoding. */
export interface RoofEncoding {
  f64: Float64Array;
  i32: Int32Array;
  /** Engine input index → point id. */
  pointIds: string[];
  /** Input line index → line id. */
  lineIds: string[];
  /** Outline position k → labels of that edge (its outer line id, or its two point ids). */
  edgeLabels: string[][];
  nOutline: number;
  /** Prefix of the keys of derived ids: the building id ('split' for split). */
  scope: string;
}

function header(eaveHeight: number): number[] {
  const h = new Array<number>(RoofIn.HEADER).fill(0);
  h[RoofIn.EAVE_HEIGHT] = eaveHeight;
  h[RoofIn.MERGE_TOL] = GEOMETRY.mergeTolerance;
  h[RoofIn.INTERSECT_EPS] = GEOMETRY.intersectionEps;
  h[RoofIn.DEGENERATE_LEN] = GEOMETRY.degenerateLength;
  h[RoofIn.PLANARITY_DEG] = GEOMETRY.planarityDeg;
  h[RoofIn.PLANARITY_REL] = GEOMETRY.planarityRel;
  h[RoofIn.DEGENERATE_AREA] = GEOMETRY.degenerateArea;
  h[RoofIn.MAX_ENTITIES] = GEOMETRY.maxEntities;
  return h;
}

/**
 * The outline ring of a drawn building: with outer lines, the ring they form (walked from the first
 * line, each vertex left by the next unused line touching it); without, the outer points in order.
 * Throws InputError when outer lines name unknown points or do not form one closed ring.
 */
export function outlineRing(
  outerPoints: readonly PointIn[],
  outerLines: readonly LineIn[] | undefined,
  path: InputPath = ['building'],
): { ring: PointIn[]; edgeIds?: string[]; rest: PointIn[] } {
  if (outerLines === undefined || outerLines.length === 0) return { ring: [...outerPoints], rest: [] };
  const byId = new Map<string, PointIn>();
  for (const p of outerPoints) byId.set(p.id, p);
  const touching = new Map<string, number[]>();
  outerLines.forEach((l, k) => {
    for (const end of ['idp1', 'idp2'] as const) {
      if (!byId.has(l[end])) throw new InputError([...path, 'outerLines', k, end], `unknown outer point id "${l[end]}" in outer line ${l.id}`);
    }
    if (l.idp1 === l.idp2) throw new InputError([...path, 'outerLines', k], `outer line ${l.id} starts and ends at the same point`);
    for (const end of [l.idp1, l.idp2]) {
      const list = touching.get(end) ?? [];
      list.push(k);
      touching.set(end, list);
    }
  });
  const used = new Array<boolean>(outerLines.length).fill(false);
  const start = outerLines[0].idp1;
  const ring: PointIn[] = [];
  const edgeIds: string[] = [];
  let at = start;
  let k = 0;
  for (;;) {
    const line = outerLines[k];
    used[k] = true;
    ring.push(byId.get(at)!);
    edgeIds.push(line.id);
    at = line.idp1 === at ? line.idp2 : line.idp1;
    if (at === start) break;
    const next = (touching.get(at) ?? []).find((j) => !used[j]);
    if (next === undefined) throw new InputError([...path, 'outerLines'], `the outer lines do not close into a ring (open at point ${at})`);
    k = next;
  }
  const unused = used.indexOf(false);
  if (unused >= 0) {
    throw new InputError([...path, 'outerLines', unused], `outer line ${outerLines[unused].id} is not part of the outline ring`);
  }
  const onRing = new Set(ring.map((p) => p.id));
  return { ring, edgeIds, rest: outerPoints.filter((p) => !onRing.has(p.id)) };
}

/** Encodes a building for roofSolve. Throws InputError for duplicate ids and unknown line ends. */
export function encodeRoof(b: EncodableBuilding): RoofEncoding {
  return encode(b.id, b.eaveHeight, b.ring, b.points, b.lines, b.ringEdgeIds, b.paths);
}

/** Encodes a `split` drawing: roofSolve with no outline (split mode). */
export function encodeSplit(points: readonly PointIn[], lines: readonly LineIn[]): RoofEncoding {
  return encode('split', 0, [], points, lines, undefined, { point: (i) => ['points', i], lines: ['lines'] });
}

function encode(
  scope: string,
  eave: number,
  ring: readonly PointIn[],
  others: readonly PointIn[],
  lines: readonly LineIn[],
  ringEdgeIds: readonly string[] | undefined,
  paths: EncodableBuilding['paths'],
): RoofEncoding {
  // Plain loops straight into the typed arrays: this runs on every solve (a 10k-segment plan: ~2 ms).
  const linePath = paths?.lines ?? ['building', 'lines'];
  const n = ring.length;
  const nAll = n + others.length;
  const f64 = new Float64Array(RoofIn.HEADER + 3 * nAll);
  f64.set(header(eave));
  const pointIds = new Array<string>(nAll);
  const index = new Map<string, number>();
  for (let i = 0; i < nAll; i++) {
    const p = i < n ? ring[i] : others[i - n];
    const id = p.id;
    if (index.has(id)) {
      const path = paths?.point?.(i) ?? (i < n ? ['building', 'outerPoints'] : ['building', 'points', i - n]);
      throw new InputError([...path, 'id'], `duplicate point id "${id}"`);
    }
    index.set(id, i);
    pointIds[i] = id;
    const o = RoofIn.HEADER + 3 * i;
    f64[o] = p.x;
    f64[o + 1] = p.y;
    f64[o + 2] = typeof p.z === 'number' ? p.z : Number.NaN;
  }
  const nLines = lines.length;
  const i32 = new Int32Array(3 + n + 2 * nLines);
  i32[0] = nAll;
  i32[1] = n;
  i32[2] = nLines;
  for (let k = 0; k < n; k++) i32[3 + k] = k;
  const lineIds = new Array<string>(nLines);
  const seen = new Set<string>();
  for (let k = 0, o = 3 + n; k < nLines; k++, o += 2) {
    const l = lines[k];
    const id = l.id;
    if (seen.has(id)) throw new InputError([...linePath, k, 'id'], `duplicate line id "${id}"`);
    seen.add(id);
    lineIds[k] = id;
    const a = index.get(l.idp1);
    if (a === undefined) throw new InputError([...linePath, k, 'idp1'], `line ${id} refers to an unknown point id "${l.idp1}"`);
    const b = index.get(l.idp2);
    if (b === undefined) throw new InputError([...linePath, k, 'idp2'], `line ${id} refers to an unknown point id "${l.idp2}"`);
    i32[o] = a;
    i32[o + 1] = b;
  }
  const edgeLabels = ring.map((p, k) => (ringEdgeIds ? [ringEdgeIds[k]] : [p.id, ring[(k + 1) % n].id]));
  return { f64, i32, pointIds, lineIds, edgeLabels, nOutline: n, scope };
}

// ── decoding ─────────────────────────────────────────────────────────────────────────────────────

/** The kernel output's sections, as offsets into its arrays. */
export interface RoofOutputLayout {
  nPoints: number;
  nLines: number;
  nFaces: number;
  nErrors: number;
  nHoles: number;
  points: number;
  lines: number;
  faces: number;
  faceIndex: number;
  errors: number;
  refs: number;
  holes: number;
  holeIndex: number;
  faceF64: number;
}
type Layout = RoofOutputLayout;

/** The sections of a roofSolve output; throws when the arrays do not match their header. */
export function layout(r: KernelResult): Layout {
  const h = r.i32;
  if (r.status === Status.BAD_INPUT || h[RoofOutI32.STATUS] === Status.BAD_INPUT) {
    throw new Error('roofSolve rejected its input arrays (BAD_INPUT): an encoding bug');
  }
  const nPoints = h[RoofOutI32.N_POINTS];
  const nLines = h[RoofOutI32.N_LINES];
  const nFaces = h[RoofOutI32.N_FACES];
  const nErrors = h[RoofOutI32.N_ERRORS];
  const points = RoofOutI32.HEADER;
  const lines = points + nPoints * Stride.POINT_I32;
  const faces = lines + nLines * Stride.LINE_I32;
  const faceIndex = faces + nFaces * Stride.FACE_I32;
  const errors = faceIndex + h[RoofOutI32.N_FACE_INDICES];
  const refs = errors + nErrors * Stride.ERROR_I32;
  const nHoles = h[RoofOutI32.N_HOLES];
  const holes = refs + h[RoofOutI32.N_REFS] * Stride.REF_I32;
  const holeIndex = holes + nHoles * Stride.HOLE_I32;
  const end = holeIndex + h[RoofOutI32.N_HOLE_INDICES];
  if (end !== h.length || r.f64.length !== nPoints * Stride.POINT_F64 + nFaces * Stride.FACE_F64) {
    throw new Error('roofSolve output does not match its header');
  }
  return { nPoints, nLines, nFaces, nErrors, nHoles, points, lines, faces, faceIndex, errors, refs, holes, holeIndex, faceF64: nPoints * Stride.POINT_F64 };
}

// ── ids of what the engine creates ───────────────────────────────────────────────────────────────
// Created points and faces get ids of the generated-id shape (src/model/ids.ts: 16 letters, then
// digits), derived from what they are rather than drawn at random: the same drawing gives the same
// ids in every run, in-process or in a worker, so a re-solve keeps the ids of unchanged faces and
// crossings (the UI can keep a selection, a layout can keep its face).

/** An incremental 64-bit key hash (two independent 32-bit FNV-1a lanes). */
class KeyHash {
  private a = 0x811c9dc5;
  private b = 0x9e3779b9;

  add(s: string): this {
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
    // A separator, so that ('ab', 'c') and ('a', 'bc') differ.
    this.a = Math.imul(a ^ 0x1f, 0x01000193);
    this.b = Math.imul(b ^ 0x1f, 0x5bd1e995);
    return this;
  }

  /** The id: 16 letters and 13 digits from avalanched mixes of the two lanes. */
  id(): string {
    const a = this.a;
    const b = this.b;
    // Letters in base 52, least significant first, four per lane mix (two per LETTER_PAIRS lookup).
    let s = '';
    for (let k = 1; k <= 4; k++) {
      const h = fmix32(a ^ Math.imul(k, 0x27d4eb2d) ^ fmix32(b + k));
      const q = Math.floor(h / 52);
      const r = Math.floor(q / 52);
      const t = Math.floor(r / 52);
      s += LETTER_PAIRS[(h % 52) * 52 + (q % 52)] + LETTER_PAIRS[(r % 52) * 52 + (t % 52)];
    }
    const d1 = fmix32(b ^ 0x165667b1 ^ fmix32(a + 5)) % 1_000_000;
    const d2 = fmix32(a ^ 0x3c6ef372 ^ fmix32(b + 6)) % 10_000_000;
    return s + String(d1).padStart(6, '0') + String(d2).padStart(7, '0');
  }
}

/** murmur3's 32-bit finaliser (unsigned result). */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const LETTERS = Array.from('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
/** Two letters at once: LETTER_PAIRS[52·i + j] = LETTERS[i] + LETTERS[j]. */
const LETTER_PAIRS = LETTERS.flatMap((x) => LETTERS.map((y) => x + y));

/** A deterministic id of the generated-id shape (isGeneratedId) for the key parts. */
export function derivedId(...parts: string[]): string {
  const h = new KeyHash();
  for (const part of parts) h.add(part);
  return h.id();
}

/** Output point ids: input ids kept; created points ids derived from their place (scope, x, y). */
function pointIdsOf(enc: RoofEncoding, r: KernelResult, L: Layout): string[] {
  const ids: string[] = [];
  for (let p = 0; p < L.nPoints; p++) {
    const origin = r.i32[L.points + p * Stride.POINT_I32 + 2];
    const x = r.f64[p * Stride.POINT_F64];
    const y = r.f64[p * Stride.POINT_F64 + 1];
    ids.push(origin >= 0 ? enc.pointIds[origin] : derivedId(enc.scope, 'point', String(x), String(y)));
  }
  return ids;
}

function linesOf(enc: RoofEncoding, r: KernelResult, L: Layout, ids: string[]): RoofOutput['lines'] {
  const lines: RoofOutput['lines'] = new Array(L.nLines);
  const i32 = r.i32;
  const f64 = r.f64;
  const LI32 = Stride.LINE_I32;
  const PF64 = Stride.POINT_F64;
  for (let k = 0; k < L.nLines; k++) {
    const o = L.lines + k * LI32;
    const a = i32[o];
    const b = i32[o + 1];
    const sub = i32[o + 3];
    const base = enc.lineIds[i32[o + 2]];
    lines[k] = {
      id: sub > 0 ? `${base}#${sub}` : base,
      idp1: ids[a],
      idp2: ids[b],
      x1: f64[a * PF64],
      y1: f64[a * PF64 + 1],
      x2: f64[b * PF64],
      y2: f64[b * PF64 + 1],
      ifSplit: sub > 0,
    };
  }
  return lines;
}

/** Relation names by enum value (engine/abi.ts Relation). */
export const RELATION_NAMES: RelationName[] = [];
for (const [name, value] of Object.entries(Relation)) if (typeof value === 'number') RELATION_NAMES[value] = name as RelationName;

/** The result of a solve that hit the entity cap. */
export function tooManyOutput(): RoofOutput {
  return { success: false, errors: [{ code: 'TOO_MANY', message: TOO_MANY_MESSAGE, ids: [] }], points: [], lines: [], faces: [] };
}

/** Decodes roofSolve's output into the roof command's JSON shape. */
export function decodeRoof(enc: RoofEncoding, r: KernelResult): RoofOutput {
  const L = layout(r);
  const codes = errorCodes(r, L);
  if (codes.includes(RoofError.TOO_MANY)) return tooManyOutput();
  if (L.nPoints + L.nLines > GEOMETRY.maxEntities) return tooManyOutput();
  const ids = pointIdsOf(enc, r, L);
  const points: RoofOutput['points'] = new Array(L.nPoints);
  const PI32 = Stride.POINT_I32;
  const PF64 = Stride.POINT_F64;
  for (let p = 0; p < L.nPoints; p++) {
    const o = L.points + p * PI32;
    const z = r.f64[p * PF64 + 2];
    const hp = r.f64[p * PF64 + 3];
    const point: RoofOutput['points'][number] = {
      id: ids[p],
      x: r.f64[p * PF64],
      y: r.f64[p * PF64 + 1],
      z: Number.isNaN(z) ? null : z,
      relation: RELATION_NAMES[r.i32[o]],
      // Unknown heights have no percentage: reported as 0 (docs/ENGINE-API.md).
      heightPercent: Number.isNaN(hp) ? 0 : hp,
    };
    const into = r.i32[o + 1];
    if (into >= 0) point.mergedInto = ids[into];
    points[p] = point;
  }
  const faces: RoofOutput['faces'] = [];
  const i32 = r.i32;
  const f64 = r.f64;
  const FACE_I32 = Stride.FACE_I32;
  const FACE_F64 = Stride.FACE_F64;
  for (let f = 0; f < L.nFaces; f++) {
    const o = L.faces + f * FACE_I32;
    const at = L.faceIndex + i32[o];
    const n = i32[o + 1];
    const pointIds = new Array<string>(n);
    const vertices = new Array<[number, number, number]>(n);
    const key = new KeyHash().add(enc.scope).add('face');
    for (let k = 0; k < n; k++) {
      const p = points[i32[at + k]];
      pointIds[k] = p.id;
      vertices[k] = [p.x, p.y, p.z ?? Number.NaN];
      key.add(p.id);
    }
    const m = L.faceF64 + f * FACE_F64;
    faces.push({
      id: key.id(),
      pointIds,
      vertices,
      tilt: f64[m],
      azimuth: f64[m + 1],
      area: f64[m + 2],
      planArea: f64[m + 3],
      normal: [f64[m + 4], f64[m + 5], f64[m + 6]],
    });
  }
  // Holes (islands inside a face): optional fields, present only on faces that have holes.
  for (let k = 0; k < L.nHoles; k++) {
    const o = L.holes + k * Stride.HOLE_I32;
    const face = faces[i32[o]];
    const at = L.holeIndex + i32[o + 1];
    const n = i32[o + 2];
    const holePointIds = new Array<string>(n);
    const ring = new Array<[number, number, number]>(n);
    for (let q = 0; q < n; q++) {
      const p = points[i32[at + q]];
      holePointIds[q] = p.id;
      ring[q] = [p.x, p.y, p.z ?? Number.NaN];
    }
    (face.holes ??= []).push(ring);
    (face.holePointIds ??= []).push(holePointIds);
  }
  return {
    success: r.status === Status.OK,
    errors: errorsOf(enc, r, L, (p) => ids[p]),
    points,
    lines: linesOf(enc, r, L, ids),
    faces,
  };
}

/** Decodes the output of a split-mode solve into the split command's JSON shape. */
export function decodeSplit(enc: RoofEncoding, r: KernelResult): SplitOutput {
  const L = layout(r);
  if (errorCodes(r, L).includes(RoofError.TOO_MANY) || L.nPoints + L.nLines > GEOMETRY.maxEntities) throw new TooManyError();
  const ids = pointIdsOf(enc, r, L);
  const points: SplitOutput['points'] = [];
  for (let p = 0; p < L.nPoints; p++) {
    const z = r.f64[p * Stride.POINT_F64 + 2];
    const point: SplitOutput['points'][number] = {
      id: ids[p],
      x: r.f64[p * Stride.POINT_F64],
      y: r.f64[p * Stride.POINT_F64 + 1],
    };
    if (!Number.isNaN(z)) point.z = z;
    point.relation = RELATION_NAMES[r.i32[L.points + p * Stride.POINT_I32]];
    points.push(point);
  }
  return { points, lines: linesOf(enc, r, L, ids) };
}

export function errorCodes(r: KernelResult, L: Layout): RoofError[] {
  const codes: RoofError[] = [];
  for (let e = 0; e < L.nErrors; e++) codes.push(r.i32[L.errors + e * Stride.ERROR_I32] as RoofError);
  return codes;
}

/** The errors in the JSON shape; idOf(p): output point p's id (asked only for the points referred to). */
export function errorsOf(enc: RoofEncoding, r: KernelResult, L: Layout, idOf: (p: number) => string): RoofOutput['errors'] {
  const out: RoofOutput['errors'] = [];
  for (let e = 0; e < L.nErrors; e++) {
    const o = L.errors + e * Stride.ERROR_I32;
    const code = r.i32[o] as RoofError;
    const refs: [RefKind, number][] = [];
    for (let k = 0; k < r.i32[o + 2]; k++) {
      const at = L.refs + (r.i32[o + 1] + k) * Stride.REF_I32;
      refs.push([r.i32[at] as RefKind, r.i32[at + 1]]);
    }
    const labels = refs.map(([kind, i]) =>
      kind === RefKind.POINT ? [idOf(i)] : kind === RefKind.LINE ? [enc.lineIds[i]] : (enc.edgeLabels[i] ?? [String(i)]),
    );
    const refIds = [...new Set(labels.flat())];
    out.push({ code: RoofError[code] as RoofErrorCode, message: errorMessage(code, labels, refIds, enc), ids: refIds });
  }
  return out;
}

/** A list of ids for a message: the first few, then how many more. */
function list(ids: readonly string[], max = 8): string {
  const shown = ids.slice(0, max).join(', ');
  return ids.length > max ? `${shown} and ${ids.length - max} more` : shown;
}

function edgeName(labels: readonly string[]): string {
  return labels.length === 1 ? `outer line ${labels[0]}` : `edge ${labels.join('–')}`;
}

/** Human-readable English naming the ids (TOO_MANY: the spec's fixed message). */
function errorMessage(code: RoofError, labels: string[][], ids: string[], enc: RoofEncoding): string {
  switch (code) {
    case RoofError.SELF_INTERSECTING_OUTLINE:
      if (labels.length === 2) {
        return `The building outline crosses or touches itself: ${edgeName(labels[0])} and ${edgeName(labels[1])} meet.`;
      }
      return `The building outline has fewer than three distinct corners (${list(enc.edgeLabels.map((l) => l[0]))}).`;
    case RoofError.DANGLING_LINE:
      return `Line ${list(ids)} has a free end inside the outline: every roof line must end on the outline or on another line.`;
    case RoofError.UNKNOWN_HEIGHT:
      return `The height of point${ids.length > 1 ? 's' : ''} ${list(ids)} cannot be worked out: give a z to more points of their faces.`;
    case RoofError.NON_PLANAR_FACE:
      return `The face through points ${list(ids)} is not planar: its heights do not fit one plane.`;
    case RoofError.DEGENERATE_FACE:
      return `The face through points ${list(ids)} is degenerate (area below ${GEOMETRY.degenerateArea} m²).`;
    case RoofError.TOO_MANY:
      return TOO_MANY_MESSAGE;
    default:
      return `roof error ${String(code)}: ${list(ids)}`;
  }
}
