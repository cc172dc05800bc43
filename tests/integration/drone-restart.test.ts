// A modelling job survives its server: the process that pushed the photos to NodeODM stops, a new
// process on the same database takes the job up and polls the task to completion; a step claimed by
// a worker that died mid-step is taken again once that attempt's time has run out and the job
// engine's maintenance failed it for its retry (docs/PRODUCT.md "jobs": workers share the job queue,
// pg-boss on the app's database). On PGlite (a data folder) and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { testConfig, type AppConfig } from '../../src/server/config.ts';
import { droneStep } from '../../src/server/jobs/kinds.ts';
import { startFakeNodeOdm } from './fakes/nodeodm.ts';
import { droneJpeg, geoTiff, png, zipOf } from './fixtures/drone-photos.ts';
import { databaseConfig, DB_KINDS, ManualClock } from './harness.ts';
import { pgliteSnapshot } from './harness/pglite.ts';
import { multipartBody } from './project-helpers.ts';

const POLL_MS = 1000;
const archive = zipOf([
  { name: 'odm_orthophoto/odm_orthophoto.tif', bytes: geoTiff({ width: 200, height: 100, epsg: 32650, originX: 350_000, originY: 3_400_000, pixel: 0.1 }) },
  { name: 'odm_orthophoto/odm_orthophoto.png', bytes: png(200, 100) },
]);

async function jobState(app: FastifyInstance, id: number): Promise<string> {
  return (await app.db.selectFrom('drone_jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
}

describe('drone modelling across a server restart', () => {
  for (const kind of DB_KINDS) {
    it(`a new process polls the running task to completion, and retries a dead worker's step once its attempt time ran out [${kind}]`, async () => {
      const node = await startFakeNodeOdm({ archive });
      const dir = mkdtempSync(join(tmpdir(), 'pvstudio-drone-restart-'));
      const clock = new ManualClock();
      let database: AppConfig['database'];
      if (kind === 'pglite') {
        // A data folder seeded from the migrated snapshot (as the durability tests do).
        const seed = new PGlite({ dataDir: join(dir, 'pglite'), loadDataDir: await pgliteSnapshot() });
        await seed.waitReady;
        await seed.close();
        database = { kind: 'pglite', dataDir: join(dir, 'pglite') };
      } else database = (await databaseConfig('postgres')).database;
      const config = testConfig({ database, blobDir: join(dir, 'blobs'), drone: { nodeodm: { url: node.origin, token: node.token }, worker: false, pollMs: POLL_MS } });
      let app: FastifyInstance | undefined;
      try {
        app = await buildApp({ config, clock });
        await app.ready();
        const user = await app.services.accounts.createWithPassword('13700000001', 'solar2024', { initial: false });
        await app.db.transaction().execute((tx) =>
          app!.services.entitlements.grant(tx, user.id, { products: [], permanent: false, membershipDays: null, plan: 'annual', photoCredits: 100, projectCredits: 2, changeType: 'grant', operator: 'test' }),
        );
        const { token } = await app.services.sessions.create(user.id, 'full', {});
        const auth = { authorization: `Bearer ${token}` };
        const jobs: number[] = [];
        for (const name of ['North roof', 'South roof']) {
          const created = (await app.inject({ method: 'POST', url: '/api/web/project/new', headers: auth, payload: { name, powerStationType: 'COMMERCIAL', surveyType: 'DRONE', lat: 31.0, lng: 118.5 } })).json<{ code: number; data: { projectId: number } }>();
          expect(created, JSON.stringify(created)).toMatchObject({ code: 200 });
          const projectId = created.data.projectId;
          let uploadId: number | undefined;
          for (let i = 0; i < 20; i += 8) {
            const files = Array.from({ length: Math.min(8, 20 - i) }, (_, k) => ({ name: `p${i + k}.jpg`, bytes: droneJpeg({ lat: 31 + (i + k) * 1e-5, lng: 118.5 }, { seed: `${name}${i + k}`.length * 1000 + i + k + (name === 'North roof' ? 0 : 500) }) }));
            const { payload, headers } = multipartBody(files);
            const url = uploadId ? `/api/web/project/upload/append?projectId=${projectId}&uploadId=${uploadId}` : `/api/web/project/uploadUAV?projectId=${projectId}`;
            const res = (await app.inject({ method: 'POST', url, payload, headers: { ...headers, ...auth } })).json<{ code: number; data: { uploadId: number; upload: { approved: number } } }>();
            expect(res, JSON.stringify(res)).toMatchObject({ code: 200 });
            uploadId = res.data.uploadId;
          }
          const sub = (await app.inject({ method: 'POST', url: '/api/web/project/buildingSchemaUpload', headers: auth, payload: { projectId, uploadId } })).json<{ code: number; data: { id: number } }>();
          expect(sub, JSON.stringify(sub)).toMatchObject({ code: 200 });
          jobs.push(sub.data.id);
        }
        // The first job's photos reach the node; then this process stops.
        await app.services.drone.runner.tick();
        expect(await jobState(app, jobs[0])).toBe('processing');
        // The second job's step is claimed by a worker that then dies in the middle of it: active in
        // pg-boss (as a worker's fetch leaves it), never completed.
        const claimed = await sql`update pgboss.job set state = 'active', started_on = now() where name = 'drone.step' and (data->>'droneJobId')::int = ${jobs[1]} and state < 'active'`.execute(app.db);
        expect(claimed.numAffectedRows).toBe(1n);
        await app.close();
        app = undefined;

        app = await buildApp({ config, clock });
        await app.ready();
        for (let i = 0; i < 10; i++) {
          clock.advance(POLL_MS);
          await app.services.drone.runner.drain();
        }
        expect(await jobState(app, jobs[0])).toBe('completed');
        expect(await jobState(app, jobs[1])).toBe('queued');
        // The dead worker's attempt runs out of time (the step's 30 minutes): the maintenance fails it
        // for its retry, and the job is taken again and modelled.
        clock.advance(31 * 60_000);
        await sql`update pgboss.job set started_on = now() - interval '31 minutes' where name = 'drone.step' and state = 'active'`.execute(app.db);
        await app.services.jobs.maintain();
        expect(await app.services.jobs.counts(droneStep)).toMatchObject({ retry: 1 });
        for (let i = 0; i < 10; i++) {
          await app.services.drone.runner.drain();
          clock.advance(POLL_MS);
        }
        expect(await jobState(app, jobs[1])).toBe('completed');
        // Each upload went to the node once: two tasks, 20 photos each.
        expect([...node.tasks.values()].map((t) => t.images.length)).toEqual([20, 20]);
      } finally {
        await app?.close();
        await node.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 180_000);
  }
});
