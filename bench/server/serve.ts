// The server process of the server benchmark (run.ts forks it, so that the load generator and the
// server do not share an event loop): builds the app on the database named by BENCH_DB
// (pglite:<folder> or a postgres:// URL), listens on a free loopback port, seeds the benchmark's
// users and projects (then vacuums, as pgbench does), and tells the parent its port, tokens and
// project ids over IPC.
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.ts';
import { testConfig } from '../../src/server/config.ts';

const target = process.env.BENCH_DB ?? '';
const database = target.startsWith('pglite:') ? { kind: 'pglite' as const, dataDir: target.slice('pglite:'.length) } : { kind: 'postgres' as const, url: target };
const listProjects = Number(process.env.BENCH_LIST_PROJECTS ?? 60);
const saveProjects = Number(process.env.BENCH_SAVE_PROJECTS ?? 200);

const app = await buildApp({ config: testConfig({ logLevel: 'silent', database, blobDir: process.env.BLOB_DIR ?? testConfig().blobDir }) });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const s = app.services;
const listOwner = await s.accounts.createWithPassword('13700000001', 'bench-pass1', { initial: false, name: 'List bench' });
const saveOwner = await s.accounts.createWithPassword('13700000002', 'bench-pass2', { initial: false, name: 'Save bench' });
for (let i = 0; i < listProjects; i++) {
  await s.projects.create(listOwner.id, { name: `Plant ${i}`, powerStationType: i % 2 ? 'COMMERCIAL' : 'RESIDENTIAL', surveyType: 'SATELLITE', reOrAiom: 'LITE', capacity: 10 + i });
}
const projects: number[] = [];
for (let i = 0; i < saveProjects; i++) {
  projects.push((await s.projects.create(saveOwner.id, { name: `Save ${i}`, powerStationType: 'RESIDENTIAL', surveyType: 'SATELLITE', reOrAiom: 'LITE' })).projectId);
}
// As pgbench does before each run: vacuum and analyze the freshly seeded tables, so the calls are
// measured on tables in the state autovacuum keeps a running database in (visibility map set,
// statistics current), not on rows bulk-inserted a moment ago.
await sql`vacuum analyze`.execute(app.db);
process.send?.({
  port,
  listUser: listOwner.id,
  listToken: (await s.sessions.create(listOwner.id, 'full', {})).token,
  saveToken: (await s.sessions.create(saveOwner.id, 'full', {})).token,
  projects,
});
process.on('message', (m) => {
  if (m === 'stop') void app.close().then(() => process.exit(0));
});
