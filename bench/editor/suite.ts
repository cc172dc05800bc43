// The editor benchmark (issue 7 "Benchmarks"), in real Chromium (playwright-core, SwiftShader WebGL):
// - frame time while panning and zooming the 2D plan with 100,000 modules, the regl renderer (both
//   module paths: instanced, and expanded — what it picks on software WebGL such as SwiftShader)
//   against the Canvas2D baseline in the same run (ratios);
// - time from "place all faces" to the modules drawn, for about 100,000 modules (engine layout in
//   the page's Web Worker → layout document → plan scene → one frame).
// Each frame's time includes a 1-pixel read-back, so the GPU's work is inside it. The benchmark.js
// figures include one CDP round trip per frame (page.evaluate); the in-page figures (summary) do not.
// --ci: one pass per variant, checking that every module is drawn (instance count) and that a probed
// module shows its heat-map colour; never judged on timing.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { BenchCase, CaseResult, Suite, SummaryLine } from '../framework.ts';
import type { EditorBenchApi, RendererKind } from './page/main.ts';
import { buildBenchPage, serveStatic, type StaticServer } from './serve.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MODULES = 100_000;
/** Largest channel difference accepted between a probed pixel and the module's colour [0–255]. */
const COLOUR_TOLERANCE = 4;

let browser: Browser | undefined;
let server: StaticServer | undefined;
let summary: SummaryLine[] = [];

type Bench = EditorBenchApi;
declare const window: { editorBench: Bench };

async function call<K extends keyof Bench>(page: Page, name: K, ...args: Parameters<Bench[K]>): Promise<Awaited<ReturnType<Bench[K]>>> {
  return page.evaluate(([n, a]) => (window.editorBench[n] as (...x: unknown[]) => unknown)(...a), [name, args] as const) as Promise<Awaited<ReturnType<Bench[K]>>>;
}

function checkProbe(p: { got: number[]; expected: number[]; modules: number }): string | null {
  if (p.modules !== MODULES) return `drew ${p.modules} module instances, expected ${MODULES}`;
  const worst = Math.max(...p.got.map((g, i) => Math.abs(g - p.expected[i])));
  return worst <= COLOUR_TOLERANCE ? null : `probed module shows rgb(${p.got}) instead of its heat colour rgb(${p.expected})`;
}

export const editorSuite: Suite = {
  name: 'editor',
  description: 'editor 2D plan in Chromium: 100,000 modules pan/zoom, regl (instanced, expanded) vs Canvas2D; place all faces → drawn',
  async cases({ ci }) {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM} (apt-get install -y chromium)`);
    await buildBenchPage();
    server = await serveStatic();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage({ viewport: { width: 1100, height: 1700 }, deviceScaleFactor: 1 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(server.url);
    await page.waitForFunction(() => document.title === 'ready' || document.title === '', undefined, { timeout: 60_000 });
    await page.waitForFunction(() => 'editorBench' in window, undefined, { timeout: 60_000 });
    if (errors.length > 0) throw new Error(`bench page failed: ${errors.join('; ')}`);
    const setup = await call(page, 'setup');
    if (setup.modules !== MODULES) throw new Error(`the synthetic scene holds ${setup.modules} modules, not ${MODULES}`);
    await call(page, 'startEngine');

    // In-page frame times (no CDP round trip): a fixed pan/zoom path per renderer.
    const n = ci ? 4 : 60;
    const slow = ci ? 4 : 15;
    const inPage: Record<RendererKind, Awaited<ReturnType<Bench['frames']>>> = {
      regl: await call(page, 'frames', 'regl', n),
      reglInstanced: await call(page, 'frames', 'reglInstanced', slow),
      canvas2d: await call(page, 'frames', 'canvas2d', slow),
    };
    const zoomedIn = await call(page, 'framesAt', 'regl', 0.05, ci ? 4 : 30);
    const place = await call(page, 'placeAll');
    const mode = setup.moduleMode;
    summary = [
      { label: `regl (${mode}, the editor's default here): frame while panning/zooming, 100k modules in view (in page, mean)`, value: inPage.regl.meanMs, unit: 'ms' },
      { label: `regl (${mode}): frame median`, value: inPage.regl.p50Ms, unit: 'ms' },
      { label: `regl (${mode}): frame p95`, value: inPage.regl.p95Ms, unit: 'ms' },
      { label: `regl (${mode}): frame zoomed in (5 cm/px, a few hundred modules in view), mean`, value: zoomedIn.meanMs, unit: 'ms' },
      { label: 'regl (instanced): frame while panning/zooming (in page, mean)', value: inPage.reglInstanced.meanMs, unit: 'ms' },
      { label: 'Canvas2D baseline: frame while panning/zooming (in page, mean)', value: inPage.canvas2d.meanMs, unit: 'ms' },
      { label: 'Canvas2D baseline: frame median', value: inPage.canvas2d.p50Ms, unit: 'ms' },
      { label: 'Canvas2D baseline: frame p95', value: inPage.canvas2d.p95Ms, unit: 'ms' },
      { label: `ratio Canvas2D / regl (${mode}) frame time (in page, mean)`, value: inPage.canvas2d.meanMs / inPage.regl.meanMs, unit: '×' },
      { label: `ratio Canvas2D / regl (${mode}) frame time (in page, median)`, value: inPage.canvas2d.p50Ms / inPage.regl.p50Ms, unit: '×' },
      { label: 'ratio Canvas2D / regl (instanced) frame time (in page, mean)', value: inPage.canvas2d.meanMs / inPage.reglInstanced.meanMs, unit: '×' },
      { label: 'scene arrays for 100k modules (plan-scene.ts)', value: setup.sceneMs, unit: 'ms' },
      { label: `first frame after setScene: regl (${mode}: upload + draw)`, value: setup.firstFrameMs.regl, unit: 'ms' },
      { label: 'first frame after setScene: regl (instanced: upload + draw)', value: setup.firstFrameMs.reglInstanced, unit: 'ms' },
      { label: 'first frame after setScene: Canvas2D (paths + draw)', value: setup.firstFrameMs.canvas2d, unit: 'ms' },
      { label: `place all faces → drawn, ${place.modules} modules (total)`, value: place.totalMs, unit: 'ms' },
      { label: '  engine layout in the worker (packed arrays)', value: place.layoutMs, unit: 'ms' },
      { label: '  layout document + plan scene', value: place.documentMs + place.sceneMs, unit: 'ms' },
      { label: `  upload + first frame (regl ${mode})`, value: place.drawMs, unit: 'ms' },
    ];
    const probes = {
      regl: checkProbe(await call(page, 'probe', 'regl')),
      reglInstanced: checkProbe(await call(page, 'probe', 'reglInstanced')),
      canvas2d: checkProbe(await call(page, 'probe', 'canvas2d')),
    };
    const cases: BenchCase[] = [
      {
        name: `plan frame while panning/zooming, ${MODULES} modules (incl. one CDP round trip)`,
        params: { modules: MODULES, width: 1024, height: 768 },
        variants: [
          { name: `regl (${mode}, default here)`, kind: 'engine', async: true, fn: () => call(page, 'frame', 'regl'), check: () => probes.regl },
          { name: 'regl (instanced)', kind: 'engine', async: true, fn: () => call(page, 'frame', 'reglInstanced'), check: () => probes.reglInstanced },
          { name: 'Canvas2D baseline', kind: 'reference', async: true, fn: () => call(page, 'frame', 'canvas2d'), check: () => probes.canvas2d },
        ],
      },
      {
        name: 'place all faces → modules drawn (about 100,000 modules, worker layout + regl)',
        params: { roof: '400 × 300 m, 500 keep-outs' },
        variants: [
          {
            name: 'layout in worker + scene + frame',
            kind: 'engine',
            async: true,
            single: true,
            fn: () => call(page, 'placeAll'),
            check: (r) => {
              const p = r as Awaited<ReturnType<Bench['placeAll']>>;
              return p.modules > 90_000 && p.drawn === p.modules ? null : `placed ${p.modules}, drew ${p.drawn}`;
            },
          },
        ],
      },
    ];
    return cases;
  },
  summarize(_results: CaseResult[]): SummaryLine[] {
    return summary;
  },
  async dispose() {
    await browser?.close();
    await server?.close();
    browser = undefined;
    server = undefined;
  },
};
