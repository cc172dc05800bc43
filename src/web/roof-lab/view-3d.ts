// The 3D view (three.js): walls from the roof edge down to the ground, roof faces triangulated with
// earcut on their plan polygon and lifted to their z, a ground grid, orbit controls. The world is
// the engine's (x east, y north, z up): the camera's up is +z, so no axis swapping anywhere.
// Renders on demand (scene change, orbit, resize), not in a loop.
import earcut from 'earcut';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { FaceOut, RoofOutput } from '../../model/index.ts';
import { faceRgb } from './colours.ts';
import type { RoofDocument } from './document.ts';
import { wallPositions } from '../editor/render/view-3d-objects.ts';

/** Triangles of one face: earcut on the plan polygon, each vertex at its own z. */
export function faceTriangles(face: FaceOut): { positions: Float32Array; indices: number[] } {
  const flat: number[] = [];
  const positions = new Float32Array(face.vertices.length * 3);
  face.vertices.forEach(([x, y, z], i) => {
    flat.push(x, y);
    positions.set([x, y, z], i * 3);
  });
  return { positions, indices: earcut(flat) };
}

/** The building as a three.js group; reads doc and output, creates new objects only. */
export function buildRoofGroup(doc: RoofDocument, output: RoofOutput | null): THREE.Group {
  const group = new THREE.Group();
  group.name = 'building';
  const edgeMaterial = new THREE.LineBasicMaterial({ color: 0x1f2937, transparent: true, opacity: 0.75 });
  for (const f of output?.faces ?? []) {
    if (f.vertices.length < 3) continue;
    const { positions, indices } = faceTriangles(f);
    if (indices.length === 0) continue;
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    geometry.setIndex(indices);
    geometry.computeVertexNormals();
    const [r, g, b] = faceRgb(f.azimuth, f.tilt);
    const material = new THREE.MeshStandardMaterial({
      color: new THREE.Color(r, g, b),
      roughness: 0.75,
      metalness: 0.05,
      side: THREE.DoubleSide,
      flatShading: true,
      polygonOffset: true,
      polygonOffsetFactor: 1,
      polygonOffsetUnits: 1,
    });
    const mesh = new THREE.Mesh(geometry, material);
    mesh.name = `face:${f.id}`;
    group.add(mesh);
    const ring = new THREE.BufferGeometry().setFromPoints(f.vertices.map(([x, y, z]) => new THREE.Vector3(x, y, z)));
    group.add(new THREE.LineLoop(ring, edgeMaterial));
  }
  const walls = wallPositions(doc, output);
  if (walls.length > 0) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(walls, 3));
    geometry.computeVertexNormals();
    const material = new THREE.MeshStandardMaterial({ color: 0xe8e4dc, roughness: 0.95, side: THREE.DoubleSide, flatShading: true });
    const mesh = new THREE.Mesh(geometry, material);
    mesh.name = 'walls';
    group.add(mesh);
    group.add(new THREE.LineSegments(new THREE.EdgesGeometry(geometry, 20), new THREE.LineBasicMaterial({ color: 0x94a3b8 })));
  }
  return group;
}

function disposeGroup(group: THREE.Object3D): void {
  group.traverse((o) => {
    const m = o as THREE.Mesh;
    m.geometry?.dispose();
    const mat = m.material as THREE.Material | THREE.Material[] | undefined;
    if (Array.isArray(mat)) mat.forEach((x) => x.dispose());
    else mat?.dispose();
  });
}

/** Plan bounds of the drawing, null when nothing is drawn. */
function bounds(doc: RoofDocument, output: RoofOutput | null) {
  const pts: [number, number, number][] = doc.outline.map((p) => [p.x, p.y, p.z ?? doc.eaveHeight]);
  for (const f of output?.faces ?? []) for (const v of f.vertices) pts.push(v);
  if (pts.length === 0) return null;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = 0;
  for (const [x, y, z] of pts) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
    maxZ = Math.max(maxZ, z);
  }
  return { minX, minY, maxX, maxY, maxZ };
}

export class RoofView3D {
  private readonly renderer: THREE.WebGLRenderer;
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.PerspectiveCamera(40, 1, 0.1, 5000);
  private readonly controls: OrbitControls;
  private grid: THREE.GridHelper;
  private building: THREE.Group | null = null;
  private fittedKey = '';
  private frame: number | null = null;
  /** The user orbited since the last automatic fit: resizes then keep their view. */
  private userMoved = false;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(2, globalThis.devicePixelRatio || 1));
    this.scene.background = new THREE.Color(0xeef2f7);
    this.camera.up.set(0, 0, 1);
    this.camera.position.set(30, -40, 28);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8a94a6, 1.9));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(-30, -60, 80); // from the south-west, high
    this.scene.add(sun);
    this.grid = this.makeGrid(60, 0, 0);
    this.scene.add(this.grid);
    this.scene.add(this.makeAxes());
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.target.set(0, 0, 3);
    this.controls.maxPolarAngle = Math.PI / 2 - 0.02;
    this.controls.addEventListener('change', this.requestRender);
    this.controls.addEventListener('start', this.onUserMove);
    this.controls.update();
  }

  private makeGrid(size: number, cx: number, cy: number): THREE.GridHelper {
    const grid = new THREE.GridHelper(size, size, 0xb6c0cf, 0xd9dfe8);
    grid.rotation.x = Math.PI / 2; // GridHelper lies in XZ; ours is the XY ground plane.
    grid.position.set(cx, cy, 0);
    return grid;
  }

  /** Short coloured axes at the origin: x east red, y north green. */
  private makeAxes(): THREE.Object3D {
    const axes = new THREE.AxesHelper(2);
    axes.position.z = 0.01;
    return axes;
  }

  /** Replaces the building; refits the camera when the footprint changed size or place. */
  update(doc: RoofDocument, output: RoofOutput | null): void {
    if (this.building) {
      this.scene.remove(this.building);
      disposeGroup(this.building);
    }
    this.building = buildRoofGroup(doc, output);
    this.scene.add(this.building);
    const b = bounds(doc, output);
    if (b) {
      const key = [b.minX, b.minY, b.maxX, b.maxY].map((v) => v.toFixed(1)).join(',');
      if (key !== this.fittedKey) {
        this.fittedKey = key;
        this.fit();
      }
    }
    this.requestRender();
  }

  /** Frames the building from the south-east, looking down about 35°. */
  fit(): void {
    const b = this.building ? new THREE.Box3().setFromObject(this.building) : null;
    const empty = !b || b.isEmpty();
    const centre = empty ? new THREE.Vector3(0, 0, 3) : b.getCenter(new THREE.Vector3());
    const size = empty ? 20 : Math.max(b.max.x - b.min.x, b.max.y - b.min.y, b.max.z - b.min.z, 4);
    const gridSize = Math.max(40, Math.ceil((size * 3) / 10) * 10);
    this.scene.remove(this.grid);
    this.grid.geometry.dispose();
    (this.grid.material as THREE.Material).dispose();
    this.grid = this.makeGrid(gridSize, Math.round(centre.x), Math.round(centre.y));
    this.scene.add(this.grid);
    // Bounding-sphere fit for the narrower of the two fields of view.
    const radius = empty ? 12 : Math.max(3, b.getSize(new THREE.Vector3()).length() / 2);
    const vfov = (this.camera.fov * Math.PI) / 180;
    const hfov = 2 * Math.atan(Math.tan(vfov / 2) * this.camera.aspect);
    const dist = (radius / Math.sin(Math.min(vfov, hfov) / 2)) * 0.95;
    const dir = new THREE.Vector3(0.5, -0.7, 0.55).normalize(); // from the south-east, above
    this.controls.target.copy(centre);
    this.camera.position.copy(centre).addScaledVector(dir, dist);
    this.userMoved = false;
    this.controls.update();
    this.requestRender();
  }

  private onUserMove = (): void => {
    this.userMoved = true;
  };

  resize(width: number, height: number): void {
    if (width <= 0 || height <= 0) return;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    if (!this.userMoved && this.building) this.fit();
    this.requestRender();
  }

  requestRender = (): void => {
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.renderer.render(this.scene, this.camera);
    });
  };

  dispose(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.controls.removeEventListener('change', this.requestRender);
    this.controls.removeEventListener('start', this.onUserMove);
    this.controls.dispose();
    if (this.building) disposeGroup(this.building);
    this.grid.geometry.dispose();
    this.renderer.dispose();
  }
}
