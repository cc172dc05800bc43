// Licences, trial, satellite membership, drone quota and the credit log of a user (spec 000 §3–§4,
// spec 001 §3–§4):
// - lite / aiom permission: a licence of that product that is permanent or not expired;
// - trial: the LITE licence with source 'trial' (15 days at registration, +15 for completing the
//   account information, docs/PRODUCT.md);
// - membership: expiredDate (null = permanent), isExpired; member edition when projectLimit is
//   non-zero or the membership is not expired, otherwise free edition;
// - drone service active when projectLimit and surplusCapacity are both non-zero.
import type { Kysely, Transaction } from 'kysely';
import { addMs, DAY, type Clock } from '../clock.ts';
import type { Database, Licence } from '../db/schema.ts';
import { PRODUCT_KEY, POLICY } from './policy.ts';

export type Product = 'LITE' | 'AIOM';
type Db = Kysely<Database> | Transaction<Database>;

/** Adds drone photo credit and project quota to the user's totals (a row is made on first use). */
async function addQuota(tx: Db, userId: number, photoCredits: number, projectCredits: number, now: Date): Promise<void> {
  await tx
    .insertInto('quotas')
    .values({ user_id: userId, photo_total: photoCredits, project_total: projectCredits, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        photo_total: eb('quotas.photo_total', '+', photoCredits),
        project_total: eb('quotas.project_total', '+', projectCredits),
        updated_at: now,
      })),
    )
    .execute();
}

/** Spec 001 §3 Quota. */
export interface Quota {
  /** Drone photo credit bought in total. */
  allCapacity: number;
  /** Remaining drone photo credit. */
  surplusCapacity: number;
  useCapacity: number;
  /** Drone project quota bought in total. */
  projectCapacity: number;
  /** Remaining project quota. */
  projectLimit: number;
}

export interface Membership {
  /** ISO 8601; null with isExpired false = permanent; null with isExpired true = never a member. */
  expiredDate: string | null;
  isExpired: boolean;
  plan: string | null;
  edition: 'member' | 'free';
}

export interface LicenceState {
  permanent: boolean;
  expired: boolean;
  expiredDate: string | null;
}

export interface Entitlements {
  /** Spec 000 §3 licence fields, e.g. PVSTUDIO_LITE_licensePermanent. */
  licenses: Record<string, boolean | string | null>;
  litePermission: boolean;
  aiomPermission: boolean;
  /** End of the trial (ISO 8601) or null when the account never had one. */
  trialEndTime: string | null;
  /** trial (in trial, no purchase), active (a bought or granted licence), expired ('Your account has expired'). */
  accountStatus: 'trial' | 'active' | 'expired';
  membership: Membership;
  quota: Quota;
  droneServiceActive: boolean;
}

function licenceState(rows: Licence[], now: Date): LicenceState {
  const permanent = rows.some((r) => r.permanent);
  const latest = rows.reduce<Date | null>((m, r) => (r.expires_at && (!m || r.expires_at > m) ? r.expires_at : m), null);
  const expired = !permanent && !(latest && latest > now);
  return { permanent, expired, expiredDate: permanent ? null : latest ? latest.toISOString() : null };
}

export class EntitlementService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The starting state of a new account (inside the registration transaction). */
  async onRegister(tx: Db, userId: number): Promise<void> {
    const now = this.clock.now();
    await tx
      .insertInto('licences')
      .values({ user_id: userId, product: 'LITE', permanent: false, expires_at: addMs(now, POLICY.trialDays * DAY), source: 'trial', created_at: now })
      .execute();
    await tx.insertInto('quotas').values({ user_id: userId, updated_at: now }).execute();
    await tx
      .insertInto('credit_log')
      .values({ user_id: userId, change_type: 'register', operator: 'system', trial_days: POLICY.trialDays, order_sn: null, note: null, created_at: now })
      .execute();
  }

  /** Adds trial days from the later of now and the current trial end; logs the change. */
  async extendTrial(tx: Db, userId: number, days: number, changeType: string, operator: string): Promise<Date> {
    const now = this.clock.now();
    const trial = await tx
      .selectFrom('licences')
      .select(['id', 'expires_at'])
      .where('user_id', '=', userId)
      .where('product', '=', 'LITE')
      .where('source', '=', 'trial')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const from = trial?.expires_at && trial.expires_at > now ? trial.expires_at : now;
    const end = addMs(from, days * DAY);
    if (trial) await tx.updateTable('licences').set({ expires_at: end }).where('id', '=', trial.id).execute();
    else await tx.insertInto('licences').values({ user_id: userId, product: 'LITE', expires_at: end, source: 'trial', created_at: now }).execute();
    await tx
      .insertInto('credit_log')
      .values({ user_id: userId, change_type: changeType, operator, trial_days: days, order_sn: null, note: null, created_at: now })
      .execute();
    return end;
  }

  /** Grants licences, membership and quota (demo account, administrators, later: paid orders). */
  async grant(
    tx: Db,
    userId: number,
    g: { products: Product[]; permanent: boolean; membershipDays: number | null; plan: string; photoCredits: number; projectCredits: number; changeType: string; operator: string },
  ): Promise<void> {
    const now = this.clock.now();
    const licenceEnd = g.permanent ? null : addMs(now, (g.membershipDays ?? 0) * DAY);
    for (const product of g.products) {
      await tx.insertInto('licences').values({ user_id: userId, product, permanent: g.permanent, expires_at: licenceEnd, source: 'grant', created_at: now }).execute();
    }
    const membershipEnd = g.membershipDays === null ? null : addMs(now, g.membershipDays * DAY);
    await tx
      .insertInto('memberships')
      .values({ user_id: userId, plan: g.plan, expires_at: membershipEnd, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ plan: g.plan, expires_at: membershipEnd, updated_at: now }))
      .execute();
    await addQuota(tx, userId, g.photoCredits, g.projectCredits, now);
    await tx
      .insertInto('credit_log')
      .values({
        user_id: userId,
        change_type: g.changeType,
        operator: g.operator,
        photo_credits: g.photoCredits,
        project_credits: g.projectCredits,
        membership_days: g.membershipDays ?? 0,
        order_sn: null,
        note: g.permanent ? 'permanent licence' : null,
        created_at: now,
      })
      .execute();
  }

  /**
   * A paid order (inside its fulfilment transaction): membership days extend the membership and a
   * LITE 'purchase' licence from the later of now and their current end (a permanent one stays
   * permanent); credits and quota are added; one credit-log row names the order.
   */
  async purchase(
    tx: Db,
    userId: number,
    p: { orderSn: string; membershipPlan: string | null; membershipDays: number; photoCredits: number; projectCredits: number },
  ): Promise<void> {
    const now = this.clock.now();
    const plan = p.membershipPlan;
    if (p.membershipDays > 0 && plan) {
      const m = await tx.selectFrom('memberships').select(['expires_at']).where('user_id', '=', userId).executeTakeFirst();
      const permanent = m !== undefined && m.expires_at === null;
      const end = addMs(m?.expires_at && m.expires_at > now ? m.expires_at : now, p.membershipDays * DAY);
      await tx
        .insertInto('memberships')
        .values({ user_id: userId, plan, expires_at: end, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ plan, expires_at: permanent ? null : end, updated_at: now }))
        .execute();
      const lic = await tx
        .selectFrom('licences')
        .select(['id', 'expires_at', 'permanent'])
        .where('user_id', '=', userId)
        .where('product', '=', 'LITE')
        .where('source', '=', 'purchase')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const licEnd = addMs(lic?.expires_at && lic.expires_at > now ? lic.expires_at : now, p.membershipDays * DAY);
      if (!lic) await tx.insertInto('licences').values({ user_id: userId, product: 'LITE', permanent: false, expires_at: licEnd, source: 'purchase', created_at: now }).execute();
      else if (!lic.permanent) await tx.updateTable('licences').set({ expires_at: licEnd }).where('id', '=', lic.id).execute();
    }
    if (p.photoCredits > 0 || p.projectCredits > 0) await addQuota(tx, userId, p.photoCredits, p.projectCredits, now);
    await tx
      .insertInto('credit_log')
      .values({
        user_id: userId,
        change_type: 'purchase',
        operator: String(userId),
        photo_credits: p.photoCredits,
        project_credits: p.projectCredits,
        membership_days: p.membershipDays,
        order_sn: p.orderSn,
        note: p.membershipPlan,
        created_at: now,
      })
      .execute();
  }

  async quota(userId: number): Promise<Quota> {
    const q = await this.db.selectFrom('quotas').selectAll().where('user_id', '=', userId).executeTakeFirst();
    const photoTotal = q?.photo_total ?? 0;
    const photoUsed = q?.photo_used ?? 0;
    const projectTotal = q?.project_total ?? 0;
    const projectUsed = q?.project_used ?? 0;
    return {
      allCapacity: photoTotal,
      surplusCapacity: Math.max(0, photoTotal - photoUsed),
      useCapacity: photoUsed,
      projectCapacity: projectTotal,
      projectLimit: Math.max(0, projectTotal - projectUsed),
    };
  }

  async membership(userId: number, quota?: Quota): Promise<Membership> {
    const now = this.clock.now();
    const m = await this.db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
    const isExpired = !m || (m.expires_at !== null && m.expires_at <= now);
    const q = quota ?? (await this.quota(userId));
    return {
      expiredDate: m?.expires_at ? m.expires_at.toISOString() : null,
      isExpired,
      plan: m?.plan ?? null,
      edition: q.projectLimit !== 0 || !isExpired ? 'member' : 'free',
    };
  }

  /** Everything the login and user-info answers report. */
  async of(userId: number): Promise<Entitlements> {
    const now = this.clock.now();
    const rows = await this.db.selectFrom('licences').selectAll().where('user_id', '=', userId).execute();
    const lite = licenceState(rows.filter((r) => r.product === 'LITE'), now);
    const aiom = licenceState(rows.filter((r) => r.product === 'AIOM'), now);
    const trial = rows.filter((r) => r.product === 'LITE' && r.source === 'trial').sort((a, b) => b.id - a.id)[0];
    const paidLite = licenceState(rows.filter((r) => r.product === 'LITE' && r.source !== 'trial'), now);
    const quota = await this.quota(userId);
    const membership = await this.membership(userId, quota);
    const licenses: Record<string, boolean | string | null> = {
      [`${PRODUCT_KEY}_LITE_licensePermanent`]: lite.permanent,
      [`${PRODUCT_KEY}_LITE_licenseExpired`]: lite.expired,
      [`${PRODUCT_KEY}_LITE_expiredDate`]: lite.expiredDate,
      [`${PRODUCT_KEY}_AIOM_licensePermanent`]: aiom.permanent,
      [`${PRODUCT_KEY}_AIOM_licenseExpired`]: aiom.expired,
      [`${PRODUCT_KEY}_AIOM_expiredDate`]: aiom.expiredDate,
    };
    return {
      licenses,
      litePermission: !lite.expired,
      aiomPermission: !aiom.expired,
      trialEndTime: trial?.expires_at ? trial.expires_at.toISOString() : null,
      accountStatus: !paidLite.expired ? 'active' : !lite.expired ? 'trial' : 'expired',
      membership,
      quota,
      droneServiceActive: quota.projectLimit !== 0 && quota.surplusCapacity !== 0,
    };
  }

  /** The credit log, newest first. */
  async creditLog(userId: number, page: number, size: number) {
    const rows = await this.db
      .selectFrom('credit_log')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    const total = await this.db
      .selectFrom('credit_log')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { total: Number(total.n), rows };
  }
}
