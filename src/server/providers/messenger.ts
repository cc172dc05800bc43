// Sends verification codes by SMS or e-mail and records every message in the outbox table. With the
// dev providers the whole text goes to the outbox and the server log (tests and developers read the
// code there) and the answer says plainly that nothing was delivered; with a real provider the
// outbox keeps the message with the code masked.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { codeMail, type MailProvider } from './mail.ts';
import { smsText, type SmsNotice, type SmsProvider } from './sms.ts';

export type Channel = 'sms' | 'email';

/** How a message went out, for the API answer (docs/PRODUCT.md: nothing pretends to succeed). */
export interface Delivery {
  channel: Channel;
  provider: string;
  /** false: dev outbox, not delivered to the person. */
  delivered: boolean;
  notice: string | null;
}

const SERVICE_NAME: Record<Channel, string> = { sms: 'SMS sending', email: 'E-mail sending' };

export class Messenger {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly sms: SmsProvider | null,
    private readonly mail: MailProvider | null,
  ) {}

  /** What each channel does, for GET /api/auth/providers and the start-up banner. */
  describe(channel: Channel): { provider: string; configured: boolean; notice: string | null } {
    const p = channel === 'sms' ? this.sms : this.mail;
    if (!p) return { provider: 'none', configured: false, notice: `${SERVICE_NAME[channel]} is not configured on this server` };
    if (p.kind === 'dev') return { provider: 'dev', configured: false, notice: devNotice(channel) };
    return { provider: p.kind, configured: true, notice: null };
  }

  /**
   * Whether notices (O&M alarms) reach people on a channel, and if not why, in words for the product:
   * no provider; the dev outbox (logged only); an SMS provider without a notice template.
   */
  noticeChannel(channel: Channel): { ready: boolean; reason: 'notConfigured' | 'devOutbox' | 'noNoticeTemplate' | null; notice: string | null } {
    const p = channel === 'sms' ? this.sms : this.mail;
    if (!p) return { ready: false, reason: 'notConfigured', notice: `${SERVICE_NAME[channel]} is not configured on this server: no ${channel === 'sms' ? 'SMS' : 'e-mail'} notices are sent` };
    if (p.kind === 'dev') return { ready: false, reason: 'devOutbox', notice: `${channel === 'sms' ? 'SMS' : 'E-mail'} is not configured: notices go to the server log (dev outbox), none is sent` };
    if (channel === 'sms' && !(p as SmsProvider).noticeTemplate) {
      return { ready: false, reason: 'noNoticeTemplate', notice: `The SMS provider has no notice template (${p.kind === 'aliyun' ? 'ALIYUN_SMS_NOTICE_TEMPLATE_CODE' : 'TENCENT_SMS_NOTICE_TEMPLATE_ID'}): alarm SMS are not sent` };
    }
    return { ready: true, reason: null, notice: null };
  }

  /** Throws PROVIDER_NOT_CONFIGURED when the channel has no provider (checked before a code is made). */
  assertAvailable(channel: Channel): void {
    if (!(channel === 'sms' ? this.sms : this.mail)) throw apiError('PROVIDER_NOT_CONFIGURED', { service: SERVICE_NAME[channel] });
  }

  /** Sends a verification code; records the outbox row; throws PROVIDER_FAILED when delivery fails. */
  async sendCode(channel: Channel, target: string, code: string, minutes: number, purpose: string): Promise<Delivery> {
    this.assertAvailable(channel);
    const provider = (channel === 'sms' ? this.sms : this.mail)!;
    const mail = codeMail(target, code, minutes);
    const text = channel === 'sms' ? smsText({ phone: target, code, minutes }) : mail.text;
    const dev = provider.kind === 'dev';
    const row = {
      channel,
      provider: provider.kind,
      recipient: target,
      subject: channel === 'email' ? mail.subject : null,
      body: dev ? text : text.replaceAll(code, '******'),
      purpose,
      created_at: this.clock.now(),
    };
    if (dev) {
      this.log.warn({ outbox: { channel, to: target, purpose } }, `[dev outbox] ${channel} to ${target}: ${text.split('\n')[0]}`);
      await this.db.insertInto('outbox').values({ ...row, status: 'logged', error: null, provider_message_id: null }).execute();
      return { channel, provider: 'dev', delivered: false, notice: devNotice(channel) };
    }
    try {
      const id = channel === 'sms' ? await (provider as SmsProvider).sendCode({ phone: target, code, minutes }) : await (provider as MailProvider).send(mail);
      await this.db.insertInto('outbox').values({ ...row, status: 'sent', error: null, provider_message_id: id }).execute();
      return { channel, provider: provider.kind, delivered: true, notice: null };
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      this.log.error({ err, channel, provider: provider.kind }, 'code delivery failed');
      await this.db.insertInto('outbox').values({ ...row, status: 'failed', error: detail.slice(0, 500), provider_message_id: null }).execute();
      throw apiError('PROVIDER_FAILED', { service: SERVICE_NAME[channel], detail: 'please try again later' });
    }
  }

  /**
   * Sends a notice (e.g. an O&M alarm) and records it in the outbox; never throws for a delivery
   * failure (the outbox row says 'failed'). By e-mail the subject and text; by SMS a real provider
   * sends its approved notice template with `vars` (plant, level, alarm) — without a notice template
   * the notice is recorded as failed, saying so; the dev outbox logs the text. Returns the outbox
   * status, or null when the channel has no provider.
   */
  async sendNotice(
    channel: Channel,
    target: string,
    notice: { subject: string; text: string; vars: Omit<SmsNotice, 'phone'> },
    purpose: string,
  ): Promise<'logged' | 'sent' | 'failed' | null> {
    const { subject, text } = notice;
    const provider = channel === 'sms' ? this.sms : this.mail;
    if (!provider) return null;
    const row = { channel, provider: provider.kind, recipient: target, subject: channel === 'email' ? subject : null, body: text, purpose, created_at: this.clock.now() };
    let status: 'logged' | 'sent' | 'failed' = 'logged';
    let error: string | null = null;
    let id: string | null = null;
    if (provider.kind === 'dev') this.log.warn({ outbox: { channel, to: target, purpose } }, `[dev outbox] ${channel} to ${target}: ${subject}`);
    else if (channel === 'sms' && !(provider as SmsProvider).noticeTemplate) [status, error] = ['failed', this.noticeChannel('sms').notice];
    else {
      try {
        id = channel === 'sms' ? await (provider as SmsProvider).sendNotice({ phone: target, ...notice.vars }) : await (provider as MailProvider).send({ to: target, subject, text });
        status = 'sent';
      } catch (err) {
        [status, error] = ['failed', (err instanceof Error ? err.message : String(err)).slice(0, 500)];
      }
    }
    await this.db.insertInto('outbox').values({ ...row, status, error, provider_message_id: id }).execute();
    return status;
  }
}

function devNotice(channel: Channel): string {
  return channel === 'sms'
    ? 'SMS is not configured: the code was written to the server log (dev outbox), no SMS was sent'
    : 'E-mail is not configured: the code was written to the server log (dev outbox), no e-mail was sent';
}
