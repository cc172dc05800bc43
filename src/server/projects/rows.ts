// The project rows as the API shows them: the list summary and the detail (spec 000 §3, spec 001 §3
// "Project (list-level)"), from a query that joins the creator, the last updater and the first
// screenshot.
import { sql, type Kysely, type Transaction } from 'kysely';
import { basicInfoSchema, type BasicInfo, type ProjectDetail, type ProjectSummary } from '../../model/api/projects.ts';
import { prepared } from '../db/prepared.ts';
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
  annual_kwh: number | null;
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

/** The project columns of a list summary (summaryOf). */
export type SummaryRow = Pick<
  ProjectRow,
  | 'id' | 'user_id' | 'name' | 'company' | 'address' | 'province' | 'city' | 'lat' | 'lng' | 'power_station_type' | 'project_type'
  | 'survey_type' | 'grid_type' | 're_or_aiom' | 'capacity_kw' | 'max_capacity_kw' | 'annual_kwh' | 'status' | 'created_at' | 'updated_at'
>;

/** The display name of a user row alias: name, nickname, masked phone (138****0000), else null. */
function displayName(alias: 'c' | 'u') {
  return sql<string | null>`coalesce(${sql.ref(`${alias}.name`)}, ${sql.ref(`${alias}.nick_name`)}, overlay(${sql.ref(`${alias}.phone`)} placing '****' from 4 for 4))`;
}

/** Which list filters a request uses: each combination has its own statement. */
export interface ListShape {
  powerStationType: boolean;
  surveyType: boolean;
  /** 'LITE' lists LITE and LITE-RE; 'one': a single variant given as a parameter. */
  reOrAiom: 'none' | 'LITE' | 'one';
  name: boolean;
}

/** A list statement: SQL text with $n parameters and the order its parameters come in. */
export interface ListStatement {
  /** One row, one column `data`: the answer's data { total, page, size, list: ProjectSummary[] } as JSON text. */
  text: string;
  /** Parameter names in $n order. */
  params: ReadonlyArray<'userId' | 'powerStationType' | 'surveyType' | 'reOrAiom' | 'name'>;
}

/**
 * The list statement of a filter shape and page, written out without query building: the list is
 * the busiest call. The page comes from projects_user_idx in order and stops after `limit` rows;
 * the total is one uncorrelated subquery (evaluated once) over the same filters, so a page past the
 * end still has it.
 *
 * The answer's data is JSON text concatenated from the rows' stored list entries (`list_item`, the
 * fields of summaryOf, kept by the triggers of migration 0007; summaryOf stays the reference for
 * them: tests/integration/project-list.test.ts checks the list against the detail of each project
 * and against projectListSchema), and the route sends it as it is. Building the entries per call
 * cost PostgreSQL 0.35 of its 0.45 ms (sequential, 10 of 60 projects, bench machine); Node would
 * spend as much turning rows into objects and writing them again.
 *
 * LIMIT and OFFSET are written as numbers, not parameters: with them known PostgreSQL keeps one
 * generic plan for the prepared statement, while a parameter LIMIT makes it plan every call anew
 * (its generic estimate loses; planning this statement costs several times running it).
 * `prepare`: mark it for a named prepared statement (db/prepared.ts).
 */
export function listStatement(shape: ListShape, limit: number, offset: number, prepare: boolean): ListStatement {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 1 || offset < 0 || offset % limit !== 0) throw new Error(`bad page: limit ${limit}, offset ${offset}`);
  const params: Array<ListStatement['params'][number]> = ['userId'];
  if (shape.powerStationType) params.push('powerStationType');
  if (shape.surveyType) params.push('surveyType');
  if (shape.reOrAiom === 'one') params.push('reOrAiom');
  if (shape.name) params.push('name');
  const $ = (name: ListStatement['params'][number]) => `$${params.indexOf(name) + 1}`;
  const conditions = (alias: string): string => {
    // A project attached to an organisation is listed there (enterprise-projectList), not here.
    const out = [`${alias}.user_id = $1`, `not exists (select 1 from enterprise_projects ep where ep.project_id = ${alias}.id)`];
    if (shape.powerStationType) out.push(`${alias}.power_station_type = ${$('powerStationType')}`);
    if (shape.surveyType) out.push(`${alias}.survey_type = ${$('surveyType')}`);
    if (shape.reOrAiom === 'LITE') out.push(`${alias}.re_or_aiom in ('LITE', 'LITE-RE')`);
    else if (shape.reOrAiom === 'one') out.push(`${alias}.re_or_aiom = ${$('reOrAiom')}`);
    if (shape.name) out.push(`${alias}.name ilike ${$('name')}`);
    return out.join(' and ');
  };
  const text = `select '{"total":' || (select count(*) from projects t where ${conditions('t')})
  || ',"page":${offset / limit + 1},"size":${limit},"list":['
  || coalesce(string_agg(p.list_item, ',' order by p.updated_at desc, p.id desc), '') || ']}' as data
from (
  select q.list_item, q.updated_at, q.id from projects q where ${conditions('q')}
  order by q.updated_at desc, q.id desc
  limit ${limit} offset ${offset}
) p`;
  return { text: prepare ? prepared(text) : text, params };
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
      'p.annual_kwh',
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

/**
 * The list-level view of a project. Creator, updater and thumbnail come as arguments, so that a row
 * is never copied with `{ ...row }` (a spread of a 20-column row costs several microseconds in V8,
 * more than everything else here: the list builds ten of these per call).
 */
export function summaryOf(r: SummaryRow, creator: string, updater: string | null, thumbId: number | null): ProjectSummary {
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
    annualKwh: r.annual_kwh,
    status: r.status,
    creator,
    updater,
    createTime: r.created_at.toISOString(),
    updateTime: r.updated_at.toISOString(),
    thumbnailUrl: thumbId === null ? null : screenshotUrl(r.id, thumbId),
  };
}

export function detailOf(r: ProjectRow): ProjectDetail {
  return {
    ...summaryOf(r, r.creator, r.updater, r.thumb_id),
    description: r.description,
    weatherStation: r.weather_station,
    location: r.lat !== null && r.lng !== null ? `${r.lng},${r.lat}` : null,
    basicInfo: parseSettings(r.settings),
    copiedFrom: r.copied_from,
  };
}
