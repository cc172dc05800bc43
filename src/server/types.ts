// What the app's plugins add to Fastify (module augmentation): route code reaches the database,
// the clock, the configuration and the services through the instance (`app.services.sessions`…).
import type { Kysely } from 'kysely';
import type { DemoAccount } from './accounts/demo.ts';
import type { Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import type { Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    clock: Clock;
    db: Kysely<Database>;
    /** 'pglite' | 'postgres'. */
    dbKind: AppConfig['database']['kind'];
    services: Services;
    /** The demo account seeded on this start (password shown once), or null. */
    demoAccount: DemoAccount | null;
  }
}

export {};
