// Host side of the autoRoof and skeleton kernels (engine/abi.ts): encodes the flat arrays, runs the
// kernel and turns its output into the model's shapes.
import { AutoIn, AutoType, Status } from '../../engine/abi.ts';
import { newIds } from '../model/ids.ts';
import type { AutoRoofType, LineIn, PointIn, RoofInputParsed } from '../model/roof.ts';
import type { SkeletonOutput } from './types.ts';
import { runSteps, type KernelSteps } from './steps.ts';
import type { KernelRunner } from './wasm.ts';

const AUTO_TYPES: Record<AutoRoofType, AutoType> = {
  hip: AutoType.HIP,
  gable: AutoType.GABLE,
  shed: AutoType.SHED,
  flat: AutoType.FLAT,
};

/** Default roof pitch of an automatic roof [°] when the input leaves it out. */
const DEFAULT_PITCH = 25;

/** The points and lines of an automatic roof, ready for the roof solver. */
export interface AutoRoofPoints {
  /** The outline ring, with z: the input outline points (same ids) and any point the roof adds on it. */
  outerPoints: PointIn[];
  /** Interior points, with z (new ids). */
  points: PointIn[];
  /** Interior lines between them (new ids). */
  lines: LineIn[];
}

/**
 * Generates the points and lines of `input.auto`'s roof over the building's outline (docs/GEOMETRY.md §5).
 * The first n points keep the outline ids; generated points and lines get new ids. Any drawn
 * `points`, `lines` and `outerLines` of the input are ignored: replace them with the result. Throws
 * only for an outline that is not a polygon; a hip roof over a self-intersecting outline gives what
 * the skeleton reached, for the roof solver to report.
 */
export function autoRoofPoints(runner: KernelRunner, input: RoofInputParsed): AutoRoofPoints {
  return runSteps(runner, autoRoofSteps(input));
}

/** autoRoofPoints as kernel steps (steps.ts). */
export function* autoRoofSteps(input: RoofInputParsed): KernelSteps<AutoRoofPoints> {
  const auto = input.auto;
  if (auto === undefined) throw new Error('autoRoofPoints: the input has no `auto` roof');
  const outline = input.building.outerPoints;
  const n = outline.length;
  const f64 = new Float64Array(AutoIn.HEADER + 2 * n);
  f64[AutoIn.TYPE] = AUTO_TYPES[auto.type];
  f64[AutoIn.PITCH] = auto.pitch ?? DEFAULT_PITCH;
  f64[AutoIn.RIDGE_AZIMUTH] = auto.ridgeAzimuth ?? Number.NaN;
  f64[AutoIn.EAVE_HEIGHT] = input.building.eaveHeight;
  outline.forEach((p, i) => {
    f64[AutoIn.HEADER + 2 * i] = p.x;
    f64[AutoIn.HEADER + 2 * i + 1] = p.y;
  });
  const r = yield { kernel: 'autoRoof', f64, i32: Int32Array.from([n]) };
  if (r.status === Status.BAD_INPUT) throw new Error('autoRoof: the outline is not a valid polygon');
  const nPoints = r.i32[0];
  const nLines = r.i32[1];
  const nRing = r.i32[2];
  const ring = r.i32.subarray(3, 3 + nRing);
  const ids = [...outline.map((p) => p.id), ...newIds(nPoints - n + nLines)];
  const point = (k: number): PointIn => ({ id: ids[k], x: r.f64[3 * k], y: r.f64[3 * k + 1], z: r.f64[3 * k + 2] });
  const onRing = new Uint8Array(nPoints);
  const outerPoints: PointIn[] = [];
  for (const k of ring) {
    onRing[k] = 1;
    outerPoints.push(point(k));
  }
  const points: PointIn[] = [];
  for (let k = 0; k < nPoints; k++) if (!onRing[k]) points.push(point(k));
  const lines: LineIn[] = [];
  const base = 3 + nRing;
  for (let k = 0; k < nLines; k++)
    lines.push({ id: ids[nPoints + k], idp1: ids[r.i32[base + 2 * k]], idp2: ids[r.i32[base + 2 * k + 1]] });
  return { outerPoints, points, lines };
}

/**
 * The straight skeleton of a simple polygon (either orientation) given as [x, y] vertices. Throws for
 * an outline that is not a polygon (fewer than 3 vertices, zero area, non-finite values) and when the
 * wavefront could not be completed (a self-intersecting outline).
 */
export function skeletonOf(runner: KernelRunner, outline: [number, number][]): SkeletonOutput {
  return runSteps(runner, skeletonSteps(outline));
}

/** skeletonOf as kernel steps (steps.ts). */
export function* skeletonSteps(outline: [number, number][]): KernelSteps<SkeletonOutput> {
  const n = outline.length;
  const f64 = new Float64Array(2 * n);
  outline.forEach(([x, y], i) => {
    f64[2 * i] = x;
    f64[2 * i + 1] = y;
  });
  const r = yield { kernel: 'skeleton', f64, i32: Int32Array.from([n]) };
  if (r.status === Status.BAD_INPUT) throw new Error('skeleton: the outline is not a valid polygon');
  if (r.status !== Status.OK) throw new Error('skeleton: the outline is not a simple polygon');
  const nNodes = r.i32[0];
  const nArcs = r.i32[1];
  const nodes: [number, number, number][] = [];
  for (let k = 0; k < nNodes; k++) nodes.push([r.f64[3 * k], r.f64[3 * k + 1], r.f64[3 * k + 2]]);
  const arcs: [number, number][] = [];
  for (let k = 0; k < nArcs; k++) arcs.push([r.i32[2 + 2 * k], r.i32[3 + 2 * k]]);
  const faces: number[][] = [];
  let o = 2 + 2 * nArcs;
  for (let i = 0; i < n; i++) {
    const c = r.i32[o++];
    faces.push(Array.from(r.i32.subarray(o, o + c)));
    o += c;
  }
  return { nodes, arcs, faces };
}
