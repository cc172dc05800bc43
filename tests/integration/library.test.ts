// Equipment libraries (spec 000 §7 component/inverter list and detail; spec 001 §2 "Equipment
// information", §3 custom PV module / custom inverter / manufacturer, §5 messages): the system
// catalogue seeded at start (idempotently), custom entries with the spec's validation messages,
// .PAN/.OND import (a binary file gets the parser's clear error), enable/disable, manufacturers,
// and no access to another user's custom entries.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SYSTEM_INVERTERS } from '../../src/server/library/catalogue/inverters.ts';
import { SYSTEM_MODULES } from '../../src/server/library/catalogue/modules.ts';
import { seedSystemLibrary } from '../../src/server/library/seed.ts';
import { describeWithDatabases } from './harness.ts';
import { multipartBody } from './project-helpers.ts';

const PAN = readFileSync(new URL('../fixtures/pvsyst/example-module.PAN', import.meta.url));
const OND = readFileSync(new URL('../fixtures/pvsyst/example-inverter.OND', import.meta.url));

/** A module as a datasheet gives it (LONGi LR5-72HPH-550M, values of the system catalogue entry). */
const MODULE = {
  manufacturer: 'My Solar',
  model: 'MS-550',
  moduleType: 'mono',
  pmax: 550,
  vmp: 41.95,
  imp: 13.12,
  voc: 49.8,
  isc: 13.98,
  length: 2256,
  width: 1133,
  cellsInSeries: 72,
  maxSystemVoltage: 1500,
  tempCoeffIsc: 0.048,
  tempCoeffVoc: -0.27,
  tempCoeffPmax: -0.35,
};

const INVERTER = {
  manufacturer: 'My Inverters',
  model: 'MI-5K',
  inverterType: 'string',
  ratedAcPower: 5000,
  ratedAcVoltage: 230,
  mpptMinVoltage: 90,
  mpptMaxVoltage: 550,
  maxDcVoltage: 600,
  mpptCount: 2,
  stringsPerMppt: 1,
  maxInputCurrentPerMppt: 16,
  maxEfficiency: 97.6,
};

describeWithDatabases('equipment libraries', (t) => {
  it('lists the seeded system catalogue with filters and paging; the seed is idempotent', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const modules = (await t.inject({ method: 'GET', url: '/api/web/component/list?size=100&source=system', headers: h })).json().data;
    expect(modules.total).toBe(SYSTEM_MODULES.length);
    expect(modules.list.every((m: { source: string; enabled: boolean }) => m.source === 'system' && m.enabled)).toBe(true);
    const longi = SYSTEM_MODULES.find((m) => m.id === 'longi-lr5-72hph-550m')!;
    const row = modules.list.find((m: { model: string }) => m.model === longi.model);
    expect(row).toMatchObject({ manufacturer: 'LONGi', pmax: 550, length: 2256, width: 1133, efficiency: 21.5, moduleType: 'mono' });
    const inverters = (await t.inject({ method: 'GET', url: '/api/web/inverter/list?size=100', headers: h })).json().data;
    expect(inverters.total).toBe(SYSTEM_INVERTERS.length);

    const byMaker = (await t.inject({ method: 'GET', url: '/api/web/component/list?manufacturer=longi', headers: h })).json().data;
    expect(byMaker.total).toBe(SYSTEM_MODULES.filter((m) => m.manufacturer === 'LONGi').length);
    const byKeyword = (await t.inject({ method: 'GET', url: '/api/web/component/list?keyword=72HPH', headers: h })).json().data;
    expect(byKeyword.list.every((m: { model: string }) => m.model.includes('72HPH'))).toBe(true);
    // Words of the manufacturer and the model together, in any order and case (issue 18: "LONGi LR5"
    // found nothing): every LONGi LR5 module, and only those.
    const lr5 = SYSTEM_MODULES.filter((m) => m.manufacturer === 'LONGi' && m.model.startsWith('LR5')).map((m) => m.model).sort();
    expect(lr5.length).toBeGreaterThan(1);
    for (const keyword of ['LONGi LR5', 'lr5 longi', '  LONGi   LR5-  ']) {
      const found = (await t.inject({ method: 'GET', url: `/api/web/component/list?size=100&keyword=${encodeURIComponent(keyword)}`, headers: h })).json().data;
      expect(found.list.map((m: { model: string }) => m.model).sort(), keyword).toEqual(lr5);
    }
    const none = (await t.inject({ method: 'GET', url: `/api/web/component/list?keyword=${encodeURIComponent('LONGi 72HPH-999')}`, headers: h })).json().data;
    expect(none.total).toBe(0);
    // LIKE wildcards typed are plain characters.
    const literal = (await t.inject({ method: 'GET', url: `/api/web/component/list?keyword=${encodeURIComponent('LR5 %')}`, headers: h })).json().data;
    expect(literal.total).toBe(0);
    const page2 = (await t.inject({ method: 'GET', url: '/api/web/component/list?page=2&size=5&source=system', headers: h })).json().data;
    expect(page2.list.map((m: { id: number }) => m.id)).toEqual(modules.list.slice(5, 10).map((m: { id: number }) => m.id));

    const detail = (await t.inject({ method: 'GET', url: `/api/web/component/detail?id=${row.id}`, headers: h })).json().data;
    expect(detail.module).toMatchObject({ vmp: 41.95, imp: 13.12, voc: 49.8, isc: 13.98, tempCoeffPmax: -0.35, noct: 45 });

    expect(await seedSystemLibrary(t.db, t.clock)).toBe(false);
    const again = await t.db.selectFrom('library_modules').select((eb) => eb.fn.countAll<string | number>().as('n')).where('source', '=', 'system').executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(SYSTEM_MODULES.length);
    // A changed catalogue (forced by forgetting the recorded hash) upserts without duplicating.
    await t.db.deleteFrom('seed_state').execute();
    expect(await seedSystemLibrary(t.db, t.clock)).toBe(true);
    const after = await t.db.selectFrom('library_modules').select((eb) => eb.fn.countAll<string | number>().as('n')).where('source', '=', 'system').executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(SYSTEM_MODULES.length);
  });

  it('custom modules: add, read, update, delete, with the custom form’s messages', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const add = (body: unknown) => t.inject({ method: 'POST', url: '/api/web/component/add', headers: h, payload: body as Record<string, unknown> });
    const { pmax: _pmax, ...noPower } = MODULE;
    expect((await add(noPower)).json()).toMatchObject({ code: 400, msg: 'pmax: Module rated power is required', data: { field: 'pmax' } });
    expect((await add({ ...MODULE, manufacturer: ' ' })).json().msg).toBe('manufacturer: Please enter the manufacturer English or Chinese name');
    expect((await add({ ...MODULE, model: '' })).json().msg).toBe('model: Please enter the module model');
    expect((await add({ ...MODULE, length: 1_000_000 })).json().msg).toBe('length: needs to be between 0 and 999999');
    expect((await add({ ...MODULE, marketEntryYear: 2024, marketExitYear: 2020 })).json().msg).toBe('marketExitYear: Market exit year must be later than entry year');
    expect((await add({ ...MODULE, vmp: 60 })).json().data.field).toBe('vmp');

    const created = await add({ ...MODULE, marketEntryYear: 2022 });
    expect(created.json()).toMatchObject({ code: 200, msg: 'Added successfully' });
    const id = created.json().data.id as number;
    const detail = (await t.inject({ method: 'GET', url: `/api/web/component/detail?id=${id}`, headers: h })).json().data;
    expect(detail).toMatchObject({ source: 'custom', manufacturer: 'My Solar', model: 'MS-550', enabled: true, module: { pmax: 550, marketEntryYear: 2022 } });
    // Efficiency from Pmax / (area × 1000 W/m²): 550 / (2.256 × 1.133 × 1000) = 21.52 %.
    expect(detail.efficiency).toBeCloseTo(21.52, 2);
    const own = (await t.inject({ method: 'GET', url: '/api/web/component/list?source=custom', headers: h })).json().data;
    expect(own.list.map((m: { id: number }) => m.id)).toEqual([id]);

    const upd = await t.inject({ method: 'POST', url: '/api/web/component/update', headers: h, payload: { id, module: { ...MODULE, model: 'MS-550B' } } });
    expect(upd.json().code).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/web/component/detail?id=${id}`, headers: h })).json().data.model).toBe('MS-550B');
    // The manufacturer of a custom entry appears among the user's manufacturers.
    const makers = (await t.inject({ method: 'GET', url: '/api/web/manufacturer/list?kind=module&source=custom', headers: h })).json().data.list;
    expect(makers.map((m: { nameEn: string }) => m.nameEn)).toEqual(['My Solar']);

    const system = (await t.inject({ method: 'GET', url: '/api/web/component/list?source=system&size=1', headers: h })).json().data.list[0];
    const readOnly = await t.inject({ method: 'POST', url: '/api/web/component/update', headers: h, payload: { id: system.id, module: MODULE } });
    expect(readOnly.json()).toMatchObject({ code: 400, msg: 'System library entries cannot be changed' });
    expect((await t.inject({ method: 'POST', url: '/api/web/component/delete', headers: h, payload: { id: system.id } })).json().code).toBe(400);
    expect((await t.inject({ method: 'POST', url: '/api/web/component/delete', headers: h, payload: { id } })).json()).toMatchObject({ code: 200, msg: 'Deleted' });
    expect((await t.inject({ method: 'GET', url: `/api/web/component/detail?id=${id}`, headers: h })).statusCode).toBe(404);
  });

  it('custom inverters with their cross-field rules', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const add = (body: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/web/inverter/add', headers: h, payload: body });
    expect((await add({ ...INVERTER, mpptMinVoltage: 600 })).json().msg).toBe('mpptMinVoltage: MPPT minimum voltage must be lower than the maximum');
    expect((await add({ ...INVERTER, mpptMaxVoltage: 700 })).json().msg).toBe('mpptMaxVoltage: MPPT maximum voltage must not exceed the maximum DC input voltage');
    expect((await add({ ...INVERTER, model: '' })).json().msg).toBe('model: Please enter the inverter model');
    const id = (await add(INVERTER)).json().data.id as number;
    expect((await t.inject({ method: 'GET', url: `/api/web/inverter/detail?id=${id}`, headers: h })).json().data).toMatchObject({ ratedAcPower: 5000, maxEfficiency: 97.6, mpptCount: 2, inverter: { mpptMaxVoltage: 550 } });
    expect((await t.inject({ method: 'POST', url: '/api/web/inverter/update', headers: h, payload: { id, inverter: { ...INVERTER, ratedAcPower: 4600 } } })).json().code).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/web/inverter/detail?id=${id}`, headers: h })).json().data.ratedAcPower).toBe(4600);
  });

  it('imports .PAN and .OND files; a binary or wrong file gets the parser’s message', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const upload = (kind: 'component' | 'inverter', name: string, bytes: Buffer) => {
      const m = multipartBody([{ name, bytes }]);
      return t.inject({ method: 'POST', url: `/api/web/${kind}/import`, headers: { ...h, ...m.headers }, payload: m.payload });
    };
    const pan = await upload('component', 'example-module.PAN', PAN);
    expect(pan.json()).toMatchObject({ code: 200, msg: 'Upload succeeded' });
    const mod = (await t.inject({ method: 'GET', url: `/api/web/component/detail?id=${pan.json().data.id}`, headers: h })).json().data;
    // The fixture's values (tests/fixtures/pvsyst/README.md): 620 W, 78 cells, 2382 × 1134 mm.
    expect(mod).toMatchObject({ source: 'custom', manufacturer: 'Example Solar', model: 'ES-78TB-620', pmax: 620, length: 2382, width: 1134 });
    expect(mod.module.cellsInSeries).toBe(78);
    expect(mod.module.datasheet.document).toContain('example-module.PAN');

    const ond = await upload('inverter', 'example-inverter.OND', OND);
    expect(ond.json().code).toBe(200);
    const inv = (await t.inject({ method: 'GET', url: `/api/web/inverter/detail?id=${ond.json().data.id}`, headers: h })).json().data;
    expect(inv).toMatchObject({ manufacturer: 'Example Power', model: 'EP-110K', mpptCount: 6 });

    const binary = await upload('component', 'photo.PAN', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]));
    expect(binary.json()).toMatchObject({ code: 400, msg: 'Please select a standard PAN or OND file: the file is binary, not a PVsyst text file', data: { field: 'file' } });
    const wrong = await upload('component', 'inverter.PAN', OND);
    expect(wrong.json().msg).toMatch(/^Please select a standard PAN file/);
    const notPvsyst = await upload('inverter', 'x.OND', Buffer.from('hello world\n'));
    expect(notPvsyst.json()).toMatchObject({ code: 400, data: { error: 'PVSYST_FILE' } });
    const empty = multipartBody([]);
    const none = await t.inject({ method: 'POST', url: '/api/web/component/import', headers: { ...h, ...empty.headers }, payload: empty.payload });
    expect(none.statusCode).toBe(400);
  });

  it('enable/disable per user ("Status Updated Successfully"), manufacturers, and no access to another user’s entries', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const ha = t.bearer(a.token);
    const hb = t.bearer(b.token);
    const system = (await t.inject({ method: 'GET', url: '/api/web/inverter/list?source=system&size=1', headers: ha })).json().data.list[0];
    const off = await t.inject({ method: 'POST', url: '/api/web/inverter/status', headers: ha, payload: { id: system.id, enabled: false } });
    expect(off.json()).toEqual({ code: 200, msg: 'Status Updated Successfully', data: {} });
    expect((await t.inject({ method: 'GET', url: `/api/web/inverter/detail?id=${system.id}`, headers: ha })).json().data.enabled).toBe(false);
    expect((await t.inject({ method: 'GET', url: `/api/web/inverter/detail?id=${system.id}`, headers: hb })).json().data.enabled).toBe(true);
    const enabledOnly = (await t.inject({ method: 'GET', url: '/api/web/inverter/list?enabled=true&size=100', headers: ha })).json().data;
    expect(enabledOnly.list.map((i: { id: number }) => i.id)).not.toContain(system.id);
    expect((await t.inject({ method: 'GET', url: '/api/web/inverter/list?enabled=false', headers: ha })).json().data.list.map((i: { id: number }) => i.id)).toEqual([system.id]);
    await t.inject({ method: 'POST', url: '/api/web/inverter/status', headers: ha, payload: { id: system.id, enabled: true } });
    expect((await t.inject({ method: 'GET', url: `/api/web/inverter/detail?id=${system.id}`, headers: ha })).json().data.enabled).toBe(true);

    const makers = (await t.inject({ method: 'GET', url: '/api/web/manufacturer/list?kind=inverter', headers: ha })).json().data.list;
    expect(makers.map((m: { nameEn: string }) => m.nameEn)).toEqual(expect.arrayContaining([...new Set(SYSTEM_INVERTERS.map((i) => i.manufacturer))]));
    const noName = await t.inject({ method: 'POST', url: '/api/web/manufacturer/add', headers: ha, payload: { kind: 'module' } });
    expect(noName.json().msg).toBe('nameEn: Please enter the manufacturer English or Chinese name');
    const mk = (await t.inject({ method: 'POST', url: '/api/web/manufacturer/add', headers: ha, payload: { kind: 'module', nameZh: '示例光伏' } })).json().data.id;
    expect((await t.inject({ method: 'POST', url: '/api/web/manufacturer/status', headers: ha, payload: { id: mk, enabled: false } })).json().msg).toBe('Status Updated Successfully');
    expect((await t.inject({ method: 'GET', url: '/api/web/manufacturer/list?kind=module&source=custom', headers: ha })).json().data.list).toEqual([
      { id: mk, kind: 'module', source: 'custom', nameEn: null, nameZh: '示例光伏', enabled: false },
    ]);
    expect((await t.inject({ method: 'POST', url: '/api/web/manufacturer/status', headers: hb, payload: { id: mk, enabled: false } })).statusCode).toBe(404);

    const aModule = (await t.inject({ method: 'POST', url: '/api/web/component/add', headers: ha, payload: MODULE })).json().data.id;
    for (const [method, url, payload] of [
      ['GET', `/api/web/component/detail?id=${aModule}`, undefined],
      ['POST', '/api/web/component/update', { id: aModule, module: MODULE }],
      ['POST', '/api/web/component/delete', { id: aModule }],
      ['POST', '/api/web/component/status', { id: aModule, enabled: false }],
    ] as const) {
      expect((await t.inject({ method, url, headers: hb, payload })).statusCode, url).toBe(404);
    }
    expect((await t.inject({ method: 'GET', url: '/api/web/component/list?source=custom', headers: hb })).json().data.total).toBe(0);
    expect((await t.inject({ method: 'GET', url: `/api/web/component/detail?id=${aModule}`, headers: ha })).json().data.enabled).toBe(true);
  });
});
