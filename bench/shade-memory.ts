// Peak memory of a big shade job, run in a fresh process by bench/suites/shade.ts (maxRSS is a
// process-wide high-water mark): `node --import tsx bench/shade-memory.ts <modules>`. The job is the
// warehouse roof of shade-scenes.ts with 500 obstacles and 4 samples per module, over the 24 hours of
// the 21st of March, June, September and December (96 steps): memory does not grow with the steps
// (perStep off), time does.
import { loadEngine } from '../src/engine/api.ts';
import { yearSunSteps } from '../src/engine/shade-directions.ts';
import { roofScene } from './shade-scenes.ts';

const modules = Number(process.argv[2] ?? 100_000);
const input = roofScene({ modules, obstacles: 500 });
const steps = yearSunSteps({ latitude: 31.23, longitude: 121.47, elevation: 0 }, { year: 2025, stepMinutes: 60, timezone: 8 });
const sunVectors: [number, number, number][] = [];
for (const month of [2, 5, 8, 11]) {
  const day = Math.round((Date.UTC(2025, month, 21) - Date.UTC(2025, 0, 1)) / 86_400_000);
  for (let h = 0; h < 24; h++) {
    const k = (day * 24 + h) * 5;
    sunVectors.push([steps[k], steps[k + 1], steps[k + 2]]);
  }
}
const engine = await loadEngine('release');
const t0 = performance.now();
const out = engine.shade({ ...input, times: { sunVectors } });
const ms = performance.now() - t0;
if (out.modules.length !== modules) throw new Error(`${out.modules.length} modules shaded, expected ${modules}`);
const result = {
  modules,
  steps: sunVectors.length,
  ms,
  rssMiB: process.memoryUsage().rss / 2 ** 20,
  // resourceUsage().maxRSS is in KiB.
  maxRssMiB: process.resourceUsage().maxRSS / 1024,
};
if (process.send) process.send(result);
else console.log(result);
