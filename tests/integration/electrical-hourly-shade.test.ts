// The project's yield with the shade analysis's hourly record (brief H10; issue 15 "per-module hourly
// shading turned into string and MPPT power through module I–V curves with bypass-diode substrings"):
// one module of a 10-module string shaded at every hour of the year. Kept hourly, the module's
// substrings are bypassed (or hold the string's current back) and the loss tree shows an electrical
// line; spread as an annual mean over its string (an analysis without the record), the same beam loss
// causes no mismatch and the yield is higher. Without the record, the answer says it used annual means.
import { expect, it } from 'vitest';
import { packHourly } from '../../src/engine/shade-hourly-pack.ts';
import { encodeModuleHourly, SHADE_HOURLY } from '../../src/model/shade-hourly.ts';
import { describeWithDatabases } from './harness.ts';
import { buildingDocument, layoutDocument, libraryId, STP10 } from './electrical-fixture.ts';
import { newProject } from './project-helpers.ts';

const SHANGHAI = { lat: 31.23, lng: 121.47 };

/** The catalogue's LONGi LR5-72HPH-550M datasheet with PVsyst one-diode parameters of its class (72 cells in series, 3 bypass diodes). */
const MODULE = {
  manufacturer: 'Test Solar',
  model: 'TS-550-SD',
  moduleType: 'mono',
  pmax: 550,
  vmp: 41.95,
  imp: 13.12,
  voc: 49.8,
  isc: 13.98,
  length: 2256,
  width: 1133,
  cellsInSeries: 72,
  bypassDiodes: 3,
  maxSystemVoltage: 1500,
  tempCoeffIsc: 0.048,
  tempCoeffVoc: -0.27,
  tempCoeffPmax: -0.35,
  singleDiode: { gammaRef: 1.0, muGamma: -0.0004, rS: 0.2, rShRef: 400, rSh0: 1600 },
};

type Sim = {
  annual: { acKwh: number; dcKwh: number; nominalKwh: number };
  losses: { name: string; kwh: number; percent: number }[];
  basis: Record<string, unknown>;
  notices?: { code: string; params: Record<string, unknown> }[];
};

describeWithDatabases('electrical: hourly shading from the shade analysis', (t) => {
  it('one module shaded all year: mismatch kept hourly, none as an annual mean; annual means said so', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const added = (await t.inject({ method: 'POST', url: '/api/web/component/add', headers: h, payload: MODULE })).json();
    expect(added.code, JSON.stringify(added)).toBe(200);
    const id = await newProject(t, token, { name: 'Hourly shade roof', ...SHANGHAI });
    const save = async (url: string, version: number, data: unknown) => {
      const r = (await t.inject({ method: 'POST', url, headers: h, payload: { projectId: id, version, data } })).json();
      expect(r.code, JSON.stringify(r).slice(0, 300)).toBe(200);
    };
    await save('/api/web/project/LiteRe/save-data', 0, buildingDocument());
    await save('/api/web/project/component-layout/save', 0, layoutDocument(added.data.id as number));
    const stp = await libraryId(t, token, 'inverter', STP10);
    const cfg = (await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, inverters: [{ libraryId: stp }] } })).json().data;
    const strings = cfg.data.strings as { moduleRefs: string[]; inverterId: string | null; mppt: number | null }[];
    expect(strings.map((s) => s.moduleRefs.length)).toEqual([10, 10, 10, 10]);
    const run = async () => {
      const res = await t.inject({ method: 'POST', url: '/api/web/project/simulation/run', headers: h, payload: { projectId: id } });
      expect(res.json().code, res.body.slice(0, 300)).toBe(200);
      return res.json().data as Sim;
    };
    const line = (s: Sim, name: string) => s.losses.find((l) => l.name === name)?.kwh ?? 0;

    // The unshaded plant.
    const clear = await run();
    expect(clear.basis).toMatchObject({ shading: 'none', moduleModel: 'singleDiode' });
    expect(clear.notices).toEqual([]);

    // Module X, the first of the first string, shaded (f = 1) at every hour of the analysis year.
    const x = strings[0].moduleRefs[0];
    const xi = Number(x.slice(x.indexOf('#') + 1));
    const beam = new Array(40).fill(0);
    beam[xi] = 1;
    const base = { kind: 'shade', version: 1, layoutVersion: 1, buildingVersion: 1, year: 2025, stepMinutes: 60, samples: { x: 2, y: 2 }, arrays: [{ arrayId: 'a1', beam, diffuse: new Array(40).fill(0) }], finishedAt: '2025-06-01T00:00:00Z' };
    const records: Uint8Array[] = Array.from({ length: 40 }, () => Uint8Array.of(0));
    records[xi] = encodeModuleHourly(new Float64Array(8760).fill(1));
    const hourlyRecord = { encoding: SHADE_HOURLY.encoding, year: 2025, stepMinutes: 60, timezone: 8, steps: 8760, chunks: packHourly(records)!.chunks };
    await save('/api/web/project/saveShadeAnalysis', 0, { ...base, hourly: hourlyRecord });
    const hourly = await run();
    expect(hourly.basis).toMatchObject({ shading: 'hourly', shadeVersion: 1 });
    expect(hourly.notices).toEqual([]);

    // The same shading as an analysis without the record: X's annual beam loss 1, its string's mean 0.1.
    await save('/api/web/project/saveShadeAnalysis', 1, base);
    const mean = await run();
    expect(mean.basis).toMatchObject({ shading: 'annualUniform', shadeVersion: 2 });
    expect(mean.notices).toEqual([{ code: 'shadingAnnualAverage', params: {} }]);

    // Both lose X's beam — one module in 40 of the plane's beam: the hourly run's irradiance line and the
    // annual run's near-shading line agree (the same hours, the same fraction).
    const beamHourly = line(hourly, 'shadingIrradiance') + line(hourly, 'shading');
    const beamMean = line(mean, 'shading') + line(mean, 'shadingIrradiance');
    expect(beamHourly / beamMean).toBeGreaterThan(0.97);
    expect(beamHourly / beamMean).toBeLessThan(1.03);
    // Shanghai's beam on a 20° plane is 40–60 % of its irradiance (electrical-simulation.test.ts): one
    // module's beam is 1/40 of that, 1.0–1.5 % of the nominal energy.
    expect(beamHourly / clear.annual.nominalKwh).toBeGreaterThan(0.01 * 0.9);
    expect(beamHourly / clear.annual.nominalKwh).toBeLessThan(0.015 * 1.1);

    // Kept hourly, X gets only the diffuse light D while its 9 neighbours get B + D: its string (alone on
    // its MPPT input here) either bypasses it (9·(B + D), less 3 diode drops ≈ 2 V of ≈ 400 V) or runs
    // at its current (≈ 10·D); as a mean, every module gets 0.9·B + D (9·B + 10·D). The hourly string
    // loses min(D, 9·B) more each hour — at most X's diffuse energy, 1/40 of the plane's 40–60 %
    // diffuse share (≤ 1.5 % of the plant) plus the diode drops (≈ 0.1 %); overcast hours (B < D/9)
    // lose only 9·B. Hand estimate: 0.4–1.6 % of the unshaded yield, shown as the electrical line.
    expect(line(hourly, 'shadingElectrical')).toBeGreaterThan(line(mean, 'shadingElectrical'));
    const extra = (mean.annual.acKwh - hourly.annual.acKwh) / clear.annual.acKwh;
    expect(extra).toBeGreaterThan(0.004);
    expect(extra).toBeLessThan(0.016 * 1.05);
    expect(line(hourly, 'shadingElectrical') / clear.annual.nominalKwh).toBeGreaterThan(0.004);
    // Every loss tree still closes.
    for (const s of [hourly, mean]) expect(s.annual.nominalKwh - s.losses.reduce((a, l) => a + l.kwh, 0)).toBeCloseTo(s.annual.acKwh, 2);

    // A record left out for size: annual means, and the notice says why.
    await save('/api/web/project/saveShadeAnalysis', 2, { ...base, hourlyOmitted: 'size' });
    const omitted = await run();
    expect(omitted.basis.shading).toBe('annualUniform');
    expect(omitted.notices).toEqual([{ code: 'shadingHourlyTooLarge', params: {} }]);
    expect(omitted.annual.acKwh).toBeCloseTo(mean.annual.acKwh, 6);
    // A record of the wrong shape is refused on save, naming the field.
    const bad = (await t.inject({ method: 'POST', url: '/api/web/project/saveShadeAnalysis', headers: h, payload: { projectId: id, version: 3, data: { ...base, hourly: { ...hourlyRecord, chunks: [] } } } })).json();
    expect(bad).toMatchObject({ code: 400, data: { field: 'data.hourly.chunks' } });
  });
});
