// The organisation's credit pool and its log (spec 001 §1 "Enterprises manage … credits", §2 "Credits
// history", §3 Company "credits" and Credit log entry). An organisation holds drone photo credit that
// its administrators hand to members (a member's "drone photo quota"); what a registered member was
// given is added to their own quota (the `quotas` row the drone service spends from) with a line in
// their personal credit log, and what an administrator takes back comes out of it — never more than
// the member has left. Every change of the pool is a line of enterprise_credit_log.
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A line of the organisation's log. */
export interface PoolChange {
  enterpriseId: number;
  changeType: 'grant' | 'purchase' | 'allocate' | 'reclaim';
  operatorId: number | null;
  operator: string;
  memberId?: number | null;
  memberName?: string | null;
  /** Change of the pool's photo credit (negative: given to a member). */
  photoCredits?: number;
  projectCredits?: number;
  membershipDays?: number;
  seats?: number;
  orderSn?: string | null;
  note?: string | null;
}

export async function logPool(db: Db, now: Date, c: PoolChange): Promise<void> {
  await db
    .insertInto('enterprise_credit_log')
    .values({
      enterprise_id: c.enterpriseId,
      change_type: c.changeType,
      operator_id: c.operatorId,
      operator: c.operator,
      member_id: c.memberId ?? null,
      member_name: c.memberName ?? null,
      photo_credits: c.photoCredits ?? 0,
      project_credits: c.projectCredits ?? 0,
      membership_days: c.membershipDays ?? 0,
      seats: c.seats ?? 0,
      order_sn: c.orderSn ?? null,
      note: c.note ?? null,
      created_at: now,
    })
    .execute();
}

/** A user's remaining drone photo credit (photo_total − photo_used), read for update. */
export async function photoSurplusForUpdate(tx: Transaction<Database>, userId: number): Promise<number> {
  const q = await tx.selectFrom('quotas').select(['photo_total', 'photo_used']).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  return q ? Math.max(0, q.photo_total - q.photo_used) : 0;
}

/**
 * Adds (or, negative, takes back) drone photo credit on a member's own quota with a line in their
 * credit log. The caller has checked that a take-back leaves photo_total ≥ photo_used.
 */
export async function moveToUser(tx: Transaction<Database>, now: Date, userId: number, credits: number, operator: string, enterpriseName: string): Promise<void> {
  if (credits === 0) return;
  await tx
    .insertInto('quotas')
    .values({ user_id: userId, photo_total: Math.max(0, credits), updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ photo_total: eb('quotas.photo_total', '+', credits), updated_at: now })))
    .execute();
  await tx
    .insertInto('credit_log')
    .values({
      user_id: userId,
      change_type: credits > 0 ? 'enterprise_allocate' : 'enterprise_reclaim',
      operator,
      photo_credits: credits,
      order_sn: null,
      note: enterpriseName,
      created_at: now,
    })
    .execute();
}

/** What a grant or a paid enterprise order adds to the pool. */
export interface PoolGrant {
  photoCredits?: number;
  projectCredits?: number;
  seats?: number;
  /** Extends the organisation's membership from the later of now and its end. */
  membershipDays?: number;
  /** Who: the buyer of an order (their user id and name), else 'system'. */
  operatorId?: number | null;
  operator?: string;
  /** A paid order's number (the log line is then a 'purchase'). */
  orderSn?: string;
  note?: string;
}

/** Adds to an organisation's pool inside the caller's transaction, with its line in the organisation's log. */
export async function fillPool(tx: Transaction<Database>, now: Date, enterpriseId: number, g: PoolGrant): Promise<void> {
  const e = await tx.selectFrom('enterprises').select(['membership_expires_at']).where('id', '=', enterpriseId).forUpdate().executeTakeFirstOrThrow();
  const days = g.membershipDays ?? 0;
  const from = e.membership_expires_at && e.membership_expires_at > now ? e.membership_expires_at : now;
  await tx
    .updateTable('enterprises')
    .set((eb) => ({
      photo_credits: eb('photo_credits', '+', g.photoCredits ?? 0),
      project_credits: eb('project_credits', '+', g.projectCredits ?? 0),
      seats: eb('seats', '+', g.seats ?? 0),
      ...(days > 0 ? { membership_expires_at: new Date(from.getTime() + days * 86_400_000) } : {}),
      updated_at: now,
    }))
    .where('id', '=', enterpriseId)
    .execute();
  await logPool(tx, now, {
    enterpriseId,
    changeType: g.orderSn ? 'purchase' : 'grant',
    operatorId: g.operatorId ?? null,
    operator: g.operator ?? 'system',
    photoCredits: g.photoCredits,
    projectCredits: g.projectCredits,
    seats: g.seats,
    membershipDays: days,
    orderSn: g.orderSn ?? null,
    note: g.note ?? null,
  });
}

export class EnterpriseCredits {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Adds to an organisation's pool (the seed; an operator's grant). */
  async grant(enterpriseId: number, g: PoolGrant): Promise<void> {
    await this.db.transaction().execute((tx) => fillPool(tx, this.clock.now(), enterpriseId, g));
  }

  /** The organisation's log, newest first. */
  async log(enterpriseId: number, page: number, size: number) {
    const rows = await this.db
      .selectFrom('enterprise_credit_log')
      .selectAll()
      .where('enterprise_id', '=', enterpriseId)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    const n = await this.db.selectFrom('enterprise_credit_log').select((eb) => eb.fn.countAll<string | number>().as('n')).where('enterprise_id', '=', enterpriseId).executeTakeFirstOrThrow();
    return {
      total: Number(n.n),
      page,
      size,
      list: rows.map((r) => ({
        id: r.id,
        changeType: r.change_type,
        operationTime: r.created_at.toISOString(),
        operator: r.operator,
        memberId: r.member_id,
        memberName: r.member_name,
        photoCredits: r.photo_credits,
        projectCredits: r.project_credits,
        membershipDays: r.membership_days,
        seats: r.seats,
        orderSn: r.order_sn,
        note: r.note,
      })),
    };
  }
}
