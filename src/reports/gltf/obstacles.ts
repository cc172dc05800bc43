// The obstacles of the glTF scene: each a prism of its plan ring standing on the roof under its
// centre (or the ground), as tall as its height (model/design.ts: the height above what it stands on).
import type { ReportGeometry } from '../../model/report.ts';
import { MeshData } from './mesh-data.ts';
import { roofZ } from './roof.ts';
import { addPrism } from './solids.ts';

export function obstacleMesh(g: ReportGeometry, o: ReportGeometry['obstacles'][number]): MeshData {
  const cx = o.ring.reduce((a, p) => a + p[0], 0) / o.ring.length;
  const cy = o.ring.reduce((a, p) => a + p[1], 0) / o.ring.length;
  const z0 = roofZ(g, cx, cy);
  const mesh = new MeshData();
  addPrism(mesh, o.ring, z0, z0 + o.height, true);
  return mesh;
}
