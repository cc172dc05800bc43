// The plan footprint of a shade obstacle (ENGINE-API "shade" scene: box, cylinder, prism, parapet): the
// polygons it stands on as a vertical prism from baseZ to baseZ + height. One definition for the winter
// shadows, the layout's keep-outs and anything else that needs where an obstacle stands. A cylinder is
// the SHADE.cylinderSegments-gon the shading itself uses.
import { SHADE, type Obstacle } from '../model/shade.ts';
import { bufferPolyline, cleanRing, type Ring } from './layout-regions.ts';

/** The plan footprint rings of an obstacle [m]: the prism it stands as (a parapet: its polyline buffered to its thickness). */
export function obstacleFootprint(o: Obstacle): Ring[] {
  switch (o.kind) {
    case 'box': {
      const [w, d] = o.size;
      const a = (o.rotation * Math.PI) / 180;
      const c = Math.cos(a);
      const s = Math.sin(a);
      const corners: [number, number][] = [
        [-w / 2, -d / 2],
        [w / 2, -d / 2],
        [w / 2, d / 2],
        [-w / 2, d / 2],
      ];
      return [corners.map(([x, y]): [number, number] => [o.center[0] + x * c - y * s, o.center[1] + x * s + y * c])];
    }
    case 'cylinder': {
      const n = SHADE.cylinderSegments;
      const ring: Ring = [];
      for (let k = 0; k < n; k++) {
        const a = (2 * Math.PI * k) / n;
        ring.push([o.center[0] + o.radius * Math.cos(a), o.center[1] + o.radius * Math.sin(a)]);
      }
      return [ring];
    }
    case 'prism': {
      const ring = cleanRing(o.polygon);
      return ring === null ? [] : [ring];
    }
    case 'parapet':
      return bufferPolyline(o.polyline, o.thickness);
  }
}
