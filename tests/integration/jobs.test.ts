// The job engine (src/server/jobs/, pg-boss 10 on the app's database) in one process, on PGlite
// (through the executeSql adapter, one connection) and on PostgreSQL: two engines on one database
// do 1,000 jobs each exactly once; an attempt that hangs runs out of its time and is retried; a job
// whose worker died (claimed, never answered) is failed by the maintenance and retried; a job that
// keeps failing ends `failed`, listed with its error, and in its dead-letter queue; a payload is
// checked by its kind's schema when queued and again before it runs; a job id queued twice is one
// job; runDue() runs only what its caller calls due and puts the rest back as it was.
import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase, pgliteOf, type OpenDatabase } from '../../src/server/db/index.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { defineJob } from '../../src/server/jobs/kinds.ts';
import { jobId, JobService } from '../../src/server/jobs/service.ts';
import { countJob, createRunsTable, deadJob, failJob, hangJob, registerTestJobs, runs } from './fixtures/test-jobs.ts';
import { databaseConfig, DB_KINDS } from './harness.ts';
import { pgliteSnapshot } from './harness/pglite.ts';

const JOBS = 1000;

/** Log lines at warn and above, as JSON. */
function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  const log = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) } } }).log;
  return { log, lines };
}

function engine(open: OpenDatabase, log: ReturnType<typeof capturedLog>['log'], workers = true): JobService {
  return new JobService({ db: open.db, pglite: pgliteOf(open.db), config: { workers, pollMs: 500, maintenanceSeconds: 1 }, log });
}

for (const kind of DB_KINDS) {
  describe(`job engine in one process [${kind}]`, () => {
    let open: OpenDatabase;
    let db: Kysely<Database>;
    const logged = capturedLog();
    const engines: JobService[] = [];

    beforeAll(async () => {
      const config = await databaseConfig(kind);
      open = await openDatabase(config.database, { pgliteSnapshot: kind === 'pglite' ? await pgliteSnapshot() : undefined });
      db = open.db;
      await createRunsTable(db);
      for (const tag of [1, 2]) {
        const e = engine(open, logged.log);
        registerTestJobs(e, db, tag);
        await e.start();
        await e.startWorkers();
        engines.push(e);
      }
    });

    afterAll(async () => {
      for (const e of engines) await e.stop();
      await open?.close();
    });

    it(`two engines on one database do ${JOBS} jobs, each exactly once`, async () => {
      const started = Date.now();
      await engines[0].sendMany(countJob, Array.from({ length: JOBS }, (_, i) => ({ key: `job-${i}` })));
      await vi.waitFor(async () => expect((await engines[0].counts(countJob)).completed).toBe(JOBS), { timeout: 60_000, interval: 200 });
      const done = await runs(db, 'count');
      expect(done).toHaveLength(JOBS);
      expect(new Set(done.map((r) => r.key)).size).toBe(JOBS);
      expect(done.every((r) => r.attempt === 0)).toBe(true);
      // Both engines took part.
      const byEngine = new Map<number, number>();
      for (const r of done) byEngine.set(r.pid, (byEngine.get(r.pid) ?? 0) + 1);
      expect([...byEngine.keys()].sort()).toEqual([1, 2]);
      console.log(`[${kind}] ${JOBS} jobs in ${Date.now() - started} ms: ${[...byEngine.entries()].map(([e, n]) => `engine ${e} ${n}`).join(', ')}`);
    }, 90_000);

    it('an attempt that hangs runs out of its time and the job is retried', async () => {
      await engines[0].send(hangJob, { key: 'slow' });
      await vi.waitFor(async () => expect(await runs(db, 'hang-done')).toHaveLength(1), { timeout: 20_000, interval: 100 });
      expect((await runs(db, 'hang-start')).filter((r) => r.key === 'slow').map((r) => r.attempt)).toEqual([0, 1]);
      expect((await runs(db, 'hang-done'))[0]).toMatchObject({ key: 'slow', attempt: 1 });
      expect(await engines[0].counts(hangJob)).toEqual({ completed: 1 });
    }, 30_000);

    it("a job whose worker died (claimed, never answered) is failed by the maintenance once its time ran out, and retried", async () => {
      const outside = engine(open, logged.log, false);
      await outside.start();
      // A worker elsewhere claims the job (as pg-boss's fetch leaves it) and dies.
      const id = jobId(hangJob, 'dead-worker');
      expect(await outside.send(hangJob, { key: 'dead-worker' }, { id, delayMs: 60_000 })).toBe(id);
      const claimed = Date.now();
      await sql`update pgboss.job set state = 'active', started_on = now() where name = ${hangJob.name} and id = ${id}`.execute(db);
      // The maintenance runs every second, but the attempt has 4 s: nobody touches it before.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect((await runs(db)).filter((r) => r.key === 'dead-worker')).toEqual([]);
      await vi.waitFor(async () => expect((await runs(db, 'hang-done')).filter((r) => r.key === 'dead-worker')).toHaveLength(1), { timeout: 20_000, interval: 100 });
      expect(Date.now() - claimed).toBeGreaterThanOrEqual(hangJob.expireInSeconds * 1000);
      // The retry is attempt 1, which completes.
      expect((await runs(db)).filter((r) => r.key === 'dead-worker').map((r) => [r.what, r.attempt])).toEqual([
        ['hang-start', 1],
        ['hang-done', 1],
      ]);
      await outside.stop();
    }, 30_000);

    it('a job that keeps failing ends failed with its error, and in its dead-letter queue', async () => {
      await engines[1].send(failJob, { key: 'broken' });
      await vi.waitFor(async () => expect((await runs(db, 'dead')).filter((r) => r.key === 'broken')).toHaveLength(1), { timeout: 20_000, interval: 100 });
      expect((await runs(db, 'fail')).map((r) => r.attempt)).toEqual([0, 1]);
      const failed = await engines[1].failures(failJob);
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ kind: 'test.fail', payload: { key: 'broken' }, error: 'test.fail broken fails', retryCount: 1 });
      expect(await engines[1].counts(deadJob)).toEqual({ completed: 1 });
    }, 30_000);

    it('checks a payload when it is queued and again before it runs', async () => {
      await expect(engines[0].send(countJob, { key: '' })).rejects.toThrow();
      // A process whose kind of the same name says otherwise queues it anyway: the worker refuses to run it.
      const other = engine(open, logged.log, false);
      await other.start();
      const loose = defineJob(countJob.name, z.object({ key: z.number() }), { retryLimit: 0 });
      await other.send(loose, { key: 42 });
      await vi.waitFor(async () => expect(await engines[0].failures(countJob)).toHaveLength(1), { timeout: 20_000, interval: 100 });
      expect((await engines[0].failures(countJob))[0].payload).toEqual({ key: 42 });
      expect((await runs(db, 'count')).filter((r) => r.key === '42')).toEqual([]);
      await other.stop();
    }, 30_000);

    it('queues a job id once, and runDue() runs what its caller calls due and puts the rest back as it was', async () => {
      const manual = engine(open, logged.log, false);
      const seen: string[] = [];
      const later = defineJob('test.manual', z.object({ key: z.string() }));
      manual.handle(later, async (p) => {
        seen.push(p.key);
      });
      await manual.start();
      const first = jobId(later, 'a');
      expect(await manual.send(later, { key: 'a' }, { id: first, delayMs: 3_600_000 })).toBe(first);
      expect(await manual.send(later, { key: 'a' }, { id: first })).toBeNull();
      await manual.send(later, { key: 'b' }, { delayMs: 3_600_000 });
      const before = await sql<{ id: string; start_after: Date }>`select id::text as id, start_after from pgboss.job where name = ${later.name} order by id`.execute(db);
      expect(await manual.runDue(later, { max: 10, isDue: (p) => p.key === 'b' })).toBe(1);
      expect(seen).toEqual(['b']);
      expect(await manual.counts(later)).toEqual({ created: 1, completed: 1 });
      const after = await sql<{ id: string; start_after: Date; state: string }>`select id::text as id, start_after, state::text as state from pgboss.job where name = ${later.name} and id = ${first}`.execute(db);
      expect(after.rows[0]).toEqual({ id: first, start_after: before.rows.find((r) => r.id === first)?.start_after, state: 'created' });
      // Not due by its time: no worker takes it (runDue() without isDue runs it regardless).
      expect(await manual.runDue(later)).toBe(1);
      expect(seen).toEqual(['b', 'a']);
      await manual.stop();
    }, 30_000);

    it('logged no engine error', () => {
      expect(logged.lines.filter((l) => l.level >= 50)).toEqual([]);
    });
  });
}
