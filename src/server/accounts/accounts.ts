// Users and their credentials: registration (first SMS sign-in, WeChat + phone), passwords (set,
// change, the initial system password), binding phone / e-mail / WeChat, profile and the
// complete-information bonus. Uniqueness of phone, e-mail and WeChat is enforced by the database;
// a lost race surfaces as the same "already bound" error as a plain conflict.
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database, User } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { WeChatProfile } from '../providers/wechat.ts';
import type { EntitlementService } from './entitlements.ts';
import { hashPassword } from './passwords.ts';
import { POLICY } from './policy.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** PostgreSQL unique_violation (also raised by PGlite). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

export const WECHAT = 'wechat';

export interface BindState {
  phone: string | null;
  email: string | null;
  wechat: { nickname: string | null } | null;
  hasPassword: boolean;
}

export class AccountService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly entitlements: EntitlementService,
  ) {}

  byId(id: number): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }
  byPhone(phone: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }
  byEmail(email: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  /** Creates a user in `tx` with the registration entitlements (trial, quota row, credit log). */
  private async insertUser(tx: Transaction<Database>, values: { phone: string | null; nick_name?: string | null; head_img_url?: string | null }): Promise<User> {
    const now = this.clock.now();
    const user = await tx
      .insertInto('users')
      .values({
        phone: values.phone,
        email: null,
        contact_email: null,
        name: null,
        nick_name: values.nick_name ?? null,
        company: null,
        head_img_url: values.head_img_url ?? null,
        info_completed_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.entitlements.onRegister(tx, user.id);
    return user;
  }

  /** The user of a phone; registers one on the first sign-in (spec 001 §2). */
  async findOrRegisterByPhone(phone: string): Promise<{ user: User; created: boolean }> {
    const existing = await this.byPhone(phone);
    if (existing) return { user: existing, created: false };
    try {
      const user = await this.db.transaction().execute((tx) => this.insertUser(tx, { phone }));
      return { user, created: true };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const raced = await this.byPhone(phone);
      if (!raced) throw err;
      return { user: raced, created: false };
    }
  }

  /** Creates an account with a password (demo seed; enterprise members get the initial password). */
  async createWithPassword(phone: string, password: string, options: { initial: boolean; name?: string }): Promise<User> {
    const hash = await hashPassword(password);
    return this.db.transaction().execute(async (tx) => {
      const user = await this.insertUser(tx, { phone });
      if (options.name) await tx.updateTable('users').set({ name: options.name, nick_name: options.name }).where('id', '=', user.id).execute();
      await tx
        .insertInto('password_credentials')
        .values({ user_id: user.id, password_hash: hash, is_initial: options.initial, changed_at: this.clock.now(), locked_until: null })
        .execute();
      return { ...user, name: options.name ?? null, nick_name: options.name ?? null };
    });
  }

  /** Sets a user's password (already checked against the rule) and clears the lockout. */
  async setPassword(userId: number, password: string, initial = false, db: Db = this.db): Promise<void> {
    const hash = await hashPassword(password);
    const now = this.clock.now();
    await db
      .insertInto('password_credentials')
      .values({ user_id: userId, password_hash: hash, is_initial: initial, changed_at: now, failed_attempts: 0, locked_until: null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: hash, is_initial: initial, changed_at: now, failed_attempts: 0, locked_until: null }))
      .execute();
  }

  credentials(userId: number) {
    return this.db.selectFrom('password_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Binds a verified phone; PHONE_TAKEN when another account holds it. */
  async bindPhone(userId: number, phone: string): Promise<void> {
    const other = await this.byPhone(phone);
    if (other && other.id !== userId) throw apiError('PHONE_TAKEN', {}, { field: 'phone' });
    try {
      await this.db.updateTable('users').set({ phone, updated_at: this.clock.now() }).where('id', '=', userId).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw apiError('PHONE_TAKEN', {}, { field: 'phone' });
      throw err;
    }
  }

  /** Binds a verified e-mail; EMAIL_TAKEN when another account holds it. */
  async bindEmail(userId: number, email: string): Promise<void> {
    const other = await this.byEmail(email);
    if (other && other.id !== userId) throw apiError('EMAIL_TAKEN', {}, { field: 'email' });
    try {
      await this.db.updateTable('users').set({ email: email.toLowerCase(), updated_at: this.clock.now() }).where('id', '=', userId).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw apiError('EMAIL_TAKEN', {}, { field: 'email' });
      throw err;
    }
  }

  async bindState(user: User): Promise<BindState> {
    const wechat = await this.wechatOf(user.id);
    const cred = await this.credentials(user.id);
    return { phone: user.phone, email: user.email, wechat: wechat ? { nickname: wechat.nickname } : null, hasPassword: !!cred };
  }

  async updateName(userId: number, name: string): Promise<void> {
    await this.db.updateTable('users').set({ name, updated_at: this.clock.now() }).where('id', '=', userId).execute();
  }

  /**
   * The complete-information form (spec 001 §2): name / nickname, company, e-mail. The first
   * submission grants POLICY.completeInfoDays more trial (docs/PRODUCT.md). Returns the new trial end when
   * granted.
   */
  async completeInfo(userId: number, info: { name?: string; nickName?: string; company?: string; email?: string }): Promise<Date | null> {
    return this.db.transaction().execute(async (tx) => {
      const now = this.clock.now();
      const before = await tx.selectFrom('users').select(['info_completed_at']).where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
      await tx
        .updateTable('users')
        .set({
          ...(info.name !== undefined ? { name: info.name } : {}),
          ...(info.nickName !== undefined ? { nick_name: info.nickName } : {}),
          ...(info.company !== undefined ? { company: info.company } : {}),
          ...(info.email !== undefined ? { contact_email: info.email } : {}),
          info_completed_at: before.info_completed_at ?? now,
          updated_at: now,
        })
        .where('id', '=', userId)
        .execute();
      if (before.info_completed_at) return null;
      return this.entitlements.extendTrial(tx, userId, POLICY.completeInfoDays, 'complete_info', String(userId));
    });
  }

  // ── WeChat ──

  wechatOf(userId: number) {
    return this.db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).where('provider', '=', WECHAT).executeTakeFirst();
  }

  /** The user a WeChat person signs in as, if linked. */
  async byWechat(subject: string): Promise<User | undefined> {
    const id = await this.db.selectFrom('user_identities').select('user_id').where('provider', '=', WECHAT).where('subject', '=', subject).executeTakeFirst();
    return id ? this.byId(id.user_id) : undefined;
  }

  /** Links a WeChat person to a user (replacing the user's previous WeChat: rebinding). */
  async linkWechat(userId: number, subject: string, profile: Pick<WeChatProfile, 'openid' | 'nickname' | 'headImgUrl'>, db: Db = this.db): Promise<void> {
    const holder = await db.selectFrom('user_identities').select('user_id').where('provider', '=', WECHAT).where('subject', '=', subject).executeTakeFirst();
    if (holder && holder.user_id !== userId) throw apiError('WECHAT_TAKEN');
    await db.deleteFrom('user_identities').where('user_id', '=', userId).where('provider', '=', WECHAT).execute();
    try {
      await db
        .insertInto('user_identities')
        .values({ user_id: userId, provider: WECHAT, subject, openid: profile.openid, nickname: profile.nickname, head_img_url: profile.headImgUrl, created_at: this.clock.now() })
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw apiError('WECHAT_TAKEN');
      throw err;
    }
  }

  /** Registers a new user from WeChat with a verified phone, linked in one transaction. */
  async registerWechatUser(phone: string, subject: string, profile: Pick<WeChatProfile, 'openid' | 'nickname' | 'headImgUrl'>): Promise<User> {
    try {
      return await this.db.transaction().execute(async (tx) => {
        const user = await this.insertUser(tx, { phone, nick_name: profile.nickname, head_img_url: profile.headImgUrl });
        await this.linkWechat(user.id, subject, profile, tx);
        return user;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw apiError('PHONE_TAKEN', {}, { field: 'phone' });
      throw err;
    }
  }

  async unlinkWechat(userId: number): Promise<boolean> {
    const r = await this.db.deleteFrom('user_identities').where('user_id', '=', userId).where('provider', '=', WECHAT).returning('id').execute();
    return r.length > 0;
  }
}
