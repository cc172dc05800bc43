// `npm run worker`: a process that works background jobs and serves no HTTP (docs/ARCHITECTURE.md "Server
// and data": many stateless server and worker processes share one PostgreSQL). The configuration is
// the server's (config.ts); it needs DATABASE_URL, since a PGlite data folder belongs to the one
// server process, which works its jobs itself. Servers started with JOB_WORKERS=off then only queue.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(2);
}
if (config.database.kind !== 'postgres') {
  console.error('A worker process needs PostgreSQL (DATABASE_URL): a PGlite data folder is the server process\'s own, and that process works its jobs itself.');
  process.exit(2);
}
if (!config.jobs.workers) {
  console.error('JOB_WORKERS=off: a worker process without workers would do nothing.');
  process.exit(2);
}

let app;
try {
  // The demo account is the web servers' business.
  app = await buildApp({ config, distDir: null, seedDemo: false });
  await app.ready();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const worked = app.services.jobs.handled.filter((h) => h.work).map((h) => h.kind);
console.log(worked.length > 0 ? `PV Studio worker: working ${worked.join(', ')}` : 'PV Studio worker: no queue to work here (drone modelling needs NODEODM_URL and DRONE_WORKER on)');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
