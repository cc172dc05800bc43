// The reference of the server benchmark: what this machine allows at all for the project list. A
// bare Fastify route runs the product's own list statement (projects/rows.ts listStatement, prepared)
// through a node-postgres pool of the same size and sends its text in the envelope — no session,
// no validation, no security headers, no request id, no logging. Whatever the product's list costs
// above this is the price of those; where this already misses a target, no server on this machine
// meets it. run.ts forks it on the database serve.ts seeded (BENCH_DB, BENCH_LIST_USER).
import Fastify from 'fastify';
import pg from 'pg';
import { POSTGRES_POOL_SIZE } from '../../src/server/db/index.ts';
import { listStatement } from '../../src/server/projects/rows.ts';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DB, max: POSTGRES_POOL_SIZE });
const userId = Number(process.env.BENCH_LIST_USER);
const list = listStatement({ powerStationType: false, surveyType: false, reOrAiom: 'none', name: false }, 10, 0, false);

const app = Fastify({ logger: false });
app.get('/api/web/project/list', async (_req, reply) => {
  const r = await pool.query<[string]>({ name: 'list', text: list.text, values: [userId], rowMode: 'array' });
  return reply.type('application/json; charset=utf-8').send(`{"code":200,"msg":"ok","data":${r.rows[0][0]}}`);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (m) => {
  if (m === 'stop') void app.close().then(() => pool.end()).then(() => process.exit(0));
});
