// The electrical equipment of the glTF scene: each inverter and combiner with a position as a box
// (device-boxes.ts) standing on the roof under it (or the ground), one named node each so a viewer
// lists them by name; the grid connection point as a post; the cable routes as line segments a few
// centimetres above the roof or ground under each bend, one primitive for the DC runs and one for AC.
import type { ReportGeometry } from '../../model/report.ts';
import type { DeviceBox } from '../device-boxes.ts';
import { MeshData } from './mesh-data.ts';
import { roofZ } from './roof.ts';
import { addPrism } from './solids.ts';

/** Height of the drawn cable routes above the surface under them [m]. */
export const CABLE_LIFT_M = 0.05;

/** A box of the device's size centred on a plan point, standing on what is under it. */
export function deviceMesh(g: ReportGeometry, [x, y]: readonly [number, number], box: DeviceBox): MeshData {
  const w = box.w / 2;
  const h = box.h / 2;
  const z0 = roofZ(g, x, y);
  const mesh = new MeshData();
  addPrism(mesh, [[x - w, y - h], [x + w, y - h], [x + w, y + h], [x - w, y + h]], z0, z0 + box.height, true);
  return mesh;
}

/** The cable routes of one side (DC: string and combiner runs; AC: inverter → grid) as segments. */
export function cableLines(g: ReportGeometry, side: 'dc' | 'ac'): MeshData {
  const mesh = new MeshData();
  for (const c of g.cables) {
    if ((c.kind === 'ac') !== (side === 'ac') || c.path.length < 2) continue;
    const first = mesh.vertexCount;
    for (const [x, y] of c.path) mesh.vertex(x, y, roofZ(g, x, y) + CABLE_LIFT_M);
    for (let i = first; i < mesh.vertexCount - 1; i++) mesh.segment(i, i + 1);
  }
  return mesh;
}
