// O&M plant and devices (issue 21 "aiom" §1): a plant is created from a design in one call and bound
// to it; devices are registered by serial (one plant at a time), with their designed inverter and
// strings, the Modbus connection kept encrypted; the legacy spec calls (binding-inverter,
// collector/unbind, device/getDevices) stay as they were and are mirrored into the registry, and a
// report through the ingest shows on device/getDevices as well.
import { expect, it } from 'vitest';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { newProject } from './project-helpers.ts';

async function aiomUser(t: TestApp) {
  const u = await t.signUp();
  await t.db.transaction().execute((tx) =>
    t.app.services.entitlements.grant(tx, u.userId, { products: ['AIOM'], permanent: true, membershipDays: null, plan: 'annual', photoCredits: 0, projectCredits: 5, changeType: 'grant', operator: 'test' }),
  );
  return u;
}

describeWithDatabases('O&M plant and devices', (t) => {
  it('creates a plant from a design, registers devices and refuses bad registrations naming the field', async () => {
    const u = await aiomUser(t);
    const other = await aiomUser(t);
    const designId = await newProject(t, u.token, { name: 'School roof', lat: 39.9, lng: 116.4, capacity: 50 });
    const create = (token: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/web/aiom/plant/create', headers: t.bearer(token), payload });
    expect((await create(other.token, { designProjectId: designId })).json()).toMatchObject({ code: 404, data: { field: 'designProjectId' } });
    const plant = (await create(u.token, { designProjectId: designId, name: 'School plant' })).json().data;
    expect(plant).toMatchObject({ designProjectId: designId, name: 'School plant' });
    expect((await create(u.token, { designProjectId: plant.projectId })).json()).toMatchObject({ code: 400, data: { error: 'NOT_DESIGN_PROJECT', field: 'designProjectId' } });
    const row = await t.db.selectFrom('projects').select(['re_or_aiom', 'lat', 'lng', 'capacity_kw']).where('id', '=', plant.projectId).executeTakeFirstOrThrow();
    expect(row).toEqual({ re_or_aiom: 'AIOM', lat: 39.9, lng: 116.4, capacity_kw: 50 });

    const register = (token: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/web/aiom/devices/register', headers: t.bearer(token), payload: { projectId: plant.projectId, ...payload } });
    const bad: [Record<string, unknown>, string][] = [
      [{ kind: 'inverter', serial: 'INV-1', protocol: 'sunspec-modbus-tcp' }, 'modbus'],
      [{ kind: 'inverter', serial: 'INV-1', protocol: 'sunspec-modbus-tcp', modbus: { host: 'h', port: 70_000 } }, 'modbus.port'],
      [{ kind: 'inverter', serial: 'INV-1', protocol: 'sunspec-modbus-tcp', modbus: { host: 'h', unitId: 248 } }, 'modbus.unitId'],
      [{ kind: 'inverter', serial: 'IN\u0000V1' }, 'serial'],
      [{ kind: 'battery', serial: 'INV-1' }, 'kind'],
      [{ kind: 'meter', serial: 'MTR-1', stringIds: ['s1'] }, 'stringIds'],
    ];
    for (const [payload, field] of bad) {
      const res = await register(u.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().data.field, JSON.stringify(payload)).toBe(field);
    }
    const inv = (await register(u.token, { kind: 'inverter', serial: 'inv-1', name: 'Inverter 1', designInverterId: 'inv-A', stringIds: ['A1', 'A2'], protocol: 'sunspec-modbus-tcp', modbus: { host: '192.168.1.20' } })).json().data;
    expect(inv).toMatchObject({ serial: 'INV-1', name: 'Inverter 1', kind: 'inverter', designInverterId: 'inv-A', stringIds: ['A1', 'A2'], modbus: { host: '192.168.1.20', port: 502, unitId: 1 }, state: 'neverReported', lastReading: null });
    // another user may not register on this plant; a serial held here is refused elsewhere
    expect((await register(other.token, { kind: 'meter', serial: 'MTR-9' })).statusCode).toBe(404);
    const otherDesign = await newProject(t, other.token, { name: 'Other' });
    const otherPlant = (await create(other.token, { designProjectId: otherDesign })).json().data.projectId;
    const taken = await t.inject({ method: 'POST', url: '/api/web/aiom/devices/register', headers: t.bearer(other.token), payload: { projectId: otherPlant, kind: 'inverter', serial: 'INV-1' } });
    expect(taken.json()).toMatchObject({ code: 409, data: { error: 'DEVICE_BOUND_ELSEWHERE', field: 'serial' } });

    const list = (await t.inject({ method: 'GET', url: `/api/web/aiom/devices?projectId=${plant.projectId}`, headers: t.bearer(u.token) })).json().data;
    expect(list).toMatchObject({ projectId: plant.projectId, designProjectId: designId });
    expect(list.devices.map((d: { serial: string }) => d.serial)).toEqual(['INV-1']);
    const del = await t.inject({ method: 'POST', url: '/api/web/aiom/devices/delete', headers: t.bearer(u.token), payload: { projectId: plant.projectId, serial: 'INV-1' } });
    expect(del.json().data).toEqual({ serial: 'INV-1', deleted: true });
    expect((await t.inject({ method: 'POST', url: '/api/web/aiom/devices/delete', headers: t.bearer(u.token), payload: { projectId: plant.projectId, serial: 'INV-1' } })).json()).toMatchObject({ code: 404, data: { field: 'serial' } });
  });

  it('mirrors the legacy binding calls into the registry; a report shows on device/getDevices', async () => {
    const u = await aiomUser(t);
    const designId = await newProject(t, u.token, { name: 'Legacy design' });
    const plantId = (await t.inject({ method: 'POST', url: '/api/web/aiom/plant/create', headers: t.bearer(u.token), payload: { designProjectId: designId } })).json().data.projectId as number;
    const lib = await t.db.selectFrom('library_inverters').select(['id', 'manufacturer', 'model']).where('source', '=', 'system').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const bind = await t.inject({ method: 'POST', url: `/api/web/project/binding-inverter?projectId=${plantId}&inverterSn=LEG-INV-1&inverterId=${lib.id}&collectorSn=LEG-COL-1`, headers: t.bearer(u.token) });
    expect(bind.json().code).toBe(200);
    const list = (await t.inject({ method: 'GET', url: `/api/web/aiom/devices?projectId=${plantId}`, headers: t.bearer(u.token) })).json().data.devices;
    expect(list.map((d: { serial: string; kind: string; name: string }) => [d.serial, d.kind, d.name])).toEqual([
      ['LEG-COL-1', 'collector', 'LEG-COL-1'],
      ['LEG-INV-1', 'inverter', `${lib.manufacturer} ${lib.model}`],
    ]);
    const token = (await t.inject({ method: 'POST', url: '/api/web/aiom/gateway-token', headers: t.bearer(u.token), payload: { projectId: plantId } })).json().data.token as string;
    const ts = t.clock.now().toISOString();
    expect((await t.inject({ method: 'POST', url: '/api/web/aiom/ingest', headers: { authorization: `Bearer ${token}` }, payload: { readings: [{ serial: 'LEG-INV-1', ts, acPowerW: 1500, energyKwh: 12 }] } })).json().data.stored).toBe(1);
    const legacy = (await t.inject({ method: 'GET', url: `/api/web/device/getDevices?projectId=${plantId}`, headers: t.bearer(u.token) })).json().data;
    expect(legacy.collectors[0].inverters[0]).toMatchObject({ sn: 'LEG-INV-1', lastSeen: ts, status: 'online' });
    const unbind = await t.inject({ method: 'POST', url: `/api/web/collector/unbind?projectId=${plantId}&collectorSn=LEG-COL-1`, headers: t.bearer(u.token) });
    expect(unbind.json().data).toEqual({ collectorSn: 'LEG-COL-1', inverters: 1 });
    expect((await t.inject({ method: 'GET', url: `/api/web/aiom/devices?projectId=${plantId}`, headers: t.bearer(u.token) })).json().data.devices).toEqual([]);

    // a serial another plant registered through the O&M calls is refused by the legacy call too
    const v = await aiomUser(t);
    const vPlant = (await t.inject({ method: 'POST', url: '/api/web/aiom/plant/create', headers: t.bearer(v.token), payload: { designProjectId: await newProject(t, v.token, { name: 'V' }) } })).json().data.projectId as number;
    expect((await t.inject({ method: 'POST', url: '/api/web/aiom/devices/register', headers: t.bearer(v.token), payload: { projectId: vPlant, kind: 'inverter', serial: 'HELD-INV-1' } })).json().code).toBe(200);
    const held = await t.inject({ method: 'POST', url: `/api/web/project/binding-inverter?projectId=${plantId}&inverterSn=HELD-INV-1&inverterId=${lib.id}&collectorSn=LEG-COL-2`, headers: t.bearer(u.token) });
    expect(held.json()).toMatchObject({ code: 409, data: { error: 'DEVICE_BOUND_ELSEWHERE', field: 'inverterSn' } });
    expect(await t.db.selectFrom('device_collectors').select('id').where('serial', '=', 'LEG-COL-2').execute()).toEqual([]);
  });
});
