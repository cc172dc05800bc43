// Two server processes (real child processes, fixtures/job-server.ts) work the job queues of one
// PostgreSQL (docs/ARCHITECTURE.md: many stateless server and worker processes share one PostgreSQL;
// issue 19 item 5): 1,000 jobs are done between them, each exactly once (one row per job in
// job_test_runs, written by the job); then a job whose first attempt hangs is taken by one of them,
// that process is killed (SIGKILL) in the middle of it, and the other one retries the job once the
// attempt's time has run out and completes it.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/server/db/index.ts';
import { JobService } from '../../src/server/jobs/service.ts';
import { countJob, createRunsTable, hangJob, runs } from './fixtures/test-jobs.ts';
import { postgres } from './harness.ts';
import { createTestDatabase } from './harness/postgres.ts';

const SERVER = new URL('./fixtures/job-server.ts', import.meta.url).pathname;
const JOBS = 1000;

interface Server {
  proc: ChildProcess;
  pid: number;
}

function startServer(env: Record<string, string>): Promise<Server> {
  const proc = fork(SERVER, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`job server exited (${code}) before it was ready: ${stderr}`)));
    proc.on('message', (m) => {
      const msg = m as { ready?: boolean; pid?: number };
      if (msg.ready && msg.pid) resolve({ proc, pid: msg.pid });
    });
  });
}

const servers: Server[] = [];
let open: OpenDatabase | undefined;
let jobs: JobService | undefined;

afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
  await jobs?.stop();
  await open?.close();
});

describe('jobs across two server processes on one PostgreSQL', () => {
  it(`does ${JOBS} jobs exactly once between them, and retries a killed worker's job on the other`, async () => {
    const started = Date.now();
    const url = await createTestDatabase(await postgres());
    open = await openDatabase({ kind: 'postgres', url });
    const db = open.db;
    await createRunsTable(db);
    // This process only queues (no workers), like a web server with JOB_WORKERS=off.
    jobs = new JobService({ db, pglite: null, config: { workers: false, pollMs: 500, maintenanceSeconds: 60 }, log: Fastify({ logger: false }).log });
    await jobs.start();
    const env = { DATABASE_URL: url, JOB_POLL_MS: '500', JOB_MAINTENANCE_SECONDS: '1', DEMO_PHONE: 'off', NODEODM_URL: '' };
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
    const pids = servers.map((s) => s.pid).sort();
    const ready = Date.now();

    await jobs.sendMany(countJob, Array.from({ length: JOBS }, (_, i) => ({ key: `job-${i}` })));
    await vi.waitFor(async () => expect((await jobs!.counts(countJob)).completed).toBe(JOBS), { timeout: 40_000, interval: 200 });
    const done = await runs(db, 'count');
    expect(done).toHaveLength(JOBS);
    expect(new Set(done.map((r) => r.key)).size).toBe(JOBS);
    const byServer = new Map<number, number>();
    for (const r of done) byServer.set(r.pid, (byServer.get(r.pid) ?? 0) + 1);
    // Both processes took part.
    expect([...byServer.keys()].sort()).toEqual(pids);
    const worked = Date.now();

    // One of them takes the job and hangs in its first attempt; it is killed there.
    await jobs.send(hangJob, { key: 'victim' });
    const first = await vi.waitFor(
      async () => {
        const r = await runs(db, 'hang-start');
        expect(r).toHaveLength(1);
        return r[0];
      },
      { timeout: 10_000, interval: 50 },
    );
    const victim = servers.find((s) => s.pid === first.pid)!;
    const survivor = servers.find((s) => s.pid !== first.pid)!;
    const killed = Date.now();
    victim.proc.kill('SIGKILL');
    await once(victim.proc, 'exit');
    // The other process fails the attempt once its 4 s ran out (its maintenance runs every second) and retries it.
    await vi.waitFor(async () => expect(await runs(db, 'hang-done')).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const retried = Date.now();
    expect(await runs(db, 'hang-start')).toEqual([
      { what: 'hang-start', key: 'victim', pid: victim.pid, attempt: 0 },
      { what: 'hang-start', key: 'victim', pid: survivor.pid, attempt: 1 },
    ]);
    expect(await runs(db, 'hang-done')).toEqual([{ what: 'hang-done', key: 'victim', pid: survivor.pid, attempt: 1 }]);
    expect(await jobs.counts(hangJob)).toEqual({ completed: 1 });
    console.log(
      `two servers: ready in ${ready - started} ms; ${JOBS} jobs in ${worked - ready} ms (${[...byServer.values()].join(' + ')}); ` +
        `killed worker's job completed by the other ${retried - killed} ms after the kill`,
    );
  }, 90_000);
});
