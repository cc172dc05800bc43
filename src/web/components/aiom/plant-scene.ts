// The O&M 3D scene (three.js, DOM-free objects): the design's buildings as footprints extruded to their
// eave height, its modules as thin boxes (one InstancedMesh, tilted and turned like the layout's
// arrays) and its inverters as small cabinets — modules and inverters coloured by device state
// (device-colours.ts), plain blue where no device is bound. World = plan frame: x east, y north, z up.
import * as THREE from 'three';
import type { BuildingDocument, LayoutDocument } from '../../../model/design.ts';
import type { AiomDeviceState } from '../../../model/api/aiom-devices.ts';
import type { PlacedInverter } from '../../../model/electrical-design.ts';
import { DEVICE_STATE_COLOURS, hexNumber } from './device-colours.ts';

const PLAIN_MODULE = 0x1e3a8a;
const PLAIN_INVERTER = 0x9ca3af;

export interface PlantSceneInput {
  buildings: BuildingDocument | null;
  layout: LayoutDocument | null;
  inverters: readonly PlacedInverter[];
  moduleStates: ReadonlyMap<string, AiomDeviceState>;
  inverterStates: ReadonlyMap<string, AiomDeviceState>;
}

function colourOf(state: AiomDeviceState | undefined, plain: number): THREE.Color {
  return new THREE.Color(state ? hexNumber(DEVICE_STATE_COLOURS[state]) : plain);
}

export function buildPlantScene(input: PlantSceneInput): THREE.Group {
  const group = new THREE.Group();
  const wall = new THREE.MeshLambertMaterial({ color: 0xd9d4c7 });
  for (const b of input.buildings?.buildings ?? []) {
    if (!b.closed || b.outline.length < 3) continue;
    const shape = new THREE.Shape(b.outline.map((p) => new THREE.Vector2(p.x, p.y)));
    const geom = new THREE.ExtrudeGeometry(shape, { depth: Math.max(0.1, b.eaveHeight), bevelEnabled: false });
    group.add(new THREE.Mesh(geom, wall));
  }
  const arrays = input.layout?.arrays ?? [];
  const count = arrays.reduce((n, a) => n + Math.floor(a.centers.length / 3), 0);
  if (count > 0) {
    const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(1, 1, 0.04), new THREE.MeshLambertMaterial({ color: 0xffffff }), count);
    const m = new THREE.Matrix4();
    const q = new THREE.Quaternion();
    const e = new THREE.Euler();
    let k = 0;
    for (const a of arrays) {
      // Turn the box's x along the row (azimuth − 90° from east), then tilt about it (facing the azimuth).
      e.set(-(a.tilt * Math.PI) / 180, 0, -(a.azimuth * Math.PI) / 180 + Math.PI, 'ZXY');
      q.setFromEuler(e);
      const scale = new THREE.Vector3(a.along, a.up, 1);
      for (let i = 0; i + 2 < a.centers.length; i += 3, k++) {
        const z = a.centers[i + 2];
        // A module without a roof under it (z 0 on a flat design) still sits on the building's top.
        m.compose(new THREE.Vector3(a.centers[i], a.centers[i + 1], z + 0.06), q, scale);
        mesh.setMatrixAt(k, m);
        mesh.setColorAt(k, colourOf(input.moduleStates.get(`${a.id}#${i / 3}`), PLAIN_MODULE));
      }
    }
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    group.add(mesh);
  }
  for (const inv of input.inverters) {
    if (!inv.position) continue;
    const box = new THREE.Mesh(new THREE.BoxGeometry(0.8, 0.4, 1), new THREE.MeshLambertMaterial({ color: colourOf(input.inverterStates.get(inv.id), PLAIN_INVERTER) }));
    box.position.set(inv.position[0], inv.position[1], 0.5);
    box.name = inv.id;
    group.add(box);
  }
  return group;
}
