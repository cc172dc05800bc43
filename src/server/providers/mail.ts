// E-mail delivery behind one interface: the dev outbox by default, SMTP through nodemailer when
// configured, 'none' refuses with PROVIDER_NOT_CONFIGURED.
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig, SmtpConfig } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailProvider {
  readonly kind: string;
  /** Sends; resolves to the message id, throws on failure. */
  send(message: MailMessage): Promise<string | null>;
  close?(): void;
}

export class DevMail implements MailProvider {
  readonly kind = 'dev';
  async send(): Promise<string | null> {
    return null;
  }
}

export class SmtpMail implements MailProvider {
  readonly kind = 'smtp';
  private readonly transport: Transporter;
  constructor(private readonly config: SmtpConfig) {
    this.transport = nodemailer.createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure,
      auth: config.user ? { user: config.user, pass: config.pass ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }
  async send(m: MailMessage): Promise<string | null> {
    const info = await this.transport.sendMail({ from: this.config.from, to: m.to, subject: m.subject, text: m.text });
    return typeof info.messageId === 'string' ? info.messageId : null;
  }
  close(): void {
    this.transport.close();
  }
}

export function createMailProvider(config: MailConfig): MailProvider | null {
  if (config.kind === 'none') return null;
  if (config.kind === 'dev') return new DevMail();
  return new SmtpMail(config);
}

/** The code e-mail (subject and text, English and Chinese). */
export function codeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'PV Studio verification code / 验证码',
    text:
      `Your PV Studio verification code is ${code}. It is valid for ${minutes} minutes. Do not share it with anyone.\n\n` +
      `您的 PV Studio 验证码是 ${code}，${minutes} 分钟内有效，请勿泄露给他人。\n`,
  };
}
