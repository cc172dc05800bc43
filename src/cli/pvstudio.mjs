#!/usr/bin/env node
// The `pvstudio` bin. Runs the compiled CLI (build/cli/main.js: `npm run build:cli`, part of
// `npm run build`, scripts/build-cli.mjs) when it is there and none of the files it was built from has
// changed since (build/cli/inputs.json); otherwise the TypeScript sources through tsx — a fresh clone
// before its build, or sources edited since. PVSTUDIO_CLI=source always takes the sources;
// PVSTUDIO_CLI=compiled insists on the build (exit 1 when it is missing or stale: what a benchmark of
// the compiled CLI sets).
import { readFileSync, statSync } from 'node:fs';

const root = new URL('../../', import.meta.url);

/** The compiled entry's URL, or undefined when it is missing or older than one of its inputs. */
function compiledEntry() {
  if (process.env.PVSTUDIO_CLI === 'source') return undefined;
  try {
    const manifest = JSON.parse(readFileSync(new URL('build/cli/inputs.json', root), 'utf8'));
    for (const file of manifest.inputs) if (statSync(new URL(file, root)).mtimeMs > manifest.builtAt) return undefined;
    return new URL(manifest.entry, root);
  } catch {
    return undefined;
  }
}

const entry = compiledEntry();
if (!entry && process.env.PVSTUDIO_CLI === 'compiled') {
  process.stderr.write('pvstudio: PVSTUDIO_CLI=compiled, but build/cli is missing or older than its sources: run `npm run build:cli`\n');
  process.exit(1);
}
let main;
if (entry) ({ main } = await import(entry.href));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('./main.ts'));
}
process.exitCode = await main(process.argv.slice(2), process);
