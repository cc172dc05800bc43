// Fuzzed bodies, query strings and enterpriseId headers on every JSON call of the enterprise area,
// signed in as a super administrator (so that inputs reach the services), as a personal user and
// signed out: never a 500, always the envelope (issue 19's rule for every area).
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { makeOrg, serviceUser } from './enterprise-helpers.ts';
import { edgeNumbers, expectEnvelope, fuzzedCall, hostileJson, nastyStrings, type FuzzRoute } from './fuzz.ts';
import { describeWithDatabases } from './harness.ts';

const ROUTES: FuzzRoute[] = [
  { method: 'GET', url: '/api/user/enterprise/check-enterprise-admin' },
  { method: 'GET', url: '/api/user/enterprise/get-enterprise-list' },
  { method: 'POST', url: '/api/user/enterprise/switch-enterprise' },
  { method: 'GET', url: '/api/user/enterprise/get-enterprise-detail' },
  { method: 'GET', url: '/api/user/enterprise/dashboard' },
  { method: 'GET', url: '/api/user/enterprise/credit-log' },
  { method: 'GET', url: '/api/user/enterprise/get-enterprise-user-list' },
  { method: 'GET', url: '/api/user/enterprise/get-enterprise-user-detail' },
  { method: 'POST', url: '/api/user/enterprise/add-enterprise-user' },
  { method: 'POST', url: '/api/user/enterprise/update-enterprise-user' },
  { method: 'POST', url: '/api/user/enterprise/delete-enterprise-user' },
  { method: 'POST', url: '/api/user/enterprise/invite-enterprise-user' },
  { method: 'GET', url: '/api/user/enterprise/user-template/get' },
  { method: 'POST', url: '/api/user/enterprise/user-template/clear' },
  { method: 'GET', url: '/api/user/enterprise/business/list' },
  { method: 'GET', url: '/api/user/enterprise/business/detail' },
  { method: 'POST', url: '/api/user/enterprise/business/add' },
  { method: 'POST', url: '/api/user/enterprise/business/update' },
  { method: 'POST', url: '/api/user/enterprise/business/delete' },
  { method: 'POST', url: '/api/user/enterprise/business/image/delete' },
  { method: 'GET', url: '/api/web/enterprise/device/company/list' },
  { method: 'GET', url: '/api/web/enterprise/device/component/list' },
  { method: 'GET', url: '/api/web/enterprise/device/inverter/enterprise-list' },
  { method: 'GET', url: '/api/web/enterprise/device/component/detail' },
  { method: 'POST', url: '/api/web/enterprise/device/company/add' },
  { method: 'POST', url: '/api/web/enterprise/device/company/update' },
  { method: 'POST', url: '/api/web/enterprise/device/component/add' },
  { method: 'POST', url: '/api/web/enterprise/device/inverter/update' },
  { method: 'POST', url: '/api/web/enterprise/device/component/status' },
  { method: 'POST', url: '/api/web/enterprise/device/inverter/delete' },
  { method: 'GET', url: '/api/web/enterprise/algorithm/iv-curve' },
  { method: 'GET', url: '/api/web/enterprise/algorithm/efficiency-curve' },
  { method: 'GET', url: '/api/web/enterprise/project/list' },
  { method: 'POST', url: '/api/web/enterprise/project/new' },
  { method: 'POST', url: '/api/web/enterprise/project/attach' },
  { method: 'GET', url: '/api/web/enterprise/project/access-check' },
  { method: 'GET', url: '/api/web/enterprise/project/permission/list' },
  { method: 'POST', url: '/api/web/enterprise/project/permission/set' },
  { method: 'GET', url: '/api/web/enterprise/socket/exists' },
];

const FIELDS = ['enterpriseId', 'id', 'name', 'phone', 'email', 'keyword', 'status', 'role', 'page', 'size', 'photoQuota', 'seat', 'canCreateProject', 'source', 'enabled', 'type', 'nameEn', 'nameZh', 'uuid', 'userId', 'projectId', 'memberId', 'grants', 'irradiance', 'temperature', 'points', 'kind', 'module', 'inverter', 'powerStationType'];

const value = fc.oneof(fc.jsonValue(), nastyStrings(40), edgeNumbers, fc.stringMatching(/^1[2-9]\d{9}$/), fc.constantFrom('system', 'enterprise', 'admin', '1', '-2', '1000,200'), hostileJson);
const bodyArb = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), value), fc.jsonValue(), hostileJson);
const queryArb = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(nastyStrings(30), fc.stringMatching(/^\d{1,11}$/)));

describeWithDatabases('enterprise: fuzzed calls', (t) => {
  it('never a 500, always the envelope', async () => {
    const org = await makeOrg(t, 'Fuzz', { photoCredits: 20 });
    const personal = await serviceUser(t);
    const headerArb = fc.oneof(fc.constant(org.h), fc.constant(t.bearer(personal.token)), fc.constant({}), fc.record({ authorization: fc.constant(org.h.authorization), enterpriseid: nastyStrings(12) }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), bodyArb, queryArb, headerArb, async (route, body, query, headers) => {
        const res = await fuzzedCall(t, route, query, body, headers as Record<string, string>);
        expectEnvelope(res, `${route.method} ${route.url}`);
      }),
      { numRuns: 300 },
    );
    // The organisation is still whole.
    const detail = await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-detail', headers: org.h });
    expect(detail.json().code).toBe(200);
  });
});
