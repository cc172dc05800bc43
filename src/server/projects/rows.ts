// The project rows as the API shows them: the list summary and the detail (spec 000 §3, spec 001 §3
// "Project (list-level)"), from a query that joins the creator, the last updater and the first
// screenshot.
import { sql, type Kysely, type Transaction } from 'kysely';
import { basicInfoSchema, type BasicInfo, type ProjectDetail, type ProjectSummary } from '../../model/api/projects.ts';
import type { Database } from '../db/schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** The columns the summary and detail need (select them with projectColumns). */
export interface ProjectRow {
  id: number;
  user_id: number;
  name: string;
  company: string | null;
  description: string | null;
  project_type: string;
  power_station_type: string;
  survey_type: string;
  grid_type: string | null;
  re_or_aiom: string;
  capacity_kw: number | null;
  max_capacity_kw: number | null;
  address: string | null;
  province: string | null;
  city: string | null;
  lat: number | null;
  lng: number | null;
  weather_station: string | null;
  status: string;
  settings: string;
  copied_from: number | null;
  created_at: Date;
  updated_at: Date;
  creator: string;
  updater: string | null;
  thumb_id: number | null;
}

/** The display name of a user row alias: name, nickname, masked phone (138****0000), else null. */
function displayName(alias: 'c' | 'u') {
  return sql<string | null>`coalesce(${sql.ref(`${alias}.name`)}, ${sql.ref(`${alias}.nick_name`)}, overlay(${sql.ref(`${alias}.phone`)} placing '****' from 4 for 4))`;
}

/** The project query with creator, updater and first screenshot joined (alias p). */
export function projectQuery(db: Db) {
  return db
    .selectFrom('projects as p')
    .innerJoin('users as c', 'c.id', 'p.user_id')
    .leftJoin('users as u', 'u.id', 'p.updated_by')
    .select((eb) => [
      'p.id',
      'p.user_id',
      'p.name',
      'p.company',
      'p.description',
      'p.project_type',
      'p.power_station_type',
      'p.survey_type',
      'p.grid_type',
      'p.re_or_aiom',
      'p.capacity_kw',
      'p.max_capacity_kw',
      'p.address',
      'p.province',
      'p.city',
      'p.lat',
      'p.lng',
      'p.weather_station',
      'p.status',
      'p.settings',
      'p.copied_from',
      'p.created_at',
      'p.updated_at',
      displayName('c').as('creator_name'),
      displayName('u').as('updater_name'),
      eb
        .selectFrom('project_screenshots as s')
        .select((s) => s.fn.min('s.id').as('m'))
        .whereRef('s.project_id', '=', 'p.id')
        .as('thumb_id'),
    ]);
}

/** A row of projectQuery as a ProjectRow. */
export function toRow(r: Awaited<ReturnType<ReturnType<typeof projectQuery>['executeTakeFirstOrThrow']>>): ProjectRow {
  return {
    ...r,
    creator: r.creator_name ?? `user${r.user_id}`,
    updater: r.updater_name ?? null,
    thumb_id: r.thumb_id === null || r.thumb_id === undefined ? null : Number(r.thumb_id),
  };
}

/** The screenshot file URL of a project. */
export function screenshotUrl(projectId: number, id: number): string {
  return `/api/web/project/screenshots/file?projectId=${projectId}&id=${id}`;
}

export function parseSettings(text: string): BasicInfo {
  try {
    const r = basicInfoSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : {};
  } catch {
    return {};
  }
}

export function summaryOf(r: ProjectRow): ProjectSummary {
  return {
    projectId: r.id,
    id: r.id,
    name: r.name,
    company: r.company,
    address: r.address,
    province: r.province,
    city: r.city,
    lat: r.lat,
    lng: r.lng,
    powerStationType: r.power_station_type as ProjectSummary['powerStationType'],
    projectType: r.project_type as ProjectSummary['projectType'],
    surveyType: r.survey_type as ProjectSummary['surveyType'],
    gridType: r.grid_type as ProjectSummary['gridType'],
    reOrAiom: r.re_or_aiom as ProjectSummary['reOrAiom'],
    capacity: r.capacity_kw,
    maxCapacity: r.max_capacity_kw,
    status: r.status,
    creator: r.creator,
    updater: r.updater,
    createTime: r.created_at.toISOString(),
    updateTime: r.updated_at.toISOString(),
    thumbnailUrl: r.thumb_id === null ? null : screenshotUrl(r.id, r.thumb_id),
  };
}

export function detailOf(r: ProjectRow): ProjectDetail {
  return {
    ...summaryOf(r),
    description: r.description,
    weatherStation: r.weather_station,
    location: r.lat !== null && r.lng !== null ? `${r.lng},${r.lat}` : null,
    basicInfo: parseSettings(r.settings),
    copiedFrom: r.copied_from,
  };
}
