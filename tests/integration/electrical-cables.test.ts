// The Electrical step's cables: the automatic routing and sizing (POST /api/web/project/v2/cable-auto-place),
// the lengths (GET cable/length, and with a share key), and a cable document saved by the client
// (updateCable) whose drop, loss and ampacity the server works out again. Routes are checked against
// their Manhattan lengths and every figure against ELECTRICAL.md's formulas worked here by hand.
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';
import { STP10, centre, libraryId, placedProject } from './electrical-fixture.ts';
import { cableDoc, newProject } from './project-helpers.ts';

// ELECTRICAL.md "Cables": R' = 1000 · ρ20 / A at 20 °C [Ω/km]; DC: ΔU = 2 · L/1000 · I · R', loss
// 2 · L/1000 · I² · R'; three-phase: ΔU = √3 · L/1000 · I · R', loss 3 · L/1000 · I² · R'.
const RHO = { copper: 0.017241, aluminium: 0.028264 };
const SECTIONS = [1.5, 2.5, 4, 6, 10, 16, 25, 35, 50, 70, 95, 120, 150, 185, 240, 300];
const r = (material: 'copper' | 'aluminium', section: number) => (1000 * RHO[material]) / section;
// The string: 10 modules at Vmp 41.95 V carrying Imp 13.12 A; the STP 10.0's output 10 kW at 400 V,
// three-phase: I = 10000 / (√3 · 400) = 14.434 A.
const I_DC = 13.12;
const U_DC = 10 * 41.95;
const I_AC = 10000 / (Math.sqrt(3) * 400);

type Cable = {
  id: string;
  kind: 'string' | 'combiner' | 'ac';
  from: { kind: string; id: string };
  to: { kind: string; id: string };
  path: [number, number][];
  length: number;
  material: 'copper' | 'aluminium';
  crossSection: number;
  current: number;
  voltage: number;
  circuit: string;
  dropV: number;
  dropPercent: number;
  lossW: number;
  ampacityOk: boolean;
};
type Config = { strings: { id: string; moduleRefs: string[]; inverterId: string }[]; inverters: { id: string; position: [number, number] }[]; gridPoint: [number, number] };

const manhattan = (a: [number, number], b: [number, number]) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]);

async function configured(t: Parameters<typeof placedProject>[0], token: string) {
  const { id, h } = await placedProject(t, token);
  const stp = await libraryId(t, token, 'inverter', STP10);
  const cfg = (await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, inverters: [{ libraryId: stp }] } })).json().data;
  return { id, h, config: cfg.data as Config };
}

describeWithDatabases('electrical: cables', (t) => {
  it('routes every string and inverter, sizes each cable for its drop limit, and totals the lengths', async () => {
    const { token } = await t.signUp();
    const { id, h, config } = await configured(t, token);
    const res = await t.inject({ method: 'POST', url: '/api/web/project/v2/cable-auto-place', headers: h, payload: { projectId: id } });
    expect(res.json().code, res.body).toBe(200);
    const { version, data, summary } = res.json().data as { version: number; data: { inverterConfigVersion: number; settings: unknown; cables: Cable[] }; summary: Record<string, number> };
    expect(version).toBe(1);
    expect(data.inverterConfigVersion).toBe(1);
    expect(data.settings).toEqual({ dcMaterial: 'copper', acMaterial: 'copper', dcMaxDropPercent: 1.5, acMaxDropPercent: 2 });
    expect(data.cables.map((c) => c.kind).sort()).toEqual(['ac', 'ac', 'string', 'string', 'string', 'string']);

    const inverters = new Map(config.inverters.map((v) => [v.id, v.position]));
    for (const s of config.strings) {
      const c = data.cables.find((x) => x.from.id === s.id) as Cable;
      expect(c).toMatchObject({ kind: 'string', to: { kind: 'inverter', id: s.inverterId }, circuit: 'dc', material: 'copper', ampacityOk: true });
      expect(c.current).toBeCloseTo(I_DC, 12);
      expect(c.voltage).toBeCloseTo(U_DC, 9);
      // From the terminal nearer the inverter along the row, then across (Manhattan: rows run east–west),
      // plus half the far terminal's conductor back along the row (10.8 m): both conductors in 2·L.
      const target = inverters.get(s.inverterId) as [number, number];
      const ends = [centre(s.moduleRefs[0]), centre(s.moduleRefs[s.moduleRefs.length - 1])];
      const expected = Math.min(manhattan(ends[0], target), manhattan(ends[1], target)) + manhattan(ends[0], ends[1]) / 2;
      expect(c.length).toBeCloseTo(expected, 9);
      expect(manhattan(ends[0], ends[1])).toBeCloseTo(10.8, 9);
      expect(ends).toContainEqual(c.path[0]);
      expect(manhattan(c.path[0], target)).toBeCloseTo(Math.min(manhattan(ends[0], target), manhattan(ends[1], target)), 9);
      expect(c.path[c.path.length - 1]).toEqual(target);
      // Drop and loss by hand at the chosen section, within the 1.5 % limit; the next smaller section is over it.
      const rr = r('copper', c.crossSection);
      expect(c.dropV).toBeCloseTo(((2 * c.length) / 1000) * I_DC * rr, 9);
      expect(c.dropPercent).toBeCloseTo((100 * c.dropV) / U_DC, 9);
      expect(c.lossW).toBeCloseTo(((2 * c.length) / 1000) * I_DC ** 2 * rr, 9);
      expect(c.dropPercent).toBeLessThanOrEqual(1.5);
      const smaller = SECTIONS[SECTIONS.indexOf(c.crossSection) - 1];
      if (smaller !== undefined) expect((100 * ((2 * c.length) / 1000) * I_DC * r('copper', smaller)) / U_DC).toBeGreaterThan(1.5);
    }
    for (const [vid, position] of inverters) {
      const c = data.cables.find((x) => x.kind === 'ac' && x.from.id === vid) as Cable;
      expect(c).toMatchObject({ to: { kind: 'grid' }, circuit: 'ac3', voltage: 400, ampacityOk: true });
      expect(c.current).toBeCloseTo(I_AC, 9);
      expect(c.length).toBeCloseTo(manhattan(position, config.gridPoint), 9);
      expect(c.dropV).toBeCloseTo(((Math.sqrt(3) * c.length) / 1000) * I_AC * r('copper', c.crossSection), 9);
      expect(c.lossW).toBeCloseTo(((3 * c.length) / 1000) * I_AC ** 2 * r('copper', c.crossSection), 9);
      expect(c.dropPercent).toBeLessThanOrEqual(2);
    }
    // A 14 × 11 m roof: no route is longer than its half perimeter and a row.
    for (const c of data.cables) expect(c.length).toBeLessThan(25 + 10.8);
    const dc = data.cables.filter((c) => c.kind !== 'ac');
    const ac = data.cables.filter((c) => c.kind === 'ac');
    const sum = (list: Cable[], f: (c: Cable) => number) => list.reduce((a, c) => a + f(c), 0);
    expect(summary.dcLengthM).toBeCloseTo(sum(dc, (c) => c.length), 2);
    expect(summary.acLengthM).toBeCloseTo(sum(ac, (c) => c.length), 2);
    expect(summary.dcLossW).toBeCloseTo(sum(dc, (c) => c.lossW), 2);
    expect(summary.maxDropPercent).toBeCloseTo(Math.max(...data.cables.map((c) => c.dropPercent)), 3);

    // Stored, and the lengths: route and conductor metres by kind and by section.
    expect((await t.inject({ method: 'GET', url: `/api/web/project/cable/list?projectId=${id}`, headers: h })).json().data).toMatchObject({ version: 1, data });
    const lengths = (await t.inject({ method: 'GET', url: `/api/web/project/cable/length?projectId=${id}`, headers: h })).json().data;
    expect(lengths.total.count).toBe(6);
    expect(lengths.total.lengthM).toBeCloseTo(sum(data.cables, (c) => c.length), 2);
    const kind = (k: string) => lengths.byKind.find((x: { kind: string }) => x.kind === k);
    expect(kind('string').count).toBe(4);
    expect(kind('string').conductorM).toBeCloseTo(2 * sum(dc, (c) => c.length), 2);
    expect(kind('ac').conductorM).toBeCloseTo(3 * sum(ac, (c) => c.length), 2);
    expect(lengths.bySection.reduce((a: number, s: { count: number }) => a + s.count, 0)).toBe(6);
    // With a share key, like the other reads; a wrong project id with it is 404.
    const key = (await t.inject({ method: 'POST', url: '/api/web/project/share', headers: h, payload: { projectId: id, days: 7 } })).json().data.shareKey as string;
    expect((await t.inject({ method: 'GET', url: `/api/web/project/cable/length-md5?shareKey=${key}` })).json().data).toEqual(lengths);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/cable/list-md5?shareKey=${key}` })).json().data.data).toEqual(data);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/cable/length-md5?shareKey=${key}&projectId=${id + 1}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/cable/length?projectId=${id}` })).statusCode).toBe(401);

    // Aluminium DC cables: the table starts at 16 mm², whose drop is far within the limit.
    const alu = (
      await t.inject({
        method: 'POST',
        url: '/api/web/project/v2/cable-auto-place',
        headers: h,
        payload: { projectId: id, settings: { dcMaterial: 'aluminium', acMaterial: 'copper', dcMaxDropPercent: 1.5, acMaxDropPercent: 2 } },
      })
    ).json().data;
    expect(alu.version).toBe(2);
    for (const c of alu.data.cables.filter((x: Cable) => x.kind === 'string') as Cable[]) {
      expect(c).toMatchObject({ material: 'aluminium', crossSection: 16 });
      expect(c.dropV).toBeCloseTo(((2 * c.length) / 1000) * I_DC * r('aluminium', 16), 9);
    }
    // Stored settings are kept when none are sent.
    const again = (await t.inject({ method: 'POST', url: '/api/web/project/v2/cable-auto-place', headers: h, payload: { projectId: id } })).json().data;
    expect(again.data.settings.dcMaterial).toBe('aluminium');
  });

  it('updateCable works out drop, loss and ampacity again and refuses cables the configuration does not have', async () => {
    const { token } = await t.signUp();
    const { id, h } = await configured(t, token);
    const routed = (await t.inject({ method: 'POST', url: '/api/web/project/v2/cable-auto-place', headers: h, payload: { projectId: id } })).json().data;
    const doc = routed.data as { cables: Cable[] };
    const save = (data: unknown, version = 1) => t.inject({ method: 'POST', url: '/api/web/project/updateCable', headers: h, payload: { projectId: id, version, data } });
    // The client picks 4 mm² for the first string cable and sends stale figures.
    const edited = structuredClone(doc);
    const c0 = edited.cables.findIndex((c) => c.kind === 'string');
    Object.assign(edited.cables[c0], { crossSection: 4, dropV: 0, dropPercent: 0, lossW: 0, ampacityOk: false });
    expect((await save(edited)).json()).toMatchObject({ code: 200, data: { version: 2 } });
    const stored = (await t.inject({ method: 'GET', url: `/api/web/project/cable/list?projectId=${id}`, headers: h })).json().data.data.cables[c0] as Cable;
    // R'(4 mm²) = 17.241 / 4 = 4.31025 Ω/km.
    expect(stored.crossSection).toBe(4);
    expect(stored.dropV).toBeCloseTo(((2 * stored.length) / 1000) * I_DC * 4.31025, 9);
    expect(stored.dropPercent).toBeCloseTo((100 * stored.dropV) / U_DC, 9);
    expect(stored.lossW).toBeCloseTo(((2 * stored.length) / 1000) * I_DC ** 2 * 4.31025, 9);
    expect(stored.ampacityOk).toBe(true);
    // An aluminium 2.5 mm² cable is not tabulated: its ampacity cannot be shown.
    const alu = structuredClone(doc);
    Object.assign(alu.cables[c0], { material: 'aluminium', crossSection: 2.5 });
    expect((await save(alu, 2)).json().code).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/cable/list?projectId=${id}`, headers: h })).json().data.data.cables[c0].ampacityOk).toBe(false);

    const refused: [(d: { cables: Cable[] }) => void, string][] = [
      [(d) => (d.cables[c0].from.id = 's99'), `data.cables.${c0}.from.id`],
      [(d) => (d.cables[c0].kind = 'ac'), `data.cables.${c0}.from.kind`],
      [(d) => (d.cables[c0].to = { kind: 'grid', id: 'grid' }), `data.cables.${c0}.to.kind`],
      [(d) => (d.cables[1].id = d.cables[0].id), 'data.cables.1.id'],
      [(d) => (d.cables[c0].crossSection = -1), `data.cables.${c0}.crossSection`],
    ];
    for (const [edit, field] of refused) {
      const d = structuredClone(doc);
      edit(d);
      expect((await save(d, 3)).json(), field).toMatchObject({ code: 400, data: { field } });
    }
    // Nothing refused was stored.
    expect((await t.inject({ method: 'GET', url: `/api/web/project/cable/list?projectId=${id}`, headers: h })).json().data.version).toBe(3);
  });

  it('any routing failure answers the spec message and keeps what was stored', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const message = 'Auto Routing Error: Request failed. Please try again.';
    // No configuration yet.
    const bare = await placedProject(t, token);
    const none = (await t.inject({ method: 'POST', url: '/api/web/project/v2/cable-auto-place', headers: h, payload: { projectId: bare.id } })).json();
    expect(none).toMatchObject({ code: 400, msg: message, data: { error: 'CABLE_ROUTING_FAILED' } });
    const zh = (await t.inject({ method: 'POST', url: '/api/web/project/v2/cable-auto-place', headers: { ...h, lang: 'zh' }, payload: { projectId: bare.id } })).json();
    expect(zh.msg).toBe('自动布线错误：请求失败，请重试。');
    // A configuration whose inverter has no place on the plan.
    const { id, config } = await configured(t, token);
    const cables = (await t.inject({ method: 'POST', url: '/api/web/project/v2/cable-auto-place', headers: h, payload: { projectId: id } })).json().data;
    const cfg = (await t.inject({ method: 'GET', url: `/api/web/project/get-inverter-config?projectId=${id}`, headers: h })).json().data;
    const unplaced = { ...cfg.data, inverters: cfg.data.inverters.map((v: object) => ({ ...v, position: null })) };
    expect((await t.inject({ method: 'POST', url: '/api/web/project/inverter-config/save', headers: h, payload: { projectId: id, version: cfg.version, data: unplaced } })).json().code).toBe(200);
    const failed = (await t.inject({ method: 'POST', url: '/api/web/project/v2/cable-auto-place', headers: h, payload: { projectId: id } })).json();
    expect(failed).toMatchObject({ code: 400, msg: message });
    expect((await t.inject({ method: 'GET', url: `/api/web/project/cable/list?projectId=${id}`, headers: h })).json().data).toMatchObject({ version: 1, data: cables.data });
    expect(config.strings).toHaveLength(4);
    // Bad bodies still name their field; another user's project is 404.
    const bad = (await t.inject({ method: 'POST', url: '/api/web/project/v2/cable-auto-place', headers: h, payload: { projectId: id, settings: { dcMaterial: 'gold' } } })).json();
    expect(bad).toMatchObject({ code: 400, data: { field: 'settings.dcMaterial' } });
    const other = await t.signUp();
    expect((await t.inject({ method: 'POST', url: '/api/web/project/v2/cable-auto-place', headers: t.bearer(other.token), payload: { projectId: id } })).statusCode).toBe(404);
    // Cables cannot be saved where no configuration names their ends.
    const empty = await newProject(t, token);
    const orphan = await t.inject({ method: 'POST', url: '/api/web/project/updateCable', headers: h, payload: { projectId: empty, version: 0, data: cableDoc({ cables: cables.data.cables }) } });
    expect(orphan.json()).toMatchObject({ code: 400, data: { field: 'data.cables' } });
  });
});
