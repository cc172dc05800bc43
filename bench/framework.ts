// The benchmark harness: every suite is a list of cases, each case a set of variants that compute the
// same answer — the WASM engine, the pure-TypeScript reference, peer libraries — measured in one run
// with benchmark.js, checked for a correct answer, and compared by ratio.
import Benchmark from 'benchmark';

export type VariantKind = 'engine' | 'reference' | 'peer';

export interface Variant {
  name: string;
  kind: VariantKind;
  /** Computes the answer once (what is timed); may be asynchronous (a worker call). */
  fn: () => unknown;
  async?: boolean;
  /** Returns an error message when the answer is wrong, null when right. */
  check?: (result: unknown) => string | null;
  /** Skip timing this variant in the full run past this many seconds per op (slow peers): timed once. */
  single?: boolean;
}

export interface Target {
  /** Which variant the target applies to. */
  variant: string;
  /** Upper bound on the mean time per op [ms]. */
  maxMs?: number;
  /** Lower bound on the ratio variant.hz / other.hz. */
  minRatioOver?: { variant: string; ratio: number };
  label: string;
}

export interface BenchCase {
  name: string;
  variants: Variant[];
  targets?: Target[];
  /** Sizes or other parameters, written to the results. */
  params?: Record<string, number | string>;
}

export interface Suite {
  name: string;
  description: string;
  cases(opts: { ci: boolean }): Promise<BenchCase[]>;
  /** Derived figures over the suite's results (growth factors, overheads). */
  summarize?(results: CaseResult[]): SummaryLine[];
  dispose?(): Promise<void>;
}

export interface VariantResult {
  name: string;
  kind: VariantKind;
  hz: number;
  meanMs: number;
  rme: number;
  samples: number;
  correct: boolean;
  error?: string;
}

export interface CaseResult {
  suite: string;
  name: string;
  params?: Record<string, number | string>;
  variants: VariantResult[];
  ratios: { of: string; over: string; ratio: number }[];
  targets: { label: string; met: boolean; value: number }[];
}

export interface SummaryLine {
  label: string;
  value: number;
  unit: string;
  target?: string;
  met?: boolean;
}

async function timeOnce(fn: () => unknown): Promise<{ ms: number; result: unknown }> {
  const t0 = performance.now();
  const result = await fn();
  return { ms: performance.now() - t0, result };
}

function measure(v: Variant, maxTime: number): Promise<{ hz: number; meanMs: number; rme: number; samples: number }> {
  return new Promise((resolve, reject) => {
    const fn = v.async
      ? (deferred: { resolve(): void }) => void (v.fn() as Promise<unknown>).then(() => deferred.resolve(), reject)
      : v.fn;
    const b = new Benchmark(v.name, fn, { maxTime, minSamples: 5, initCount: 1, defer: !!v.async });
    b.on('complete', function (this: Benchmark) {
      if (this.error) reject(this.error);
      else resolve({ hz: this.hz, meanMs: this.stats.mean * 1000, rme: this.stats.rme, samples: this.stats.sample.length });
    });
    b.run();
  });
}

/** Runs one case: a correctness pass for every variant, then (full mode) the timing. */
export async function runCase(suite: string, c: BenchCase, opts: { ci: boolean; maxTime: number }): Promise<CaseResult> {
  const variants: VariantResult[] = [];
  for (const v of c.variants) {
    let once: { ms: number; result: unknown };
    try {
      once = await timeOnce(v.fn);
    } catch (e) {
      variants.push({ name: v.name, kind: v.kind, hz: 0, meanMs: NaN, rme: 0, samples: 0, correct: false, error: String(e) });
      continue;
    }
    const error = v.check ? v.check(once.result) : null;
    let timing = { hz: 1000 / once.ms, meanMs: once.ms, rme: 0, samples: 1 };
    if (!opts.ci && !v.single && !error) timing = await measure(v, opts.maxTime);
    variants.push({ name: v.name, kind: v.kind, ...timing, correct: error === null, ...(error ? { error } : {}) });
  }
  const byName = new Map(variants.map((v) => [v.name, v]));
  const ratios: CaseResult['ratios'] = [];
  for (const e of variants.filter((v) => v.kind === 'engine')) {
    for (const o of variants.filter((v) => v.kind !== 'engine')) {
      if (e.hz > 0 && o.hz > 0) ratios.push({ of: e.name, over: o.name, ratio: e.hz / o.hz });
    }
  }
  const targets = (c.targets ?? []).map((t) => {
    const v = byName.get(t.variant);
    if (t.maxMs !== undefined) return { label: t.label, met: !!v && v.meanMs < t.maxMs, value: v?.meanMs ?? NaN };
    const o = t.minRatioOver ? byName.get(t.minRatioOver.variant) : undefined;
    const r = v && o && o.hz > 0 ? v.hz / o.hz : NaN;
    return { label: t.label, met: r >= (t.minRatioOver?.ratio ?? Infinity), value: r };
  });
  return { suite, name: c.name, params: c.params, variants, ratios, targets };
}

export function formatCase(r: CaseResult): string {
  const lines = [`  ${r.name}`];
  for (const v of r.variants) {
    const speed = v.hz > 0 ? `${fmt(v.hz)} ops/s  ${fmt(v.meanMs)} ms/op ±${v.rme.toFixed(1)}% (${v.samples} samples)` : 'failed';
    lines.push(`    ${v.kind.padEnd(9)} ${v.name.padEnd(34)} ${speed}${v.correct ? '' : `  WRONG: ${v.error}`}`);
  }
  for (const x of r.ratios) lines.push(`    ratio ${x.of} / ${x.over}: ${x.ratio.toFixed(2)}×`);
  for (const t of r.targets) lines.push(`    target ${t.label}: ${t.met ? 'met' : 'NOT met'} (${fmt(t.value)})`);
  return lines.join('\n');
}

export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) >= 100) return x.toFixed(0);
  if (Math.abs(x) >= 1) return x.toFixed(2);
  return x.toPrecision(3);
}
