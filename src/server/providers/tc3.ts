// Tencent Cloud API 3.0 request signing, TC3-HMAC-SHA256 ("Signature v3", Tencent Cloud API docs):
// canonical request → string to sign → HMAC chain TC3+SecretKey → date → service → tc3_request.
// Signed headers: content-type, host, x-tc-action (as in the documentation's worked example).
import { createHash, createHmac } from 'node:crypto';

export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface Tc3Request {
  /** e.g. sms.tencentcloudapi.com */
  host: string;
  /** e.g. sms, cvm */
  service: string;
  /** e.g. SendSms */
  action: string;
  /** The exact JSON body sent. */
  payload: string;
  /** Request time [s since 1970, UTC]. */
  timestamp: number;
}

const sha256hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/** UTC date of the timestamp, YYYY-MM-DD (the credential scope's date). */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

/** Step 1: the canonical request of a POST with a JSON body. */
export function tc3CanonicalRequest(r: Tc3Request): string {
  const headers = `content-type:${TC3_CONTENT_TYPE}\nhost:${r.host}\nx-tc-action:${r.action.toLowerCase()}\n`;
  return ['POST', '/', '', headers, 'content-type;host;x-tc-action', sha256hex(r.payload)].join('\n');
}

/** Step 2: the string to sign. */
export function tc3StringToSign(r: Tc3Request): string {
  const scope = `${tc3Date(r.timestamp)}/${r.service}/tc3_request`;
  return ['TC3-HMAC-SHA256', String(r.timestamp), scope, sha256hex(tc3CanonicalRequest(r))].join('\n');
}

/** Steps 3–4: the Authorization header value. */
export function tc3Authorization(r: Tc3Request, secretId: string, secretKey: string): string {
  const date = tc3Date(r.timestamp);
  const kDate = hmac('TC3' + secretKey, date);
  const kService = hmac(kDate, r.service);
  const kSigning = hmac(kService, 'tc3_request');
  const signature = createHmac('sha256', kSigning).update(tc3StringToSign(r), 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${secretId}/${date}/${r.service}/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=${signature}`;
}
