// Issue 19 item 1 and part of item 2: the two modes (development with announced stand-ins; production
// refusing every dev outbox and sandbox, naming the variables, also as a real `node src/server/main.ts`),
// the sandbox endpoints (loopback only, the order's owner only), the WeChat sandbox no longer a way to
// take over an account, Cache-Control: no-store on API answers (every route of the OpenAPI document)
// but not on the web app's static files, the Secure cookie in production, and no code, password or
// JSON body in the log.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { ConfigError, loadConfig, standIns, testConfig, type AppConfig } from '../../src/server/config.ts';
import { isLoopback } from '../../src/server/routes/sandbox-guard.ts';
import { startFakeTencentSms, TENCENT } from './fakes/tencent-sms.ts';
import { describeWithDatabases, ManualClock, type TestApp } from './harness.ts';
import { pgliteSnapshot } from './harness/pglite.ts';
import { newProject, PNG_1PX, multipartBody } from './project-helpers.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const tencent = await startFakeTencentSms({ failWith: null });
const scratch = mkdtempSync(join(tmpdir(), 'pvstudio-hardening-'));
afterAll(async () => {
  await tencent.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Every stand-in off: production starts with this. */
const PROD_BASE = { NODE_ENV: 'production', SMS_PROVIDER: 'none', MAIL_PROVIDER: 'none', WECHAT_PROVIDER: 'none', PAY_PROVIDER: 'none' };
/** Production with the real Tencent SMS (the fake server) and the rest switched off. */
const PROD_TENCENT = {
  ...PROD_BASE,
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: TENCENT.secretId,
  TENCENT_SMS_SECRET_KEY: TENCENT.secretKey,
  TENCENT_SMS_SDK_APP_ID: TENCENT.sdkAppId,
  TENCENT_SMS_SIGN_NAME: TENCENT.signName,
  TENCENT_SMS_TEMPLATE_ID: TENCENT.templateId,
  TENCENT_SMS_ENDPOINT: tencent.origin,
};
const PASSWORD = 'Kx7#pv-Studio92';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) did not refuse`);
}

describe('modes: the configuration', () => {
  it('development (any NODE_ENV but production) allows the stand-ins and lists each of them', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const config = loadConfig({ NODE_ENV, DEMO_PHONE: 'off' });
      expect(config.mode).toBe('development');
      expect(config.cookieSecure).toBe(false);
      expect(standIns(config).map((s) => s.service)).toEqual(['SMS codes', 'E-mail', 'WeChat sign-in', 'Payments']);
    }
    // the demo account stays on by default in development
    expect(loadConfig({}).demo?.phone).toBe('13800000000');
  });

  it('production refuses every stand-in at once, naming the variables of each real service', () => {
    const msg = refusal({ NODE_ENV: 'production' });
    expect(msg).toMatch(/^NODE_ENV=production: the server does not start with development stand-ins/);
    for (const name of ['TENCENT_SMS_SECRET_ID', 'ALIYUN_SMS_ACCESS_KEY_ID', 'SMS_PROVIDER=none', 'SMTP_HOST', 'MAIL_FROM', 'MAIL_PROVIDER=none', 'WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_PROVIDER=none', 'WECHATPAY_MCHID', 'WECHATPAY_PRIVATE_KEY_FILE', 'PAY_PROVIDER=none']) {
      expect(msg).toContain(name);
    }
    expect(msg.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(4);
  });

  it('production refuses each stand-in alone, and names only that one', () => {
    const cases: Array<[Record<string, string>, string, string[]]> = [
      [{ SMS_PROVIDER: 'dev' }, 'SMS codes: dev outbox', ['TENCENT_SMS_SECRET_ID']],
      [{ MAIL_PROVIDER: 'dev' }, 'E-mail: dev outbox', ['SMTP_HOST']],
      [{ WECHAT_PROVIDER: 'sandbox' }, 'WeChat sign-in: sandbox provider', ['WECHAT_APP_ID']],
      [{ PAY_PROVIDER: 'sandbox' }, 'Payments: sandbox provider', ['WECHATPAY_MCHID']],
      [{ DEMO_PHONE: '13800000009' }, 'Demo account', ['DEMO_PASSWORD']],
      [{ COOKIE_SECURE: 'false' }, 'Sign-in cookie', ['COOKIE_SECURE']],
    ];
    const all = ['TENCENT_SMS_SECRET_ID', 'SMTP_HOST', 'WECHAT_APP_ID', 'WECHATPAY_MCHID', 'DEMO_PASSWORD', 'COOKIE_SECURE'];
    for (const [env, line, names] of cases) {
      const msg = refusal({ ...PROD_BASE, ...env });
      const lines = msg.split('\n').filter((l) => l.startsWith('  - '));
      expect(lines, msg).toHaveLength(1);
      expect(lines[0]).toContain(line);
      for (const n of all) expect(msg.includes(n), `${line}: ${n}`).toBe(names.includes(n));
    }
  });

  it('production starts with real services or services switched off: no demo, the cookie Secure', () => {
    const off = loadConfig(PROD_BASE);
    expect(off).toMatchObject({ mode: 'production', cookieSecure: true, demo: null, sms: { kind: 'none' }, mail: { kind: 'none' }, wechat: { kind: 'none' }, pay: { kind: 'none' } });
    expect(standIns(off)).toEqual([]);
    const real = loadConfig({ ...PROD_TENCENT, MAIL_PROVIDER: '', SMTP_HOST: 'smtp.example.com', MAIL_FROM: 'PV <noreply@example.com>', WECHAT_PROVIDER: '', WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's' });
    expect(real).toMatchObject({ sms: { kind: 'tencent' }, mail: { kind: 'smtp' }, wechat: { kind: 'open' }, cookieSecure: true });
    // even with a plain-http PUBLIC_URL
    expect(loadConfig({ ...PROD_BASE, PUBLIC_URL: 'http://pv.example.com' }).cookieSecure).toBe(true);
    expect(loadConfig({ ...PROD_BASE, DEMO_PHONE: '13800000009', DEMO_PASSWORD: PASSWORD }).demo).toEqual({ phone: '13800000009', password: PASSWORD });
  });
});

/** Runs `node --import tsx src/server/main.ts` with `env` (no inherited provider settings). */
function runServer(env: Record<string, string>, until: (out: string) => boolean, timeoutMs: number) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(NODE_ENV|SMS_|TENCENT_|ALIYUN_|MAIL_|SMTP_|WECHAT|PAY_|DEMO_|COOKIE_|DATABASE_URL|DATA_DIR|BLOB_DIR|PORT|HOST|PUBLIC_URL)/.test(k)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env: { ...inherited, ...env } });
  let stdout = '';
  let stderr = '';
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not finish in ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    const check = () => {
      if (until(stdout)) child.kill('SIGTERM');
    };
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      check();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('modes: a real start of src/server/main.ts', () => {
  it('NODE_ENV=production with the stand-ins exits non-zero with the one message, before opening any database', async () => {
    const dataDir = join(scratch, 'prod-data');
    const r = await runServer({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' }, () => false, 60_000);
    expect(r.code).not.toBe(0);
    expect(r.code).not.toBeNull();
    expect(r.stderr).toContain('NODE_ENV=production: the server does not start with development stand-ins');
    for (const name of ['TENCENT_SMS_SECRET_ID', 'SMTP_HOST', 'WECHAT_APP_ID', 'WECHATPAY_MCHID']) expect(r.stderr).toContain(name);
    expect(r.stdout).not.toContain('PV Studio is running');
    expect(existsSync(dataDir)).toBe(false);
  }, 90_000);

  it('development announces each stand-in on the console at start', async () => {
    const dataDir = join(scratch, 'dev-data');
    const r = await runServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_PHONE: 'off', LOG_LEVEL: 'warn' }, (out) => /PV Studio is running[\s\S]*Payments:/.test(out), 120_000);
    expect(r.stdout).toContain('Development mode (NODE_ENV=production refuses these stand-ins):');
    for (const line of ['SMS codes: dev outbox', 'E-mail: dev outbox', 'WeChat sign-in: sandbox provider', 'Payments: sandbox provider']) expect(r.stdout).toContain(line);
  }, 150_000);
});

it('loopback: 127.0.0.0/8, ::1 and their IPv4-mapped form, nothing else', () => {
  for (const a of ['127.0.0.1', '127.200.3.4', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) expect(isLoopback(a), a).toBe(true);
  for (const a of ['10.0.0.1', '192.168.1.2', '203.0.113.9', '::ffff:10.0.0.1', '2001:db8::1', '::', '', 'localhost', undefined]) expect(isLoopback(a), String(a)).toBe(false);
});

const REMOTE = ['203.0.113.9', '2001:db8::7', '::ffff:192.0.2.1'];

describeWithDatabases('sandbox payment: loopback and the order owner only', (t) => {
  async function order(token: string): Promise<string> {
    const res = await t.inject({ method: 'POST', url: '/api/pay/order/create', headers: t.bearer(token), payload: { planId: 'membership-monthly', quantity: 1, payWay: 'wx' } });
    expect(res.json().code, res.body).toBe(200);
    return res.json().data.orderSn;
  }
  const status = async (token: string, sn: string) => (await t.inject({ method: 'GET', url: `/api/pay/order/queryOrderStatus/${sn}?payWay=wx`, headers: t.bearer(token) })).json().data;

  it('refuses other addresses (404), other users (404) and no session (401); the owner on loopback completes', async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const sn = await order(alice.token);
    const complete = (token: string | null, remoteAddress = '127.0.0.1') =>
      t.inject({ method: 'POST', url: `/api/pay/sandbox/complete/${sn}`, headers: token ? t.bearer(token) : {}, remoteAddress });
    const page = (token: string, method: 'GET' | 'POST', remoteAddress = '127.0.0.1') =>
      t.inject({ method, url: `/api/pay/sandbox/pay/${sn}`, cookies: { loginToken: token }, remoteAddress, ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' } : {}) });

    for (const remoteAddress of REMOTE) {
      const r = await complete(alice.token, remoteAddress);
      expect(r.statusCode, remoteAddress).toBe(404);
      expect(r.json().data.error).toBe('NOT_FOUND');
      expect((await page(alice.token, 'GET', remoteAddress)).statusCode).toBe(404);
      expect((await page(alice.token, 'POST', remoteAddress)).statusCode).toBe(404);
    }
    const byBob = await complete(bob.token);
    expect(byBob.statusCode).toBe(404);
    expect(byBob.json().data.error).toBe('ORDER_NOT_FOUND');
    expect((await page(bob.token, 'GET')).statusCode).toBe(404);
    expect((await page(bob.token, 'POST')).statusCode).toBe(404);
    expect((await complete(null)).statusCode).toBe(401);
    // nothing was paid
    expect(await status(alice.token, sn)).toBe(0);
    expect((await t.db.selectFrom('pay_orders').select('status').where('order_sn', '=', sn).executeTakeFirstOrThrow()).status).toBe('pending');

    const mine = await complete(alice.token, '::1');
    expect(mine.json()).toMatchObject({ code: 200, data: { orderSn: sn, status: 1 } });
    expect(await status(alice.token, sn)).toBe(1);
  });

  it("the payer's page and its button work for the owner from loopback (IPv4-mapped too)", async () => {
    const { token } = await t.signUp();
    const sn = await order(token);
    const html = await t.inject({ method: 'GET', url: `/api/pay/sandbox/pay/${sn}`, cookies: { loginToken: token }, remoteAddress: '::ffff:127.0.0.1' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('No money moves');
    const paid = await t.inject({ method: 'POST', url: `/api/pay/sandbox/pay/${sn}`, cookies: { loginToken: token }, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.body).toContain('Paid.');
    expect(await status(token, sn)).toBe(1);
  });
});

describeWithDatabases('WeChat sandbox: no account takeover', (t) => {
  interface Scan {
    /** The sandbox page's status (200, then 302 from the confirmation), or its refusal. */
    status: number;
    code: string | null;
    path: string | null;
    ticket: string | null;
    error: string | null;
  }
  /** One scan in a browser (its cookies, updated): the sandbox pages, then the public callback. */
  async function scan(browser: Record<string, string>, openid: string, remoteAddress = '127.0.0.1'): Promise<Scan> {
    const qr = (await t.inject({ method: 'GET', url: '/api/auth/wechat/qr' })).json().data;
    const page = new URL(qr.url);
    const refused = (status: number): Scan => ({ status, code: null, path: null, ticket: null, error: null });
    const html = await t.inject({ method: 'GET', url: page.pathname + page.search, cookies: browser, remoteAddress });
    if (html.statusCode !== 200) return refused(html.statusCode);
    for (const c of html.cookies) browser[c.name] = c.value;
    const confirm = await t.inject({ method: 'GET', url: `/api/auth/wechat/sandbox/confirm?state=${qr.state}&openid=${openid}&nickname=N`, cookies: browser, remoteAddress });
    if (confirm.statusCode !== 302) return refused(confirm.statusCode);
    const code = new URL(String(confirm.headers.location), 'http://app').searchParams.get('code') ?? '';
    return { status: 302, code, ...(await callback(code, qr.state)) };
  }
  async function callback(code: string, state: string): Promise<Pick<Scan, 'path' | 'ticket' | 'error'>> {
    const r = await t.inject({ method: 'GET', url: `/api/auth/wechat/callback?${new URLSearchParams({ code, state })}` });
    expect(r.statusCode).toBe(302);
    const to = new URL(String(r.headers.location), 'http://app');
    return { path: to.pathname, ticket: to.searchParams.get('wechatTicket'), error: to.searchParams.get('wechatError') };
  }
  const newState = async (): Promise<string> => (await t.inject({ method: 'GET', url: '/api/auth/wechat/qr' })).json().data.state;
  const exchange = async (ticket: string) => (await t.inject({ method: 'POST', url: '/api/auth/wechat/exchange', payload: { wechatTicket: ticket } })).json().data;

  it("naming the victim's sandbox openid does not sign in as the victim; the victim's own browser still does", async () => {
    // The victim binds a sandbox WeChat in their browser.
    const victimBrowser: Record<string, string> = {};
    const first = await scan(victimBrowser, 'victim');
    expect(first.path).toBe('/bindAccount');
    const phone = t.phone();
    const bound = await t.inject({ method: 'POST', url: '/api/auth/wechat/bind-phone', payload: { wechatTicket: first.ticket, phone, code: await t.smsCode(phone, 'bind') } });
    const victimId = bound.json().data.userId as number;
    expect(victimId).toBeGreaterThan(0);
    const identity = await t.db.selectFrom('user_identities').select(['subject']).where('user_id', '=', victimId).executeTakeFirstOrThrow();
    expect(identity.subject).toMatch(/^sandbox-[\w-]{12}-victim$/);

    // 1. A code forged in the old sandbox format (the code was the profile itself), at the public callback.
    for (const openid of ['victim', identity.subject.slice('sandbox-'.length)]) {
      const forged = 'sandbox.' + Buffer.from(JSON.stringify({ openid, nickname: 'x' })).toString('base64url');
      const r = await callback(forged, await newState());
      expect(r.path, openid).toBe('/login');
      expect(r.ticket).toBeNull();
      expect(r.error).toBe('WeChat sign-in failed: invalid code');
    }
    // 2. The sandbox pages from another machine, even with the victim's device cookie.
    for (const remoteAddress of REMOTE) {
      expect((await scan({}, 'victim', remoteAddress)).status).toBe(404);
      expect((await scan({ ...victimBrowser }, 'victim', remoteAddress)).status).toBe(404);
    }
    // 3. Another browser on this machine naming the same sandbox user id is another WeChat person.
    const other = await scan({}, 'victim');
    expect(other.path).toBe('/bindAccount');
    expect(await exchange(other.ticket!)).toEqual({ bindRequired: true, nickname: 'N' });
    const forgedDevice = await scan({ wechatSandboxDevice: 'A'.repeat(32) }, 'victim');
    expect(forgedDevice.path).toBe('/bindAccount');

    // The victim's own browser signs straight in; its code works once only.
    const again = await scan(victimBrowser, 'victim');
    expect(again.path).toBe('/loadLogin');
    expect(await exchange(again.ticket!)).toMatchObject({ bindRequired: false, userId: victimId });
    const replay = await callback(again.code!, await newState());
    expect(replay.error).toBe('WeChat sign-in failed: invalid code');
  });
});

/** The path with its {params} filled and, for GET, the query every project call takes. */
function sampleUrl(path: string, projectId: number, orderSn: string, get: boolean): string {
  const filled = path.replace('{orderSn}', orderSn).replace(/\{[^}]+\}/g, '1');
  return get ? `${filled}?projectId=${projectId}&page=1&size=10` : filled;
}

describeWithDatabases('Cache-Control: no-store on API answers', (t) => {
  it('every route of the OpenAPI document answers no-store to a signed-in caller (and the sign-in answer too)', async () => {
    const login = await t.signUp();
    const h = t.bearer(login.token);
    const projectId = await newProject(t, login.token);
    const orderSn = (await t.inject({ method: 'POST', url: '/api/pay/order/create', headers: h, payload: { planId: 'membership-monthly', quantity: 1, payWay: 'wx' } })).json().data.orderSn as string;
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { security?: unknown }>> };
    const answers: Array<{ route: string; status: number; cacheControl: unknown; signedIn: boolean }> = [];
    let exit: string | null = null;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (path.startsWith('/api/docs')) continue; // the public API documentation keeps its caching
      for (const [method, op] of Object.entries(ops)) {
        const route = `${method.toUpperCase()} ${path}`;
        if (path === '/api/auth/exit') {
          exit = route; // ends the session: last
          continue;
        }
        const get = method === 'get';
        const res = await t.inject({ method: method.toUpperCase() as 'GET', url: sampleUrl(path, projectId, orderSn, get), headers: h, ...(get ? {} : { payload: {} }) });
        answers.push({ route, status: res.statusCode, cacheControl: res.headers['cache-control'], signedIn: op.security !== undefined });
      }
    }
    expect(exit).not.toBeNull();
    const out = await t.inject({ method: 'POST', url: '/api/auth/exit', headers: h });
    answers.push({ route: exit!, status: out.statusCode, cacheControl: out.headers['cache-control'], signedIn: true });

    expect(answers.filter((a) => a.cacheControl !== 'no-store')).toEqual([]);
    // A real sample: most signed-in routes are there, and many of them answered with data.
    expect(answers.filter((a) => a.signedIn).length).toBeGreaterThan(100);
    expect(answers.filter((a) => a.signedIn && a.status === 200).length).toBeGreaterThan(30);
    // The sign-in answer carries the token.
    const phone = t.phone();
    const code = await t.smsCode(phone);
    const signIn = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code } });
    expect(signIn.json().code).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
  });

  it("a project's images (once cached privately for an hour) are no-store too", async () => {
    const { token } = await t.signUp();
    const projectId = await newProject(t, token);
    const m = multipartBody([{ name: 'a.png', bytes: PNG_1PX, type: 'image/png' }]);
    const up = await t.inject({ method: 'POST', url: `/api/web/project/screenshots?projectId=${projectId}`, headers: { ...t.bearer(token), ...m.headers }, payload: m.payload });
    const shot = up.json().data.list[0] as { id: number };
    const img = await t.inject({ method: 'GET', url: `/api/web/project/screenshots/file?projectId=${projectId}&id=${shot.id}`, headers: t.bearer(token) });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('no-store');
    const cells = await t.inject({ method: 'GET', url: '/api/web/project/get/city-cells?cellDeg=5', headers: t.bearer(token) });
    expect(cells.headers['cache-control']).toBe('no-store');
  });
});

describe('Cache-Control: the web app’s static files keep their caching', () => {
  let app: FastifyInstance;
  const dist = join(scratch, 'dist');
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>PV Studio</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildApp({ config: testConfig(), distDir: dist });
    await app.ready();
  });
  afterAll(() => app.close());

  it('assets immutable, pages and root files revalidated, never no-store, also with a session cookie', async () => {
    const get = (url: string): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url, cookies: { loginToken: 'some-session' } });
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/favicon.svg', '/user/info']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
    // while the API next to them is no-store
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
  });
});

/** Production as loadConfig builds it (real SMS through the fake Tencent server), on a test database. */
function productionOverrides(): Partial<AppConfig> {
  const prod = loadConfig({ ...PROD_TENCENT, DATA_DIR: join(scratch, 'unused') });
  return { mode: prod.mode, cookieSecure: prod.cookieSecure, sms: prod.sms, mail: prod.mail, wechat: prod.wechat, pay: prod.pay, demo: prod.demo };
}

async function passwordSignIn(t: TestApp) {
  const { phone } = await t.createUser(PASSWORD);
  const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: PASSWORD } });
  expect(res.json().code, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'loginToken');
  expect(cookie).toBeDefined();
  return cookie!;
}

describeWithDatabases(
  'production mode: the sign-in cookie',
  (t) => {
    it('is Secure (and HttpOnly) although the public URL is http', async () => {
      expect(t.app.config.publicUrl.startsWith('http:')).toBe(true);
      const cookie = await passwordSignIn(t);
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      // the sandbox endpoints do not exist here
      expect((await t.inject({ method: 'GET', url: '/api/auth/wechat/sandbox/authorize?state=x' })).statusCode).toBe(404);
      expect((await t.inject({ method: 'POST', url: '/api/pay/sandbox/complete/PV0000000000000000' })).statusCode).toBe(404);
    });
  },
  productionOverrides(),
);

describeWithDatabases('development mode: the sign-in cookie', (t) => {
  it('is not Secure on an http public URL (the browser would drop it)', async () => {
    expect((await passwordSignIn(t)).secure).toBeFalsy();
  });
});

describe('the log holds no code, password or JSON body', () => {
  async function appWithLog(overrides: Partial<AppConfig>) {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig(overrides),
      clock: new ManualClock(),
      database: { pgliteSnapshot: await pgliteSnapshot() },
      logger: { level: 'info', stream: { write: (s: string) => void lines.push(s) } },
    });
    await app.ready();
    return { app, log: () => lines.join('') };
  }

  it('production: a code sent by SMS is delivered but never logged', async () => {
    const { app, log } = await appWithLog(productionOverrides());
    try {
      const before = tencent.requests.length;
      await app.services.codes.send({ channel: 'sms', target: '13900000077', purpose: 'login' }, '127.0.0.1');
      const sent = JSON.parse(tencent.requests.slice(before).find((r) => r.body.includes('13900000077'))!.body) as { TemplateParamSet: string[] };
      const code = sent.TemplateParamSet[0];
      expect(code).toMatch(/^\d{6}$/);
      expect(log()).not.toContain(code);
      const row = await app.db.selectFrom('outbox').select('body').where('recipient', '=', '13900000077').executeTakeFirstOrThrow();
      expect(row.body).not.toContain(code);
    } finally {
      await app.close();
    }
  });

  it('development (the control): the dev outbox does log the code', async () => {
    const { app, log } = await appWithLog({});
    try {
      await app.services.codes.send({ channel: 'sms', target: '13900000078', purpose: 'login' }, '127.0.0.1');
      const row = await app.db.selectFrom('outbox').select('body').where('recipient', '=', '13900000078').executeTakeFirstOrThrow();
      const code = /code is (\d{6})/.exec(row.body)![1];
      expect(log()).toContain(code);
    } finally {
      await app.close();
    }
  });

  it('a malformed JSON body (a password in it) is answered 400 and logged without its text', async () => {
    const { app, log } = await appWithLog(productionOverrides());
    try {
      const secret = 'Hunter2-Secret-Pass';
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: `{"username":"13900000079","password":${secret}}` });
      expect(res.statusCode).toBe(400);
      expect(log()).toContain('client error');
      expect(log()).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
