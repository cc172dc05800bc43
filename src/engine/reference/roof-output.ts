// Encoding of roofSolve's output arrays (engine/abi.ts): header, points, lines, faces, face-index
// list, errors (sorted by code, then refs), refs, holes, hole-index list; F64 points then faces.
import { RefKind, RoofError, RoofOutI32, Status } from '../../../engine/abi.ts';
import type { KernelResult } from '../wasm.ts';
import type { Relation } from '../../../engine/abi.ts';

export interface ErrorRecord {
  code: RoofError;
  /** (kind, index) pairs. */
  refs: [RefKind, number][];
}

export interface OutPoint {
  relation: Relation;
  mergedInto: number;
  origin: number;
  x: number;
  y: number;
  z: number;
  heightPercent: number;
}

export interface OutLine {
  a: number;
  b: number;
  line: number;
  sub: number;
}

export interface OutFace {
  /** Output point indices, counter-clockwise from above, starting at the smallest. */
  points: number[];
  /** FACE_F64 values: tilt, azimuth, area, planArea, nx, ny, nz. */
  metrics: number[];
  /** Hole rings (output point indices, clockwise from above, each starting at its smallest), sorted. */
  holes?: readonly (readonly number[])[];
}

/** Errors by code, then by their refs compared pair by pair (the first ref first). */
export function compareErrors(a: ErrorRecord, b: ErrorRecord): number {
  if (a.code !== b.code) return a.code - b.code;
  const n = Math.min(a.refs.length, b.refs.length);
  for (let i = 0; i < n; i++) {
    if (a.refs[i][0] !== b.refs[i][0]) return a.refs[i][0] - b.refs[i][0];
    if (a.refs[i][1] !== b.refs[i][1]) return a.refs[i][1] - b.refs[i][1];
  }
  return a.refs.length - b.refs.length;
}

export function encodeRoofOutput(
  status: Status, points: readonly OutPoint[], lines: readonly OutLine[], faces: readonly OutFace[],
  errorList: readonly ErrorRecord[],
): KernelResult {
  const errors = [...errorList].sort(compareErrors);
  const nFaceIdx = faces.reduce((s, f) => s + f.points.length, 0);
  const nRefs = errors.reduce((s, e) => s + e.refs.length, 0);
  const header = new Array<number>(RoofOutI32.HEADER).fill(0);
  header[RoofOutI32.STATUS] = status;
  header[RoofOutI32.N_POINTS] = points.length;
  header[RoofOutI32.N_LINES] = lines.length;
  header[RoofOutI32.N_FACES] = faces.length;
  header[RoofOutI32.N_FACE_INDICES] = nFaceIdx;
  header[RoofOutI32.N_ERRORS] = errors.length;
  header[RoofOutI32.N_REFS] = nRefs;
  const holes = faces.flatMap((f, k) => (f.holes ?? []).map((ring) => ({ face: k, ring })));
  header[RoofOutI32.N_HOLES] = holes.length;
  header[RoofOutI32.N_HOLE_INDICES] = holes.reduce((s, h) => s + h.ring.length, 0);

  const i32: number[] = [...header];
  for (const p of points) i32.push(p.relation, p.mergedInto, p.origin);
  for (const l of lines) i32.push(l.a, l.b, l.line, l.sub);
  let offset = 0;
  for (const f of faces) {
    i32.push(offset, f.points.length);
    offset += f.points.length;
  }
  for (const f of faces) for (const p of f.points) i32.push(p);
  offset = 0;
  for (const e of errors) {
    i32.push(e.code, offset, e.refs.length);
    offset += e.refs.length;
  }
  for (const e of errors) for (const [kind, index] of e.refs) i32.push(kind, index);
  offset = 0;
  for (const h of holes) {
    i32.push(h.face, offset, h.ring.length);
    offset += h.ring.length;
  }
  for (const h of holes) for (const p of h.ring) i32.push(p);

  const f64: number[] = [];
  for (const p of points) f64.push(p.x, p.y, p.z, p.heightPercent);
  for (const f of faces) f64.push(...f.metrics);
  return { status, f64: Float64Array.from(f64), i32: Int32Array.from(i32) };
}

/** The output of malformed input: a header with status BAD_INPUT, nothing else. */
export function badInputResult(): KernelResult {
  return encodeRoofOutput(Status.BAD_INPUT, [], [], [], []);
}
