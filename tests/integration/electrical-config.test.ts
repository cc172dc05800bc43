// The Electrical step's automatic inverter configuration (POST /api/web/project/inverter-config) and the
// checks of a saved configuration (inverter-config/save): a 40-module layout of the catalogue's 550 W
// module with the catalogue's SMA Sunny Tripower 10.0, every number worked by hand from the datasheets
// (src/server/library/catalogue) and docs/ELECTRICAL.md's rules; bad bodies answer 400 naming the
// field, an inverter no string suits answers the spec's message, and nothing stored changes on error.
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';
import { OUTLINE, PER_ROW, ROWS, STP10, SUN2000_10K, libraryId, placedProject } from './electrical-fixture.ts';
import { newProject } from './project-helpers.ts';

// LONGi LR5-72HPH-550M (datasheet): Voc 49.8 V, Vmp 41.95 V, Imp 13.12 A, Isc 13.98 A, βVoc −0.27 %/°C,
// 1500 V system. SMA STP10.0-3AV-40: MPPT 320–800 V, 1000 V max DC, 2 inputs of 20 A (Isc 30 A),
// 2 strings per input, 10 kW AC, 15 kW max DC.
// At tempMin −10 °C (no location: ELECTRICAL.md's default), cell 60 °C and 20 °C:
//   Voc(−10) = 49.8 · (1 − 0.0027 · (−35)) = 49.8 · 1.0945 = 54.50610 V → ⌊1000 / 54.50610⌋ = 18
//   Vmp(20)  = 41.95 · (1 − 0.0027 · (−5)) = 41.95 · 1.0135 = 42.51633 V → ⌊800 / 42.51633⌋ = 18
//   Vmp(60)  = 41.95 · (1 − 0.0027 · 35)   = 41.95 · 0.9055 = 37.98573 V → ⌈320 / 37.98573⌉ = 9
// so 9 to 18 modules per string. Per input: ⌊20 / 13.12⌋ = 1 string by current (⌊30 / 13.98⌋ = 2 by Isc).
// 40 modules on one face: 10 per string leaves none over (the only length in 9–18 dividing 40) → 4
// strings; 22 kW DC / (1.2 · 10 kW) = 1.83 → 2 inverters (4 inputs of 1 string); DC/AC = 22/20 = 1.1.
const VOC_COLD = 49.8 * (1 + (-0.27 / 100) * (-10 - 25));
const VMP_HOT = 41.95 * (1 + (-0.27 / 100) * (60 - 25));
const VMP_COOL = 41.95 * (1 + (-0.27 / 100) * (20 - 25));

type Doc = {
  strings: { id: string; moduleRefs: string[]; inverterId: string | null; mppt: number | null; combinerId: string | null }[];
  inverters: { id: string; name: string; modelKey: string; position: [number, number] | null }[];
  combiners: unknown[];
  unassigned: string[];
  gridPoint: [number, number] | null;
  [k: string]: unknown;
};

/** Distance from a point outside the outline's rectangle to it [m]. */
function outsideDistance([x, y]: [number, number]): number {
  const [x0, y0] = OUTLINE[0];
  const [x1, y1] = OUTLINE[2];
  const dx = Math.max(x0 - x, 0, x - x1);
  const dy = Math.max(y0 - y, 0, y - y1);
  return Math.hypot(dx, dy);
}

describeWithDatabases('electrical: automatic inverter configuration', (t) => {
  it('strings the 40 modules by rows and sizes the inverters as worked by hand; the configuration is stored', async () => {
    const { token } = await t.signUp();
    const { id, h } = await placedProject(t, token);
    const stp = await libraryId(t, token, 'inverter', STP10);
    const res = await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, inverters: [{ libraryId: stp }] } });
    const body = res.json();
    expect(body.code, res.body).toBe(200);
    const { version, data, checks, summary } = body.data as { version: number; data: Doc; checks: { rule: string; ok: boolean; value: number; limit: number; subject: string }[]; summary: Record<string, unknown> };
    expect(version).toBe(1);
    expect(data).toMatchObject({ kind: 'inverter-config', mode: 'auto', layoutVersion: 1, targetDcAcRatio: 1.2, modulesPerString: { min: 9, max: 18 }, temperatures: { tempMin: -10, tempCellHot: 60, tempCellCool: 20 } });
    expect(summary).toEqual({ dcKw: 22, acKw: 20, dcAcRatio: 1.1, strings: 4, unassigned: 0, modulesPerString: { min: 9, max: 18 } });

    // Every module in exactly one string; each string one row of 10, neighbours 1.2 m apart.
    const refs = data.strings.flatMap((s) => s.moduleRefs);
    expect(refs).toHaveLength(ROWS * PER_ROW);
    expect(new Set(refs).size).toBe(ROWS * PER_ROW);
    for (const s of data.strings) {
      expect(s.moduleRefs).toHaveLength(10);
      const rows = new Set(s.moduleRefs.map((r) => Math.floor(Number(r.split('#')[1]) / PER_ROW)));
      expect(rows.size).toBe(1);
    }
    // 2 inverters of the model, each with one string on each of its 2 inputs; no combiner box.
    expect(data.inverters.map((v) => v.name)).toEqual(['INV-1', 'INV-2']);
    expect(data.combiners).toEqual([]);
    const inputs = data.strings.map((s) => `${s.inverterId}:${s.mppt}`).sort();
    expect(inputs).toEqual(['inv-1:0', 'inv-1:1', 'inv-2:0', 'inv-2:1']);
    // Inverters 0.5 m outside the building, the grid point 2 m beyond the first.
    for (const v of data.inverters) expect(outsideDistance(v.position as [number, number])).toBeCloseTo(0.5, 9);
    expect(outsideDistance(data.gridPoint as [number, number])).toBeCloseTo(2.5, 9);

    // The checks of each input with 10 modules, and of each inverter (11 kW DC on 10 kW AC).
    const input = checks.filter((c) => c.subject === 'INV-1 MPPT 1');
    const rule = (name: string) => input.find((c) => c.rule === name);
    expect(rule('vocCold')).toMatchObject({ ok: true, limit: 1000 });
    expect(rule('vocCold')?.value).toBeCloseTo(10 * VOC_COLD, 9);
    expect(rule('vmpHotMin')?.value).toBeCloseTo(10 * VMP_HOT, 9);
    expect(rule('vmpHotMin')).toMatchObject({ ok: true, limit: 320 });
    expect(rule('vmpCoolMax')?.value).toBeCloseTo(10 * VMP_COOL, 9);
    expect(rule('vmpCoolMax')).toMatchObject({ ok: true, limit: 800 });
    expect(rule('mpptCurrent')).toMatchObject({ ok: true, value: 13.12, limit: 20 });
    expect(rule('stringsPerMppt')).toMatchObject({ ok: true, value: 1, limit: 2 });
    expect(checks.find((c) => c.subject === 'INV-2' && c.rule === 'dcAcRatio')).toMatchObject({ ok: true, limit: 1.8 });
    expect(checks.find((c) => c.subject === 'INV-2' && c.rule === 'dcAcRatio')?.value).toBeCloseTo(1.1, 12);
    expect(checks.find((c) => c.subject === 'INV-1' && c.rule === 'maxDcPower')).toMatchObject({ ok: true, value: 11000, limit: 15000 });
    expect(checks.every((c) => c.ok)).toBe(true);

    // Stored: read back, and the report capability opens (spec 000 §4).
    const read = (await t.inject({ method: 'GET', url: `/api/web/project/get-inverter-config?projectId=${id}`, headers: h })).json().data;
    expect(read).toMatchObject({ version: 1, data: { mode: 'auto', strings: data.strings } });
    const ov = (await t.inject({ method: 'GET', url: `/api/web/project/overview?projectId=${id}`, headers: h })).json().data;
    expect(ov.capabilities.canReport).toBe(true);
  });

  it('a caller range, a given count and the inputs: leftovers and unconnected strings are reported', async () => {
    const { token } = await t.signUp();
    const { id, h } = await placedProject(t, token);
    const stp = await libraryId(t, token, 'inverter', STP10);
    const post = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, ...payload } });
    // 12–14 per string: 13 leaves 1 of 40 over (12 leaves 4, 14 leaves 12) → 3 strings, 39 modules;
    // 21.45 kW / 12 kW → 2 inverters, DC/AC 21.45 / 20.
    const ranged = (await post({ inverters: [{ libraryId: stp }], modulesPerString: { min: 12, max: 14 } })).json().data;
    expect(ranged.summary).toMatchObject({ strings: 3, unassigned: 1, dcKw: 21.45, acKw: 20, modulesPerString: { min: 12, max: 14 } });
    expect(ranged.data.strings.every((s: { moduleRefs: string[] }) => s.moduleRefs.length === 13)).toBe(true);
    expect(ranged.version).toBe(1);
    // One inverter asked for: 2 inputs of 1 string take 2 of the 4 strings; the others stay unconnected.
    const one = (await post({ inverters: [{ libraryId: stp, count: 1 }] })).json().data;
    expect(one.data.inverters).toHaveLength(1);
    expect(one.data.strings.filter((s: { inverterId: string | null }) => s.inverterId === null)).toHaveLength(2);
    expect(one.checks.find((c: { rule: string }) => c.rule === 'stringsConnected')).toMatchObject({ subject: 'plant', ok: false, value: 2, limit: 0 });
    // A lower target ratio asks for more inverters: 22 / (0.5 · 10) → 5.
    const many = (await post({ inverters: [{ libraryId: stp }], targetDcAcRatio: 0.5 })).json().data;
    expect(many.data.inverters).toHaveLength(5);
    expect(many.summary).toMatchObject({ acKw: 50, dcAcRatio: 0.44 });
  });

  it('bad bodies name the field; an unsuitable inverter answers the spec message; nothing stored changes', async () => {
    const { token } = await t.signUp();
    const { id, h } = await placedProject(t, token);
    const stp = await libraryId(t, token, 'inverter', STP10);
    const post = (payload: Record<string, unknown>, headers: Record<string, string> = h) =>
      t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers, payload: { projectId: id, ...payload } });
    const first = (await post({ inverters: [{ libraryId: stp }] })).json();
    expect(first.code).toBe(200);
    const cases: [Record<string, unknown>, string][] = [
      [{ inverters: [] }, 'inverters'],
      [{ inverters: Array.from({ length: 6 }, () => ({ libraryId: stp })) }, 'inverters'],
      [{ inverters: [{ libraryId: 'x' }] }, 'inverters.0.libraryId'],
      [{ inverters: [{ libraryId: stp, count: 0 }] }, 'inverters.0.count'],
      [{ inverters: [{ libraryId: stp }], targetDcAcRatio: 10 }, 'targetDcAcRatio'],
      [{ inverters: [{ libraryId: stp }], modulesPerString: { min: 10, max: 5 } }, 'modulesPerString.max'],
      [{ inverters: [{ libraryId: stp }, { libraryId: stp }] }, 'inverters.1.libraryId'],
    ];
    for (const [payload, field] of cases) {
      const r = (await post(payload)).json();
      expect(r, JSON.stringify(payload)).toMatchObject({ code: 400, data: { field } });
    }
    const missing = (await post({ inverters: [{ libraryId: 2_000_000 }] })).json();
    expect(missing).toMatchObject({ code: 404, data: { field: 'inverters.0.libraryId' } });
    // SUN2000-10KTL-M1 takes 11 A per input, below the module's 13.12 A: not one string fits.
    const huawei = await libraryId(t, token, 'inverter', SUN2000_10K);
    const unfit = (await post({ inverters: [{ libraryId: huawei }] })).json();
    expect(unfit).toMatchObject({ code: 400, msg: 'The selected inverter model cannot be adapted', data: { error: 'INVERTER_NOT_ADAPTABLE', field: 'inverters.0.libraryId' } });
    const zh = (await post({ inverters: [{ libraryId: huawei }] }, { ...h, lang: 'zh-CN' })).json();
    expect(zh.msg).toBe('所选逆变器型号无法适配');
    // 19–25 per string is beyond the STP's 18.
    const range = (await post({ inverters: [{ libraryId: stp }], modulesPerString: { min: 19, max: 25 } })).json();
    expect(range).toMatchObject({ code: 400, msg: 'The selected inverter model cannot be adapted', data: { field: 'modulesPerString' } });
    // Nothing of the refused calls was stored.
    expect((await t.inject({ method: 'GET', url: `/api/web/project/get-inverter-config?projectId=${id}`, headers: h })).json().data).toMatchObject({ version: 1, data: first.data.data });

    // A module typed in (no electrical data), no layout, another user's project.
    const typed = await placedProject(t, token, {}, 'typed');
    const noLib = (await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: { ...h, lang: 'zh-CN' }, payload: { projectId: typed.id, inverters: [{ libraryId: stp }] } })).json();
    expect(noLib).toMatchObject({ code: 400, msg: '请从组件库中选择组件后再进行电气设计', data: { error: 'ELECTRICAL_MODULE_NOT_IN_LIBRARY' } });
    const noLibEn = (await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: typed.id, inverters: [{ libraryId: stp }] } })).json();
    expect(noLibEn.msg).toBe('Choose a module from the library to configure the electrical design');
    const empty = await newProject(t, token);
    const noLayout = (await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: empty, inverters: [{ libraryId: stp }] } })).json();
    expect(noLayout).toMatchObject({ code: 400, data: { error: 'ELECTRICAL_NO_LAYOUT', field: 'projectId' } });
    const other = await t.signUp();
    const foreign = await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: t.bearer(other.token), payload: { projectId: id, inverters: [{ libraryId: stp }] } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', payload: { projectId: id, inverters: [{ libraryId: stp }] } })).statusCode).toBe(401);
  });

  it('a saved configuration is checked against the layout: modules, strings, inverters and inputs', async () => {
    const { token } = await t.signUp();
    const { id, h } = await placedProject(t, token);
    const stp = await libraryId(t, token, 'inverter', STP10);
    const auto = (await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, inverters: [{ libraryId: stp }] } })).json().data;
    const doc = auto.data as Doc;
    const save = (data: unknown, version = 1) => t.inject({ method: 'POST', url: '/api/web/project/inverter-config/save', headers: h, payload: { projectId: id, version, data } });
    const edited = (edit: (d: Doc) => void): Doc => {
      const d = structuredClone(doc);
      edit(d);
      return d;
    };
    const refusals: [Doc, string][] = [
      [edited((d) => (d.strings[0].moduleRefs[3] = 'a1#40')), 'data.strings.0.moduleRefs.3'],
      [edited((d) => (d.strings[1].moduleRefs[0] = 'zz#0')), 'data.strings.1.moduleRefs.0'],
      [edited((d) => (d.strings[1].moduleRefs[2] = d.strings[0].moduleRefs[0])), 'data.strings.1.moduleRefs.2'],
      [edited((d) => d.unassigned.push(d.strings[2].moduleRefs[0])), 'data.unassigned.0'],
      [edited((d) => (d.strings[0].mppt = 2)), 'data.strings.0.mppt'],
      [edited((d) => (d.strings[0].inverterId = 'inv-9')), 'data.strings.0.inverterId'],
      [edited((d) => (d.strings[0].combinerId = 'cb-1')), 'data.strings.0.combinerId'],
      [edited((d) => (d.inverters[1].modelKey = 'nope')), 'data.inverters.1.modelKey'],
      [edited((d) => (d.strings[1].id = d.strings[0].id)), 'data.strings.1.id'],
      [edited((d) => ((d as Record<string, unknown>).mode = 'both')), 'data.mode'],
    ];
    for (const [data, field] of refusals) {
      const r = (await save(data)).json();
      expect(r, field).toMatchObject({ code: 400, data: { error: 'VALIDATION', field } });
    }
    // A manual edit that keeps the rules: the last module of the first string taken out.
    const manual = edited((d) => {
      d.mode = 'manual';
      d.unassigned.push(d.strings[0].moduleRefs.pop() as string);
    });
    expect((await save(manual)).json()).toMatchObject({ code: 200, data: { version: 2 } });
    // The layout changes under it: a module the new layout no longer has is refused.
    const layout = (await t.inject({ method: 'GET', url: `/api/web/project/component-layout/get?projectId=${id}`, headers: h })).json().data;
    const fewer = { ...layout.data, arrays: [{ ...layout.data.arrays[0], centers: layout.data.arrays[0].centers.slice(0, 30 * 3) }] };
    expect((await t.inject({ method: 'POST', url: '/api/web/project/component-layout/save', headers: h, payload: { projectId: id, version: 1, data: fewer } })).json().code).toBe(200);
    const stale = (await save(manual, 2)).json();
    expect(stale).toMatchObject({ code: 400, data: { field: expect.stringMatching(/^data\.(strings\.\d+\.moduleRefs|unassigned)\.\d+$/) } });
    expect(stale.msg).toMatch(/is not in the current layout/);
  });
});
