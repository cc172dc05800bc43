// SMS delivery behind one interface. Default: the dev outbox (the message goes to the server log and
// the outbox table; nothing leaves the machine). Tencent Cloud or Aliyun SMS when configured. 'none': sending
// is refused with PROVIDER_NOT_CONFIGURED. Real providers send only approved templates: the code
// template, and the O&M alarm notice template when one is configured.
import type { SmsConfig } from '../config.ts';
import { AliyunSms } from './aliyun-sms.ts';
import { TencentSms } from './tencent-sms.ts';

export interface SmsCode {
  phone: string;
  code: string;
  /** Validity shown to the user [min]. */
  minutes: number;
}

/** An O&M alarm notice: the notice template's variables. */
export interface SmsNotice {
  phone: string;
  plant: string;
  /** 1 (most severe) … 4. */
  level: number;
  alarm: string;
}

/** Longest value of a notice variable [characters]: longer ones end in '…' (the template's fixed text carries the rest). */
export const SMS_NOTICE_VARIABLE_MAX = 20;

/** A notice variable cut to SMS_NOTICE_VARIABLE_MAX characters (by code point). */
export function noticeVariable(v: string): string {
  const chars = [...v.replace(/\s+/g, ' ').trim()];
  return chars.length <= SMS_NOTICE_VARIABLE_MAX ? chars.join('') : `${chars.slice(0, SMS_NOTICE_VARIABLE_MAX - 1).join('')}…`;
}

export interface SmsProvider {
  /** 'dev' | 'tencent' | 'aliyun' | 'none': recorded on the outbox row. */
  readonly kind: string;
  /** Sends the code; resolves to the provider's message id, throws on failure. */
  sendCode(message: SmsCode): Promise<string | null>;
  /** The configured notice template, or null: alarm notices cannot be sent by SMS. */
  readonly noticeTemplate: string | null;
  /** Sends an alarm notice through the notice template; throws when there is none or on failure. */
  sendNotice(notice: SmsNotice): Promise<string | null>;
}

/** The text of a code message (dev outbox; a real provider's template carries its own text). */
export function smsText(m: SmsCode): string {
  return `[PV Studio] Your verification code is ${m.code}, valid for ${m.minutes} minutes. Do not share it with anyone.`;
}

/** Delivers nothing: the caller records the message in the outbox and the server log. */
export class DevSms implements SmsProvider {
  readonly kind = 'dev';
  readonly noticeTemplate = null;
  async sendCode(): Promise<string | null> {
    return null;
  }
  async sendNotice(): Promise<string | null> {
    return null;
  }
}

export function createSmsProvider(config: SmsConfig): SmsProvider | null {
  if (config.kind === 'none') return null;
  if (config.kind === 'dev') return new DevSms();
  if (config.kind === 'aliyun') return new AliyunSms(config);
  return new TencentSms(config);
}
