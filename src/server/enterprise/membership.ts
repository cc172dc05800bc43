// Who belongs to which organisation, and in what role (spec 001 §1 "members of an organisation, with a
// super admin and ordinary members", §3 Member status "unregistered or normal", §6). A member added by
// mobile number or e-mail before they had an account is 'unregistered' (user_id null); the first time
// the person is seen signed in with that phone or verified e-mail (the organisation chooser, the
// administrator check, any enterprise call) the row is linked to their account — it becomes 'normal' —
// and the drone photo credit the organisation reserved for them reaches their own quota.
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database, User } from '../db/schema.ts';
import type { EnterpriseRole } from '../../model/api/enterprise.ts';
import { moveToUser } from './credits.ts';

export interface MembershipRow {
  memberId: number;
  enterpriseId: number;
  enterpriseName: string;
  code: string;
  role: EnterpriseRole;
  canCreateProject: boolean;
  selectedAt: Date | null;
}

export const isAdministratorRole = (role: string): boolean => role === 'super_admin' || role === 'admin';

/** A user's name as the organisation shows it: name, nickname, masked phone (138****0000), else user<id>. */
export function displayName(u: Pick<User, 'id' | 'name' | 'nick_name' | 'phone'>): string {
  return u.name ?? u.nick_name ?? (u.phone ? `${u.phone.slice(0, 3)}****${u.phone.slice(7)}` : `user${u.id}`);
}

/**
 * Links the user's unregistered member rows (by phone or verified e-mail) to the account, in every
 * organisation where the user has no row yet, and hands over the reserved drone photo credit.
 * Returns how many rows were linked.
 */
export async function linkRegistrations(db: Kysely<Database>, clock: Clock, user: Pick<User, 'id' | 'phone' | 'email'>): Promise<number> {
  if (!user.phone && !user.email) return 0;
  const pending = await db
    .selectFrom('enterprise_members as m')
    .select(['m.id'])
    .where('m.user_id', 'is', null)
    .where((eb) => {
      const reach = [];
      if (user.phone) reach.push(eb('m.phone', '=', user.phone));
      if (user.email) reach.push(eb(sql<string>`lower(m.email)`, '=', user.email.toLowerCase()));
      return eb.or(reach);
    })
    .execute();
  let linked = 0;
  for (const p of pending) {
    const done = await db.transaction().execute(async (tx) => {
      const m = await tx.selectFrom('enterprise_members').selectAll().where('id', '=', p.id).where('user_id', 'is', null).forUpdate().executeTakeFirst();
      if (!m) return false;
      const already = await tx.selectFrom('enterprise_members').select('id').where('enterprise_id', '=', m.enterprise_id).where('user_id', '=', user.id).executeTakeFirst();
      // The person is a member already (added twice, by phone and by e-mail): the row stays unlinked.
      if (already) return false;
      const now = clock.now();
      const pendingCredit = m.photo_quota - m.photo_granted;
      await tx
        .updateTable('enterprise_members')
        .set({ user_id: user.id, registered_at: now, photo_granted: m.photo_quota })
        .where('id', '=', m.id)
        .execute();
      if (pendingCredit > 0) {
        const e = await tx.selectFrom('enterprises').select('name').where('id', '=', m.enterprise_id).executeTakeFirstOrThrow();
        await moveToUser(tx, now, user.id, pendingCredit, 'system', e.name);
      }
      return true;
    });
    if (done) linked++;
  }
  return linked;
}

/** The organisations of a user, the one chosen last first. */
export async function membershipsOf(db: Kysely<Database>, userId: number): Promise<MembershipRow[]> {
  const rows = await db
    .selectFrom('enterprise_members as m')
    .innerJoin('enterprises as e', 'e.id', 'm.enterprise_id')
    .select(['m.id as memberId', 'e.id as enterpriseId', 'e.name as enterpriseName', 'e.code', 'm.role', 'm.can_create_project', 'm.selected_at'])
    .where('m.user_id', '=', userId)
    .orderBy(sql`m.selected_at desc nulls last`)
    .orderBy('m.joined_at')
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    memberId: r.memberId,
    enterpriseId: r.enterpriseId,
    enterpriseName: r.enterpriseName,
    code: r.code,
    role: r.role as EnterpriseRole,
    canCreateProject: r.can_create_project,
    selectedAt: r.selected_at,
  }));
}

/** The administrator check: the given organisation's role, else the default one's. */
export async function adminState(
  db: Kysely<Database>,
  clock: Clock,
  user: Pick<User, 'id' | 'phone' | 'email'>,
  enterpriseId?: number,
): Promise<{ isAdministrator: boolean; isEnterprise: boolean }> {
  await linkRegistrations(db, clock, user);
  const all = await membershipsOf(db, user.id);
  const m = enterpriseId !== undefined ? all.find((r) => r.enterpriseId === enterpriseId) : all[0];
  return { isAdministrator: m ? isAdministratorRole(m.role) : false, isEnterprise: all.length > 0 };
}
