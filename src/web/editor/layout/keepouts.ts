// Keep-outs of a roof face (docs/ENGINE-API.md "layout" keepouts): the plan footprints of the designer's
// obstacles (src/model/design.ts DesignObstacle) that reach over the face. A box is its rotated
// rectangle, a cylinder and a tree's crown a polygon with SHADE.cylinderSegments vertices on the
// circle, a polygon itself, a parapet its polyline buffered to its thickness (Clipper2, like the
// engine's winter shadows). Obstacles whose footprint's bounding box misses the face's are left out
// (the engine would ignore them anyway; fewer polygons to pack against).
import type { DesignObstacle } from '../../../model/design.ts';
import type { Ring } from '../../../engine/layout-regions.ts';
import { obstacleFootprint as engineFootprint } from '../../../engine/obstacle-footprint.ts';
import { boundsOf } from '../../../model/plan-geometry.ts';
import { toShadeObstacles } from '../document/obstacles.ts';

/** The plan footprint rings of an obstacle [m] (src/engine/obstacle-footprint.ts, through the shade
 * engine's obstacles: a tree stands as its trunk and crown). */
export function obstacleFootprint(o: DesignObstacle): Ring[] {
  return toShadeObstacles({ obstacles: [o] }).flatMap(engineFootprint);
}

/**
 * The keep-outs of a face: footprints of the obstacles reaching over its outline, each kept `setback`
 * clear [m].
 */
export function keepoutsForFace(
  obstacles: readonly DesignObstacle[],
  faceVertices: readonly (readonly number[])[],
  setback = 0,
): { polygon: [number, number][]; setback: number }[] {
  const f = boundsOf(faceVertices);
  const out: { polygon: [number, number][]; setback: number }[] = [];
  for (const o of obstacles) {
    for (const ring of obstacleFootprint(o)) {
      if (ring.length < 3) continue;
      const b = boundsOf(ring);
      if (b.x1 + setback < f.x0 || b.x0 - setback > f.x1 || b.y1 + setback < f.y0 || b.y0 - setback > f.y1) continue;
      out.push({ polygon: ring, setback });
    }
  }
  return out;
}
