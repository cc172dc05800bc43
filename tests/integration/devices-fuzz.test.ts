// Fuzzed query strings and bodies on the O&M device calls and the message calls never give a 500:
// always the envelope with a 4xx (or 200 when the fuzz happens to be valid). Values include NUL
// characters, lone surrogates, huge and negative numbers, the user's real ids and ids out of range.
import fc from 'fast-check';
import { it } from 'vitest';
import { describeWithDatabases } from './harness.ts';
import { edgeNumbers, expectEnvelope, fuzzedCall, hostileJson, nastyStrings, type FuzzRoute } from './fuzz.ts';
import { newProject } from './project-helpers.ts';

const ROUTES: FuzzRoute[] = [
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

const nasty = nastyStrings(70, ['SN\u0000001', "'; drop table device_inverters; --", 'unread', 'ABCD-1234']);

describeWithDatabases('fuzzed device and message calls', (t) => {
  it('never answer a 500, always the envelope', async () => {
    const { token, userId } = await t.signUp();
    const station = await newProject(t, token, { name: 'Plant', reOrAiom: 'AIOM' });
    const design = await newProject(t, token, { name: 'Design' });
    const message = (await t.app.services.messages.post(userId, { kind: 'system', params: { title: 'T', body: 'B' } }))!;
    const inverter = (await t.db.selectFrom('library_inverters').select('id').where('source', '=', 'system').executeTakeFirstOrThrow()).id;
    const ids = fc.constantFrom(String(station), String(design), String(message), String(inverter));
    const query = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(nasty, fc.stringMatching(/^\d{1,12}$/), ids), { maxKeys: 5 });
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), nasty, edgeNumbers, fc.constant(message), hostileJson);
    const body = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 4 }), hostileJson);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), query, body, fc.boolean(), async (route, q, b, signedIn) => {
        const res = await fuzzedCall(t, route, q, b, signedIn ? t.bearer(token) : {});
        expectEnvelope(res, `${route.method} ${route.url} ${JSON.stringify(q)} ${JSON.stringify(b)}`);
      }),
      { numRuns: 300 },
    );
  }, 240_000);
});
