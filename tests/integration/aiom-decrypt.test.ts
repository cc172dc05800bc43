// GET /api/web/decrypt/decryptKey (spec 000 §7; issue 21 §6): a device's Modbus connection, stored
// encrypted, is decrypted for the plant's owner or an administrator of its enterprise only — another user
// or a granted member (with the licence) gets 404 — and
// each successful call is recorded in the audit table.
import { expect, it } from 'vitest';
import { aiomPlant, grantAiom } from './aiom-fixture.ts';
import { joinedMember, makeOrg } from './enterprise-helpers.ts';
import { describeWithDatabases, type SignedIn, type TestApp } from './harness.ts';

const plantOf = (t: TestApp, signedIn?: SignedIn) => aiomPlant(t, { name: 'Key roof' }, signedIn);

describeWithDatabases('O&M decryptKey', (t) => {
  it('opens the credential for the owner only, and audits it', async () => {
    const p = await plantOf(t);
    const serial = `KEY-${p.plantId}`;
    const reg = await t.inject({
      method: 'POST',
      url: '/api/web/aiom/devices/register',
      headers: t.bearer(p.token),
      payload: { projectId: p.plantId, kind: 'inverter', serial, protocol: 'sunspec-modbus-tcp', modbus: { host: '10.0.0.7', port: 1502, unitId: 3 } },
    });
    const id = reg.json().data.id as number;
    const row = await t.db.selectFrom('aiom_devices').select('connection_enc').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.connection_enc).not.toContain('10.0.0.7');

    const res = await t.inject({ method: 'GET', url: `/api/web/decrypt/decryptKey?id=${id}`, headers: t.bearer(p.token) });
    expect(res.json()).toEqual({ code: 200, msg: 'ok', data: { id, serial, credential: { host: '10.0.0.7', port: 1502, unitId: 3 } } });
    const audit = await t.db.selectFrom('aiom_decrypt_audit').selectAll().where('device_id', '=', id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: p.userId, project_id: p.plantId, device_serial: serial });

    const other = await plantOf(t);
    const refused = await t.inject({ method: 'GET', url: `/api/web/decrypt/decryptKey?id=${id}`, headers: t.bearer(other.token) });
    expect(refused.statusCode).toBe(404);
    const stranger = await t.signUp();
    expect((await t.inject({ method: 'GET', url: `/api/web/decrypt/decryptKey?id=${id}`, headers: t.bearer(stranger.token) })).statusCode).toBe(402);
    expect(await t.db.selectFrom('aiom_decrypt_audit').selectAll().where('device_id', '=', id).execute()).toHaveLength(1);
    const bad = await t.inject({ method: 'GET', url: '/api/web/decrypt/decryptKey?id=abc', headers: t.bearer(p.token) });
    expect(bad.json().data.field).toBe('id');
  });

  it('opens it for an administrator of the plant\'s enterprise, not for a granted member', async () => {
    const org = await makeOrg(t, 'Key crew');
    await grantAiom(t, org.owner.userId);
    const creator = await joinedMember(t, org);
    const granted = await joinedMember(t, org);
    await grantAiom(t, granted.userId);
    const p = await plantOf(t, creator);
    await t.db.insertInto('enterprise_projects').values({ project_id: p.plantId, enterprise_id: org.enterpriseId, created_by: p.userId, created_at: t.clock.now() }).execute();
    await t.db.insertInto('enterprise_project_grants').values({ project_id: p.plantId, user_id: granted.userId, enterprise_id: org.enterpriseId, granted_by: org.owner.userId, created_at: t.clock.now() }).execute();
    const reg = await t.inject({
      method: 'POST',
      url: '/api/web/aiom/devices/register',
      headers: t.bearer(p.token),
      payload: { projectId: p.plantId, kind: 'inverter', serial: `ORG-${p.plantId}`, protocol: 'sunspec-modbus-tcp', modbus: { host: 'plc.local', port: 502, unitId: 1 } },
    });
    const id = reg.json().data.id as number;
    const admin = await t.inject({ method: 'GET', url: `/api/web/decrypt/decryptKey?id=${id}`, headers: t.bearer(org.owner.token) });
    expect(admin.json()).toMatchObject({ code: 200, data: { credential: { host: 'plc.local', port: 502, unitId: 1 } } });
    // A granted member may open the plant, but not its credentials.
    expect((await t.inject({ method: 'GET', url: `/api/web/aiom/configuration?projectId=${p.plantId}`, headers: t.bearer(granted.token) })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/web/decrypt/decryptKey?id=${id}`, headers: t.bearer(granted.token) })).statusCode).toBe(404);
    const audit = await t.db.selectFrom('aiom_decrypt_audit').select('user_id').where('device_id', '=', id).execute();
    expect(audit.map((a) => a.user_id)).toEqual([org.owner.userId]);
  });
});
