// Migration 0009: background jobs on pg-boss (issue 19 item 5; src/server/jobs/). pg-boss's tables
// are created in schema `pgboss` (its construction plan at the installed version). The drone queue
// stops being a lease loop: drone_jobs keeps every row and stays the modelling job's record (state,
// task, progress, refund), loses its lease (locked_by, locked_until, the due index) and gains `step`,
// the counter of steps taken, which each queued step job carries so that a stale delivery does
// nothing. Jobs that were unfinished get their step job when a server starts
// (DroneJobRunner.adopt: queued for their next_run_at); a lease a dead worker held is simply dropped.
// The queues of the kinds known today are made here too (each is a partition of pg-boss's job table,
// slow to make on PGlite); a kind added later gets its queue when a process starts (jobs/service.ts).
import { sql, type Kysely } from 'kysely';
import { BOSS_SCHEMA, bossSchemaStatements } from '../../jobs/schema.ts';
import { runDdl } from './ddl.ts';

/** The queues of jobs/kinds.ts JOB_KINDS at this migration. */
const QUEUES = ['drone.step', 'drone.abandon', 'report.render', 'shade.big'];

export async function up(db: Kysely<unknown>): Promise<void> {
  // A database where pg-boss already made its schema (it would have made the same) keeps it.
  const installed = await sql<{ name: string | null }>`select to_regclass(${`${BOSS_SCHEMA}.version`})::text as name`.execute(db);
  if (!installed.rows[0]?.name) for (const statement of bossSchemaStatements()) await sql.raw(statement).execute(db);
  for (const name of QUEUES) await sql`select ${sql.raw(BOSS_SCHEMA)}.create_queue(${name}, ${JSON.stringify({ policy: 'standard' })}::json)`.execute(db);
  await runDdl(
    db,
    `
    drop index drone_jobs_due_idx;
    alter table drone_jobs drop column locked_by;
    alter table drone_jobs drop column locked_until;
    alter table drone_jobs add column step integer not null default 0;
    alter table drone_jobs add constraint drone_jobs_step check (step >= 0);
    create index drone_jobs_active_idx on drone_jobs (id) where state in ('queued', 'uploading', 'processing');
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runDdl(
    db,
    `
    drop index drone_jobs_active_idx;
    alter table drone_jobs drop constraint drone_jobs_step;
    alter table drone_jobs drop column step;
    alter table drone_jobs add column locked_by text;
    alter table drone_jobs add column locked_until timestamptz;
    create index drone_jobs_due_idx on drone_jobs (next_run_at) where state in ('queued', 'uploading', 'processing');
    drop schema ${BOSS_SCHEMA} cascade;
    `,
  );
}
