// The editor benchmark's page: the plan renderers (regl instanced and the Canvas2D baseline) on the
// synthetic 100,000-module scene, and the "place all faces" path (engine layout in a Web Worker →
// layout document → plan scene → one drawn frame). bench/editor/suite.ts drives it through
// `window.editorBench`; every timing here includes a 1-pixel read-back, so the GPU has finished.
import type { PlanView } from '../../../src/web/editor/contracts.ts';
import { createEngineWorker } from '../../../src/engine/browser.ts';
import { layoutPackedSteps } from '../../../src/engine/layout.ts';
import { runStepsRemote } from '../../../src/engine/steps.ts';
import type { LayoutArray, LayoutDocument } from '../../../src/model/design.ts';
import { DEFAULT_LAYOUT_SETTINGS } from '../../../src/model/design.ts';
import { heatRgb } from '../../../src/web/editor/render/heat-colours.ts';
import { createCanvas2dPlanRenderer } from '../../../src/web/editor/render/plan-canvas2d.ts';
import { createReglPlanRenderer } from '../../../src/web/editor/render/plan-regl.ts';
import type { PlanRenderer } from '../../../src/web/editor/render/plan-renderer.ts';
import { createPlanSceneBuilder, type PlanScene } from '../../../src/web/editor/render/plan-scene.ts';
import { fitBounds, panBy, worldToScreen, zoomAt } from '../../../src/web/editor/render/plan-view.ts';
import { flatRoofScene } from '../../layout-scenes.ts';
import { preview } from './preview.ts';
import { benchScene, syntheticLoss, type BenchScene } from './scene.ts';

export type RendererKind = 'regl' | 'reglInstanced' | 'canvas2d';

const WIDTH = 1024;
const HEIGHT = 768;

const renderers: Record<RendererKind, PlanRenderer> = {
  regl: createReglPlanRenderer(document.getElementById('regl') as HTMLCanvasElement, { background: '#ffffff', modules: 'auto' }),
  reglInstanced: createReglPlanRenderer(document.getElementById('reglInstanced') as HTMLCanvasElement, { background: '#ffffff', modules: 'instanced' }),
  canvas2d: createCanvas2dPlanRenderer(document.getElementById('canvas2d') as HTMLCanvasElement, { background: '#ffffff' }),
};
for (const r of Object.values(renderers)) r.resize(WIDTH, HEIGHT, 1);

let bench: BenchScene | null = null;
let scene: PlanScene | null = null;
let fitted: PlanView = { cx: 0, cy: 0, mPerPx: 1, width: WIDTH, height: HEIGHT };
const views: Record<RendererKind, PlanView> = { regl: fitted, reglInstanced: fitted, canvas2d: fitted };
const steps: Record<RendererKind, number> = { regl: 0, reglInstanced: 0, canvas2d: 0 };

/** The i-th view of the pan/zoom path: pans of 9 px, and every 8 frames a zoom in or out by 1.25×. */
function nextView(v: PlanView, i: number): PlanView {
  const phase = Math.floor(i / 8) % 8;
  if (i % 8 === 7) return zoomAt(v, WIDTH * 0.4, HEIGHT * 0.6, phase < 4 ? 1.25 : 1 / 1.25);
  const dir = phase % 4;
  return panBy(v, dir === 0 ? 9 : dir === 2 ? -9 : 0, dir === 1 ? 9 : dir === 3 ? -9 : 0);
}

function frame(kind: RendererKind): number {
  const r = renderers[kind];
  const t0 = performance.now();
  views[kind] = nextView(views[kind], steps[kind]++);
  r.render(views[kind]);
  r.drawNow();
  r.readPixel(WIDTH / 2, HEIGHT / 2);
  return performance.now() - t0;
}

function summary(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { frames: s.length, meanMs: s.reduce((a, b) => a + b, 0) / s.length, p50Ms: q(0.5), p95Ms: q(0.95) };
}

/** Checks that the module under a canvas point shows its heat colour: [got RGB, expected RGB]. */
function probe(kind: RendererKind): { got: number[]; expected: number[]; modules: number } {
  if (!bench || !scene) throw new Error('setup first');
  const r = renderers[kind];
  // Zoom on module 12,345 so that it covers many pixels; read its centre.
  const k = 12_345;
  const x = scene.modules.centres[2 * k];
  const y = scene.modules.centres[2 * k + 1];
  const v: PlanView = { cx: x, cy: y, mPerPx: 0.02, width: WIDTH, height: HEIGHT };
  r.render(v);
  r.drawNow();
  const [sx, sy] = worldToScreen(v, x, y);
  const got = r.readPixel(sx, sy).slice(0, 3);
  const expected = heatRgb(syntheticLoss(x, y)).map((c) => Math.round(c * 255));
  r.render(views[kind]);
  r.drawNow();
  return { got, expected, modules: r.stats().modules };
}

const builder = createPlanSceneBuilder();
let engine: ReturnType<typeof createEngineWorker> | null = null;

const api = {
  /** Builds the 100k scene and hands it to both renderers; returns the module count and set-up times [ms]. */
  setup() {
    const t0 = performance.now();
    bench = benchScene();
    const t1 = performance.now();
    scene = builder({ buildings: bench.buildings, roofs: bench.roofs, layout: bench.layout, shade: bench.shade, selection: null, hover: null });
    const t2 = performance.now();
    fitted = fitBounds(fitted, { minX: 0, minY: 0, maxX: bench.width, maxY: bench.depth }, 10);
    const upload: Record<string, number> = {};
    for (const kind of ['regl', 'reglInstanced', 'canvas2d'] as const) {
      const u0 = performance.now();
      renderers[kind].setScene(scene);
      views[kind] = fitted;
      renderers[kind].render(fitted);
      renderers[kind].drawNow();
      renderers[kind].readPixel(0, 0);
      upload[kind] = performance.now() - u0;
    }
    return { modules: scene.modules.count, sceneMs: t2 - t1, generateMs: t1 - t0, firstFrameMs: upload, moduleMode: renderers.regl.moduleMode };
  },
  /** One pan/zoom frame [ms] (what the Node side times through benchmark.js). */
  frame,
  /** n frames in a row, timed in the page: mean, median and 95th percentile [ms]. */
  frames(kind: RendererKind, n: number) {
    const times: number[] = [];
    for (let i = 0; i < n; i++) times.push(frame(kind));
    return summary(times);
  },
  probe,
  /** Draws the small editor-like scene (preview.ts) in the regl plan and the 3D view. */
  async preview() {
    engine ??= createEngineWorker();
    return preview(engine);
  },
  /** n frames of a pan path at a fixed scale [m px⁻¹] around the roof centre, timed in the page. */
  framesAt(kind: RendererKind, mPerPx: number, n: number) {
    if (!bench) throw new Error('setup first');
    const r = renderers[kind];
    let v: PlanView = { cx: bench.width / 2, cy: bench.depth / 2, mPerPx, width: WIDTH, height: HEIGHT };
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      v = panBy(v, i % 2 === 0 ? 9 : -9, 3);
      const t0 = performance.now();
      r.render(v);
      r.drawNow();
      r.readPixel(WIDTH / 2, HEIGHT / 2);
      times.push(performance.now() - t0);
    }
    r.render(views[kind]);
    r.drawNow();
    return summary(times);
  },
  /** Starts the engine worker and waits for its wasm (not part of the timed action). */
  async startEngine() {
    engine ??= createEngineWorker();
    await engine.ready();
    return true;
  },
  /**
   * "Place all faces" on the layout benchmark's 400 × 300 m roof (about 100,000 modules): the engine's
   * layout in the worker (packed arrays), the layout document, the plan scene, one frame drawn with
   * the regl renderer. Times [ms] of each part and in all.
   */
  async placeAll() {
    if (!engine) throw new Error('startEngine first');
    const input = flatRoofScene();
    const t0 = performance.now();
    const packed = await runStepsRemote(engine, layoutPackedSteps(input));
    const t1 = performance.now();
    const centers = new Array<number>(3 * packed.count);
    const c = packed.corners;
    for (let n = 0; n < packed.count; n++) {
      const o = 12 * n;
      centers[3 * n] = (c[o] + c[o + 3] + c[o + 6] + c[o + 9]) / 4;
      centers[3 * n + 1] = (c[o + 1] + c[o + 4] + c[o + 7] + c[o + 10]) / 4;
      centers[3 * n + 2] = (c[o + 2] + c[o + 5] + c[o + 8] + c[o + 11]) / 4;
    }
    // Portrait: the long side up the slope.
    const array: LayoutArray = { id: 'placed', buildingId: 'b1', faceId: 'f1', settings: DEFAULT_LAYOUT_SETTINGS, tilt: packed.tilt, azimuth: packed.azimuth, along: input.module.width, up: input.module.length, centers, rowPitch: packed.rowPitch };
    const layout: LayoutDocument = { kind: 'layout', version: 1, module: null, settings: DEFAULT_LAYOUT_SETTINGS, arrays: [array] };
    const t2 = performance.now();
    const placed = createPlanSceneBuilder()({ buildings: bench?.buildings ?? { kind: 'building', version: 1, origin: null, map: { base: 'offline', orthophoto: null }, buildings: [], obstacles: [] }, roofs: new Map(), layout, shade: null, selection: null, hover: null });
    const t3 = performance.now();
    const r = renderers.regl;
    r.setScene(placed);
    r.render(fitBounds(fitted, { minX: 0, minY: 0, maxX: 400, maxY: 300 }, 10));
    r.drawNow();
    r.readPixel(WIDTH / 2, HEIGHT / 2);
    const t4 = performance.now();
    const drawn = r.stats().modules;
    // Back to the pan/zoom scene.
    if (scene) r.setScene(scene);
    r.render(views.regl);
    r.drawNow();
    return { modules: packed.count, drawn, totalMs: t4 - t0, layoutMs: t1 - t0, documentMs: t2 - t1, sceneMs: t3 - t2, drawMs: t4 - t3 };
  },
};

export type EditorBenchApi = typeof api;
(window as unknown as { editorBench: EditorBenchApi }).editorBench = api;
document.title = 'ready';
