// The solids of the glTF scene, as triangles in plan space: a flat or sloped polygon triangulated with
// earcut on its plan projection (roof faces and caps are never vertical), and a vertical prism of a
// plan ring between two heights (building walls, obstacles).
import earcut from 'earcut';
import type { MeshData } from './mesh-data.ts';

type P2 = readonly [number, number] | readonly [number, number, number];

/** Twice the signed plan area of a ring (> 0: counter-clockwise seen from above). */
export function signedArea2(ring: readonly P2[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return a;
}

/** A polygon with a height per vertex, triangulated to face up (+z). */
export function addPolygon(mesh: MeshData, ring: readonly P2[], z: (i: number) => number): void {
  if (ring.length < 3) return;
  const flat: number[] = [];
  for (const p of ring) flat.push(p[0], p[1]);
  const base = mesh.vertexCount;
  ring.forEach((p, i) => mesh.vertex(p[0], p[1], z(i)));
  const tris = earcut(flat);
  for (let t = 0; t < tris.length; t += 3) {
    const [a, b, c] = [tris[t], tris[t + 1], tris[t + 2]];
    const cross = (ring[b][0] - ring[a][0]) * (ring[c][1] - ring[a][1]) - (ring[b][1] - ring[a][1]) * (ring[c][0] - ring[a][0]);
    if (cross >= 0) mesh.triangle(base + a, base + b, base + c);
    else mesh.triangle(base + a, base + c, base + b);
  }
}

/** The vertical sides of a plan ring from z0 to z1 (facing outwards), and its top cap when asked. */
export function addPrism(mesh: MeshData, ring: readonly P2[], z0: number, z1: number, top: boolean): void {
  if (ring.length < 3 || !(z1 > z0)) return;
  const ccw = signedArea2(ring) > 0 ? ring : [...ring].reverse();
  const n = ccw.length;
  const base = mesh.vertexCount;
  for (const p of ccw) mesh.vertex(p[0], p[1], z0);
  for (const p of ccw) mesh.vertex(p[0], p[1], z1);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    mesh.triangle(base + i, base + j, base + n + j);
    mesh.triangle(base + i, base + n + j, base + n + i);
  }
  if (top) addPolygon(mesh, ccw, () => z1);
}
