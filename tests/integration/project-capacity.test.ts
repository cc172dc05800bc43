// The project row keeps the design's installed capacity and its last simulation's yield (issue 18):
// saving the layout document writes the kWp of its modules onto the project, a simulation kept on the
// project writes its annual AC energy, and the list, the detail, the comparison and a share link all
// show them. Also the plane-irradiation call the editor ranks faces and weighs shading with.
import { expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS, emptyLayoutDocument, type LayoutDocument } from '../../src/model/design.ts';
import { describeWithDatabases } from './harness.ts';
import { newProject } from './project-helpers.ts';

/** A layout of `counts[i]` modules of 450 W in array i. */
function layout(counts: number[]): LayoutDocument {
  return {
    ...emptyLayoutDocument(),
    module: { libraryId: null, manufacturer: 'T', model: 'M', powerW: 450, length: 2.278, width: 1.134 },
    arrays: counts.map((n, k) => ({
      id: `a${k}`,
      buildingId: 'b1',
      faceId: `f${k}`,
      settings: DEFAULT_LAYOUT_SETTINGS,
      tilt: 25,
      azimuth: 180,
      along: 1.134,
      up: 2.278,
      centers: Array.from({ length: n }, (_, i) => [i * 1.2, k * 3, 6]).flat(),
      rowPitch: 2.3,
    })),
  };
}

const SYSTEM = {
  site: { latitude: 31.23, longitude: 121.47 },
  arrays: [{ name: 'South', surfaceTilt: 25, surfaceAzimuth: 180, modulesPerString: 11, strings: 2, module: { model: 'pvwatts', pdc0: 450, gammaPdc: -0.0035 } }],
  inverter: { model: 'pvwatts', pdc0: 9000, etaInvNom: 0.96 },
};

describeWithDatabases('the design on the project row', (t) => {
  it('saving the layout keeps its kWp on the project; a simulation keeps its annual energy; list, compare and share show both', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token, { name: 'Capacity roof', capacity: 5, lat: 31.23, lng: 121.47 });
    const other = await newProject(t, token, { name: 'Other roof' });
    const entry = async () => (await t.inject({ method: 'GET', url: '/api/web/project/list?page=1&size=10', headers: h })).json().data.list.find((p: { projectId: number }) => p.projectId === id);
    expect(await entry()).toMatchObject({ capacity: 5, annualKwh: null });

    // 10 + 12 modules of 450 W = 9.9 kWp.
    const saved = await t.inject({ method: 'POST', url: '/api/web/project/component-layout/save', headers: h, payload: { projectId: id, version: 0, data: layout([10, 12]) } });
    expect(saved.json()).toMatchObject({ code: 200, data: { version: 1 } });
    expect(await entry()).toMatchObject({ capacity: 9.9, annualKwh: null });
    expect((await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${id}`, headers: h })).json().data).toMatchObject({ capacity: 9.9, annualKwh: null });

    // A simulation kept on the project: its annual AC energy goes onto the row.
    const sim = (await t.inject({ method: 'POST', url: '/api/web/project/simulation', headers: h, payload: { projectId: id, ...SYSTEM } })).json().data;
    expect(sim.annual.acKwh).toBeGreaterThan(5000);
    expect((await entry()).annualKwh).toBeCloseTo(sim.annual.acKwh, 6);

    // A smaller layout: the capacity follows, the last simulation's energy stays until the next run.
    await t.inject({ method: 'POST', url: '/api/web/project/component-layout/save', headers: h, payload: { projectId: id, version: 1, data: layout([4]) } });
    const after = await entry();
    expect(after.capacity).toBeCloseTo(1.8, 9);
    expect(after.annualKwh).toBeCloseTo(sim.annual.acKwh, 6);

    const compare = (await t.inject({ method: 'GET', url: `/api/web/project/performCompare?projectIds=${id},${other}`, headers: h })).json().data.list;
    expect(compare[0].project).toMatchObject({ projectId: id, capacity: 1.8 });
    expect(compare[0].project.annualKwh).toBeCloseTo(sim.annual.acKwh, 6);
    expect(compare[1].project).toMatchObject({ projectId: other, capacity: null, annualKwh: null });

    const key = (await t.inject({ method: 'POST', url: '/api/web/project/share', headers: h, payload: { projectId: id, days: 7 } })).json().data.shareKey as string;
    const shared = (await t.inject({ method: 'GET', url: `/api/web/project/share/get/user?shareKey=${key}` })).json().data;
    expect(shared.project).toMatchObject({ projectId: id, capacity: 1.8 });
    expect(shared.project.annualKwh).toBeCloseTo(sim.annual.acKwh, 6);

    // A layout an older client saved (not the editor's shape) leaves the capacity as it was.
    await t.inject({ method: 'POST', url: '/api/web/project/component-layout/save', headers: h, payload: { projectId: id, version: 2, data: { legacy: true } } });
    expect((await entry()).capacity).toBeCloseTo(1.8, 9);
  });

  it("plane-irradiation: each plane's annual irradiation by component on the project's weather, and the optimal plane", async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const id = await newProject(t, token, { lat: 31.23, lng: 121.47 });
    const planes = [
      { tilt: 30, azimuth: 180 },
      { tilt: 30, azimuth: 270 },
      { tilt: 30, azimuth: 0 },
    ];
    const r = (await t.inject({ method: 'POST', url: '/api/web/project/plane-irradiation', headers: h, payload: { projectId: id, latitude: 31.23, longitude: 121.47, planes } })).json();
    expect(r.code).toBe(200);
    expect(r.data.weather).toMatchObject({ source: 'station', id: '58367', estimate: false });
    const [south, west, north] = r.data.planes;
    for (const p of r.data.planes) expect(p.beamKwhM2 + p.skyDiffuseKwhM2 + p.groundKwhM2).toBeCloseTo(p.poaKwhM2, 6);
    // Shanghai: the south face collects the most, the north face the least; none beats the optimum.
    expect(south.poaKwhM2).toBeGreaterThan(west.poaKwhM2);
    expect(west.poaKwhM2).toBeGreaterThan(north.poaKwhM2);
    expect(r.data.optimal.azimuth).toBe(180);
    expect(r.data.optimal.poaKwhM2).toBeGreaterThanOrEqual(south.poaKwhM2 - 1e-6);
    const bad = (await t.inject({ method: 'POST', url: '/api/web/project/plane-irradiation', headers: h, payload: { latitude: 31.23, longitude: 121.47, planes: [{ tilt: 95, azimuth: 0 }] } })).json();
    expect(bad).toMatchObject({ code: 400, data: { field: 'planes.0.tilt' } });
  });
});
