// Aliyun (Alibaba Cloud) SMS: Dysmsapi API version 2017-05-25, action SendSms, RPC style (a form POST
// to dysmsapi.aliyuncs.com signed with HMAC-SHA1, aliyun-rpc.ts). Template parameter: ${code}, the
// verification code (Aliyun's code templates carry their validity in the approved text). An answer
// whose Code is not 'OK' (e.g. isv.BUSINESS_LIMIT_CONTROL, SignatureDoesNotMatch) is a failure.
import { randomUUID } from 'node:crypto';
import type { AliyunSmsConfig } from '../config.ts';
import { rpcTimestamp, signedForm, type RpcParams } from './aliyun-rpc.ts';
import type { SmsCode, SmsProvider } from './sms.ts';

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

  /** The SendSms parameters of a code message (without the Signature). */
  params(m: SmsCode): RpcParams {
    const c = this.config;
    return {
      AccessKeyId: c.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: m.phone,
      RegionId: 'cn-hangzhou',
      SignName: c.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: this.nonce(),
      SignatureVersion: '1.0',
      TemplateCode: c.templateCode,
      TemplateParam: JSON.stringify({ code: m.code }),
      Timestamp: rpcTimestamp(this.now()),
      Version: ALIYUN_SMS_VERSION,
    };
  }

  async sendCode(m: SmsCode): Promise<string | null> {
    const res = await fetch(`${this.config.endpoint}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Accept: 'application/json' },
      body: signedForm('POST', this.params(m), this.config.accessKeySecret),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await res.json().catch(() => null)) as SendSmsAnswer | null;
    if (!answer || typeof answer !== 'object') throw new Error(`HTTP ${res.status}`);
    if (answer.Code !== 'OK') throw new Error(`${answer.Code ?? `HTTP ${res.status}`}: ${answer.Message ?? ''}`);
    return answer.BizId ?? answer.RequestId ?? null;
  }
}
