// Runs once before the tests: builds what they need when it is missing or older than its sources, so
// that `npm test` works on a fresh checkout after `npm install` and no test has a reason to skip.
//   build/engine.wasm, build/engine.debug.wasm ← engine/**  (asc, ~2 s per target)
//   dist/                                      ← src/web/**, src/engine/**, src/model/** (vite build)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function stale(output: string, sources: string[]): boolean {
  const out = join(root, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

// NODE_ENV=production: Vitest runs with NODE_ENV=test, which a child `vite build` would inherit and
// bundle React's and antd's development builds (their warnings then fail the e2e console checks).
function run(cmd: string, args: string[]) {
  console.log(`[global-setup] ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

export default function setup() {
  const asc = join(root, 'node_modules/.bin/asc');
  for (const target of ['debug', 'release'] as const) {
    const file = target === 'release' ? 'build/engine.wasm' : 'build/engine.debug.wasm';
    if (stale(file, ['engine'])) run(asc, ['engine/index.ts', '--target', target]);
  }
  // PVSTUDIO_NO_WEB_BUILD=1: leave dist/ as it is (a run without the end-to-end tests, while the web
  // sources are being edited); the end-to-end tests then fail on an old or missing build, never skip.
  if (process.env.PVSTUDIO_NO_WEB_BUILD !== '1' && stale('dist/index.html', ['src/web', 'src/engine', 'src/model', 'engine'])) {
    run(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn']);
  }
}
