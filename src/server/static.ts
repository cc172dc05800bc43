// The built web app (dist/) as a plugin: static files, the SPA fallback for page paths, and the
// envelope 404 for unknown API paths. Cross-origin isolation headers come from the
// security-headers plugin. `buildServer` is the former entry of this file, kept for existing callers:
// the whole app on a throw-away in-memory database.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { testConfig } from './config.ts';
import { ERRORS, langOf, messageOf } from './errors.ts';
import type { ErrorEnvelope } from './envelope.ts';

export type { Envelope } from './envelope.ts';

/** COOP + COEP + CORP (also set by the security-headers plugin; vite.config.ts sets them for dev). */
export const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
} as const;

export interface WebAppOptions {
  /** The built web app (vite build's outDir); null: API only. */
  distDir: string | null;
}

/** Paths whose last segment has an extension are files: no SPA fallback for them. */
function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0];
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.');
}

export const webApp = fp<WebAppOptions>(
  async (app, options) => {
    const { distDir } = options;
    const hasWebApp = distDir !== null && existsSync(join(distDir, 'index.html'));
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
    } else if (distDir !== null) {
      app.log.warn(`${distDir}/index.html is missing: run \`npm run build:web\` (vite build) to serve the web app`);
    }

    app.setNotFoundHandler(async (req, reply) => {
      const isPage = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/') && !looksLikeFile(req.url);
      if (isPage && hasWebApp) return reply.type('text/html; charset=utf-8').sendFile('index.html');
      if (isPage) return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built: run `npm run build:web`.\n');
      const params = { method: req.method, path: req.url.split('?')[0] };
      const body: ErrorEnvelope = { code: ERRORS.ROUTE_NOT_FOUND.code, msg: messageOf('ROUTE_NOT_FOUND', langOf(req.headers.lang), params), data: { error: 'ROUTE_NOT_FOUND' } };
      return reply.code(404).send(body);
    });
  },
  { name: 'web-app' },
);

export interface BuildServerOptions {
  distDir: string;
  logger?: FastifyServerOptions['logger'];
}

/** The whole app with the web app, on an in-memory database without demo account (e2e tests). */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { buildApp } = await import('./app.ts');
  return buildApp({ config: testConfig(), distDir: options.distDir, logger: options.logger ?? false });
}
