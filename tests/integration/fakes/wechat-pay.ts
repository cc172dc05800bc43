// A fake WeChat Pay API v3 (direct merchant, Native payment) speaking the documented endpoints
// (pay.weixin.qq.com/doc/v3/merchant): POST /v3/pay/transactions/native → { code_url };
// GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid= → the transaction or 404 ORDER_NOT_EXIST;
// POST /v3/pay/transactions/out-trade-no/{out_trade_no}/close { mchid } → 204. Every request's
// Authorization ('WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,timestamp=…,serial_no=…')
// is checked with the merchant's public key over "METHOD\nURL\ntimestamp\nnonce\nbody\n" (401
// SIGN_ERROR otherwise); every answer is signed with the platform key over "timestamp\nnonce\nbody\n".
// `notification()` builds a payment notification as WeChat Pay sends it: the transaction encrypted with
// AEAD_AES_256_GCM under the APIv3 key, the body signed with the platform key.
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { WeChatPayConfig } from '../../../src/server/config.ts';
import { startFake, type FakeServer, type Recorded } from './http.ts';

export interface FakeTrade {
  outTradeNo: string;
  description: string;
  total: number;
  notifyUrl: string;
  timeExpire: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId: string | null;
  successTime: string | null;
  /** What the payer paid [fen] (normally `total`). */
  paid: number | null;
}

export interface FakeWeChatPay extends FakeServer {
  /** The app's configuration for this fake (endpoint = the fake). */
  config: WeChatPayConfig;
  trades: Map<string, FakeTrade>;
  /** Requests refused for their signature. */
  rejected: Recorded[];
  /** Sign answers with a key that is not the platform's (the client must refuse them). */
  badSignatures: boolean;
  /** The payer pays an order (optionally another amount [fen]). */
  pay(outTradeNo: string, paid?: number): void;
  /** A payment notification for a paid order, signed at `now`. */
  notification(outTradeNo: string, now: Date, options?: { signWith?: KeyObject }): { headers: Record<string, string>; body: string };
}

const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000001092025000000000000000001';
const APIV3_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';

function pem(k: KeyObject, type: 'pkcs8' | 'spki'): string {
  return k.export({ format: 'pem', type }).toString();
}

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** A key WeChat Pay never had (forged answers and notifications). */
export const STRANGER_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

function sign(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

/** The Authorization header's parameters, or null when it is not WECHATPAY2-SHA256-RSA2048. */
function authParams(header: string | undefined): Record<string, string> | null {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
  if (!m) return null;
  const out: Record<string, string> = {};
  for (const part of m[1].matchAll(/(\w+)="([^"]*)"/g)) out[part[1]] = part[2];
  return out;
}

/** rfc3339 with an offset, as WeChat Pay writes times (e.g. 2018-06-08T10:34:56+08:00). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

export async function startFakeWeChatPay(): Promise<FakeWeChatPay> {
  const trades = new Map<string, FakeTrade>();
  const rejected: Recorded[] = [];
  const state = { badSignatures: false };

  function transaction(t: FakeTrade) {
    return {
      appid: APPID,
      mchid: MCHID,
      out_trade_no: t.outTradeNo,
      ...(t.transactionId ? { transaction_id: t.transactionId } : {}),
      trade_type: 'NATIVE',
      trade_state: t.state,
      trade_state_desc: t.state === 'SUCCESS' ? '支付成功' : t.state === 'CLOSED' ? '订单已关闭' : '订单未支付',
      ...(t.successTime ? { success_time: t.successTime, bank_type: 'OTHERS', payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } } : {}),
      amount: { total: t.total, ...(t.paid !== null ? { payer_total: t.paid } : {}), currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    const text = body === undefined ? '' : JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': randomUUID(),
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': PLATFORM_SERIAL,
      'wechatpay-signature': sign(state.badSignatures ? STRANGER_KEY : platform.privateKey, `${ts}\n${nonce}\n${text}\n`),
    });
    res.end(text);
  }

  function verified(req: Recorded): string | null {
    const p = authParams(req.headers.authorization);
    if (!p) return 'missing or unknown Authorization scheme';
    if (p.mchid !== MCHID) return 'mchid mismatch';
    if (p.serial_no !== MERCHANT_SERIAL) return 'serial_no is not the merchant certificate';
    if (!p.nonce_str || !p.timestamp || !p.signature) return 'incomplete Authorization';
    if (Math.abs(Date.now() / 1000 - Number(p.timestamp)) > 300) return 'timestamp expired';
    const message = `${req.method}\n${req.url.pathname}${req.url.search}\n${p.timestamp}\n${p.nonce_str}\n${req.body}\n`;
    return createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, p.signature, 'base64') ? null : 'signature mismatch';
  }

  const fake = await startFake((req, res) => {
    const problem = verified(req);
    if (problem) {
      rejected.push(req);
      return send(res, 401, { code: 'SIGN_ERROR', message: problem });
    }
    const path = req.url.pathname;
    if (req.method === 'POST' && path === '/v3/pay/transactions/native') {
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(req.body) as Record<string, unknown>;
      } catch {
        return send(res, 400, { code: 'PARAM_ERROR', message: 'body is not JSON' });
      }
      const amount = b.amount as { total?: unknown; currency?: unknown } | undefined;
      const sn = typeof b.out_trade_no === 'string' ? b.out_trade_no : '';
      if (b.appid !== APPID) return send(res, 400, { code: 'PARAM_ERROR', message: 'appid' });
      if (b.mchid !== MCHID) return send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' });
      if (typeof b.description !== 'string' || b.description.length < 1 || b.description.length > 127) return send(res, 400, { code: 'PARAM_ERROR', message: 'description' });
      if (!/^[0-9A-Za-z_\-|*]{6,32}$/.test(sn)) return send(res, 400, { code: 'PARAM_ERROR', message: 'out_trade_no' });
      if (typeof b.notify_url !== 'string' || !/^https?:\/\/[^?]+$/.test(b.notify_url)) return send(res, 400, { code: 'PARAM_ERROR', message: 'notify_url' });
      if (b.time_expire !== undefined && (typeof b.time_expire !== 'string' || !RFC3339.test(b.time_expire))) return send(res, 400, { code: 'PARAM_ERROR', message: 'time_expire' });
      if (!amount || !Number.isInteger(amount.total) || (amount.total as number) <= 0) return send(res, 400, { code: 'PARAM_ERROR', message: 'amount.total' });
      if (amount.currency !== undefined && amount.currency !== 'CNY') return send(res, 400, { code: 'PARAM_ERROR', message: 'amount.currency' });
      trades.set(sn, {
        outTradeNo: sn,
        description: b.description,
        total: amount.total as number,
        notifyUrl: b.notify_url,
        timeExpire: String(b.time_expire ?? ''),
        state: 'NOTPAY',
        transactionId: null,
        successTime: null,
        paid: null,
      });
      return send(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && query) {
      if (req.url.searchParams.get('mchid') !== MCHID) return send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' });
      const t = trades.get(decodeURIComponent(query[1]));
      if (!t) return send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return send(res, 200, transaction(t));
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
    if (req.method === 'POST' && close) {
      const b = JSON.parse(req.body || '{}') as { mchid?: string };
      if (b.mchid !== MCHID) return send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' });
      const t = trades.get(decodeURIComponent(close[1]));
      if (!t) return send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (t.state === 'SUCCESS') return send(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
      t.state = 'CLOSED';
      return send(res, 204, undefined);
    }
    return send(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
  });

  return {
    ...fake,
    trades,
    rejected,
    get badSignatures() {
      return state.badSignatures;
    },
    set badSignatures(v: boolean) {
      state.badSignatures = v;
    },
    config: {
      kind: 'wechatpay',
      mchId: MCHID,
      appId: APPID,
      serialNo: MERCHANT_SERIAL,
      privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
      apiV3Key: APIV3_KEY,
      platformPublicKeyPem: pem(platform.publicKey, 'spki'),
      endpoint: fake.origin,
    },
    pay(outTradeNo, paid) {
      const t = trades.get(outTradeNo);
      if (!t || t.state !== 'NOTPAY') throw new Error(`fake WeChat Pay: ${outTradeNo} cannot be paid`);
      t.state = 'SUCCESS';
      t.paid = paid ?? t.total;
      t.transactionId = `4200000${randomBytes(10).toString('hex').slice(0, 21)}`;
      t.successTime = new Date().toISOString().replace('Z', '+00:00');
    },
    notification(outTradeNo, now, options = {}) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`fake WeChat Pay: no trade ${outTradeNo}`);
      const nonce = randomBytes(6).toString('hex');
      const aad = 'transaction';
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(APIV3_KEY, 'utf8'), Buffer.from(nonce, 'utf8'));
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const encrypted = Buffer.concat([cipher.update(JSON.stringify(transaction(t)), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      const body = JSON.stringify({
        id: randomUUID(),
        create_time: now.toISOString().replace('Z', '+00:00'),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: encrypted.toString('base64'), associated_data: aad, nonce },
      });
      const ts = String(Math.floor(now.getTime() / 1000));
      const sigNonce = randomBytes(16).toString('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': ts,
          'wechatpay-nonce': sigNonce,
          'wechatpay-serial': PLATFORM_SERIAL,
          'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
          'wechatpay-signature': sign(options.signWith ?? platform.privateKey, `${ts}\n${sigNonce}\n${body}\n`),
        },
      };
    },
  };
}
