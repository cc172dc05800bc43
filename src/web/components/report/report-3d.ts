// The report's 3D view (three.js): the report model's geometry (src/model/report.ts ReportGeometry) —
// buildings (roof faces in their azimuth colours and walls, the editor's pieces view-3d-objects.ts
// faceGeometry / wallPositions / face-colours.ts), obstacles standing on the roof under them, the
// modules as quads in one mesh with a colour per module (by string or by shading), the strings' wiring
// paths, the inverters — with orbit controls (three/examples OrbitControls). World = plan frame: x east,
// y north, z up [m]. Renders on demand (one frame per animation frame at most, the editor's
// FrameThrottle); the drawing buffer is kept so that the canvas can be saved as the project's thumbnail.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { RoofOutput } from '../../../model/roof.ts';
import type { ReportGeometry } from '../../../model/report.ts';
import { pointInRing } from '../../../model/plan-geometry.ts';
import { faceRgb } from '../../editor/render/face-colours.ts';
import { FrameThrottle } from '../../editor/render/plan-renderer.ts';
import { aimCamera, boxView, groundGrid } from '../../editor/render/view-3d-camera.ts';
import { disposeObject, faceGeometry, wallPositions } from '../../editor/render/view-3d-objects.ts';
import { UNASSIGNED_COLOUR } from './report-figures.ts';

/** Modules float this far above their plane [m] (no z-fighting with the roof). */
const MODULE_LIFT = 0.04;

/** The roof height under a plan point: the highest face whose plan ring holds it (0: the ground) [m]. */
export function roofHeightAt(faces: ReportGeometry['faces'], x: number, y: number): number {
  let best = 0;
  for (const f of faces) {
    if (f.ring.length < 3 || !pointInRing(x, y, f.ring)) continue;
    // The face's plane through its first three non-collinear vertices.
    const [a, b, c] = f.ring;
    const ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
    const vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const z = Math.abs(nz) < 1e-12 ? a[2] : a[2] - (nx * (x - a[0]) + ny * (y - a[1])) / nz;
    best = Math.max(best, z);
  }
  return best;
}

function buildingsObject(g: ReportGeometry): THREE.Group {
  const group = new THREE.Group();
  const edges = new THREE.LineBasicMaterial({ color: 0x1f2937, transparent: true, opacity: 0.7 });
  const wallMaterial = new THREE.MeshLambertMaterial({ color: 0xd9dde4, side: THREE.DoubleSide });
  for (const b of g.buildings) {
    const faces = g.faces.filter((f) => f.buildingId === b.id);
    for (const f of faces) {
      const geo = faceGeometry({ vertices: f.ring } as unknown as Parameters<typeof faceGeometry>[0]);
      if (!geo) continue;
      const [r, gg, bb] = faceRgb(f.azimuth, f.tilt);
      group.add(new THREE.Mesh(geo, new THREE.MeshLambertMaterial({ color: new THREE.Color(r, gg, bb), side: THREE.DoubleSide })));
      const pts = [...f.ring, f.ring[0]].map(([x, y, z]) => new THREE.Vector3(x, y, z + 0.005));
      group.add(new THREE.Line(new THREE.BufferGeometry().setFromPoints(pts), edges));
    }
    // The editor's walls: from the ground to the face edges along the outline (or to the eave).
    const roof = { faces: faces.map((f) => ({ vertices: f.ring })) } as unknown as RoofOutput;
    const walls = wallPositions({ outline: b.outline.map(([x, y]) => ({ x, y })), closed: true, eaveHeight: b.eaveHeight }, faces.length > 0 ? roof : null);
    if (walls.length > 0) {
      const wg = new THREE.BufferGeometry();
      wg.setAttribute('position', new THREE.Float32BufferAttribute(walls, 3));
      wg.computeVertexNormals();
      group.add(new THREE.Mesh(wg, wallMaterial));
    }
  }
  const obstacleMaterial = new THREE.MeshLambertMaterial({ color: 0x8a94a6 });
  for (const o of g.obstacles) {
    if (o.ring.length < 3 || o.height <= 0) continue;
    const cx = o.ring.reduce((s, p) => s + p[0], 0) / o.ring.length;
    const cy = o.ring.reduce((s, p) => s + p[1], 0) / o.ring.length;
    const base = roofHeightAt(g.faces, cx, cy);
    const shape = new THREE.Shape(o.ring.map(([x, y]) => new THREE.Vector2(x, y)));
    const geo = new THREE.ExtrudeGeometry(shape, { depth: o.height, bevelEnabled: false });
    geo.translate(0, 0, base);
    group.add(new THREE.Mesh(geo, obstacleMaterial));
  }
  return group;
}

/** All modules as one mesh of quads (two triangles each), coloured per module. */
export function modulesGeometry(g: ReportGeometry, colours: readonly string[]): THREE.BufferGeometry {
  const n = g.modules.length;
  const pos = new Float32Array(n * 6 * 3);
  const col = new Float32Array(n * 6 * 3);
  const c = new THREE.Color();
  for (let i = 0; i < n; i++) {
    const k = g.modules[i].corners;
    c.set(colours[i] ?? UNASSIGNED_COLOUR);
    const order = [0, 1, 2, 0, 2, 3];
    for (let j = 0; j < 6; j++) {
      const p = k[order[j]];
      const o = (i * 6 + j) * 3;
      pos[o] = p[0];
      pos[o + 1] = p[1];
      pos[o + 2] = p[2] + MODULE_LIFT;
      col[o] = c.r;
      col[o + 1] = c.g;
      col[o + 2] = c.b;
    }
  }
  const geo = new THREE.BufferGeometry();
  geo.setAttribute('position', new THREE.BufferAttribute(pos, 3));
  geo.setAttribute('color', new THREE.BufferAttribute(col, 3));
  geo.computeVertexNormals();
  return geo;
}

function stringsObject(g: ReportGeometry, colourOf: (n: number) => string): THREE.Group {
  const group = new THREE.Group();
  for (const s of g.strings) {
    if (s.path.length < 2) continue;
    const pts = s.path.map(([x, y, z]) => new THREE.Vector3(x, y, z + MODULE_LIFT + 0.05));
    group.add(new THREE.Line(new THREE.BufferGeometry().setFromPoints(pts), new THREE.LineBasicMaterial({ color: colourOf(s.number) })));
  }
  return group;
}

function invertersObject(g: ReportGeometry): THREE.Group {
  const group = new THREE.Group();
  const mat = new THREE.MeshLambertMaterial({ color: 0x1d4ed8 });
  for (const inv of g.inverters) {
    if (!inv.position) continue;
    const box = new THREE.Mesh(new THREE.BoxGeometry(0.7, 0.3, 0.6), mat);
    const [x, y] = inv.position;
    box.position.set(x, y, roofHeightAt(g.faces, x, y) + 0.3);
    group.add(box);
  }
  return group;
}

export interface Report3d {
  /** Shows a geometry with the modules' colours (and the strings' paths when `strings` colours them). */
  setScene(g: ReportGeometry, colours: readonly string[], strings: ((n: number) => string) | null): void;
  resize(width: number, height: number): void;
  /** The current view as a PNG. */
  snapshot(): Promise<Blob | null>;
  destroy(): void;
}

/** A three.js view on `canvas`; throws when WebGL is not available. */
export function createReport3d(canvas: HTMLCanvasElement): Report3d {
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(2, globalThis.devicePixelRatio || 1));
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xeef2f7);
  const camera = new THREE.PerspectiveCamera(40, 1, 0.1, 20000);
  camera.up.set(0, 0, 1);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8a94a6, 1.9));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(-30, -60, 80);
  scene.add(sun);
  const controls = new OrbitControls(camera, canvas);
  controls.maxPolarAngle = Math.PI / 2 - 0.02;
  const throttle = new FrameThrottle(() => renderer.render(scene, camera));
  const requestRender = () => throttle.request();
  controls.addEventListener('change', requestRender);
  let content: THREE.Group | null = null;
  let grid: THREE.GridHelper | null = null;

  const fit = () => {
    const box = new THREE.Box3();
    if (content) box.expandByObject(content);
    const { empty, centre, radius } = boxView(box);
    aimCamera(camera, controls, centre, radius);
    controls.update();
    if (grid) {
      scene.remove(grid);
      disposeObject(grid);
    }
    const size = empty ? 40 : Math.max(40, Math.ceil((radius * 6) / 10) * 10);
    grid = groundGrid(size, Math.round(centre.x), Math.round(centre.y));
    scene.add(grid);
    requestRender();
  };

  return {
    setScene(g, colours, strings) {
      if (content) {
        scene.remove(content);
        disposeObject(content);
      }
      content = new THREE.Group();
      content.add(buildingsObject(g));
      if (g.modules.length > 0) content.add(new THREE.Mesh(modulesGeometry(g, colours), new THREE.MeshLambertMaterial({ vertexColors: true, side: THREE.DoubleSide })));
      if (strings) content.add(stringsObject(g, strings));
      content.add(invertersObject(g));
      scene.add(content);
      fit();
    },
    resize(width, height) {
      if (width <= 0 || height <= 0) return;
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      fit();
    },
    snapshot() {
      throttle.flush();
      return new Promise((resolve) => canvas.toBlob((b) => resolve(b), 'image/png'));
    },
    destroy() {
      throttle.cancel();
      controls.removeEventListener('change', requestRender);
      controls.dispose();
      if (content) disposeObject(content);
      if (grid) disposeObject(grid);
      renderer.dispose();
    },
  };
}
