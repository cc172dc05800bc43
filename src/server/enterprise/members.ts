// Personnel of an organisation (spec 000 §2 personList; spec 001 §2 "Personnel information: add,
// import, remove member; search by name, mobile or email", §3 Member "full name, mobile or email,
// status (unregistered or normal), create-project permission, drone photo quota, seats, join date",
// §6 "Per-member settings: create-project permission and drone photo quota. Members can be added and
// removed after confirmation"). Administrators manage members; only the super administrator names
// administrators, and the super administrator cannot be removed or demoted. A member's drone photo
// quota is credit moved from the organisation's pool (credits.ts); seats are counted against the
// organisation's seats. Both are changed under a lock on the organisation's row.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AddMember, Member, UpdateMember } from '../../model/api/enterprise.ts';
import type { Clock } from '../clock.ts';
import type { Database, EnterpriseMembersTable } from '../db/schema.ts';
import { isUniqueViolation } from '../accounts/accounts.ts';
import { apiError } from '../errors.ts';
import type { Delivery } from '../providers/messenger.ts';
import type { EnterpriseContext } from './context.ts';
import { logPool, moveToUser, photoSurplusForUpdate } from './credits.ts';
import type { Invitations } from './invitations.ts';
import { isAdministratorRole } from './membership.ts';

type MemberRow = Selectable<EnterpriseMembersTable>;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A member row with the member's used drone photo credit (registered members). */
interface MemberView {
  id: number;
  user_id: number | null;
  name: string;
  phone: string | null;
  email: string | null;
  role: string;
  can_create_project: boolean;
  photo_quota: number;
  seat: boolean;
  joined_at: Date;
  invited_at: Date | null;
  photo_used: number | null;
}

export function memberAnswer(r: MemberView): Member {
  const role = r.role as Member['role'];
  return {
    id: r.id,
    userId: r.user_id,
    name: r.name,
    phone: r.phone,
    email: r.email,
    status: r.user_id === null ? 'unregistered' : 'normal',
    role,
    isAdministrator: isAdministratorRole(role),
    canCreateProject: r.can_create_project || isAdministratorRole(role),
    photoQuota: r.photo_quota,
    photoUsed: r.user_id === null ? null : (r.photo_used ?? 0),
    seat: r.seat,
    joinTime: r.joined_at.toISOString(),
    invitedTime: r.invited_at ? r.invited_at.toISOString() : null,
  };
}

export class Members {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly invitations: Invitations,
  ) {}

  private base(enterpriseId: number) {
    return this.db
      .selectFrom('enterprise_members as m')
      .leftJoin('quotas as q', 'q.user_id', 'm.user_id')
      .where('m.enterprise_id', '=', enterpriseId);
  }

  private readonly columns = [
    'm.id',
    'm.user_id',
    'm.name',
    'm.phone',
    'm.email',
    'm.role',
    'm.can_create_project',
    'm.photo_quota',
    'm.seat',
    'm.joined_at',
    'm.invited_at',
    'q.photo_used',
  ] as const;

  /** Members, the super administrator and administrators first, then by join date; keyword: name, mobile or e-mail. */
  async list(enterpriseId: number, q: { page: number; size: number; keyword?: string; status?: 'unregistered' | 'normal'; role?: string }) {
    let base = this.base(enterpriseId);
    if (q.keyword) {
      const p = likePattern(q.keyword);
      base = base.where((eb) => eb.or([eb('m.name', 'ilike', p), eb('m.phone', 'like', p), eb('m.email', 'ilike', p)]));
    }
    if (q.status) base = base.where('m.user_id', q.status === 'normal' ? 'is not' : 'is', null);
    if (q.role) base = base.where('m.role', '=', q.role);
    const rows = await base
      .select(this.columns)
      .orderBy(sql`case m.role when 'super_admin' then 0 when 'admin' then 1 else 2 end`)
      .orderBy('m.joined_at')
      .orderBy('m.id')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    const n = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return { total: Number(n.n), page: q.page, size: q.size, list: rows.map(memberAnswer) };
  }

  async detail(enterpriseId: number, id: number): Promise<Member> {
    const r = await this.base(enterpriseId).select(this.columns).where('m.id', '=', id).executeTakeFirst();
    if (!r) throw apiError('NOT_FOUND');
    return memberAnswer(r);
  }

  /**
   * Adds a member. The phone or e-mail of an existing account makes a 'normal' member at once;
   * otherwise the member is 'unregistered' and, with `invite`, is invited by SMS and/or e-mail.
   */
  async add(ctx: EnterpriseContext, body: AddMember, ip: string | null): Promise<{ member: Member; invitations: Delivery[] }> {
    if (body.role === 'admin' && !ctx.isSuperAdmin) throw apiError('ENTERPRISE_SUPER_ADMIN_REQUIRED', {}, { field: 'role' });
    const phone = body.phone || null;
    const email = body.email ? body.email.toLowerCase() : null;
    const byPhone = phone ? await this.db.selectFrom('users').select(['id']).where('phone', '=', phone).executeTakeFirst() : undefined;
    const byEmail = email ? await this.db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst() : undefined;
    const userId = byPhone?.id ?? byEmail?.id ?? null;
    const now = this.clock.now();
    let id: number;
    try {
      id = await this.db.transaction().execute(async (tx) => {
        const e = await this.lockEnterprise(tx, ctx.enterpriseId);
        await this.assertNotMember(tx, ctx.enterpriseId, { phone, email, userId });
        if (body.seat) await this.assertSeat(tx, ctx.enterpriseId, e.seats);
        const quota = body.photoQuota;
        if (quota > e.photo_credits) throw apiError('ENTERPRISE_CREDITS_EXCEEDED', { needed: quota, remaining: e.photo_credits }, { field: 'photoQuota' });
        const row = await tx
          .insertInto('enterprise_members')
          .values({
            enterprise_id: ctx.enterpriseId,
            user_id: userId,
            name: body.name,
            phone,
            email,
            role: body.role,
            can_create_project: body.canCreateProject,
            photo_quota: quota,
            photo_granted: userId !== null ? quota : 0,
            seat: body.seat,
            joined_at: now,
            registered_at: userId !== null ? now : null,
            invited_at: null,
            selected_at: null,
            created_by: ctx.user.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (quota > 0) {
          await tx.updateTable('enterprises').set((eb) => ({ photo_credits: eb('photo_credits', '-', quota), updated_at: now })).where('id', '=', ctx.enterpriseId).execute();
          await logPool(tx, now, { enterpriseId: ctx.enterpriseId, changeType: 'allocate', operatorId: ctx.user.id, operator: operatorName(ctx), memberId: row.id, memberName: body.name, photoCredits: -quota });
          if (userId !== null) await moveToUser(tx, now, userId, quota, String(ctx.user.id), ctx.enterpriseName);
        }
        return row.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw apiError('ENTERPRISE_MEMBER_EXISTS', { who: phone ?? email ?? body.name }, { field: phone ? 'phone' : 'email' });
      throw err;
    }
    const invitations = userId === null && body.invite ? await this.sendInvitation(ctx, id, ip) : [];
    return { member: await this.detail(ctx.enterpriseId, id), invitations };
  }

  /** Sends (again) the invitation of an unregistered member. */
  async invite(ctx: EnterpriseContext, id: number, ip: string | null): Promise<{ member: Member; invitations: Delivery[] }> {
    const m = await this.detail(ctx.enterpriseId, id);
    if (m.status !== 'unregistered') throw apiError('ENTERPRISE_MEMBER_EXISTS', { who: m.name }, { field: 'id' });
    const invitations = await this.sendInvitation(ctx, id, ip);
    return { member: await this.detail(ctx.enterpriseId, id), invitations };
  }

  private async sendInvitation(ctx: EnterpriseContext, id: number, ip: string | null): Promise<Delivery[]> {
    const m = await this.db.selectFrom('enterprise_members').select(['name', 'phone', 'email']).where('id', '=', id).executeTakeFirstOrThrow();
    const out = await this.invitations.invite({ enterpriseName: ctx.enterpriseName, inviter: operatorName(ctx), memberName: m.name, phone: m.phone, email: m.email }, ip);
    await this.db.updateTable('enterprise_members').set({ invited_at: this.clock.now() }).where('id', '=', id).execute();
    return out;
  }

  /** Changes a member's name, permission, quota, seat or (super administrator only) role. */
  async update(ctx: EnterpriseContext, body: UpdateMember): Promise<Member> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (tx) => {
      const e = await this.lockEnterprise(tx, ctx.enterpriseId);
      const m = await tx.selectFrom('enterprise_members').selectAll().where('id', '=', body.id).where('enterprise_id', '=', ctx.enterpriseId).forUpdate().executeTakeFirst();
      if (!m) throw apiError('NOT_FOUND');
      if (m.role === 'super_admin') {
        // Only the super administrator edits their own row, and never its role.
        if (!ctx.isSuperAdmin || body.role !== undefined) throw apiError('ENTERPRISE_SUPER_ADMIN_FIXED', {}, { field: body.role !== undefined ? 'role' : 'id' });
      } else {
        if (body.role !== undefined && body.role !== m.role && !ctx.isSuperAdmin) throw apiError('ENTERPRISE_SUPER_ADMIN_REQUIRED', {}, { field: 'role' });
        // Administrators are managed by the super administrator (an administrator may edit their own row).
        if (m.role === 'admin' && !ctx.isSuperAdmin && m.user_id !== ctx.user.id) throw apiError('ENTERPRISE_SUPER_ADMIN_REQUIRED', {}, { field: 'id' });
      }
      if (body.seat === true && !m.seat) await this.assertSeat(tx, ctx.enterpriseId, e.seats);
      if (body.photoQuota !== undefined && body.photoQuota !== m.photo_quota) await this.changeQuota(tx, ctx, e.photo_credits, m, body.photoQuota, now);
      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.canCreateProject !== undefined ? { can_create_project: body.canCreateProject } : {}),
        ...(body.seat !== undefined ? { seat: body.seat } : {}),
        ...(body.role !== undefined && m.role !== 'super_admin' ? { role: body.role } : {}),
      };
      if (Object.keys(changes).length > 0) await tx.updateTable('enterprise_members').set(changes).where('id', '=', m.id).execute();
    });
    return this.detail(ctx.enterpriseId, body.id);
  }

  /**
   * Moves a member's quota to `quota`: more comes from the pool (and reaches a registered member's
   * account); less goes back to the pool, first from what has not reached the account, then from
   * what the member has left (ENTERPRISE_QUOTA_IN_USE when they have used too much of it).
   */
  private async changeQuota(tx: Transaction<Database>, ctx: EnterpriseContext, pool: number, m: MemberRow, quota: number, now: Date): Promise<void> {
    const delta = quota - m.photo_quota;
    let granted = m.photo_granted;
    if (delta > 0) {
      if (delta > pool) throw apiError('ENTERPRISE_CREDITS_EXCEEDED', { needed: delta, remaining: pool }, { field: 'photoQuota' });
      if (m.user_id !== null) {
        await moveToUser(tx, now, m.user_id, delta, String(ctx.user.id), ctx.enterpriseName);
        granted += delta;
      }
    } else {
      const back = -delta;
      const waiting = m.photo_quota - m.photo_granted;
      const fromAccount = Math.max(0, back - waiting);
      if (fromAccount > 0) {
        const surplus = m.user_id !== null ? await photoSurplusForUpdate(tx, m.user_id) : 0;
        const canTake = Math.min(surplus, m.photo_granted);
        if (fromAccount > canTake) throw apiError('ENTERPRISE_QUOTA_IN_USE', { max: waiting + canTake }, { field: 'photoQuota' });
        await moveToUser(tx, now, m.user_id!, -fromAccount, String(ctx.user.id), ctx.enterpriseName);
        granted -= fromAccount;
      }
    }
    await tx.updateTable('enterprise_members').set({ photo_quota: quota, photo_granted: granted }).where('id', '=', m.id).execute();
    await tx.updateTable('enterprises').set((eb) => ({ photo_credits: eb('photo_credits', '-', delta), updated_at: now })).where('id', '=', ctx.enterpriseId).execute();
    await logPool(tx, now, {
      enterpriseId: ctx.enterpriseId,
      changeType: delta > 0 ? 'allocate' : 'reclaim',
      operatorId: ctx.user.id,
      operator: operatorName(ctx),
      memberId: m.id,
      memberName: m.name,
      photoCredits: -delta,
    });
  }

  /**
   * Removes a member (never the super administrator; an administrator only by the super
   * administrator): what remains of their quota goes back to the pool, their project grants go.
   * Returns the removed member's user id (their live connections are then closed).
   */
  async remove(ctx: EnterpriseContext, id: number): Promise<{ userId: number | null }> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (tx) => {
      await this.lockEnterprise(tx, ctx.enterpriseId);
      const m = await tx.selectFrom('enterprise_members').selectAll().where('id', '=', id).where('enterprise_id', '=', ctx.enterpriseId).forUpdate().executeTakeFirst();
      if (!m) throw apiError('NOT_FOUND');
      if (m.role === 'super_admin') throw apiError('ENTERPRISE_SUPER_ADMIN_FIXED', {}, { field: 'id' });
      if (m.role === 'admin' && !ctx.isSuperAdmin) throw apiError('ENTERPRISE_SUPER_ADMIN_REQUIRED', {}, { field: 'id' });
      const waiting = m.photo_quota - m.photo_granted;
      let fromAccount = 0;
      if (m.user_id !== null && m.photo_granted > 0) {
        fromAccount = Math.min(await photoSurplusForUpdate(tx, m.user_id), m.photo_granted);
        await moveToUser(tx, now, m.user_id, -fromAccount, String(ctx.user.id), ctx.enterpriseName);
      }
      const back = waiting + fromAccount;
      if (back > 0) {
        await tx.updateTable('enterprises').set((eb) => ({ photo_credits: eb('photo_credits', '+', back), updated_at: now })).where('id', '=', ctx.enterpriseId).execute();
        await logPool(tx, now, { enterpriseId: ctx.enterpriseId, changeType: 'reclaim', operatorId: ctx.user.id, operator: operatorName(ctx), memberId: m.id, memberName: m.name, photoCredits: back, note: 'member removed' });
      }
      if (m.user_id !== null) {
        await tx.deleteFrom('enterprise_project_grants').where('enterprise_id', '=', ctx.enterpriseId).where('user_id', '=', m.user_id).execute();
      }
      await tx.deleteFrom('enterprise_members').where('id', '=', m.id).execute();
      return { userId: m.user_id };
    });
  }

  private async lockEnterprise(tx: Transaction<Database>, enterpriseId: number) {
    const e = await tx.selectFrom('enterprises').select(['photo_credits', 'seats', 'name']).where('id', '=', enterpriseId).forUpdate().executeTakeFirst();
    if (!e) throw apiError('NOT_FOUND');
    return e;
  }

  private async assertSeat(tx: Transaction<Database>, enterpriseId: number, seats: number): Promise<void> {
    const used = await tx
      .selectFrom('enterprise_members')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('enterprise_id', '=', enterpriseId)
      .where('seat', '=', true)
      .executeTakeFirstOrThrow();
    if (Number(used.n) >= seats) throw apiError('ENTERPRISE_SEATS_FULL', { seats }, { field: 'seat' });
  }

  private async assertNotMember(tx: Transaction<Database>, enterpriseId: number, who: { phone: string | null; email: string | null; userId: number | null }): Promise<void> {
    const clash = await tx
      .selectFrom('enterprise_members')
      .select(['id', 'name', 'phone', 'email'])
      .where('enterprise_id', '=', enterpriseId)
      .where((eb) => {
        const any = [];
        if (who.phone) any.push(eb('phone', '=', who.phone));
        if (who.email) any.push(eb(sql<string>`lower(email)`, '=', who.email));
        if (who.userId !== null) any.push(eb('user_id', '=', who.userId));
        return eb.or(any);
      })
      .executeTakeFirst();
    if (clash) {
      const field = who.phone && clash.phone === who.phone ? 'phone' : who.email && clash.email === who.email ? 'email' : 'phone';
      throw apiError('ENTERPRISE_MEMBER_EXISTS', { who: field === 'phone' ? (who.phone ?? clash.name) : (who.email ?? clash.name) }, { field });
    }
  }
}

/** The administrator's name in the logs. */
export function operatorName(ctx: EnterpriseContext): string {
  const u = ctx.user;
  return u.name ?? u.nick_name ?? u.phone ?? `user${u.id}`;
}
