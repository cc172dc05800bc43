// The report's drawings (model/report.ts reportGeometrySchema), from a project file's documents:
// - buildings: the closed outlines of 'lite-re' with their eave height;
// - faces: the engine's `roof` command on each closed building (the reference kernels in process,
//   the same answers as the wasm the editor runs: the building document keeps the drawing, not the
//   faces, and the editor works them out the same way — model/building-roof-input.ts toRoofInput);
// - obstacles: each obstacle's plan footprint (a box its rotated rectangle, a cylinder and a tree's
//   crown the 32-gon the shading uses, a parapet its polyline buffered to its thickness), height above
//   its base;
// - modules: each 'component-layout' module's 4 corners, the centre ± along/2 along the row and
//   ± up/2 up the slope, in the array's tilted plane. With the azimuth γ compass clockwise from north
//   (the direction the module faces) and the tilt β, the unit vectors (x east, y north, z up) are
//     up the slope  u = (−sin γ · cos β, −cos γ · cos β, sin β)
//     along the row a = (−cos γ, sin γ, 0)
//   and the corners c − a·L/2 − u·U/2, c + a·L/2 − u·U/2, c + a·L/2 + u·U/2, c − a·L/2 + u·U/2 run
//   counter-clockwise seen from above (a × u has z = cos β > 0). Each module's string number
//   ('inverter-config') and annual beam shading loss ('shade-analysis', when the analysis holds the
//   array's modules);
// - strings (their modules' centres in wiring order), inverters, combiners, grid point ('inverter-config'),
//   cables ('cable'), and the plan bounds of all of it.
import { createReferenceEngine } from '../engine/api.ts';
import { bufferPolyline } from '../engine/layout-regions.ts';
import type { BuildingDocument, DesignObstacle, LayoutArray, LayoutDocument, ShadeDocument } from '../model/design.ts';
import { moduleRef, parseModuleRef, type CableDocument, type InverterConfigDocument } from '../model/electrical-design.ts';
import { toRoofInput } from '../model/building-roof-input.ts';
import { boxRing, circleRing } from '../model/plan-geometry.ts';
import type { ReportGeometry } from '../model/report.ts';
import { SHADE } from '../model/shade.ts';

type XY = [number, number];
type XYZ = [number, number, number];
const RAD = Math.PI / 180;

/** The 4 corners of a module of an array (see the file's header). */
export function moduleCorners(center: readonly number[], tilt: number, azimuth: number, along: number, up: number): XYZ[] {
  const g = azimuth * RAD;
  const b = tilt * RAD;
  const u: XYZ = [-Math.sin(g) * Math.cos(b), -Math.cos(g) * Math.cos(b), Math.sin(b)];
  const a: XYZ = [-Math.cos(g), Math.sin(g), 0];
  const at = (sa: number, su: number): XYZ => [0, 1, 2].map((k) => center[k] + (sa * a[k] * along) / 2 + (su * u[k] * up) / 2) as XYZ;
  return [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
}

/** The roof faces of every closed building (a building whose roof does not solve has none). */
export function roofFaces(doc: BuildingDocument | null): ReportGeometry['faces'] {
  if (!doc) return [];
  const engine = createReferenceEngine();
  const out: ReportGeometry['faces'] = [];
  for (const b of doc.buildings) {
    const input = toRoofInput(b);
    if (!input) continue;
    let roof;
    try {
      roof = engine.roof(input);
    } catch {
      continue;
    }
    if (!roof.success) continue;
    for (const f of roof.faces) out.push({ id: f.id, buildingId: b.id, ring: f.vertices.map((v): XYZ => [v[0], v[1], v[2]]), tilt: f.tilt, azimuth: f.azimuth });
  }
  return out;
}

/** An obstacle's plan footprint (see the file's header). */
export function obstacleRing(o: DesignObstacle): XY[] {
  switch (o.kind) {
    case 'box':
      return boxRing(o.center, o.size, o.rotation);
    case 'cylinder':
    case 'tree':
      return circleRing(o.center[0], o.center[1], o.radius, SHADE.cylinderSegments);
    case 'polygon':
      return o.polygon.map((p): XY => [p[0], p[1]]);
    case 'parapet':
      return bufferPolyline(o.polyline, o.thickness)[0] ?? [];
  }
}

/** Each module's annual beam shading loss by ref, from an analysis that holds its array's modules. */
function shadingByRef(shade: ShadeDocument | null, layout: LayoutDocument): Map<string, number> {
  const out = new Map<string, number>();
  if (!shade) return out;
  const counts = new Map(layout.arrays.map((a) => [a.id, a.centers.length / 3]));
  for (const r of shade.arrays) {
    if (counts.get(r.arrayId) !== r.beam.length) continue;
    r.beam.forEach((v, i) => out.set(moduleRef(r.arrayId, i), v));
  }
  return out;
}

function centreOf(arrays: Map<string, LayoutArray>, ref: string): XYZ | null {
  const m = parseModuleRef(ref);
  const a = m ? arrays.get(m.arrayId) : undefined;
  if (!m || !a || 3 * m.index + 2 >= a.centers.length) return null;
  return [a.centers[3 * m.index], a.centers[3 * m.index + 1], a.centers[3 * m.index + 2]];
}

export interface GeometryDocuments {
  building: BuildingDocument | null;
  layout: LayoutDocument | null;
  shade: ShadeDocument | null;
  config: InverterConfigDocument | null;
  cable: CableDocument | null;
}

/** The report's geometry of a project's documents (see the file's header). */
export function reportGeometry(d: GeometryDocuments): ReportGeometry {
  const buildings = (d.building?.buildings ?? [])
    .filter((b) => b.closed && b.outline.length >= 3)
    .map((b) => ({ id: b.id, outline: b.outline.map((p): XY => [p.x, p.y]), eaveHeight: b.eaveHeight }));
  const faces = roofFaces(d.building);
  const obstacles = (d.building?.obstacles ?? []).map((o) => ({ id: o.id, kind: o.kind, ring: obstacleRing(o), height: o.height }));

  const stringOf = new Map<string, number>();
  for (const s of d.config?.strings ?? []) for (const r of s.moduleRefs) stringOf.set(r, s.number);
  const modules: ReportGeometry['modules'] = [];
  const arrays = new Map((d.layout?.arrays ?? []).map((a) => [a.id, a]));
  if (d.layout) {
    const shading = shadingByRef(d.shade, d.layout);
    for (const a of d.layout.arrays) {
      for (let i = 0; 3 * i < a.centers.length; i++) {
        const ref = moduleRef(a.id, i);
        modules.push({ ref, corners: moduleCorners(a.centers.slice(3 * i, 3 * i + 3), a.tilt, a.azimuth, a.along, a.up), string: stringOf.get(ref) ?? null, shading: shading.get(ref) ?? null });
      }
    }
  }
  const strings = (d.config?.strings ?? []).map((s) => ({
    number: s.number,
    inverter: s.inverterId,
    mppt: s.mppt,
    path: s.moduleRefs.map((r) => centreOf(arrays, r)).filter((p): p is XYZ => p !== null),
  }));
  const models = new Map((d.config?.inverterModels ?? []).map((m) => [m.key, m.data]));
  const inverters = (d.config?.inverters ?? []).map((v) => ({ id: v.id, name: v.name, model: models.get(v.modelKey)?.model ?? '', position: v.position ? ([v.position[0], v.position[1]] as XY) : null }));
  const combiners = (d.config?.combiners ?? []).map((c) => ({ id: c.id, name: c.name, inverterId: c.inverterId, position: c.position ? ([c.position[0], c.position[1]] as XY) : null }));
  const cables = (d.cable?.cables ?? []).map((c) => ({ id: c.id, kind: c.kind, path: c.path.map((p): XY => [p[0], p[1]]), crossSection: c.crossSection, material: c.material, lengthM: c.length }));
  const gridPoint = d.config?.gridPoint ? ([d.config.gridPoint[0], d.config.gridPoint[1]] as XY) : null;

  const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const add = (p: readonly number[]) => {
    if (p[0] < b.minX) b.minX = p[0];
    if (p[0] > b.maxX) b.maxX = p[0];
    if (p[1] < b.minY) b.minY = p[1];
    if (p[1] > b.maxY) b.maxY = p[1];
  };
  for (const x of buildings) x.outline.forEach(add);
  for (const x of faces) x.ring.forEach(add);
  for (const x of obstacles) x.ring.forEach(add);
  for (const x of modules) x.corners.forEach(add);
  for (const x of [...inverters, ...combiners]) if (x.position) add(x.position);
  for (const x of cables) x.path.forEach(add);
  if (gridPoint) add(gridPoint);
  const bounds = Number.isFinite(b.minX) ? b : { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  return { buildings, faces, obstacles, modules, strings, inverters, combiners, cables, gridPoint, bounds };
}
