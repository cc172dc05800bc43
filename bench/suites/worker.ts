// Crossing the worker boundary: a 1k-segment roof solved in-process and through a Node worker
// (comlink over worker_threads). The boundary's cost per call is the median of paired differences
// (alternating calls), which is steadier on a busy machine than a difference of two means.
import { loadEngine } from '../../src/engine/api.ts';
import { createNodeWorker } from '../../src/engine/node.ts';
import type { RoofOutput } from '../../src/model/index.ts';
import type { Suite, SummaryLine } from '../framework.ts';
import { warehousePlan } from '../plans.ts';

let dispose: (() => Promise<unknown> | void) | undefined;
let overheadMs = NaN;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export const workerSuite: Suite = {
  name: 'worker',
  description: 'overhead of the worker boundary for a 1k-segment roof (comlink, worker_threads)',
  async cases({ ci }) {
    const plan = warehousePlan({ segments: 1_000 });
    const local = await loadEngine('release');
    const worker = createNodeWorker();
    dispose = () => worker.terminate();
    await worker.api.roof(plan.input); // warm up: load the wasm in the worker
    const pairs = ci ? 10 : 200;
    const diffs: number[] = [];
    for (let i = 0; i < pairs; i++) {
      const t0 = performance.now();
      local.roof(plan.input);
      const t1 = performance.now();
      await worker.api.roof(plan.input);
      diffs.push(performance.now() - t1 - (t1 - t0));
    }
    overheadMs = median(diffs);
    const check = (r: unknown) => ((r as RoofOutput).faces.length === plan.expectedFaces ? null : 'wrong face count');
    return [
      {
        name: 'roof 1k segments: in-process vs worker',
        params: { segments: plan.drawnSegments, pairs },
        variants: [
          { name: 'in-process (wasm)', kind: 'engine', fn: () => local.roof(plan.input), check },
          { name: 'worker (wasm via comlink)', kind: 'reference', fn: () => worker.api.roof(plan.input), async: true, check },
        ],
      },
    ];
  },
  summarize(): SummaryLine[] {
    return [{ label: 'worker boundary overhead per call (median of paired differences)', value: overheadMs, unit: 'ms', target: '< 1 ms', met: overheadMs < 1 }];
  },
  async dispose() {
    await dispose?.();
  },
};
