// The API's common behaviour: the envelope on every failure (never a raw 500 or a stack), fuzzed
// bodies and queries never reach a 500, request ids, security and cross-origin isolation headers,
// body limit, the OpenAPI document, Chinese messages with `lang: zh`.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { testConfig } from '../../src/server/config.ts';
import { describeWithDatabases } from './harness.ts';
import { expectEnvelope, fuzzedCall, hostileJson } from './fuzz.ts';
import { pgliteSnapshot } from './harness/pglite.ts';

/** Every JSON route of the account areas with its method. */
const ROUTES: Array<{ method: 'GET' | 'POST' | 'PUT'; url: string }> = [
  { method: 'POST', url: '/api/auth/login' },
  { method: 'POST', url: '/api/auth/sms' },
  { method: 'POST', url: '/api/auth/sms-check' },
  { method: 'POST', url: '/api/auth/exit' },
  { method: 'POST', url: '/api/auth/validate-code/verify' },
  { method: 'POST', url: '/api/auth/slider/verify' },
  { method: 'POST', url: '/api/auth/change-initial-password' },
  { method: 'POST', url: '/api/auth/wechat/exchange' },
  { method: 'POST', url: '/api/auth/wechat/bind-phone' },
  { method: 'GET', url: '/api/auth/wechat/callback' },
  { method: 'GET', url: '/api/auth/sms/userPhoneAuth' },
  { method: 'GET', url: '/api/auth/sms/checkUserPhoneAuth' },
  { method: 'GET', url: '/api/mail/sendMailCode' },
  { method: 'GET', url: '/api/mail/checkMailCode' },
  { method: 'POST', url: '/api/user/reset-password' },
  { method: 'GET', url: '/api/user/user-detail/get-detail' },
  { method: 'PUT', url: '/api/user/user-detail/updateUserName' },
  { method: 'POST', url: '/api/user/user-detail/updateUserInfo' },
  { method: 'PUT', url: '/api/user/user-detail/updateUserPassword' },
  { method: 'GET', url: '/api/user/user-detail/sendPhoneAndEmailCode' },
  { method: 'POST', url: '/api/user/user-detail/bindUserPhoneAndEmail' },
  { method: 'GET', url: '/api/user/enterprise/get-quota' },
  { method: 'GET', url: '/api/user/credit-log' },
  { method: 'PUT', url: '/api/user/wechat-unbind' },
];

const FIELDS = ['username', 'password', 'confirmPassword', 'phone', 'email', 'code', 'scene', 'loginType', 'uuid', 'captcha', 'id', 'x', 'name', 'authType', 'phoneOrEmail', 'wechatTicket', 'userId', 'randstr', 'ticket', 'page', 'size'];

/** Bodies that look like the real ones but with wrong types, lengths and characters. */
const bodyArb = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.jsonValue(), fc.string({ maxLength: 40 }), fc.stringMatching(/^1[2-9]\d{9}$/), fc.stringMatching(/^\d{6}$/), hostileJson)),
  hostileJson,
);
const queryArb = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.string({ maxLength: 30 }), fc.stringMatching(/^\d{1,8}$/)));

describeWithDatabases('API plumbing', (t) => {
  it('fuzzed bodies and query strings never give a 500, always the envelope', async () => {
    const { token } = await t.signUp();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), bodyArb, queryArb, fc.boolean(), async (route, body, query, signedIn) => {
        const res = await fuzzedCall(t, route, query, body, signedIn ? t.bearer(token) : {});
        if (route.url.endsWith('/callback')) expect(res.statusCode).toBe(302);
        else expectEnvelope(res);
      }),
      { numRuns: 150 },
    );
  });

  it('malformed JSON, a wrong content type and an oversized body answer the envelope', async () => {
    const bad = await t.inject({ method: 'POST', url: '/api/auth/login', payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, msg: 'Submitted data has errors, please check', data: { error: 'BAD_REQUEST' } });
    const text = await t.inject({ method: 'POST', url: '/api/auth/login', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(text.statusCode).toBe(415);
    expect(text.json().data.error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await t.inject({ method: 'POST', url: '/api/auth/login', payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 413, data: { error: 'PAYLOAD_TOO_LARGE' } });
    const missing = await t.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, data: { error: 'ROUTE_NOT_FOUND' } });
  });

  it('echoes a sane x-request-id and makes one otherwise', async () => {
    const given = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123.x_y' } });
    expect(given.headers['x-request-id']).toBe('abc-123.x_y');
    const evil = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\r\n<script>' } });
    expect(evil.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.inject({ method: 'GET', url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the cross-origin isolation and security headers on API answers', async () => {
    const r = await t.inject({ method: 'GET', url: '/api/health/db' });
    expect(r.json()).toEqual({ code: 200, msg: 'ok', data: { database: t.kind, ok: true } });
    expect(r.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    });
    expect(String(r.headers['content-security-policy'])).toContain("script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'");
  });

  it('messages follow the lang header (zh → Chinese)', async () => {
    const r = await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: { lang: 'zh-CN' } });
    expect(r.json()).toMatchObject({ code: 401, msg: '您已退出登录，请重新登录' });
  });

  it('documents every account route in OpenAPI 3.1 at /api/docs/json, with Swagger UI at /api/docs', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const r of ROUTES) expect(doc.paths[r.url]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeTruthy();
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
    const ui = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

it('an unexpected error answers 500 with the envelope and no details', async () => {
  const app = await buildApp({ config: testConfig(), database: { pgliteSnapshot: await pgliteSnapshot() } });
  app.get('/api/test/boom', async () => {
    throw new Error('secret detail at /srv/app.ts:42');
  });
  try {
    const r = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ code: 500, msg: 'The system is busy, please try again later', data: { error: 'INTERNAL' } });
    expect(r.body).not.toContain('secret');
  } finally {
    await app.close();
  }
});
