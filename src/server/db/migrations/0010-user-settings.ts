// Migration 0010: a user's own settings (issue 18: the imagery of the building step). One row per
// user who saved any; `base_map` is the imagery setting as JSON text (src/model/base-map.ts
// baseMapSettingSchema, read back through it). Deleted with the user.
// Plain SQL for PGlite and PostgreSQL 15.
import type { Kysely } from 'kysely';
import { runDdl } from './ddl.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(
    db,
    `
    create table user_settings (
      user_id integer primary key references users (id) on delete cascade,
      base_map text,
      updated_at timestamptz not null
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, 'drop table user_settings;');
}
