// O&M device binding (spec 000 §7: POST binding-project (query), POST binding-inverter (params),
// POST collector/unbind (params), device/getDevices): an O&M power station (reOrAiom AIOM) is linked
// to the design project it was built from; inverters are registered by serial number with a model
// from the inverter library behind a collector; a serial number belongs to one station at a time;
// nobody can bind devices on, or see the devices of, another user's station.
import { expect, it } from 'vitest';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { newProject } from './project-helpers.ts';

/** A system catalogue inverter visible to everyone: its id, manufacturer and model. */
async function systemInverter(t: TestApp, index = 0) {
  const rows = await t.db.selectFrom('library_inverters').select(['id', 'manufacturer', 'model', 'rated_ac_power']).where('source', '=', 'system').orderBy('id').execute();
  return rows[index];
}

function post(t: TestApp, token: string, url: string, query: Record<string, string | number>) {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return t.inject({ method: 'POST', url: `${url}?${q}`, headers: t.bearer(token) });
}

async function devicesOf(t: TestApp, token: string, projectId: number) {
  return t.inject({ method: 'GET', url: `/api/web/device/getDevices?projectId=${projectId}`, headers: t.bearer(token) });
}

describeWithDatabases('O&M devices', (t) => {
  it('links an O&M station to its design project; both must be the caller’s and of the right kind', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const design = await newProject(t, a.token, { name: 'Factory roof design' });
    const station = await newProject(t, a.token, { name: 'Factory roof plant', reOrAiom: 'AIOM' });
    const other = await newProject(t, a.token, { name: 'Second design', reOrAiom: 'LITE-RE' });

    const empty = await devicesOf(t, a.token, station);
    expect(empty.json()).toEqual({ code: 200, msg: 'ok', data: { projectId: station, designProject: null, collectors: [] } });

    const bind = await post(t, a.token, '/api/web/project/binding-project', { projectId: design, aiomProjectId: station });
    expect(bind.json()).toMatchObject({ code: 200, msg: 'Bound', data: { aiomProjectId: station, designProjectId: design, designProjectName: 'Factory roof design', bindTime: t.clock.now().toISOString() } });
    expect((await devicesOf(t, a.token, station)).json().data.designProject).toMatchObject({ projectId: design, name: 'Factory roof design' });

    // linking again replaces the design project
    expect((await post(t, a.token, '/api/web/project/binding-project', { projectId: other, aiomProjectId: station })).json().code).toBe(200);
    expect((await devicesOf(t, a.token, station)).json().data.designProject).toMatchObject({ projectId: other, name: 'Second design' });

    // the kinds the wrong way round
    const swapped = await post(t, a.token, '/api/web/project/binding-project', { projectId: station, aiomProjectId: design });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json()).toEqual({ code: 400, msg: 'Only a design project can be linked to an O&M power station', data: { error: 'NOT_DESIGN_PROJECT', field: 'projectId' } });
    const notStation = await post(t, a.token, '/api/web/project/binding-project', { projectId: design, aiomProjectId: other });
    expect(notStation.json()).toMatchObject({ code: 400, msg: 'Devices can only be bound to an O&M power station', data: { error: 'NOT_AIOM_PROJECT', field: 'aiomProjectId' } });

    // B may use neither of A's projects, in either role
    const bDesign = await newProject(t, b.token, { name: 'B design' });
    const bStation = await newProject(t, b.token, { name: 'B plant', reOrAiom: 'AIOM' });
    for (const query of [
      { projectId: design, aiomProjectId: bStation },
      { projectId: bDesign, aiomProjectId: station },
    ]) {
      const res = await post(t, b.token, '/api/web/project/binding-project', query);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: 'No relevant data was retrieved', data: { error: 'PROJECT_NOT_FOUND' } });
    }
    expect((await devicesOf(t, a.token, station)).json().data.designProject.projectId).toBe(other);
  });

  it('registers inverters behind collectors and lists them with model, bind time and "never reported"', async () => {
    const a = await t.signUp();
    const station = await newProject(t, a.token, { name: 'Plant', reOrAiom: 'AIOM' });
    const inv = await systemInverter(t, 0);
    const inv2 = await systemInverter(t, 1);
    const first = await post(t, a.token, '/api/web/project/binding-inverter', { projectId: station, inverterSn: ' sn-inv-0001 ', inverterId: inv.id, collectorSn: 'dl_0001' });
    expect(first.json()).toMatchObject({
      code: 200,
      msg: 'Bound',
      data: {
        collector: {
          sn: 'DL_0001',
          status: 'neverReported',
          lastSeen: null,
          bindTime: t.clock.now().toISOString(),
          inverters: [{ sn: 'SN-INV-0001', inverterId: inv.id, manufacturer: inv.manufacturer, model: inv.model, ratedAcPower: inv.rated_ac_power, status: 'neverReported', lastSeen: null }],
        },
      },
    });
    await post(t, a.token, '/api/web/project/binding-inverter', { projectId: station, inverterSn: 'SN-INV-0002', inverterId: inv2.id, collectorSn: 'DL_0001' });
    await post(t, a.token, '/api/web/project/binding-inverter', { projectId: station, inverterSn: 'SN-INV-0003', inverterId: inv.id, collectorSn: 'DL_0002' });
    let devices = (await devicesOf(t, a.token, station)).json().data;
    expect(devices.collectors.map((c: { sn: string; inverters: { sn: string }[] }) => [c.sn, c.inverters.map((i) => i.sn)])).toEqual([
      ['DL_0001', ['SN-INV-0001', 'SN-INV-0002']],
      ['DL_0002', ['SN-INV-0003']],
    ]);
    expect(devices.collectors[0].inverters[1]).toMatchObject({ model: inv2.model, manufacturer: inv2.manufacturer });

    // binding a serial the station holds again moves it to the new collector and model
    const moved = await post(t, a.token, '/api/web/project/binding-inverter', { projectId: station, inverterSn: 'sn-inv-0002', inverterId: inv.id, collectorSn: 'DL_0002' });
    expect(moved.json().data.collector.inverters.map((i: { sn: string }) => i.sn)).toEqual(['SN-INV-0002', 'SN-INV-0003']);
    devices = (await devicesOf(t, a.token, station)).json().data;
    expect(devices.collectors[0].inverters.map((i: { sn: string }) => i.sn)).toEqual(['SN-INV-0001']);
    expect(devices.collectors[1].inverters[0]).toMatchObject({ sn: 'SN-INV-0002', model: inv.model });

    // unbinding a collector takes its inverters with it
    const unbind = await post(t, a.token, '/api/web/collector/unbind', { projectId: station, collectorSn: 'dl_0002' });
    expect(unbind.json()).toEqual({ code: 200, msg: 'Unbound', data: { collectorSn: 'DL_0002', inverters: 2 } });
    devices = (await devicesOf(t, a.token, station)).json().data;
    expect(devices.collectors.map((c: { sn: string }) => c.sn)).toEqual(['DL_0001']);
    const again = await post(t, a.token, '/api/web/collector/unbind', { projectId: station, collectorSn: 'DL_0002' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 404, msg: 'No device with serial number DL_0002 is bound to this power station', data: { error: 'DEVICE_NOT_FOUND', field: 'collectorSn' } });
  });

  it('refuses a serial number bound to another station with a clear message, and frees it on unbind or delete', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const inv = await systemInverter(t);
    const stationA = await newProject(t, a.token, { name: 'A plant', reOrAiom: 'AIOM' });
    const stationA2 = await newProject(t, a.token, { name: 'A second plant', reOrAiom: 'AIOM' });
    const stationB = await newProject(t, b.token, { name: 'B plant', reOrAiom: 'AIOM' });
    expect((await post(t, a.token, '/api/web/project/binding-inverter', { projectId: stationA, inverterSn: 'INV-X-1', inverterId: inv.id, collectorSn: 'COL-X-1' })).json().code).toBe(200);

    const inverterTaken = await post(t, b.token, '/api/web/project/binding-inverter', { projectId: stationB, inverterSn: 'inv-x-1', inverterId: inv.id, collectorSn: 'COL-Y-1' });
    expect(inverterTaken.statusCode).toBe(409);
    expect(inverterTaken.json()).toEqual({
      code: 409,
      msg: 'The inverter serial number INV-X-1 is already bound to another power station: unbind it there first',
      data: { error: 'DEVICE_BOUND_ELSEWHERE', field: 'inverterSn' },
    });
    const zh = await t.inject({ method: 'POST', url: `/api/web/project/binding-inverter?projectId=${stationB}&inverterSn=INV-Y-1&inverterId=${inv.id}&collectorSn=COL-X-1`, headers: { ...t.bearer(b.token), lang: 'zh' } });
    expect(zh.json()).toMatchObject({ code: 409, msg: '采集器序列号COL-X-1已绑定其他电站，请先解绑', data: { field: 'collectorSn' } });
    // the same owner's other station is another station too
    expect((await post(t, a.token, '/api/web/project/binding-inverter', { projectId: stationA2, inverterSn: 'INV-X-1', inverterId: inv.id, collectorSn: 'COL-Z-1' })).statusCode).toBe(409);
    // a refused binding leaves nothing behind (the new collector was not kept)
    expect((await devicesOf(t, b.token, stationB)).json().data.collectors).toEqual([]);
    expect((await devicesOf(t, a.token, stationA2)).json().data.collectors).toEqual([]);

    expect((await post(t, a.token, '/api/web/collector/unbind', { projectId: stationA, collectorSn: 'COL-X-1' })).json().code).toBe(200);
    expect((await post(t, b.token, '/api/web/project/binding-inverter', { projectId: stationB, inverterSn: 'INV-X-1', inverterId: inv.id, collectorSn: 'COL-X-1' })).json().code).toBe(200);

    // deleting the station frees its serials
    expect((await t.inject({ method: 'POST', url: '/api/web/project/delete', headers: t.bearer(b.token), payload: { projectId: stationB } })).json().code).toBe(200);
    expect((await post(t, a.token, '/api/web/project/binding-inverter', { projectId: stationA, inverterSn: 'INV-X-1', inverterId: inv.id, collectorSn: 'COL-X-1' })).json().code).toBe(200);
  });

  it('two stations binding the same serial at once: one gets it, the other a clear 409', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const inv = await systemInverter(t);
    const stationA = await newProject(t, a.token, { name: 'A plant', reOrAiom: 'AIOM' });
    const stationB = await newProject(t, b.token, { name: 'B plant', reOrAiom: 'AIOM' });
    for (let round = 0; round < 3; round++) {
      const sn = `RACE-INV-${round}`;
      const results = await Promise.all([
        post(t, a.token, '/api/web/project/binding-inverter', { projectId: stationA, inverterSn: sn, inverterId: inv.id, collectorSn: `RACE-COL-A${round}` }),
        post(t, b.token, '/api/web/project/binding-inverter', { projectId: stationB, inverterSn: sn, inverterId: inv.id, collectorSn: `RACE-COL-B${round}` }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().data).toEqual({ error: 'DEVICE_BOUND_ELSEWHERE', field: 'inverterSn' });
      const holders = await t.db.selectFrom('device_inverters').select('project_id').where('serial', '=', sn).execute();
      expect(holders).toHaveLength(1);
    }
  });

  it('nobody binds, unbinds or lists devices on another user’s station (404 like a missing one)', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const inv = await systemInverter(t);
    const station = await newProject(t, a.token, { name: 'A plant', reOrAiom: 'AIOM' });
    await post(t, a.token, '/api/web/project/binding-inverter', { projectId: station, inverterSn: 'INV-A-1', inverterId: inv.id, collectorSn: 'COL-A-1' });
    const attempts = [
      post(t, b.token, '/api/web/project/binding-inverter', { projectId: station, inverterSn: 'INV-B-1', inverterId: inv.id, collectorSn: 'COL-A-1' }),
      post(t, b.token, '/api/web/collector/unbind', { projectId: station, collectorSn: 'COL-A-1' }),
      devicesOf(t, b.token, station),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, data: { error: 'PROJECT_NOT_FOUND' } });
    }
    const devices = (await devicesOf(t, a.token, station)).json().data;
    expect(devices.collectors).toHaveLength(1);
    expect(devices.collectors[0].inverters.map((i: { sn: string }) => i.sn)).toEqual(['INV-A-1']);
    // without a session
    const anon = await t.inject({ method: 'GET', url: `/api/web/device/getDevices?projectId=${station}` });
    expect(anon.statusCode).toBe(401);
  });

  it('answers 400 with the envelope for bad input, a design project, or an unknown inverter model', async () => {
    const a = await t.signUp();
    const inv = await systemInverter(t);
    const station = await newProject(t, a.token, { name: 'Plant', reOrAiom: 'AIOM' });
    const design = await newProject(t, a.token, { name: 'Design' });
    const good = { projectId: station, inverterSn: 'INV-OK-1', inverterId: inv.id, collectorSn: 'COL-OK-1' };
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ ...good, inverterSn: 'a b' }, 'inverterSn'],
      [{ ...good, inverterSn: 'x' }, 'inverterSn'],
      [{ ...good, collectorSn: 'COL/1' }, 'collectorSn'],
      [{ ...good, collectorSn: 'C'.repeat(65) }, 'collectorSn'],
      [{ ...good, inverterId: 'abc' }, 'inverterId'],
      [{ ...good, projectId: 0 }, 'projectId'],
    ];
    for (const [query, field] of cases) {
      const res = await post(t, a.token, '/api/web/project/binding-inverter', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION', field } });
    }
    const missing = await t.inject({ method: 'POST', url: `/api/web/project/binding-inverter?projectId=${station}`, headers: t.bearer(a.token) });
    expect(missing.json()).toMatchObject({ code: 400, msg: expect.stringContaining('This field is required'), data: { error: 'VALIDATION' } });
    expect((await post(t, a.token, '/api/web/project/binding-project', { projectId: 'x', aiomProjectId: station })).json()).toMatchObject({ code: 400, data: { field: 'projectId' } });
    expect((await post(t, a.token, '/api/web/collector/unbind', { projectId: station })).json()).toMatchObject({ code: 400, data: { field: 'collectorSn' } });
    expect((await t.inject({ method: 'GET', url: '/api/web/device/getDevices', headers: t.bearer(a.token) })).json()).toMatchObject({ code: 400, data: { field: 'projectId' } });

    const onDesign = await post(t, a.token, '/api/web/project/binding-inverter', { ...good, projectId: design });
    expect(onDesign.json()).toMatchObject({ code: 400, msg: 'Devices can only be bound to an O&M power station', data: { error: 'NOT_AIOM_PROJECT' } });
    expect((await devicesOf(t, a.token, design)).json().data.error).toBe('NOT_AIOM_PROJECT');

    const unknownModel = await post(t, a.token, '/api/web/project/binding-inverter', { ...good, inverterId: 2_000_000_000 });
    expect(unknownModel.json()).toMatchObject({ code: 404, data: { error: 'NOT_FOUND', field: 'inverterId' } });
    // another user's custom inverter is not a model this user can pick
    const b = await t.signUp();
    const custom = await t.app.services.library.addInverter(b.userId, JSON.parse((await t.db.selectFrom('library_inverters').select('data').where('id', '=', inv.id).executeTakeFirstOrThrow()).data));
    expect((await post(t, a.token, '/api/web/project/binding-inverter', { ...good, inverterId: custom })).json()).toMatchObject({ code: 404, data: { field: 'inverterId' } });
    expect((await devicesOf(t, a.token, station)).json().data.collectors).toEqual([]);
  });
});
