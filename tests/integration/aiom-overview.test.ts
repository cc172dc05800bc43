// The plant overview worked by hand (issue 21 "aiom" §3). Site in Shanghai (UTC+8), design 10 kW.
// "Now" is 2026-03-15 16:05 local. Readings (local times):
//   INV-A counter: 02-28 20:00 90.0 kWh · 03-14 23:00 100.0 · 03-15 08:00 100.0 · 12:00 110.0 (5 kW) · 16:00 118.0 (3 kW)
//   INV-B counter: 03-15 06:00 50.0 · 12:00 55.0 (St 4) · 16:00 60.0 (2 kW, St 7 FAULT, Evt1 8)
//   SEN-1 irradiance: 500 W m⁻² hourly 08:00–16:00 (9 readings, 8 one-hour intervals)
// Today: A 118 − 100 (last before midnight) = 18; B 60 − 50 (first of the day, no earlier) = 10 → 28 kWh.
// Month: A 118 − 90 (last before 03-01) = 28; B 10 → 38. Year: A 118 − 90 (first of the year) = 28; B 10 → 38.
// Total: Σ counters 118 + 60 = 178. Live: 3,000 + 2,000 = 5,000 W (both within 15 min).
// CO₂ today 28 × 0.5703 = 15.9684 kg. H_POA today 8 h × 0.5 kW m⁻² = 4.0 kWh m⁻²; PR = 28 / (10 × 4.0) = 0.70.
// Income: no configuration, no economics → 0 ('none'); with a configured tariff 0.5 yuan/kWh → today 14.
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';
import { newProject } from './project-helpers.ts';

const local = (s: string) => new Date(`${s}:00+08:00`).toISOString();

describeWithDatabases('O&M overview', (t) => {
  it('works out live power, energy, income, CO₂, PR and health from the readings', async () => {
    const u = await t.signUp();
    await t.db.transaction().execute((tx) =>
      t.app.services.entitlements.grant(tx, u.userId, { products: ['AIOM'], permanent: true, membershipDays: null, plan: 'annual', photoCredits: 0, projectCredits: 5, changeType: 'grant', operator: 'test' }),
    );
    const designId = await newProject(t, u.token, { name: 'Roof', lat: 31.23, lng: 121.47, capacity: 10 });
    const plantId = (await t.inject({ method: 'POST', url: '/api/web/aiom/plant/create', headers: t.bearer(u.token), payload: { designProjectId: designId } })).json().data.projectId as number;
    const register = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/web/aiom/devices/register', headers: t.bearer(u.token), payload: { projectId: plantId, ...payload } });
    expect((await register({ kind: 'inverter', serial: 'INV-A', designInverterId: 'inv-a' })).json().code).toBe(200);
    expect((await register({ kind: 'inverter', serial: 'INV-B', designInverterId: 'inv-b' })).json().code).toBe(200);
    expect((await register({ kind: 'sensor', serial: 'SEN-1' })).json().code).toBe(200);
    // a sensor binds to no designed inverter
    expect((await register({ kind: 'sensor', serial: 'SEN-2', designInverterId: 'x' })).json().data.field).toBe('designInverterId');
    const token = (await t.inject({ method: 'POST', url: '/api/web/aiom/gateway-token', headers: t.bearer(u.token), payload: { projectId: plantId } })).json().data.token as string;

    t.clock.advance(new Date(local('2026-03-15T16:05')).getTime() - t.clock.now().getTime());
    const readings = [
      { serial: 'INV-A', ts: local('2026-02-28T20:00'), energyKwh: 90 },
      { serial: 'INV-A', ts: local('2026-03-14T23:00'), energyKwh: 100, acPowerW: 0 },
      { serial: 'INV-A', ts: local('2026-03-15T08:00'), energyKwh: 100, acPowerW: 200 },
      { serial: 'INV-A', ts: local('2026-03-15T12:00'), energyKwh: 110, acPowerW: 5000, status: 4, faultCode: 0 },
      { serial: 'INV-A', ts: local('2026-03-15T16:00'), energyKwh: 118, acPowerW: 3000, status: 4, faultCode: 0 },
      { serial: 'INV-B', ts: local('2026-03-15T06:00'), energyKwh: 50, acPowerW: 0 },
      { serial: 'INV-B', ts: local('2026-03-15T12:00'), energyKwh: 55, acPowerW: 4000, status: 4, faultCode: 0 },
      { serial: 'INV-B', ts: local('2026-03-15T16:00'), energyKwh: 60, acPowerW: 2000, status: 7, faultCode: 8 },
      ...Array.from({ length: 9 }, (_, h) => ({ serial: 'SEN-1', ts: local(`2026-03-15T${String(8 + h).padStart(2, '0')}:00`), irradianceWm2: 500 })),
    ];
    const ing = await t.inject({ method: 'POST', url: '/api/web/aiom/ingest', headers: { authorization: `Bearer ${token}` }, payload: { readings } });
    expect(ing.json().data).toEqual({ projectId: plantId, received: 17, stored: 17 });

    const ov = (await t.inject({ method: 'GET', url: `/api/web/aiom/overview?projectId=${plantId}`, headers: t.bearer(u.token) })).json().data;
    expect(ov).toMatchObject({ projectId: plantId, designProjectId: designId, utcOffsetHours: 8, capacityKwp: 10, livePowerW: 5000 });
    expect(ov.energyKwh.today).toBeCloseTo(28, 9);
    expect(ov.energyKwh.month).toBeCloseTo(38, 9);
    expect(ov.energyKwh.year).toBeCloseTo(38, 9);
    expect(ov.energyKwh.total).toBeCloseTo(178, 9);
    expect(ov.income).toMatchObject({ today: 0, total: 0, pricePerKwh: 0, source: 'none' });
    expect(ov.co2Kg.today).toBeCloseTo(15.9684, 9);
    expect(ov.co2Kg.factorKgPerKwh).toBe(0.5703);
    expect(ov.irradiationTodayKwhM2).toBeCloseTo(4, 9);
    expect(ov.prToday).toBeCloseTo(0.7, 9);
    expect(ov.health).toEqual({ devices: 3, online: 2, offline: 0, fault: 1, neverReported: 0, activeFaults: [{ serial: 'INV-B', faultCode: 8, status: 7, since: local('2026-03-15T16:00') }] });
    expect(ov.inverterStates).toEqual([
      { designInverterId: 'inv-a', serial: 'INV-A', state: 'online', acPowerW: 3000 },
      { designInverterId: 'inv-b', serial: 'INV-B', state: 'fault', acPowerW: 2000 },
    ]);

    // daily buckets of March in local time: the 15th holds today's 28 kWh, the 14th nothing measured
    const days = (await t.inject({ method: 'GET', url: `/api/web/aiom/energy?projectId=${plantId}&period=day&from=${local('2026-03-01T00:00')}&to=${local('2026-03-16T00:00')}`, headers: t.bearer(u.token) })).json().data;
    const day15 = days.buckets.find((b: { start: string }) => b.start === '2026-03-15');
    expect(day15.energyKwh).toBeCloseTo(28, 9);
    expect(day15.irradiationKwhM2).toBeCloseTo(4, 9);
    expect(day15.maxPowerW).toBe(5000);
    // the 14th: A rose 90 → 100 between 02-28 and 03-14 23:00 (counted at the later reading)
    expect(days.buckets.find((b: { start: string }) => b.start === '2026-03-14').energyKwh).toBeCloseTo(10, 9);

    // a configured tariff (O2's plant configuration) prices the energy
    await t.db.insertInto('aiom_configurations').values({ project_id: plantId, capacity_kwp: null, commissioning_date: null, tariff_yuan_per_kwh: 0.5, co2_kg_per_kwh: 0.5703, time_zone: null, updated_at: t.clock.now() }).execute();
    const priced = (await t.inject({ method: 'GET', url: `/api/web/aiom/overview?projectId=${plantId}`, headers: t.bearer(u.token) })).json().data;
    expect(priced.income.source).toBe('configuration');
    expect(priced.income.today).toBeCloseTo(14, 9);
    expect(priced.income.total).toBeCloseTo(89, 9);

    // an hour later without reports: no live power, the devices go offline
    t.clock.advance(60 * 60_000);
    const later = (await t.inject({ method: 'GET', url: `/api/web/aiom/overview?projectId=${plantId}`, headers: t.bearer(u.token) })).json().data;
    expect(later.livePowerW).toBe(0);
    expect(later.health).toMatchObject({ online: 0, offline: 3, fault: 0 });
  });
});
