// Shading: ray throughput of the engine's BVH (wasm, f32 packets) against the TypeScript reference and
// three-mesh-bvh on one scene and one ray set; an exact hourly year of a 20,000-module warehouse roof
// with 500 obstacles (in-process, and on a pool of 1 vs 2 workers); PVsyst's table mode against the
// exact mode (speed and the difference in beamShading); peak memory of 100,000 modules (child process).
// The machine may be shared: the pool is also timed in alternating 2-worker / 1-worker pairs, with the
// CPU time each job got (a 2-worker job that gets less than 2 cores cannot be 2× faster).
import { fork } from 'node:child_process';
import { BufferAttribute, BufferGeometry, DoubleSide, Ray, Vector3 } from 'three';
import { MeshBVH, SAH } from 'three-mesh-bvh';
import { ShadeStride } from '../../engine/abi.ts';
import { loadEngine, referenceRunner } from '../../src/engine/api.ts';
import { createNodeEnginePool } from '../../src/engine/node.ts';
import type { WorkerPool } from '../../src/engine/pool.ts';
import { encodeShadeBuild } from '../../src/engine/shade-codec.ts';
import { ShadeJob } from '../../src/engine/shade-job.ts';
import { parseShadeInput } from '../../src/engine/shade.ts';
import { loadEngineNode, type KernelRunner } from '../../src/engine/wasm.ts';
import type { EngineClient } from '../../src/engine/api.ts';
import type { ShadeInput, ShadeOutput } from '../../src/model/shade.ts';
import type { BenchCase, CaseResult, Suite, SummaryLine } from '../framework.ts';
import { roofScene } from '../shade-scenes.ts';

const pools: WorkerPool<EngineClient>[] = [];
const outputs = new Map<string, ShadeOutput>();
let rayCount = 0;
let memory: { rssMiB: number; maxRssMiB: number; modules: number; steps: number; ms: number } | null = null;
/** CPU time of the in-process exact year (the machine may be shared: wall time overstates). */
let exactCpuMs = NaN;
/** Alternating pool runs: wall [ms] and CPU [ms] (all threads of this process) per job. */
interface PoolRun {
  wallMs: number;
  cpuMs: number;
}
const poolPairs: { two: PoolRun; one: PoolRun }[] = [];
/** Pool pairs timed (full run; the CI run times one). */
const POOL_PAIRS = 3;

async function timedJob(pool: WorkerPool<EngineClient>, input: ShadeInput): Promise<PoolRun> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await new ShadeJob(pool, input).start();
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wallMs, cpuMs: (c.user + c.system) / 1000 };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The scene's triangles (scene + two per module) and a coherent ray set: per module and sun step,
 * its 4 samples towards the sun (steps with the sun up and in front of the module). */
function raySet(input: ShadeInput, stepsEvery: number) {
  const parsed = parseShadeInput(input);
  const build = encodeShadeBuild({ ...parsed, output: { ...parsed.output, diffuse: false } });
  const nT = build.nTriangles;
  const nM = build.nModules;
  const o = 1 + nT * 9;
  const tris = new Float32Array((nT + 2 * nM) * 9);
  for (let k = 0; k < nT * 9; k++) tris[k] = build.f64[1 + k];
  const corners = build.f64.subarray(o, o + nM * 12);
  for (let m = 0; m < nM; m++) {
    const c = corners.subarray(m * 12, m * 12 + 12);
    tris.set([...c.subarray(0, 9), ...c.subarray(0, 3), ...c.subarray(6, 12)], (nT + 2 * m) * 9);
  }
  const sun = build.f64.subarray(o + nM * 12, o + nM * 12 + build.nSteps * ShadeStride.SUN_F64);
  const rays: number[] = [];
  for (let m = 0; m < nM; m++) {
    const c = corners.subarray(m * 12, m * 12 + 12);
    const ax = c[6] - c[0], ay = c[7] - c[1], az = c[8] - c[2];
    const bx = c[9] - c[3], by = c[10] - c[4], bz = c[11] - c[5];
    const n = [ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx];
    const len = Math.hypot(n[0], n[1], n[2]);
    for (let t = m % stepsEvery; t < build.nSteps; t += stepsEvery) {
      const d = sun.subarray(t * 5, t * 5 + 3);
      if (!(d[2] > 0) || n[0] * d[0] + n[1] * d[1] + n[2] * d[2] <= 0) continue;
      for (const [u, v] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
        const p = [0, 1, 2].map((i) => c[i] + u * (c[3 + i] - c[i]) + v * (c[9 + i] - c[i]) + u * v * (c[i] - c[3 + i] + c[6 + i] - c[9 + i]) + (0.001 * n[i]) / len);
        rays.push(p[0], p[1], p[2], d[0], d[1], d[2]);
      }
    }
  }
  return { build, tris, rays: Float64Array.from(rays) };
}

function sum(a: Int32Array): number {
  let s = 0;
  for (const v of a) s += v;
  return s;
}

async function throughputCase(ci: boolean): Promise<BenchCase> {
  const input = roofScene({ modules: ci ? 400 : 2000, obstacles: ci ? 100 : 500 });
  const { build, tris, rays } = raySet(input, ci ? 97 : 59);
  const n = rays.length / 6;
  rayCount = n;
  const kernels: KernelRunner = await loadEngineNode('release');
  const noSky = Int32Array.from(build.i32);
  const handleOf = (k: KernelRunner) => k.run('shadeBuild', build.f64, noSky).i32[0];
  const hWasm = handleOf(kernels);
  const hRef = handleOf(referenceRunner);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(tris, 3));
  const bvh = new MeshBVH(geometry, { strategy: SAH, targetLeafSize: 4 });
  const ray = new Ray();
  const dir = new Vector3();
  const hitPoint = new Vector3();
  const threeAnyHit = () => {
    let hits = 0;
    for (let i = 0; i < n; i++) {
      ray.origin.set(rays[6 * i], rays[6 * i + 1], rays[6 * i + 2]);
      ray.direction.copy(dir.set(rays[6 * i + 3], rays[6 * i + 4], rays[6 * i + 5]));
      const hit = bvh.shapecast({
        intersectsBounds: (box) => ray.intersectsBox(box),
        intersectsTriangle: (tri) => ray.intersectTriangle(tri.a, tri.b, tri.c, false, hitPoint) !== null,
      });
      if (hit) hits++;
    }
    return hits;
  };
  const threeFirst = () => {
    let hits = 0;
    for (let i = 0; i < n; i++) {
      ray.origin.set(rays[6 * i], rays[6 * i + 1], rays[6 * i + 2]);
      ray.direction.set(rays[6 * i + 3], rays[6 * i + 4], rays[6 * i + 5]);
      if (bvh.raycastFirst(ray, DoubleSide) !== null) hits++;
    }
    return hits;
  };
  const engineHits = () => sum(kernels.run('shadeRays', rays, Int32Array.of(hWasm)).i32);
  const expected = engineHits();
  const check = (r: unknown) => (r === expected ? null : `${String(r)} hits, the engine counts ${expected}`);
  return {
    name: `ray throughput: ${n} shadow rays, ${tris.length / 9} triangles`,
    params: { rays: n, triangles: tris.length / 9, hits: expected },
    variants: [
      { name: 'engine (wasm, SAH BVH, f32x4 packets)', kind: 'engine', fn: engineHits, check },
      { name: 'reference (TypeScript BVH)', kind: 'reference', fn: () => sum(referenceRunner.run('shadeRays', rays, Int32Array.of(hRef)).i32), check },
      { name: 'three-mesh-bvh shapecast any-hit', kind: 'peer', fn: threeAnyHit, check },
      { name: 'three-mesh-bvh raycastFirst', kind: 'peer', fn: threeFirst, check },
    ],
    targets: [
      { variant: 'engine (wasm, SAH BVH, f32x4 packets)', minRatioOver: { variant: 'three-mesh-bvh shapecast any-hit', ratio: 3 }, label: 'engine ≥ 3× three-mesh-bvh (any-hit)' },
      { variant: 'engine (wasm, SAH BVH, f32x4 packets)', minRatioOver: { variant: 'three-mesh-bvh raycastFirst', ratio: 3 }, label: 'engine ≥ 3× three-mesh-bvh (raycastFirst, its faster path)' },
      { variant: 'engine (wasm, SAH BVH, f32x4 packets)', minRatioOver: { variant: 'reference (TypeScript BVH)', ratio: 1.5 }, label: 'engine ≥ 1.5× TS reference' },
    ],
  };
}

function checkYear(modules: number) {
  return (r: unknown): string | null => {
    const out = r as ShadeOutput;
    if (out.modules.length !== modules) return `${out.modules.length} modules, expected ${modules}`;
    if (out.steps !== 8760) return `${out.steps} steps`;
    if (!out.modules.some((m) => m.beamShading > 0)) return 'no module shaded on a roof with obstacles';
    if (out.modules.some((m) => !(m.beamShading >= 0 && m.beamShading <= 1))) return 'beamShading outside [0, 1]';
    return null;
  };
}

async function yearCases(ci: boolean): Promise<BenchCase[]> {
  const modules = ci ? 600 : 20_000;
  const input: ShadeInput = { ...roofScene({ modules, obstacles: ci ? 100 : 500 }), output: { diffuse: true } };
  const engine = await loadEngine('release');
  const check = checkYear(modules);
  const keep = (key: string) => (r: ShadeOutput) => {
    outputs.set(key, r);
    return r;
  };
  const one = createNodeEnginePool({ size: 1 });
  const two = createNodeEnginePool({ size: 2 });
  pools.push(one, two);
  await Promise.all([one.broadcast((api) => api.ready()), two.broadcast((api) => api.ready())]);
  for (let k = 0; k < (ci ? 1 : POOL_PAIRS); k++) poolPairs.push({ two: await timedJob(two, input), one: await timedJob(one, input) });
  const label = `${modules} modules × 4 samples, hourly year, ${ci ? 100 : 500} obstacles`;
  return [
    {
      name: `exact year in-process: ${label}`,
      params: { modules, samples: 4, steps: 8760 },
      variants: [
        {
          name: 'engine exact (one core)',
          kind: 'engine',
          fn: () => {
            const c0 = process.cpuUsage();
            const out = keep('exact')(engine.shade(input));
            const c = process.cpuUsage(c0);
            exactCpuMs = (c.user + c.system) / 1000;
            return out;
          },
          check,
          single: true,
        },
        { name: 'engine table (PVsyst fast mode)', kind: 'reference', fn: () => keep('table')(engine.shade({ ...input, mode: 'table' })), check, single: true },
      ],
      targets: ci ? [] : [{ variant: 'engine exact (one core)', maxMs: 20_000, label: 'exact year < 20 s on one core' }],
    },
    {
      name: `exact year on a worker pool: ${label}`,
      params: { modules, samples: 4, steps: 8760 },
      variants: [
        { name: 'pool of 2 workers', kind: 'engine', fn: () => new ShadeJob(two, input).start(), async: true, check, single: true },
        { name: 'pool of 1 worker', kind: 'reference', fn: () => new ShadeJob(one, input).start(), async: true, check, single: true },
      ],
      targets: [{ variant: 'pool of 2 workers', minRatioOver: { variant: 'pool of 1 worker', ratio: 1.7 }, label: '2 workers ≥ 1.7× 1 worker' }],
    },
  ];
}

/** Peak memory of a 100,000-module job in a fresh process (bench/shade-memory.ts). */
function measureMemory(modules: number): Promise<typeof memory> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('../shade-memory.ts', import.meta.url), [String(modules)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as typeof memory));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`shade-memory exited with ${code}`))));
  });
}

export const shadeSuite: Suite = {
  name: 'shade',
  description: 'shadow rays: BVH throughput vs the TS reference and three-mesh-bvh; a year of 20k modules; table vs exact; pool; memory',
  async cases({ ci }) {
    poolPairs.length = 0;
    const cases = [await throughputCase(ci), ...(await yearCases(ci))];
    memory = await measureMemory(ci ? 5_000 : 100_000);
    return cases;
  },
  summarize(results: CaseResult[]): SummaryLine[] {
    const out: SummaryLine[] = [];
    const ci = !results.some((r) => r.name.includes('20000 modules'));
    const thr = results.find((r) => r.name.startsWith('ray throughput'));
    for (const v of thr?.variants ?? []) out.push({ label: `rays/s ${v.name}`, value: v.hz * rayCount, unit: 'rays/s' });
    const exact = outputs.get('exact');
    const table = outputs.get('table');
    if (exact && table) {
      let mean = 0;
      let max = 0;
      exact.modules.forEach((m, i) => {
        const d = Math.abs(m.beamShading - table.modules[i].beamShading);
        mean += d / exact.modules.length;
        max = Math.max(max, d);
      });
      const meanBeam = exact.modules.reduce((s, m) => s + m.beamShading, 0) / exact.modules.length;
      out.push({ label: 'mean beamShading (exact)', value: meanBeam, unit: '' });
      out.push({ label: 'table vs exact: mean |Δ beamShading|', value: mean, unit: '' });
      out.push({ label: 'table vs exact: max |Δ beamShading|', value: max, unit: '' });
      const yr = results.find((r) => r.name.startsWith('exact year in-process'));
      const ms = yr?.variants.find((v) => v.name.startsWith('engine exact'))?.meanMs ?? NaN;
      out.push({ label: 'exact year: rays/s (one core, wall)', value: (exact.rays / ms) * 1000, unit: 'rays/s' });
      out.push({ label: 'exact year: CPU time of the in-process run', value: exactCpuMs, unit: 'ms', target: ci ? undefined : '< 20 s', met: ci ? undefined : exactCpuMs < 20_000 });
    }
    if (poolPairs.length > 0) {
      const ratios = poolPairs.map((p) => p.one.wallMs / p.two.wallMs);
      const r = median(ratios);
      out.push({ label: `pool 2 vs 1 workers: median wall ratio of ${poolPairs.length} alternating pairs (${ratios.map((x) => x.toFixed(2)).join(', ')})`, value: r, unit: '×', target: ci ? undefined : '≥ 1.7', met: ci ? undefined : r >= 1.7 });
      out.push({ label: 'pool of 2 workers: cores it got (CPU time / wall, median)', value: median(poolPairs.map((p) => p.two.cpuMs / p.two.wallMs)), unit: 'cores' });
      out.push({ label: 'pool of 1 worker: cores it got (CPU time / wall, median)', value: median(poolPairs.map((p) => p.one.cpuMs / p.one.wallMs)), unit: 'cores' });
      out.push({ label: 'pool: CPU time of 2 workers / 1 worker (work duplicated per worker, median)', value: median(poolPairs.map((p) => p.two.cpuMs / p.one.cpuMs)), unit: '×' });
    }
    if (memory) {
      const limit = memory.modules >= 100_000 ? 1536 : Infinity;
      out.push({ label: `peak RSS, ${memory.modules} modules (maxRSS)`, value: memory.maxRssMiB, unit: 'MiB', target: limit < Infinity ? '< 1.5 GB' : undefined, met: memory.maxRssMiB < limit });
      out.push({ label: `RSS after the job, ${memory.modules} modules`, value: memory.rssMiB, unit: 'MiB' });
      out.push({ label: `memory job time, ${memory.modules} modules × 4 samples, ${memory.steps} steps`, value: memory.ms, unit: 'ms' });
    }
    return out;
  },
  async dispose() {
    await Promise.all(pools.splice(0).map((p) => p.terminate()));
  },
};
