// Islands as holes of roof faces. docs/GEOMETRY.md §2 asks for the bounded faces of the planar graph; it is
// silent on parts of the graph that touch neither the outline nor any line connected to it — a dormer
// or a raised skylight frame drawn inside a roof face. The rules, decided as a PV designer reads such
// a drawing (the TypeScript reference, src/engine/reference/roof-holes.ts, follows them to the bit):
//
// 1. An island is a connected part of the graph (after dangling lines are pruned) that does not touch
//    the outline ring. Its outer boundary — the clockwise half-edge cycle around it — is a hole of the
//    innermost face around it: among the faces (counter-clockwise cycles of the other parts) whose
//    interior holds the island's smallest-index vertex (exact winding number, robust orient2d), the
//    one of smallest outer plan area, the lowest face index on a tie. Nested islands (a skylight on a
//    dormer's face) thus become holes of the island face around them.
// 2. The island's own faces are faces as usual.
// 3. The surrounding face keeps its outer ring: its plane is fitted to the outer ring's known points
//    only, and planarity, tilt, azimuth and normal are those of the outer ring. Hole points without
//    a height take theirs from that plane (a skylight frame or a dormer's foot sits on the roof);
//    hole points with their own z keep it (a raised frame) and never make the face non-planar.
// 4. Areas exclude the holes: planArea = outer footprint − hole footprints; area (sloped) =
//    area − hole footprints / cos(tilt) (each hole projected onto the face's plane). A face whose net
//    plan area is below DEGENERATE_AREA is DEGENERATE_FACE.
// 5. Output: per face its holes, clockwise seen from above, each starting at its smallest index,
//    sorted by face, then lexicographically by index list (engine/abi.ts).
import { Faces, signedArea2 } from './faces';
import { orient2d } from './predicates';
import { RoofState } from './state';

/**
 * Gives every island (Faces.island*) to the face around it (rule 1) and makes the faces' areas net
 * of their holes (rule 4). Islands inside no face (none, for a valid outline) are dropped.
 */
export function assignHoles(s: RoofState, faces: Faces): void {
  const nI = faces.islandStart.length;
  if (nI == 0) return;
  const nF = faces.length;
  const vx = s.vx;
  const vy = s.vy;
  // Face bounding boxes (plan).
  const x0 = new StaticArray<f64>(nF);
  const y0 = new StaticArray<f64>(nF);
  const x1 = new StaticArray<f64>(nF);
  const y1 = new StaticArray<f64>(nF);
  for (let f: i32 = 0; f < nF; f++) {
    let ax = Infinity;
    let ay = Infinity;
    let bx = -Infinity;
    let by = -Infinity;
    for (let q = faces.start[f], e = q + faces.count[f]; q < e; q++) {
      const v = faces.verts[q];
      ax = Math.min(ax, vx[v]);
      ay = Math.min(ay, vy[v]);
      bx = Math.max(bx, vx[v]);
      by = Math.max(by, vy[v]);
    }
    x0[f] = ax;
    y0[f] = ay;
    x1[f] = bx;
    y1[f] = by;
  }
  const islandFace = new Array<i32>(nI);
  for (let h: i32 = 0; h < nI; h++) {
    const v = faces.islandVerts[faces.islandStart[h]];
    const px = vx[v];
    const py = vy[v];
    let best: i32 = -1;
    let bestArea: f64 = 0.0;
    for (let f: i32 = 0; f < nF; f++) {
      if (px < x0[f] || px > x1[f] || py < y0[f] || py > y1[f]) continue;
      const a = faces.area[f];
      if (best >= 0 && !(a < bestArea)) continue;
      if (!strictlyInside(s, faces, f, v)) continue;
      best = f;
      bestArea = a;
    }
    islandFace[h] = best;
  }
  // Canonical order: by face, then index list.
  const order = new Array<i32>(0);
  for (let h: i32 = 0; h < nI; h++) if (islandFace[h] >= 0) order.push(h);
  cmpFace = islandFace;
  cmpStart = faces.islandStart;
  cmpCount = faces.islandCount;
  cmpVerts = faces.islandVerts;
  order.sort(byFaceThenList);
  for (let k: i32 = 0, n = order.length; k < n; k++) {
    const h = order[k];
    const f = islandFace[h];
    if (faces.holeNum[f] == 0) faces.holeFirst[f] = k;
    faces.holeNum[f]++;
    const from = faces.holeVerts.length;
    faces.holeFace.push(f);
    faces.holeStart.push(from);
    faces.holeCount.push(faces.islandCount[h]);
    for (let q = faces.islandStart[h], e = q + faces.islandCount[h]; q < e; q++) faces.holeVerts.push(faces.islandVerts[q]);
    const a2 = signedArea2(s, faces.holeVerts, from, faces.islandCount[h]);
    faces.holeArea2.push(a2);
    // Rule 4 (the reference adds the halves in the same order).
    faces.area[f] += a2 / 2.0;
  }
}

/**
 * Whether vertex v lies strictly inside face f's outer ring: not one of its vertices, and a non-zero
 * winding number (exact: robust orient2d). v belongs to another part of the graph, so it is never on
 * one of the ring's edges.
 */
function strictlyInside(s: RoofState, faces: Faces, f: i32, v: i32): bool {
  const from = faces.start[f];
  const n = faces.count[f];
  for (let q = from; q < from + n; q++) if (faces.verts[q] == v) return false;
  const vx = s.vx;
  const vy = s.vy;
  const px = vx[v];
  const py = vy[v];
  let wn: i32 = 0;
  for (let k: i32 = 0; k < n; k++) {
    const a = faces.verts[from + k];
    const b = faces.verts[from + (k + 1 < n ? k + 1 : 0)];
    const ax = vx[a];
    const ay = vy[a];
    const bx = vx[b];
    const by = vy[b];
    if (ay <= py) {
      if (by > py && orient2d(ax, ay, bx, by, px, py) > 0.0) wn++;
    } else if (by <= py && orient2d(ax, ay, bx, by, px, py) < 0.0) {
      wn--;
    }
  }
  return wn != 0;
}

let cmpFace: Array<i32> = new Array<i32>(0);
let cmpStart: Array<i32> = new Array<i32>(0);
let cmpCount: Array<i32> = new Array<i32>(0);
let cmpVerts: Array<i32> = new Array<i32>(0);

function byFaceThenList(a: i32, b: i32): i32 {
  const fa = cmpFace[a];
  const fb = cmpFace[b];
  if (fa != fb) return fa - fb;
  const sa = cmpStart[a];
  const sb = cmpStart[b];
  const na = cmpCount[a];
  const nb = cmpCount[b];
  const n = na < nb ? na : nb;
  for (let k: i32 = 0; k < n; k++) {
    const x = cmpVerts[sa + k];
    const y = cmpVerts[sb + k];
    if (x != y) return x - y;
  }
  if (na != nb) return na - nb;
  return a - b;
}
