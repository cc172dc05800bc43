// The Fastify app. Plugins in order (docs/ARCHITECTURE.md, like the Fastify demo): configuration and clock →
// database (migrated) → app services (accounts, providers, demo seed) → cross-cutting plugins
// (errors, request ids, security headers, hostile input, no-store on API answers, cookies, OpenAPI) →
// route areas (routes/index.ts) → the web app (static files, SPA fallback, API 404).
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import { loadConfig, type AppConfig } from './config.ts';
import cacheControl from './plugins/cache-control.ts';
import configPlugin from './plugins/config.ts';
import databasePlugin, { type DatabasePluginOptions } from './plugins/database.ts';
import errorHandler from './plugins/error-handler.ts';
import hostileInput from './plugins/hostile-input.ts';
import openapi from './plugins/openapi.ts';
import rateLimits from './plugins/rate-limits.ts';
import requestIdPlugin, { requestId } from './plugins/request-id.ts';
import securityHeaders from './plugins/security-headers.ts';
import servicesPlugin from './plugins/services.ts';
import { routeAreas } from './routes/index.ts';
import { webApp } from './static.ts';
import './types.ts';

/** Largest JSON body [bytes]; multipart uploads set their own limits in their areas. */
export const BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions {
  /** Default: loadConfig() from the environment. */
  config?: AppConfig;
  /** The built web app; null or absent: API only. */
  distDir?: string | null;
  clock?: Clock;
  /** Default: pino at config.logLevel, secrets redacted, query strings not logged. */
  logger?: FastifyServerOptions['logger'];
  database?: DatabasePluginOptions;
  /** Create the demo account on the first start (default: when config.demo is set). */
  seedDemo?: boolean;
}

function loggerOptions(level: AppConfig['logLevel']): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    serializers: {
      // Query strings can hold passwords and codes (spec 001 §7 updateUserPassword): log the path only.
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
    },
  };
}

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    genReqId: requestId,
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config, clock: options.clock ?? systemClock });
  await app.register(databasePlugin, options.database ?? {});
  await app.register(servicesPlugin, { seedDemo: options.seedDemo ?? config.demo !== null });

  await app.register(errorHandler);
  await app.register(requestIdPlugin);
  await app.register(securityHeaders);
  await app.register(hostileInput);
  await app.register(cacheControl);
  await app.register(cookie);
  await app.register(openapi);
  await app.register(rateLimits);

  for (const area of routeAreas) await app.register(area.plugin, { prefix: area.prefix });

  await app.register(webApp, { distDir: options.distDir ?? null });
  return app;
}
