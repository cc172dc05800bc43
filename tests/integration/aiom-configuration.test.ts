// O&M plant configuration (issue 21 §6): defaults (capacity from the design, tariff, CO₂ factor,
// alarm thresholds, notification switches), a partial save keeping the other fields, capacity back to
// the design's with null, bad input naming its field, and no access to another user's plant.
import { expect, it } from 'vitest';
import { aiomPlant } from './aiom-fixture.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';

const plantOf = (t: TestApp) => aiomPlant(t, { name: 'Config roof', capacity: 12.5 });

describeWithDatabases('O&M configuration', (t) => {
  it('answers defaults, saves some fields and keeps the others', async () => {
    const p = await plantOf(t);
    const h = t.bearer(p.token);
    const get = async () => (await t.inject({ method: 'GET', url: `/api/web/aiom/configuration?projectId=${p.plantId}`, headers: h })).json();
    const d = await get();
    expect(d).toMatchObject({
      code: 200,
      data: {
        projectId: p.plantId,
        // the design's capacity (no kept simulation)
        capacityKwp: 12.5,
        capacityFromDesign: true,
        commissioningDate: null,
        tariffYuanPerKwh: 0.4,
        co2KgPerKwh: 0.5703,
        // Shanghai: UTC+8
        timeZone: 'UTC+08:00',
        thresholds: { offlineMinutes: 30, offlineLevel: 2, faultLevel: 1, stringLowPercent: 70, stringLowLevel: 3, irradianceThresholdWm2: 200, prLowPercent: 80, prLowLevel: 3 },
        notifications: { sms: false, email: true },
        updatedAt: null,
      },
    });
    const saved = await t.inject({ method: 'POST', url: '/api/web/aiom/configuration', headers: h, payload: { projectId: p.plantId, capacityKwp: 11, tariffYuanPerKwh: 0.85, commissioningDate: '2026-05-20', thresholds: { offlineMinutes: 60 } } });
    expect(saved.json()).toMatchObject({ code: 200, data: { capacityKwp: 11, capacityFromDesign: false, tariffYuanPerKwh: 0.85, commissioningDate: '2026-05-20', thresholds: { offlineMinutes: 60, stringLowPercent: 70 } } });
    const again = await t.inject({ method: 'POST', url: '/api/web/aiom/configuration', headers: h, payload: { projectId: p.plantId, notifications: { sms: true }, capacityKwp: null } });
    expect(again.json().data).toMatchObject({ capacityFromDesign: true, tariffYuanPerKwh: 0.85, thresholds: { offlineMinutes: 60 }, notifications: { sms: true, email: true } });
    expect((await get()).data.commissioningDate).toBe('2026-05-20');
    // The zone the configuration answers by default can be sent back as it is (the page saves what it read).
    const back = await t.inject({ method: 'POST', url: '/api/web/aiom/configuration', headers: h, payload: { projectId: p.plantId, timeZone: 'UTC+08:00' } });
    expect(back.json().data.timeZone).toBe('UTC+08:00');
    const zoned = await t.inject({ method: 'POST', url: '/api/web/aiom/configuration', headers: h, payload: { projectId: p.plantId, timeZone: 'Asia/Shanghai' } });
    expect(zoned.json().data.timeZone).toBe('Asia/Shanghai');

    for (const [payload, field] of [
      [{ projectId: p.plantId, tariffYuanPerKwh: -1 }, 'tariffYuanPerKwh'],
      [{ projectId: p.plantId, timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ projectId: p.plantId, commissioningDate: '20.5.2026' }, 'commissioningDate'],
      [{ projectId: p.plantId, thresholds: { offlineMinutes: 1 } }, 'thresholds.offlineMinutes'],
    ] as const) {
      const r = await t.inject({ method: 'POST', url: '/api/web/aiom/configuration', headers: h, payload });
      expect(r.statusCode, field).toBe(400);
      expect(r.json().data.field).toBe(field);
    }
    const other = await plantOf(t);
    expect((await t.inject({ method: 'GET', url: `/api/web/aiom/configuration?projectId=${p.plantId}`, headers: t.bearer(other.token) })).statusCode).toBe(404);
  });
});
