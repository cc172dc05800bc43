// The project's DXF drawing (issue 17 §2, the "CAD export"): the plan in true metres ($INSUNITS = 6),
// on named layers (layers.ts) — buildings, roof faces, obstacles, modules as closed LWPOLYLINEs,
// strings with their numbers, inverters and combiners as blocks with their names, DC and AC cables, the
// grid point and a title block. Written with @tarikjabiri/dxf as AutoCAD R2007 (AC1021), whose DXF is
// UTF-8, so Chinese names stay readable (older versions need code-page escapes and show "?");
// texts use a SimHei TrueType style (the usual CJK font of Chinese drawings).
import { DxfWriter, Units, point3d } from '@tarikjabiri/dxf';
import type { ReportInput } from '../report-input.ts';
import { reportLabels } from '../labels/index.ts';
import { addCablesAndGrid, addDevices } from './equipment.ts';
import { DXF_LAYERS } from './layers.ts';
import { addModules, addSite, addStrings } from './plan-entities.ts';
import { addTitleBlock } from './title-block.ts';

/** The drawing's text style and its font file. */
export const DXF_TEXT_STYLE = 'PV-CJK';
const CJK_FONT_FILE = 'simhei.ttf';

/** Ordinary text height [m]: 1 % of the plan's larger side, between 0.2 m and 2 m. */
export function dxfTextHeight(bounds: { minX: number; minY: number; maxX: number; maxY: number }): number {
  const size = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
  return Math.min(2, Math.max(0.2, size / 100));
}

/** Writes the DXF drawing as UTF-8 bytes. */
export async function writeDxf(input: ReportInput): Promise<Uint8Array> {
  return new TextEncoder().encode(dxfString(input));
}

/** The DXF drawing as text. */
export function dxfString(input: ReportInput): string {
  const { model } = input;
  const g = model.geometry;
  const labels = reportLabels(input.language);
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Meters);
  dxf.setVariable('$MEASUREMENT', { 70: 1 });
  dxf.setVariable('$EXTMIN', { 10: g.bounds.minX, 20: g.bounds.minY, 30: 0 });
  dxf.setVariable('$EXTMAX', { 10: g.bounds.maxX, 20: g.bounds.maxY, 30: 0 });
  const style = dxf.tables.addStyle(DXF_TEXT_STYLE);
  style.fontFileName = CJK_FONT_FILE;
  for (const layer of Object.values(DXF_LAYERS)) dxf.addLayer(layer.name, layer.colour, 'CONTINUOUS');

  const h = dxfTextHeight(g.bounds);
  addSite(dxf, g);
  addModules(dxf, g);
  addStrings(dxf, g, h, DXF_TEXT_STYLE);
  addDevices(dxf, g, h, DXF_TEXT_STYLE);
  addCablesAndGrid(dxf, g, h, DXF_TEXT_STYLE, labels.field.grid);
  const titleBottom = addTitleBlock(dxf, model, labels, h, DXF_TEXT_STYLE);
  dxf.setCurrentLayerName('0');
  // On stringify the library works out the view's centre and height from every entity's bounding box,
  // twice (a point array per entity: a third of the time for 100,000 modules); the extent is known.
  const extent = { tl: point3d(g.bounds.minX, g.bounds.maxY, 0), br: point3d(g.bounds.maxX, titleBottom, 0) };
  dxf.modelSpace.boundingBox = () => extent;
  return `${dxf.stringify()}\n`;
}
