// Module layout on a 400 m × 300 m flat roof with 500 keep-outs (about 100,000 modules): the WASM
// engine against the pure-TypeScript reference (every candidate tested against every polygon) and a
// naive turf baseline (candidate grid + booleanWithin / booleanIntersects). The turf baseline would
// take minutes on the whole grid, so it runs on one full row of candidates (all 500 keep-outs still
// tested per candidate, as the naive method does) and the summary scales its time per candidate to
// the whole grid.
import * as turf from '@turf/turf';
import { LayoutOutI32 } from '../../engine/abi.ts';
import { createEngine, loadKernels, referenceRunner } from '../../src/engine/api.ts';
import { planLayout, type LayoutPacked } from '../../src/engine/layout-codec.ts';
import { layoutPacked } from '../../src/engine/layout.ts';
import { layoutRef } from '../../src/engine/reference/layout.ts';
import { layoutInputSchema, type LayoutOutput } from '../../src/model/layout.ts';
import type { BenchCase, CaseResult, Suite, SummaryLine } from '../framework.ts';
import { flatRoofScene } from '../layout-scenes.ts';

const MAIN = 'layout 400 × 300 m, 500 keep-outs';
const TURF = 'turf baseline on a slice of the grid';
/** Grid rows the turf baseline tests (full width). */
const TURF_ROWS = 1;

let totalCandidates = NaN;
let sliceCandidates = NaN;

export const layoutSuite: Suite = {
  name: 'layout',
  description: 'modules on a 400 × 300 m flat roof with 500 keep-outs (~100k modules): engine vs reference vs naive turf',
  async cases() {
    const kernels = await loadKernels('release');
    const api = createEngine(kernels);
    const scene = flatRoofScene();
    const plan = planLayout(layoutInputSchema.parse(scene));
    // The reference's answer, once: the count every variant must reproduce.
    const ref = layoutRef(plan.f64, plan.i32);
    const nRows = ref.i32[LayoutOutI32.N_ROWS];
    const nCols = ref.i32[LayoutOutI32.N_COLS];
    const expected = ref.i32[LayoutOutI32.N_MODULES];
    totalCandidates = nRows * nCols;
    const checkPacked = (r: unknown) => ((r as LayoutPacked).count === expected ? null : `${(r as LayoutPacked).count} modules, reference ${expected}`);
    const checkJson = (r: unknown) => {
      const out = r as LayoutOutput;
      return out.count === expected && out.modules.length === expected ? null : `${out.count} modules, reference ${expected}`;
    };
    const params = { modules: expected, candidates: totalCandidates, keepouts: scene.keepouts?.length ?? 0, rows: nRows, columns: nCols };

    // The turf slice: grid rows [0, TURF_ROWS), every column; the reference's placements there.
    const u0 = ref.f64[0];
    const v0 = ref.f64[1];
    const { pitchU, pitchV, along, depth } = plan;
    const close = (r: [number, number][]) => [...r, r[0]];
    const faces = plan.regions.map((r) => turf.polygon([close(r)]));
    const keepouts = plan.keepouts.map((r) => turf.polygon([close(r)]));
    let sliceExpected = 0;
    for (let k = LayoutOutI32.HEADER; k < ref.i32.length; k += 3) if (ref.i32[k] < TURF_ROWS) sliceExpected += ref.i32[k + 2];
    sliceCandidates = TURF_ROWS * nCols;
    const turfSlice = () => {
      let placed = 0;
      for (let r = 0; r < TURF_ROWS; r++) {
        for (let c = 0; c < nCols; c++) {
          // The scene looks south, so the frame is the plan: u = x, v = y.
          const x = u0 + c * pitchU;
          const y = v0 + r * pitchV;
          const cell = turf.polygon([[[x, y], [x + along, y], [x + along, y + depth], [x, y + depth], [x, y]]]);
          if (faces.some((f) => turf.booleanWithin(cell, f)) && !keepouts.some((k) => turf.booleanIntersects(cell, k))) placed++;
        }
      }
      return placed;
    };

    const cases: BenchCase[] = [
      {
        name: MAIN,
        params,
        variants: [
          { name: 'engine (wasm) → packed arrays', kind: 'engine', fn: () => layoutPacked(kernels, scene), check: checkPacked },
          { name: 'engine (wasm) → JSON modules', kind: 'engine', fn: () => api.layout(scene), check: checkJson },
          { name: 'reference (TypeScript)', kind: 'reference', fn: () => layoutPacked(referenceRunner, scene), check: checkPacked, single: true },
        ],
        targets: [
          { variant: 'engine (wasm) → packed arrays', maxMs: 100, label: '~100k modules, 500 keep-outs < 100 ms' },
          { variant: 'engine (wasm) → packed arrays', minRatioOver: { variant: 'reference (TypeScript)', ratio: 10 }, label: 'engine ≥ 10× the reference' },
        ],
      },
      {
        name: `${TURF} (${TURF_ROWS} row: ${sliceCandidates} of ${totalCandidates} candidates)`,
        params: { candidates: sliceCandidates, keepouts: keepouts.length },
        variants: [
          {
            name: 'turf naive (booleanWithin/Intersects)',
            kind: 'peer',
            fn: turfSlice,
            check: (r) => (r === sliceExpected ? null : `${String(r)} modules in the slice, reference ${sliceExpected}`),
            single: true,
          },
        ],
      },
    ];
    return cases;
  },
  summarize(results: CaseResult[]): SummaryLine[] {
    const engine = results.find((r) => r.name === MAIN)?.variants.find((v) => v.name === 'engine (wasm) → packed arrays')?.meanMs ?? NaN;
    const slice = results.find((r) => r.name.startsWith(TURF))?.variants[0]?.meanMs ?? NaN;
    const scaled = (slice * totalCandidates) / sliceCandidates;
    const ratio = scaled / engine;
    return [
      { label: `turf naive scaled to the whole grid (${sliceCandidates} → ${totalCandidates} candidates)`, value: scaled / 1000, unit: 's' },
      { label: 'engine (packed) / turf naive (scaled)', value: ratio, unit: '×', target: '≥ 50×', met: ratio >= 50 },
    ];
  },
};
