// roofSolve: roof faces from a drawn building (docs/GEOMETRY.md), or — with an empty outline — the line
// splitting of the `split` command. Flat arrays in and out, layout in engine/abi.ts.
//
// Steps: read + validate → snap points → outline edges and their self-intersection → segments →
// T-junctions and crossings (grid) → cut segments into pieces, drop the parts outside the outline →
// canonical numbering → prune dangling edges → faces → islands as holes (holes.ts) → heights →
// planes → output.
import { RefKind, RoofError, Status, Stride } from '../abi';
import { getInputF64, getInputI32 } from '../buffers';
import { Faces, findFaces, markDegenerate, pruneDangling } from './faces';
import { assignHoles } from './holes';
import { buildSegments, checkOutline, intersect, outlineEdges, snapPoints, sortCuts } from './graph';
import { eaveHeights, explicitHeights, interpolateRing, propagateFaces, reportUnknown } from './heights';
import { PolygonIndex } from './outline';
import { writeEmpty, writeOutput, writeTooMany } from './output';
import { buildPieces, renumber, setRelations } from './pieces';
import { faceProps, FaceProps, subtractHoles } from './plane';
import { readInputs, RoofState } from './state';

export function roofSolve(): i32 {
  const s = new RoofState();
  if (!readInputs(s, getInputF64(), getInputI32())) {
    writeEmpty(Status.BAD_INPUT, 0);
    return <i32>Status.BAD_INPUT;
  }
  // Every input point is output: beyond the cap nothing needs solving.
  if (<f64>s.nIn > s.maxEnt) return writeTooMany();

  // §1: the planar graph.
  const snap = snapPoints(s);
  let poly: PolygonIndex | null = null;
  if (!s.splitMode) {
    outlineEdges(s);
    const grid = checkOutline(s);
    if (!s.outlineBad && grid !== null) poly = new PolygonIndex(s, grid);
  }
  // Faces need a usable outline; without one only the interior lines are split.
  const solveFaces = poly !== null;
  buildSegments(s, solveFaces);
  intersect(s, snap);
  const cuts = sortCuts(s);
  setRelations(s, cuts);
  const g = buildPieces(s, cuts, poly);
  renumber(s, g);
  if (<f64>s.nV + <f64>g.lineU.length > s.maxEnt) return writeTooMany();

  const z = explicitHeights(s);
  eaveHeights(s, z);
  let faces = new Faces();
  let solved = new StaticArray<u8>(0);
  // Per face f: tilt, azimuth, area, planArea, nx, ny, nz at f·FACE_F64 (the output's order).
  let props = new StaticArray<f64>(0);
  if (solveFaces) {
    interpolateRing(s, g.ring, z);
    // §1.5, §2: dangling lines, faces.
    const dead = pruneDangling(s, g);
    faces = findFaces(s, g, dead);
    assignHoles(s, faces);
    markDegenerate(s, faces);
    const nF = faces.length;
    const live = new Array<i32>(0);
    for (let f: i32 = 0; f < nF; f++) if (faces.degenerate[f] == 0) live.push(f);
    // §3: heights.
    propagateFaces(s, faces, live, z);
    reportUnknown(s, faces, live, z);
    // §3–4: planarity, tilt, azimuth, areas.
    solved = new StaticArray<u8>(nF);
    props = new StaticArray<f64>(nF * <i32>Stride.FACE_F64);
    const p = new FaceProps();
    const fStart = faces.start;
    const fCount = faces.count;
    const fVerts = faces.verts;
    for (let k: i32 = 0, nL = live.length; k < nL; k++) {
      // live holds face numbers < nF; a face's list lies inside faces.verts and holds vertex indices.
      const f = unchecked(live[k]);
      const from = unchecked(fStart[f]);
      const n = unchecked(fCount[f]);
      let known = true;
      for (let q = from; q < from + n; q++) {
        if (isNaN(unchecked(z[unchecked(fVerts[q])]))) {
          known = false;
          break;
        }
      }
      if (!known) continue;
      faceProps(s.vx, s.vy, z, fVerts, from, n, s.planRel, s.planDeg, p);
      if (!p.planar) {
        s.beginError(<i32>RoofError.NON_PLANAR_FACE);
        for (let q = from; q < from + n; q++) s.addRef(RefKind.POINT, fVerts[q]);
        continue;
      }
      if (faces.holeNum[f] > 0) {
        let a2: f64 = 0.0;
        for (let h = faces.holeFirst[f], he = h + faces.holeNum[f]; h < he; h++) a2 += faces.holeArea2[h];
        subtractHoles(p, a2);
      }
      solved[f] = 1;
      const o = f * <i32>Stride.FACE_F64;
      props[o] = p.tilt;
      props[o + 1] = p.azimuth;
      props[o + 2] = p.area;
      props[o + 3] = p.planArea;
      props[o + 4] = p.nx;
      props[o + 5] = p.ny;
      props[o + 6] = p.nz;
    }
  }
  return writeOutput(s, g, z, faces, solved, props);
}
