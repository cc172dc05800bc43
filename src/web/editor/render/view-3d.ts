// The 3D view (three.js) of the editor: buildings, obstacles, modules (one InstancedMesh, heat-map
// colours) and winter shadows, from the same inputs as the plan (plan-scene.ts), with orbit controls
// (three/examples OrbitControls). The world is the plan frame (x east, y north, z up): the camera's up
// is +z. Renders on demand (a scene change, an orbit, a resize), one frame per animation frame at most.
// Each part is rebuilt only when its inputs are new objects; the camera is fitted when the scene's
// extent changes and the user has not orbited since.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { WinterShadow } from '../../../design-rules/winter-shadows.ts';
import type { BuildingDocument, LayoutDocument } from '../../../model/design.ts';
import { standingObstacles } from '../document/obstacle-stand.ts';
import type { ModuleShade } from './plan-modules.ts';
import { FrameThrottle } from './plan-renderer.ts';
import { aimCamera, boxView, groundGrid } from './view-3d-camera.ts';
import type { PlanHighlight, RoofOutputs } from './plan-scene.ts';
import { buildingObject, disposeObject, modulesObject, obstacleObject, shadowsObject } from './view-3d-objects.ts';

/** What the 3D view shows: the plan's inputs. */
export interface View3dInput {
  readonly buildings: BuildingDocument;
  readonly roofs: RoofOutputs;
  readonly layout: LayoutDocument | null;
  /** Per-module shading loss [0–1] by array id (the heat map); null: plain modules. */
  readonly shade: ModuleShade | null;
  /** Modules selected (drawn in the selection colour); other kinds are ignored here. */
  readonly selection?: PlanHighlight | null;
  /** Winter-solstice shadows to drape over roofs and ground; null: none. */
  readonly shadows?: readonly WinterShadow[] | null;
  /** Loss at the heat map's dark end [0–1]. */
  readonly maxLoss?: number;
  /** Loss at the heat map's bright end [0–1] (default 0). */
  readonly minLoss?: number;
}

export interface View3d {
  setScene(input: View3dInput): void;
  /** Canvas CSS size [px] and device pixel ratio (default: the window's, at most 2). */
  resize(width: number, height: number, dpr?: number): void;
  /** Frames the whole scene from the south-east, looking down about 35°. */
  fit(): void;
  /** Modules in the InstancedMesh (0 without a layout). */
  moduleCount(): number;
  destroy(): void;
}

type Part = { key: readonly unknown[]; object: THREE.Object3D | null };

function same(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A three.js view on `canvas`; throws when WebGL is not available. */
export function createView3d(canvas: HTMLCanvasElement): View3d {
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
  renderer.setPixelRatio(Math.min(2, globalThis.devicePixelRatio || 1));
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xeef2f7);
  const camera = new THREE.PerspectiveCamera(40, 1, 0.1, 20000);
  camera.up.set(0, 0, 1);
  camera.position.set(30, -40, 28);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8a94a6, 1.9));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(-30, -60, 80); // from the south-west, high
  scene.add(sun);
  let grid = groundGrid(60, 0, 0);
  scene.add(grid);
  const controls = new OrbitControls(camera, canvas);
  controls.target.set(0, 0, 3);
  controls.maxPolarAngle = Math.PI / 2 - 0.02;
  controls.update();

  const throttle = new FrameThrottle(() => renderer.render(scene, camera));
  const requestRender = () => throttle.request();
  let userMoved = false;
  const onStart = () => {
    userMoved = true;
  };
  controls.addEventListener('change', requestRender);
  controls.addEventListener('start', onStart);

  const parts: Record<'buildings' | 'modules' | 'shadows', Part> = {
    buildings: { key: [], object: null },
    modules: { key: [], object: null },
    shadows: { key: [], object: null },
  };
  let fittedKey = '';
  let modules = 0;

  const replace = (part: Part, key: readonly unknown[], build: () => THREE.Object3D | null): boolean => {
    if (part.object !== null && same(part.key, key)) return false;
    if (part.object === null && part.key.length > 0 && same(part.key, key)) return false;
    if (part.object) {
      scene.remove(part.object);
      disposeObject(part.object);
    }
    part.key = key;
    part.object = build();
    if (part.object) scene.add(part.object);
    return true;
  };

  const fit = () => {
    const box = new THREE.Box3();
    for (const p of Object.values(parts)) if (p.object) box.expandByObject(p.object);
    const { empty, centre, radius } = boxView(box);
    const size = empty ? 20 : Math.max(box.max.x - box.min.x, box.max.y - box.min.y, box.max.z - box.min.z, 4);
    scene.remove(grid);
    grid.geometry.dispose();
    (grid.material as THREE.Material).dispose();
    grid = groundGrid(Math.max(40, Math.ceil((size * 3) / 10) * 10), Math.round(centre.x), Math.round(centre.y));
    scene.add(grid);
    aimCamera(camera, controls, centre, radius);
    userMoved = false;
    controls.update();
    requestRender();
  };

  return {
    setScene(input: View3dInput) {
      const plain = input.shade !== null;
      replace(parts.buildings, [input.buildings, input.roofs, plain], () => {
        const group = new THREE.Group();
        for (const b of input.buildings.buildings) group.add(buildingObject(b, input.roofs.get(b.id) ?? null, plain));
        for (const o of standingObstacles(input.buildings, input.roofs)) group.add(obstacleObject(o));
        return group;
      });
      const moduleSel = input.selection && input.selection.kind === 'modules' ? input.selection : null;
      replace(parts.modules, [input.layout, input.shade, moduleSel, input.maxLoss, input.minLoss], () => {
        const mesh = modulesObject(input.layout, input.shade, moduleSel, input.maxLoss, input.minLoss);
        modules = mesh?.count ?? 0;
        return mesh;
      });
      replace(parts.shadows, [input.shadows ?? null, input.roofs], () => (input.shadows && input.shadows.length > 0 ? shadowsObject(input.shadows, input.roofs) : null));
      const box = new THREE.Box3();
      if (parts.buildings.object) box.expandByObject(parts.buildings.object);
      if (parts.modules.object) box.expandByObject(parts.modules.object);
      const key = box.isEmpty() ? '' : [box.min.x, box.min.y, box.max.x, box.max.y].map((v) => v.toFixed(1)).join(',');
      if (key !== fittedKey) {
        fittedKey = key;
        if (!userMoved || key === '') fit();
      }
      requestRender();
    },
    resize(width: number, height: number, dpr?: number) {
      if (width <= 0 || height <= 0) return;
      if (dpr !== undefined) renderer.setPixelRatio(dpr);
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      if (!userMoved) fit();
      requestRender();
    },
    fit,
    moduleCount: () => modules,
    destroy() {
      throttle.cancel();
      controls.removeEventListener('change', requestRender);
      controls.removeEventListener('start', onStart);
      controls.dispose();
      for (const p of Object.values(parts)) if (p.object) disposeObject(p.object);
      grid.geometry.dispose();
      renderer.dispose();
    },
  };
}
