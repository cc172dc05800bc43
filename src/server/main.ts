// `npm start`: serves the built web app and the API. Configuration from the environment (config.ts):
// PORT (default 8080), HOST (default 127.0.0.1; HOST=0.0.0.0 for every interface), DATA_DIR,
// DATABASE_URL, providers, NODE_ENV=production (refuses the development stand-ins). Prints the demo
// account on the first start and, in development, each stand-in in use.
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, standIns, type AppConfig } from './config.ts';

const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(2);
}

let app;
try {
  app = await buildApp({ config, distDir });
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

// Load the offline gazetteer now (≈ 2 s) rather than on the first address search.
void app.services.catalogue.places.gazetteer.all();

const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
console.log(`PV Studio is running at http://${shownHost}:${actualPort}/  (API docs: /api/docs; database: ${where})`);
if (config.mode === 'development') {
  const stand = standIns(config);
  if (stand.length > 0) console.log('Development mode (NODE_ENV=production refuses these stand-ins):');
  for (const s of stand) console.log(`  ${s.service}: ${s.standIn}. Real one: ${s.variables}`);
}
const demo = app.demoAccount;
if (demo?.created) {
  // Production never prints a password (its demo account needs DEMO_PASSWORD).
  const password = config.mode === 'production' ? 'from DEMO_PASSWORD' : `${demo.password}  (shown once; set DEMO_PASSWORD to choose it)`;
  console.log(`Demo account created: phone ${demo.phone}  password ${password}`);
  if (demo.project) {
    console.log(`Demo project: "${demo.project.name}" (id ${demo.project.id}): ${demo.project.modules} modules, ${demo.project.capacityKw.toFixed(2)} kW on the south roof face`);
  }
} else if (config.demo && config.mode === 'development') {
  console.log(`Demo account: phone ${config.demo.phone} (its password was printed on the first start; or sign in with an SMS code from the server log)`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
