// Migration 0009 (pg-boss for every background job) on a database that ran the lease queue, on PGlite
// (a data folder) and PostgreSQL: a database migrated up to the migration before it holds a drone job
// in the middle of its modelling — still leased by a worker that is gone — and a finished one. A
// server starting on it migrates it (pg-boss's schema and queues made, drone_jobs' rows kept, the
// lease columns gone, a step counter added), queues the unfinished job's step, and the job is polled
// to completion; the finished one is left alone. The migration then goes down and up again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { testConfig } from '../../src/server/config.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import { droneStep } from '../../src/server/jobs/kinds.ts';
import { createNodeOdmProvider } from '../../src/server/providers/nodeodm.ts';
import { startFakeNodeOdm } from './fakes/nodeodm.ts';
import { geoTiff, png, zipOf } from './fixtures/drone-photos.ts';
import { DB_KINDS, ManualClock } from './harness.ts';
import { migrationDatabase } from './migration-database.ts';

const JOBS_MIGRATION = '0009-jobs';
const before: Record<string, Migration> = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < JOBS_MIGRATION));
const previous = Object.keys(before).sort().at(-1) as string;
const POLL_MS = 1000;
const archive = zipOf([
  { name: 'odm_orthophoto/odm_orthophoto.tif', bytes: geoTiff({ width: 200, height: 100, epsg: 32650, originX: 350_000, originY: 3_400_000, pixel: 0.1 }) },
  { name: 'odm_orthophoto/odm_orthophoto.png', bytes: png(200, 100) },
]);

/** The columns of a table. */
async function columns(db: Kysely<unknown>, table: string): Promise<string[]> {
  const rows = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table} order by column_name`.execute(db);
  return rows.rows.map((r) => r.column_name);
}

async function bossInstalled(db: Kysely<unknown>): Promise<boolean> {
  const rows = await sql<{ name: string | null }>`select to_regclass('pgboss.version')::text as name`.execute(db);
  return rows.rows[0]?.name !== null;
}

/** A user, a drone project and two submitted uploads, with the lease queue's rows: one job mid-modelling, leased by a dead worker, and one finished. */
async function legacyRows(db: Kysely<unknown>, now: Date, taskUuid: string): Promise<{ running: number; finished: number }> {
  const user = await sql<{ id: number }>`insert into users (phone, email, created_at, updated_at) values ('13700000009', 'legacy@example.com', ${now}, ${now}) returning id`.execute(db);
  const userId = user.rows[0].id;
  const project = await sql<{ id: number }>`insert into projects (user_id, name, power_station_type, survey_type, lat, lng, created_at, updated_at) values (${userId}, 'Legacy roof', 'COMMERCIAL', 'DRONE', 31.0, 118.5, ${now}, ${now}) returning id`.execute(db);
  const projectId = project.rows[0].id;
  const ids: number[] = [];
  for (const [state, progress, task, lockedBy] of [
    ['processing', 10, taskUuid, 'worker-gone'],
    ['completed', 100, 'old-task', null],
  ] as const) {
    const upload = await sql<{ id: number }>`insert into drone_uploads (project_id, user_id, status, created_at, updated_at, submitted_at) values (${projectId}, ${userId}, 'submitted', ${now}, ${now}, ${now}) returning id`.execute(db);
    const job = await sql<{ id: number }>`
      insert into drone_jobs (upload_id, project_id, user_id, state, task_uuid, progress, photo_credits, locked_by, locked_until, next_run_at, created_at, updated_at, started_at)
      values (${upload.rows[0].id}, ${projectId}, ${userId}, ${state}, ${task}, ${progress}, 20, ${lockedBy}, ${lockedBy ? new Date(now.getTime() + 30 * 60_000) : null}, ${new Date(now.getTime() - 60_000)}, ${now}, ${now}, ${now})
      returning id`.execute(db);
    ids.push(job.rows[0].id);
  }
  return { running: ids[0], finished: ids[1] };
}

describe('migration 0009 on a database of the lease queue', () => {
  for (const kind of DB_KINDS) {
    it(`keeps the drone jobs, installs pg-boss and carries an unfinished job on to completion [${kind}]`, async () => {
      const node = await startFakeNodeOdm({ archive });
      const dir = mkdtempSync(join(tmpdir(), 'pvstudio-jobs-migration-'));
      const clock = new ManualClock();
      // A direct connection to the database (the app's is closed in between on PGlite).
      const { database, connect } = await migrationDatabase(kind, dir, 'jobs_migration');
      const config = testConfig({ database, blobDir: join(dir, 'blobs'), drone: { nodeodm: { url: node.origin, token: node.token }, worker: false, pollMs: POLL_MS } });
      // The task the dead worker had pushed to the node.
      const provider = createNodeOdmProvider(config.drone)!;
      const taskUuid = crypto.randomUUID();
      await provider.init(taskUuid, { name: 'legacy', options: [], outputs: [] });
      await provider.commit(taskUuid);

      let app: FastifyInstance | undefined;
      let db = connect();
      try {
        await migrateToLatest(db, before);
        expect(await columns(db, 'drone_jobs')).toContain('locked_by');
        expect(await bossInstalled(db)).toBe(false);
        const ids = await legacyRows(db, clock.now(), taskUuid);
        await db.destroy();

        app = await buildApp({ config, clock });
        await app.ready();
        const cols = await columns(app.db as unknown as Kysely<unknown>, 'drone_jobs');
        expect(cols).toContain('step');
        expect(cols).not.toContain('locked_by');
        expect(cols).not.toContain('locked_until');
        const queues = await sql<{ name: string }>`select name from pgboss.queue order by name`.execute(app.db);
        expect(queues.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['drone.abandon', 'drone.step', 'report.render', 'shade.big']));
        const kept = await app.db.selectFrom('drone_jobs').select(['id', 'state', 'step', 'task_uuid', 'progress']).orderBy('id').execute();
        expect(kept).toEqual([
          { id: ids.running, state: 'processing', step: 0, task_uuid: taskUuid, progress: 10 },
          { id: ids.finished, state: 'completed', step: 0, task_uuid: 'old-task', progress: 100 },
        ]);
        // The start queued the unfinished job's step (and only its).
        expect(await app.services.jobs.counts(droneStep)).toEqual({ created: 1 });
        for (let i = 0; i < 10; i++) {
          clock.advance(POLL_MS);
          await app.services.drone.runner.drain();
        }
        const done = await app.db.selectFrom('drone_jobs').select(['id', 'state', 'progress', 'orthophoto_id']).orderBy('id').execute();
        expect(done[0]).toMatchObject({ state: 'completed', progress: 100, orthophoto_id: expect.any(String) });
        expect(done[1]).toMatchObject({ state: 'completed', progress: 100, orthophoto_id: null });
        expect(node.tasks.get(taskUuid)?.removed).toBe(true);
        const mail = await app.db.selectFrom('outbox').select('purpose').where('recipient', '=', 'legacy@example.com').execute();
        expect(mail).toEqual([{ purpose: 'drone-completed' }]);
        await app.close();
        app = undefined;

        // Down to the lease queue and up again: the rows stay.
        db = connect();
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        const down = await migrator.migrateTo(previous);
        expect(down.error).toBeUndefined();
        expect(await columns(db, 'drone_jobs')).toEqual(expect.arrayContaining(['locked_by', 'locked_until']));
        expect(await bossInstalled(db)).toBe(false);
        await migrateToLatest(db);
        expect(await bossInstalled(db)).toBe(true);
        expect(await sql`select id from drone_jobs`.execute(db).then((r) => r.rows.length)).toBe(2);
      } finally {
        await app?.close();
        await db.destroy().catch(() => undefined);
        await node.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
