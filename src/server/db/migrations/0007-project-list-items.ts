// Migration 0007: each project row carries its project-list entry (spec 001 §3 "Project
// (list-level)") as JSON text, `projects.list_item`, kept by triggers so that no write can leave it
// stale: a project's insert or update writes it afresh; a change of a user's name, nickname or phone
// rewrites the entries the user created or last changed (their display names are in it); adding or
// removing a screenshot rewrites its project's entry (the thumbnail is the first screenshot).
// The list call then joins nothing and builds no JSON: it concatenates ten stored entries
// (projects/rows.ts listStatement). Building them per call was most of PostgreSQL's work for the
// busiest call (json_build_object looks up how to write each of its 20 values on every row).
// The entry's fields are those of summaryOf (projects/rows.ts); tests/integration/project-list.test.ts
// checks the list against each project's detail and the schema after renames and screenshots.
// Plain SQL for PGlite and PostgreSQL 15 (plpgsql is in both).
import { sql, type Kysely } from 'kysely';

/** A user row's display name: name, nickname, masked phone (138****0000), else null. */
const displayName = (alias: string) => `coalesce(${alias}.name, ${alias}.nick_name, overlay(${alias}.phone placing '****' from 4 for 4))`;

/** A timestamptz as JavaScript's Date#toISOString writes it (UTC, milliseconds, 'Z'). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const STATEMENTS = [
  `alter table projects add column list_item text`,
  `create function project_list_item() returns trigger language plpgsql as $$
  begin
    new.list_item := json_build_object(
      'projectId', new.id, 'id', new.id, 'name', new.name, 'company', new.company, 'address', new.address,
      'province', new.province, 'city', new.city, 'lat', new.lat, 'lng', new.lng,
      'powerStationType', new.power_station_type, 'projectType', new.project_type, 'surveyType', new.survey_type,
      'gridType', new.grid_type, 'reOrAiom', new.re_or_aiom, 'capacity', new.capacity_kw,
      'maxCapacity', new.max_capacity_kw, 'status', new.status,
      'creator', coalesce((select ${displayName('c')} from users c where c.id = new.user_id), 'user' || new.user_id),
      'updater', (select ${displayName('u')} from users u where u.id = new.updated_by),
      'createTime', ${iso('new.created_at')}, 'updateTime', ${iso('new.updated_at')},
      'thumbnailUrl', '/api/web/project/screenshots/file?projectId=' || new.id || '&id=' ||
        (select min(s.id) from project_screenshots s where s.project_id = new.id)
    )::text;
    return new;
  end $$`,
  `create trigger projects_list_item before insert or update on projects for each row execute function project_list_item()`,
  `create function users_list_items() returns trigger language plpgsql as $$
  begin
    update projects set list_item = null where user_id = new.id or updated_by = new.id;
    return null;
  end $$`,
  `create trigger users_list_items after update of name, nick_name, phone on users for each row
    when (old.name is distinct from new.name or old.nick_name is distinct from new.nick_name or old.phone is distinct from new.phone)
    execute function users_list_items()`,
  `create function screenshots_list_item() returns trigger language plpgsql as $$
  begin
    update projects set list_item = null where id = (case when tg_op = 'DELETE' then old.project_id else new.project_id end);
    return null;
  end $$`,
  `create trigger project_screenshots_list_item after insert or delete on project_screenshots for each row execute function screenshots_list_item()`,
  `update projects set list_item = null`,
  `alter table projects alter column list_item set not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `drop trigger project_screenshots_list_item on project_screenshots`,
    `drop function screenshots_list_item()`,
    `drop trigger users_list_items on users`,
    `drop function users_list_items()`,
    `drop trigger projects_list_item on projects`,
    `drop function project_list_item()`,
    `alter table projects drop column list_item`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
