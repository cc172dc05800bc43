// The projects of an organisation (spec 000 §2 projectList "enterprise-projectList", §6 "Enterprise
// users need per-project access confirmed by a server check (input uuid, boolean answer) … project
// permission lists and settings"; spec 001 §2 dashboard). A project belongs to an organisation when
// it was created inside it (or attached by its creator). Who may open one: its creator, the
// organisation's administrators, and members an administrator granted it to. The `uuid` of the access
// check and of the live connection is the project id.
import { sql, type Kysely } from 'kysely';
import type { NewProject, ProjectDetail, ProjectSummary } from '../../model/api/projects.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { ProjectService } from '../projects/projects.ts';
import type { EnterpriseContext } from './context.ts';
import { isAdministratorRole, displayName } from './membership.ts';

export type ProjectAccess = 'creator' | 'administrator' | 'granted';

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How `userId` may open `projectId` through an organisation, or null: the creator, an administrator
 * of the project's organisation, or a member granted it (the access check, the live connection; the
 * project routes can admit enterprise members with it).
 */
export async function enterpriseProjectAccess(db: Kysely<Database>, userId: number, projectId: number): Promise<{ access: ProjectAccess; enterpriseId: number } | null> {
  const r = await db
    .selectFrom('enterprise_projects as ep')
    .innerJoin('projects as p', 'p.id', 'ep.project_id')
    .innerJoin('enterprise_members as m', (j) => j.onRef('m.enterprise_id', '=', 'ep.enterprise_id').on('m.user_id', '=', userId))
    .select(['ep.enterprise_id', 'p.user_id', 'm.role'])
    .select(sql<boolean>`exists (select 1 from enterprise_project_grants g where g.project_id = ep.project_id and g.user_id = ${userId})`.as('granted'))
    .where('ep.project_id', '=', projectId)
    .executeTakeFirst();
  if (!r) return null;
  const access: ProjectAccess | null = r.user_id === userId ? 'creator' : isAdministratorRole(r.role) ? 'administrator' : r.granted ? 'granted' : null;
  return access ? { access, enterpriseId: r.enterprise_id } : null;
}

export interface ProjectListFilter {
  page: number;
  size: number;
  name?: string;
  powerStationType?: 'COMMERCIAL' | 'RESIDENTIAL';
  creatorId?: number;
}

export interface GrantChange {
  projectId: number;
  memberId: number;
  granted: boolean;
}

export class EnterpriseProjects {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly projects: ProjectService,
  ) {}

  /** Creates a project inside the organisation (the create-project permission is checked). */
  async create(ctx: EnterpriseContext, input: NewProject): Promise<ProjectDetail> {
    if (!ctx.canCreateProject) throw apiError('ENTERPRISE_NO_CREATE_PERMISSION');
    const p = await this.projects.create(ctx.user.id, input);
    await this.attach(ctx.enterpriseId, p.projectId, ctx.user.id);
    return p;
  }

  /** Puts a project of its creator into the organisation (a project belongs to one organisation). */
  async attach(enterpriseId: number, projectId: number, userId: number): Promise<void> {
    await this.projects.row(userId, projectId);
    await this.db
      .insertInto('enterprise_projects')
      .values({ project_id: projectId, enterprise_id: enterpriseId, created_by: userId, created_at: this.clock.now() })
      .onConflict((oc) => oc.column('project_id').doNothing())
      .execute();
    const r = await this.db.selectFrom('enterprise_projects').select('enterprise_id').where('project_id', '=', projectId).executeTakeFirstOrThrow();
    if (r.enterprise_id !== enterpriseId) throw apiError('PROJECT_NOT_FOUND');
  }

  /** The enterprise project list: every project for administrators, else the member's own and granted ones. */
  async list(ctx: EnterpriseContext, f: ProjectListFilter) {
    const me = ctx.user.id;
    let base = this.db.selectFrom('enterprise_projects as ep').innerJoin('projects as p', 'p.id', 'ep.project_id').where('ep.enterprise_id', '=', ctx.enterpriseId);
    if (!ctx.isAdministrator) {
      base = base.where((eb) =>
        eb.or([eb('p.user_id', '=', me), eb.exists(eb.selectFrom('enterprise_project_grants as g').select('g.project_id').whereRef('g.project_id', '=', 'ep.project_id').where('g.user_id', '=', me))]),
      );
    }
    if (f.name) base = base.where('p.name', 'ilike', likePattern(f.name));
    if (f.powerStationType) base = base.where('p.power_station_type', '=', f.powerStationType);
    if (f.creatorId) base = base.where('p.user_id', '=', f.creatorId);
    const rows = await base
      .select(['p.list_item', 'p.user_id'])
      .select(sql<boolean>`exists (select 1 from enterprise_project_grants g where g.project_id = ep.project_id and g.user_id = ${me})`.as('granted'))
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute();
    const n = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return {
      total: Number(n.n),
      page: f.page,
      size: f.size,
      list: rows.map((r) => ({
        ...(JSON.parse(r.list_item) as ProjectSummary),
        creatorId: r.user_id,
        access: (r.user_id === me ? 'creator' : ctx.isAdministrator ? 'administrator' : 'granted') as ProjectAccess,
      })),
    };
  }

  /** The access check: may the caller open the project (in this organisation)? */
  async canOpen(ctx: EnterpriseContext, projectId: number): Promise<boolean> {
    const a = await enterpriseProjectAccess(this.db, ctx.user.id, projectId);
    return a !== null && a.enterpriseId === ctx.enterpriseId;
  }

  private async projectIn(enterpriseId: number, projectId: number) {
    const p = await this.db
      .selectFrom('enterprise_projects as ep')
      .innerJoin('projects as p', 'p.id', 'ep.project_id')
      .select(['p.id', 'p.name', 'p.user_id'])
      .where('ep.enterprise_id', '=', enterpriseId)
      .where('ep.project_id', '=', projectId)
      .executeTakeFirst();
    if (!p) throw apiError('PROJECT_NOT_FOUND', {}, { field: 'projectId' });
    return p;
  }

  /** Permissions of one project (every registered member) or of one member (every project). */
  async permissions(ctx: EnterpriseContext, q: { projectId?: number; memberId?: number }) {
    const base = this.db
      .selectFrom('enterprise_projects as ep')
      .innerJoin('projects as p', 'p.id', 'ep.project_id')
      .innerJoin('enterprise_members as m', (j) => j.onRef('m.enterprise_id', '=', 'ep.enterprise_id'))
      .leftJoin('enterprise_project_grants as g', (j) => j.onRef('g.project_id', '=', 'ep.project_id').onRef('g.user_id', '=', 'm.user_id'))
      .select(['p.id as projectId', 'p.name as projectName', 'p.user_id as creatorId', 'm.id as memberId', 'm.user_id as userId', 'm.name as memberName', 'm.role', 'g.project_id as grant'])
      .where('ep.enterprise_id', '=', ctx.enterpriseId)
      // Unregistered members have no account to grant a project to.
      .where('m.user_id', 'is not', null);
    let rows;
    if (q.projectId !== undefined) {
      await this.projectIn(ctx.enterpriseId, q.projectId);
      rows = await base.where('ep.project_id', '=', q.projectId).orderBy('m.joined_at').orderBy('m.id').execute();
    } else {
      const m = await this.db.selectFrom('enterprise_members').select('id').where('id', '=', q.memberId!).where('enterprise_id', '=', ctx.enterpriseId).executeTakeFirst();
      if (!m) throw apiError('NOT_FOUND', {}, { field: 'memberId' });
      rows = await base.where('m.id', '=', q.memberId!).orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').execute();
    }
    return {
      list: rows.map((r) => {
        const reason = r.userId !== null && r.userId === r.creatorId ? 'creator' : isAdministratorRole(r.role) ? 'administrator' : r.grant !== null ? 'grant' : 'none';
        return { projectId: r.projectId, projectName: r.projectName, memberId: r.memberId, userId: r.userId, memberName: r.memberName, granted: reason !== 'none', reason: reason as 'creator' | 'administrator' | 'grant' | 'none' };
      }),
    };
  }

  /**
   * Grants or revokes projects for members (administrators). Creator and administrators keep their
   * access whatever is set. Returns how many grants changed and the (project, user) pairs that lost
   * access — their live connections are closed.
   */
  async setGrants(ctx: EnterpriseContext, changes: GrantChange[]): Promise<{ changed: number; revoked: { projectId: number; userId: number }[] }> {
    const revoked: { projectId: number; userId: number }[] = [];
    let changed = 0;
    await this.db.transaction().execute(async (tx) => {
      const now = this.clock.now();
      for (const [k, c] of changes.entries()) {
        const p = await tx
          .selectFrom('enterprise_projects as ep')
          .innerJoin('projects as p', 'p.id', 'ep.project_id')
          .select(['p.user_id'])
          .where('ep.enterprise_id', '=', ctx.enterpriseId)
          .where('ep.project_id', '=', c.projectId)
          .executeTakeFirst();
        if (!p) throw apiError('PROJECT_NOT_FOUND', {}, { field: `grants.${k}.projectId` });
        const m = await tx.selectFrom('enterprise_members').select(['user_id', 'role']).where('id', '=', c.memberId).where('enterprise_id', '=', ctx.enterpriseId).executeTakeFirst();
        if (!m) throw apiError('NOT_FOUND', {}, { field: `grants.${k}.memberId` });
        if (m.user_id === null) {
          throw apiError('VALIDATION', { field: `grants.${k}.memberId`, message: 'The member has not registered yet' }, { field: `grants.${k}.memberId` });
        }
        if (c.granted) {
          const r = await tx
            .insertInto('enterprise_project_grants')
            .values({ project_id: c.projectId, user_id: m.user_id, enterprise_id: ctx.enterpriseId, granted_by: ctx.user.id, created_at: now })
            .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
            .executeTakeFirst();
          changed += Number(r.numInsertedOrUpdatedRows ?? 0);
        } else {
          const r = await tx.deleteFrom('enterprise_project_grants').where('project_id', '=', c.projectId).where('user_id', '=', m.user_id).executeTakeFirst();
          const gone = Number(r.numDeletedRows);
          changed += gone;
          if (gone > 0 && p.user_id !== m.user_id && !isAdministratorRole(m.role)) revoked.push({ projectId: c.projectId, userId: m.user_id });
        }
      }
    });
    return { changed, revoked };
  }

  /** The dashboard (administrators): totals, capacity, residential vs C&I, provinces, people, recent projects. */
  async dashboard(ctx: EnterpriseContext) {
    const scope = this.db.selectFrom('enterprise_projects as ep').innerJoin('projects as p', 'p.id', 'ep.project_id').where('ep.enterprise_id', '=', ctx.enterpriseId);
    const capacity = sql<number>`coalesce(sum(p.capacity_kw), 0)`;
    const byType = await scope.select(['p.power_station_type as type', (eb) => eb.fn.countAll<string | number>().as('n'), capacity.as('kw')]).groupBy('p.power_station_type').execute();
    const provinces = await scope
      .select([sql<string>`coalesce(p.province, '')`.as('province'), (eb) => eb.fn.countAll<string | number>().as('n'), capacity.as('kw')])
      .groupBy(sql`coalesce(p.province, '')`)
      .orderBy(sql`count(*) desc`)
      .orderBy(sql`coalesce(p.province, '')`)
      .execute();
    const people = await scope
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.user_id', 'u.name', 'u.nick_name', 'u.phone', (eb) => eb.fn.countAll<string | number>().as('n'), capacity.as('kw')])
      .groupBy(['p.user_id', 'u.name', 'u.nick_name', 'u.phone'])
      .orderBy(sql`count(*) desc`)
      .orderBy('p.user_id')
      .execute();
    const recent = await scope.select(['p.list_item']).orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').limit(5).execute();
    const of = (type: string) => byType.find((r) => r.type === type);
    const sum = (r?: { n: string | number; kw: number | string }) => ({ projects: Number(r?.n ?? 0), capacity: Number(r?.kw ?? 0) });
    return {
      userName: displayName(ctx.user),
      role: ctx.role,
      totalProjects: byType.reduce((s, r) => s + Number(r.n), 0),
      installedCapacity: byType.reduce((s, r) => s + Number(r.kw), 0),
      residential: sum(of('RESIDENTIAL')),
      commercial: sum(of('COMMERCIAL')),
      provinces: provinces.map((r) => ({ province: r.province, projects: Number(r.n), capacity: Number(r.kw) })),
      people: people.map((r) => ({ userId: r.user_id, name: displayName({ id: r.user_id, name: r.name, nick_name: r.nick_name, phone: r.phone }), projects: Number(r.n), capacity: Number(r.kw) })),
      recent: recent.map((r) => JSON.parse(r.list_item) as ProjectSummary),
    };
  }
}
