// The shade command's scene as triangles (host side; the kernel only sees triangles): buildings
// (walls from the outline up to the eave height, roof faces), obstacles (boxes, cylinders, prisms,
// parapets) and explicit triangles. Polygons are triangulated with earcut.
//   Cylinders: regular polygons of SHADE.cylinderSegments (32) sides with their vertices on the circle:
//   the footprint area is (N/2)·sin(2π/N)/π = 0.99359 of the circle's (−0.64 %), the silhouette
//   width between 2r·cos(π/N) = 0.99518·2r and 2r (−0.48 % … 0).
import earcut from 'earcut';
import { boxRing as planBoxRing, circleRing, newellNormal } from '../model/plan-geometry.ts';
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
  const [nx, ny, nz] = newellNormal(vertices);
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
  return planBoxRing(center, size, rotationDeg);
}

/** The plan ring of a cylinder (SHADE.cylinderSegments sides, vertices on the circle). */
export function cylinderRing(center: XY, radius: number, segments: number = SHADE.cylinderSegments): XY[] {
  return circleRing(center[0], center[1], radius, segments);
}

/** Parapet segments as boxes of the given thickness, each run on by half the thickness at both
 * ends so that corners close (the overlap is harmless: shadows only need the union). */
function parapet(out: TriangleList, polyline: readonly XY[], thickness: number, z0: number, z1: number): void {
  for (const ring of parapetBoxRings(polyline, thickness)) prism(out, ring, z0, z1);
}

/** The plan rings of a parapet's segment boxes (counter-clockwise), as the scene builds them. */
export function parapetBoxRings(polyline: readonly XY[], thickness: number): XY[][] {
  const out: XY[][] = [];
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
    out.push(ring);
  }
  return out;
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
