// From cut segments to the planar graph: the outline ring with every point on its edges, the pieces
// of the interior lines (those outside the outline dropped, docs/GEOMETRY.md §1.3), the canonical numbering
// of the points (engine/abi.ts), and the undirected edge set with coincident pieces merged.
import { Relation } from '../abi';
import { Cuts } from './graph';
import { PairMap } from './hash';
import { OUTSIDE, PolygonIndex } from './outline';
import { RoofState } from './state';

export class PlanGraph {
  /** The outline ring after cutting, in ring order (empty without a usable outline). */
  ring: Array<i32> = new Array<i32>(0);
  /** Per vertex: 1 when it lies on the outline ring. */
  onRing: StaticArray<u8> = new StaticArray<u8>(0);
  /** Kept interior pieces (output lines): input line index, sub index, ends. */
  lineBase: Array<i32> = new Array<i32>(0);
  lineSub: Array<i32> = new Array<i32>(0);
  lineU: Array<i32> = new Array<i32>(0);
  lineV: Array<i32> = new Array<i32>(0);
  /** Per kept piece: its undirected graph edge. */
  lineEdge: Array<i32> = new Array<i32>(0);
  /** Undirected edges (ring edges first). */
  edgeU: Array<i32> = new Array<i32>(0);
  edgeV: Array<i32> = new Array<i32>(0);
  map: PairMap = new PairMap(16);

  addEdge(u: i32, v: i32): i32 {
    const lo = u < v ? u : v;
    const hi = u < v ? v : u;
    const id = this.edgeU.length;
    const e = this.map.getOrSet(<i64>lo, <i64>hi, id);
    if (e >= 0) return e;
    this.edgeU.push(u);
    this.edgeV.push(v);
    return id;
  }
}

/**
 * Splits every segment at its cuts. Outline edges form the ring; a piece of an interior line is kept
 * unless its midpoint is outside the outline (poly null: everything kept). Sub indices count all
 * pieces of the base line from its a to its b (0 when it was not cut), dropped ones included.
 */
export function buildPieces(s: RoofState, cuts: Cuts, poly: PolygonIndex | null): PlanGraph {
  const g = new PlanGraph();
  const nSeg = s.segA.length;
  const cStart = cuts.start;
  const cV = cuts.v;
  assert(cStart.length == nSeg + 1);
  for (let k: i32 = 0; k < s.nOutSeg; k++) {
    g.ring.push(s.segA[k]);
    for (let q = cStart[k], e = cStart[k + 1]; q < e; q++) g.ring.push(cV[q]);
  }
  // At most one piece per line segment and per cut on it.
  const nMax = nSeg - s.nOutSeg + (cV.length - cStart[s.nOutSeg]);
  const lineBase = new Array<i32>(nMax);
  const lineSub = new Array<i32>(nMax);
  const lineU = new Array<i32>(nMax);
  const lineV = new Array<i32>(nMax);
  let nP: i32 = 0;
  const vx = s.vx;
  const vy = s.vy;
  const segA = s.segA;
  const segB = s.segB;
  const segLine = s.segLine;
  // Segments < nSeg, their cuts cStart[i] .. cStart[i + 1] inside cV (vertex indices), nP < nMax.
  for (let i = s.nOutSeg; i < nSeg; i++) {
    const c0 = unchecked(cStart[i]);
    const c1 = unchecked(cStart[i + 1]);
    const nPieces = c1 - c0 + 1;
    const base = unchecked(segLine[i]);
    // Piece m runs from point m to point m + 1 of a, cuts…, b.
    let u = unchecked(segA[i]);
    for (let m: i32 = 0; m < nPieces; m++) {
      const v = m < nPieces - 1 ? unchecked(cV[c0 + m]) : unchecked(segB[i]);
      const pu = u;
      u = v;
      if (poly !== null) {
        const mx = (unchecked(vx[pu]) + unchecked(vx[v])) / 2.0;
        const my = (unchecked(vy[pu]) + unchecked(vy[v])) / 2.0;
        if (poly.locate(mx, my) == OUTSIDE) continue;
      }
      unchecked((lineBase[nP] = base));
      unchecked((lineSub[nP] = nPieces == 1 ? 0 : m + 1));
      unchecked((lineU[nP] = pu));
      unchecked((lineV[nP] = v));
      nP++;
    }
  }
  lineBase.length = nP;
  lineSub.length = nP;
  lineU.length = nP;
  lineV.length = nP;
  g.lineBase = lineBase;
  g.lineSub = lineSub;
  g.lineU = lineU;
  g.lineV = lineV;
  return g;
}

/**
 * Relations of the points (docs/GEOMETRY.md §1): a drawn point on another segment's interior is INTERLINE
 * (outline vertices stay OUTER, merged ones INTERPOINT_, others LINK); a created point is INTERPOINT3
 * on an outline edge, INTERPOINT2 where three or more lines pass, else INTERPOINT1.
 */
export function setRelations(s: RoofState, cuts: Cuts): void {
  const nIn = s.nIn;
  const nV = s.nV;
  const rep = s.rep;
  const outlineVtx = s.outlineVtx;
  const rel = s.rel;
  const onInterior = s.onInterior;
  // Input points 0 .. nIn − 1 are vertices; rep and onInterior have nIn entries.
  assert(rep.length == nIn && onInterior.length == nIn && outlineVtx.length >= nIn && rel.length >= nIn);
  for (let v: i32 = 0; v < nIn; v++) {
    if (unchecked(rep[v]) != v || unchecked(outlineVtx[v]) != 0) continue;
    unchecked((rel[v] = unchecked(onInterior[v]) != 0 ? <i32>Relation.INTERLINE : <i32>Relation.LINK));
  }
  const nC = nV - nIn;
  const lineCount = new StaticArray<i32>(nC);
  const onOutline = new StaticArray<u8>(nC);
  const cStart = cuts.start;
  const cV = cuts.v;
  const nSeg = s.segA.length;
  assert(cStart.length == nSeg + 1);
  for (let i: i32 = 0; i < nSeg; i++) {
    const isOut = i < s.nOutSeg;
    // (cuts of segment i lie inside cV; created vertices v satisfy nIn ≤ v < nV)
    for (let k = unchecked(cStart[i]), e = unchecked(cStart[i + 1]); k < e; k++) {
      const v = unchecked(cV[k]);
      if (v < nIn) continue;
      if (isOut) unchecked((onOutline[v - nIn] = 1));
      else unchecked(lineCount[v - nIn]++);
    }
  }
  for (let c: i32 = 0; c < nC; c++) {
    let r = <i32>Relation.INTERPOINT1;
    if (onOutline[c] != 0) r = <i32>Relation.INTERPOINT3;
    else if (lineCount[c] >= 3) r = <i32>Relation.INTERPOINT2;
    s.rel[nIn + c] = r;
  }
}

let sortVx: Array<f64> = new Array<f64>(0);
let sortVy: Array<f64> = new Array<f64>(0);

function byXY(a: i32, b: i32): i32 {
  const ax = unchecked(sortVx[a]);
  const bx = unchecked(sortVx[b]);
  if (ax < bx) return -1;
  if (ax > bx) return 1;
  const ay = unchecked(sortVy[a]);
  const by = unchecked(sortVy[b]);
  if (ay < by) return -1;
  if (ay > by) return 1;
  return a - b;
}

/**
 * Output numbering: input points keep their index; created points that survive (on the ring or an
 * end of a kept piece) follow, sorted by x then y; the others are dropped. Renumbers the vertex
 * arrays, the ring and the pieces, then builds the edge set.
 */
export function renumber(s: RoofState, g: PlanGraph): void {
  const nIn = s.nIn;
  const nV = s.nV;
  const kept = new StaticArray<u8>(nV);
  // Ring and piece ends are vertex indices < nV.
  for (let k: i32 = 0, n = g.ring.length; k < n; k++) unchecked((kept[unchecked(g.ring[k])] = 1));
  for (let k: i32 = 0, n = g.lineU.length; k < n; k++) {
    unchecked((kept[unchecked(g.lineU[k])] = 1));
    unchecked((kept[unchecked(g.lineV[k])] = 1));
  }
  const order = new Array<i32>(0);
  for (let v = nIn; v < nV; v++) if (kept[v] != 0) order.push(v);
  sortVx = s.vx;
  sortVy = s.vy;
  order.sort(byXY);
  const newOf = new StaticArray<i32>(nV);
  for (let v: i32 = 0; v < nIn; v++) newOf[v] = v;
  const nC = order.length;
  const ox = new Array<f64>(nC);
  const oy = new Array<f64>(nC);
  const orel = new Array<i32>(nC);
  for (let k: i32 = 0; k < nC; k++) {
    const old = order[k];
    newOf[old] = nIn + k;
    ox[k] = s.vx[old];
    oy[k] = s.vy[old];
    orel[k] = s.rel[old];
  }
  s.vx.length = nIn + nC;
  s.vy.length = nIn + nC;
  s.rel.length = nIn + nC;
  s.outlineVtx.length = nIn + nC;
  for (let k: i32 = 0; k < nC; k++) {
    s.vx[nIn + k] = ox[k];
    s.vy[nIn + k] = oy[k];
    s.rel[nIn + k] = orel[k];
    s.outlineVtx[nIn + k] = 0;
  }
  // Ring and piece ends are vertex indices < nV, mapped to output indices < nIn + nC.
  const ring = g.ring;
  const lu = g.lineU;
  const lv = g.lineV;
  for (let k: i32 = 0, n = ring.length; k < n; k++) unchecked((ring[k] = newOf[ring[k]]));
  for (let k: i32 = 0, n = lu.length; k < n; k++) {
    unchecked((lu[k] = newOf[lu[k]]));
    unchecked((lv[k] = newOf[lv[k]]));
  }
  // The graph: ring edges, then the kept pieces.
  const nOut = nIn + nC;
  g.onRing = new StaticArray<u8>(nOut);
  const onRing = g.onRing;
  g.map = new PairMap(ring.length + lu.length + 16);
  const r = ring.length;
  for (let k: i32 = 0; k < r; k++) {
    const u = unchecked(ring[k]);
    const v = unchecked(ring[(k + 1) % r]);
    unchecked((onRing[u] = 1));
    if (u != v) g.addEdge(u, v);
  }
  const nL = lu.length;
  const lineEdge = new Array<i32>(nL);
  for (let k: i32 = 0; k < nL; k++) unchecked((lineEdge[k] = g.addEdge(unchecked(lu[k]), unchecked(lv[k]))));
  g.lineEdge = lineEdge;
}
