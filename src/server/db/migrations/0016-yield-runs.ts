// Migration 0016: queued runs of a project's yield (a plant too large to simulate while its user waits,
// src/server/electrical/yield-queue.ts). One row per run: who asked, how many modules, its status
// (queued → running → done | failed), the error's code and parameters (JSON) when it failed, and when.
// Plain SQL for PGlite and PostgreSQL 15.
import type { Kysely } from 'kysely';
import { runDdl } from './ddl.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(
    db,
    `
    create table project_yield_runs (
      id serial primary key,
      project_id integer not null references projects (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      status text not null check (status in ('queued', 'running', 'done', 'failed')),
      modules integer not null,
      error_code text,
      error_params text,
      queued_at timestamptz not null,
      started_at timestamptz,
      finished_at timestamptz
    );
    create index project_yield_runs_project on project_yield_runs (project_id, id desc);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, 'drop table project_yield_runs;');
}
