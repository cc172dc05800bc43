// Aliyun (Alibaba Cloud) SMS: Dysmsapi API version 2017-05-25, action SendSms, RPC style (a form POST
// to dysmsapi.aliyuncs.com signed with HMAC-SHA1, aliyun-rpc.ts). Template parameter: ${code}, the
// verification code (Aliyun's code templates carry their validity in the approved text); the O&M
// alarm notice template (when configured): ${plant}, ${level}, ${alarm}. An answer whose Code is not
// 'OK' (e.g. isv.BUSINESS_LIMIT_CONTROL, SignatureDoesNotMatch) is a failure.
import { randomUUID } from 'node:crypto';
import type { AliyunSmsConfig } from '../config.ts';
import { rpcTimestamp, signedForm, type RpcParams } from './aliyun-rpc.ts';
import { noticeVariable, type SmsCode, type SmsNotice, type SmsProvider } from './sms.ts';

export const ALIYUN_SMS_VERSION = '2017-05-25';

interface SendSmsAnswer {
  Code?: string;
  Message?: string;
  BizId?: string;
  RequestId?: string;
}

export class AliyunSms implements SmsProvider {
  readonly kind = 'aliyun';
  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly now: () => Date = () => new Date(),
    private readonly nonce: () => string = randomUUID,
  ) {}

  get noticeTemplate(): string | null {
    return this.config.noticeTemplateCode ?? null;
  }

  /** The SendSms parameters of a code message (without the Signature). */
  params(m: SmsCode): RpcParams {
    return this.sendSms(m.phone, this.config.templateCode, { code: m.code });
  }

  /** The SendSms parameters of an alarm notice (without the Signature). */
  noticeParams(n: SmsNotice): RpcParams {
    if (!this.noticeTemplate) throw new Error('no SMS notice template is configured (ALIYUN_SMS_NOTICE_TEMPLATE_CODE)');
    return this.sendSms(n.phone, this.noticeTemplate, { plant: noticeVariable(n.plant), level: String(n.level), alarm: noticeVariable(n.alarm) });
  }

  private sendSms(phone: string, templateCode: string, vars: Record<string, string>): RpcParams {
    const c = this.config;
    return {
      AccessKeyId: c.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: 'cn-hangzhou',
      SignName: c.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: this.nonce(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(vars),
      Timestamp: rpcTimestamp(this.now()),
      Version: ALIYUN_SMS_VERSION,
    };
  }

  sendCode(m: SmsCode): Promise<string | null> {
    return this.post(this.params(m));
  }

  sendNotice(n: SmsNotice): Promise<string | null> {
    return this.post(this.noticeParams(n));
  }

  private async post(params: RpcParams): Promise<string | null> {
    const res = await fetch(`${this.config.endpoint}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Accept: 'application/json' },
      body: signedForm('POST', params, this.config.accessKeySecret),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await res.json().catch(() => null)) as SendSmsAnswer | null;
    if (!answer || typeof answer !== 'object') throw new Error(`HTTP ${res.status}`);
    if (answer.Code !== 'OK') throw new Error(`${answer.Code ?? `HTTP ${res.status}`}: ${answer.Message ?? ''}`);
    return answer.BizId ?? answer.RequestId ?? null;
  }
}
