// A fake Aliyun SMS endpoint (Dysmsapi 2017-05-25, SendSms, RPC style). It recomputes the HMAC-SHA1
// signature with its own implementation of the documented steps (percent-encoding byte by byte:
// only A–Z a–z 0–9 - _ . ~ stay literal), refuses a reused SignatureNonce, and answers like the real
// API: {"Code":"OK","Message":"OK","BizId":…,"RequestId":…}, or an error Code with HTTP 400.
import { createHmac } from 'node:crypto';
import { startFake, type FakeServer } from './http.ts';

export const ALIYUN = { accessKeyId: 'LTAI5tTestAccessKeyId', accessKeySecret: 'test-aliyun-secret', signName: 'PV Studio', templateCode: 'SMS_465890123' };
export const ALIYUN_BIZ_ID = '900619746936498440^0';

const UNRESERVED = new Set(Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~'));

function encode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) out += UNRESERVED.has(byte) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** The signature the real service expects for these parameters. */
export function expectedSignature(method: string, params: Map<string, string>, secret: string): string {
  const pairs = [...params].filter(([k]) => k !== 'Signature').map(([k, v]) => [encode(k), encode(v)]);
  pairs.sort((a, b) => Buffer.compare(Buffer.from(a[0]), Buffer.from(b[0])));
  const canonical = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  return createHmac('sha1', `${secret}&`).update(`${method}&${encode('/')}&${encode(canonical)}`).digest('base64');
}

/** Form or query text → parameters (strict percent-decoding; '+' is a literal plus, as the signer never emits it for space). */
function parseForm(text: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const part of text.split('&')) {
    if (!part) continue;
    const i = part.indexOf('=');
    m.set(decodeURIComponent(part.slice(0, i)), decodeURIComponent(part.slice(i + 1)));
  }
  return m;
}

/** `failWith`: answer this error Code instead of success (e.g. 'isv.BUSINESS_LIMIT_CONTROL'). */
export function startFakeAliyunSms(state: { failWith: string | null }): Promise<FakeServer & { sent: Array<Map<string, string>> }> {
  const nonces = new Set<string>();
  const sent: Array<Map<string, string>> = [];
  return startFake((req, res) => {
    const reply = (status: number, body: Record<string, string>) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify({ RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990', ...body }));
    };
    const params = req.method === 'POST' ? parseForm(req.body) : parseForm(req.url.search.slice(1));
    const signature = params.get('Signature');
    if (!signature || signature !== expectedSignature(req.method, params, ALIYUN.accessKeySecret) || params.get('AccessKeyId') !== ALIYUN.accessKeyId) {
      return reply(400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
    }
    const nonce = params.get('SignatureNonce') ?? '';
    if (nonces.has(nonce)) return reply(400, { Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' });
    nonces.add(nonce);
    if (params.get('Action') !== 'SendSms' || params.get('Version') !== '2017-05-25') return reply(404, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found' });
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.get('Timestamp') ?? '')) return reply(400, { Code: 'InvalidTimeStamp.Format', Message: 'Specified time stamp or date value is not well formatted.' });
    sent.push(params);
    if (state.failWith) return reply(200, { Code: state.failWith, Message: 'failed' });
    reply(200, { Code: 'OK', Message: 'OK', BizId: ALIYUN_BIZ_ID });
  }).then((fake) => Object.assign(fake, { sent }));
}
