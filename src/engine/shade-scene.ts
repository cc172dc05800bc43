// The shade command's scene as triangles (host side; the kernel only sees triangles): buildings
// (walls from the outline up to the eave height, roof faces), obstacles (boxes, cylinders, prisms,
// parapets) and explicit triangles. Polygons are triangulated with earcut.
//   Cylinders: regular polygons of SHADE.cylinderSegments (32) sides with their vertices on the circle:
//   the footprint area is (N/2)·sin(2π/N)/π = 0.99359 of the circle's (−0.64 %), the silhouette
//   width between 2r·cos(π/N) = 0.99518·2r and 2r (−0.48 % … 0).
import earcut from 'earcut';
import { SHADE, type Obstacle, type ShadeScene } from '../model/shade.ts';

type XY = readonly [number, number];
type XYZ = readonly [number, number, number];

/** Appends triangles (9 numbers each) to a growing list. */
class TriangleList {
  readonly data: number[] = [];

  add(a: XYZ, b: XYZ, c: XYZ): void {
    this.data.push(a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]);
  }

  /** A planar quad a b c d as two triangles. */
  quad(a: XYZ, b: XYZ, c: XYZ, d: XYZ): void {
    this.add(a, b, c);
    this.add(a, c, d);
  }
}

/** Vertical walls along a closed plan ring from z0 to z1. */
function walls(out: TriangleList, ring: readonly XY[], z0: number, z1: number): void {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const [ax, ay] = ring[i];
    const [bx, by] = ring[(i + 1) % n];
    if (ax === bx && ay === by) continue;
    out.quad([ax, ay, z0], [bx, by, z0], [bx, by, z1], [ax, ay, z1]);
  }
}

/** A plan polygon at height z (earcut). */
function cap(out: TriangleList, ring: readonly XY[], z: number): void {
  const idx = earcut(ring.flat());
  for (let k = 0; k < idx.length; k += 3) {
    const [a, b, c] = [ring[idx[k]], ring[idx[k + 1]], ring[idx[k + 2]]];
    out.add([a[0], a[1], z], [b[0], b[1], z], [c[0], c[1], z]);
  }
}

/** A closed vertical prism over a plan ring. */
function prism(out: TriangleList, ring: readonly XY[], z0: number, z1: number): void {
  walls(out, ring, z0, z1);
  cap(out, ring, z0);
  cap(out, ring, z1);
}

/** A planar 3D polygon (a roof face) with optional holes: earcut in the plane of its two dominant
 * axes (Newell normal of the outer ring). */
function face(out: TriangleList, vertices: readonly XYZ[], holes: readonly (readonly XYZ[])[] = []): void {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  const n = vertices.length;
  for (let i = 0; i < n; i++) {
    const [x0, y0, z0] = vertices[i];
    const [x1, y1, z1] = vertices[(i + 1) % n];
    nx += (y0 - y1) * (z0 + z1);
    ny += (z0 - z1) * (x0 + x1);
    nz += (x0 - x1) * (y0 + y1);
  }
  const ax = Math.abs(nx);
  const ay = Math.abs(ny);
  const az = Math.abs(nz);
  // Drop the axis the normal is most aligned with.
  const [u, v] = az >= ax && az >= ay ? [0, 1] : ax >= ay ? [1, 2] : [2, 0];
  const all: XYZ[] = [...vertices];
  const holeStarts: number[] = [];
  for (const h of holes) {
    holeStarts.push(all.length);
    all.push(...h);
  }
  const flat: number[] = [];
  for (const p of all) flat.push(p[u], p[v]);
  const idx = earcut(flat, holeStarts.length > 0 ? holeStarts : undefined);
  for (let k = 0; k < idx.length; k += 3) out.add(all[idx[k]], all[idx[k + 1]], all[idx[k + 2]]);
}

/** The plan ring of a box: centre, size [w, d], rotation [°] counter-clockwise from east. */
export function boxRing(center: XY, size: XY, rotationDeg: number): XY[] {
  const r = (rotationDeg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  const hw = size[0] / 2;
  const hd = size[1] / 2;
  return [
    [-hw, -hd],
    [hw, -hd],
    [hw, hd],
    [-hw, hd],
  ].map(([x, y]) => [center[0] + x * c - y * s, center[1] + x * s + y * c] as const);
}

/** The plan ring of a cylinder (SHADE.cylinderSegments sides, vertices on the circle). */
export function cylinderRing(center: XY, radius: number, segments: number = SHADE.cylinderSegments): XY[] {
  return Array.from({ length: segments }, (_, k) => {
    const a = (2 * Math.PI * k) / segments;
    return [center[0] + radius * Math.cos(a), center[1] + radius * Math.sin(a)] as const;
  });
}

/** Parapet segments as boxes of the given thickness, each run on by half the thickness at both
 * ends so that corners close (the overlap is harmless: shadows only need the union). */
function parapet(out: TriangleList, polyline: readonly XY[], thickness: number, z0: number, z1: number): void {
  const h = thickness / 2;
  for (let i = 0; i + 1 < polyline.length; i++) {
    const [ax, ay] = polyline[i];
    const [bx, by] = polyline[i + 1];
    const len = Math.hypot(bx - ax, by - ay);
    if (len === 0) continue;
    const ux = (bx - ax) / len;
    const uy = (by - ay) / len;
    // Normal (−uy, ux): the ring runs counter-clockwise.
    const ring: XY[] = [
      [ax - ux * h + uy * h, ay - uy * h - ux * h],
      [bx + ux * h + uy * h, by + uy * h - ux * h],
      [bx + ux * h - uy * h, by + uy * h + ux * h],
      [ax - ux * h - uy * h, ay - uy * h + ux * h],
    ];
    prism(out, ring, z0, z1);
  }
}

function obstacle(out: TriangleList, o: Obstacle): void {
  switch (o.kind) {
    case 'box':
      prism(out, boxRing(o.center, o.size, o.rotation), o.baseZ, o.baseZ + o.height);
      return;
    case 'cylinder':
      prism(out, cylinderRing(o.center, o.radius), o.baseZ, o.baseZ + o.height);
      return;
    case 'prism':
      prism(out, o.polygon, o.baseZ, o.baseZ + o.height);
      return;
    case 'parapet':
      parapet(out, o.polyline, o.thickness, o.baseZ, o.baseZ + o.height);
      return;
    default: {
      const unknown: never = o;
      throw new Error(`unknown obstacle ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * The scene's triangles, 9 numbers each (x1 y1 z1 x2 y2 z2 x3 y3 z3 [m]): per building its walls
 * (z 0 → eaveHeight along `outer`) and roof faces, then the obstacles, then the explicit triangles.
 */
export function sceneTriangles(scene: ShadeScene): Float64Array {
  const out = new TriangleList();
  for (const b of scene.buildings) {
    walls(out, b.outer, 0, b.eaveHeight);
    for (const f of b.faces) face(out, f.vertices, f.holes);
  }
  for (const o of scene.obstacles) obstacle(out, o);
  for (const t of scene.triangles) out.data.push(...t);
  return Float64Array.from(out.data);
}
