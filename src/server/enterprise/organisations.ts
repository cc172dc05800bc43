// Organisations (spec 000 §2 /enterprise/selectEnterprise, header "switch organisation"; spec 001 §1,
// §3 Company "permissions, membership expiry date, credits, company ID"): creating one with its super
// administrator, the chooser's list of a user's organisations, the switch (remembered: the default
// organisation of later calls is the one chosen last), and the organisation's detail.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../accounts/accounts.ts';
import { apiError } from '../errors.ts';
import type { EnterpriseContext } from './context.ts';
import { isAdministratorRole, linkRegistrations, membershipsOf, displayName } from './membership.ts';
import { companyImageUrl } from './companies.ts';

/** The client route of an organisation's home (stored as enterpriseUrl, spec 000 §3). */
export const ENTERPRISE_HOME = '/enterprise/home';

/** A company ID: 'E' + 8 digits. */
function newCode(): string {
  return `E${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export class Organisations {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Creates an organisation with `superAdminUserId` as its super administrator (holding a seat). */
  async create(name: string, superAdminUserId: number, pool: { seats?: number } = {}): Promise<{ enterpriseId: number; memberId: number }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (tx) => {
          const now = this.clock.now();
          const user = await tx.selectFrom('users').selectAll().where('id', '=', superAdminUserId).executeTakeFirstOrThrow();
          const e = await tx
            .insertInto('enterprises')
            .values({ name, code: newCode(), seats: Math.max(1, pool.seats ?? 1), membership_expires_at: null, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          const m = await tx
            .insertInto('enterprise_members')
            .values({
              enterprise_id: e.id,
              user_id: user.id,
              name: displayName(user),
              phone: user.phone,
              email: user.email,
              role: 'super_admin',
              can_create_project: true,
              seat: true,
              joined_at: now,
              registered_at: now,
              invited_at: null,
              selected_at: null,
              created_by: user.id,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { enterpriseId: e.id, memberId: m.id };
        });
      } catch (err) {
        // A company ID drawn twice: draw again.
        if (!isUniqueViolation(err) || attempt >= 5) throw err;
      }
    }
  }

  /** The organisation chooser: every organisation of the user (after linking new registrations). */
  async choices(user: { id: number; phone: string | null; email: string | null }) {
    await linkRegistrations(this.db, this.clock, user);
    const all = await membershipsOf(this.db, user.id);
    const logos = await this.firstLogos(all.map((m) => m.enterpriseId));
    return {
      isEnterprise: all.length > 0,
      list: all.map((m, i) => ({
        enterpriseId: m.enterpriseId,
        name: m.enterpriseName,
        code: m.code,
        role: m.role,
        isAdministrator: isAdministratorRole(m.role),
        isSuperAdmin: m.role === 'super_admin',
        current: i === 0,
        logoUrl: logos.get(m.enterpriseId) ?? null,
      })),
    };
  }

  private async firstLogos(enterpriseIds: number[]): Promise<Map<number, string>> {
    if (enterpriseIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('enterprise_companies')
      .select(['id', 'enterprise_id'])
      .where('enterprise_id', 'in', enterpriseIds)
      .where('logo_key', 'is not', null)
      .orderBy('id')
      .execute();
    const out = new Map<number, string>();
    for (const r of rows) if (!out.has(r.enterprise_id)) out.set(r.enterprise_id, companyImageUrl(r.enterprise_id, r.id, 'logo'));
    return out;
  }

  /** Remembers the organisation the member chose (the default of later calls) and answers what the client keeps. */
  async switchTo(ctx: EnterpriseContext) {
    await this.db.updateTable('enterprise_members').set({ selected_at: this.clock.now() }).where('id', '=', ctx.memberId).execute();
    return {
      enterpriseId: ctx.enterpriseId,
      enterpriseUserId: ctx.memberId,
      enterpriseName: ctx.enterpriseName,
      isEnterprise: true as const,
      isAdministrator: ctx.isAdministrator,
      isSuperAdmin: ctx.isSuperAdmin,
      role: ctx.role,
      canCreateProject: ctx.canCreateProject,
      enterpriseUrl: ENTERPRISE_HOME,
    };
  }

  /** The organisation's detail. */
  async detail(ctx: EnterpriseContext) {
    const e = await this.db.selectFrom('enterprises').selectAll().where('id', '=', ctx.enterpriseId).executeTakeFirst();
    if (!e) throw apiError('NOT_FOUND');
    const counts = await this.db
      .selectFrom('enterprise_members')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('members'),
        eb.fn.sum<string | number | null>('photo_quota').as('allocated'),
        eb.fn.count<string | number>('id').filterWhere('seat', '=', true).as('seats'),
        eb.fn.count<string | number>('id').filterWhere('role', 'in', ['super_admin', 'admin']).as('admins'),
      ])
      .where('enterprise_id', '=', ctx.enterpriseId)
      .executeTakeFirstOrThrow();
    const now = this.clock.now();
    return {
      enterpriseId: e.id,
      name: e.name,
      code: e.code,
      membershipExpiredDate: e.membership_expires_at ? e.membership_expires_at.toISOString() : null,
      membershipExpired: !e.membership_expires_at || e.membership_expires_at <= now,
      photoCredits: e.photo_credits,
      photoCreditsAllocated: Number(counts.allocated ?? 0),
      projectCredits: e.project_credits,
      seats: e.seats,
      seatsUsed: Number(counts.seats),
      members: Number(counts.members),
      administrators: Number(counts.admins),
      role: ctx.role,
      isAdministrator: ctx.isAdministrator,
      createTime: e.created_at.toISOString(),
    };
  }
}
