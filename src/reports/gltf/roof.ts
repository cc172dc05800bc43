// The buildings of the glTF scene: each roof face triangulated (one mesh per face, named after it)
// and the buildings' walls (their plan outlines from the ground to the eave, one mesh), and the roof
// height under a plan point, which obstacles stand on.
import type { ReportGeometry } from '../../model/report.ts';
import { MeshData } from './mesh-data.ts';
import { addPolygon, addPrism } from './solids.ts';

type Face = ReportGeometry['faces'][number];

/** One face's triangles. */
export function faceMesh(face: Face): MeshData {
  const mesh = new MeshData();
  addPolygon(mesh, face.ring, (i) => face.ring[i][2]);
  return mesh;
}

/** Every building's walls, ground to eave. */
export function wallsMesh(g: ReportGeometry): MeshData {
  const mesh = new MeshData();
  for (const b of g.buildings) addPrism(mesh, b.outline, 0, b.eaveHeight, false);
  return mesh;
}

function inside(ring: readonly (readonly number[])[], x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

/** Height of a face's plane over a plan point (Newell's normal of its ring). */
function planeZ(face: Face, x: number, y: number): number {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  const r = face.ring;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
    nx += (r[j][1] - r[i][1]) * (r[j][2] + r[i][2]);
    ny += (r[j][2] - r[i][2]) * (r[j][0] + r[i][0]);
    nz += (r[j][0] - r[i][0]) * (r[j][1] + r[i][1]);
  }
  const [x0, y0, z0] = r[0];
  return Math.abs(nz) < 1e-12 ? z0 : z0 - (nx * (x - x0) + ny * (y - y0)) / nz;
}

/** The roof under a plan point: the highest face over it, else the eave of the building it is in, else the ground (0). */
export function roofZ(g: ReportGeometry, x: number, y: number): number {
  let z = -Infinity;
  for (const f of g.faces) if (inside(f.ring, x, y)) z = Math.max(z, planeZ(f, x, y));
  if (z > -Infinity) return z;
  for (const b of g.buildings) if (inside(b.outline, x, y)) return b.eaveHeight;
  return 0;
}
