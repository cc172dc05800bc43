// Pure-TypeScript reference of the `skeleton` kernel (engine/geometry/skeleton.ts), same flat arrays
// in and out (engine/abi.ts, section skeleton). It exists to cross-check the WASM kernel, so it uses a
// different, simpler algorithm: a brute-force wavefront simulation. At every step it recomputes all
// edge events (a wavefront edge shrinking to a point) and all vertex-on-edge events (a reflex or
// straight wavefront vertex reaching a wavefront segment) over the whole current wavefront, takes the
// earliest, gathers by exhaustive search everything the wavefront has at that point at that time and
// resolves it. O(n³): fine for tests, far too slow for production.
//
// What it shares with the kernel is the definition of the result (see the header of
// engine/geometry/skeleton.ts): how a multiple event at a point is resolved (chains through the point,
// paired by angle), how zero-width slivers collapse into arcs, and the canonical output order.
import { Status } from '../../../engine/abi.ts';
import type { KernelResult } from '../wasm.ts';

/** Positions closer than this × the outline's size are one point. */
const REL_TOL = 1e-9;
/** Directions closer than this [rad] are parallel. */
const ANG_TOL = 1e-9;

interface Vtx {
  id: number;
  /** Position at creation time t. */
  x: number;
  y: number;
  t: number;
  vx: number;
  vy: number;
  /** Lines (outline edge indices in the internal CCW numbering) before and after the vertex. */
  inE: number;
  outE: number;
  prev: Vtx;
  next: Vtx;
  /** Skeleton node the vertex started from. */
  node: number;
  active: boolean;
  /** Zero-angle vertex of a wavefront sliver that collapsed at time t (no velocity). */
  tip: boolean;
  /** Reflex or straight: may run into another part of the wavefront. */
  nonConvex: boolean;
}

interface Chain {
  inE: number;
  outE: number;
  before: Vtx;
  after: Vtx;
}

class Sim {
  readonly lx: number[] = [];
  readonly ly: number[] = [];
  /** Unit direction and inward normal of each line; c = n·(a point of the line). */
  readonly dx: number[] = [];
  readonly dy: number[] = [];
  readonly c: number[] = [];
  readonly nodes: number[] = []; // x, y, t
  readonly arcs: number[] = []; // a, b
  verts: Vtx[] = [];
  failed = false;

  constructor(
    readonly tol: number,
    nOutline: number,
  ) {
    for (let i = 0; i < nOutline; i++) this.nodes.push(0, 0, 0);
  }

  addLine(ax: number, ay: number, bx: number, by: number): void {
    const len = Math.hypot(bx - ax, by - ay);
    const dx = (bx - ax) / len;
    const dy = (by - ay) / len;
    this.dx.push(dx);
    this.dy.push(dy);
    this.c.push(-dy * ax + dx * ay);
  }

  newNode(x: number, y: number, t: number): number {
    this.nodes.push(x, y, t);
    return this.nodes.length / 3 - 1;
  }

  newVertex(x: number, y: number, t: number, inE: number, outE: number, node: number, tip: boolean): Vtx {
    const ax = this.dx[inE];
    const ay = this.dy[inE];
    const bx = this.dx[outE];
    const by = this.dy[outE];
    let vx = 0;
    let vy = 0;
    if (!tip) {
      // Inward normals na = (-ay, ax), nb = (-by, bx); v·na = v·nb = 1 ⇒ v = (na + nb) / (1 + na·nb).
      const k = 1 + ax * bx + ay * by;
      vx = (-ay - by) / k;
      vy = (ax + bx) / k;
    }
    const v: Vtx = {
      id: this.verts.length,
      x,
      y,
      t,
      vx,
      vy,
      inE,
      outE,
      prev: undefined as unknown as Vtx,
      next: undefined as unknown as Vtx,
      node,
      active: true,
      tip,
      nonConvex: !tip && ax * by - ay * bx <= ANG_TOL,
    };
    this.verts.push(v);
    return v;
  }

  px(v: Vtx, t: number): number {
    return v.x + v.vx * (t - v.t);
  }
  py(v: Vtx, t: number): number {
    return v.y + v.vy * (t - v.t);
  }
  /**
   * Whether v is at (x, y) at time t: within tol of it at some time within tol of t (so that a fast
   * vertex arriving a rounding error later still counts).
   */
  at(v: Vtx, x: number, y: number, t: number): boolean {
    const tol = this.tol;
    let dx = this.px(v, t) - x;
    let dy = this.py(v, t) - y;
    if (Math.abs(dx) <= tol && Math.abs(dy) <= tol) return true;
    const s2 = v.vx * v.vx + v.vy * v.vy;
    if (s2 <= 1) return false;
    const tau = Math.min(tol, Math.max(-tol, -(dx * v.vx + dy * v.vy) / s2));
    dx += v.vx * tau;
    dy += v.vy * tau;
    return Math.abs(dx) <= tol && Math.abs(dy) <= tol;
  }
}

interface Ev {
  t: number;
  x: number;
  y: number;
  key: string;
}

/** The earliest event of the current wavefront, by exhaustive search. */
function earliest(s: Sim, T: number, ignored: Set<string>): Ev | null {
  const tol = s.tol;
  let best: Ev | null = null;
  const better = (t: number, x: number, y: number): boolean =>
    best === null || t < best.t || (t === best.t && (x < best.x || (x === best.x && y < best.y)));
  const act = s.verts.filter((v) => v.active);
  for (const u of act) {
    const w = u.next;
    // Edge event: the segment u→w on line e shrinks to a point.
    if (!u.tip && !w.tip) {
      const e = u.outE;
      const ex = s.dx[e];
      const ey = s.dy[e];
      const len = (s.px(w, T) - s.px(u, T)) * ex + (s.py(w, T) - s.py(u, T)) * ey;
      const rate = (w.vx - u.vx) * ex + (w.vy - u.vy) * ey;
      if (rate < 0) {
        const t = T + Math.max(len, 0) / -rate;
        const x = 0.5 * (s.px(u, t) + s.px(w, t));
        const y = 0.5 * (s.py(u, t) + s.py(w, t));
        const key = `e${u.id}:${w.id}`;
        if (!ignored.has(key) && better(t, x, y)) best = { t, x, y, key };
      }
    }
  }
  for (const v of act) {
    if (!v.nonConvex) continue;
    for (const u of act) {
      const w = u.next;
      if (u === v || w === v) continue;
      const e = u.outE;
      if (e === v.inE || e === v.outE) continue;
      const nx = -s.dy[e];
      const ny = s.dx[e];
      const dist = nx * s.px(v, T) + ny * s.py(v, T) - s.c[e] - T;
      const rate = nx * v.vx + ny * v.vy - 1;
      if (rate >= 0 || dist < -tol) continue;
      const t = T + Math.max(dist, 0) / -rate;
      const x = s.px(v, t);
      const y = s.py(v, t);
      const ex = s.dx[e];
      const ey = s.dy[e];
      const along = (x - s.px(u, t)) * ex + (y - s.py(u, t)) * ey;
      const toEnd = (s.px(w, t) - x) * ex + (s.py(w, t) - y) * ey;
      if (along < -tol || toEnd < -tol) continue;
      const key = `s${v.id}:${u.id}:${w.id}`;
      if (!ignored.has(key) && better(t, x, y)) best = { t, x, y, key };
    }
  }
  return best;
}

/** Angular position of a chain end around the event point, for pairing. */
interface End {
  ang: number;
  out: boolean;
  chain: number;
}

/**
 * Resolves everything the wavefront has at (x, y) at time t. Returns false when nothing happens there.
 */
function resolveAt(s: Sim, x: number, y: number, t: number): boolean {
  const tol = s.tol;
  const act = s.verts.filter((v) => v.active);
  const here = new Set(act.filter((v) => s.at(v, x, y, t)));
  const chains: Chain[] = [];
  const through: Vtx[] = [];
  for (const u of act) {
    const w = u.next;
    if (here.has(u) || here.has(w)) continue;
    const e = u.outE;
    const ex = s.dx[e];
    const ey = s.dy[e];
    const ax = s.px(u, t);
    const ay = s.py(u, t);
    const along = (x - ax) * ex + (y - ay) * ey;
    const len = (s.px(w, t) - ax) * ex + (s.py(w, t) - ay) * ey;
    const off = Math.abs((x - ax) * ey - (y - ay) * ex);
    if (off <= tol && along > 0 && along < len) through.push(u);
  }
  // Maximal runs of consecutive vertices at the point; whole loops at the point vanish.
  const visited = new Set<Vtx>();
  const runs: Vtx[][] = [];
  let vanished = false;
  for (const v of here) {
    if (visited.has(v)) continue;
    let a = v;
    let loop = false;
    for (let steps = 0; here.has(a.prev) && steps <= here.size; steps++) {
      a = a.prev;
      if (a === v) {
        loop = true;
        break;
      }
    }
    const run: Vtx[] = [];
    let b = a;
    do {
      run.push(b);
      visited.add(b);
      b = b.next;
    } while (here.has(b) && b !== a && run.length <= here.size);
    if (run.length > here.size) s.failed = true;
    if (loop) vanished = true;
    runs.push(run);
    if (!loop) chains.push({ inE: a.inE, outE: run[run.length - 1].outE, before: a.prev, after: b });
  }
  for (const u of through) chains.push({ inE: u.outE, outE: u.outE, before: u, after: u.next });

  // Pair chain ends around the point.
  const ends: End[] = [];
  chains.forEach((c, k) => {
    ends.push({ ang: Math.atan2(s.dy[c.outE], s.dx[c.outE]), out: true, chain: k });
    ends.push({ ang: Math.atan2(-s.dy[c.inE], -s.dx[c.inE]), out: false, chain: k });
  });
  const order = sortEnds(ends);
  const pairs: [number, number, boolean][] = []; // [in chain, out chain, tip]
  const m = order.length;
  const usedIn = new Set<number>();
  for (let k = 0; k < m; k++) {
    const o = order[k];
    if (!o.end.out) continue;
    let j = (k + 1) % m;
    if (order[j].end.out) {
      s.failed = true;
      while (order[j].end.out || usedIn.has(j)) j = (j + 1) % m;
    }
    usedIn.add(j);
    pairs.push([order[j].end.chain, o.end.chain, order[j].cluster === o.cluster]);
  }
  const noop =
    !vanished && through.length === 0 && runs.every((r) => r.length === 1) && pairs.every((p) => p[0] === p[1]);
  if (noop) return false;

  const node = s.newNode(x, y, t);
  for (const r of runs)
    for (const v of r) {
      v.active = false;
      s.arcs.push(v.node, node);
    }
  for (const [ci, co, tip] of pairs) {
    const cin = chains[ci];
    const cout = chains[co];
    const w = s.newVertex(x, y, t, cin.inE, cout.outE, node, tip);
    w.prev = cin.before;
    cin.before.next = w;
    w.next = cout.after;
    cout.after.prev = w;
  }
  return true;
}

/** Sorts chain ends by angle; ends within ANG_TOL are one cluster, outgoing ends first in it. */
function sortEnds(ends: End[]): { end: End; cluster: number }[] {
  const sorted = [...ends].sort((a, b) => a.ang - b.ang);
  const m = sorted.length;
  if (m === 0) return [];
  // Start after the widest gap so that no cluster straddles ±π.
  let start = 0;
  let widest = -1;
  for (let k = 0; k < m; k++) {
    const next = k + 1 < m ? sorted[k + 1].ang : sorted[0].ang + 2 * Math.PI;
    if (next - sorted[k].ang > widest) {
      widest = next - sorted[k].ang;
      start = (k + 1) % m;
    }
  }
  const rot = [...sorted.slice(start), ...sorted.slice(0, start)];
  const out: { end: End; cluster: number }[] = [];
  let k = 0;
  let cluster = 0;
  while (k < m) {
    let j = k + 1;
    while (j < m) {
      let d = rot[j].ang - rot[j - 1].ang;
      if (d < 0) d += 2 * Math.PI;
      if (d > ANG_TOL) break;
      j++;
    }
    for (const e of rot.slice(k, j)) if (e.out) out.push({ end: e, cluster });
    for (const e of rot.slice(k, j)) if (!e.out) out.push({ end: e, cluster });
    cluster++;
    k = j;
  }
  return out;
}

/** Collapses wavefront loops of zero area (slivers) into arcs. */
function collapseSlivers(s: Sim, T: number): void {
  for (const tipV of s.verts) {
    if (!tipV.active || !tipV.tip) continue;
    const loop: Vtx[] = [];
    let v = tipV;
    do {
      loop.push(v);
      v = v.next;
    } while (v !== tipV && loop.length <= s.verts.length);
    if (v !== tipV) continue;
    let area = 0;
    let perim = 0;
    for (let k = 0; k < loop.length; k++) {
      const a = loop[k];
      const b = loop[(k + 1) % loop.length];
      const ax = s.px(a, T);
      const ay = s.py(a, T);
      const bx = s.px(b, T);
      const by = s.py(b, T);
      area += ax * by - ay * bx;
      perim += Math.hypot(bx - ax, by - ay);
    }
    if (Math.abs(area) > s.tol * Math.max(perim, 1e-300)) continue;
    const ids = loop.map((a) => {
      const qx = s.px(a, T);
      const qy = s.py(a, T);
      const n = a.node;
      a.active = false;
      if (Math.abs(s.nodes[3 * n] - qx) <= s.tol && Math.abs(s.nodes[3 * n + 1] - qy) <= s.tol) return n;
      const id = s.newNode(qx, qy, T);
      s.arcs.push(n, id);
      return id;
    });
    for (let k = 0; k < ids.length; k++) {
      const a = ids[k];
      const b = ids[(k + 1) % ids.length];
      if (a !== b) s.arcs.push(a, b);
    }
  }
}

function bad(): KernelResult {
  return { status: Status.BAD_INPUT, f64: new Float64Array(0), i32: new Int32Array(0) };
}

/** The `skeleton` kernel in TypeScript: same input and output arrays as the WASM kernel. */
export function skeletonRef(f64: Float64Array, i32: Int32Array): KernelResult {
  if (i32.length < 1) return bad();
  const n = i32[0];
  if (!(n >= 3) || f64.length < 2 * n) return bad();
  const X: number[] = [];
  const Y: number[] = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let area2 = 0;
  for (let i = 0; i < n; i++) {
    const x = f64[2 * i];
    const y = f64[2 * i + 1];
    if (!Number.isFinite(x) || !Number.isFinite(y)) return bad();
    X.push(x);
    Y.push(y);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    area2 += X[i] * Y[j] - X[j] * Y[i];
  }
  const tol = REL_TOL * Math.max(maxX - minX, maxY - minY);
  if (!(tol > 0) || !(Math.abs(area2) > tol * tol)) return bad();
  // Internal order is counter-clockwise; ccw[k] is the input index of internal vertex k.
  const ccw = Array.from({ length: n }, (_, k) => (area2 > 0 ? k : n - 1 - k));

  // Drop duplicate and straight vertices: `kept` are internal indices.
  const kept = dropDegenerate(ccw, X, Y, tol);
  if (kept.length < 3) return bad();

  const s = new Sim(tol, n);
  for (let i = 0; i < n; i++) {
    s.nodes[3 * i] = X[i];
    s.nodes[3 * i + 1] = Y[i];
  }
  const K = kept.length;
  for (let j = 0; j < K; j++) {
    const a = ccw[kept[j]];
    const b = ccw[kept[(j + 1) % K]];
    s.addLine(X[a], Y[a], X[b], Y[b]);
  }
  const first: Vtx[] = [];
  for (let j = 0; j < K; j++) {
    const a = ccw[kept[j]];
    first.push(s.newVertex(X[a], Y[a], 0, (j + K - 1) % K, j, a, false));
  }
  for (let j = 0; j < K; j++) {
    first[j].next = first[(j + 1) % K];
    first[j].prev = first[(j + K - 1) % K];
  }

  let T = 0;
  const ignored = new Set<string>();
  const cap = 50 * n + 1000;
  // a simple polygon's wavefront never holds more than a few vertices per outline vertex: beyond that
  // the input was not simple (self-intersecting), so stop rather than run away
  const maxVertices = 8 * n + 64;
  for (let iter = 0; iter < cap && s.verts.length <= maxVertices; iter++) {
    const ev = earliest(s, T, ignored);
    const tips = s.verts.some((v) => v.active && v.tip);
    if (tips && (ev === null || ev.t > T + tol)) {
      collapseSlivers(s, T);
      if (s.verts.some((v) => v.active && v.tip)) s.failed = true;
      if (ev === null) break;
      continue;
    }
    if (ev === null) break;
    if (ev.t > T) T = ev.t;
    if (!resolveAt(s, ev.x, ev.y, ev.t)) ignored.add(ev.key);
  }
  if (s.verts.some((v) => v.active)) s.failed = true;
  return finish(s, n, ccw, kept, s.failed ? Status.FAILED : Status.OK);
}

/** Internal indices of the vertices that are neither duplicates nor straight. */
function dropDegenerate(ccw: number[], X: number[], Y: number[], tol: number): number[] {
  let kept: number[] = [];
  for (let k = 0; k < ccw.length; k++) {
    const a = ccw[k];
    const prev = kept.length > 0 ? ccw[kept[kept.length - 1]] : -1;
    if (prev >= 0 && Math.abs(X[a] - X[prev]) <= tol && Math.abs(Y[a] - Y[prev]) <= tol) continue;
    kept.push(k);
  }
  while (kept.length > 1) {
    const a = ccw[kept[kept.length - 1]];
    const b = ccw[kept[0]];
    if (Math.abs(X[a] - X[b]) <= tol && Math.abs(Y[a] - Y[b]) <= tol) kept.pop();
    else break;
  }
  let changed = true;
  while (changed && kept.length >= 3) {
    changed = false;
    const K = kept.length;
    for (let j = 0; j < K; j++) {
      const p = ccw[kept[(j + K - 1) % K]];
      const a = ccw[kept[j]];
      const q = ccw[kept[(j + 1) % K]];
      const ux = X[a] - X[p];
      const uy = Y[a] - Y[p];
      const wx = X[q] - X[a];
      const wy = Y[q] - Y[a];
      const lu = Math.hypot(ux, uy);
      const lw = Math.hypot(wx, wy);
      if (Math.abs(ux * wy - uy * wx) <= ANG_TOL * lu * lw && ux * wx + uy * wy > 0) {
        kept = kept.filter((_, i) => i !== j);
        changed = true;
        break;
      }
    }
  }
  return kept;
}

/** Merges coincident nodes, orders everything canonically and traces the faces. */
function finish(s: Sim, n: number, ccw: number[], kept: number[], status: Status): KernelResult {
  const tol = s.tol;
  const total = s.nodes.length / 3;
  // Union of skeleton nodes closer than tol.
  const rep = Array.from({ length: total }, (_, i) => i);
  const find = (i: number): number => {
    while (rep[i] !== i) i = rep[i] = rep[rep[i]];
    return i;
  };
  for (let i = n; i < total; i++)
    for (let j = n; j < i; j++)
      if (
        Math.abs(s.nodes[3 * i] - s.nodes[3 * j]) <= tol &&
        Math.abs(s.nodes[3 * i + 1] - s.nodes[3 * j + 1]) <= tol
      ) {
        const a = find(i);
        const b = find(j);
        if (a !== b) rep[Math.max(a, b)] = Math.min(a, b);
      }
  const roots: number[] = [];
  for (let i = n; i < total; i++) if (find(i) === i) roots.push(i);
  const N = (i: number, k: number) => s.nodes[3 * i + k];
  roots.sort((a, b) => {
    if (Math.abs(N(a, 2) - N(b, 2)) > tol) return N(a, 2) - N(b, 2);
    if (Math.abs(N(a, 0) - N(b, 0)) > tol) return N(a, 0) - N(b, 0);
    return N(a, 1) - N(b, 1);
  });
  const index = new Array<number>(total).fill(-1);
  for (let i = 0; i < n; i++) index[i] = i;
  roots.forEach((r, k) => (index[r] = n + k));
  const nNodes = n + roots.length;
  const f64 = new Float64Array(3 * nNodes);
  for (let i = 0; i < n; i++) {
    f64[3 * i] = N(i, 0);
    f64[3 * i + 1] = N(i, 1);
  }
  roots.forEach((r, k) => {
    f64[3 * (n + k)] = N(r, 0);
    f64[3 * (n + k) + 1] = N(r, 1);
    f64[3 * (n + k) + 2] = N(r, 2);
  });
  const arcSet = new Set<number>();
  const arcs: [number, number][] = [];
  for (let k = 0; k < s.arcs.length; k += 2) {
    const a = index[find(s.arcs[k])];
    const b = index[find(s.arcs[k + 1])];
    if (a === b) continue;
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const key = lo * nNodes + hi;
    if (arcSet.has(key)) continue;
    arcSet.add(key);
    arcs.push([lo, hi]);
  }
  arcs.sort((p, q) => p[0] - q[0] || p[1] - q[1]);

  // Faces: per chain of outline edges between kept vertices, the outline part then a walk along the
  // arcs, always taking the first arc clockwise from the way back (the face on the left).
  const adj: number[][] = Array.from({ length: nNodes }, () => []);
  for (const [a, b] of arcs) {
    adj[a].push(b);
    adj[b].push(a);
  }
  const ang = (a: number, b: number) => Math.atan2(f64[3 * b + 1] - f64[3 * a + 1], f64[3 * b] - f64[3 * a]);
  const faces: number[][] = Array.from({ length: n }, () => []);
  const K = kept.length;
  for (let j = 0; j < K; j++) {
    const ks = kept[j];
    const ke = kept[(j + 1) % K];
    const ring: number[] = [];
    for (let k = ks; ; k = (k + 1) % n) {
      ring.push(ccw[k]);
      if (k === ke) break;
    }
    const start = ccw[ks];
    let prev = ccw[(ke + n - 1) % n];
    let cur = ccw[ke];
    for (let guard = 0; guard < nNodes; guard++) {
      const cand = cur < n ? adj[cur].filter((c) => c >= n) : adj[cur];
      if (cand.length === 0) break;
      const back = ang(cur, prev);
      let best = -1;
      let bestTurn = Infinity;
      for (const c of cand) {
        let turn = back - ang(cur, c);
        while (turn <= 0) turn += 2 * Math.PI;
        while (turn > 2 * Math.PI) turn -= 2 * Math.PI;
        if (c === prev && cand.length > 1) turn = 2 * Math.PI + 1;
        if (turn < bestTurn) {
          bestTurn = turn;
          best = c;
        }
      }
      prev = cur;
      cur = best;
      if (cur < n) break;
      ring.push(cur);
    }
    if (cur !== start) status = Status.FAILED;
    // Report the chain's face at its first edge in input numbering.
    const first = ccw[0] === 0 ? ccw[ks] : ccw[ke];
    faces[first] = ring;
  }
  const i32: number[] = [nNodes, arcs.length];
  for (const [a, b] of arcs) i32.push(a, b);
  for (const f of faces) i32.push(f.length, ...f);
  return { status, f64, i32: Int32Array.from(i32) };
}
