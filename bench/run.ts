// `npm run bench` (full run → bench/results/latest.json) and `npm run bench:ci` (one correctness pass
// per variant: fails on a crash or a wrong answer, never on timing). `--suite=NAME` runs one suite and
// writes bench/results/NAME.json (NAME.ci.tmp.json with --ci), leaving latest.json as the full run left it.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { formatCase, fmt, runCase, type CaseResult, type Suite, type SummaryLine } from './framework.ts';
import { suites } from './suites/index.ts';

const args = process.argv.slice(2);
const ci = args.includes('--ci');
const only = args.find((a) => a.startsWith('--suite='))?.slice('--suite='.length);
const maxTime = Number(args.find((a) => a.startsWith('--max-time='))?.slice('--max-time='.length) ?? 2);

async function main() {
  const all: { suite: Suite; results: CaseResult[]; summary: SummaryLine[] }[] = [];
  let failures = 0;
  for (const suite of suites) {
    if (only && suite.name !== only) continue;
    console.log(`\n${suite.name} — ${suite.description}`);
    const results: CaseResult[] = [];
    try {
      for (const c of await suite.cases({ ci })) {
        const r = await runCase(suite.name, c, { ci, maxTime });
        console.log(formatCase(r));
        failures += r.variants.filter((v) => !v.correct).length;
        results.push(r);
      }
    } catch (e) {
      console.error(`  CRASH: ${e instanceof Error ? e.stack : String(e)}`);
      failures++;
    } finally {
      await suite.dispose?.();
    }
    const summary = suite.summarize?.(results) ?? [];
    for (const s of summary) {
      const t = s.target ? `  target ${s.target}: ${s.met ? 'met' : 'NOT met'}` : '';
      console.log(`  ${s.label}: ${fmt(s.value)} ${s.unit}${t}`);
    }
    all.push({ suite, results, summary });
  }
  const out = {
    date: new Date().toISOString(),
    mode: ci ? 'ci' : 'full',
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage: os.loadavg() },
    suites: all.map(({ suite, results, summary }) => ({ name: suite.name, description: suite.description, cases: results, summary })),
  };
  const name = only ?? (ci ? 'ci' : 'latest');
  const file = new URL(`./results/${name}${ci ? (only ? '.ci.tmp' : '.tmp') : ''}.json`, import.meta.url);
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(file, JSON.stringify(out, null, 2) + '\n');
  console.log(`\nwritten: ${file.pathname}`);
  if (failures > 0) {
    console.error(`${failures} benchmark variant(s) crashed or gave a wrong answer`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
