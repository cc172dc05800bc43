// Invitations of unregistered members (spec 001 §3 Member status "unregistered", issue 20 item 4:
// "invitations reach unregistered members by SMS/e-mail through the providers"), behind the existing
// provider interfaces:
//   - e-mail: the invitation text through the mail provider (providers/mail.ts: SMTP, or the dev
//     outbox), recorded in the outbox like every message the server sends;
//   - SMS: an SMS provider sends only its approved code template (providers/sms.ts: "{1} is the code,
//     {2} its validity"), so the SMS invitation is a sign-in code (accounts/codes.ts, purpose 'login',
//     with its per-number limits): the invited person signs in with their mobile number and it — the
//     first SMS sign-in registers the account, which joins the organisation as a 'normal' member.
// A failed or refused invitation does not undo the member; its answer says what happened (nothing
// pretends to be delivered, docs/PRODUCT.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerificationCodes } from '../accounts/codes.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { MailMessage, MailProvider } from '../providers/mail.ts';
import type { Delivery } from '../providers/messenger.ts';

export const INVITATION_PURPOSE = 'enterprise-invite';

/** The invitation e-mail (English and Chinese). */
export function invitationMail(to: string, p: { enterpriseName: string; inviter: string; memberName: string; publicUrl: string; phone: string | null }): MailMessage {
  const how = p.phone
    ? `Sign in at ${p.publicUrl}/login with your mobile number ${p.phone} and an SMS code: your account is created on the first sign-in.`
    : `Register at ${p.publicUrl}/login with your mobile number, then bind this e-mail address in the personal centre.`;
  const howZh = p.phone
    ? `请访问 ${p.publicUrl}/login ，使用手机号 ${p.phone} 和短信验证码登录，首次登录即自动注册。`
    : `请访问 ${p.publicUrl}/login 使用手机号注册，然后在个人中心绑定本邮箱。`;
  return {
    to,
    subject: `PV Studio: ${p.inviter} invites you to ${p.enterpriseName} / 企业邀请`,
    text:
      `Hello ${p.memberName},\n\n${p.inviter} has added you to the enterprise "${p.enterpriseName}" on PV Studio. ${how}\n\n` +
      `${p.memberName}，您好：\n\n${p.inviter} 已将您添加到 PV Studio 企业"${p.enterpriseName}"。${howZh}\n`,
  };
}

export interface InvitationTarget {
  enterpriseName: string;
  inviter: string;
  memberName: string;
  phone: string | null;
  email: string | null;
}

export class Invitations {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly codes: VerificationCodes,
    private readonly mail: MailProvider | null,
    private readonly publicUrl: string,
  ) {}

  /** Invites by every channel the member has; one Delivery per channel tried. */
  async invite(t: InvitationTarget, ip: string | null): Promise<Delivery[]> {
    const out: Delivery[] = [];
    if (t.phone) out.push(await this.sms(t.phone, ip));
    if (t.email) out.push(await this.email(t.email, t));
    return out;
  }

  private async sms(phone: string, ip: string | null): Promise<Delivery> {
    try {
      return await this.codes.send({ channel: 'sms', target: phone, purpose: 'login' }, ip);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Too frequent, daily limit, no provider, provider failure: the member stays, the answer says so.
      return { channel: 'sms', provider: 'none', delivered: false, notice: err.message };
    }
  }

  private async email(to: string, t: InvitationTarget): Promise<Delivery> {
    if (!this.mail) return { channel: 'email', provider: 'none', delivered: false, notice: 'E-mail sending is not configured on this server' };
    const message = invitationMail(to, { ...t, publicUrl: this.publicUrl });
    const row = { channel: 'email', provider: this.mail.kind, recipient: to, subject: message.subject, body: message.text, purpose: INVITATION_PURPOSE, created_at: this.clock.now() };
    if (this.mail.kind === 'dev') {
      this.log.warn({ outbox: { channel: 'email', to, purpose: INVITATION_PURPOSE } }, `[dev outbox] email to ${to}: ${message.subject}`);
      await this.db.insertInto('outbox').values({ ...row, status: 'logged', error: null, provider_message_id: null }).execute();
      return { channel: 'email', provider: 'dev', delivered: false, notice: 'E-mail is not configured: the invitation was written to the server log (dev outbox), no e-mail was sent' };
    }
    try {
      const id = await this.mail.send(message);
      await this.db.insertInto('outbox').values({ ...row, status: 'sent', error: null, provider_message_id: id }).execute();
      return { channel: 'email', provider: this.mail.kind, delivered: true, notice: null };
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      this.log.error({ err }, 'invitation e-mail failed');
      await this.db.insertInto('outbox').values({ ...row, status: 'failed', error: detail.slice(0, 500), provider_message_id: null }).execute();
      return { channel: 'email', provider: this.mail.kind, delivered: false, notice: 'E-mail sending failed: please try again later' };
    }
  }
}
