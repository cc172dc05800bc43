// Plan footprints of the designer's obstacles (design.ts DesignObstacle), shared by the 2D plan and
// the 3D view: each obstacle is one or more plan polygons [x, y] [m], counter-clockwise seen from
// above, standing from baseZ to baseZ + height (a tree: a trunk, then a crown from trunkHeight up).
import { TREE_TRUNK_SHARE, type DesignObstacle } from '../../../model/design.ts';
import { boxRing as planBoxRing, circleRing as planCircleRing, counterClockwise, signedArea } from '../../../model/plan-geometry.ts';

export type PlanRing = [number, number][];

/** Segments of a round outline: a 24-gon is within 0.9 % of a circle's radius. */
export const CIRCLE_SEGMENTS = 24;
/** A tree's trunk radius as a share of its crown radius (src/model/design.ts). */
export const TRUNK_SHARE = TREE_TRUNK_SHARE;

/** A regular n-gon around (cx, cy) with radius r [m] (counter-clockwise). */
export function circleRing(cx: number, cy: number, r: number, n = CIRCLE_SEGMENTS): PlanRing {
  return planCircleRing(cx, cy, r, n);
}

/** A box's footprint: size [width, depth] [m] turned `rotationDeg` counter-clockwise from east. */
export function boxRing(center: readonly [number, number], size: readonly [number, number], rotationDeg: number): PlanRing {
  return planBoxRing(center, size, rotationDeg);
}

/** Signed plan area [m²] (positive counter-clockwise): src/model/plan-geometry.ts. */
export const ringArea = signedArea;

/** A parapet: one rectangle per polyline segment, `thickness` [m] wide, centred on the segment. */
export function parapetRings(polyline: readonly (readonly [number, number])[], thickness: number): PlanRing[] {
  const rings: PlanRing[] = [];
  const h = thickness / 2;
  for (let i = 0; i + 1 < polyline.length; i++) {
    const [ax, ay] = polyline[i];
    const [bx, by] = polyline[i + 1];
    const len = Math.hypot(bx - ax, by - ay);
    if (!(len > 0)) continue;
    const nx = (-(by - ay) / len) * h;
    const ny = ((bx - ax) / len) * h;
    rings.push([
      [ax - nx, ay - ny],
      [bx - nx, by - ny],
      [bx + nx, by + ny],
      [ax + nx, ay + ny],
    ]);
  }
  return rings;
}

/** The plan polygons an obstacle covers (a tree: its crown). */
export function obstacleRings(o: DesignObstacle): PlanRing[] {
  switch (o.kind) {
    case 'box':
      return [boxRing(o.center, o.size, o.rotation)];
    case 'cylinder':
      return [circleRing(o.center[0], o.center[1], o.radius)];
    case 'polygon':
      return [counterClockwise(o.polygon.map(([x, y]): [number, number] => [x, y]))];
    case 'parapet':
      return parapetRings(o.polyline, o.thickness);
    case 'tree':
      return [circleRing(o.center[0], o.center[1], o.radius)];
    default: {
      const unknown: never = o;
      throw new Error(`unknown obstacle ${JSON.stringify(unknown)}`);
    }
  }
}
