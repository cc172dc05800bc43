// Tencent Cloud SMS, API version 2021-01-11, action SendSms (POST JSON to sms.tencentcloudapi.com,
// signed with TC3-HMAC-SHA256). Template parameters: {1} the code, {2} its validity in minutes; the
// O&M alarm notice template (when configured): {1} plant, {2} level, {3} alarm.
import type { TencentSmsConfig } from '../config.ts';
import { noticeVariable, type SmsCode, type SmsNotice, type SmsProvider } from './sms.ts';
import { TC3_CONTENT_TYPE, tc3Authorization } from './tc3.ts';

interface SendStatus {
  SerialNo?: string;
  PhoneNumber?: string;
  Code?: string;
  Message?: string;
}
interface SendSmsAnswer {
  Response?: { SendStatusSet?: SendStatus[]; Error?: { Code?: string; Message?: string }; RequestId?: string };
}

export class TencentSms implements SmsProvider {
  readonly kind = 'tencent';
  constructor(
    private readonly config: TencentSmsConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get noticeTemplate(): string | null {
    return this.config.noticeTemplateId ?? null;
  }

  sendCode(m: SmsCode): Promise<string | null> {
    return this.send(m.phone, this.config.templateId, [m.code, String(m.minutes)]);
  }

  async sendNotice(n: SmsNotice): Promise<string | null> {
    if (!this.noticeTemplate) throw new Error('no SMS notice template is configured (TENCENT_SMS_NOTICE_TEMPLATE_ID)');
    return this.send(n.phone, this.noticeTemplate, [noticeVariable(n.plant), String(n.level), noticeVariable(n.alarm)]);
  }

  private async send(phone: string, templateId: string, params: string[]): Promise<string | null> {
    const c = this.config;
    const url = new URL(c.endpoint);
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: c.sdkAppId,
      SignName: c.signName,
      TemplateId: templateId,
      TemplateParamSet: params,
    });
    const timestamp = Math.floor(this.now().getTime() / 1000);
    const authorization = tc3Authorization({ host: url.host, service: 'sms', action: 'SendSms', payload, timestamp }, c.secretId, c.secretKey);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: authorization,
        'Content-Type': TC3_CONTENT_TYPE,
        Host: url.host,
        'X-TC-Action': 'SendSms',
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Version': '2021-01-11',
        'X-TC-Region': c.region,
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const answer = (await res.json()) as SendSmsAnswer;
    const r = answer.Response;
    if (!r) throw new Error('malformed answer');
    if (r.Error) throw new Error(`${r.Error.Code ?? 'Error'}: ${r.Error.Message ?? ''}`);
    const status = r.SendStatusSet?.[0];
    if (!status || status.Code !== 'Ok') throw new Error(`${status?.Code ?? 'NoStatus'}: ${status?.Message ?? ''}`);
    return status.SerialNo ?? r.RequestId ?? null;
  }
}
