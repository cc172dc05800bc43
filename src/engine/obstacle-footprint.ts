// The plan footprint of a shade obstacle (docs/ENGINE-API.md "shade" scene: box, cylinder, prism, parapet): the
// polygons it stands on as a vertical prism from baseZ to baseZ + height. One definition for the winter
// shadows, the layout's keep-outs and anything else that needs where an obstacle stands. A cylinder is
// the SHADE.cylinderSegments-gon the shading itself uses.
import { boxRing, circleRing } from '../model/plan-geometry.ts';
import { SHADE, type Obstacle } from '../model/shade.ts';
import { bufferPolyline, cleanRing, type Ring } from './layout-regions.ts';

/** The plan footprint rings of an obstacle [m]: the prism it stands as (a parapet: its polyline buffered to its thickness). */
export function obstacleFootprint(o: Obstacle): Ring[] {
  switch (o.kind) {
    case 'box':
      return [boxRing(o.center, o.size, o.rotation)];
    case 'cylinder':
      return [circleRing(o.center[0], o.center[1], o.radius, SHADE.cylinderSegments)];
    case 'prism': {
      const ring = cleanRing(o.polygon);
      return ring === null ? [] : [ring];
    }
    case 'parapet':
      return bufferPolyline(o.polyline, o.thickness);
  }
}
