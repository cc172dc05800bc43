// WeChat QR sign-in (spec 001 §2: "a WeChat user must bind a phone"; WeChat rebinding and unbinding):
// the sandbox provider end to end, and the WeChat Open Platform provider against a local server that
// speaks its documented API (qrconnect, sns/oauth2/access_token, sns/userinfo).
import { afterAll, expect, it } from 'vitest';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { startFakeWeChat, WECHAT_APP } from './fakes/wechat.ts';

const fake = await startFakeWeChat();
afterAll(() => fake.close());

/** Follows the callback redirect and returns the web-app path and its wechatTicket. */
async function callback(t: TestApp, query: string) {
  const r = await t.inject({ method: 'GET', url: `/api/auth/wechat/callback?${query}` });
  expect(r.statusCode).toBe(302);
  const location = new URL(String(r.headers.location), 'http://app');
  return { path: location.pathname, ticket: location.searchParams.get('wechatTicket'), error: location.searchParams.get('wechatError') };
}

async function bindPhone(t: TestApp, ticket: string, phone: string) {
  const code = await t.smsCode(phone, 'bind');
  return t.inject({ method: 'POST', url: '/api/auth/wechat/bind-phone', payload: { wechatTicket: ticket, phone, code } });
}

describeWithDatabases('WeChat sandbox', (t) => {
  /** The block's one browser: the sandbox's device cookie, set by the first sandbox page it opens. */
  const browser: Record<string, string> = {};
  async function scan(openid: string, nickname = 'Sandy') {
    const qr = (await t.inject({ method: 'GET', url: '/api/auth/wechat/qr' })).json().data;
    expect(qr.provider).toBe('sandbox');
    const page = new URL(qr.url);
    expect(page.pathname).toBe('/api/auth/wechat/sandbox/authorize');
    const html = await t.inject({ method: 'GET', url: page.pathname + page.search, cookies: browser });
    expect(html.body).toContain('this page stands in for scanning the QR code');
    for (const c of html.cookies) browser[c.name] = c.value;
    const confirm = await t.inject({ method: 'GET', url: `/api/auth/wechat/sandbox/confirm?state=${qr.state}&openid=${openid}&nickname=${encodeURIComponent(nickname)}`, cookies: browser });
    const next = new URL(String(confirm.headers.location), 'http://app');
    return callback(t, next.searchParams.toString());
  }

  it('a new WeChat user binds a phone (registering it); the next scan signs straight in', async () => {
    const first = await scan('sandy-1');
    expect(first.path).toBe('/bindAccount');
    const ex = await t.inject({ method: 'POST', url: '/api/auth/wechat/exchange', payload: { wechatTicket: first.ticket } });
    expect(ex.json().data).toEqual({ bindRequired: true, nickname: 'Sandy' });
    const phone = t.phone();
    const bound = await bindPhone(t, first.ticket!, phone);
    expect(bound.json()).toMatchObject({ code: 200, data: { registered: true, phone, userInfo: { nickName: 'Sandy' } } });
    // The ticket is spent.
    expect((await t.inject({ method: 'POST', url: '/api/auth/wechat/exchange', payload: { wechatTicket: first.ticket } })).json().data.error).toBe('WECHAT_STATE_INVALID');

    const second = await scan('sandy-1');
    expect(second.path).toBe('/loadLogin');
    const login = await t.inject({ method: 'POST', url: '/api/auth/wechat/exchange', payload: { wechatTicket: second.ticket } });
    expect(login.json()).toMatchObject({ code: 200, data: { bindRequired: false, userId: bound.json().data.userId } });
    const stat = (await t.inject({ method: 'GET', url: '/api/user/get-user-bind-stat', headers: t.bearer(login.json().data.token) })).json().data;
    expect(stat).toMatchObject({ phone: true, wechat: true, wechatNickname: 'Sandy' });
  });

  it('binding a phone that already has another WeChat is refused with the spec message', async () => {
    const a = await scan('sandy-2');
    const phone = t.phone();
    expect((await bindPhone(t, a.ticket!, phone)).json().code).toBe(200);
    const b = await scan('sandy-3');
    const r = await bindPhone(t, b.ticket!, phone);
    expect(r.statusCode).toBe(409);
    expect(r.json().msg).toBe('This mobile number has been bound to other wechat, please change the mobile number');
  });

  it('an existing phone account without WeChat gets it linked', async () => {
    const { phone, userId } = await t.createUser('pass-word1');
    const s = await scan('sandy-4');
    const r = await bindPhone(t, s.ticket!, phone);
    expect(r.json()).toMatchObject({ code: 200, data: { userId, registered: false } });
  });

  it('rebinding from the personal centre and unbinding', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const qr = (await t.inject({ method: 'GET', url: '/api/user/wechat-bind/qr', headers: h })).json().data;
    const confirm = await t.inject({ method: 'GET', url: `/api/auth/wechat/sandbox/confirm?state=${qr.state}&openid=sandy-5` });
    const done = await callback(t, new URL(String(confirm.headers.location), 'http://app').searchParams.toString());
    expect(done.path).toBe('/user/info');
    expect((await t.inject({ method: 'GET', url: '/api/user/get-user-bind-stat', headers: h })).json().data.wechat).toBe(true);
    expect((await t.inject({ method: 'PUT', url: '/api/user/wechat-unbind', headers: h })).json()).toMatchObject({ code: 200 });
    expect((await t.inject({ method: 'GET', url: '/api/user/get-user-bind-stat', headers: h })).json().data.wechat).toBe(false);
    expect((await t.inject({ method: 'PUT', url: '/api/user/wechat-unbind', headers: h })).json().msg).toBe('No WeChat is bound to this account');
  });

  it('an unknown or reused state is refused', async () => {
    expect((await callback(t, 'code=x&state=nope')).error).toBe('The WeChat QR code has expired, please scan again');
  });
});

describeWithDatabases(
  'WeChat Open Platform',
  (t) => {
    it('builds the documented qrconnect URL, exchanges the code and reads the user info', async () => {
      const qr = (await t.inject({ method: 'GET', url: '/api/auth/wechat/qr' })).json().data;
      expect(qr.provider).toBe('open');
      const url = new URL(qr.url);
      expect(url.origin + url.pathname).toBe(`${fake.origin}/connect/qrconnect`);
      expect(url.hash).toBe('#wechat_redirect');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        appid: WECHAT_APP.appId,
        redirect_uri: `${t.app.config.publicUrl}/api/auth/wechat/callback`,
        response_type: 'code',
        scope: 'snsapi_login',
        state: qr.state,
      });

      const cb = await callback(t, `code=code-alice&state=${qr.state}`);
      expect(cb.path).toBe('/bindAccount');
      const token = fake.requests.find((r) => r.url.pathname === '/sns/oauth2/access_token')!;
      expect(Object.fromEntries(token.url.searchParams)).toEqual({ appid: WECHAT_APP.appId, secret: WECHAT_APP.appSecret, code: 'code-alice', grant_type: 'authorization_code' });
      const bound = await bindPhone(t, cb.ticket!, t.phone());
      expect(bound.json()).toMatchObject({ code: 200, data: { userInfo: { nickName: 'Alice', headImgUrl: 'https://thirdwx.qlogo.cn/alice/132' } } });
      const identity = await t.db.selectFrom('user_identities').selectAll().where('user_id', '=', bound.json().data.userId).executeTakeFirstOrThrow();
      expect(identity).toMatchObject({ provider: 'wechat', subject: 'u-alice', openid: 'o-alice' });
      // A state is used once.
      expect((await callback(t, `code=code-alice&state=${qr.state}`)).error).toMatch(/expired/);
    });

    it("WeChat's error answer (invalid code) sends the browser back to /login with the reason", async () => {
      const qr = (await t.inject({ method: 'GET', url: '/api/auth/wechat/qr' })).json().data;
      const cb = await callback(t, `code=forged&state=${qr.state}`);
      expect(cb.path).toBe('/login');
      expect(cb.error).toBe('WeChat sign-in failed: errcode 40029: invalid code');
    });
  },
  { wechat: { kind: 'open', appId: WECHAT_APP.appId, appSecret: WECHAT_APP.appSecret, authorizeUrl: `${fake.origin}/connect/qrconnect`, apiUrl: fake.origin } },
);
