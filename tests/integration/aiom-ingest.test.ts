// Gateway ingest (issue 21 "aiom" §2): POST /api/web/aiom/ingest takes a batch of readings for the
// plant of the Bearer gateway token; no token, a wrong token or a replaced token → 401; bad batches
// → 400 naming the field (unknown serial, NUL, huge or non-finite numbers, unknown fields, an empty
// or oversized batch); a resent batch stores nothing new (idempotent on serial + ts).
import { expect, it } from 'vitest';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { newProject } from './project-helpers.ts';

async function plantWithDevice(t: TestApp) {
  const u = await t.signUp();
  await t.db.transaction().execute((tx) =>
    t.app.services.entitlements.grant(tx, u.userId, { products: ['AIOM'], permanent: true, membershipDays: null, plan: 'annual', photoCredits: 0, projectCredits: 5, changeType: 'grant', operator: 'test' }),
  );
  const designId = await newProject(t, u.token, { name: 'Design', lat: 31.23, lng: 121.47 });
  const plantId = (await t.inject({ method: 'POST', url: '/api/web/aiom/plant/create', headers: t.bearer(u.token), payload: { designProjectId: designId } })).json().data.projectId as number;
  const reg = await t.inject({ method: 'POST', url: '/api/web/aiom/devices/register', headers: t.bearer(u.token), payload: { projectId: plantId, kind: 'inverter', serial: `GW-${plantId}-INV` } });
  expect(reg.json().code).toBe(200);
  const tok = await t.inject({ method: 'POST', url: '/api/web/aiom/gateway-token', headers: t.bearer(u.token), payload: { projectId: plantId } });
  return { user: u, plantId, serial: `GW-${plantId}-INV`, token: tok.json().data.token as string };
}

function ingest(t: TestApp, token: string | null, payload: unknown) {
  return t.inject({ method: 'POST', url: '/api/web/aiom/ingest', headers: token ? { authorization: `Bearer ${token}` } : {}, payload: payload as Record<string, unknown> });
}

describeWithDatabases('O&M ingest', (t) => {
  it('authenticates gateways by the plant token and stores batches idempotently', async () => {
    const p = await plantWithDevice(t);
    const now = t.clock.now();
    const at = (minAgo: number) => new Date(now.getTime() - minAgo * 60_000).toISOString();
    const batch = { readings: [0, 5, 10].map((m, i) => ({ serial: p.serial, ts: at(m), acPowerW: 1000 + i, energyKwh: 50 - i * 0.1, stringCurrentsA: [8.1, 8.2] })) };

    expect((await ingest(t, null, batch)).statusCode).toBe(401);
    expect((await ingest(t, 'pvg_notatokenatallnotatokenatallnotatoken00', batch)).statusCode).toBe(401);
    // the session token of the owner is not a gateway token
    expect((await ingest(t, p.user.token, batch)).statusCode).toBe(401);

    const first = await ingest(t, p.token, batch);
    expect(first.json()).toEqual({ code: 200, msg: 'Stored', data: { projectId: p.plantId, received: 3, stored: 3 } });
    const again = await ingest(t, p.token, batch);
    expect(again.json().data).toEqual({ projectId: p.plantId, received: 3, stored: 0 });
    const rows = await t.db.selectFrom('telemetry_readings').selectAll().where('project_id', '=', p.plantId).orderBy('ts').execute();
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ device_serial: p.serial, ac_power_w: 1000, energy_kwh: 50, string_currents_a: [8.1, 8.2] });
    const dev = await t.db.selectFrom('aiom_devices').select(['last_seen_at', 'state']).where('serial', '=', p.serial).executeTakeFirstOrThrow();
    expect(dev.last_seen_at?.toISOString()).toBe(at(0));
    expect(dev.state).toBe('online');

    // a new token replaces the old one
    const user = p.user;
    const renewed = (await t.inject({ method: 'POST', url: '/api/web/aiom/gateway-token', headers: t.bearer(user.token), payload: { projectId: p.plantId } })).json().data.token as string;
    expect((await ingest(t, p.token, batch)).statusCode).toBe(401);
    expect((await ingest(t, renewed, batch)).json().code).toBe(200);
  });

  it('refuses bad batches with 400 naming the field', async () => {
    const p = await plantWithDevice(t);
    const other = await plantWithDevice(t);
    const ts = t.clock.now().toISOString();
    const ok = { serial: p.serial, ts };
    const cases: [unknown, string][] = [
      [{ readings: [ok, { serial: 'NOT-MINE-1', ts }] }, 'readings.1.serial'],
      [{ readings: [{ serial: other.serial, ts }] }, 'readings.0.serial'],
      [{ readings: [{ serial: 'AB\u0000CD', ts }] }, 'readings.0.serial'],
      [{ readings: [{ ...ok, acPowerW: 1e300 }] }, 'readings.0.acPowerW'],
      [{ readings: [{ ...ok, energyKwh: -1 }] }, 'readings.0.energyKwh'],
      [{ readings: [{ ...ok, irradianceWm2: '500' }] }, 'readings.0.irradianceWm2'],
      [{ readings: [{ ...ok, ts: '2026-13-40' }] }, 'readings.0.ts'],
      [{ readings: [{ ...ok, ts: new Date(t.clock.now().getTime() + 3_600_000).toISOString() }] }, 'readings.0.ts'],
      [{ readings: [{ ...ok, password: 'x' }] }, 'readings.0'],
      [{ readings: [] }, 'readings'],
      [{ readings: Array.from({ length: 5001 }, () => ok) }, 'readings'],
      [{}, 'readings'],
    ];
    for (const [payload, field] of cases) {
      const res = await ingest(t, p.token, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().data.field, JSON.stringify(payload).slice(0, 80)).toBe(field);
    }
    expect(await t.db.selectFrom('telemetry_readings').select('ts').where('project_id', '=', p.plantId).execute()).toEqual([]);
  });
});
