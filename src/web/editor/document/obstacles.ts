// Pure actions over the obstacles of the building document (src/model/design.ts: box, cylinder,
// polygon, parapet, tree), their plan footprints (for hit tests and overlays), and their conversion
// to the shade engine's obstacles (src/model/shade.ts, docs/ENGINE-API.md "shade"): a polygon is a prism, a
// tree is a trunk cylinder plus a crown cylinder from baseZ + trunkHeight. Every action returns the
// next document, the same object when nothing changes. Plan frame: x east, y north, z up [m].
import { TREE_TRUNK_SHARE, type BuildingDocument, type DesignObstacle, type DesignObstacleKind } from '../../../model/design.ts';
import { boxRing, circleRing, pointInFlatRing, segmentDistance } from '../../../model/plan-geometry.ts';
import { SHADE, type Obstacle } from '../../../model/shade.ts';

/** Defaults of a newly drawn obstacle: height [m], parapet thickness [m], tree trunk height [m]. */
export const OBSTACLE_DEFAULTS = {
  height: { box: 1.5, cylinder: 1.5, polygon: 2, parapet: 1, tree: 8 } satisfies Record<DesignObstacleKind, number>,
  parapetThickness: 0.2,
  treeTrunkHeight: 2,
} as const;

/** Radius of a tree's trunk as a share of its crown radius (src/model/design.ts TREE_TRUNK_SHARE). */
export const TREE_TRUNK_RATIO = TREE_TRUNK_SHARE;

export function findObstacle(doc: BuildingDocument, id: string): DesignObstacle | undefined {
  return doc.obstacles.find((o) => o.id === id);
}

/** Whether the obstacle's numbers are in the document's ranges (src/model/design.ts). */
function valid(o: DesignObstacle): boolean {
  const fin = (v: number) => Number.isFinite(v);
  if (!(o.height > 0 && o.height <= 500) || !fin(o.baseZ) || o.baseZ < -100 || o.baseZ > 500) return false;
  switch (o.kind) {
    case 'box':
      return fin(o.center[0]) && fin(o.center[1]) && o.size[0] > 0 && o.size[1] > 0 && fin(o.size[0]) && fin(o.size[1]) && fin(o.rotation);
    case 'cylinder':
      return fin(o.center[0]) && fin(o.center[1]) && o.radius > 0 && fin(o.radius);
    case 'tree':
      return fin(o.center[0]) && fin(o.center[1]) && o.radius > 0 && fin(o.radius) && o.trunkHeight >= 0 && fin(o.trunkHeight);
    case 'polygon':
      return o.polygon.length >= 3 && o.polygon.every(([x, y]) => fin(x) && fin(y));
    case 'parapet':
      return o.polyline.length >= 2 && o.polyline.every(([x, y]) => fin(x) && fin(y)) && o.thickness > 0 && fin(o.thickness);
  }
}

/** Adds an obstacle (no-op when its id is taken or a number is out of range). */
export function addObstacle(doc: BuildingDocument, o: DesignObstacle): BuildingDocument {
  if (findObstacle(doc, o.id) || !valid(o)) return doc;
  return { ...doc, obstacles: [...doc.obstacles, o] };
}

/** The fields an update may change (everything but the id and the kind) [m, °]. */
export interface ObstaclePatch {
  readonly height?: number;
  readonly baseZ?: number;
  readonly center?: readonly [number, number];
  readonly size?: readonly [number, number];
  readonly rotation?: number;
  readonly radius?: number;
  readonly trunkHeight?: number;
  readonly polygon?: readonly (readonly [number, number])[];
  readonly polyline?: readonly (readonly [number, number])[];
  readonly thickness?: number;
}

/** Changes fields of an obstacle (fields its kind does not have are ignored; out-of-range: no-op). */
export function updateObstacle(doc: BuildingDocument, id: string, patch: ObstaclePatch): BuildingDocument {
  const i = doc.obstacles.findIndex((o) => o.id === id);
  if (i < 0) return doc;
  const cur = doc.obstacles[i];
  const keys = Object.keys(cur) as (keyof DesignObstacle)[];
  const merged: Record<string, unknown> = { ...cur };
  let changed = false;
  for (const k of keys) {
    if (k === 'id' || k === 'kind') continue;
    const v = (patch as Readonly<Record<string, unknown>>)[k];
    if (v === undefined) continue;
    const copy = Array.isArray(v) ? v.map((e: unknown) => (Array.isArray(e) ? [...(e as number[])] : e)) : v;
    if (JSON.stringify(copy) !== JSON.stringify(merged[k])) changed = true;
    merged[k] = copy;
  }
  if (!changed) return doc;
  const next = merged as DesignObstacle;
  if (!valid(next)) return doc;
  const obstacles = doc.obstacles.slice();
  obstacles[i] = next;
  return { ...doc, obstacles };
}

/** Moves an obstacle by (dx, dy) [m]. */
export function moveObstacle(doc: BuildingDocument, id: string, dx: number, dy: number): BuildingDocument {
  if (!Number.isFinite(dx) || !Number.isFinite(dy) || (dx === 0 && dy === 0)) return doc;
  const i = doc.obstacles.findIndex((o) => o.id === id);
  if (i < 0) return doc;
  const o = doc.obstacles[i];
  const sh = ([x, y]: readonly [number, number]): [number, number] => [x + dx, y + dy];
  let next: DesignObstacle;
  switch (o.kind) {
    case 'box':
    case 'cylinder':
    case 'tree':
      next = { ...o, center: sh(o.center) };
      break;
    case 'polygon':
      next = { ...o, polygon: o.polygon.map(sh) };
      break;
    case 'parapet':
      next = { ...o, polyline: o.polyline.map(sh) };
      break;
  }
  const obstacles = doc.obstacles.slice();
  obstacles[i] = next;
  return { ...doc, obstacles };
}

export function deleteObstacle(doc: BuildingDocument, id: string): BuildingDocument {
  if (!findObstacle(doc, id)) return doc;
  return { ...doc, obstacles: doc.obstacles.filter((o) => o.id !== id) };
}

// ── footprints and hit tests ──────────────────────────────────────────────────────────────────

function circle(cx: number, cy: number, r: number, n = SHADE.cylinderSegments): number[] {
  return circleRing(cx, cy, r, n).flat();
}

/** The box's four corners, counter-clockwise, flat [x, y, …] [m]. */
export function boxCorners(o: Extract<DesignObstacle, { kind: 'box' }>): number[] {
  return boxRing(o.center, o.size, o.rotation).flat();
}

/** The obstacle's plan outline, flat [x, y, …] [m] (closed polygon; a parapet: its polyline). */
export function obstacleFootprint(o: DesignObstacle): number[] {
  switch (o.kind) {
    case 'box':
      return boxCorners(o);
    case 'cylinder':
    case 'tree':
      return circle(o.center[0], o.center[1], o.radius);
    case 'polygon':
      return o.polygon.flat();
    case 'parapet':
      return o.polyline.flat();
  }
}

/** Plan distance from (x, y) to the obstacle [m]: 0 inside, else to its outline (a parapet: to its
 * wall's side faces). */
export function obstacleDistance(o: DesignObstacle, x: number, y: number): number {
  const flat = obstacleFootprint(o);
  const n = flat.length / 2;
  const closed = o.kind !== 'parapet';
  if (closed && pointInFlatRing(x, y, flat)) return 0;
  let best = Infinity;
  const segs = closed ? n : n - 1;
  for (let i = 0; i < segs; i++) {
    const j = (i + 1) % n;
    best = Math.min(best, segmentDistance(x, y, flat[2 * i], flat[2 * i + 1], flat[2 * j], flat[2 * j + 1]));
  }
  return o.kind === 'parapet' ? Math.max(0, best - o.thickness / 2) : best;
}

/** The obstacle under (x, y) within `tolerance` [m], the last drawn first (drawn on top). */
export function obstacleAt(doc: BuildingDocument, x: number, y: number, tolerance: number): DesignObstacle | undefined {
  let best: DesignObstacle | undefined;
  let bestD = tolerance;
  for (let i = doc.obstacles.length - 1; i >= 0; i--) {
    const d = obstacleDistance(doc.obstacles[i], x, y);
    if (d < bestD || (d === 0 && bestD > 0)) {
      bestD = d;
      best = doc.obstacles[i];
      if (d === 0) break;
    }
  }
  return best;
}

// ── the shade engine's obstacles ──────────────────────────────────────────────────────────────

/** The document's obstacles as the shade engine takes them (src/model/shade.ts). */
export function toShadeObstacles(doc: Pick<BuildingDocument, 'obstacles'>): Obstacle[] {
  const out: Obstacle[] = [];
  for (const o of doc.obstacles) {
    switch (o.kind) {
      case 'box':
        out.push({ kind: 'box', center: [o.center[0], o.center[1]], size: [o.size[0], o.size[1]], height: o.height, baseZ: o.baseZ, rotation: o.rotation });
        break;
      case 'cylinder':
        out.push({ kind: 'cylinder', center: [o.center[0], o.center[1]], radius: o.radius, height: o.height, baseZ: o.baseZ });
        break;
      case 'polygon':
        out.push({ kind: 'prism', polygon: o.polygon.map(([x, y]) => [x, y] as [number, number]), height: o.height, baseZ: o.baseZ });
        break;
      case 'parapet':
        out.push({ kind: 'parapet', polyline: o.polyline.map(([x, y]) => [x, y] as [number, number]), height: o.height, thickness: o.thickness, baseZ: o.baseZ });
        break;
      case 'tree': {
        // The crown spans baseZ + trunkHeight … baseZ + height; below it only the trunk.
        const trunk = Math.min(o.trunkHeight, o.height);
        const center: [number, number] = [o.center[0], o.center[1]];
        if (trunk > 0) out.push({ kind: 'cylinder', center, radius: o.radius * TREE_TRUNK_RATIO, height: trunk, baseZ: o.baseZ });
        const crown = o.height - trunk;
        if (crown > 0) out.push({ kind: 'cylinder', center: [center[0], center[1]], radius: o.radius, height: crown, baseZ: o.baseZ + trunk });
        break;
      }
    }
  }
  return out;
}
