// The demo project of the first start (issue 17 §6): besides the drawn house and its layout, a complete
// design made by the routes' own services — an inverter wired automatically, routed cables, the kept
// yield, a load, a battery, the economics and a ready, current report whose figures are the yield's.
import { expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { testConfig } from '../../src/server/config.ts';
import { databaseConfig } from './harness.ts';
import { pgliteSnapshot } from './harness/pglite.ts';

it('seeds the demo project with a complete design and a ready report', async () => {
  const config = testConfig({ ...(await databaseConfig('pglite')), demo: { phone: '13800000000', password: 'demo-2024' } });
  const started = performance.now();
  const app = await buildApp({ config, database: { pgliteSnapshot: await pgliteSnapshot() } });
  try {
    await app.ready();
    const ms = performance.now() - started;
    console.log(`first start with the demo: ${ms.toFixed(0)} ms`);
    const id = app.demoAccount?.project?.id as number;
    expect(id).toBeGreaterThan(0);
    const versions = await app.services.documents.versions(id);
    for (const step of ['lite-re', 'component-layout', 'inverter-config', 'cable', 'simulation', 'power-load', 'energy-storage', 'economic', 'economics-result', 'report']) {
      expect(versions[step], step).toBeDefined();
    }
    const login = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '13800000000', password: 'demo-2024' } })).json().data;
    const h = { authorization: `Bearer ${login.token}` };
    const report = (await app.inject({ method: 'GET', url: `/api/web/project/report?projectId=${id}`, headers: h })).json().data;
    expect(report).toMatchObject({ status: 'ready', stale: false, staleSteps: [] });
    const m = report.model;
    // One Growatt MIN 5000TL-X (5 kW) wired to the modules of the south face.
    expect(m.system.inverters).toEqual([expect.objectContaining({ model: expect.stringContaining('MIN 5000TL-X'), acKw: 5, count: 1 })]);
    expect(m.system.strings).toBeGreaterThan(0);
    expect(m.electrical.cables.dcLengthM).toBeGreaterThan(0);
    // A 32° south roof in Shanghai: 900–1,200 kWh/kWp (the station's GHI is 1,174 kWh/m²).
    expect(m.energy.specificYield).toBeGreaterThan(900);
    expect(m.energy.specificYield).toBeLessThan(1200);
    expect(m.balance).toMatchObject({ storage: { capacityKwh: 5, powerKw: 2.5 } });
    expect(m.balance.loadKwh).toBeCloseTo(3600, 6);
    expect(m.economics.npv).toEqual(expect.any(Number));
    // CO₂: the year's AC energy × 0.5703 kg/kWh.
    expect(m.co2.firstYearTonnes).toBeCloseTo((m.energy.acKwh * 0.5703) / 1000, 9);
  } finally {
    await app.close();
  }
}, 120_000);
