// The one job engine of every background job (docs/ARCHITECTURE.md "Server and data"): pg-boss 10 on the
// app's own database — PostgreSQL, or PGlite through pg-boss's `db.executeSql` adapter (sql.ts).
// Any process can queue a job; the processes with workers (JOB_WORKERS, on by default) poll the
// queues whose handlers they registered. pg-boss stores the jobs, hands each to exactly one worker
// (SELECT … FOR UPDATE SKIP LOCKED), schedules retries (with backoff), moves spent jobs to their
// dead-letter queue, and its maintenance (JOB_MAINTENANCE_SECONDS) fails an attempt still active
// after its kind's expireInSeconds — its process died — so that the job is retried elsewhere.
//
// The poll loop is ours, over pg-boss's fetch/complete/fail: pg-boss 10's work() completes or fails
// a whole batch together after its callback (a job failed inside the batch, and taken meanwhile by
// another worker, would be marked completed) and waits a full poll interval even while its queue is
// full. Here every job's outcome is recorded on its own, and only while the attempt is still this
// worker's (same started_on, still active), so a late answer of an attempt that ran out of time
// never overwrites the retry's. Delivery is at least once: handlers are written to be repeated
// (drone/jobs.ts guards each step by a counter).
//
// On PGlite there is one connection and one process: the engine's polls and maintenance queue behind
// the app's statements, and only the server process itself works jobs (a PGlite data folder cannot
// be shared). pg-boss 10 polls and never LISTENs, so it needs nothing PGlite lacks.
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { JobsConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { JOB_KINDS, type AnyJobKind, type JobKind } from './kinds.ts';
import { BOSS_SCHEMA } from './schema.ts';
import { AppSql, transactionSql, type BossSql } from './sql.ts';

/** Longest wait for running jobs when the engine stops [ms]; a job still running then is retried elsewhere. */
/** Advisory lock key that serialises queue creation across processes (an arbitrary constant). */
const CREATE_QUEUE_LOCK = 7_311_001;
const STOP_TIMEOUT_MS = 15_000;
/** Failed jobs stay in the job table (visible to failures()) this long before they are archived [s]. */
const FAILED_KEPT_SECONDS = 7 * 24 * 3600;
/** Archived jobs are deleted after [days]. */
const ARCHIVE_KEPT_DAYS = 30;
/** An outcome this close to the end of the attempt's time is recorded only after checking the attempt is still the job's [ms]. */
const OUTCOME_MARGIN_MS = 1000;
/** Jobs runDue() looks at in one go. */
const RUN_DUE_BATCH = 100;

export interface JobContext {
  /** pg-boss's id of the job. */
  id: string;
  kind: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Aborted when the attempt runs out of its kind's time (the job is then retried). */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, job: JobContext) => Promise<void>;

export interface SendOptions {
  /** Due after this long [ms], counted on the database's clock (default: now). */
  delayMs?: number;
  /** The job's id (a uuid, see jobId()): queueing an id that is already queued does nothing. */
  id?: string;
  /** Queue inside this transaction: the job exists exactly when the transaction commits. */
  tx?: Transaction<Database>;
}

export interface FailedJob {
  id: string;
  kind: string;
  payload: unknown;
  /** The last attempt's error message. */
  error: string;
  retryCount: number;
  failedAt: Date;
}

export interface JobServiceDeps {
  db: Kysely<Database>;
  /** The PGlite client under `db` (db/index.ts pgliteOf), null on PostgreSQL. */
  pglite: PGlite | null;
  config: JobsConfig;
  log: FastifyBaseLogger;
}

interface Registration {
  kind: AnyJobKind;
  /** Validates the payload and runs the handler. */
  run(data: unknown, job: JobContext): Promise<void>;
  /** Whether this process works the kind's queue (when JOB_WORKERS is on). */
  work: boolean;
}

type BossJob = PgBoss.JobWithMetadata<unknown>;

/**
 * A stable job id (a UUID) from a kind and parts: queueing the same id twice queues one job, so a
 * step that may be queued by more than one caller (a retry, a recovery at start) is queued once.
 */
export function jobId(kind: { name: string }, ...parts: (string | number)[]): string {
  const h = createHash('sha256').update([kind.name, ...parts.map(String)].join('\u0000')).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function errorOutput(err: unknown): object {
  return err instanceof Error ? err : { message: String(err) };
}

export class JobService {
  private readonly sql: AppSql;
  private readonly boss: PgBoss;
  private readonly registrations = new Map<string, Registration>();
  /** Queues known to exist (created by this process or found). */
  private readonly queues = new Set<string>();
  /** The poll loops running, and the wake-ups of the idle ones, by queue. */
  private readonly loops = new Map<string, Promise<void>[]>();
  private readonly sleepers = new Map<string, Set<() => void>>();
  private state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  /** Handlers running now. */
  private active = 0;

  constructor(private readonly deps: JobServiceDeps) {
    this.sql = new AppSql(deps.db, deps.pglite);
    this.boss = new PgBoss({
      db: this.sql,
      schema: BOSS_SCHEMA,
      // pg-boss migrates its own schema when a newer pg-boss needs it (migration 0009 made it).
      migrate: true,
      // The maintenance (expire, archive, delete) runs where jobs are worked; one process at a time
      // does it (pg-boss keeps the last run's time in its version table).
      supervise: deps.config.workers,
      maintenanceIntervalSeconds: deps.config.maintenanceSeconds,
      archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
      deleteAfterDays: ARCHIVE_KEPT_DAYS,
      // No cron schedules are used: their timekeeper (clock-skew checks, its own queue) stays off.
      schedule: false,
    });
    this.boss.on('error', (err) => deps.log.error({ err }, 'job engine error'));
  }

  /** The kinds this process has handlers for, and whether it works each. */
  get handled(): { kind: string; work: boolean }[] {
    return [...this.registrations.values()].map((r) => ({ kind: r.kind.name, work: r.work }));
  }

  /**
   * Registers the handler of a kind. `work: false` leaves its queue to other processes (e.g.
   * DRONE_WORKER=off); runDue() can still run its jobs here. Register before startWorkers().
   */
  handle<P>(kind: JobKind<P>, handler: JobHandler<P>, options: { work?: boolean } = {}): void {
    if (this.registrations.has(kind.name)) throw new Error(`job kind ${kind.name} has a handler already`);
    this.registrations.set(kind.name, { kind, work: options.work ?? true, run: (data, job) => handler(kind.payload.parse(data), job) });
  }

  /** Starts the engine (no workers yet) and makes sure every known kind's queue exists. */
  async start(): Promise<void> {
    if (this.state !== 'new') return;
    await this.boss.start();
    this.state = 'started';
    await this.ensureQueues(JOB_KINDS.flatMap((k) => [k.name, ...(k.deadLetter ? [k.deadLetter] : [])]));
  }

  /** Starts the workers of the handled kinds this process works (none when JOB_WORKERS is off). */
  async startWorkers(): Promise<string[]> {
    if (this.state !== 'started') throw new Error('the job engine is not started');
    if (!this.deps.config.workers) return [];
    const started: string[] = [];
    for (const reg of this.registrations.values()) {
      if (!reg.work || this.loops.has(reg.kind.name)) continue;
      await this.ensureQueues(this.queuesOf(reg.kind));
      this.loops.set(
        reg.kind.name,
        Array.from({ length: reg.kind.concurrency }, () => this.poll(reg)),
      );
      started.push(reg.kind.name);
    }
    return started;
  }

  /**
   * Stops the workers — a job running finishes (for up to 15 s; after that it is retried elsewhere
   * once its time runs out), jobs claimed but not begun go back to their queue — and the maintenance.
   */
  async stop(): Promise<void> {
    if (this.state !== 'started') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopping';
    for (const wakeUps of this.sleepers.values()) for (const wake of wakeUps) wake();
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    const loops = [...this.loops.values()].flat();
    await Promise.race([Promise.allSettled(loops), new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref())]);
    await this.boss.stop({ graceful: false, close: false });
    // A maintenance run or a runDue() may still be under way: wait for their statements.
    for (;;) {
      await this.sql.settle();
      await new Promise((resolve) => setImmediate(resolve));
      if ((this.active === 0 && this.sql.pending === 0) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.state = 'stopped';
    this.sql.close();
  }

  /** Queues a job (payload checked by the kind's schema); its id, or null when `id` was queued before. */
  async send<P>(kind: JobKind<P>, payload: P, options: SendOptions = {}): Promise<string | null> {
    const data = kind.payload.parse(payload);
    const via: BossSql = options.tx ? transactionSql(options.tx) : this.sql;
    await this.ensureQueues(this.queuesOf(kind), via);
    const delay = options.delayMs ?? 0;
    return this.boss.send(kind.name, data as object, {
      ...this.policyOf(kind),
      id: options.id,
      // A number is seconds from the database's now().
      startAfter: delay > 0 ? delay / 1000 : undefined,
      db: via,
    });
  }

  /** Queues many jobs of one kind in one statement. */
  async sendMany<P>(kind: JobKind<P>, payloads: P[]): Promise<void> {
    const policy = this.policyOf(kind);
    const jobs = payloads.map((p) => ({ name: kind.name, data: kind.payload.parse(p) as object, ...policy }));
    await this.ensureQueues(this.queuesOf(kind));
    for (let i = 0; i < jobs.length; i += 1000) await this.boss.insert(jobs.slice(i, i + 1000));
  }

  /** Tells this process's idle workers of `kind` to poll now (after queueing). */
  wake(kind: AnyJobKind): void {
    for (const wake of this.sleepers.get(kind.name) ?? []) wake();
  }

  /**
   * Runs up to `max` queued jobs of `kind` here and now, one at a time, whatever their start time —
   * those `isDue` accepts (all when absent); the others are put back unchanged. For tests on a
   * manual clock and for scripts; the workers need none of it. The number of jobs run.
   */
  async runDue<P>(kind: JobKind<P>, options: { max?: number; isDue?: (payload: P) => boolean | Promise<boolean> } = {}): Promise<number> {
    const reg = this.registrations.get(kind.name);
    if (!reg) throw new Error(`no handler for job kind ${kind.name}`);
    const max = options.max ?? 1;
    let ran = 0;
    while (ran < max) {
      const claimedAt = performance.now();
      const batch = await this.boss.fetch<unknown>(kind.name, { batchSize: RUN_DUE_BATCH, ignoreStartAfter: true, includeMetadata: true });
      if (batch.length === 0) break;
      batch.sort((a, b) => a.startAfter.getTime() - b.startAfter.getTime() || a.createdOn.getTime() - b.createdOn.getTime());
      let chosen: BossJob | null = null;
      for (const job of batch) {
        const parsed = kind.payload.safeParse(job.data);
        // A payload that does not parse is run (and fails) rather than put back for ever.
        if (!parsed.success || !options.isDue || (await options.isDue(parsed.data))) {
          chosen = job;
          break;
        }
      }
      await this.putBack(batch.filter((job) => job !== chosen));
      if (!chosen) break;
      await this.execute(reg, chosen, claimedAt);
      ran++;
    }
    return ran;
  }

  /** Runs the maintenance now: fails expired attempts (for their retry), archives finished jobs. */
  async maintain(): Promise<void> {
    await this.boss.maintain();
  }

  /** The jobs of a kind by state (created, retry, active, completed, cancelled, failed). */
  async counts(kind: AnyJobKind): Promise<Record<string, number>> {
    const rows = await sql<{ state: string; n: number }>`select state::text as state, count(*)::int as n from ${sql.table(`${BOSS_SCHEMA}.job`)} where name = ${kind.name} group by state`.execute(this.deps.db);
    return Object.fromEntries(rows.rows.map((r) => [r.state, Number(r.n)]));
  }

  /** Jobs whose retries are spent, newest first (also those archived since, for 30 days). */
  async failures(kind?: AnyJobKind, limit = 50): Promise<FailedJob[]> {
    const byKind = kind ? sql`and name = ${kind.name}` : sql``;
    const rows = await sql<{ id: string; name: string; data: unknown; output: unknown; retry_count: number; completed_on: Date }>`
      select id::text as id, name, data, output, retry_count, completed_on from ${sql.table(`${BOSS_SCHEMA}.job`)} where state = 'failed' ${byKind}
      union all
      select id::text, name, data, output, retry_count, completed_on from ${sql.table(`${BOSS_SCHEMA}.archive`)} where state = 'failed' ${byKind}
      order by completed_on desc limit ${limit}`.execute(this.deps.db);
    return rows.rows.map((r) => {
      const output = r.output as { message?: unknown; value?: { message?: unknown } } | null;
      const message = output?.message ?? output?.value?.message;
      return { id: r.id, kind: r.name, payload: r.data, error: typeof message === 'string' ? message : JSON.stringify(r.output), retryCount: Number(r.retry_count), failedAt: new Date(r.completed_on) };
    });
  }

  private policyOf(kind: AnyJobKind): { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number; deadLetter?: string } {
    return {
      retryLimit: kind.retryLimit,
      retryDelay: kind.retryDelaySeconds,
      retryBackoff: kind.retryBackoff,
      expireInSeconds: kind.expireInSeconds,
      // pg-boss refuses a deadLetter key holding anything but a string.
      ...(kind.deadLetter ? { deadLetter: kind.deadLetter } : {}),
    };
  }

  /** A kind's queue and its dead-letter queue (first: a job names it, so it must exist). */
  private queuesOf(kind: AnyJobKind): string[] {
    return kind.deadLetter ? [kind.deadLetter, kind.name] : [kind.name];
  }

  /**
   * Creates the queues not known to exist. The retry policy travels with each job, so a queue is only
   * its name. pg-boss's createQueue() always uses its own connection — inside a transaction on PGlite
   * it would wait for the transaction's connection for ever — so its SQL function is called through `via`.
   */
  private async ensureQueues(names: string[], via: BossSql = this.sql): Promise<void> {
    const unknown = [...new Set(names)].filter((n) => !this.queues.has(n));
    if (unknown.length === 0) return;
    const found = await via.executeSql(`select name from ${BOSS_SCHEMA}.queue where name = any($1::text[])`, [unknown]);
    for (const row of found.rows as { name: string }[]) this.queues.add(row.name);
    for (const name of unknown.filter((n) => !this.queues.has(n))) {
      // Creating a queue alters the shared job table (a partition, its foreign keys): two processes
      // creating queues at once deadlock (seen with two servers starting together), so creations are
      // serialised by a transaction-level advisory lock taken in the same statement, before the call;
      // create_queue itself skips a queue another process created meanwhile.
      await via.executeSql(
        `with serialised as (select pg_advisory_xact_lock(${CREATE_QUEUE_LOCK})) select ${BOSS_SCHEMA}.create_queue($1, $2::json) from serialised`,
        [name, JSON.stringify({ policy: 'standard' })],
      );
      this.queues.add(name);
    }
  }

  /** One worker: claims a batch, runs its jobs one by one, polls again at once while there is work. */
  private async poll(reg: Registration): Promise<void> {
    const name = reg.kind.name;
    while (this.state === 'started') {
      let jobs: BossJob[] = [];
      const claimedAt = performance.now();
      try {
        jobs = await this.boss.fetch<unknown>(name, { batchSize: reg.kind.batchSize, includeMetadata: true });
      } catch (err) {
        this.deps.log.error({ err, kind: name }, 'job engine: polling failed');
      }
      for (const [i, job] of jobs.entries()) {
        if (this.state !== 'started') {
          await this.putBack(jobs.slice(i)).catch((err: unknown) => this.deps.log.error({ err, kind: name }, 'job engine: returning claimed jobs failed; they are retried once their time runs out'));
          break;
        }
        await this.execute(reg, job, claimedAt);
        // Let timers and I/O in between jobs: on PGlite every statement runs on this thread and
        // resolves without leaving the microtask queue, so a busy worker would hold up the server.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (jobs.length === 0 && this.state === 'started') await this.sleep(name, this.deps.config.pollMs);
    }
  }

  /** Waits `ms`, or until wake() or stop(). */
  private sleep(name: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.sleepers.get(name) ?? new Set<() => void>();
      this.sleepers.set(name, set);
      const done = (): void => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }

  /** Runs one claimed job (fetched at `claimedAt`, performance.now()) within its time and records its outcome. */
  private async execute(reg: Registration, job: BossJob, claimedAt: number): Promise<void> {
    this.active++;
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    try {
      let failure: { err: unknown } | null = null;
      try {
        const attempt = reg.run(job.data, { id: job.id, kind: reg.kind.name, retryCount: job.retryCount, signal: abort.signal });
        // An attempt still running after its time is left behind (it cannot be stopped, only told);
        // its late failure is nobody's to handle.
        attempt.catch(() => undefined);
        const seconds = Number(job.expireInSeconds);
        const limit = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the attempt ran out of its ${seconds} s`)), seconds * 1000);
        });
        await Promise.race([attempt, limit]);
      } catch (err) {
        failure = { err };
        abort.abort(err);
      } finally {
        clearTimeout(timer);
      }
      await this.record(reg, job, failure, claimedAt);
    } catch (err) {
      // The outcome was not recorded: the job stays active until its time runs out, then it is retried.
      this.deps.log.error({ err, job: job.id, kind: reg.kind.name }, 'job engine: recording a job outcome failed');
    } finally {
      this.active--;
    }
  }

  /**
   * Completes or fails a job — only while this attempt is still the job's: an attempt that ran out of
   * time and was taken again must not decide the new attempt's fate. Until its time is nearly up
   * (counted from before the fetch, so no later than the database's started_on) no one else can
   * have it: the outcome is recorded at once. Later, in a transaction that first checks the job is
   * still active with this attempt's started_on.
   */
  private async record(reg: Registration, job: BossJob, failure: { err: unknown } | null, claimedAt: number): Promise<void> {
    const name = reg.kind.name;
    if (performance.now() - claimedAt < Number(job.expireInSeconds) * 1000 - OUTCOME_MARGIN_MS) {
      if (failure) await this.boss.fail(name, job.id, errorOutput(failure.err));
      else await this.boss.complete(name, job.id, {});
      this.logFailure(reg, job, failure);
      return;
    }
    const recorded = await this.deps.db.transaction().execute(async (tx) => {
      const current = await sql<{ state: string; started_on: Date | null }>`select state::text as state, started_on from ${sql.table(`${BOSS_SCHEMA}.job`)} where name = ${name} and id = ${job.id} for update`.execute(tx);
      const row = current.rows[0];
      if (!row || row.state !== 'active' || new Date(row.started_on ?? 0).getTime() !== job.startedOn.getTime()) return false;
      const db = transactionSql(tx);
      if (failure) await this.boss.fail(name, job.id, errorOutput(failure.err), { db });
      else await this.boss.complete(name, job.id, {}, { db });
      return true;
    });
    this.logFailure(reg, job, failure);
    if (!recorded) this.deps.log.warn({ job: job.id, kind: name }, 'job outcome dropped: the attempt had run out of time and the job was taken again');
  }

  private logFailure(reg: Registration, job: BossJob, failure: { err: unknown } | null): void {
    if (!failure) return;
    const last = job.retryCount >= job.retryLimit;
    this.deps.log.warn({ err: failure.err, job: job.id, kind: reg.kind.name, retryCount: job.retryCount }, last ? 'job failed; no retries left' : 'job failed; it will be retried');
  }

  /** Returns claimed jobs to their queue: same id, payload, start time and policy (the retry count starts again). */
  private async putBack(jobs: BossJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.deps.db.transaction().execute(async (tx) => {
      const db = transactionSql(tx);
      for (const job of jobs) await this.boss.deleteJob(job.name, job.id, { db });
      await this.boss.insert(
        jobs.map((job) => ({
          id: job.id,
          name: job.name,
          data: job.data as object,
          priority: job.priority,
          startAfter: job.startAfter,
          retryLimit: job.retryLimit,
          retryDelay: job.retryDelay,
          retryBackoff: job.retryBackoff,
          expireInSeconds: Math.round(Number(job.expireInSeconds)),
          keepUntil: job.keepUntil,
          ...(job.deadLetter ? { deadLetter: job.deadLetter } : {}),
          ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
        })),
        { db },
      );
    });
  }
}
