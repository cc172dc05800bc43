// The typed API client (spec 000 §7 "Conventions", §8 "Response envelope"; 001 §7, §8) and the
// session's local storage (spec 000 §3 "Local storage keys", §4 "Login state"): envelope outcomes,
// headers, what 401/403 and logout clear. fetch is replaced by a function answering fixed envelopes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { interpretAnswer } from '../../../src/web/api/envelope.ts';
import { onApiEvent, type ApiEvent } from '../../../src/web/api/events.ts';
import { ApiError, request, requestBlob, requestHeaders, setClientStore, withQuery } from '../../../src/web/api/http.ts';
import { readSession } from '../../../src/web/session/session.ts';
import { clearForLogout, clearSessionKeys, LOGOUT_KEYS, SESSION_KEYS, STORAGE_KEYS, type KeyValueStore } from '../../../src/web/session/storage.ts';

function memoryStore(init: Record<string, string> = {}): KeyValueStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(init));
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('envelope outcomes (spec 000 §8)', () => {
  it('code 200 and code 0 give the data', () => {
    expect(interpretAnswer(200, { code: 200, msg: 'ok', data: { a: 1 } })).toEqual({ kind: 'ok', data: { a: 1 } });
    expect(interpretAnswer(200, { code: 0, msg: '', data: [1, 2] })).toEqual({ kind: 'ok', data: [1, 2] });
  });

  it('an inner data code −2 sends the user to the enterprise project list', () => {
    expect(interpretAnswer(200, { code: 200, msg: 'ok', data: { code: -2 } }).kind).toBe('enterpriseList');
  });

  it('401 and 403 end the session, by envelope code or by HTTP status without an envelope', () => {
    expect(interpretAnswer(401, { code: 401, msg: 'You have been logged out. Please log in again', data: null }).kind).toBe('sessionEnded');
    expect(interpretAnswer(403, { code: 403, msg: 'disabled', data: null }).kind).toBe('sessionEnded');
    expect(interpretAnswer(401, undefined).kind).toBe('sessionEnded');
  });

  it('428 asks for the initial-password change; other codes are errors with the message and details', () => {
    expect(interpretAnswer(428, { code: 428, msg: 'Please change the initial password first', data: { error: 'PASSWORD_CHANGE_REQUIRED' } }).kind).toBe('passwordChangeRequired');
    expect(interpretAnswer(429, { code: 429, msg: 'Please do not request codes frequently', data: { error: 'CODE_TOO_FREQUENT', retryAfter: 42 } })).toEqual({
      kind: 'error',
      code: 429,
      msg: 'Please do not request codes frequently',
      details: { error: 'CODE_TOO_FREQUENT', retryAfter: 42 },
    });
    expect(interpretAnswer(502, '<html>bad gateway</html>')).toEqual({ kind: 'error', code: 502, msg: '', details: null });
  });
});

describe('headers (spec 000 §7)', () => {
  it('send the bearer token, client and Platform LITE (MAIL for mail codes) and lang', () => {
    const s = memoryStore({ token: 'abc' });
    expect(requestHeaders(s, 'zh')).toEqual({ client: 'LITE', Platform: 'LITE', lang: 'zh', Authorization: 'Bearer abc' });
    expect(requestHeaders(s, 'en', 'MAIL').Platform).toBe('MAIL');
    expect(requestHeaders(memoryStore(), 'zh').Authorization).toBeUndefined();
  });

  it('send isEnterprise and enterpriseId when set', () => {
    const h = requestHeaders(memoryStore({ token: 't', isEnterprise: 'true', enterpriseId: '42' }), 'en');
    expect(h).toMatchObject({ isEnterprise: 'true', enterpriseId: '42' });
  });

  it('leave empty query values out', () => {
    expect(withQuery('/api/x', { a: 1, b: undefined, c: null, d: '', e: 'x y' })).toBe('/api/x?a=1&e=x+y');
    expect(withQuery('/api/x', {})).toBe('/api/x');
  });
});

describe('local storage (spec 000 §3, §4)', () => {
  it('knows the twelve keys of the spec', () => {
    expect([...STORAGE_KEYS].sort()).toEqual(
      ['token', 'userInfo', 'userId', 'licenses', 'phone', 'enterpriseUserId', 'enterpriseUrl', 'enterpriseId', 'isEnterprise', 'isAdministrator', 'language', 'uuid'].sort(),
    );
  });

  it('401/403 clear exactly userInfo, userId, token, licenses, phone, enterpriseUserId, enterpriseUrl, enterpriseId', () => {
    const s = memoryStore(Object.fromEntries(STORAGE_KEYS.map((k) => [k, 'v'])));
    clearSessionKeys(s);
    expect([...s.map.keys()].sort()).toEqual(['isAdministrator', 'isEnterprise', 'language', 'uuid']);
    expect([...SESSION_KEYS].sort()).toEqual(['enterpriseId', 'enterpriseUrl', 'enterpriseUserId', 'licenses', 'phone', 'token', 'userId', 'userInfo']);
  });

  it('logout clears every key but the language', () => {
    const s = memoryStore(Object.fromEntries(STORAGE_KEYS.map((k) => [k, 'v'])));
    clearForLogout(s);
    expect([...s.map.keys()]).toEqual(['language']);
    expect(LOGOUT_KEYS).not.toContain('language');
  });

  it('reads the session with the licence permissions', () => {
    const s = memoryStore({ token: 't', userId: '5', userInfo: '{"isEnableBackend":true}', licenses: '{"PVSTUDIO_LITE_licensePermanent":true}', isAdministrator: 'true' });
    expect(readSession(s)).toMatchObject({ token: 't', userId: '5', userInfo: { isEnableBackend: true }, permissions: { lite: true, aiom: false }, isAdministrator: true });
    expect(readSession(memoryStore({ userInfo: 'not json' })).userInfo).toBeNull();
  });
});

describe('request()', () => {
  const events: ApiEvent[] = [];
  let off: () => void;
  let store: ReturnType<typeof memoryStore>;
  const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  beforeEach(() => {
    events.length = 0;
    off = onApiEvent((e) => events.push(e));
    store = memoryStore({ token: 'tok', userId: '1', userInfo: '{}', phone: '13800000000', language: 'en' });
    setClientStore(store);
  });
  afterEach(() => {
    off();
    vi.unstubAllGlobals();
  });

  it('returns the data checked by the schema, sending the headers and a JSON body', async () => {
    const f = answer(200, { code: 200, msg: 'ok', data: { id: 3, extra: 'dropped' } });
    vi.stubGlobal('fetch', f);
    const data = await request('/api/thing', z.object({ id: z.number() }), { method: 'POST', body: { a: 1 }, query: { q: 'x' } });
    expect(data).toEqual({ id: 3 });
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/thing?q=x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', client: 'LITE', 'content-type': 'application/json' });
    expect(events).toEqual([]);
  });

  it('on 401 clears the session keys, reports the end of the session and rejects', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 401, msg: 'You have been logged out. Please log in again', data: { error: 'UNAUTHORIZED' } }));
    await expect(request('/api/x', z.object({}))).rejects.toBeInstanceOf(ApiError);
    expect(store.map.get('token')).toBeUndefined();
    expect(store.map.get('phone')).toBeUndefined();
    expect(store.map.get('language')).toBe('en');
    expect(events).toEqual([{ type: 'sessionEnded' }]);
  });

  it("shows any other code's server message as an error toast and rejects with its details", async () => {
    vi.stubGlobal('fetch', answer(400, { code: 400, msg: 'phone: Mobile format is incorrect', data: { error: 'VALIDATION', field: 'phone' } }));
    const e = await request('/api/x', z.object({})).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).field).toBe('phone');
    expect(events).toEqual([{ type: 'error', message: 'phone: Mobile format is incorrect' }]);
    expect(store.map.get('token')).toBe('tok');
  });

  it('posts a multipart form as it is (the browser sets its boundary) with the same headers', async () => {
    const f = answer(200, { code: 200, msg: 'ok', data: { id: 7 } });
    vi.stubGlobal('fetch', f);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }), 'a.jpg');
    expect(await request('/api/up', z.object({ id: z.number() }), { query: { projectId: 3 }, form })).toEqual({ id: 7 });
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/up?projectId=3');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('requestBlob answers the bytes of a success and treats a failure like request()', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-type': 'image/png' } })));
    const blob = await requestBlob('/api/file');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
    vi.stubGlobal('fetch', answer(401, { code: 401, msg: 'You have been logged out. Please log in again', data: null }));
    await expect(requestBlob('/api/file', { silent: true })).rejects.toMatchObject({ code: 401 });
    expect(store.map.get('token')).toBeUndefined();
    expect(events).toEqual([{ type: 'sessionEnded' }]);
  });

  it('stays silent when asked (the caller shows the failure in place)', async () => {
    vi.stubGlobal('fetch', answer(423, { code: 423, msg: 'locked', data: { error: 'ACCOUNT_LOCKED' } }));
    await expect(request('/api/x', z.object({}), { silent: true })).rejects.toMatchObject({ code: 423, message: 'locked' });
    expect(events).toEqual([]);
  });

  it('turns a network failure or an answer of the wrong shape into the busy message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('failed to fetch'))));
    await expect(request('/api/x', z.object({}))).rejects.toMatchObject({ code: 0 });
    vi.stubGlobal('fetch', answer(200, { code: 200, msg: 'ok', data: { id: 'three' } }));
    await expect(request('/api/x', z.object({ id: z.number() }))).rejects.toMatchObject({ code: 500 });
    expect(events.map((e) => e.type)).toEqual(['error', 'error']);
    expect(events.every((e) => e.type === 'error' && /busy|繁忙/.test(e.message))).toBe(true);
  });

  it('reports the enterprise list for an inner code −2 and the password change for 428', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 200, msg: 'ok', data: { code: -2 } }));
    await expect(request('/api/x', z.object({}))).rejects.toMatchObject({ code: -2 });
    vi.stubGlobal('fetch', answer(428, { code: 428, msg: 'Please change the initial password first', data: null }));
    await expect(request('/api/x', z.object({}))).rejects.toMatchObject({ code: 428 });
    expect(events.map((e) => e.type)).toEqual(['enterpriseList', 'passwordChangeRequired', 'error']);
  });
});
