// Projects (spec 000 §3, §5, §7 "Project"; spec 001 §2 "Home and project list", §3, §4 "Drone
// service", §5, §9): new, detail, update, delete, copy, the list with its filters and paging,
// overview, comparison of 2–3, genUid, plant capacity, and the drone project quota. Another user's
// project is never readable or writable: it answers 404 like a missing one.
import { expect, it } from 'vitest';
import { powerLoadDoc } from './economics-fixture.ts';
import { describeWithDatabases } from './harness.ts';
import { buildingDoc, grantDroneQuota, inverterConfigDoc, layoutDoc, newProject } from './project-helpers.ts';

describeWithDatabases('projects', (t) => {
  it('creates, reads, updates and deletes a project; fields are validated with the spec messages', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const created = await t.inject({
      method: 'POST',
      url: '/api/web/project/new',
      headers: h,
      payload: { name: '  Factory roof  ', powerStationType: 'commercial', surveyType: 'SatelLite', gridType: '380V', location: '121.47,31.23', capacity: 120.5, basicInfo: { powerStatOperationMode: 1 } },
    });
    expect(created.json()).toMatchObject({ code: 200, msg: 'Saved', data: { name: 'Factory roof', powerStationType: 'COMMERCIAL', surveyType: 'SATELLITE', gridType: '380V', lat: 31.23, lng: 121.47, location: '121.47,31.23', capacity: 120.5, projectType: 'normal', reOrAiom: 'LITE', basicInfo: { powerStatOperationMode: 1 } } });
    const id = created.json().data.projectId as number;
    // Sent without a province, the position gives it (the nearest gazetteer place, Shanghai, 1.4 km away).
    expect(created.json().data.province).toBe('上海市');
    const hangzhou = await t.inject({ method: 'POST', url: '/api/web/project/new', headers: h, payload: { name: 'Hangzhou', powerStationType: 'RESIDENTIAL', lat: 30.27, lng: 120.15 } });
    expect(hangzhou.json().data.province).toBe('浙江省');
    const named = await t.inject({ method: 'POST', url: '/api/web/project/new', headers: h, payload: { name: 'Named', powerStationType: 'RESIDENTIAL', lat: 30.27, lng: 120.15, province: 'Zhejiang' } });
    expect(named.json().data.province).toBe('Zhejiang');

    const missingName = await t.inject({ method: 'POST', url: '/api/web/project/new', headers: h, payload: { powerStationType: 'RESIDENTIAL' } });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json()).toMatchObject({ code: 400, msg: 'name: This field is required', data: { error: 'VALIDATION', field: 'name' } });
    const badLoc = await t.inject({ method: 'POST', url: '/api/web/project/new', headers: h, payload: { name: 'x', powerStationType: 'RESIDENTIAL', location: '31.23;121.47' } });
    expect(badLoc.json()).toMatchObject({ code: 400, msg: 'location: The latitude and longitude format is incorrect' });
    const outOfRange = await t.inject({ method: 'POST', url: '/api/web/project/new', headers: h, payload: { name: 'x', powerStationType: 'RESIDENTIAL', location: '200,31' } });
    expect(outOfRange.json().data.field).toBe('location');

    const upd = await t.inject({ method: 'POST', url: '/api/web/project/update', headers: h, payload: { projectId: id, name: 'Factory roof B', basicInfo: { invConfigModel: 'manual' }, gridType: null } });
    expect(upd.json()).toMatchObject({ code: 200, msg: 'Updated', data: { name: 'Factory roof B', gridType: null, basicInfo: { powerStatOperationMode: 1, invConfigModel: 'manual' } } });
    const detail = await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${id}`, headers: h });
    expect(detail.json().data).toMatchObject({ projectId: id, name: 'Factory roof B', capacity: 120.5 });
    const cap = await t.inject({ method: 'GET', url: `/api/web/project/getPowerPlantCapacity?projectId=${id}`, headers: h });
    expect(cap.json().data).toEqual({ projectId: id, capacity: 120.5, maxCapacity: null });

    expect((await t.inject({ method: 'POST', url: '/api/web/project/delete', headers: h, payload: { projectId: id } })).json()).toEqual({ code: 200, msg: 'Deleted', data: {} });
    const gone = await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${id}`, headers: h });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 404, msg: 'No relevant data was retrieved' });
    expect((await t.inject({ method: 'POST', url: '/api/web/project/delete', headers: h, payload: { projectId: id } })).statusCode).toBe(404);
  });

  it('needs a session: no token answers 401', async () => {
    for (const [method, url] of [['GET', '/api/web/project/list'], ['POST', '/api/web/project/new'], ['GET', '/api/web/project/detail?projectId=1']] as const) {
      const res = await t.inject({ method, url, payload: method === 'POST' ? { name: 'x', powerStationType: 'RESIDENTIAL' } : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('user A never reads or writes user B’s project: 404 like a missing id, and nothing changes', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const bProject = await newProject(t, b.token, { name: 'B secret' });
    const ha = t.bearer(a.token);
    const attempts: Array<{ method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }> = [
      { method: 'GET', url: `/api/web/project/detail?projectId=${bProject}` },
      { method: 'GET', url: `/api/web/project/overview?projectId=${bProject}` },
      { method: 'GET', url: `/api/web/project/getPowerPlantCapacity?projectId=${bProject}` },
      { method: 'GET', url: `/api/web/project/LiteRe/get-data?projectId=${bProject}` },
      { method: 'GET', url: `/api/web/project/screenshots?projectId=${bProject}` },
      { method: 'GET', url: `/api/web/project/array/detail-list?projectId=${bProject}` },
      { method: 'POST', url: '/api/web/project/update', payload: { projectId: bProject, name: 'hacked' } },
      { method: 'POST', url: '/api/web/project/delete', payload: { projectId: bProject } },
      { method: 'POST', url: '/api/web/project/copyProject', payload: { projectId: bProject } },
      { method: 'POST', url: '/api/web/project/LiteRe/save-data', payload: { projectId: bProject, version: 0, data: buildingDoc(0, { hacked: true }) } },
      { method: 'POST', url: '/api/web/project/array/new', payload: { projectId: bProject, array: { name: 'x' } } },
      { method: 'POST', url: '/api/web/project/component-layout/clear-array', payload: { projectId: bProject } },
      { method: 'POST', url: '/api/web/project/share', payload: { projectId: bProject, days: 7 } },
      { method: 'POST', url: '/api/web/project/share/link/url', payload: { projectId: bProject } },
      { method: 'POST', url: '/api/web/project/share/revoke', payload: { projectId: bProject } },
      { method: 'POST', url: '/api/web/project/screenshots/delete', payload: { projectId: bProject, id: 1 } },
    ];
    for (const at of attempts) {
      const res = await t.inject({ method: at.method, url: at.url, headers: ha, payload: at.payload });
      const missing = await t.inject({ method: at.method, url: at.url.replace(`=${bProject}`, '=2147483000'), headers: ha, payload: at.payload && { ...at.payload, projectId: 2147483000 } });
      expect(res.statusCode, at.url).toBe(404);
      // The same answer as for an id that does not exist: nothing tells B's project exists.
      expect(res.json(), at.url).toEqual(missing.json());
    }
    const cmp = await t.inject({ method: 'GET', url: `/api/web/project/performCompare?projectIds=${await newProject(t, a.token)},${bProject}`, headers: ha });
    expect(cmp.statusCode).toBe(404);
    // B's project is untouched and has no documents.
    const hb = t.bearer(b.token);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${bProject}`, headers: hb })).json().data.name).toBe('B secret');
    expect((await t.inject({ method: 'GET', url: `/api/web/project/LiteRe/get-data?projectId=${bProject}`, headers: hb })).json().data).toMatchObject({ version: 0, data: null });
    expect((await t.inject({ method: 'GET', url: '/api/web/project/list', headers: ha })).json().data.list.map((p: { name: string }) => p.name)).not.toContain('B secret');
  });

  it('lists with filters (type, survey type, name, variant) and paging, newest change first', async () => {
    const { token, userId } = await t.signUp();
    await grantDroneQuota(t, userId, 5);
    const h = t.bearer(token);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      t.clock.advance(1000);
      ids.push(await newProject(t, token, { name: `Plant ${i}${i === 3 ? ' 100%_match' : ''}`, powerStationType: i % 2 ? 'COMMERCIAL' : 'RESIDENTIAL', surveyType: i === 6 ? 'DRONE' : 'SATELLITE', reOrAiom: i === 5 ? 'AIOM' : i === 4 ? 'LITE-RE' : 'LITE' }));
    }
    const list = async (q: string) => (await t.inject({ method: 'GET', url: `/api/web/project/list?${q}`, headers: h })).json().data;
    const all = await list('page=1&size=3');
    expect(all.total).toBe(7);
    expect(all.list.map((p: { projectId: number }) => p.projectId)).toEqual([ids[6], ids[5], ids[4]]);
    expect((await list('page=3&size=3')).list.map((p: { projectId: number }) => p.projectId)).toEqual([ids[0]]);
    expect((await list('page=4&size=3')).list).toEqual([]);
    const commercial = await list('powerStationType=COMMERCIAL');
    expect(commercial.total).toBe(3);
    expect(commercial.list.every((p: { powerStationType: string }) => p.powerStationType === 'COMMERCIAL')).toBe(true);
    expect((await list('surveyType=drone')).list.map((p: { projectId: number }) => p.projectId)).toEqual([ids[6]]);
    // LIKE wildcards in the search are literal characters.
    expect((await list(`name=${encodeURIComponent('100%_m')}`)).list.map((p: { projectId: number }) => p.projectId)).toEqual([ids[3]]);
    expect((await list('name=%25')).total).toBe(1);
    expect((await list('name=plant')).total).toBe(7);
    // LITE lists design projects (LITE and the manual LITE-RE), AIOM the operation ones.
    expect((await list('reOrAiom=LITE')).total).toBe(6);
    expect((await list('reOrAiom=AIOM')).list.map((p: { projectId: number }) => p.projectId)).toEqual([ids[5]]);
    // Updating a project moves it to the top.
    t.clock.advance(1000);
    await t.inject({ method: 'POST', url: '/api/web/project/update', headers: h, payload: { projectId: ids[0], description: 'touched' } });
    expect((await list('size=1')).list[0]).toMatchObject({ projectId: ids[0], creator: expect.any(String), updater: expect.any(String) });
    const bad = await t.inject({ method: 'GET', url: '/api/web/project/list?size=101', headers: h });
    expect(bad.json()).toMatchObject({ code: 400, data: { field: 'size' } });
  });

  it('copies a project with its design data; the copy is independent', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token, { name: 'Original' });
    const three = buildingDoc(3);
    await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: h, payload: { projectId: id, version: 0, data: three } });
    const copy = await t.inject({ method: 'POST', url: '/api/web/project/copyProject', headers: h, payload: { projectId: id } });
    expect(copy.json()).toMatchObject({ code: 200, msg: 'Copied', data: { name: 'Original copy', projectType: 'copy', copiedFrom: id } });
    const copyId = copy.json().data.projectId as number;
    expect(copyId).not.toBe(id);
    const doc = (await t.inject({ method: 'GET', url: `/api/web/project/LiteRe/get-data?projectId=${copyId}`, headers: h })).json().data;
    expect(doc).toMatchObject({ version: 1, data: three });
    expect((await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: h, payload: { projectId: copyId, version: 1, data: buildingDoc(0) } })).json().code).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/LiteRe/get-data?projectId=${id}`, headers: h })).json().data.data).toEqual(three);
  });

  it('a drone project needs drone project quota; creating and copying spend it, satellite projects do not', async () => {
    const { token, userId } = await t.signUp();
    const h = t.bearer(token);
    const refused = await t.inject({ method: 'POST', url: '/api/web/project/new', headers: h, payload: { name: 'Drone 1', powerStationType: 'RESIDENTIAL', surveyType: 'DRONE' } });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 402, data: { error: 'PROJECT_QUOTA_EXCEEDED', field: 'surveyType' } });
    expect((await t.inject({ method: 'GET', url: '/api/web/project/list', headers: h })).json().data.total).toBe(0);

    await grantDroneQuota(t, userId, 2);
    const quota = async () => (await t.inject({ method: 'GET', url: '/api/web/project/get-user-quota-project', headers: h })).json().data;
    expect(await quota()).toMatchObject({ projectCapacity: 2, projectLimit: 2, projectCount: 0 });
    const drone = await newProject(t, token, { name: 'Drone 1', surveyType: 'DRONE' });
    await newProject(t, token, { name: 'Satellite 1' });
    expect(await quota()).toMatchObject({ projectLimit: 1, projectCount: 2 });
    expect((await t.inject({ method: 'POST', url: '/api/web/project/copyProject', headers: h, payload: { projectId: drone } })).json().code).toBe(200);
    expect(await quota()).toMatchObject({ projectLimit: 0, projectCount: 3 });
    const again = await t.inject({ method: 'POST', url: '/api/web/project/copyProject', headers: h, payload: { projectId: drone } });
    expect(again.json().data.error).toBe('PROJECT_QUOTA_EXCEEDED');
    // The spent quota shows in the user's quota answer (spec 001 §3) and in the credit log.
    const q = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-quota', headers: h })).json().data;
    expect(q).toMatchObject({ projectCapacity: 2, projectLimit: 0 });
  });

  it('concurrent drone projects cannot spend the last unit twice', async () => {
    const { token, userId } = await t.signUp();
    await grantDroneQuota(t, userId, 1);
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => t.inject({ method: 'POST', url: '/api/web/project/new', headers: t.bearer(token), payload: { name: `D${i}`, powerStationType: 'RESIDENTIAL', surveyType: 'DRONE' } })),
    );
    expect(results.map((r) => r.json().code).sort()).toEqual([200, 402, 402, 402]);
  });

  it('an account may hold at most maxProjectsPerUser projects', async () => {
    const { token } = await t.signUp();
    const max = t.app.config.maxProjectsPerUser;
    t.app.config.maxProjectsPerUser = 2;
    try {
      await newProject(t, token);
      await newProject(t, token);
      const third = await t.inject({ method: 'POST', url: '/api/web/project/new', headers: t.bearer(token), payload: { name: 'x', powerStationType: 'RESIDENTIAL' } });
      expect(third.json()).toMatchObject({ code: 409, data: { error: 'PROJECT_LIMIT_REACHED' } });
    } finally {
      t.app.config.maxProjectsPerUser = max;
    }
  });

  it('compares 2 to 3 projects with the spec messages; overview reports steps and capabilities', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const [p1, p2, p3, p4] = [await newProject(t, token), await newProject(t, token), await newProject(t, token), await newProject(t, token)];
    const cmp = (ids: number[]) => t.inject({ method: 'GET', url: `/api/web/project/performCompare?projectIds=${ids.join(',')}`, headers: h });
    expect((await cmp([p1])).json()).toMatchObject({ code: 400, msg: 'Please select at least 2 projects for comparison!' });
    expect((await cmp([p1, p1])).json()).toMatchObject({ code: 400, msg: 'Please select at least 2 projects for comparison!' });
    expect((await cmp([p1, p2, p3, p4])).json()).toMatchObject({ code: 400, msg: 'Choose up to 3 items!' });
    const ok3 = (await cmp([p1, p2, p3])).json();
    expect(ok3.data.list.map((o: { project: { projectId: number } }) => o.project.projectId)).toEqual([p1, p2, p3]);
    expect((await t.inject({ method: 'GET', url: '/api/web/project/performCompare?projectIds=1,abc', headers: h })).json().data.field).toBe('projectIds');

    const ov = async () => (await t.inject({ method: 'GET', url: `/api/web/project/overview?projectId=${p1}`, headers: h })).json().data;
    expect((await ov()).capabilities).toEqual({ canDraw: true, canSetComponent: false, canElectrical: false, canReport: false });
    await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: h, payload: { projectId: p1, version: 0, data: buildingDoc(1) } });
    await t.inject({ method: 'POST', url: '/api/web/project/component-layout/save', headers: h, payload: { projectId: p1, version: 0, data: layoutDoc(1) } });
    expect((await ov()).capabilities).toEqual({ canDraw: true, canSetComponent: true, canElectrical: true, canReport: false });
    await t.inject({ method: 'POST', url: '/api/web/project/inverter-config/save', headers: h, payload: { projectId: p1, version: 0, data: inverterConfigDoc() } });
    const o = await ov();
    expect(o.capabilities.canReport).toBe(true);
    expect(Object.keys(o.steps).sort()).toEqual(['component-layout', 'inverter-config', 'lite-re']);
    // Gating read by step order (src/model/wizard.ts, README "Decisions"): a full-feed-in plant (mode 3)
    // draws at once; modes 1 and 2 wait for the load step, and everything after drawing waits with it.
    const setMode = (mode: number) =>
      t.inject({ method: 'POST', url: '/api/web/project/update', headers: h, payload: { projectId: p1, basicInfo: { powerStatOperationMode: mode } } });
    await setMode(3);
    expect((await ov()).capabilities).toEqual({ canDraw: true, canSetComponent: true, canElectrical: true, canReport: true });
    await setMode(1);
    expect((await ov()).capabilities).toEqual({ canDraw: false, canSetComponent: false, canElectrical: false, canReport: false });
    await t.inject({ method: 'POST', url: '/api/web/project/update-powerLoadConfig-page', headers: h, payload: { projectId: p1, version: 0, data: powerLoadDoc({ annualKwh: 12000 }) } });
    expect((await ov()).capabilities.canDraw).toBe(true);
    // A saved drawing without a closed building opens nothing further; one closed building does.
    const empty = { kind: 'building', version: 1, origin: null, buildings: [], obstacles: [] };
    const lite = async (data: unknown) => {
      const version = (await ov()).steps['lite-re'].version;
      await t.inject({ method: 'POST', url: '/api/web/project/LiteRe/save-data', headers: h, payload: { projectId: p1, version, data } });
    };
    await lite(empty);
    expect((await ov()).content.buildings).toBe(0);
    expect((await ov()).capabilities.canSetComponent).toBe(false);
    const square = [[0, 0], [10, 0], [10, 10], [0, 10]].map(([x, y], i) => ({ id: `o${i}`, x, y }));
    await lite({ ...empty, buildings: [{ id: 'b1', name: '', outline: square, closed: true, points: [], lines: [], eaveHeight: 6, auto: null }] });
    expect((await ov()).content.buildings).toBe(1);
    expect((await ov()).capabilities.canSetComponent).toBe(true);
  });

  it('genUid answers 16 letters and the clock’s milliseconds (spec 000 §4)', async () => {
    const { token } = await t.signUp();
    const r = (await t.inject({ method: 'GET', url: '/api/web/project/genUid', headers: t.bearer(token) })).json().data.uid as string;
    expect(r).toMatch(new RegExp(`^[A-Za-z]{16}${t.clock.now().getTime()}$`));
  });
});
