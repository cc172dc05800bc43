// Verification codes by SMS or e-mail (spec 001 §2, §5): 6 digits, valid POLICY.codeTtl, one request
// per target per POLICY.codeResendInterval ('Please do not request codes frequently'), at most
// POLICY.codesPerDay per target and day, at most POLICY.codeMaxAttempts wrong entries. Only the
// latest code of a target and purpose is valid. Only SHA-256 digests are stored.
import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { addMs, DAY, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { Channel, Delivery, Messenger } from '../providers/messenger.ts';
import { POLICY } from './policy.ts';
import { randomCode, sha256 } from './tokens.ts';

/** How long an outside provider's delivery is taken to be before one was measured [ms]. */
const FIRST_DELIVERY_GUESS_MS = 300;

/** What a code may be used for. */
export type CodePurpose = 'login' | 'reset' | 'bind' | 'identity';

export interface CodeTarget {
  channel: Channel;
  /** Phone number or lower-case e-mail. */
  target: string;
  purpose: CodePurpose;
}

export class VerificationCodes {
  /** Moving average of how long a delivery takes, per channel [ms] (what a pretended one waits); null: none yet. */
  private readonly deliveryMs: Record<Channel, number | null> = { sms: null, email: null };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly messenger: Messenger,
  ) {}

  /**
   * Creates a code and sends it. Rate limits are checked under a per-target lock. `deliver: false`
   * (a reset code for a name without an account) does all the same except the delivery: the code is
   * stored, so the target's limits count it, but nobody receives it; the answer is the one a real
   * delivery gives, after about as long as deliveries take — nobody learns whether the account exists.
   */
  async send(t: CodeTarget, ip: string | null, deliver = true): Promise<Delivery> {
    this.messenger.assertAvailable(t.channel);
    const code = randomCode();
    const now = this.clock.now();
    const id = await this.db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${t.channel + ':' + t.target}))`.execute(tx);
      const recent = await tx
        .selectFrom('verification_codes')
        .select(['created_at'])
        .where('channel', '=', t.channel)
        .where('target', '=', t.target)
        .where('created_at', '>', addMs(now, -DAY))
        .orderBy('created_at', 'desc')
        .execute();
      const last = recent[0]?.created_at;
      if (last && now.getTime() - last.getTime() < POLICY.codeResendInterval) {
        const retryAfter = Math.ceil((POLICY.codeResendInterval - (now.getTime() - last.getTime())) / 1000);
        throw apiError('CODE_TOO_FREQUENT', {}, { retryAfter });
      }
      if (recent.length >= POLICY.codesPerDay) throw apiError('CODE_DAILY_LIMIT');
      const row = await tx
        .insertInto('verification_codes')
        .values({ ...t, code_hash: sha256(code), created_at: now, expires_at: addMs(now, POLICY.codeTtl), consumed_at: null, ip })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    if (!deliver) {
      const d = this.messenger.describe(t.channel);
      // Before the first real delivery, a guess at an outside provider's time.
      const typical = this.deliveryMs[t.channel] ?? (d.configured ? FIRST_DELIVERY_GUESS_MS : 0);
      await sleep(typical * (0.75 + Math.random() / 2));
      return { channel: t.channel, provider: d.provider, delivered: d.configured, notice: d.notice };
    }
    const started = performance.now();
    try {
      const delivery = await this.messenger.sendCode(t.channel, t.target, code, POLICY.codeTtl / 60_000, t.purpose);
      const took = performance.now() - started;
      const before = this.deliveryMs[t.channel];
      this.deliveryMs[t.channel] = before === null ? took : before + (took - before) / 8;
      return delivery;
    } catch (err) {
      // Not delivered: the code is void and must not hold back the next request.
      await this.db.deleteFrom('verification_codes').where('id', '=', id).execute();
      throw err;
    }
  }

  /**
   * Checks `code` against the latest code of the target and purpose. `consume`: spend it (sign-in,
   * reset, binding); otherwise it stays valid (the "next" step of the reset form).
   * Throws CODE_INVALID (wrong, none, or already spent) or CODE_EXPIRED (too old, too many tries).
   */
  async verify(t: CodeTarget, code: string, consume: boolean): Promise<void> {
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'expires_at', 'attempts', 'consumed_at'])
      .where('channel', '=', t.channel)
      .where('target', '=', t.target)
      .where('purpose', '=', t.purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const field = { field: 'code' };
    if (!row || row.consumed_at) throw apiError('CODE_INVALID', {}, field);
    if (row.expires_at <= now || row.attempts >= POLICY.codeMaxAttempts) throw apiError('CODE_EXPIRED', {}, field);
    const given = Buffer.from(sha256(code.trim()));
    if (!timingSafeEqual(given, Buffer.from(row.code_hash))) {
      await this.db.updateTable('verification_codes').set({ attempts: (eb) => eb('attempts', '+', 1) }).where('id', '=', row.id).execute();
      throw apiError('CODE_INVALID', {}, field);
    }
    if (consume) {
      const spent = await this.db
        .updateTable('verification_codes')
        .set({ consumed_at: now })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) throw apiError('CODE_INVALID', {}, field);
    }
  }
}
