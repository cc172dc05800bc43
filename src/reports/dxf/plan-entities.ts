// The plan of the DXF drawing: building outlines, roof faces (plan projection of their 3D rings),
// obstacles, modules (closed LWPOLYLINEs through the plan projection of their 4 corners) and strings
// (an open LWPOLYLINE through the module centres in wiring order, the string's number as TEXT at its
// start). Coordinates are the model's plan metres (x east, y north), written unscaled ($INSUNITS = 6)
// to the micrometre.
import { LWPolylineFlags, point3d, type DxfWriter, type LWPolylineVertex } from '@tarikjabiri/dxf';
import type { ReportGeometry } from '../../model/report.ts';
import { DXF_LAYERS } from './layers.ts';

type XY = readonly [number, number] | readonly [number, number, number];

/** A coordinate rounded to the micrometre: the drawing's numbers stay short (0.3, not 0.30000000000000004). */
export function um(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

function vertices(ring: readonly XY[]): LWPolylineVertex[] {
  return ring.map((p) => ({ point: { x: um(p[0]), y: um(p[1]) } }));
}

/** A closed polygon on a layer. */
export function addRing(dxf: DxfWriter, layerName: string, ring: readonly XY[]): void {
  dxf.addLWPolyline(vertices(ring), { flags: LWPolylineFlags.Closed, layerName });
}

/** An open polyline on a layer. */
export function addPath(dxf: DxfWriter, layerName: string, path: readonly XY[]): void {
  if (path.length >= 2) dxf.addLWPolyline(vertices(path), { flags: LWPolylineFlags.None, layerName });
}

/** Buildings, roof faces and obstacles. */
export function addSite(dxf: DxfWriter, g: ReportGeometry): void {
  for (const b of g.buildings) addRing(dxf, DXF_LAYERS.building.name, b.outline);
  for (const f of g.faces) addRing(dxf, DXF_LAYERS.face.name, f.ring);
  for (const o of g.obstacles) addRing(dxf, DXF_LAYERS.obstacle.name, o.ring);
}

/** Every module as a closed LWPOLYLINE of its 4 plan corners. */
export function addModules(dxf: DxfWriter, g: ReportGeometry): void {
  const layerName = DXF_LAYERS.module.name;
  for (const m of g.modules) addRing(dxf, layerName, m.corners);
}

/** Each string's wiring path and its number, `textHeight` metres high, at the first module's centre. */
export function addStrings(dxf: DxfWriter, g: ReportGeometry, textHeight: number, textStyle: string): void {
  const layerName = DXF_LAYERS.string.name;
  for (const s of g.strings) {
    addPath(dxf, layerName, s.path);
    const at = s.path[0];
    if (!at) continue;
    const text = dxf.addText(point3d(at[0], at[1], 0), textHeight, String(s.number), { layerName });
    text.textStyle = textStyle;
  }
}
