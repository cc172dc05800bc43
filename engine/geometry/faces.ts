// Faces of the planar graph (docs/GEOMETRY.md §2): dangling edges pruned, then every half-edge walked to
// the next one turning most to the left. Bounded faces run counter-clockwise (positive area); the
// outer face of each connected part runs clockwise: the outline's is dropped, that of a part not
// touching the outline (an island: a dormer, a skylight frame) is kept as a hole candidate
// (holes.ts decides which face it is a hole of).
import { RefKind, RoofError } from '../abi';
import { PlanGraph } from './pieces';
import { orient2d } from './predicates';
import { RoofState } from './state';

/** Faces in canonical order (engine/abi.ts): index lists starting at their smallest index, sorted. */
export class Faces {
  start: Array<i32> = new Array<i32>(0);
  count: Array<i32> = new Array<i32>(0);
  verts: Array<i32> = new Array<i32>(0);
  /** Plan area [m²] of the outer ring; after assignHoles (holes.ts), net of the face's holes. */
  area: Array<f64> = new Array<f64>(0);
  /** 1 when the face is degenerate (net plan area below DEGENERATE_AREA; set by markDegenerate). */
  degenerate: Array<u8> = new Array<u8>(0);

  // ── islands: outer boundaries (clockwise: negative signed area) of the parts of the graph not
  //    touching the outline, each starting at its smallest index (the least rotation), in walk order ──
  islandStart: Array<i32> = new Array<i32>(0);
  islandCount: Array<i32> = new Array<i32>(0);
  islandVerts: Array<i32> = new Array<i32>(0);

  // ── holes (holes.ts): islands given to the face around them, sorted by face, then index list ──
  /** Per face: its holes are holes holeFirst[f] .. holeFirst[f] + holeNum[f] − 1. */
  holeFirst: Array<i32> = new Array<i32>(0);
  holeNum: Array<i32> = new Array<i32>(0);
  holeFace: Array<i32> = new Array<i32>(0);
  holeStart: Array<i32> = new Array<i32>(0);
  holeCount: Array<i32> = new Array<i32>(0);
  holeVerts: Array<i32> = new Array<i32>(0);
  /** Twice the hole ring's signed plan area (negative: clockwise) [m²]. */
  holeArea2: Array<f64> = new Array<f64>(0);

  get length(): i32 {
    return this.start.length;
  }
}

/**
 * Removes edges with a free end strictly inside the outline, repeatedly (an end at a vertex of
 * degree 1 that is not on the outline ring); reports DANGLING_LINE per input line concerned.
 * Returns the per-edge dead flags.
 */
export function pruneDangling(s: RoofState, g: PlanGraph): StaticArray<u8> {
  const nE = g.edgeU.length;
  const nV = s.nV;
  const eu = g.edgeU;
  const ev = g.edgeV;
  const onRing = g.onRing;
  assert(eu.length == nE && ev.length == nE && onRing.length == nV);
  // Edge ends are vertex indices < nV (built by renumber): the loops below stay in range.
  const dead = new StaticArray<u8>(nE);
  const deg = new StaticArray<i32>(nV);
  for (let e: i32 = 0; e < nE; e++) {
    unchecked(deg[unchecked(eu[e])]++);
    unchecked(deg[unchecked(ev[e])]++);
  }
  const start = new StaticArray<i32>(nV + 1);
  for (let v: i32 = 0; v < nV; v++) unchecked((start[v + 1] = start[v] + deg[v]));
  const fill = new StaticArray<i32>(nV);
  const adj = new StaticArray<i32>(2 * nE);
  for (let e: i32 = 0; e < nE; e++) {
    const u = unchecked(eu[e]);
    const v = unchecked(ev[e]);
    unchecked((adj[start[u] + fill[u]] = e));
    unchecked(fill[u]++);
    unchecked((adj[start[v] + fill[v]] = e));
    unchecked(fill[v]++);
  }
  const queue = new Array<i32>(0);
  for (let v: i32 = 0; v < nV; v++) if (unchecked(deg[v]) == 1 && unchecked(onRing[v]) == 0) queue.push(v);
  let any = false;
  for (let h: i32 = 0; h < queue.length; h++) {
    const v = unchecked(queue[h]);
    if (unchecked(deg[v]) != 1) continue;
    let e: i32 = -1;
    for (let k = unchecked(start[v]), ke = unchecked(start[v + 1]); k < ke; k++) {
      if (unchecked(dead[unchecked(adj[k])]) == 0) {
        e = unchecked(adj[k]);
        break;
      }
    }
    if (e < 0) continue;
    unchecked((dead[e] = 1));
    any = true;
    const w = unchecked(eu[e]) == v ? unchecked(ev[e]) : unchecked(eu[e]);
    unchecked(deg[v]--);
    unchecked(deg[w]--);
    if (unchecked(deg[w]) == 1 && unchecked(onRing[w]) == 0) queue.push(w);
  }
  if (any) {
    const lineDead = new StaticArray<u8>(s.nLines);
    for (let k: i32 = 0, n = g.lineEdge.length; k < n; k++) {
      if (dead[g.lineEdge[k]] != 0) lineDead[g.lineBase[k]] = 1;
    }
    for (let l: i32 = 0; l < s.nLines; l++) {
      if (lineDead[l] == 0) continue;
      s.beginError(<i32>RoofError.DANGLING_LINE);
      s.addRef(RefKind.LINE, l);
    }
  }
  return dead;
}

// Angular order around a centre (module globals read by the comparator).
let angCx: f64 = 0.0;
let angCy: f64 = 0.0;
let angHx: Array<f64> = new Array<f64>(0);
let angHy: Array<f64> = new Array<f64>(0);
let angHead: StaticArray<i32> = new StaticArray<i32>(0);

/** Upper half-plane (angle in [0, π)) → 0, lower → 1; exact from the coordinate signs. */
// @ts-ignore: decorator
@inline
function halfOf(dx: f64, dy: f64): i32 {
  return dy > 0.0 || (dy == 0.0 && dx > 0.0) ? 0 : 1;
}

/**
 * Sorts `arr[lo, hi)` by `cmp`: insertion sort for short runs (the common case: a vertex's few
 * edges, a bucket's few faces), else through `tmp` with the library sort. Inlined where used, so
 * the comparator is a direct call (Binaryen turns the constant function reference into one).
 */
// @ts-ignore: decorator
@inline
function sortRange(arr: StaticArray<i32>, lo: i32, hi: i32, cmp: (a: i32, b: i32) => i32, tmp: Array<i32>): void {
  if (hi - lo < 2) return;
  if (hi - lo <= 16) {
    // (lo ≤ m < k < hi ≤ arr.length)
    for (let k = lo + 1; k < hi; k++) {
      const x = unchecked(arr[k]);
      let m = k - 1;
      while (m >= lo && cmp(unchecked(arr[m]), x) > 0) {
        unchecked((arr[m + 1] = arr[m]));
        m--;
      }
      unchecked((arr[m + 1] = x));
    }
  } else {
    tmp.length = hi - lo;
    for (let k = lo; k < hi; k++) tmp[k - lo] = arr[k];
    tmp.sort(cmp);
    for (let k = lo; k < hi; k++) arr[k] = tmp[k - lo];
  }
}

/** Counter-clockwise angular order of half-edges a, b leaving the centre (robust: orient2d). */
function byAngle(a: i32, b: i32): i32 {
  const wa = unchecked(angHead[a]);
  const wb = unchecked(angHead[b]);
  const ax = unchecked(angHx[wa]);
  const ay = unchecked(angHy[wa]);
  const bx = unchecked(angHx[wb]);
  const by = unchecked(angHy[wb]);
  const ha = halfOf(ax - angCx, ay - angCy);
  const hb = halfOf(bx - angCx, by - angCy);
  if (ha != hb) return ha - hb;
  const o = orient2d(angCx, angCy, ax, ay, bx, by);
  if (o > 0.0) return -1;
  if (o < 0.0) return 1;
  // Same direction (only in degenerate drawings): the higher vertex index first, so that the walk's
  // "next clockwise" picks the lower one, as the reference does.
  return wb - wa;
}

/**
 * Twice the signed area of the closed polygon verts[from .. from + n) by the shoelace formula over
 * absolute coordinates, in the reference's operation order (src/engine/reference/roof-faces.ts), so
 * that the DEGENERATE_FACE threshold decides identically. (Plan coordinates are metres from the
 * project's anchor, so the cancellation of the absolute form stays far below DEGENERATE_AREA.)
 */
export function signedArea2(s: RoofState, verts: Array<i32>, from: i32, n: i32): f64 {
  assert(from >= 0 && from + n <= verts.length);
  return ringArea2<Array<i32>>(s.vx, s.vy, verts, from, n);
}

let cmpHead: StaticArray<i32> = new StaticArray<i32>(0);

function byHeadIndex(a: i32, b: i32): i32 {
  return unchecked(cmpHead[a]) - unchecked(cmpHead[b]);
}

/**
 * The half-edge after h on its face: at h's head v, the first outgoing half-edge clockwise from the
 * way back along h (the one turning most to the left) — the one just before h's twin in v's
 * counter-clockwise order. This is a permutation of the half-edges, so every walk closes even in
 * degenerate drawings (two edges leaving a vertex in one direction: the one with the lower head
 * index comes first clockwise, as in the reference).
 */
// @ts-ignore: decorator
@inline
function nextHalfEdge(h: i32, head: StaticArray<i32>, out: StaticArray<i32>, start: StaticArray<i32>, pos: StaticArray<i32>): i32 {
  // h is a live half-edge: its head has d ≥ 1 outgoing half-edges, listed in out[lo .. lo + d).
  const v = unchecked(head[h]);
  const lo = unchecked(start[v]);
  const d = unchecked(start[v + 1]) - lo;
  return unchecked(out[lo + ((unchecked(pos[h ^ 1]) + d - 1) % d)]);
}

/** Walks the faces of the graph's live edges, and the outer boundaries of islands (Faces.island*). */
export function findFaces(s: RoofState, g: PlanGraph, dead: StaticArray<u8>): Faces {
  const nE = g.edgeU.length;
  const nV = s.nV;
  const nH = 2 * nE;
  const eu = g.edgeU;
  const ev = g.edgeV;
  assert(eu.length == nE && ev.length == nE && dead.length == nE);
  // Every index below is a vertex < nV, an edge < nE or a half-edge < nH by construction.
  // Half-edge h = 2e runs edgeU → edgeV, 2e + 1 back.
  const head = new StaticArray<i32>(nH);
  const tail = new StaticArray<i32>(nH);
  const deg = new StaticArray<i32>(nV);
  for (let e: i32 = 0; e < nE; e++) {
    const u = unchecked(eu[e]);
    const v = unchecked(ev[e]);
    unchecked((tail[2 * e] = u));
    unchecked((head[2 * e] = v));
    unchecked((tail[2 * e + 1] = v));
    unchecked((head[2 * e + 1] = u));
    if (unchecked(dead[e]) == 0) {
      unchecked(deg[u]++);
      unchecked(deg[v]++);
    }
  }
  const start = new StaticArray<i32>(nV + 1);
  for (let v: i32 = 0; v < nV; v++) unchecked((start[v + 1] = start[v] + deg[v]));
  const fill = new StaticArray<i32>(nV);
  const out = new StaticArray<i32>(start[nV]);
  for (let h: i32 = 0; h < nH; h++) {
    if (unchecked(dead[h >> 1]) != 0) continue;
    const u = unchecked(tail[h]);
    unchecked((out[start[u] + fill[u]] = h));
    unchecked(fill[u]++);
  }
  // Sort each vertex's outgoing half-edges counter-clockwise.
  angHx = s.vx;
  angHy = s.vy;
  angHead = head;
  const pos = new StaticArray<i32>(nH);
  const tmp = new Array<i32>(0);
  for (let v: i32 = 0; v < nV; v++) {
    const lo = unchecked(start[v]);
    const hi = unchecked(start[v + 1]);
    if (hi - lo >= 2) {
      angCx = unchecked(s.vx[v]);
      angCy = unchecked(s.vy[v]);
      sortRange(out, lo, hi, byAngle, tmp);
    }
    for (let k = lo; k < hi; k++) unchecked((pos[unchecked(out[k])] = k - lo));
  }

  // Walks start from the unvisited half-edges in the order (tail ascending, head ascending) — the
  // reference's order — so that each cycle starts at the same vertex and its signed area (whose sign
  // decides bounded vs outer face) is summed identically.
  const byHead = new StaticArray<i32>(start[nV]);
  const tmpH = new Array<i32>(0);
  cmpHead = head;
  for (let v: i32 = 0; v < nV; v++) {
    const lo = unchecked(start[v]);
    const hi = unchecked(start[v + 1]);
    if (hi - lo <= 16) {
      // Insertion sort by head index (lo ≤ m < k < hi).
      for (let k = lo; k < hi; k++) {
        const h = unchecked(out[k]);
        const w = unchecked(head[h]);
        let m = k - 1;
        while (m >= lo && unchecked(head[unchecked(byHead[m])]) > w) {
          unchecked((byHead[m + 1] = byHead[m]));
          m--;
        }
        unchecked((byHead[m + 1] = h));
      }
      continue;
    }
    tmpH.length = hi - lo;
    for (let k = lo; k < hi; k++) tmpH[k - lo] = out[k];
    tmpH.sort(byHeadIndex);
    for (let k = lo; k < hi; k++) byHead[k] = tmpH[k - lo];
  }
  const onRing = g.onRing;
  assert(onRing.length == nV);
  const faces = new Faces();
  const visited = new StaticArray<u8>(nH);
  // The walks partition the half-edges (next is a permutation): a walk has at most nH entries (nH + 1
  // with the guard) and the bounded faces' lists hold nH at most in all; a bounded face has ≥ 3.
  const cycle = new StaticArray<i32>(nH + 1);
  const rawVerts = new StaticArray<i32>(nH + 1);
  const maxF = nH / 3 + 1;
  const rawStart = new StaticArray<i32>(maxF);
  const rawCount = new StaticArray<i32>(maxF);
  const rawArea = new StaticArray<f64>(maxF);
  const vx = s.vx;
  const vy = s.vy;
  let nF: i32 = 0;
  let nRaw: i32 = 0;
  for (let k0: i32 = 0, nOut = start[nV]; k0 < nOut; k0++) {
    const h0 = unchecked(byHead[k0]);
    if (unchecked(visited[h0]) != 0) continue;
    let n: i32 = 0;
    let h = h0;
    let guard: i32 = 0;
    do {
      unchecked((visited[h] = 1));
      unchecked((cycle[n++] = tail[h]));
      h = nextHalfEdge(h, head, out, start, pos);
      guard++;
    } while (h != h0 && guard <= nH); // (the guard is never reached: next is a permutation)
    if (n < 3) continue;
    const a2 = ringArea2(vx, vy, cycle, 0, n);
    if (!(a2 > 0.0)) {
      // An outer face: the outline's (it runs along the ring) is dropped; an island's is kept.
      if (!(a2 < 0.0)) continue;
      let touches = false;
      for (let k: i32 = 0; k < n; k++) {
        if (unchecked(onRing[unchecked(cycle[k])]) != 0) {
          touches = true;
          break;
        }
      }
      if (touches) continue;
      const best = leastRotation(cycle, n);
      faces.islandStart.push(faces.islandVerts.length);
      faces.islandCount.push(n);
      for (let k: i32 = 0; k < n; k++) faces.islandVerts.push(unchecked(cycle[(best + k) % n]));
      continue;
    }
    const best = leastRotation(cycle, n);
    const at = nRaw;
    // (at + n ≤ nH + 1 and nF < maxF: see above)
    unchecked((rawStart[nF] = at));
    unchecked((rawCount[nF] = n));
    for (let k: i32 = 0; k < n; k++) unchecked((rawVerts[at + k] = cycle[(best + k) % n]));
    nRaw += n;
    unchecked((rawArea[nF] = ringArea2(vx, vy, rawVerts, at, n) / 2.0));
    nF++;
  }

  // Canonical order: lexicographic by index lists. Each list starts at its smallest index, so the
  // faces are first bucketed by that index (a counting sort), then each bucket sorted by whole list;
  // byIndexList is a total order, so this is the order a full sort by it gives.
  const bucket = new StaticArray<i32>(nV + 1);
  for (let f: i32 = 0; f < nF; f++) unchecked(bucket[unchecked(rawVerts[unchecked(rawStart[f])]) + 1]++);
  for (let v: i32 = 0; v < nV; v++) unchecked((bucket[v + 1] += bucket[v]));
  const bFill = new StaticArray<i32>(nV);
  const order = new StaticArray<i32>(nF);
  for (let f: i32 = 0; f < nF; f++) {
    const v = unchecked(rawVerts[unchecked(rawStart[f])]);
    unchecked((order[bucket[v] + bFill[v]] = f));
    unchecked(bFill[v]++);
  }
  cmpStart = rawStart;
  cmpCount = rawCount;
  cmpVerts = rawVerts;
  const tmpF = new Array<i32>(0);
  for (let v: i32 = 0; v < nV; v++) {
    const lo = unchecked(bucket[v]);
    const hi = unchecked(bucket[v + 1]);
    if (hi - lo < 2) continue;
    sortRange(order, lo, hi, byIndexList, tmpF);
  }
  const fStart = new Array<i32>(nF);
  const fCount = new Array<i32>(nF);
  const fVerts = new Array<i32>(nRaw);
  const fArea = new Array<f64>(nF);
  let at: i32 = 0;
  for (let k: i32 = 0; k < nF; k++) {
    // (order is a permutation of the faces; their lists lie inside rawVerts[0 .. nRaw))
    const f = unchecked(order[k]);
    const n = unchecked(rawCount[f]);
    unchecked((fStart[k] = at));
    unchecked((fCount[k] = n));
    for (let q = unchecked(rawStart[f]), e = q + n; q < e; q++) unchecked((fVerts[at++] = rawVerts[q]));
    unchecked((fArea[k] = rawArea[f]));
  }
  faces.start = fStart;
  faces.count = fCount;
  faces.verts = fVerts;
  faces.area = fArea;
  faces.degenerate = new Array<u8>(nF);
  faces.holeFirst = new Array<i32>(nF);
  faces.holeNum = new Array<i32>(nF);
  return faces;
}

/**
 * The shoelace sum of signedArea2 over vertex coordinates and a list of vertex indices (an Array or a
 * StaticArray: one copy of the sum for both, instantiated per list type).
 */
function ringArea2<L>(vx: Array<f64>, vy: Array<f64>, verts: L, from: i32, n: i32): f64 {
  if (n == 0) return 0.0;
  // (verts[from .. from + n) holds vertex indices of the graph, in range of vx, vy)
  let a: f64 = 0.0;
  let p = unchecked(verts[from]);
  let px = unchecked(vx[p]);
  let py = unchecked(vy[p]);
  for (let k: i32 = 1; k <= n; k++) {
    const q = unchecked(verts[k < n ? from + k : from]);
    const qx = unchecked(vx[q]);
    const qy = unchecked(vy[q]);
    a += px * qy - qx * py;
    px = qx;
    py = qy;
  }
  return a;
}

/**
 * The start of the least rotation of cycle[0 .. n): the position of its smallest index (the
 * lexicographically smallest rotation if that index repeats).
 */
function leastRotation(cycle: StaticArray<i32>, n: i32): i32 {
  // (all positions below are taken modulo n ≤ cycle.length)
  let best: i32 = 0;
  for (let k: i32 = 1; k < n; k++) {
    const ck = unchecked(cycle[k]);
    const cb = unchecked(cycle[best]);
    if (ck < cb) best = k;
    else if (ck == cb) {
      for (let q: i32 = 1; q < n; q++) {
        const x = unchecked(cycle[(k + q) % n]);
        const y = unchecked(cycle[(best + q) % n]);
        if (x != y) {
          if (x < y) best = k;
          break;
        }
      }
    }
  }
  return best;
}

/** DEGENERATE_FACE: faces whose (net) plan area is below DEGENERATE_AREA. Call after assignHoles. */
export function markDegenerate(s: RoofState, faces: Faces): void {
  for (let f: i32 = 0, nF = faces.length; f < nF; f++) {
    if (!(faces.area[f] < s.degArea)) continue;
    faces.degenerate[f] = 1;
    s.beginError(<i32>RoofError.DEGENERATE_FACE);
    for (let q = faces.start[f], e = q + faces.count[f]; q < e; q++) s.addRef(RefKind.POINT, faces.verts[q]);
  }
}

let cmpStart: StaticArray<i32> = new StaticArray<i32>(0);
let cmpCount: StaticArray<i32> = new StaticArray<i32>(0);
let cmpVerts: StaticArray<i32> = new StaticArray<i32>(0);

function byIndexList(a: i32, b: i32): i32 {
  // a, b are face numbers < cmpStart.length; their lists lie inside cmpVerts.
  const sa = unchecked(cmpStart[a]);
  const sb = unchecked(cmpStart[b]);
  const na = unchecked(cmpCount[a]);
  const nb = unchecked(cmpCount[b]);
  const n = na < nb ? na : nb;
  for (let k: i32 = 0; k < n; k++) {
    const x = unchecked(cmpVerts[sa + k]);
    const y = unchecked(cmpVerts[sb + k]);
    if (x != y) return x - y;
  }
  if (na != nb) return na - nb;
  return a - b;
}
