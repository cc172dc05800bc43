// `npm start`: serves the built web app and the API. PORT (default 8080); HOST (default 127.0.0.1,
// set HOST=0.0.0.0 to listen on every interface).
import { fileURLToPath } from 'node:url';
import { buildServer } from './static.ts';

const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer 0–65535, not ${process.env.PORT}`);
  process.exit(2);
}

const app = await buildServer({ distDir, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });

try {
  await app.listen({ port, host });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
console.log(`PV Studio is running at http://${shownHost}:${actualPort}/  (roof lab; API health: /api/health)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
