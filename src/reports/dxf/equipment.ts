// Inverters, combiners, cables and the grid point of the DXF drawing. An inverter and a combiner are
// each a block (a rectangle of the box's plan size, device-boxes.ts, centred on its insertion point) inserted at the
// device's position, with the device's name as TEXT beside it; cables are LWPOLYLINEs on the DC or AC
// cable layer; the grid point a circle and its label.
import { point3d, type DxfWriter } from '@tarikjabiri/dxf';
import type { ReportGeometry } from '../../model/report.ts';
import { COMBINER_BOX, INVERTER_BOX, type DeviceBox } from '../device-boxes.ts';
import { addPath, addRing } from './plan-entities.ts';
import { cableLayer, DXF_LAYERS } from './layers.ts';


const INVERTER_BLOCK = 'PV_INVERTER';
const COMBINER_BLOCK = 'PV_COMBINER';

function defineBox(dxf: DxfWriter, name: string, layerName: string, size: DeviceBox): void {
  const block = dxf.addBlock(name);
  block.setLayerName(layerName);
  const w = size.w / 2;
  const h = size.h / 2;
  const ring: [number, number][] = [[-w, -h], [w, -h], [w, h], [-w, h]];
  block.addLWPolyline(ring.map(([x, y]) => ({ point: { x, y } })), { flags: 1, layerName });
  block.addLine(point3d(-w, -h, 0), point3d(w, h, 0), { layerName });
}

function label(dxf: DxfWriter, x: number, y: number, height: number, value: string, style: string, layerName: string): void {
  const t = dxf.addText(point3d(x, y, 0), height, value, { layerName });
  t.textStyle = style;
}

/** Inverters and combiners with a position (those without one are not drawn). */
export function addDevices(dxf: DxfWriter, g: ReportGeometry, textHeight: number, textStyle: string): void {
  defineBox(dxf, INVERTER_BLOCK, DXF_LAYERS.inverter.name, INVERTER_BOX);
  defineBox(dxf, COMBINER_BLOCK, DXF_LAYERS.combiner.name, COMBINER_BOX);
  for (const inv of g.inverters) {
    if (!inv.position) continue;
    const [x, y] = inv.position;
    dxf.addInsert(INVERTER_BLOCK, point3d(x, y, 0), { layerName: DXF_LAYERS.inverter.name });
    label(dxf, x + INVERTER_BOX.w / 2 + textHeight * 0.3, y, textHeight, inv.name, textStyle, DXF_LAYERS.inverter.name);
  }
  for (const cb of g.combiners) {
    if (!cb.position) continue;
    const [x, y] = cb.position;
    dxf.addInsert(COMBINER_BLOCK, point3d(x, y, 0), { layerName: DXF_LAYERS.combiner.name });
    label(dxf, x + COMBINER_BOX.w / 2 + textHeight * 0.3, y, textHeight, cb.name, textStyle, DXF_LAYERS.combiner.name);
  }
}

/** Cable routes and the grid connection point. */
export function addCablesAndGrid(dxf: DxfWriter, g: ReportGeometry, textHeight: number, textStyle: string, gridLabel: string): void {
  for (const c of g.cables) addPath(dxf, DXF_LAYERS[cableLayer(c.kind)].name, c.path);
  if (g.gridPoint) {
    const [x, y] = g.gridPoint;
    const r = textHeight * 0.6;
    dxf.addCircle(point3d(x, y, 0), r, { layerName: DXF_LAYERS.grid.name });
    addRing(dxf, DXF_LAYERS.grid.name, [[x - r, y], [x, y - r], [x + r, y], [x, y + r]]);
    label(dxf, x + r * 1.5, y, textHeight, gridLabel, textStyle, DXF_LAYERS.grid.name);
  }
}
