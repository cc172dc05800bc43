// The pure-TypeScript reference of the engine's roofSolve kernel (engine/abi.ts, docs/GEOMETRY.md):
// same flat arrays in and out, same answers, written for clarity (naive O(n²) searches) rather than
// speed. Used by the differential tests and by the benchmarks.
//
// Pipeline: validate → snap → outline ring (self-intersection) → T-junctions, crossings, splitting,
// outside parts dropped → number the created points → dangling lines → faces → islands as holes
// (roof-holes.ts) → heights → planarity → per-face tilt/azimuth/areas → canonical output.
import { RefKind, Relation, RoofError, Status } from '../../../engine/abi.ts';
import type { KernelResult } from '../wasm.ts';
import { buildGraph, findFaces, pruneDangling } from './roof-faces.ts';
import { assignHoles, netArea, subtractHoles } from './roof-holes.ts';
import { interpolateOutline, propagateFaceHeights } from './roof-heights.ts';
import { decodeRoofInput } from './roof-input.ts';
import { faceMetrics, isPlanar } from './roof-metrics.ts';
import { outlineEdges, outlineLocator, selfIntersections, type OutlineEdge } from './roof-outline.ts';
import { badInputResult, encodeRoofOutput, type ErrorRecord, type OutFace, type OutLine, type OutPoint } from './roof-output.ts';
import { snapPoints } from './roof-snap.ts';
import { arrange, type Segment } from './roof-split.ts';

/** roofSolve in TypeScript: F64/I32 input per engine/abi.ts → { status, f64, i32 } output. */
export function roofSolveRef(f64: Float64Array, i32: Int32Array): KernelResult {
  const inp = decodeRoofInput(f64, i32);
  if (inp === null) return badInputResult();
  const n = inp.nPoints;
  const errors: ErrorRecord[] = [];

  // 1. Snap.
  const { rep, z: zRep } = snapPoints(inp.x, inp.y, inp.z, inp.mergeTol);
  const isRep = Array.from(rep, (r, i) => r === i);
  const isOutlineVertex = new Uint8Array(n);
  for (const v of inp.outline) isOutlineVertex[rep[v]] = 1;

  // 2. Outline ring; a self-intersecting one leaves only the split of the interior lines (no faces).
  const hasOutline = inp.outline.length > 0;
  let edges: OutlineEdge[] = [];
  let solveFaces = hasOutline;
  if (hasOutline) {
    edges = outlineEdges(inp.outline, rep);
    const bad = selfIntersections(edges, inp.x, inp.y, inp.mergeTol, inp.outline.length);
    for (const positions of bad) {
      errors.push({
        code: RoofError.SELF_INTERSECTING_OUTLINE,
        refs: positions.map((p): [RefKind, number] => [RefKind.OUTLINE_EDGE, p]),
      });
    }
    if (bad.length > 0) solveFaces = false;
  }

  // 3. Segments: outline edges (ring order), then interior lines (input order) that keep a length.
  const segs: Segment[] = [];
  if (solveFaces) for (const e of edges) segs.push({ a: e.a, b: e.b, outlinePos: e.pos, line: -1 });
  for (let l = 0; l < inp.lines.length / 2; l++) {
    const a = rep[inp.lines[2 * l]];
    const b = rep[inp.lines[2 * l + 1]];
    if (a === b || Math.hypot(inp.x[b] - inp.x[a], inp.y[b] - inp.y[a]) < inp.degenerateLen) continue;
    segs.push({ a, b, outlinePos: -1, line: l });
  }
  const arr = arrange(inp.x, inp.y, isRep, segs, {
    tol: inp.mergeTol,
    eps: inp.intersectEps,
    locate: solveFaces ? outlineLocator(edges, inp.x, inp.y, inp.mergeTol) : null,
  });

  // 4. Output numbering: input points keep their index; surviving created points follow, by x then y.
  const created = arr.createdKept.flatMap((kept, k) => (kept ? [n + k] : []));
  created.sort((p, q) => arr.px[p] - arr.px[q] || arr.py[p] - arr.py[q]);
  const outIndex = new Int32Array(arr.px.length).fill(-1);
  for (let i = 0; i < n; i++) outIndex[i] = i;
  created.forEach((p, r) => (outIndex[p] = n + r));
  const nOut = n + created.length;
  const ox = new Float64Array(nOut);
  const oy = new Float64Array(nOut);
  for (let i = 0; i < arr.px.length; i++) {
    if (outIndex[i] < 0) continue;
    ox[outIndex[i]] = arr.px[i];
    oy[outIndex[i]] = arr.py[i];
  }
  const ring = arr.ring.map((p) => outIndex[p]);
  const lines: OutLine[] = arr.subLines.map((l) => ({ a: outIndex[l.a], b: outIndex[l.b], line: l.line, sub: l.sub }));

  if (nOut + lines.length > inp.maxEntities) {
    return encodeRoofOutput(Status.FAILED, [], [], [], [{ code: RoofError.TOO_MANY, refs: [] }]);
  }

  // 5. Heights known up front: explicit z, then the eave for outline vertices.
  const z = new Float64Array(nOut).fill(NaN);
  for (let i = 0; i < n; i++) {
    if (!isRep[i]) continue;
    z[i] = zRep[i];
    if (isOutlineVertex[i] && Number.isNaN(z[i])) z[i] = inp.eave;
  }

  // 6–10. Dangling lines, faces, heights, planarity, metrics.
  const solved: OutFace[] = [];
  if (solveFaces) {
    interpolateOutline(ring, ox, oy, z);
    const graph = buildGraph(ring, lines, nOut);
    for (const line of pruneDangling(graph, new Set(ring))) {
      errors.push({ code: RoofError.DANGLING_LINE, refs: [[RefKind.LINE, line]] });
    }
    const { faces, islands } = findFaces(graph, ox, oy, new Set(ring));
    const holesOf = assignHoles(faces, islands, ox, oy);
    const live: number[][] = [];
    const liveHoles: number[][][] = [];
    faces.forEach((face, f) => {
      if (netArea(face, holesOf[f], ox, oy) < inp.degenerateArea) {
        errors.push({ code: RoofError.DEGENERATE_FACE, refs: pointRefs(face) });
      } else {
        live.push(face);
        liveHoles.push(holesOf[f]);
      }
    });
    propagateFaceHeights(live, ox, oy, z, liveHoles);
    const unknown = new Set<number>();
    for (const face of live) for (const p of face) if (Number.isNaN(z[p])) unknown.add(p);
    if (unknown.size > 0) {
      errors.push({ code: RoofError.UNKNOWN_HEIGHT, refs: pointRefs([...unknown].sort((a, b) => a - b)) });
    }
    live.forEach((face, k) => {
      if (face.some((p) => Number.isNaN(z[p]))) return;
      if (!isPlanar(face, ox, oy, z, inp.planarityRel, inp.planarityDeg)) {
        errors.push({ code: RoofError.NON_PLANAR_FACE, refs: pointRefs(face) });
        return;
      }
      const metrics = faceMetrics(face, ox, oy, z);
      subtractHoles(metrics, liveHoles[k], ox, oy);
      solved.push({ points: face, metrics, holes: liveHoles[k] });
    });
  }

  // 11. Points: relation, mergedInto, origin, x, y, z (a merged point reports its
  // representative's height), heightPercent.
  for (let i = 0; i < n; i++) if (!isRep[i]) z[i] = z[rep[i]];
  let maxZ = -Infinity;
  for (const v of z) if (v > maxZ) maxZ = v;
  const rise = maxZ - inp.eave;
  const points: OutPoint[] = [];
  for (let p = 0; p < nOut; p++) {
    points.push({
      relation: relationOf(p),
      mergedInto: p < n && !isRep[p] ? rep[p] : -1,
      origin: p < n ? p : -1,
      x: ox[p],
      y: oy[p],
      z: z[p],
      heightPercent: rise > 0 ? (z[p] - inp.eave) / rise : Number.isNaN(z[p]) ? NaN : 0,
    });
  }

  const status = errors.length > 0 ? Status.FAILED : Status.OK;
  return encodeRoofOutput(status, points, lines, solved, errors);

  function relationOf(p: number): Relation {
    if (p < n) {
      if (!isRep[p]) return Relation.INTERPOINT_;
      if (isOutlineVertex[p]) return Relation.OUTER;
      return arr.onInterior[p] ? Relation.INTERLINE : Relation.LINK;
    }
    const through = arr.createdSegs[created[p - n] - n];
    if (through.some((s) => segs[s].outlinePos >= 0)) return Relation.INTERPOINT3;
    const distinctLines = new Set(through.map((s) => segs[s].line));
    return distinctLines.size >= 3 ? Relation.INTERPOINT2 : Relation.INTERPOINT1;
  }
}

function pointRefs(points: readonly number[]): [RefKind, number][] {
  return points.map((p): [RefKind, number] => [RefKind.POINT, p]);
}
