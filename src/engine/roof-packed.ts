// The roof command's answer packed in typed arrays (roofPacked in roof.ts): the same points, lines,
// faces and holes as RoofOutput (docs/ENGINE-API.md "roof"), indexed instead of named — no object per
// point, line or face, so a 10k-segment warehouse decodes in about a millisecond instead of tens,
// and every array can be transferred across a worker boundary. Ids are worked out on demand
// (roofPackedIds): the same ids the JSON answer carries.
//
// Point index p is the JSON answer's points[p], line k its lines[k], face f its faces[f]; a face's
// holes are the hole rings h with holeFace[h] = f, in the JSON answer's order.
import { RoofError, Status, Stride } from '../../engine/abi.ts';
import { GEOMETRY } from '../model/constants.ts';
import type { Relation as RelationName, RoofOutput } from '../model/roof.ts';
import { derivedId, errorCodes, errorsOf, layout, RELATION_NAMES, tooManyOutput, type RoofEncoding } from './roof-codec.ts';
import type { KernelResult } from './wasm.ts';

/** A solved roof in typed arrays. Lengths: n points, m lines, F faces, H holes. */
export interface RoofPacked {
  success: boolean;
  /** Engine-level failures, as in the JSON answer (few: plain objects). */
  errors: RoofOutput['errors'];
  /** x, y, z per point (3n) [m]; z NaN where the height is unknown (JSON: null). */
  points: Float64Array;
  /** (z − eave) / (max z − eave) per point (n) [–]; 0 where unknown, as in the JSON answer. */
  heightPercent: Float64Array;
  /** Relation code per point (n): engine/abi.ts Relation; `relationName` gives the JSON name. */
  relations: Uint8Array;
  /** Per point (n): the point it was merged into (INTERPOINT_), else −1. */
  mergedInto: Int32Array;
  /** Per point (n): its index in `inputPointIds`, −1 for a point the engine created. */
  origin: Int32Array;
  /** The drawn points' ids in engine order: outline ring, other outer points, then `points`. */
  inputPointIds: string[];
  /** Per line: its two point indices (2m). */
  lines: Int32Array;
  /** Per line (m): the drawn line it is part of (index in `inputLineIds`). */
  lineBase: Int32Array;
  /** Per line (m): 0 when the drawn line was not cut, else 1..k from its idp1 to its idp2 (id `<id>#k`). */
  lineSub: Int32Array;
  inputLineIds: string[];
  /** Face f's points are faceVertices[faceOffsets[f] .. faceOffsets[f + 1]) (F + 1 offsets), CCW from above. */
  faceOffsets: Int32Array;
  faceVertices: Int32Array;
  /** Per face (F) [°]: tilt, compass azimuth. */
  tilt: Float64Array;
  azimuth: Float64Array;
  /** Per face (F) [m²]: sloped and plan area, net of the face's holes. */
  area: Float64Array;
  planArea: Float64Array;
  /** Per face: unit normal nx, ny, nz (3F). */
  normals: Float64Array;
  /** Per hole (H): the face it is a hole of. */
  holeFace: Int32Array;
  /** Hole h's points are holeVertices[holeOffsets[h] .. holeOffsets[h + 1]) (H + 1 offsets), CW from above. */
  holeOffsets: Int32Array;
  holeVertices: Int32Array;
  /** Scope of the derived ids (the building id). */
  scope: string;
}

/** The JSON name of a relation code. */
export function relationName(code: number): RelationName {
  return RELATION_NAMES[code];
}

function empty(enc: RoofEncoding, success: boolean, errors: RoofOutput['errors']): RoofPacked {
  return {
    success,
    errors,
    points: new Float64Array(0),
    heightPercent: new Float64Array(0),
    relations: new Uint8Array(0),
    mergedInto: new Int32Array(0),
    origin: new Int32Array(0),
    inputPointIds: enc.pointIds,
    lines: new Int32Array(0),
    lineBase: new Int32Array(0),
    lineSub: new Int32Array(0),
    inputLineIds: enc.lineIds,
    faceOffsets: new Int32Array(1),
    faceVertices: new Int32Array(0),
    tilt: new Float64Array(0),
    azimuth: new Float64Array(0),
    area: new Float64Array(0),
    planArea: new Float64Array(0),
    normals: new Float64Array(0),
    holeFace: new Int32Array(0),
    holeOffsets: new Int32Array(1),
    holeVertices: new Int32Array(0),
    scope: enc.scope,
  };
}

/** Decodes roofSolve's output into typed arrays (the JSON answer's content, see decodeRoof). */
export function decodeRoofPacked(enc: RoofEncoding, r: KernelResult): RoofPacked {
  const L = layout(r);
  if (errorCodes(r, L).includes(RoofError.TOO_MANY) || L.nPoints + L.nLines > GEOMETRY.maxEntities) {
    const t = tooManyOutput();
    return empty(enc, t.success, t.errors);
  }
  const i32 = r.i32;
  const f64 = r.f64;
  const nP = L.nPoints;
  const points = new Float64Array(3 * nP);
  const heightPercent = new Float64Array(nP);
  const relations = new Uint8Array(nP);
  const mergedInto = new Int32Array(nP);
  const origin = new Int32Array(nP);
  for (let p = 0, o = L.points, m = 0; p < nP; p++, o += Stride.POINT_I32, m += Stride.POINT_F64) {
    relations[p] = i32[o];
    mergedInto[p] = i32[o + 1];
    origin[p] = i32[o + 2];
    points[3 * p] = f64[m];
    points[3 * p + 1] = f64[m + 1];
    points[3 * p + 2] = f64[m + 2];
    const hp = f64[m + 3];
    heightPercent[p] = Number.isNaN(hp) ? 0 : hp;
  }
  const nL = L.nLines;
  const lines = new Int32Array(2 * nL);
  const lineBase = new Int32Array(nL);
  const lineSub = new Int32Array(nL);
  for (let k = 0, o = L.lines; k < nL; k++, o += Stride.LINE_I32) {
    lines[2 * k] = i32[o];
    lines[2 * k + 1] = i32[o + 1];
    lineBase[k] = i32[o + 2];
    lineSub[k] = i32[o + 3];
  }
  const nF = L.nFaces;
  const faceOffsets = new Int32Array(nF + 1);
  for (let f = 0, o = L.faces; f < nF; f++, o += Stride.FACE_I32) faceOffsets[f + 1] = i32[o] + i32[o + 1];
  const faceVertices = i32.slice(L.faceIndex, L.faceIndex + faceOffsets[nF]);
  const tilt = new Float64Array(nF);
  const azimuth = new Float64Array(nF);
  const area = new Float64Array(nF);
  const planArea = new Float64Array(nF);
  const normals = new Float64Array(3 * nF);
  for (let f = 0, m = L.faceF64; f < nF; f++, m += Stride.FACE_F64) {
    tilt[f] = f64[m];
    azimuth[f] = f64[m + 1];
    area[f] = f64[m + 2];
    planArea[f] = f64[m + 3];
    normals[3 * f] = f64[m + 4];
    normals[3 * f + 1] = f64[m + 5];
    normals[3 * f + 2] = f64[m + 6];
  }
  const nH = L.nHoles;
  const holeFace = new Int32Array(nH);
  const holeOffsets = new Int32Array(nH + 1);
  for (let h = 0, o = L.holes; h < nH; h++, o += Stride.HOLE_I32) {
    holeFace[h] = i32[o];
    holeOffsets[h + 1] = i32[o + 1] + i32[o + 2];
  }
  const holeVertices = i32.slice(L.holeIndex, L.holeIndex + holeOffsets[nH]);
  const packed: RoofPacked = {
    success: r.status === Status.OK,
    errors: [],
    points,
    heightPercent,
    relations,
    mergedInto,
    origin,
    inputPointIds: enc.pointIds,
    lines,
    lineBase,
    lineSub,
    inputLineIds: enc.lineIds,
    faceOffsets,
    faceVertices,
    tilt,
    azimuth,
    area,
    planArea,
    normals,
    holeFace,
    holeOffsets,
    holeVertices,
    scope: enc.scope,
  };
  if (L.nErrors > 0) packed.errors = errorsOf(enc, r, L, (p) => pointId(packed, p));
  return packed;
}

/** Point p's id: its drawn id, or the id derived from its place (the JSON answer's). */
export function pointId(packed: RoofPacked, p: number): string {
  const o = packed.origin[p];
  if (o >= 0) return packed.inputPointIds[o];
  return derivedId(packed.scope, 'point', String(packed.points[3 * p]), String(packed.points[3 * p + 1]));
}

/** Line k's id: `<drawn id>` or `<drawn id>#<sub>`. */
export function lineId(packed: RoofPacked, k: number): string {
  const base = packed.inputLineIds[packed.lineBase[k]];
  const sub = packed.lineSub[k];
  return sub > 0 ? `${base}#${sub}` : base;
}

/** Every point's and every face's id, as the JSON answer gives them (derived ids cost a hash each). */
export function roofPackedIds(packed: RoofPacked): { pointIds: string[]; faceIds: string[] } {
  const n = packed.relations.length;
  const pointIds = new Array<string>(n);
  for (let p = 0; p < n; p++) pointIds[p] = pointId(packed, p);
  const nF = packed.tilt.length;
  const faceIds = new Array<string>(nF);
  const fo = packed.faceOffsets;
  const fv = packed.faceVertices;
  for (let f = 0; f < nF; f++) {
    const parts = [packed.scope, 'face'];
    for (let q = fo[f]; q < fo[f + 1]; q++) parts.push(pointIds[fv[q]]);
    faceIds[f] = derivedId(...parts);
  }
  return { pointIds, faceIds };
}

/** The typed arrays of a packed roof (each on its own buffer): what crosses a worker boundary by transfer. */
export function roofPackedArrays(packed: RoofPacked): ArrayBufferView[] {
  return [
    packed.points, packed.heightPercent, packed.relations, packed.mergedInto, packed.origin, packed.lines, packed.lineBase,
    packed.lineSub, packed.faceOffsets, packed.faceVertices, packed.tilt, packed.azimuth, packed.area, packed.planArea,
    packed.normals, packed.holeFace, packed.holeOffsets, packed.holeVertices,
  ];
}
