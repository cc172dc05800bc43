// The three.js objects of the 3D view, built from the same inputs as the plan (DOM-free: geometry and
// materials only). World frame = plan frame: x east, y north, z up [m]. Buildings: roof faces
// triangulated with earcut on their plan polygon and lifted to their vertices' z; walls from the
// ground to the roof edges that run along the outline (or to the eave before the roof is solved).
// Obstacles: standing on the roof under them (document/obstacle-stand.ts, the shade scene's pieces):
// boxes, cylinders, extruded polygons and parapets, trees (trunk and crown). Modules: one
// InstancedMesh (a thin box per module) with a colour per instance (the heat map). Winter shadows:
// translucent polygons draped on the roof faces (clipped to each face, lifted to its plane) and on
// the ground elsewhere.
import { ClipType, Clipper, FillRule, type PathD } from 'clipper2-ts';
import earcut from 'earcut';
import * as THREE from 'three';
import type { WinterShadow } from '../../../design-rules/winter-shadows.ts';
import { fromPaths, type Ring } from '../../../engine/layout-regions.ts';
import type { DesignBuilding, LayoutDocument } from '../../../model/design.ts';
import type { FaceOut, RoofOutput } from '../../../model/roof.ts';
import { pointInRing, segmentDistance } from '../../../model/plan-geometry.ts';
import { faceRgb } from './face-colours.ts';
import type { StandingObstacle } from '../document/obstacle-stand.ts';
import { parapetBoxRings } from '../../../engine/shade-scene.ts';
import { CIRCLE_SEGMENTS, ringArea } from './obstacle-shapes.ts';
import { buildModuleColours, buildModuleGeometry, type ModuleShade } from './plan-modules.ts';
import type { PlanHighlight, RoofOutputs } from './plan-scene.ts';

/** Module slab thickness and its lift off the roof along the normal [m] (no z-fighting). */
export const MODULE_THICKNESS = 0.04;
export const MODULE_LIFT = 0.03;
/** Shadows float this far above the surface they lie on [m]. */
export const SHADOW_LIFT = 0.02;

const ON_EDGE_EPS = 1e-6;

/** What the walls need of a building (the editor's DesignBuilding fits). */
export interface WalledBuilding {
  readonly outline: readonly { readonly x: number; readonly y: number; readonly z?: number }[];
  readonly closed: boolean;
  /** [m] */
  readonly eaveHeight: number;
}

function onOutline(b: WalledBuilding, x: number, y: number): boolean {
  const o = b.outline;
  for (let i = 0; i < o.length; i++) {
    const a = o[i];
    const c = o[(i + 1) % o.length];
    if (segmentDistance(x, y, a.x, a.y, c.x, c.y) <= ON_EDGE_EPS * Math.max(1, Math.hypot(c.x - a.x, c.y - a.y))) return true;
  }
  return false;
}

/** Triangles of one face: earcut on the plan polygon, each vertex at its own z [m]. */
export function faceGeometry(face: FaceOut): THREE.BufferGeometry | null {
  if (face.vertices.length < 3) return null;
  const x0 = face.vertices[0][0];
  const y0 = face.vertices[0][1];
  const flat: number[] = [];
  for (const [x, y] of face.vertices) flat.push(x - x0, y - y0);
  const indices = earcut(flat);
  if (indices.length === 0) return null;
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(face.vertices.flat(), 3));
  g.setIndex(indices);
  g.computeVertexNormals();
  return g;
}

/** Wall quads from the ground to the face edges along the outline; without faces, up to the eave. */
export function wallPositions(b: WalledBuilding, roof: RoofOutput | null): number[] {
  const out: number[] = [];
  const quad = (ax: number, ay: number, az: number, bx: number, by: number, bz: number) => {
    out.push(ax, ay, 0, bx, by, 0, bx, by, bz, ax, ay, 0, bx, by, bz, ax, ay, az);
  };
  const faces = roof?.faces ?? [];
  if (faces.length > 0) {
    for (const f of faces) {
      const v = f.vertices;
      for (let i = 0; i < v.length; i++) {
        const a = v[i];
        const c = v[(i + 1) % v.length];
        if (onOutline(b, a[0], a[1]) && onOutline(b, c[0], c[1]) && onOutline(b, (a[0] + c[0]) / 2, (a[1] + c[1]) / 2)) quad(a[0], a[1], a[2], c[0], c[1], c[2]);
      }
    }
    return out;
  }
  if (!b.closed) return out;
  const o = b.outline;
  for (let i = 0; i < o.length; i++) {
    const a = o[i];
    const c = o[(i + 1) % o.length];
    quad(a.x, a.y, a.z ?? b.eaveHeight, c.x, c.y, c.z ?? b.eaveHeight);
  }
  return out;
}

/** A building: faces (by azimuth, or plain under a heat map), face edges, walls. */
export function buildingObject(b: DesignBuilding, roof: RoofOutput | null, plainFaces: boolean): THREE.Group {
  const group = new THREE.Group();
  group.name = `building:${b.id}`;
  const edges = new THREE.LineBasicMaterial({ color: 0x1f2937, transparent: true, opacity: 0.7 });
  for (const f of roof?.faces ?? []) {
    const g = faceGeometry(f);
    if (!g) continue;
    const [r, gr, bl] = plainFaces ? [0.8, 0.83, 0.87] : faceRgb(f.azimuth, f.tilt);
    const material = new THREE.MeshStandardMaterial({
      color: new THREE.Color().setRGB(r, gr, bl, THREE.SRGBColorSpace),
      roughness: 0.8,
      metalness: 0.05,
      side: THREE.DoubleSide,
      flatShading: true,
      polygonOffset: true,
      polygonOffsetFactor: 1,
      polygonOffsetUnits: 1,
    });
    const mesh = new THREE.Mesh(g, material);
    mesh.name = `face:${f.id}`;
    group.add(mesh);
    group.add(new THREE.LineLoop(new THREE.BufferGeometry().setFromPoints(f.vertices.map(([x, y, z]) => new THREE.Vector3(x, y, z))), edges));
  }
  const walls = wallPositions(b, roof);
  if (walls.length > 0) {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.Float32BufferAttribute(walls, 3));
    g.computeVertexNormals();
    const mesh = new THREE.Mesh(g, new THREE.MeshStandardMaterial({ color: 0xe8e4dc, roughness: 0.95, side: THREE.DoubleSide, flatShading: true }));
    mesh.name = 'walls';
    group.add(mesh);
  }
  return group;
}

function prism(ring: readonly (readonly [number, number])[], z0: number, height: number, material: THREE.Material): THREE.Mesh {
  const ccw = ringArea(ring) < 0 ? [...ring].reverse() : ring;
  const shape = new THREE.Shape(ccw.map(([x, y]) => new THREE.Vector2(x, y)));
  const g = new THREE.ExtrudeGeometry(shape, { depth: height, bevelEnabled: false });
  const mesh = new THREE.Mesh(g, material);
  mesh.position.z = z0;
  return mesh;
}

/**
 * An obstacle as meshes: the engine obstacles it stands as (document/obstacle-stand.ts — on the roof
 * under it, the same pieces the shade scene casts shadows with), a tree's crown drawn as an ellipsoid
 * filling its crown cylinder.
 */
export function obstacleObject(s: Pick<StandingObstacle, 'obstacle' | 'pieces'>): THREE.Group {
  const o = s.obstacle;
  const group = new THREE.Group();
  group.name = `obstacle:${o.id}`;
  const grey = new THREE.MeshStandardMaterial({ color: 0x94a3b8, roughness: 0.9, flatShading: true });
  for (const p of s.pieces) {
    switch (p.kind) {
      case 'box': {
        const mesh = new THREE.Mesh(new THREE.BoxGeometry(p.size[0], p.size[1], p.height), grey);
        mesh.position.set(p.center[0], p.center[1], p.baseZ + p.height / 2);
        mesh.rotation.z = (p.rotation * Math.PI) / 180;
        group.add(mesh);
        break;
      }
      case 'cylinder': {
        if (o.kind === 'tree' && p.radius === o.radius) {
          const crown = new THREE.Mesh(new THREE.SphereGeometry(1, 20, 14), new THREE.MeshStandardMaterial({ color: 0x2f8f46, roughness: 1, flatShading: true }));
          crown.scale.set(p.radius, p.radius, p.height / 2);
          crown.position.set(p.center[0], p.center[1], p.baseZ + p.height / 2);
          group.add(crown);
          break;
        }
        const trunk = o.kind === 'tree';
        const r = trunk ? Math.max(0.05, p.radius) : p.radius;
        const material = trunk ? new THREE.MeshStandardMaterial({ color: 0x7c4a1e, roughness: 1 }) : grey;
        const mesh = new THREE.Mesh(new THREE.CylinderGeometry(r, r, p.height, trunk ? 12 : CIRCLE_SEGMENTS), material);
        mesh.rotation.x = Math.PI / 2; // three's cylinders stand on y; ours on z.
        mesh.position.set(p.center[0], p.center[1], p.baseZ + p.height / 2);
        group.add(mesh);
        break;
      }
      case 'prism':
        group.add(prism(p.polygon, p.baseZ, p.height, grey));
        break;
      case 'parapet':
        for (const ring of parapetBoxRings(p.polyline, p.thickness)) group.add(prism(ring, p.baseZ, p.height, grey));
        break;
      default: {
        const unknown: never = p;
        throw new Error(`unknown obstacle ${JSON.stringify(unknown)}`);
      }
    }
  }
  return group;
}

/**
 * A module's instance matrix: a unit box scaled to along × up × thickness, its x axis along the row
 * (level), y up the slope, z the module's normal; centred at the module centre lifted MODULE_LIFT
 * along the normal.
 */
export function moduleMatrix(centre: readonly number[], tilt: number, azimuth: number, along: number, up: number, out = new THREE.Matrix4()): THREE.Matrix4 {
  const az = (azimuth * Math.PI) / 180;
  const t = (tilt * Math.PI) / 180;
  const fx = Math.sin(az);
  const fy = Math.cos(az);
  const ax = new THREE.Vector3(-fy, fx, 0);
  const uy = new THREE.Vector3(-fx * Math.cos(t), -fy * Math.cos(t), Math.sin(t));
  const nz = new THREE.Vector3().crossVectors(ax, uy);
  out.makeBasis(ax.multiplyScalar(along), uy.multiplyScalar(up), nz.clone().multiplyScalar(MODULE_THICKNESS));
  const lift = MODULE_LIFT + MODULE_THICKNESS / 2;
  out.setPosition(centre[0] + nz.x * lift, centre[1] + nz.y * lift, centre[2] + nz.z * lift);
  return out;
}

/** Every module of the layout as one InstancedMesh, coloured like the plan (heat map, selection). */
export function modulesObject(layout: LayoutDocument | null, shade: ModuleShade | null, selection: PlanHighlight | null, maxLoss?: number, minLoss?: number): THREE.InstancedMesh | null {
  const geometry = buildModuleGeometry(layout);
  if (!layout || geometry.count === 0) return null;
  const colours = buildModuleColours(geometry, shade, selection, null, maxLoss, minLoss);
  const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(1, 1, 1), new THREE.MeshStandardMaterial({ roughness: 0.45, metalness: 0.2 }), geometry.count);
  mesh.name = 'modules';
  const m = new THREE.Matrix4();
  const c = new THREE.Color();
  let k = 0;
  for (const a of layout.arrays) {
    for (let i = 0; i + 2 < a.centers.length; i += 3, k++) {
      mesh.setMatrixAt(k, moduleMatrix([a.centers[i], a.centers[i + 1], a.centers[i + 2]], a.tilt, a.azimuth, a.along, a.up, m));
      mesh.setColorAt(k, c.setRGB(colours[4 * k] / 255, colours[4 * k + 1] / 255, colours[4 * k + 2] / 255, THREE.SRGBColorSpace));
    }
  }
  mesh.instanceMatrix.needsUpdate = true;
  if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  mesh.computeBoundingSphere();
  return mesh;
}

const path = (ring: readonly (readonly number[])[]): PathD => ring.map(([x, y]) => ({ x, y }));

/** Rings (holes clockwise) → triangles at a height z(x, y), appended to `out` as x, y, z triples. */
function drape(rings: Ring[], z: (x: number, y: number) => number, out: number[]): void {
  // Each outer ring with the holes inside it (Clipper returns outer rings counter-clockwise).
  const outers = rings.filter((r) => ringArea(r) > 0);
  const holes = rings.filter((r) => ringArea(r) < 0);
  for (const o of outers) {
    const mine = holes.filter((h) => pointInRing(h[0][0], h[0][1], o));
    const all = [o, ...mine];
    const flat: number[] = [];
    const starts: number[] = [];
    for (const r of all) {
      if (flat.length > 0) starts.push(flat.length / 2);
      for (const [x, y] of r) flat.push(x, y);
    }
    const idx = earcut(flat, starts.length > 0 ? starts : undefined);
    for (const i of idx) out.push(flat[2 * i], flat[2 * i + 1], z(flat[2 * i], flat[2 * i + 1]));
  }
}

/** The plane z(x, y) through a face (from its normal and first vertex); a vertical face gives its first z. */
function facePlane(f: FaceOut): (x: number, y: number) => number {
  const [nx, ny, nz] = f.normal;
  const [x0, y0, z0] = f.vertices[0];
  if (Math.abs(nz) < 1e-9) return () => z0;
  return (x, y) => z0 - (nx * (x - x0) + ny * (y - y0)) / nz;
}

/** Winter shadows as one translucent mesh draped on the roof faces and on the ground. */
export function shadowsObject(shadows: readonly WinterShadow[], roofs: RoofOutputs): THREE.Mesh | null {
  const faces: FaceOut[] = [];
  for (const r of roofs.values()) if (r) faces.push(...r.faces.filter((f) => f.vertices.length >= 3));
  const positions: number[] = [];
  for (const s of shadows) {
    if (!s.sunUp || s.shadows.length === 0) continue;
    const subject = s.shadows.map(path);
    for (const f of faces) {
      const clip = Clipper.booleanOpD(ClipType.Intersection, subject, [path(f.vertices)], FillRule.NonZero, 6);
      const plane = facePlane(f);
      drape(fromPaths(clip), (x, y) => plane(x, y) + SHADOW_LIFT, positions);
    }
    const ground = faces.length > 0 ? Clipper.booleanOpD(ClipType.Difference, subject, faces.map((f) => path(f.vertices)), FillRule.NonZero, 6) : subject;
    drape(fromPaths(ground), () => SHADOW_LIFT, positions);
  }
  if (positions.length === 0) return null;
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  const mesh = new THREE.Mesh(g, new THREE.MeshBasicMaterial({ color: 0x0f172a, transparent: true, opacity: 0.22, side: THREE.DoubleSide, depthWrite: false }));
  mesh.name = 'winter-shadows';
  mesh.renderOrder = 2;
  return mesh;
}

/** Frees the geometries and materials under an object. */
export function disposeObject(root: THREE.Object3D): void {
  root.traverse((o) => {
    const m = o as THREE.Mesh;
    m.geometry?.dispose();
    const mat = m.material as THREE.Material | THREE.Material[] | undefined;
    if (Array.isArray(mat)) mat.forEach((x) => x.dispose());
    else mat?.dispose();
    if (o instanceof THREE.InstancedMesh) o.dispose();
  });
}
