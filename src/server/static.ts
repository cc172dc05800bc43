// The HTTP server's base: the built web app (dist/) with cross-origin isolation, an SPA fallback
// and the health route. `buildServer` is the factory the server issue grows (plugins, database,
// routes); tests call it with their own distDir and listen on an ephemeral port or use inject().
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';

/** COOP + COEP: cross-origin isolation, needed for SharedArrayBuffer / shared wasm memory in workers.
 * The same pair is set in vite.config.ts for the dev and preview servers. */
export const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** The response envelope of every API route. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface BuildServerOptions {
  /** The built web app (vite build's outDir). */
  distDir: string;
  logger?: FastifyServerOptions['logger'];
}

/** Paths whose last segment has an extension are files: no SPA fallback for them. */
function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0];
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.');
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { distDir } = options;
  const app = Fastify({ logger: options.logger ?? false });
  const hasWebApp = existsSync(join(distDir, 'index.html'));

  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(ISOLATION_HEADERS);
  });

  app.get('/api/health', async (): Promise<Envelope<{ engine: boolean }>> => ({ code: 200, msg: 'ok', data: { engine: true } }));

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      cacheControl: false,
      setHeaders(reply, path) {
        if (path.endsWith('.wasm')) reply.header('content-type', 'application/wasm');
        // Vite's hashed assets never change; index.html must be revalidated to pick up new hashes.
        reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`${distDir}/index.html is missing: run \`npm run build:web\` (vite build) to serve the web app`);
  }

  app.setNotFoundHandler(async (req, reply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/') && !looksLikeFile(req.url);
    if (isPage && hasWebApp) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    if (isPage) return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built: run `npm run build:web`.\n');
    const body: Envelope<null> = { code: 404, msg: `not found: ${req.method} ${req.url.split('?')[0]}`, data: null };
    return reply.code(404).send(body);
  });

  return app;
}
