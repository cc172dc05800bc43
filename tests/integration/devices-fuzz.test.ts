// Fuzzed query strings and bodies on the O&M device calls and the message calls never give a 500:
// always the envelope with a 4xx (or 200 when the fuzz happens to be valid). Values include NUL
// characters, lone surrogates, huge and negative numbers, the user's real ids and ids out of range.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';
import { newProject } from './project-helpers.ts';

const ROUTES: Array<{ method: 'GET' | 'POST'; url: string }> = [
  { method: 'POST', url: '/api/web/project/binding-project' },
  { method: 'POST', url: '/api/web/project/binding-inverter' },
  { method: 'POST', url: '/api/web/collector/unbind' },
  { method: 'GET', url: '/api/web/device/getDevices' },
  { method: 'GET', url: '/api/user/message/list' },
  { method: 'GET', url: '/api/user/message/unread-count' },
  { method: 'POST', url: '/api/user/message/read' },
  { method: 'POST', url: '/api/user/message/read-all' },
  { method: 'POST', url: '/api/user/message/delete' },
];
const FIELDS = ['projectId', 'aiomProjectId', 'inverterSn', 'inverterId', 'collectorSn', 'id', 'page', 'size', 'status'];

const nasty = fc.oneof(
  fc.string({ maxLength: 70 }),
  fc.constantFrom('\u0000', 'SN\u0000001', '\ud800', 'x\udfffy', '%', '_', '\\', "'; drop table device_inverters; --", 'ﬃ', '𝔘', 'unread', 'ABCD-1234'),
);
const numbers = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1e308));

describeWithDatabases('fuzzed device and message calls', (t) => {
  it('never answer a 500, always the envelope', async () => {
    const { token, userId } = await t.signUp();
    const station = await newProject(t, token, { name: 'Plant', reOrAiom: 'AIOM' });
    const design = await newProject(t, token, { name: 'Design' });
    const message = (await t.app.services.messages.post(userId, { kind: 'system', params: { title: 'T', body: 'B' } }))!;
    const inverter = (await t.db.selectFrom('library_inverters').select('id').where('source', '=', 'system').executeTakeFirstOrThrow()).id;
    const ids = fc.constantFrom(String(station), String(design), String(message), String(inverter));
    const query = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(nasty, fc.stringMatching(/^\d{1,12}$/), ids), { maxKeys: 5 });
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), nasty, numbers, fc.constant(message));
    const body = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 4 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), query, body, fc.boolean(), async (route, q, b, signedIn) => {
        const auth = signedIn ? t.bearer(token) : {};
        const res = await t.inject({
          method: route.method,
          url: route.url,
          query: q as Record<string, string>,
          ...(route.method === 'GET' ? { headers: auth } : { payload: JSON.stringify(b), headers: { 'content-type': 'application/json', ...auth } }),
        });
        expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(q)} ${JSON.stringify(b)} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
        const json = JSON.parse(res.body) as { code: unknown; msg: unknown };
        expect(typeof json.code).toBe('number');
        expect(typeof json.msg).toBe('string');
      }),
      { numRuns: 300 },
    );
  }, 240_000);
});
