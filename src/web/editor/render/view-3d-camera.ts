// Framing a three.js scene in the plan frame (x east, y north, z up): the part of a bounding box the
// camera looks at, the camera placed so that sphere fills the narrower field of view (from the south-
// west, above), and the ground grid (GridHelper lies in XZ, turned into XY). Shared by the editor's 3D
// view (view-3d.ts) and the report's 3D figure (components/report/report-3d.ts).
import * as THREE from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

/** Where to look: the box's centre and half its diagonal (at least 3 m); an empty box gives a 12 m view above the origin. */
export function boxView(box: THREE.Box3): { empty: boolean; centre: THREE.Vector3; radius: number } {
  const empty = box.isEmpty();
  const centre = empty ? new THREE.Vector3(0, 0, 3) : box.getCenter(new THREE.Vector3());
  const radius = empty ? 12 : Math.max(3, box.getSize(new THREE.Vector3()).length() / 2);
  return { empty, centre, radius };
}

/** Puts the camera so a sphere of `radius` about `centre` fills the view; the caller then calls controls.update(). */
export function aimCamera(camera: THREE.PerspectiveCamera, controls: OrbitControls, centre: THREE.Vector3, radius: number): void {
  const vfov = (camera.fov * Math.PI) / 180;
  const hfov = 2 * Math.atan(Math.tan(vfov / 2) * camera.aspect);
  const dist = (radius / Math.sin(Math.min(vfov, hfov) / 2)) * 0.95;
  camera.far = Math.max(2000, dist * 4);
  camera.updateProjectionMatrix();
  controls.target.copy(centre);
  camera.position.copy(centre).addScaledVector(new THREE.Vector3(0.5, -0.7, 0.55).normalize(), dist);
}

/** A ground grid of `size` metres (one line a metre, at most 200) centred on (cx, cy). */
export function groundGrid(size: number, cx: number, cy: number): THREE.GridHelper {
  const g = new THREE.GridHelper(size, Math.min(200, size), 0xb6c0cf, 0xd9dfe8);
  g.rotation.x = Math.PI / 2;
  g.position.set(cx, cy, 0);
  return g;
}
