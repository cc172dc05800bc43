// SMS delivery behind one interface. Default: the dev outbox (the message goes to the server log and
// the outbox table; nothing leaves the machine). Tencent Cloud or Aliyun SMS when configured. 'none': sending
// is refused with PROVIDER_NOT_CONFIGURED.
import type { SmsConfig } from '../config.ts';
import { AliyunSms } from './aliyun-sms.ts';
import { TencentSms } from './tencent-sms.ts';

export interface SmsCode {
  phone: string;
  code: string;
  /** Validity shown to the user [min]. */
  minutes: number;
}

export interface SmsProvider {
  /** 'dev' | 'tencent' | 'aliyun' | 'none': recorded on the outbox row. */
  readonly kind: string;
  /** Sends the code; resolves to the provider's message id, throws on failure. */
  sendCode(message: SmsCode): Promise<string | null>;
}

/** The text of a code message (dev outbox; a real provider's template carries its own text). */
export function smsText(m: SmsCode): string {
  return `[PV Studio] Your verification code is ${m.code}, valid for ${m.minutes} minutes. Do not share it with anyone.`;
}

/** Delivers nothing: the caller records the message in the outbox and the server log. */
export class DevSms implements SmsProvider {
  readonly kind = 'dev';
  async sendCode(): Promise<string | null> {
    return null;
  }
}

export function createSmsProvider(config: SmsConfig): SmsProvider | null {
  if (config.kind === 'none') return null;
  if (config.kind === 'dev') return new DevSms();
  if (config.kind === 'aliyun') return new AliyunSms(config);
  return new TencentSms(config);
}
