// Migration 0008: abuse limits (issue 19). `rate_limits` is the store of @fastify/rate-limit's
// counters (src/server/db/rate-limit-store.ts): one row per bucket and address or account, its hits
// in the current fixed window, shared by every server process on the database.
// `sign_in_failures` counts wrong passwords given for a sign-in name that has no password (no such
// account, or an account without one), so that such a name answers exactly like a real account:
// captcha after 3, lockout after 5 (POLICY) — nobody learns from the answers whether it exists.
// Plain SQL for PGlite and PostgreSQL 15.
import type { Kysely } from 'kysely';
import { runDdl } from './ddl.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(
    db,
    `
    create table rate_limits (
      key text primary key,
      hits integer not null,
      window_ends timestamptz not null
    );
    create index rate_limits_window_idx on rate_limits (window_ends);

    create table sign_in_failures (
      username text primary key,
      failed_attempts integer not null default 0,
      locked_until timestamptz,
      updated_at timestamptz not null
    );
    create index sign_in_failures_updated_idx on sign_in_failures (updated_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, 'drop table sign_in_failures;\ndrop table rate_limits;');
}
