// Roof solve on generated warehouse plans of 1k, 10k and 100k drawn segments: the WASM engine against
// the pure-TypeScript reference, and the planar-arrangement step against isect (Bentley–Ottmann sweep).
// Two calls of the engine: the JSON command (`roof`: zod validation, objects out) and the packed one
// (`roofPacked`: fast validation, typed arrays out). The target (10k segments < 50 ms in Node)
// is judged on the mean (the framework's) and, in the summary, on the median of MEDIAN_RUNS calls.
import { sweep } from 'isect';
import { loadEngine, createReferenceEngine } from '../../src/engine/api.ts';
import type { EngineApi } from '../../src/engine/types.ts';
import type { RoofPacked } from '../../src/engine/roof-packed.ts';
import type { RoofOutput, SplitOutput } from '../../src/model/index.ts';
import type { BenchCase, CaseResult, Suite, SummaryLine } from '../framework.ts';
import { warehousePlan, type WarehousePlan } from '../plans.ts';

const SIZES = [1_000, 10_000, 100_000];
/** The O(n²) reference is measured up to this size. */
const REFERENCE_MAX = 10_000;

function checkRoof(plan: WarehousePlan) {
  const area = 400 * 300;
  return (r: unknown): string | null => {
    const out = r as RoofOutput;
    if (!out.success) return `success false: ${out.errors.map((e) => e.code).join(', ')}`;
    if (out.faces.length !== plan.expectedFaces) return `${out.faces.length} faces, expected ${plan.expectedFaces}`;
    const planArea = out.faces.reduce((s, f) => s + f.planArea, 0);
    if (Math.abs(planArea - area) > 1e-6 * area) return `face plan areas sum to ${planArea}, expected ${area}`;
    return null;
  };
}

function checkRoofPacked(plan: WarehousePlan) {
  const area = 400 * 300;
  return (r: unknown): string | null => {
    const out = r as RoofPacked;
    if (!out.success) return `success false: ${out.errors.map((e) => e.code).join(', ')}`;
    if (out.tilt.length !== plan.expectedFaces) return `${out.tilt.length} faces, expected ${plan.expectedFaces}`;
    const planArea = out.planArea.reduce((s, a) => s + a, 0);
    if (Math.abs(planArea - area) > 1e-6 * area) return `face plan areas sum to ${planArea}, expected ${area}`;
    return null;
  };
}

/** Calls timed one by one for the medians of the summary (10k segments). */
const MEDIAN_RUNS = 31;
/** What the summary times again: set by cases(). */
let medianJob: { engine: EngineApi; plan: WarehousePlan; ci: boolean } | null = null;

/** The median time [ms] of `runs` calls of f (after two warm-up calls). */
function medianMs(f: () => unknown, runs: number): number {
  f();
  f();
  const t: number[] = [];
  for (let k = 0; k < runs; k++) {
    const start = performance.now();
    f();
    t.push(performance.now() - start);
  }
  t.sort((a, b) => a - b);
  return t[runs >> 1];
}

function checkSplit(plan: WarehousePlan) {
  // Every chain segment stays whole; each cross line is cut at every ridge/valley line: n + 1 pieces.
  const n = plan.rows - 1;
  const expected = n * plan.cols + (plan.cols - 1) * (n + 1);
  return (r: unknown): string | null => {
    const lines = (r as SplitOutput).lines.length;
    return lines === expected ? null : `${lines} lines after split, expected ${expected}`;
  };
}

function segmentsOf(plan: WarehousePlan) {
  const pts = new Map(plan.input.building.points!.map((p) => [p.id, p]));
  return plan.input.building.lines!.map((l) => {
    const a = pts.get(l.idp1)!;
    const b = pts.get(l.idp2)!;
    return { from: { x: a.x, y: a.y }, to: { x: b.x, y: b.y } };
  });
}

export const roofSuite: Suite = {
  name: 'roof',
  description: 'roof faces from generated warehouse plans (1k / 10k / 100k drawn segments)',
  async cases({ ci }) {
    const wasm = await loadEngine('release');
    const ref = createReferenceEngine();
    const cases: BenchCase[] = [];
    for (const size of SIZES) {
      const plan = warehousePlan({ segments: size });
      const params = { segments: plan.drawnSegments, faces: plan.expectedFaces };
      const variants: BenchCase['variants'] = [
        { name: 'engine (wasm)', kind: 'engine', fn: () => wasm.roof(plan.input), check: checkRoof(plan) },
        { name: 'engine packed (wasm)', kind: 'engine', fn: () => wasm.roofPacked(plan.input), check: checkRoofPacked(plan) },
      ];
      if (size <= REFERENCE_MAX && !(ci && size > 1_000)) {
        variants.push({ name: 'reference (TypeScript)', kind: 'reference', fn: () => ref.roof(plan.input), check: checkRoof(plan), single: size > 1_000 });
      }
      cases.push({
        name: `roof ${size / 1000}k segments`,
        params,
        variants,
        targets:
          size === 10_000
            ? [
                { variant: 'engine (wasm)', maxMs: 50, label: '10k segments < 50 ms, JSON call (mean)' },
                { variant: 'engine packed (wasm)', maxMs: 50, label: '10k segments < 50 ms, packed call (mean)' },
              ]
            : [],
      });
      if (size === 10_000) medianJob = { engine: wasm, plan, ci };
      if (size === 10_000) {
        const split = { points: [...plan.input.building.outerPoints, ...plan.input.building.points!], lines: plan.input.building.lines! };
        const segs = segmentsOf(plan);
        cases.push({
          name: `planar arrangement (split) ${size / 1000}k segments`,
          params,
          variants: [
            { name: 'engine split (wasm)', kind: 'engine', fn: () => wasm.split(split), check: checkSplit(plan) },
            { name: 'isect sweep (intersections only)', kind: 'peer', fn: () => sweep(segs, {}).run() },
          ],
        });
      }
    }
    return cases;
  },
  summarize(results: CaseResult[]): SummaryLine[] {
    // Growth of the solve itself: the packed call (the JSON call adds building ~10k–100k answer objects,
    // whose garbage collection swings its mean at 100k).
    const t = (size: number) =>
      results.find((r) => r.name === `roof ${size / 1000}k segments`)?.variants.find((v) => v.name === 'engine packed (wasm)')?.meanMs ?? NaN;
    const out: SummaryLine[] = [];
    for (let i = 1; i < SIZES.length; i++) {
      const g = t(SIZES[i]) / t(SIZES[i - 1]);
      out.push({ label: `growth ${SIZES[i - 1] / 1000}k → ${SIZES[i] / 1000}k (packed call)`, value: g, unit: '×', target: '≤ 15×', met: g <= 15 });
    }
    if (medianJob !== null) {
      const { engine, plan, ci } = medianJob;
      const runs = ci ? 3 : MEDIAN_RUNS;
      const json = medianMs(() => engine.roof(plan.input), runs);
      const packed = medianMs(() => engine.roofPacked(plan.input), runs);
      out.push({ label: `10k segments, JSON call: median of ${runs}`, value: json, unit: 'ms', target: '< 50 ms', met: json < 50 });
      out.push({ label: `10k segments, packed call: median of ${runs}`, value: packed, unit: 'ms', target: '< 50 ms', met: packed < 50 });
    }
    return out;
  },
};
