// The project's real yield (POST /api/web/project/simulation/run): the simulation built from the saved
// layout, library module, inverter configuration, cables, shade analysis, weather and horizon; kept as
// the project's simulation so that the list, the overview, the comparison and a share link show it.
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';
import { stationById, stationYear } from '../../src/weather/site-weather.ts';
import { STP10, libraryId, placedProject } from './electrical-fixture.ts';

const SHANGHAI = { lat: 31.23, lng: 121.47 };

type Sim = {
  annual: { acKwh: number; dcKwh: number; capacityKwp: number; specificYield: number; performanceRatio: number; nominalKwh: number };
  losses: { name: string; kwh: number; percent: number }[];
  monthly: unknown[];
  weather: { source: string; id: string | null };
  electrical?: { inverters: { id: string; acKwh: number }[] };
  basis: Record<string, unknown>;
};

describeWithDatabases('electrical: the project yield', (t) => {
  it('simulates the saved design, keeps the yield on the project, and the list, overview and share show it', async () => {
    const { token } = await t.signUp();
    const { id, h } = await placedProject(t, token, { name: 'Yield roof', ...SHANGHAI });
    const run = () => t.inject({ method: 'POST', url: '/api/web/project/simulation/run', headers: h, payload: { projectId: id } });
    // Without an inverter configuration there is nothing wired to simulate.
    expect((await run()).json()).toMatchObject({ code: 400, data: { error: 'ELECTRICAL_NO_CONFIG', field: 'projectId' } });

    const stp = await libraryId(t, token, 'inverter', STP10);
    const cfg = (await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, inverters: [{ libraryId: stp }] } })).json().data;
    // The string rules took the lowest hourly temperature of the project's weather year, to 0.1 °C:
    // Shanghai's station year (January mean 5.08 °C in the station table, the coldest hours below it).
    const year = stationYear(stationById('58367'), 1);
    expect(cfg.data.temperatures.tempMin).toBe(Math.round(Math.min(...year.tempAir) * 10) / 10);
    expect(cfg.data.temperatures.tempMin).toBeGreaterThan(-15);
    expect(cfg.data.temperatures.tempMin).toBeLessThan(5.08);
    const cables = (await t.inject({ method: 'POST', url: '/api/web/project/v2/cable-auto-place', headers: h, payload: { projectId: id } })).json().data;
    const res = await run();
    expect(res.json().code, res.body).toBe(200);
    const sim = res.json().data as Sim;
    expect(sim.weather).toMatchObject({ source: 'station', id: '58367' });
    expect(sim.basis).toEqual({
      modules: 40,
      strings: 4,
      inverters: 2,
      layoutVersion: 1,
      inverterConfigVersion: 1,
      cableVersion: 1,
      shadeVersion: 0,
      shading: 'none',
      moduleModel: 'pvwatts',
    });
    // 40 × 550 W in strings.
    expect(sim.annual.capacityKwp).toBeCloseTo(22, 9);
    // Shanghai (GHI 1,174 kWh/m², station 58367) on a 20° south plane: PVWatts modules and a 98 %
    // inverter keep the PR at 0.78–0.90 (tests/integration/compute.test.ts: 900–1,200 kWh/kWp at 25°).
    expect(sim.annual.specificYield).toBeGreaterThan(900);
    expect(sim.annual.specificYield).toBeLessThan(1250);
    expect(sim.monthly).toHaveLength(12);
    // Two inverters, each half the strings: their yields add up to the plant's.
    expect(sim.electrical?.inverters.map((v) => v.id)).toEqual(['inv-1', 'inv-2']);
    expect((sim.electrical?.inverters ?? []).reduce((a, v) => a + v.acKwh, 0)).toBeCloseTo(sim.annual.acKwh, 3);
    // The loss tree closes, and the cables enter: the AC cables' I²R, the DC cables' STC loss share
    // (PVWatts modules carry no current: the percentage Σ loss / Σ STC power on the DC energy).
    const lost = sim.losses.reduce((a, l) => a + l.kwh, 0);
    expect(sim.annual.nominalKwh - lost).toBeCloseTo(sim.annual.acKwh, 2);
    const line = (name: string) => sim.losses.find((l) => l.name === name);
    expect(line('wiringAc')?.kwh).toBeGreaterThan(0);
    const dcLossW = cables.data.cables.filter((c: { kind: string }) => c.kind !== 'ac').reduce((a: number, c: { lossW: number }) => a + c.lossW, 0);
    const wiring = line('wiring')?.kwh ?? 0;
    expect(wiring / (sim.annual.dcKwh + wiring)).toBeCloseTo(dcLossW / 22000, 4);

    // Kept on the project: the list, the overview, the stored result, a share link.
    const entry = (await t.inject({ method: 'GET', url: '/api/web/project/list?page=1&size=50', headers: h })).json().data.list.find((p: { projectId: number }) => p.projectId === id);
    expect(entry.capacity).toBeCloseTo(22, 9);
    expect(entry.annualKwh).toBeCloseTo(sim.annual.acKwh, 6);
    const ov = (await t.inject({ method: 'GET', url: `/api/web/project/overview?projectId=${id}`, headers: h })).json().data;
    expect(ov.simulation.acKwh).toBeCloseTo(sim.annual.acKwh, 6);
    const stored = (await t.inject({ method: 'GET', url: `/api/web/project/simulation/result?projectId=${id}`, headers: h })).json().data;
    expect(stored).toMatchObject({ version: 1, data: { annual: sim.annual, basis: sim.basis } });
    const key = (await t.inject({ method: 'POST', url: '/api/web/project/share', headers: h, payload: { projectId: id, days: 7 } })).json().data.shareKey as string;
    expect((await t.inject({ method: 'GET', url: `/api/web/project/overview-md5?shareKey=${key}` })).json().data.simulation.acKwh).toBeCloseTo(sim.annual.acKwh, 6);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/simulation/result-md5?shareKey=${key}` })).json().data.data.annual).toEqual(sim.annual);

    // A current shade analysis with every module losing 10 % of its beam over the year: the near
    // shading line is 10 % of the plane's beam. Shanghai's sky is diffuse-rich (DHI ≈ half of GHI), so
    // the beam is roughly 40–60 % of the plane's irradiance: the line is 4–6 % of the nominal energy.
    const shade = { kind: 'shade', version: 1, layoutVersion: 1, buildingVersion: 1, year: 2025, stepMinutes: 60, samples: { x: 2, y: 2 }, arrays: [{ arrayId: 'a1', beam: new Array(40).fill(0.1), diffuse: new Array(40).fill(0) }], finishedAt: '2025-06-01T00:00:00Z' };
    expect((await t.inject({ method: 'POST', url: '/api/web/project/saveShadeAnalysis', headers: h, payload: { projectId: id, version: 0, data: shade } })).json().code).toBe(200);
    const shaded = (await run()).json().data as Sim;
    expect(shaded.basis).toMatchObject({ shading: 'annualUniform', shadeVersion: 1 });
    const near = (shaded.losses.find((l) => l.name === 'shading')?.kwh ?? 0) / shaded.annual.nominalKwh;
    expect(near).toBeGreaterThan(0.04 * 0.9);
    expect(near).toBeLessThan(0.06 * 1.1);
    expect(shaded.annual.acKwh / sim.annual.acKwh).toBeGreaterThan(1 - 0.07);
    expect(shaded.annual.acKwh / sim.annual.acKwh).toBeLessThan(1 - 0.03);
    expect((await t.inject({ method: 'GET', url: '/api/web/project/list?page=1&size=50', headers: h })).json().data.list.find((p: { projectId: number }) => p.projectId === id).annualKwh).toBeCloseTo(shaded.annual.acKwh, 6);
    // An analysis of another layout version no longer counts.
    expect((await t.inject({ method: 'POST', url: '/api/web/project/saveShadeAnalysis', headers: h, payload: { projectId: id, version: 1, data: { ...shade, layoutVersion: 7 } } })).json().code).toBe(200);
    const stale = (await run()).json().data as Sim;
    expect(stale.basis.shading).toBe('none');
    expect(stale.annual.acKwh).toBeCloseTo(sim.annual.acKwh, 6);
  });

  it('refuses a project without a location, another user’s project and a bad body', async () => {
    const { token } = await t.signUp();
    const { id, h } = await placedProject(t, token);
    const stp = await libraryId(t, token, 'inverter', STP10);
    await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, inverters: [{ libraryId: stp }] } });
    const run = (payload: Record<string, unknown>, headers = h) => t.inject({ method: 'POST', url: '/api/web/project/simulation/run', headers, payload });
    expect((await run({ projectId: id })).json()).toMatchObject({ code: 400, data: { field: 'projectId' } });
    expect((await run({ projectId: 'x' })).json()).toMatchObject({ code: 400, data: { field: 'projectId' } });
    const other = await t.signUp();
    expect((await run({ projectId: id }, t.bearer(other.token))).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/web/project/simulation/result?projectId=${id}`, headers: h })).json().data).toMatchObject({ version: 0, data: null });
  });
});
