// Projects of a user (spec 000 §3, §5, §7 "Project"; spec 001 §2 "Home and project list", §3): the
// list with its filters and paging, new, detail, update, delete, copy, overview and comparison. A
// project is only ever read or written through its owner's id: another user's project answers 404
// exactly like a project that does not exist (no existence leak; 403 would end the client's session,
// spec 000 §8).
//
// Quota (spec 001 §3 Quota, §4 "Drone service"): a DRONE project uses one unit of the drone project
// quota (projectLimit = project_total − project_used) when it is created or copied; a SATELLITE
// project uses none. Every account may hold at most config.maxProjectsPerUser projects. Both checks
// run in the creating transaction with the user's quota row locked, so two concurrent creations can
// not both spend the last unit.
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import {
  PROJECT_LIMITS,
  parseLocation,
  type BasicInfo,
  type NewProject,
  type ProjectDetail,
  type ProjectOverview,
  type ProjectPatch,
  type ProjectSummary,
} from '../../model/api/projects.ts';
import type { Clock } from '../clock.ts';
import type { Database, Project, ProjectsTable } from '../db/schema.ts';
import type { Updateable } from 'kysely';

type ProjectUpdate = Updateable<ProjectsTable>;
import { apiError } from '../errors.ts';
import { enterpriseAccessSql } from '../enterprise/project-access-sql.ts';
import type { DesignDocuments } from './documents.ts';
import { capabilities, factsOf } from '../../model/wizard.ts';
import { savedBuildingCount, savedModuleCount } from '../../model/design.ts';
import { detailOf, listStatement, parseSettings, projectQuery, toRow, type ListShape, type ListStatement, type ProjectRow } from './rows.ts';

export interface ProjectListFilter {
  page: number;
  size: number;
  powerStationType?: string;
  surveyType?: string;
  reOrAiom?: string;
  name?: string;
}


/** First-page list statements by filter shape and page size (prepared on PostgreSQL). */
const listStatements = new Map<string, ListStatement>();
/** Most first-page statements kept and prepared (24 filter shapes × the page sizes clients use). */
const LIST_STATEMENTS_KEPT = 64;

/** Escapes LIKE wildcards (PostgreSQL's default escape character is the backslash). */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class ProjectService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly documents: DesignDocuments,
    private readonly limits: { readonly maxProjectsPerUser: number },
  ) {}

  private get maxPerUser(): number {
    return this.limits.maxProjectsPerUser;
  }

  /** The user's projects, newest change first, with the filtered total (one statement). */
  async list(userId: number, f: ProjectListFilter): Promise<{ total: number; page: number; size: number; list: ProjectSummary[] }> {
    return JSON.parse(await this.listJson(userId, f)) as { total: number; page: number; size: number; list: ProjectSummary[] };
  }

  /** list() as the JSON text PostgreSQL writes (the route sends it as it is; rows.ts listStatement). */
  async listJson(userId: number, f: ProjectListFilter): Promise<string> {
    const shape: ListShape = {
      powerStationType: Boolean(f.powerStationType),
      surveyType: Boolean(f.surveyType),
      reOrAiom: !f.reOrAiom ? 'none' : f.reOrAiom === 'LITE' ? 'LITE' : 'one',
      name: Boolean(f.name),
    };
    const offset = (f.page - 1) * f.size;
    // First pages (the common call) reuse their statement, prepared; later pages are written each time.
    const key = `${+shape.powerStationType}${+shape.surveyType}${shape.reOrAiom}${+shape.name}:${f.size}`;
    let st = offset === 0 ? listStatements.get(key) : undefined;
    if (!st) {
      const keep = offset === 0 && listStatements.size < LIST_STATEMENTS_KEPT;
      st = listStatement(shape, f.size, offset, keep);
      if (keep) listStatements.set(key, st);
    }
    const values = { userId, powerStationType: f.powerStationType, surveyType: f.surveyType, reOrAiom: f.reOrAiom, name: f.name ? likePattern(f.name) : undefined };
    const params = st.params.map((p) => values[p]);
    const rows = (await this.db.executeQuery<{ data: string }>(CompiledQuery.raw(st.text, params))).rows;
    return rows[0].data;
  }

  /**
   * A project row the user may work on, or 404: its owner's, or an enterprise project the user
   * administers or was granted (docs/ENTERPRISE.md; the same rule as enterpriseProjectAccess).
   */
  async row(userId: number, projectId: number, db: Kysely<Database> | Transaction<Database> = this.db): Promise<ProjectRow> {
    const r = await projectQuery(db)
      .where('p.id', '=', projectId)
      .where((eb) => eb.or([eb('p.user_id', '=', userId), enterpriseAccessSql(userId)]))
      .executeTakeFirst();
    if (!r) throw apiError('PROJECT_NOT_FOUND');
    return toRow(r);
  }

  /** A project row by id alone (share links: the caller has checked the key). */
  async rowById(projectId: number): Promise<ProjectRow> {
    const r = await projectQuery(this.db).where('p.id', '=', projectId).executeTakeFirst();
    if (!r) throw apiError('PROJECT_NOT_FOUND');
    return toRow(r);
  }

  async detail(userId: number, projectId: number): Promise<ProjectDetail> {
    return detailOf(await this.row(userId, projectId));
  }

  /** Creates a project, spending drone quota for a DRONE survey. */
  async create(userId: number, input: NewProject): Promise<ProjectDetail> {
    const id = await this.db.transaction().execute(async (tx) => {
      await this.reserve(tx, userId, input.surveyType, 'new project');
      const now = this.clock.now();
      const loc = input.location ? parseLocation(input.location) : null;
      const row = await tx
        .insertInto('projects')
        .values({
          user_id: userId,
          name: input.name,
          company: input.company ?? null,
          description: input.description ?? null,
          project_type: 'normal',
          power_station_type: input.powerStationType,
          survey_type: input.surveyType,
          grid_type: input.gridType ?? null,
          re_or_aiom: input.reOrAiom,
          capacity_kw: input.capacity ?? null,
          max_capacity_kw: input.maxCapacity ?? null,
          address: input.address ?? null,
          province: input.province ?? null,
          city: input.city ?? null,
          lat: loc?.lat ?? input.lat ?? null,
          lng: loc?.lng ?? input.lng ?? null,
          weather_station: input.weatherStation ?? null,
          settings: JSON.stringify(input.basicInfo ?? {}),
          copied_from: null,
          created_at: now,
          updated_at: now,
          updated_by: userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    return this.detail(userId, id);
  }

  /** Changes the given fields; basicInfo keys are merged into the stored ones. */
  async update(userId: number, patch: ProjectPatch): Promise<ProjectDetail> {
    await this.db.transaction().execute(async (tx) => {
      const current = await tx.selectFrom('projects').select(['id', 'settings']).where('id', '=', patch.projectId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
      if (!current) throw apiError('PROJECT_NOT_FOUND');
      const loc = patch.location ? parseLocation(patch.location) : null;
      const set: Record<string, unknown> = {};
      const copy = (key: keyof ProjectPatch, column: keyof Project) => {
        if (patch[key] !== undefined) set[column] = patch[key];
      };
      copy('name', 'name');
      copy('company', 'company');
      copy('description', 'description');
      copy('powerStationType', 'power_station_type');
      copy('gridType', 'grid_type');
      copy('reOrAiom', 're_or_aiom');
      copy('capacity', 'capacity_kw');
      copy('maxCapacity', 'max_capacity_kw');
      copy('address', 'address');
      copy('province', 'province');
      copy('city', 'city');
      copy('lat', 'lat');
      copy('lng', 'lng');
      copy('weatherStation', 'weather_station');
      if (loc) {
        set.lat = loc.lat;
        set.lng = loc.lng;
      }
      if (patch.basicInfo) set.settings = JSON.stringify({ ...parseSettings(current.settings), ...patch.basicInfo } satisfies BasicInfo);
      await tx
        .updateTable('projects')
        .set({ ...(set as ProjectUpdate), updated_at: this.clock.now(), updated_by: userId })
        .where('id', '=', patch.projectId)
        .execute();
    });
    return this.detail(userId, patch.projectId);
  }

  /** Deletes a project with its documents, shares and screenshots; returns the blob keys to remove. */
  async delete(userId: number, projectId: number): Promise<string[]> {
    return this.db.transaction().execute(async (tx) => {
      const blobs = await tx
        .selectFrom('project_screenshots as s')
        .innerJoin('projects as p', 'p.id', 's.project_id')
        .select('s.blob_key')
        .where('p.id', '=', projectId)
        .where('p.user_id', '=', userId)
        .execute();
      const gone = await tx.deleteFrom('projects').where('id', '=', projectId).where('user_id', '=', userId).returning('id').executeTakeFirst();
      if (!gone) throw apiError('PROJECT_NOT_FOUND');
      return blobs.map((b) => b.blob_key);
    });
  }

  /**
   * Copies a project (its basic data and every design document, not its screenshots or shares) into
   * `toUser`'s account: 'copy' for one's own project, 'shared-copy' from a share link. Spends quota
   * like a new project.
   */
  async copy(fromUser: number | null, projectId: number, toUser: number, kind: 'copy' | 'shared-copy', name?: string): Promise<ProjectDetail> {
    const id = await this.db.transaction().execute(async (tx) => {
      let q = tx.selectFrom('projects').selectAll().where('id', '=', projectId);
      if (fromUser !== null) q = q.where('user_id', '=', fromUser);
      const src = await q.executeTakeFirst();
      if (!src) throw apiError('PROJECT_NOT_FOUND');
      await this.reserve(tx, toUser, src.survey_type, kind === 'copy' ? 'copy project' : 'copy shared project');
      const now = this.clock.now();
      const { id: _id, ...fields } = src;
      const row = await tx
        .insertInto('projects')
        .values({
          ...fields,
          user_id: toUser,
          name: name ?? `${src.name} copy`.slice(0, PROJECT_LIMITS.nameMax),
          project_type: kind,
          copied_from: src.id,
          created_at: now,
          updated_at: now,
          updated_by: toUser,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.documents.copyAll(tx, src.id, row.id, toUser);
      return row.id;
    });
    return this.detail(toUser, id);
  }

  /** What the wizard needs to know about a project: its saved steps, capabilities, last simulation. */
  async overview(row: ProjectRow): Promise<ProjectOverview> {
    const project = detailOf(row);
    const steps = await this.documents.versions(row.id);
    const shots = await this.db
      .selectFrom('project_screenshots')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('project_id', '=', row.id)
      .executeTakeFirstOrThrow();
    const info = project.basicInfo;
    const has = (s: string) => steps[s] !== undefined;
    const content = {
      buildings: has('lite-re') ? savedBuildingCount((await this.documents.read(row.id, 'lite-re')).data) : has('scene-3d') ? 1 : 0,
      modules: has('component-layout') ? savedModuleCount((await this.documents.read(row.id, 'component-layout')).data) : has('arrays') ? 1 : 0,
    };
    const caps = capabilities(factsOf(String(row.id), { ...info, reOrAiom: project.reOrAiom }, has, content));
    let simulation: ProjectOverview['simulation'] = null;
    let monthlyKwh: number[] | null = null;
    if (has('simulation')) {
      const doc = await this.documents.read(row.id, 'simulation');
      const s = doc.data as { annual?: { acKwh: number; specificYield: number; performanceRatio: number; capacityKwp: number }; monthly?: { acKwh: number }[]; weather?: { estimate?: boolean } } | null;
      if (s?.annual) {
        simulation = { ...s.annual, estimate: s.weather?.estimate ?? false };
        monthlyKwh = s.monthly?.map((m) => m.acKwh) ?? null;
      }
    }
    return { project, steps, capabilities: caps, content, screenshots: Number(shots.n), simulation, monthlyKwh };
  }

  /** 2–3 of the user's projects side by side (spec 000 §5 messages). */
  async compare(userId: number, ids: number[]): Promise<ProjectOverview[]> {
    const unique = [...new Set(ids)];
    if (unique.length < PROJECT_LIMITS.compareMin) throw apiError('COMPARE_TOO_FEW', {}, { field: 'projectIds' });
    if (unique.length > PROJECT_LIMITS.compareMax) throw apiError('COMPARE_TOO_MANY', {}, { field: 'projectIds' });
    const out: ProjectOverview[] = [];
    for (const id of unique) out.push(await this.overview(await this.row(userId, id)));
    return out;
  }

  /** Drone project quota and the number of projects held. */
  async quota(userId: number) {
    const q = await this.db.selectFrom('quotas').select(['project_total', 'project_used']).where('user_id', '=', userId).executeTakeFirst();
    const n = await this.db.selectFrom('projects').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    const total = q?.project_total ?? 0;
    return { projectCapacity: total, projectLimit: Math.max(0, total - (q?.project_used ?? 0)), projectCount: Number(n.n), maxProjects: this.maxPerUser };
  }

  /** Checks the project count and, for a drone survey, spends one unit of drone project quota. */
  private async reserve(tx: Transaction<Database>, userId: number, surveyType: string, note: string): Promise<void> {
    const now = this.clock.now();
    await tx.insertInto('quotas').values({ user_id: userId, updated_at: now }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    const q = await tx.selectFrom('quotas').select(['project_total', 'project_used']).where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const n = await tx.selectFrom('projects').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    if (Number(n.n) >= this.maxPerUser) throw apiError('PROJECT_LIMIT_REACHED', { max: this.maxPerUser });
    if (surveyType !== 'DRONE') return;
    if (q.project_total - q.project_used < 1) throw apiError('PROJECT_QUOTA_EXCEEDED', {}, { field: 'surveyType' });
    await tx.updateTable('quotas').set((eb) => ({ project_used: eb('project_used', '+', 1), updated_at: now })).where('user_id', '=', userId).execute();
    await tx
      .insertInto('credit_log')
      .values({ user_id: userId, change_type: 'consume', operator: String(userId), project_credits: -1, order_sn: null, note, created_at: now })
      .execute();
  }
}
