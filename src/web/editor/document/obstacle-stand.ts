// Where the designer's obstacles stand (issue 18): on the roof face under them, not on the ground. One
// function turns the design's obstacles into the shade engine's (src/model/shade.ts), used by the shade
// scene (shade/shade-input.ts), the winter shadows (shade/winter.ts) and the 3D view
// (render/view-3d-objects.ts), so that what the 3D view draws is what casts shade.
//
// The roof under a footprint: the part of the footprint over each roof face (Clipper2 intersection with
// the face's plan polygon), on the face's plane. A plane is linear over a polygon, so the lowest and
// highest roof point under the footprint are vertices of those parts. An obstacle stands on the roof
// when at least half its footprint lies over roof faces (MIN_ROOF_SHARE; a parapet — a wall along
// roof edges, half outside them — when any of it does); otherwise on the ground, as before.
//
// How it stands: a vertical prism from the lowest roof point under it up to `height` above the highest
// one (a flat top). Its part above the roof is exactly the prism whose bottom follows the face plane —
// nothing buried, no gap under the downhill side; the part below lies inside the building, under the
// roof surface, where it can neither be seen nor throw shade on anything above the roof. So the
// engine's obstacles (vertical prisms from one baseZ, docs/ENGINE-API.md "shade") describe it exactly, and the
// contract does not change. The height is measured on the uphill side, as a chimney's height above a
// roof is: the obstacle is at least `height` above the roof all round. On a flat roof: from the roof
// up by `height`.
//
// Parapets follow the roof along their length: each segment is cut into pieces over which the roof
// rises at most PARAPET_STEP (an eave: one piece; a gable's rake: steps of at most that), each piece
// standing as above.
// A tree stands where its trunk is (its crown may overhang a roof it does not stand on). The document's
// baseZ is a floor: nothing stands lower than it (0 by default: wherever it is drawn).
import { ClipType, Clipper, FillRule, type PathD } from 'clipper2-ts';
import { obstacleFootprint } from '../../../engine/obstacle-footprint.ts';
import { cylinderRing } from '../../../engine/shade-scene.ts';
import { cleanRing, type Ring } from '../../../engine/layout-regions.ts';
import { TREE_TRUNK_SHARE, type BuildingDocument, type DesignObstacle, type DesignObstacleKind } from '../../../model/design.ts';
import { LAYOUT } from '../../../model/layout.ts';
import { boundsOf, planeOf, planeZ, signedArea, type Bounds, type PlanePlan } from '../../../model/plan-geometry.ts';
import type { FaceOut, RoofOutput } from '../../../model/roof.ts';
import type { Obstacle } from '../../../model/shade.ts';
import { toShadeObstacles } from './obstacles.ts';

/** Share of a footprint that must lie over roof faces for the obstacle to stand on the roof. */
export const MIN_ROOF_SHARE = 0.5;
/** Most the roof may rise under one piece of a parapet [m]. */
export const PARAPET_STEP = 0.2;
/** Most halvings of one parapet segment (at most 2⁸ = 256 pieces). */
const MAX_DEPTH = 8;

/** Roof outputs by building id (the plan scene's Map, or the editor snapshot's record). */
export type RoofLookup = ReadonlyMap<string, RoofOutput | null | undefined> | Readonly<Record<string, RoofOutput | null | undefined>>;

/** A planar part of the roof surface: its plan polygon, its plane and its plan bounds [m]. */
export interface RoofPatch {
  readonly ring: Ring;
  readonly plane: PlanePlan;
  readonly bounds: Bounds;
}

function roofOf(roofs: RoofLookup, id: string): RoofOutput | null | undefined {
  return roofs instanceof Map ? roofs.get(id) : (roofs as Readonly<Record<string, RoofOutput | null | undefined>>)[id];
}

/** A face's patch; null for a vertical or degenerate face. */
function facePatch(f: FaceOut): RoofPatch | null {
  const ring = cleanRing(f.vertices);
  const plane = planeOf(f.vertices);
  return ring === null || plane === null ? null : { ring, plane, bounds: boundsOf(ring) };
}

/**
 * The roof surface of every closed building: its roof faces, or, while its roof has none (not solved
 * yet, or failed), its outline flat at the eave height.
 */
export function roofPatches(buildings: BuildingDocument['buildings'], roofs: RoofLookup): RoofPatch[] {
  const out: RoofPatch[] = [];
  for (const b of buildings) {
    if (!b.closed || b.outline.length < 3) continue;
    const faces = roofOf(roofs, b.id)?.faces ?? [];
    const planes = faces.map(facePatch).filter((p): p is RoofPatch => p !== null);
    if (planes.length > 0) {
      out.push(...planes);
      continue;
    }
    const ring = cleanRing(b.outline.map((p) => [p.x, p.y]));
    if (ring !== null) out.push({ ring, plane: { x0: 0, y0: 0, z0: b.eaveHeight, gx: 0, gy: 0 }, bounds: boundsOf(ring) });
  }
  return out;
}

/** The roof under a footprint: lowest and highest roof point [m], and the share of the footprint over roof [0–1]. */
export interface RoofUnder {
  readonly min: number;
  readonly max: number;
  readonly share: number;
}

const path = (ring: Ring): PathD => ring.map(([x, y]) => ({ x, y }));

/** The roof under the footprint rings, or null when no part of them lies over a roof patch. */
export function roofUnder(rings: readonly Ring[], patches: readonly RoofPatch[]): RoofUnder | null {
  let area = 0;
  for (const r of rings) area += Math.abs(signedArea(r));
  if (!(area > 0)) return null;
  const b = boundsOf(rings.flat());
  const subject = rings.map(path);
  let over = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const p of patches) {
    if (p.bounds.x1 < b.x0 || p.bounds.x0 > b.x1 || p.bounds.y1 < b.y0 || p.bounds.y0 > b.y1) continue;
    const parts = Clipper.booleanOpD(ClipType.Intersection, subject, [path(p.ring)], FillRule.NonZero, LAYOUT.offsetPrecision);
    for (const part of parts) {
      const ring = part.map((q): [number, number] => [q.x, q.y]);
      over += Math.abs(signedArea(ring));
      for (const [x, y] of ring) {
        const z = planeZ(p.plane, x, y);
        min = Math.min(min, z);
        max = Math.max(max, z);
      }
    }
  }
  return over > 0 ? { min, max, share: Math.min(1, over / area) } : null;
}

/**
 * Pieces of one obstacle (baseZ = `floor`, or above it for a tree's crown) lifted onto the roof under
 * them: pieces touching the floor stand from the lowest roof point and reach `height` above the
 * highest; pieces above the floor (a crown) move up with the highest point.
 */
function lift(pieces: readonly Obstacle[], floor: number, under: RoofUnder | null): Obstacle[] {
  if (under === null) return [...pieces];
  const lo = Math.max(floor, under.min);
  const hi = Math.max(floor, under.max);
  return pieces.map((p) => (p.baseZ === floor ? { ...p, baseZ: lo, height: p.height + (hi - lo) } : { ...p, baseZ: p.baseZ - floor + hi }));
}

function onRoof(under: RoofUnder | null, minShare: number): RoofUnder | null {
  return under !== null && under.share >= minShare ? under : null;
}

/**
 * A parapet as pieces along its polyline, each on the roof under it: a segment over which the roof
 * rises more than PARAPET_STEP is halved until it does not (or the piece is no longer than the wall
 * is thick, or MAX_DEPTH halvings deep).
 */
function parapetPieces(o: Extract<DesignObstacle, { kind: 'parapet' }>, patches: readonly RoofPatch[]): Obstacle[] {
  const out: Obstacle[] = [];
  const piece = (a: readonly [number, number], b: readonly [number, number]): Obstacle => ({
    kind: 'parapet',
    polyline: [
      [a[0], a[1]],
      [b[0], b[1]],
    ],
    height: o.height,
    thickness: o.thickness,
    baseZ: o.baseZ,
  });
  const place = (a: readonly [number, number], b: readonly [number, number], depth: number): void => {
    const p = piece(a, b);
    const u = onRoof(roofUnder(obstacleFootprint(p), patches), Number.MIN_VALUE);
    if (u === null || u.max - u.min <= PARAPET_STEP || depth >= MAX_DEPTH || Math.hypot(b[0] - a[0], b[1] - a[1]) <= o.thickness) {
      out.push(...lift([p], o.baseZ, u));
      return;
    }
    const m: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    place(a, m, depth + 1);
    place(m, b, depth + 1);
  };
  for (let i = 0; i + 1 < o.polyline.length; i++) {
    const a = o.polyline[i];
    const b = o.polyline[i + 1];
    if (a[0] !== b[0] || a[1] !== b[1]) place(a, b, 0);
  }
  return out;
}

/** One design obstacle as the shade engine's obstacles, standing on what is under it. */
export function standObstacle(o: DesignObstacle, patches: readonly RoofPatch[]): Obstacle[] {
  if (o.kind === 'parapet') return parapetPieces(o, patches);
  const pieces = toShadeObstacles({ obstacles: [o] });
  const footprint = o.kind === 'tree' ? [cylinderRing(o.center, o.radius * TREE_TRUNK_SHARE).map(([x, y]): [number, number] => [x, y])] : pieces.flatMap(obstacleFootprint);
  return lift(pieces, o.baseZ, onRoof(roofUnder(footprint, patches), MIN_ROOF_SHARE));
}

/** A design obstacle with the engine obstacles it stands as. */
export interface StandingObstacle {
  readonly id: string;
  readonly kind: DesignObstacleKind;
  readonly obstacle: DesignObstacle;
  readonly pieces: readonly Obstacle[];
}

/** Every obstacle of the document, standing on the roofs (or the ground) under it. */
export function standingObstacles(doc: Pick<BuildingDocument, 'buildings' | 'obstacles'>, roofs: RoofLookup): StandingObstacle[] {
  const patches = roofPatches(doc.buildings, roofs);
  return doc.obstacles.map((o) => ({ id: o.id, kind: o.kind, obstacle: o, pieces: standObstacle(o, patches) }));
}
