// Headless speed (issue 23), in one run: the `pvstudio` command's start against a bare `node -e 0`
// (spawned, median of N: `--help`, a small roof, and `--help` from the TypeScript sources for
// comparison), serve-mode throughput (1,000 small roofs through one `pvstudio serve --stdio`), and the
// hourly chain for 1 and 200 PVWatts arrays on pvlib's Turin TMY — the fast path (cached sky, packed
// loop), the same without its cache (a new weather every call), and the TypeScript path it replaced —
// with the issue's targets printed beside the figures. `--ci` checks every answer (the roofs' faces, the
// chain equal to the previous path to 1e-9) and never fails on timing.
// The compiled CLI is what is measured: built here (`npm run build:cli`) when build/cli is missing or
// older than its sources.
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { simulateInputSchema, type SimulateInput, type SimulateOutput } from '../../src/model/simulate.ts';
import { simulateChain } from '../../src/physics/chain.ts';
import { clearSkyCache } from '../../src/physics/sky-cache.ts';
import { readWeatherFile } from '../../src/weather/detect.ts';
import type { WeatherRecord } from '../../src/weather/record.ts';
import type { BenchCase, CaseResult, Suite, SummaryLine } from '../framework.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}src/cli/pvstudio.mjs`;
const WEATHER = fileURLToPath(new URL('../../tests/fixtures/weather/tmy_45.000_8.000_2005_2023.json', import.meta.url));
/** pvlib ModelChain, one PVWatts array, 8760 h of this TMY, as measured for issue 23 [ms]. */
const PVLIB_MODELCHAIN_MS = 33;

/** docs/GEOMETRY.md gable: outline 10 × 8, eave 6, ridge at z 8: two faces of 10 × √20 = 44.721 m². */
const GABLE = {
  building: {
    id: 'b1',
    eaveHeight: 6,
    outerPoints: [
      { id: 'o1', x: 0, y: 0 },
      { id: 'o2', x: 10, y: 0 },
      { id: 'o3', x: 10, y: 8 },
      { id: 'o4', x: 0, y: 8 },
    ],
    points: [
      { id: 'r1', x: 0, y: 4, z: 8 },
      { id: 'r2', x: 10, y: 4, z: 8 },
    ],
    lines: [{ id: 'l1', idp1: 'r1', idp2: 'r2' }],
  },
};

interface Spawned {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function run(args: string[], stdin = '', env: Record<string, string> = {}): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - t0 }));
    child.stdin.end(stdin);
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** The two gable faces, each 44.721 m² (± 1 mm²) and 26.565° (± 0.001°). */
function checkGable(out: { success?: boolean; faces?: { area: number; tilt: number }[] }): string | null {
  if (!out.success || out.faces?.length !== 2) return `expected 2 faces, got ${out.faces?.length}`;
  for (const f of out.faces) {
    if (Math.abs(f.area - 44.721) > 1e-3 || Math.abs(f.tilt - 26.565) > 1e-3) return `face ${f.area} m² ${f.tilt}°`;
  }
  return null;
}

function checkRun(r: Spawned, check: (stdout: string) => string | null): string | null {
  if (r.code !== 0) return `exit ${r.code}: ${r.stderr.slice(0, 300)}`;
  try {
    return check(r.stdout);
  } catch (e) {
    return String(e);
  }
}

/** Builds the compiled CLI when the bin would not run it (missing or older than its sources). */
async function ensureCompiled(): Promise<void> {
  const probe = await run([BIN, '--help'], '', { PVSTUDIO_CLI: 'compiled' });
  if (probe.code === 0) return;
  console.log('  (building the compiled CLI: npm run build:cli)');
  execFileSync(process.execPath, [`${ROOT}scripts/build-cli.mjs`], { cwd: ROOT, stdio: 'inherit' });
}

const figures: Record<string, number> = {};
/** `--ci`: the chain is called once, cold — its times are no measure and get no target. */
let ciPass = false;

/** Spawns each command `n` times, interleaved (a busy machine slows all alike), and keeps the medians. */
async function startTimes(n: number): Promise<Record<string, Spawned>> {
  const commands: Record<string, [string[], string, Record<string, string>]> = {
    node: [['-e', '0'], '', {}],
    help: [[BIN, '--help'], '', { PVSTUDIO_CLI: 'compiled' }],
    roof: [[BIN, 'roof', '-', '--compact'], JSON.stringify(GABLE), { PVSTUDIO_CLI: 'compiled' }],
    helpSource: [[BIN, '--help'], '', { PVSTUDIO_CLI: 'source' }],
  };
  const times: Record<string, number[]> = {};
  const last: Record<string, Spawned> = {};
  for (let i = 0; i < n; i++) {
    for (const [name, [args, stdin, env]] of Object.entries(commands)) {
      if (name === 'helpSource' && i >= Math.min(n, 5)) continue; // slow and only for comparison
      const r = await run(args, stdin, env);
      (times[name] ??= []).push(r.ms);
      last[name] = r;
    }
  }
  for (const [name, xs] of Object.entries(times)) figures[`start:${name}`] = median(xs);
  return last;
}

/** 1,000 small roofs through one serve process, from spawn to exit [ms]; the responses checked. */
async function serveRoofs(count: number): Promise<{ ms: number; error: string | null }> {
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify({ id: i, command: 'roof', input: GABLE })).join('\n') + '\n';
  const r = await run([BIN, 'serve', '--stdio'], lines, { PVSTUDIO_CLI: 'compiled' });
  const error = checkRun(r, (stdout) => {
    const out = stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: number; ok: boolean; output: Parameters<typeof checkGable>[0] });
    if (out.length !== count) return `${out.length} responses for ${count} requests`;
    for (let i = 0; i < count; i++) {
      if (out[i].id !== i || !out[i].ok) return `response ${i}: ${JSON.stringify(out[i]).slice(0, 200)}`;
    }
    return checkGable(out[0].output) ?? checkGable(out[count - 1].output);
  });
  return { ms: r.ms, error };
}

function chainInput(arrays: number): ReturnType<typeof simulateInputSchema.parse> {
  const raw: SimulateInput = {
    site: { latitude: 45, longitude: 8, elevation: 250 },
    weather: { synthetic: {} }, // replaced by the record
    transposition: 'perez',
    arrays: Array.from({ length: arrays }, (_, k) => ({
      name: `a${k}`,
      surfaceTilt: arrays === 1 ? 30 : 5 + ((k * 37) % 55),
      surfaceAzimuth: arrays === 1 ? 180 : 90 + ((k * 53) % 180),
      modulesPerString: 12,
      strings: 2,
      module: { model: 'pvwatts', pdc0: 400, gammaPdc: -0.0037 },
      temperatureModel: { model: 'sapm', a: -3.56, b: -0.075, deltaT: 3 },
    })),
    inverter: { model: 'pvwatts', pdc0: arrays * 24 * 400 },
  };
  return simulateInputSchema.parse(raw);
}

/** Every number of the answer within 1e-9 relative of the previous path's. */
function sameAs(expected: SimulateOutput) {
  const numbers = (v: unknown, out: number[] = []): number[] => {
    if (typeof v === 'number') out.push(v);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) numbers(x, out);
    return out;
  };
  const want = numbers(expected);
  return (r: unknown): string | null => {
    const got = numbers(r);
    if (got.length !== want.length) return `${got.length} numbers, expected ${want.length}`;
    for (let i = 0; i < got.length; i++) {
      const scale = Math.max(Math.abs(got[i]), Math.abs(want[i]));
      if (scale > 0 && Math.abs(got[i] - want[i]) / scale > 1e-9) return `value ${i}: ${got[i]} against ${want[i]}`;
    }
    return null;
  };
}

function chainCase(record: WeatherRecord, arrays: number): BenchCase {
  const input = chainInput(arrays);
  const reference = simulateChain(record, input, { path: 'reference' });
  const check = sameAs(reference);
  const label = `${arrays} array${arrays === 1 ? '' : 's'}`;
  const fast = `fast (cached sky), ${label}`;
  const target = arrays === 1 ? { variant: fast, maxMs: 1, label: '1 array < 1 ms steady state' } : { variant: fast, maxMs: 40, label: '200 arrays < 40 ms (PVWatts)' };
  return {
    name: `chain ${label} 8760 h (PVWatts, Perez, SAPM, physical IAM)`,
    params: { arrays, hours: record.times.length },
    variants: [
      { name: fast, kind: 'engine', fn: () => simulateChain(record, input), check },
      {
        name: `fast, new weather every call, ${label}`,
        kind: 'reference',
        fn: () => {
          clearSkyCache();
          return simulateChain(record, input);
        },
        check,
      },
      { name: `previous TypeScript path, ${label}`, kind: 'reference', fn: () => simulateChain(record, input, { path: 'reference' }), check },
    ],
    targets: [target],
  };
}

export const headlessSuite: Suite = {
  name: 'headless',
  description: 'issue 23: pvstudio start against node -e 0, serve throughput, the chain for 1 and 200 arrays against the path it replaced',
  async cases({ ci }) {
    ciPass = ci;
    await ensureCompiled();
    const last = await startTimes(ci ? 3 : 15);
    const helpError = checkRun(last.help, (s) => (/^ {2}roof\b/m.test(s) && /^ {2}serve --stdio\b/m.test(s) ? null : 'the command list is missing'));
    const roofError = checkRun(last.roof, (s) => checkGable(JSON.parse(s)));
    const sourceError = checkRun(last.helpSource, (s) => (/^ {2}roof\b/m.test(s) ? null : 'the command list is missing'));
    const serveRuns = ci ? 1 : 3;
    const serveTimes: number[] = [];
    let serveError: string | null = null;
    for (let i = 0; i < serveRuns; i++) {
      const r = await serveRoofs(1000);
      serveTimes.push(r.ms);
      serveError ??= r.error;
    }
    figures.serve = median(serveTimes);
    // The spawned figures are medians (summary below); a wrong answer fails the suite.
    const errors = Object.entries({ '--help': helpError, roof: roofError, '--help from the sources': sourceError, serve: serveError }).filter(([, e]) => e);
    if (errors.length > 0) throw new Error(errors.map(([what, e]) => `pvstudio ${what}: ${e}`).join('; '));
    const record = await readWeatherFile(WEATHER);
    return [
      chainCase(record, 1),
      chainCase(record, 200),
    ];
  },
  summarize(results: CaseResult[]): SummaryLine[] {
    const node = figures['start:node'];
    const mean = (arrays: number, prefix: string) =>
      results.find((r) => r.params?.arrays === arrays)?.variants.find((v) => v.name.startsWith(prefix))?.meanMs ?? NaN;
    const one = mean(1, 'fast (cached');
    const lines: SummaryLine[] = [
      { label: 'node -e 0 (median)', value: node, unit: 'ms' },
      { label: 'pvstudio --help − node -e 0', value: figures['start:help'] - node, unit: 'ms', target: '≤ 120 ms', met: figures['start:help'] - node <= 120 },
      { label: 'pvstudio roof (small) − node -e 0', value: figures['start:roof'] - node, unit: 'ms', target: '≤ 200 ms', met: figures['start:roof'] - node <= 200 },
      { label: 'pvstudio --help from the sources (tsx) − node -e 0', value: figures['start:helpSource'] - node, unit: 'ms' },
      { label: 'serve: 1,000 small roofs, spawn to exit', value: figures.serve, unit: 'ms', target: '< 3000 ms', met: figures.serve < 3000 },
      { label: 'chain, 1 array, fast (steady state)', value: one, unit: 'ms', target: '< 1 ms', met: one < 1 },
      { label: 'pvlib ModelChain (33 ms, issue 23) / chain, 1 array', value: PVLIB_MODELCHAIN_MS / one, unit: '×', target: '≥ 30×', met: PVLIB_MODELCHAIN_MS / one >= 30 },
      { label: 'chain, 1 array: previous path / fast', value: mean(1, 'previous') / one, unit: '×' },
      { label: 'chain, 200 arrays, fast', value: mean(200, 'fast (cached'), unit: 'ms', target: '< 40 ms', met: mean(200, 'fast (cached') < 40 },
      { label: 'chain, 200 arrays: previous path / fast', value: mean(200, 'previous') / mean(200, 'fast (cached'), unit: '×' },
    ];
    if (!ciPass) return lines;
    return lines.map((l) => (l.label.startsWith('chain') || l.label.startsWith('pvlib') ? { label: `${l.label} (one cold call)`, value: l.value, unit: l.unit } : l));
  },
};
