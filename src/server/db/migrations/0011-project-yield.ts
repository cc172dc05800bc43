// Migration 0011: the project row keeps the annual AC yield of its last simulation (`annual_kwh`),
// next to the installed capacity (`capacity_kw`), both written whenever the design's layout is saved
// or a simulation is kept (src/server/projects/design-figures.ts), and the project-list entry of
// migration 0007 carries it as `annualKwh` (the trigger function is replaced with one that adds it;
// every entry is rewritten). Plain SQL for PGlite and PostgreSQL 15.
import { sql, type Kysely } from 'kysely';

/** A user row's display name: name, nickname, masked phone (138****0000), else null (as 0007). */
const displayName = (alias: string) => `coalesce(${alias}.name, ${alias}.nick_name, overlay(${alias}.phone placing '****' from 4 for 4))`;

/** A timestamptz as JavaScript's Date#toISOString writes it (as 0007). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The list entry's builder; `annualKwh`: whether it carries the yield. */
function listItemFunction(annualKwh: boolean): string {
  return `create or replace function project_list_item() returns trigger language plpgsql as $$
  begin
    new.list_item := json_build_object(
      'projectId', new.id, 'id', new.id, 'name', new.name, 'company', new.company, 'address', new.address,
      'province', new.province, 'city', new.city, 'lat', new.lat, 'lng', new.lng,
      'powerStationType', new.power_station_type, 'projectType', new.project_type, 'surveyType', new.survey_type,
      'gridType', new.grid_type, 'reOrAiom', new.re_or_aiom, 'capacity', new.capacity_kw,
      'maxCapacity', new.max_capacity_kw,${annualKwh ? " 'annualKwh', new.annual_kwh," : ''} 'status', new.status,
      'creator', coalesce((select ${displayName('c')} from users c where c.id = new.user_id), 'user' || new.user_id),
      'updater', (select ${displayName('u')} from users u where u.id = new.updated_by),
      'createTime', ${iso('new.created_at')}, 'updateTime', ${iso('new.updated_at')},
      'thumbnailUrl', '/api/web/project/screenshots/file?projectId=' || new.id || '&id=' ||
        (select min(s.id) from project_screenshots s where s.project_id = new.id)
    )::text;
    return new;
  end $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table projects add column annual_kwh double precision`).execute(db);
  await sql.raw(listItemFunction(true)).execute(db);
  await sql.raw(`update projects set list_item = null`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(listItemFunction(false)).execute(db);
  await sql.raw(`alter table projects drop column annual_kwh`).execute(db);
  await sql.raw(`update projects set list_item = null`).execute(db);
}
