// WeChat QR sign-in and binding (spec 001 §2: "a WeChat user must bind a phone"; WeChat rebinding and
// unbinding). Flow: start → the browser shows the provider's QR page (authorizeUrl) → the provider
// redirects to /api/auth/wechat/callback?code&state → we fetch the profile and hand the browser a
// one-time pickup ticket (redirect to /loadLogin or /bindAccount) → the web app exchanges it for a
// session, or binds a phone with an SMS code first.
import type { Kysely } from 'kysely';
import { addMs, type Clock } from '../clock.ts';
import type { Database, User } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { WeChatProvider } from '../providers/wechat.ts';
import type { AccountService } from './accounts.ts';
import type { VerificationCodes } from './codes.ts';
import { POLICY } from './policy.ts';
import { randomToken, sha256 } from './tokens.ts';

export type WechatPurpose = 'login' | 'bind';

/** Where the callback sends the browser. */
export interface CallbackOutcome {
  /** Relative URL of the web app. */
  redirect: string;
}

export class WechatLogin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly provider: WeChatProvider | null,
    private readonly accounts: AccountService,
    private readonly codes: VerificationCodes,
    private readonly publicUrl: string,
  ) {}

  private need(): WeChatProvider {
    if (!this.provider) throw apiError('PROVIDER_NOT_CONFIGURED', { service: 'WeChat sign-in' });
    return this.provider;
  }

  get callbackUrl(): string {
    return `${this.publicUrl}/api/auth/wechat/callback`;
  }

  /** A new QR sign-in (or, with userId, a binding of the signed-in user). */
  async start(purpose: WechatPurpose, userId: number | null) {
    const provider = this.need();
    const state = randomToken(18);
    const now = this.clock.now();
    const expiresAt = addMs(now, POLICY.wechatStateTtl);
    await this.db
      .insertInto('wechat_states')
      .values({ state, purpose, user_id: userId, status: 'pending', pickup_hash: null, subject: null, openid: null, nickname: null, head_img_url: null, created_at: now, expires_at: expiresAt })
      .execute();
    return { state, url: provider.authorizeUrl(state, this.callbackUrl), provider: provider.kind, expiresAt: expiresAt.toISOString() };
  }

  /** The provider's redirect: exchanges the code and decides where the browser goes. Never throws. */
  async callback(code: string | undefined, stateId: string | undefined): Promise<CallbackOutcome> {
    const fail = (reason: string) => ({ redirect: `/login?wechatError=${encodeURIComponent(reason)}` });
    if (!this.provider) return fail('WeChat sign-in is not configured on this server');
    const now = this.clock.now();
    const state = stateId ? await this.db.selectFrom('wechat_states').selectAll().where('state', '=', stateId).executeTakeFirst() : undefined;
    if (!state || state.status !== 'pending' || state.expires_at <= now) return fail('The WeChat QR code has expired, please scan again');
    if (!code) return fail('WeChat authorization was cancelled');
    let profile;
    try {
      profile = await this.provider.exchange(code);
    } catch (err) {
      return fail(`WeChat sign-in failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    const subject = profile.unionid ?? profile.openid;
    if (state.purpose === 'bind' && state.user_id !== null) {
      try {
        await this.accounts.linkWechat(state.user_id, subject, profile);
      } catch {
        await this.db.updateTable('wechat_states').set({ status: 'used' }).where('state', '=', state.state).execute();
        return { redirect: `/user/info?wechat=taken` };
      }
      await this.db.updateTable('wechat_states').set({ status: 'used' }).where('state', '=', state.state).execute();
      return { redirect: `/user/info?wechat=bound` };
    }
    const pickup = randomToken(24);
    await this.db
      .updateTable('wechat_states')
      .set({
        status: 'authorized',
        pickup_hash: sha256(pickup),
        subject,
        openid: profile.openid,
        nickname: profile.nickname,
        head_img_url: profile.headImgUrl,
        expires_at: addMs(now, POLICY.wechatPickupTtl),
      })
      .where('state', '=', state.state)
      .execute();
    const known = await this.accounts.byWechat(subject);
    return { redirect: `${known ? '/loadLogin' : '/bindAccount'}?wechatTicket=${encodeURIComponent(pickup)}` };
  }

  private async authorized(ticket: string) {
    const row = await this.db.selectFrom('wechat_states').selectAll().where('pickup_hash', '=', sha256(ticket)).executeTakeFirst();
    if (!row || row.status !== 'authorized' || row.expires_at <= this.clock.now() || !row.subject) throw apiError('WECHAT_STATE_INVALID', {}, { field: 'wechatTicket' });
    return row as typeof row & { subject: string };
  }

  private async spend(state: string): Promise<void> {
    const r = await this.db.updateTable('wechat_states').set({ status: 'used' }).where('state', '=', state).where('status', '=', 'authorized').returning('state').execute();
    if (r.length === 0) throw apiError('WECHAT_STATE_INVALID', {}, { field: 'wechatTicket' });
  }

  /** Pickup after the callback: the linked user, or `bindRequired` with the WeChat nickname. */
  async exchange(ticket: string): Promise<{ user: User } | { bindRequired: true; nickname: string | null }> {
    const row = await this.authorized(ticket);
    const user = await this.accounts.byWechat(row.subject);
    if (!user) return { bindRequired: true, nickname: row.nickname };
    await this.spend(row.state);
    return { user };
  }

  /**
   * A WeChat person without an account binds a phone (SMS code, purpose 'bind'): links to the phone's
   * account, or registers one. A phone whose account has another WeChat is refused
   * ('This mobile number has been bound to other wechat…').
   */
  async bindPhone(ticket: string, phone: string, code: string): Promise<User> {
    const row = await this.authorized(ticket);
    await this.codes.verify({ channel: 'sms', target: phone, purpose: 'bind' }, code, true);
    const profile = { openid: row.openid ?? row.subject, nickname: row.nickname, headImgUrl: row.head_img_url };
    const holder = await this.accounts.byPhone(phone);
    let user: User;
    if (holder) {
      const existing = await this.accounts.wechatOf(holder.id);
      if (existing && existing.subject !== row.subject) throw apiError('PHONE_BOUND_OTHER_WECHAT', {}, { field: 'phone' });
      await this.accounts.linkWechat(holder.id, row.subject, profile);
      user = holder;
    } else {
      user = await this.accounts.registerWechatUser(phone, row.subject, profile);
    }
    await this.spend(row.state);
    return user;
  }
}
