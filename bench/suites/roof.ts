// Roof solve on generated warehouse plans of 1k, 10k and 100k drawn segments: the WASM engine against
// the pure-TypeScript reference, and the planar-arrangement step against isect (Bentley–Ottmann sweep).
import { sweep } from 'isect';
import { loadEngine, createReferenceEngine } from '../../src/engine/api.ts';
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
      const variants: BenchCase['variants'] = [{ name: 'engine (wasm)', kind: 'engine', fn: () => wasm.roof(plan.input), check: checkRoof(plan) }];
      if (size <= REFERENCE_MAX && !(ci && size > 1_000)) {
        variants.push({ name: 'reference (TypeScript)', kind: 'reference', fn: () => ref.roof(plan.input), check: checkRoof(plan), single: size > 1_000 });
      }
      cases.push({
        name: `roof ${size / 1000}k segments`,
        params,
        variants,
        targets: size === 10_000 ? [{ variant: 'engine (wasm)', maxMs: 50, label: '10k segments < 50 ms' }] : [],
      });
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
    const t = (size: number) =>
      results.find((r) => r.name === `roof ${size / 1000}k segments`)?.variants.find((v) => v.kind === 'engine')?.meanMs ?? NaN;
    const out: SummaryLine[] = [];
    for (let i = 1; i < SIZES.length; i++) {
      const g = t(SIZES[i]) / t(SIZES[i - 1]);
      out.push({ label: `growth ${SIZES[i - 1] / 1000}k → ${SIZES[i] / 1000}k`, value: g, unit: '×', target: '≤ 15×', met: g <= 15 });
    }
    return out;
  },
};
