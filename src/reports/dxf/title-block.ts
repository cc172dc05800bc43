// The title block of the DXF drawing: lines of TEXT under the plan's lower-left corner — the
// project's name (the largest), its address, DC capacity and module count, the date, and the unit
// note — in the drawing's CJK text style so Chinese names read in CAD (R2007+ DXF is UTF-8).
import { point3d, type DxfWriter } from '@tarikjabiri/dxf';
import type { ReportModel } from '../../model/report.ts';
import type { ReportLabels } from '../labels/index.ts';
import { DXF_LAYERS } from './layers.ts';

/** The drawing unit, said in the title block (not among the shared labels). */
const UNIT_NOTE = { zh: '单位：米', en: 'Units: metres' } as const;

/** Adds the title block; `height` is the plan's ordinary text height [m]. Returns the block's lowest y [m]. */
export function addTitleBlock(dxf: DxfWriter, model: ReportModel, labels: ReportLabels, height: number, textStyle: string): number {
  const { minX, minY } = model.geometry.bounds;
  const s = model.system;
  const lines: [string, number][] = [
    [model.project.name, height * 2.5],
    [`${labels.field.address}: ${model.project.address ?? labels.field.notAvailable}`, height],
    [`${labels.field.capacity}: ${s.capacityKwp.toFixed(2)} kWp · ${labels.field.moduleCount}: ${s.modules}`, height],
    [`${labels.field.date}: ${model.generatedAt.slice(0, 10)}`, height],
    [`${labels.text.generatedBy} · ${UNIT_NOTE[labels.language]}`, height],
  ];
  let y = minY - height * 3;
  for (const [value, h] of lines) {
    y -= h;
    const t = dxf.addText(point3d(minX, y, 0), h, value, { layerName: DXF_LAYERS.text.name });
    t.textStyle = textStyle;
    y -= h * 0.6;
  }
  return y;
}
