// Migration 0012: the enterprise edition (issue 20; spec 000 §2 /enterprise, §4 enterprise live
// access, §6; spec 001 §1–§3, §6): organisations with a super administrator, administrators and
// members (a member without an account yet is 'unregistered': phone and/or e-mail, linked to the
// account that later signs up with them), their companies (logo and PPT template images in the blob
// store), the enterprise's own module / inverter / manufacturer libraries beside the system ones and
// which entries it has disabled, the projects that belong to an enterprise and the members granted
// each, the organisation's credit pool and its log, the last personnel import's report, and the live
// project connections of every server process (one per user and project; the socket existence check).
// Plain SQL for PGlite and PostgreSQL 15.
import type { Kysely } from 'kysely';
import { runDdl } from './ddl.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(
    db,
    `
    create table enterprises (
      id integer generated always as identity primary key,
      name text not null,
      code text not null unique,
      photo_credits integer not null default 0,
      project_credits integer not null default 0,
      seats integer not null default 0,
      membership_expires_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint enterprises_pool check (photo_credits >= 0 and project_credits >= 0 and seats >= 0)
    );
    create table enterprise_members (
      id integer generated always as identity primary key,
      enterprise_id integer not null references enterprises (id) on delete cascade,
      user_id integer references users (id) on delete set null,
      name text not null,
      phone text,
      email text,
      role text not null default 'member',
      can_create_project boolean not null default true,
      photo_quota integer not null default 0,
      photo_granted integer not null default 0,
      seat boolean not null default false,
      joined_at timestamptz not null,
      registered_at timestamptz,
      invited_at timestamptz,
      selected_at timestamptz,
      created_by integer references users (id) on delete set null,
      constraint enterprise_members_role check (role in ('super_admin', 'admin', 'member')),
      constraint enterprise_members_reach check (user_id is not null or phone is not null or email is not null),
      constraint enterprise_members_quota check (photo_quota >= 0 and photo_granted >= 0 and photo_granted <= photo_quota)
    );
    create unique index enterprise_members_user_key on enterprise_members (enterprise_id, user_id) where user_id is not null;
    create unique index enterprise_members_phone_key on enterprise_members (enterprise_id, phone) where phone is not null;
    create unique index enterprise_members_email_key on enterprise_members (enterprise_id, lower(email)) where email is not null;
    create unique index enterprise_members_super_admin_key on enterprise_members (enterprise_id) where role = 'super_admin';
    create index enterprise_members_user_idx on enterprise_members (user_id);
    create index enterprise_members_unlinked_phone_idx on enterprise_members (phone) where user_id is null;
    create index enterprise_members_unlinked_email_idx on enterprise_members (lower(email)) where user_id is null;
    create table enterprise_companies (
      id integer generated always as identity primary key,
      enterprise_id integer not null references enterprises (id) on delete cascade,
      name text not null,
      address text,
      contact text,
      phone text,
      email text,
      logo_key text,
      logo_type text,
      profile_key text,
      profile_type text,
      cover_key text,
      cover_type text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index enterprise_companies_enterprise_idx on enterprise_companies (enterprise_id);
    create table enterprise_projects (
      project_id integer primary key references projects (id) on delete cascade,
      enterprise_id integer not null references enterprises (id) on delete cascade,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null
    );
    create index enterprise_projects_enterprise_idx on enterprise_projects (enterprise_id);
    create table enterprise_project_grants (
      project_id integer not null references enterprise_projects (project_id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      enterprise_id integer not null references enterprises (id) on delete cascade,
      granted_by integer references users (id) on delete set null,
      created_at timestamptz not null,
      primary key (project_id, user_id)
    );
    create index enterprise_project_grants_user_idx on enterprise_project_grants (enterprise_id, user_id);
    create table enterprise_credit_log (
      id integer generated always as identity primary key,
      enterprise_id integer not null references enterprises (id) on delete cascade,
      change_type text not null,
      operator_id integer references users (id) on delete set null,
      operator text not null,
      member_id integer,
      member_name text,
      photo_credits integer not null default 0,
      project_credits integer not null default 0,
      membership_days integer not null default 0,
      seats integer not null default 0,
      order_sn text,
      note text,
      created_at timestamptz not null
    );
    create index enterprise_credit_log_enterprise_idx on enterprise_credit_log (enterprise_id, id);
    create table enterprise_manufacturers (
      id integer generated always as identity primary key,
      enterprise_id integer not null references enterprises (id) on delete cascade,
      kind text not null,
      name_en text,
      name_zh text,
      created_at timestamptz not null,
      constraint enterprise_manufacturers_kind check (kind in ('module', 'inverter')),
      constraint enterprise_manufacturers_name check (name_en is not null or name_zh is not null)
    );
    create unique index enterprise_manufacturers_name_key on enterprise_manufacturers (enterprise_id, kind, lower(coalesce(name_en, '')), lower(coalesce(name_zh, '')));
    create table enterprise_modules (
      id integer generated always as identity primary key,
      enterprise_id integer not null references enterprises (id) on delete cascade,
      manufacturer text not null,
      model text not null,
      module_type text not null,
      pmax double precision not null,
      data text not null,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index enterprise_modules_enterprise_idx on enterprise_modules (enterprise_id);
    create table enterprise_inverters (
      id integer generated always as identity primary key,
      enterprise_id integer not null references enterprises (id) on delete cascade,
      manufacturer text not null,
      model text not null,
      inverter_type text not null,
      rated_ac_power double precision not null,
      data text not null,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index enterprise_inverters_enterprise_idx on enterprise_inverters (enterprise_id);
    create table enterprise_library_disabled (
      enterprise_id integer not null references enterprises (id) on delete cascade,
      kind text not null,
      source text not null,
      item_id integer not null,
      created_at timestamptz not null,
      primary key (enterprise_id, kind, source, item_id),
      constraint enterprise_library_disabled_kind check (kind in ('module', 'inverter', 'manufacturer')),
      constraint enterprise_library_disabled_source check (source in ('system', 'enterprise'))
    );
    create table enterprise_member_imports (
      enterprise_id integer primary key references enterprises (id) on delete cascade,
      file_name text,
      report text not null,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null
    );
    create table enterprise_live_connections (
      connection_id text primary key,
      enterprise_id integer not null references enterprises (id) on delete cascade,
      project_id integer not null references projects (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      server_id text not null,
      opened_at timestamptz not null,
      seen_at timestamptz not null
    );
    create index enterprise_live_connections_user_idx on enterprise_live_connections (user_id, project_id);
    create index enterprise_live_connections_server_idx on enterprise_live_connections (server_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runDdl(
    db,
    `
    drop table enterprise_live_connections;
    drop table enterprise_member_imports;
    drop table enterprise_library_disabled;
    drop table enterprise_inverters;
    drop table enterprise_modules;
    drop table enterprise_manufacturers;
    drop table enterprise_credit_log;
    drop table enterprise_project_grants;
    drop table enterprise_projects;
    drop table enterprise_companies;
    drop table enterprise_members;
    drop table enterprises;
  `,
  );
}
