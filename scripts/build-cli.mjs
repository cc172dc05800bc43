#!/usr/bin/env node
// `npm run build:cli`: compiles the pvstudio command (src/cli/main.ts and everything it imports) into
// build/cli/ with esbuild, so that the `pvstudio` bin (src/cli/pvstudio.mjs) starts without a
// TypeScript loader. ESM for Node 20, one bundle split at the dynamic imports: `pvstudio --help` loads
// only the entry, a command only its own chunks. The npm packages the CLI uses today are bundled in
// (faster to start than resolving them from node_modules at run time: 183 ms against 245 ms for
// `--help` when measured with everything loaded eagerly; `--external` keeps them all outside, for
// comparison); any other package stays external and is loaded from node_modules as from the sources, so
// that a package reading its own files or loading a native addon keeps working.
// build/cli/ sits two levels below the repository like src/engine/, so the `new URL('../../build/
// engine.wasm', import.meta.url)` and `../../datasets/…` of the sources resolve to the same files.
// build/cli/inputs.json lists the files the bundle was made from and when: the bin falls back to the
// sources when one of them is newer (an edit since the build), so a stale bundle never runs.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}build/cli`;
const external = process.argv.includes('--external');

/**
 * zod's `locales` namespace (`z.locales`, 366 KiB of error messages in 50 languages) is reachable from
 * `z` and so cannot be tree-shaken; PV Studio never switches zod's language, so the bundle keeps English
 * only (zod configures English itself on load).
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'zod-english-only', pluginData: args.resolveDir } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(`${args.pluginData}/../locales/en.js`)};`,
      resolveDir: args.pluginData,
      loader: 'js',
    }));
  },
};

/** Packages bundled in: pure JavaScript, checked to work bundled (the rest stay external). */
const BUNDLED = new Set(['zod', 'clipper2-ts', 'earcut', 'robust-predicates', 'comlink', 'pinyin-pro']);

/** Keeps every package not in BUNDLED external. */
const externalUnlessBundled = {
  name: 'external-unless-bundled',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.namespace !== 'file') return undefined;
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return BUNDLED.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

const startedAt = Date.now();
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: 'build/cli',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: external ? 'external' : undefined,
  chunkNames: '[name]-[hash]',
  // CommonJS packages bundled into ESM call require(): give every chunk one.
  banner: { js: "import { createRequire as __pvstudioCreateRequire } from 'node:module'; const require = __pvstudioCreateRequire(import.meta.url);" },
  plugins: external ? [] : [zodEnglishOnly, externalUnlessBundled],
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});

// The inputs: source files one by one, a package by its package.json (npm rewrites it on an update).
const inputs = new Set();
for (const file of Object.keys(result.metafile.inputs)) {
  if (/^[\w-]+:/.test(file)) continue; // a plugin's virtual module (namespace:path)
  const path = relative(root, `${root}${file}`).split('\\').join('/');
  const pkg = /^(.*?node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path);
  inputs.add(pkg ? `${pkg[1]}/package.json` : path);
}
const manifest = { entry: 'build/cli/main.js', builtAt: startedAt, inputs: [...inputs].sort() };
writeFileSync(`${outdir}/inputs.json`, JSON.stringify(manifest, null, 1) + '\n');
const bytes = Object.values(result.metafile.outputs).reduce((s, o) => s + o.bytes, 0);
console.log(`build/cli: ${Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')).length} files, ${(bytes / 1024).toFixed(0)} KiB from ${inputs.size} inputs${external ? ' (packages external)' : ''}`);
