// Builds the editor benchmark page with Vite's build API (into build/bench-editor, git-ignored) and
// serves it from a small node:http static server on 127.0.0.1 (a free port).
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import wasm from 'vite-plugin-wasm';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('./page/', import.meta.url));
/** Where the page is built (build/ is git-ignored). */
export const OUT_DIR = fileURLToPath(new URL('../../build/bench-editor/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.map': 'application/json',
};

export async function buildBenchPage(): Promise<void> {
  await build({
    root: ROOT,
    base: './',
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [wasm()],
    worker: { format: 'es', plugins: () => [wasm()] },
    build: { outDir: OUT_DIR, emptyOutDir: true, target: 'esnext', chunkSizeWarningLimit: 4000, reportCompressedSize: false },
  });
}

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `dir` (GET only, no directory listing) on 127.0.0.1. */
export async function serveStatic(dir: string = OUT_DIR): Promise<StaticServer> {
  const root = resolve(dir) + sep;
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-embedder-policy': 'require-corp',
          'cache-control': 'no-store',
        });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('static server has no port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((ok) => server.close(() => ok())) };
}
