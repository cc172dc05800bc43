// A small editor-like scene for looking at the renderers (screenshots, the e2e smoke of this page):
// a hip roof from the engine (in the worker), obstacles of every kind, modules with a heat map, a
// selection, a tool overlay and winter shadows — in the regl plan and the three.js 3D view.
import type { EngineClient } from '../../../src/engine/api.ts';
import type { WinterShadow } from '../../../src/design-rules/winter-shadows.ts';
import { DEFAULT_LAYOUT_SETTINGS, emptyBuildingDocument, type BuildingDocument, type LayoutDocument } from '../../../src/model/design.ts';
import { EMPTY_OVERLAY } from '../../../src/web/editor/contracts.ts';
import { buildOverlayLayer } from '../../../src/web/editor/render/plan-overlay.ts';
import { createReglPlanRenderer } from '../../../src/web/editor/render/plan-regl.ts';
import { createPlanSceneBuilder } from '../../../src/web/editor/render/plan-scene.ts';
import { defaultPlanView, fitBounds } from '../../../src/web/editor/render/plan-view.ts';
import { createView3d } from '../../../src/web/editor/render/view-3d.ts';

export async function preview(engine: EngineClient): Promise<{ faces: number; modules: number; modules3d: number }> {
  const outline = [
    { id: 'o1', x: 0, y: 0 },
    { id: 'o2', x: 16, y: 0 },
    { id: 'o3', x: 16, y: 9 },
    { id: 'o4', x: 0, y: 9 },
  ];
  const roof = await engine.roof({ building: { id: 'b1', eaveHeight: 6, outerPoints: outline }, auto: { type: 'hip', pitch: 30 } });
  const buildings: BuildingDocument = {
    ...emptyBuildingDocument(),
    buildings: [{ id: 'b1', name: '', outline, closed: true, points: [], lines: [], eaveHeight: 6, auto: { type: 'hip', pitch: 30 } }],
    obstacles: [
      { kind: 'box', id: 'x1', center: [20, 3], size: [2, 1.5], rotation: 20, height: 3, baseZ: 0 },
      { kind: 'cylinder', id: 'x2', center: [20, 7], radius: 0.8, height: 4, baseZ: 0 },
      { kind: 'tree', id: 'x3', center: [-4, -3], radius: 2, height: 8, trunkHeight: 3, baseZ: 0 },
      { kind: 'parapet', id: 'x4', polyline: [[-2, 11], [18, 11]], thickness: 0.3, height: 1.2, baseZ: 0 },
      { kind: 'polygon', id: 'x5', polygon: [[22, -3], [25, -3], [24, 0]], height: 2, baseZ: 0 },
    ],
  };
  const south = roof.faces.reduce((best, f) => (Math.abs(f.azimuth - 180) < Math.abs(best.azimuth - 180) ? f : best));
  const packed = await engine.layout({ face: { vertices: south.vertices, tilt: south.tilt, azimuth: south.azimuth }, module: { length: 1.7, width: 1.0, powerW: 400 }, orientation: 'portrait', mounting: { type: 'flush' }, setback: 0.3 });
  const centers = packed.modules.flatMap((m) => m.center);
  const layout: LayoutDocument = {
    kind: 'layout',
    version: 1,
    module: null,
    settings: DEFAULT_LAYOUT_SETTINGS,
    arrays: [{ id: 'a1', buildingId: 'b1', faceId: south.id, settings: DEFAULT_LAYOUT_SETTINGS, tilt: south.tilt, azimuth: south.azimuth, along: 1.0, up: 1.7, centers, rowPitch: packed.rowPitch }],
  };
  const n = centers.length / 3;
  const shade = new Map([['a1', Array.from({ length: n }, (_, i) => (0.2 * i) / Math.max(1, n - 1))]]);
  const shadows: WinterShadow[] = [{ label: '09:00', hourAngle: -45, elevation: 20, azimuth: 135, sunUp: true, shadows: [[[19, 3], [25, 1], [25, 5], [21, 6]]] }];
  const roofs = new Map([['b1', roof]]);
  const selection = { kind: 'modules' as const, refs: [{ arrayId: 'a1', index: 0 }] };

  const plan = createReglPlanRenderer(document.getElementById('preview-plan') as HTMLCanvasElement, { background: '#f8fafc' });
  plan.resize(600, 400, 1);
  const scene = createPlanSceneBuilder()({ buildings, roofs, layout, shade, selection, hover: { kind: 'obstacle', id: 'x1' } });
  plan.setScene(scene);
  plan.setOverlay(buildOverlayLayer({ ...EMPTY_OVERLAY, segments: [0, 0, 8, -2], points: [8, -2], polygons: [], snap: [0, 0] }, shadows));
  plan.render(fitBounds(defaultPlanView(600, 400), scene.bounds ?? { minX: 0, minY: 0, maxX: 10, maxY: 10 }, 20));
  plan.drawNow();

  const view = createView3d(document.getElementById('preview-3d') as HTMLCanvasElement);
  view.resize(600, 400, 1);
  view.setScene({ buildings, roofs, layout, shade, selection, shadows });
  await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  return { faces: roof.faces.length, modules: plan.stats().modules, modules3d: view.moduleCount() };
}
