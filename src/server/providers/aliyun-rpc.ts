// Aliyun (Alibaba Cloud) RPC request signing, signature version 1.0 with HMAC-SHA1 (Alibaba Cloud
// documentation "Signature mechanism" for RPC APIs; SMS: help.aliyun.com/document_detail/101343):
//   1. CanonicalizedQueryString: every parameter except Signature, sorted by name, name and value
//      percent-encoded (UTF-8, RFC 3986: only A–Z a–z 0–9 - _ . ~ stay literal, space is %20),
//      joined as name=value with '&';
//   2. StringToSign = HTTPMethod + '&' + percentEncode('/') + '&' + percentEncode(CanonicalizedQueryString);
//   3. Signature = Base64(HMAC-SHA1(AccessKeySecret + '&', StringToSign)).
import { createHmac } from 'node:crypto';

export type RpcParams = Record<string, string>;

/** Percent-encoding of the RPC signature: encodeURIComponent plus ! ' ( ) * (which it leaves alone). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Step 1: the canonicalised query string (Signature left out), sorted by encoded name (byte order). */
export function canonicalizedQuery(params: RpcParams): string {
  return Object.entries(params)
    .filter(([k]) => k !== 'Signature')
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** Step 2: the string to sign. */
export function rpcStringToSign(method: 'GET' | 'POST', params: RpcParams): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalizedQuery(params))}`;
}

/** Step 3: the signature (Base64, before URL encoding). */
export function rpcSignature(method: 'GET' | 'POST', params: RpcParams, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(rpcStringToSign(method, params), 'utf8').digest('base64');
}

/** The request's timestamp: ISO 8601 UTC without milliseconds (yyyy-MM-ddTHH:mm:ssZ). */
export function rpcTimestamp(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The parameters with their Signature, form-encoded with the same percent-encoding (a POST body or a query). */
export function signedForm(method: 'GET' | 'POST', params: RpcParams, accessKeySecret: string): string {
  const all: RpcParams = { ...params, Signature: rpcSignature(method, params, accessKeySecret) };
  return Object.entries(all)
    .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
    .join('&');
}
