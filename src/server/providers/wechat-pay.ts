// WeChat Pay API v3, Native payment (pay.weixin.qq.com/doc/v3/merchant: "Native下单", "查询订单",
// "关闭订单", "支付成功回调通知", "签名生成", "签名验证", "回调报文解密"):
// - POST /v3/pay/transactions/native → { code_url } (the QR code's content);
// - GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid= → { trade_state, transaction_id, amount, … };
// - POST /v3/pay/transactions/out-trade-no/{out_trade_no}/close { mchid } → 204;
// - every request signed 'WECHATPAY2-SHA256-RSA2048' (SHA256withRSA over "METHOD\nURL\ntimestamp\nnonce\nbody\n"
//   with the merchant private key, serial_no = the merchant certificate's serial);
// - every answer and notification verified with the WeChat Pay platform public key (or platform
//   certificate) over "timestamp\nnonce\nbody\n" (headers Wechatpay-Timestamp, -Nonce, -Signature);
// - notification resources decrypted with AEAD_AES_256_GCM (key: the APIv3 key, nonce and
//   associated_data from the resource, the last 16 bytes of the ciphertext are the tag).
import { createDecipheriv, createPrivateKey, createPublicKey, createSign, createVerify, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { WeChatPayConfig } from '../config.ts';
import { NotificationRejected, PaymentProviderError, type NativeOrderRequest, type PaymentNotification, type PaymentProvider, type Trade } from './payment.ts';

export const SIGNATURE_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** Largest accepted difference between a signed timestamp and now [s] (WeChat Pay's recommendation). */
const MAX_SKEW_S = 300;
const TIMEOUT_MS = 10_000;

const TRADE_STATES = ['SUCCESS', 'REFUND', 'NOTPAY', 'CLOSED', 'REVOKED', 'USERPAYING', 'PAYERROR'] as const;

const transactionSchema = z.looseObject({
  appid: z.string().optional(),
  mchid: z.string().optional(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.enum(TRADE_STATES),
  success_time: z.string().optional(),
  amount: z.looseObject({ total: z.number().int().optional(), payer_total: z.number().int().optional(), currency: z.string().optional() }).optional(),
});

const notificationSchema = z.looseObject({
  id: z.string(),
  event_type: z.string(),
  resource_type: z.string().optional(),
  resource: z.looseObject({
    algorithm: z.string(),
    ciphertext: z.string(),
    associated_data: z.string().optional(),
    nonce: z.string(),
    original_type: z.string().optional(),
  }),
});

const errorSchema = z.looseObject({ code: z.string(), message: z.string().optional() });

/** The public key of a PEM that holds a public key or an X.509 certificate. */
export function publicKeyOf(pem: string): KeyObject {
  return pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
}

/** AEAD_AES_256_GCM decryption of a notification resource (throws when the tag does not match). */
export function decryptResource(apiV3Key: string, nonce: string, associatedData: string, ciphertextB64: string): string {
  const data = Buffer.from(ciphertextB64, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

function header(headers: Record<string, string | string[] | undefined> | Headers, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const v = headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? null;
}

function toTrade(t: z.infer<typeof transactionSchema>): Trade {
  const paidAt = t.success_time ? new Date(t.success_time) : null;
  return {
    orderSn: t.out_trade_no,
    state: t.trade_state,
    transactionId: t.transaction_id ?? null,
    amountFen: t.amount?.total ?? null,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
  };
}

/** rfc3339 in Beijing time, as WeChat Pay's examples write it: 2018-06-08T10:34:56+08:00. */
export function rfc3339Beijing(d: Date): string {
  const local = new Date(Math.floor(d.getTime() / 1000) * 1000 + 8 * 3600_000);
  return `${local.toISOString().slice(0, 19)}+08:00`;
}

export class WeChatPay implements PaymentProvider {
  readonly kind = 'wechatpay';
  private readonly privateKey: KeyObject;
  private readonly platformKey: KeyObject;

  constructor(private readonly config: WeChatPayConfig) {
    this.privateKey = createPrivateKey(config.privateKeyPem);
    this.platformKey = publicKeyOf(config.platformPublicKeyPem);
  }

  /** The Authorization header of a request (method, path with query, body as sent). */
  authorization(method: string, pathWithQuery: string, body: string, timestamp = Math.floor(Date.now() / 1000), nonce = randomBytes(16).toString('hex')): string {
    const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const signature = createSign('RSA-SHA256').update(message).sign(this.privateKey, 'base64');
    return `${SIGNATURE_SCHEME} mchid="${this.config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.config.serialNo}"`;
  }

  /** Checks a platform signature over "timestamp\nnonce\nbody\n"; the reason it fails, or null when valid. */
  signatureProblem(headers: Record<string, string | string[] | undefined> | Headers, body: string, now: Date): string | null {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    if (!timestamp || !nonce || !signature) return 'missing Wechatpay-Timestamp, -Nonce or -Signature';
    if (signature.startsWith('WECHATPAY/SIGNTEST/')) return 'signature probe';
    const ts = Number(timestamp);
    if (!Number.isInteger(ts) || Math.abs(now.getTime() / 1000 - ts) > MAX_SKEW_S) return 'timestamp out of range';
    const ok = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).verify(this.platformKey, signature, 'base64');
    return ok ? null : 'signature mismatch';
  }

  private async call(method: 'GET' | 'POST', pathWithQuery: string, payload: unknown): Promise<{ status: number; body: string }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      Authorization: this.authorization(method, pathWithQuery, body),
      Accept: 'application/json',
      'User-Agent': 'pvstudio-wechatpay/1',
    };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(this.config.endpoint + pathWithQuery, { method, headers, body: payload === undefined ? undefined : body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (e) {
      throw new PaymentProviderError(`unreachable (${e instanceof Error ? e.message : String(e)})`);
    }
    const text = await res.text();
    if (res.status >= 200 && res.status < 300) {
      const problem = this.signatureProblem(res.headers, text, new Date());
      if (problem) throw new PaymentProviderError(`answer not verified: ${problem}`, res.status);
    }
    return { status: res.status, body: text };
  }

  private failure(status: number, body: string): PaymentProviderError {
    let parsed: z.infer<typeof errorSchema> | null;
    try {
      const r = errorSchema.safeParse(JSON.parse(body));
      parsed = r.success ? r.data : null;
    } catch {
      parsed = null;
    }
    return new PaymentProviderError(parsed ? `${parsed.code}${parsed.message ? `: ${parsed.message}` : ''}` : `HTTP ${status}`, status);
  }

  async createNative(order: NativeOrderRequest): Promise<{ codeUrl: string }> {
    const r = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: order.description.slice(0, 127),
      out_trade_no: order.orderSn,
      time_expire: rfc3339Beijing(order.expiresAt),
      notify_url: order.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
    });
    if (r.status !== 200) throw this.failure(r.status, r.body);
    const parsed = z.object({ code_url: z.string().min(1) }).safeParse(JSON.parse(r.body));
    if (!parsed.success) throw new PaymentProviderError('answer without code_url', r.status);
    return { codeUrl: parsed.data.code_url };
  }

  async query(orderSn: string): Promise<Trade> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderSn)}?mchid=${encodeURIComponent(this.config.mchId)}`;
    const r = await this.call('GET', path, undefined);
    if (r.status === 404) return { orderSn, state: 'NOT_FOUND', transactionId: null, amountFen: null, paidAt: null };
    if (r.status !== 200) throw this.failure(r.status, r.body);
    const parsed = transactionSchema.safeParse(JSON.parse(r.body));
    if (!parsed.success || parsed.data.out_trade_no !== orderSn) throw new PaymentProviderError('unexpected order query answer', r.status);
    if (parsed.data.mchid !== undefined && parsed.data.mchid !== this.config.mchId) throw new PaymentProviderError('order of another merchant', r.status);
    return toTrade(parsed.data);
  }

  async close(orderSn: string): Promise<void> {
    const r = await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderSn)}/close`, { mchid: this.config.mchId });
    if (r.status !== 204 && r.status !== 200) throw this.failure(r.status, r.body);
  }

  parseNotification(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date): PaymentNotification {
    const problem = this.signatureProblem(headers, rawBody, now);
    if (problem) throw new NotificationRejected(problem);
    let body: z.infer<typeof notificationSchema>;
    try {
      body = notificationSchema.parse(JSON.parse(rawBody));
    } catch {
      throw new NotificationRejected('malformed notification');
    }
    if (body.resource.algorithm !== 'AEAD_AES_256_GCM') throw new NotificationRejected(`unsupported algorithm ${body.resource.algorithm}`);
    let plain: string;
    try {
      plain = decryptResource(this.config.apiV3Key, body.resource.nonce, body.resource.associated_data ?? '', body.resource.ciphertext);
    } catch {
      throw new NotificationRejected('resource does not decrypt');
    }
    let trade: z.infer<typeof transactionSchema>;
    try {
      trade = transactionSchema.parse(JSON.parse(plain));
    } catch {
      throw new NotificationRejected('malformed transaction');
    }
    if (trade.mchid !== this.config.mchId || trade.appid !== this.config.appId) throw new NotificationRejected('notification for another merchant or app');
    return { id: body.id, eventType: body.event_type, trade: toTrade(trade) };
  }
}

