// O&M alarms (issue 21 §5, tests): the rules firing and clearing on a plant's readings — a fault
// (SunSpec St 7 / Evt1 ≠ 0), a device silent for more than 30 minutes, a string below 70 % of its
// peers' median at 800 W/m², the day's energy below 80 % of the expected — each raised once while it
// holds and recovered when it stops; a new level 1–2 alarm notified once (outbox); getList's filters
// and the unread count; readAlarm and deleteAlarm on the caller's alarms only; the 'alarm-evaluation' job.
import { expect, it } from 'vitest';
import { queueAlarmRound } from '../../src/server/aiom/alarm-service.ts';
import { operationsOf } from '../../src/server/aiom/configuration-services.ts';
import { aiomTelemetry } from '../../src/server/aiom/devices-context.ts';
import type { StoredReading } from '../../src/server/aiom/telemetry-store.ts';
import { alarmEvaluation } from '../../src/server/jobs/kinds.ts';
import { aiomPlant } from './aiom-fixture.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';

async function plantOf(t: TestApp) {
  const u = await aiomPlant(t, { name: 'Alarm roof', capacity: 10 });
  const plantId = u.plantId;
  const cfg = await t.inject({ method: 'POST', url: '/api/web/aiom/configuration', headers: t.bearer(u.token), payload: { projectId: plantId, capacityKwp: 10, timeZone: 'Asia/Shanghai', notifications: { sms: true, email: false } } });
  expect(cfg.json().code).toBe(200);
  // The test server's SMS is the dev outbox: the configuration says notices are only logged.
  expect(cfg.json().data.channels.sms).toMatchObject({ ready: false, reason: 'devOutbox' });
  for (const [kind, serial] of [['inverter', `INV-${plantId}`], ['sensor', `SEN-${plantId}`]]) {
    const r = await t.inject({ method: 'POST', url: '/api/web/aiom/devices/register', headers: t.bearer(u.token), payload: { projectId: plantId, kind, serial, stringIds: kind === 'inverter' ? ['S1', 'S2', 'S3', 'S4'] : undefined } });
    expect(r.json().code).toBe(200);
  }
  return { ...u, inv: `INV-${plantId}`, sen: `SEN-${plantId}` };
}

function setClock(t: TestApp, at: Date): void {
  t.clock.advance(at.getTime() - t.clock.now().getTime());
}

const store = (t: TestApp, rows: StoredReading[]) => aiomTelemetry(t.app).store.insert(rows);
const evaluate = (t: TestApp, plantId: number) => operationsOf(t.app).alarms.evaluate(plantId);
const list = async (t: TestApp, token: string, query: string) => (await t.inject({ method: 'GET', url: `/api/web/alarm/getList?${query}`, headers: t.bearer(token) })).json();

describeWithDatabases('O&M alarms', (t) => {
  it('raises a fault once while it holds, notifies it once, and clears it when the inverter recovers', async () => {
    const p = await plantOf(t);
    setClock(t, new Date('2026-07-01T02:00:00Z'));
    await store(t, [
      { projectId: p.plantId, serial: p.inv, ts: '2026-07-01T01:59:00Z', status: 7, faultCode: 128, acPowerW: 0 },
      { projectId: p.plantId, serial: p.sen, ts: '2026-07-01T01:59:00Z', irradianceWm2: 100 },
    ]);
    const first = await evaluate(t, p.plantId);
    expect(first.raised).toHaveLength(1);
    expect(first.notified).toBe(1);
    const again = await evaluate(t, p.plantId);
    expect(again.raised).toEqual([]);
    expect(again.notified).toBe(0);
    const active = await list(t, p.token, `projectId=${p.plantId}&status=active`);
    expect(active.data).toMatchObject({ total: 1, unread: 1, list: [{ rule: 'fault', level: 1, deviceSerial: p.inv, recoveredAt: null, read: false, raisedAt: '2026-07-01T02:00:00.000Z', details: { status: 7, faultCode: 128 } }] });
    // One SMS to the owner in the outbox for this alarm, however often the rules run.
    const sent = await t.db.selectFrom('outbox').select(['recipient', 'channel', 'body']).where('purpose', '=', `alarm:${first.raised[0]}`).execute();
    expect(sent).toHaveLength(1);
    const owner = await t.db.selectFrom('users').select('phone').where('id', '=', p.userId).executeTakeFirstOrThrow();
    expect(sent[0]).toMatchObject({ channel: 'sms', recipient: owner.phone });
    expect(sent[0].body).toContain('reports a fault');

    setClock(t, new Date('2026-07-01T02:05:00Z'));
    await store(t, [{ projectId: p.plantId, serial: p.inv, ts: '2026-07-01T02:04:00Z', status: 4, faultCode: 0, acPowerW: 3000 }]);
    const cleared = await evaluate(t, p.plantId);
    expect(cleared.recovered).toEqual(first.raised);
    const after = await list(t, p.token, `projectId=${p.plantId}&status=cleared`);
    expect(after.data.list).toMatchObject([{ rule: 'fault', recoveredAt: '2026-07-01T02:05:00.000Z' }]);
    expect((await list(t, p.token, `projectId=${p.plantId}&status=active`)).data.total).toBe(0);
  });

  it('raises offline after 30 silent minutes and clears it when the device reports again', async () => {
    const p = await plantOf(t);
    setClock(t, new Date('2026-07-02T02:00:00Z'));
    await store(t, [{ projectId: p.plantId, serial: p.inv, ts: '2026-07-02T02:00:00Z', status: 4, faultCode: 0, acPowerW: 3000 }]);
    setClock(t, new Date('2026-07-02T02:29:00Z'));
    expect((await evaluate(t, p.plantId)).raised).toEqual([]);
    setClock(t, new Date('2026-07-02T02:31:00Z'));
    const r = await evaluate(t, p.plantId);
    expect(r.raised).toHaveLength(1);
    expect((await list(t, p.token, `projectId=${p.plantId}&status=active`)).data.list).toMatchObject([{ rule: 'offline', level: 2, deviceSerial: p.inv, details: { minutes: 31, limitMinutes: 30 } }]);
    await store(t, [{ projectId: p.plantId, serial: p.inv, ts: '2026-07-02T02:32:00Z', status: 4, faultCode: 0, acPowerW: 3000 }]);
    setClock(t, new Date('2026-07-02T02:33:00Z'));
    expect((await evaluate(t, p.plantId)).recovered).toEqual(r.raised);
  });

  it('raises a string below 70 % of its peers at 800 W/m², not at 150 W/m², and clears it', async () => {
    const p = await plantOf(t);
    setClock(t, new Date('2026-07-03T04:00:00Z'));
    // String 4 at 4.0 A against a peer median of 8.0 A (< 5.6 A), but the sun is low: not judged.
    await store(t, [
      { projectId: p.plantId, serial: p.inv, ts: '2026-07-03T03:59:00Z', status: 4, faultCode: 0, acPowerW: 3000, stringCurrentsA: [8, 8.2, 7.9, 4] },
      { projectId: p.plantId, serial: p.sen, ts: '2026-07-03T03:59:00Z', irradianceWm2: 150 },
    ]);
    expect((await evaluate(t, p.plantId)).raised).toEqual([]);
    setClock(t, new Date('2026-07-03T04:05:00Z'));
    await store(t, [
      { projectId: p.plantId, serial: p.inv, ts: '2026-07-03T04:04:00Z', status: 4, faultCode: 0, acPowerW: 6000, stringCurrentsA: [8, 8.2, 7.9, 4] },
      { projectId: p.plantId, serial: p.sen, ts: '2026-07-03T04:04:00Z', irradianceWm2: 800 },
    ]);
    const r = await evaluate(t, p.plantId);
    expect(r.raised).toHaveLength(1);
    // Level 3: not notified.
    expect(r.notified).toBe(0);
    const a = (await list(t, p.token, `projectId=${p.plantId}&status=active`)).data.list;
    expect(a).toMatchObject([{ rule: 'stringLow', level: 3, deviceSerial: p.inv, details: { strings: [{ index: 3, id: 'S4', currentA: 4, medianA: 8 }] } }]);
    setClock(t, new Date('2026-07-03T04:10:00Z'));
    await store(t, [
      { projectId: p.plantId, serial: p.inv, ts: '2026-07-03T04:09:00Z', status: 4, faultCode: 0, acPowerW: 6000, stringCurrentsA: [8, 8.2, 7.9, 7.8] },
      { projectId: p.plantId, serial: p.sen, ts: '2026-07-03T04:09:00Z', irradianceWm2: 800 },
    ]);
    expect((await evaluate(t, p.plantId)).recovered).toEqual(r.raised);
  });

  it('raises the day\'s PR below 80 % of the expected through the alarm-evaluation job', async () => {
    const p = await plantOf(t);
    // 2 hours at 800 W/m² (10:00–12:00 local): expected 2 × 10 × 0.8 × 0.86 = 13.76 kWh (25 °C: no
    // temperature term) ≥ P0 · 1 h; actual 2 × 2.5 = 5 kWh: 36 % of it.
    const rows: StoredReading[] = [];
    const t0 = Date.parse('2026-07-04T01:55:00Z');
    for (let k = 0; k <= 24; k++) {
      const ts = new Date(t0 + k * 300_000).toISOString();
      rows.push({ projectId: p.plantId, serial: p.inv, ts, energyKwh: 10 + (2.5 / 12) * k, acPowerW: 2500, status: 4, faultCode: 0 });
      if (k >= 1) rows.push({ projectId: p.plantId, serial: p.sen, ts, irradianceWm2: 800 });
    }
    await store(t, rows);
    setClock(t, new Date('2026-07-04T04:00:00Z'));
    await t.app.services.jobs.send(alarmEvaluation, { projectId: p.plantId, slot: 1 });
    expect(await t.app.services.jobs.runDue(alarmEvaluation, { max: 5 })).toBeGreaterThanOrEqual(1);
    const a = (await list(t, p.token, `projectId=${p.plantId}&status=active`)).data.list;
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({ rule: 'prLow', level: 3, deviceSerial: null });
    expect(a[0].details.actualKwh).toBeCloseTo(5, 9);
    expect(a[0].details.expectedKwh).toBeCloseTo(13.76, 9);
  });

  it('queues one evaluation per plant with a recent report in each 5-minute slot', async () => {
    const p = await plantOf(t);
    setClock(t, new Date('2026-07-06T02:01:00Z'));
    const { jobs } = t.app.services;
    const alarms = operationsOf(t.app).alarms;
    // No report yet: the plant is not in the round.
    expect(await alarms.plantsWithReadings()).not.toContain(p.plantId);
    await t.db.updateTable('aiom_devices').set({ last_seen_at: new Date('2026-07-06T02:00:00Z') }).where('serial', '=', p.inv).execute();
    expect(await alarms.plantsWithReadings()).toContain(p.plantId);
    const first = await queueAlarmRound(jobs, alarms, t.clock.now());
    expect(first).toBeGreaterThanOrEqual(1);
    // The same slot again (another process, or a late timer): nothing new.
    expect(await queueAlarmRound(jobs, alarms, new Date('2026-07-06T02:04:59Z'))).toBe(0);
    // The next slot queues again.
    expect(await queueAlarmRound(jobs, alarms, new Date('2026-07-06T02:05:00Z'))).toBe(first);
  });

  it('filters getList, counts unread, reads and deletes only the caller\'s alarms', async () => {
    const p = await plantOf(t);
    const q = await plantOf(t);
    setClock(t, new Date('2026-07-05T02:00:00Z'));
    await store(t, [
      { projectId: p.plantId, serial: p.inv, ts: '2026-07-05T01:59:00Z', status: 7, faultCode: 1 },
      { projectId: p.plantId, serial: p.sen, ts: '2026-07-05T01:20:00Z', irradianceWm2: 0 },
      { projectId: q.plantId, serial: q.inv, ts: '2026-07-05T01:59:00Z', status: 7, faultCode: 1 },
    ]);
    await evaluate(t, p.plantId);
    await evaluate(t, q.plantId);
    const all = (await list(t, p.token, '')).data;
    // p: the inverter's fault (level 1) and the sensor offline (level 2); q's alarm is not visible.
    expect(all.total).toBe(2);
    expect(all.unread).toBe(2);
    expect(all.list.map((a: { rule: string }) => a.rule).sort()).toEqual(['fault', 'offline']);
    expect((await list(t, p.token, 'level=1')).data.list.map((a: { rule: string }) => a.rule)).toEqual(['fault']);
    expect((await list(t, p.token, 'from=2026-07-05T02:00:01Z')).data.total).toBe(0);
    expect((await list(t, p.token, 'from=2026-07-05T01:00:00Z&to=2026-07-05T03:00:00Z&size=1&page=2')).data).toMatchObject({ total: 2, page: 2, size: 1 });
    const fault = all.list.find((a: { rule: string }) => a.rule === 'fault');
    const qAlarm = (await list(t, q.token, '')).data.list[0];

    const read = await t.inject({ method: 'POST', url: '/api/web/alarm/readAlarm', headers: t.bearer(p.token), payload: { ids: [fault.id, qAlarm.id] } });
    expect(read.json()).toMatchObject({ code: 200, data: { updated: 1 } });
    expect((await t.inject({ method: 'GET', url: '/api/web/alarm/unreadCount', headers: t.bearer(p.token) })).json().data).toEqual({ unread: 1 });
    expect((await list(t, p.token, 'read=true')).data.list.map((a: { id: number }) => a.id)).toEqual([fault.id]);
    expect((await list(t, p.token, 'read=false')).data.list.map((a: { rule: string }) => a.rule)).toEqual(['offline']);
    expect((await t.inject({ method: 'GET', url: '/api/web/alarm/unreadCount', headers: t.bearer(q.token) })).json().data).toEqual({ unread: 1 });

    const del = await t.inject({ method: 'POST', url: '/api/web/alarm/deleteAlarm', headers: t.bearer(p.token), payload: { ids: [fault.id, qAlarm.id] } });
    expect(del.json()).toMatchObject({ code: 200, data: { deleted: 1 } });
    expect((await list(t, p.token, '')).data.total).toBe(1);
    expect((await list(t, q.token, '')).data.total).toBe(1);
    // The fault still holds: deleted, it is not raised again.
    expect((await evaluate(t, p.plantId)).raised).toEqual([]);

    const bad = await t.inject({ method: 'POST', url: '/api/web/alarm/readAlarm', headers: t.bearer(p.token), payload: { ids: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('ids');
    const badLevel = await t.inject({ method: 'GET', url: '/api/web/alarm/getList?level=5', headers: t.bearer(p.token) });
    expect(badLevel.json().data.field).toBe('level');
    // Without the AIOM licence: 402.
    const stranger = await t.signUp();
    expect((await t.inject({ method: 'GET', url: '/api/web/alarm/getList', headers: t.bearer(stranger.token) })).statusCode).toBe(402);
  });
});
