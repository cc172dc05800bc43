// The SunSpec simulator feeding a plant for a simulated day through the collector (issue 21 "aiom"
// §2, tests): a 10 kW model-103 inverter on Modbus TCP whose power follows Pmax·sin(π x) from 06:00
// to 18:00 local time (UTC+8, a site in China), polled every 5 minutes on the test's clock. The day's
// energy the plant reports (the counters' rise) must equal the bell's integral Pmax·D·2/π =
// 8,500 W × 12 h × 2/π = 64,935.2 Wh within 1 %, and so must the trapezoidal integral of the stored
// AC power; a fault (Evt1 bit 7 OVER_TEMP, St 7) shows as the device's state and an active fault; a
// simulator that stops answering leaves the device offline.
import { expect, it } from 'vitest';
import { aiomTelemetry } from '../../src/server/aiom/devices-context.ts';
import { SunSpecSimulator } from '../../src/server/aiom/sunspec-simulator.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { newProject } from './project-helpers.ts';

/** A user with the AIOM licence, a design project in Shanghai and its plant. */
async function plantOf(t: TestApp): Promise<{ token: string; plantId: number; designId: number }> {
  const u = await t.signUp();
  await t.db.transaction().execute((tx) =>
    t.app.services.entitlements.grant(tx, u.userId, { products: ['AIOM'], permanent: true, membershipDays: null, plan: 'annual', photoCredits: 0, projectCredits: 5, changeType: 'grant', operator: 'test' }),
  );
  const designId = await newProject(t, u.token, { name: 'Warehouse roof', lat: 31.23, lng: 121.47, capacity: 10 });
  const res = await t.inject({ method: 'POST', url: '/api/web/aiom/plant/create', headers: t.bearer(u.token), payload: { designProjectId: designId } });
  expect(res.json()).toMatchObject({ code: 200, data: { designProjectId: designId, name: 'Warehouse roof O&M' } });
  return { token: u.token, plantId: res.json().data.projectId as number, designId };
}

/** Moves the test clock to `at`. */
function setClock(t: TestApp, at: Date): void {
  t.clock.advance(at.getTime() - t.clock.now().getTime());
}

describeWithDatabases('O&M telemetry: the SunSpec simulator through the collector', (t) => {
  it('reports a simulated day whose energy matches the bell integral within 1 %', async () => {
    const { token, plantId } = await plantOf(t);
    // 2026-06-10 00:00 local (UTC+8) = 2026-06-09T16:00Z
    const midnight = new Date('2026-06-09T16:00:00Z');
    setClock(t, midnight);
    const sim = new SunSpecSimulator({ modelId: 103, serial: 'SIM-DAY-1', ratedPowerW: 10_000, factor: 0.85, utcOffsetHours: 8, now: () => t.clock.now() });
    const port = await sim.start();
    try {
      const reg = await t.inject({
        method: 'POST',
        url: '/api/web/aiom/devices/register',
        headers: t.bearer(token),
        payload: { projectId: plantId, kind: 'inverter', serial: 'sim-day-1', designInverterId: 'inv-1', stringIds: ['s1', 's2'], protocol: 'sunspec-modbus-tcp', modbus: { host: '127.0.0.1', port, unitId: 1 } },
      });
      expect(reg.json()).toMatchObject({ code: 200, data: { serial: 'SIM-DAY-1', kind: 'inverter', state: 'neverReported', modbus: { host: '127.0.0.1', port, unitId: 1 } } });
      // stored encrypted: the host is not in the row
      const row = await t.db.selectFrom('aiom_devices').select('connection_enc').where('serial', '=', 'SIM-DAY-1').executeTakeFirstOrThrow();
      expect(row.connection_enc).not.toContain('127.0.0.1');

      const collector = aiomTelemetry(t.app).collector;
      for (let k = 0; k <= 287; k++) {
        setClock(t, new Date(midnight.getTime() + k * 300_000));
        const r = await collector.pollOnce(plantId);
        expect(r.failed).toEqual([]);
      }
      // 23:55 local: the day is over
      const expectedKwh = (8500 * 12 * 2) / Math.PI / 1000; // 64.935 kWh
      const ov = (await t.inject({ method: 'GET', url: `/api/web/aiom/overview?projectId=${plantId}`, headers: t.bearer(token) })).json().data;
      expect(ov.utcOffsetHours).toBe(8);
      expect(Math.abs(ov.energyKwh.today - expectedKwh) / expectedKwh).toBeLessThan(0.01);
      expect(ov.livePowerW).toBe(0);
      expect(ov.health).toMatchObject({ devices: 1, online: 1, fault: 0 });

      // the stored power, integrated by trapezoids over 5-minute steps, gives the same energy
      const day = await t.inject({ method: 'GET', url: `/api/web/aiom/readings?projectId=${plantId}&from=2026-06-09T16:00:00Z&to=2026-06-10T16:00:00Z`, headers: t.bearer(token) });
      const readings = day.json().data.readings as { acPowerW: number }[];
      expect(readings).toHaveLength(288);
      let wh = 0;
      for (let i = 1; i < readings.length; i++) wh += ((readings[i].acPowerW + readings[i - 1].acPowerW) / 2) * (5 / 60);
      expect(Math.abs(wh / 1000 - expectedKwh) / expectedKwh).toBeLessThan(0.01);
      // noon: Pmax = 8,500 W (integer model W_SF 0: whole watts)
      const noon = readings[144] as { acPowerW: number; status: number; energyKwh: number };
      expect(noon.acPowerW).toBe(8500);
      expect(noon.status).toBe(4);

      // hourly buckets in local time: nothing before 06:00, the day's energy in 06:00–18:00, peak hours around noon
      const hours = (await t.inject({ method: 'GET', url: `/api/web/aiom/energy?projectId=${plantId}&period=hour&from=2026-06-09T16:00:00Z&to=2026-06-10T16:00:00Z`, headers: t.bearer(token) })).json().data;
      const byHour = new Map<string, number>(hours.buckets.map((b: { start: string; energyKwh: number }) => [b.start, b.energyKwh]));
      expect(byHour.get('2026-06-10T05:00')).toBe(0);
      // 11:00–12:00: Pmax·D/π·(cos(π·5/12) − cos(π·6/12)) = 8.5·12/π·0.258819 = 8.403 kWh
      expect(byHour.get('2026-06-10T11:00')).toBeCloseTo((8.5 * 12 / Math.PI) * Math.cos((5 * Math.PI) / 12), 1);
      const sum = [...byHour.values()].reduce((a, b) => a + b, 0);
      expect(Math.abs(sum - expectedKwh) / expectedKwh).toBeLessThan(0.01);

      // a fault: Evt1 OVER_TEMP (bit 7), St FAULT
      setClock(t, new Date('2026-06-10T04:02:30Z')); // between two polls (a reading at the same instant would be the stored one)
      sim.setFault(1 << 7);
      await collector.pollOnce(plantId);
      const list = (await t.inject({ method: 'GET', url: `/api/web/aiom/devices?projectId=${plantId}`, headers: t.bearer(token) })).json().data;
      expect(list.devices[0]).toMatchObject({ serial: 'SIM-DAY-1', state: 'fault', lastReading: { status: 7, faultCode: 128, acPowerW: 0 }, identity: { manufacturer: 'PV Studio', serial: 'SIM-DAY-1', sunspecModel: 103 } });
      const faulted = (await t.inject({ method: 'GET', url: `/api/web/aiom/overview?projectId=${plantId}`, headers: t.bearer(token) })).json().data;
      expect(faulted.health.activeFaults).toEqual([{ serial: 'SIM-DAY-1', faultCode: 128, status: 7, since: '2026-06-10T04:02:30.000Z' }]);
      expect(faulted.inverterStates).toEqual([{ designInverterId: 'inv-1', serial: 'SIM-DAY-1', state: 'fault', acPowerW: 0 }]);
    } finally {
      await sim.stop();
    }
    // the simulator is gone: the poll fails and the device is offline
    const r = await aiomTelemetry(t.app).collector.pollOnce(plantId);
    expect(r.failed).toEqual(['SIM-DAY-1']);
    const after = (await t.inject({ method: 'GET', url: `/api/web/aiom/devices?projectId=${plantId}`, headers: t.bearer(token) })).json().data;
    expect(after.devices[0].state).toBe('offline');
  }, 120_000);

  it('refuses the O&M calls without the AIOM licence and on another user’s plant', async () => {
    const { plantId } = await plantOf(t);
    const other = await t.signUp();
    const noLicence = await t.inject({ method: 'GET', url: `/api/web/aiom/overview?projectId=${plantId}`, headers: t.bearer(other.token) });
    expect(noLicence.statusCode).toBe(402);
    await t.db.transaction().execute((tx) =>
      t.app.services.entitlements.grant(tx, other.userId, { products: ['AIOM'], permanent: true, membershipDays: null, plan: 'annual', photoCredits: 0, projectCredits: 0, changeType: 'grant', operator: 'test' }),
    );
    const notHis = await t.inject({ method: 'GET', url: `/api/web/aiom/devices?projectId=${plantId}`, headers: t.bearer(other.token) });
    expect(notHis.statusCode).toBe(404);
  });
});
