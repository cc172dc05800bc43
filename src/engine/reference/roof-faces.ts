// docs/GEOMETRY.md §1.5 and §2 — the planar graph of the roof: dangling lines pruned, then the bounded
// faces found by walking half-edges (at each vertex the edge turning most to the left).
import { cwBefore } from './roof-predicates.ts';
import type { SubLine } from './roof-split.ts';

/** Undirected planar graph over output point indices; parallel edges collapsed into one. */
export interface PlanGraph {
  /** Neighbours of each vertex. */
  adj: Map<number, Set<number>>;
  /** Per undirected edge (key lo·m + hi): the input lines it comes from (none for outline edges). */
  edgeLines: Map<number, number[]>;
  /** Key multiplier (> every vertex index). */
  m: number;
}

export function edgeKey(g: PlanGraph, a: number, b: number): number {
  return a < b ? a * g.m + b : b * g.m + a;
}

/** The graph of the ring's edges and the kept interior sub-lines (indices < m). */
export function buildGraph(ring: readonly number[], subLines: readonly SubLine[], m: number): PlanGraph {
  const g: PlanGraph = { adj: new Map(), edgeLines: new Map(), m };
  const link = (a: number, b: number, line: number): void => {
    if (a === b) return;
    if (!g.adj.has(a)) g.adj.set(a, new Set());
    if (!g.adj.has(b)) g.adj.set(b, new Set());
    g.adj.get(a)!.add(b);
    g.adj.get(b)!.add(a);
    const k = edgeKey(g, a, b);
    const lines = g.edgeLines.get(k) ?? [];
    if (line >= 0 && !lines.includes(line)) lines.push(line);
    g.edgeLines.set(k, lines);
  };
  for (let i = 0; i < ring.length; i++) link(ring[i], ring[(i + 1) % ring.length], -1);
  for (const l of subLines) link(l.a, l.b, l.line);
  return g;
}

/**
 * DANGLING_LINE: repeatedly removes the edge of every vertex of degree 1 that is not on the
 * outline ring. Returns the input lines whose pieces were removed, ascending.
 */
export function pruneDangling(g: PlanGraph, onRing: ReadonlySet<number>): number[] {
  const dangling = new Set<number>();
  const stack = [...g.adj.keys()].filter((v) => g.adj.get(v)!.size === 1 && !onRing.has(v));
  while (stack.length > 0) {
    const v = stack.pop()!;
    const nb = g.adj.get(v)!;
    if (nb.size !== 1) continue;
    const w = nb.values().next().value as number;
    for (const line of g.edgeLines.get(edgeKey(g, v, w)) ?? []) dangling.add(line);
    g.edgeLines.delete(edgeKey(g, v, w));
    nb.delete(w);
    const nw = g.adj.get(w)!;
    nw.delete(v);
    if (nw.size === 1 && !onRing.has(w)) stack.push(w);
  }
  return [...dangling].sort((a, b) => a - b);
}

/** Twice the signed plan area of a closed polygon given by point indices (positive: CCW). */
export function signedArea2(face: readonly number[], px: ArrayLike<number>, py: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < face.length; i++) {
    const a = face[i];
    const b = face[(i + 1) % face.length];
    s += px[a] * py[b] - px[b] * py[a];
  }
  return s;
}

/**
 * The bounded faces: every half-edge cycle (next half-edge: the one turning most to the left)
 * with a positive signed area, i.e. counter-clockwise seen from above. The outer face winds
 * clockwise and is dropped; the outside of a component not attached to the outline (an island:
 * a clockwise cycle with negative area and no point on the ring) is returned in `islands`, in walk
 * order (roof-holes.ts makes it a hole).
 * Each face and island starts at its smallest index (the lexicographically least such rotation);
 * the faces are sorted lexicographically.
 */
export function findFaces(
  g: PlanGraph, px: ArrayLike<number>, py: ArrayLike<number>, onRing: ReadonlySet<number> = new Set(),
): { faces: number[][]; islands: number[][] } {
  const islands: number[][] = [];
  const sorted = new Map<number, number[]>();
  for (const [v, nb] of g.adj) sorted.set(v, [...nb].sort((a, b) => a - b));
  const next = (u: number, v: number): number => {
    let best = -1;
    for (const w of sorted.get(v)!) {
      if (best < 0 || cwBefore(px[v], py[v], px[u], py[u], px[w], py[w], px[best], py[best])) best = w;
    }
    return best;
  };
  const seen = new Set<string>();
  const faces: number[][] = [];
  const vertices = [...sorted.keys()].sort((a, b) => a - b);
  for (const u0 of vertices) {
    for (const v0 of sorted.get(u0)!) {
      if (seen.has(`${u0},${v0}`)) continue;
      const cycle: number[] = [];
      let u = u0;
      let v = v0;
      let closed = true;
      do {
        const key = `${u},${v}`;
        // Two edges leaving a vertex in exactly the same direction (an overlap the split should have
        // merged) can make `next` fail to be a permutation: a walk that meets a half-edge it already
        // passed never returns to its start. It is not a face; stop it rather than loop forever.
        if (seen.has(key)) {
          closed = false;
          break;
        }
        seen.add(key);
        cycle.push(u);
        const w = next(u, v);
        u = v;
        v = w;
      } while (u !== u0 || v !== v0);
      if (!closed || cycle.length < 3) continue;
      const a2 = signedArea2(cycle, px, py);
      if (a2 > 0) faces.push(canonicalRotation(cycle));
      else if (a2 < 0 && !cycle.some((p) => onRing.has(p))) islands.push(canonicalRotation(cycle));
    }
  }
  return { faces: faces.sort(compareLex), islands };
}

/** The rotation of a cyclic list starting at its smallest value (lexicographically least of those). */
export function canonicalRotation(cycle: readonly number[]): number[] {
  const min = Math.min(...cycle);
  let best: number[] | null = null;
  for (let i = 0; i < cycle.length; i++) {
    if (cycle[i] !== min) continue;
    const rot = [...cycle.slice(i), ...cycle.slice(0, i)];
    if (best === null || compareLex(rot, best) < 0) best = rot;
  }
  return best!;
}

export function compareLex(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
