// `node --import tsx bench/editor/run.ts [--ci] [--max-time=s]`: the editor suite alone (it also runs
// inside `npm run bench` once registered in bench/suites/index.ts). Full runs write
// bench/results/editor.json; --ci writes bench/results/editor.ci.tmp.json and fails only on a crash
// or a wrong drawing, never on timing.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fmt, formatCase, runCase, type CaseResult } from '../framework.ts';
import { editorSuite } from './suite.ts';

const args = process.argv.slice(2);
const ci = args.includes('--ci');
const maxTime = Number(args.find((a) => a.startsWith('--max-time='))?.slice('--max-time='.length) ?? 2);

async function main() {
  console.log(`\n${editorSuite.name} — ${editorSuite.description}`);
  const results: CaseResult[] = [];
  let failures = 0;
  try {
    for (const c of await editorSuite.cases({ ci })) {
      const r = await runCase(editorSuite.name, c, { ci, maxTime });
      console.log(formatCase(r));
      failures += r.variants.filter((v) => !v.correct).length;
      results.push(r);
    }
  } catch (e) {
    console.error(`  CRASH: ${e instanceof Error ? e.stack : String(e)}`);
    failures++;
  } finally {
    await editorSuite.dispose?.();
  }
  const summary = editorSuite.summarize?.(results) ?? [];
  for (const s of summary) console.log(`  ${s.label}: ${fmt(s.value)} ${s.unit}`);
  const out = {
    date: new Date().toISOString(),
    mode: ci ? 'ci' : 'full',
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage: os.loadavg() },
    suites: [{ name: editorSuite.name, description: editorSuite.description, cases: results, summary }],
  };
  const file = new URL(ci ? '../results/editor.ci.tmp.json' : '../results/editor.json', import.meta.url);
  await mkdir(new URL('../results/', import.meta.url), { recursive: true });
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
