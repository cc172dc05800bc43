// The economics of a designed project through the API (issue 16 items 4 and 5): the storage
// recommendation refused until an inverter is selected and wired (spec 000 §5), then run on the
// project's hourly yield, load and tariff; POST /project/economics/run in the project's operation mode
// with the stored battery, kept as the 'economics-result' document; a small case worked by hand.
// The project is the Electrical step's test roof (electrical-fixture.ts: 40 × 550 W = 22 kWp in Shanghai).
import { expect, it, vi } from 'vitest';
import { advancedEconomicDoc, economicDoc, energyStorageDoc, powerLoadDoc } from './economics-fixture.ts';
import { STP10, libraryId, placedProject } from './electrical-fixture.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { inverterConfigDoc } from './project-helpers.ts';

const SHANGHAI = { lat: 31.23, lng: 121.47 };

/** The fixture's roof in an operation mode (1 surplus to grid, 2 full self-use, 3 full feed-in), wired or not. */
async function designed(t: TestApp, mode: 1 | 2 | 3, wired = true) {
  const { token } = await t.signUp();
  const { id, h } = await placedProject(t, token, { name: 'Factory roof', powerStationType: 'COMMERCIAL', ...SHANGHAI, basicInfo: { powerStatOperationMode: mode } });
  if (wired) {
    const stp = await libraryId(t, token, 'inverter', STP10);
    const cfg = await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, inverters: [{ libraryId: stp }] } });
    expect(cfg.json().code, cfg.body).toBe(200);
  }
  const versions = new Map<string, number>();
  const save = async (url: string, data: unknown) => {
    const v = versions.get(url) ?? 0;
    const res = (await t.inject({ method: 'POST', url: `/api/web${url}`, headers: h, payload: { projectId: id, version: v, data } })).json();
    expect(res.code, JSON.stringify(res)).toBe(200);
    versions.set(url, res.data.version);
  };
  const post = (url: string, payload: Record<string, unknown> = {}) => t.inject({ method: 'POST', url: `/api/web${url}`, headers: h, payload: { projectId: id, ...payload } });
  return { token, id, h, save, post };
}

type Result = {
  basis: { mode: string; strategy: string | null; pvKwh: number; loadKwh: number; capacityKwp: number; utcOffset: number; versions: Record<string, number>; weather: { source: string } };
  indicators: { npv: number; irr: number | null; equityIrr: number | null; paybackYears: number | null; lcoe: number | null; co2Tonnes: number; capex: number; storageCapex: number; selfPrice: number | null };
  totals: Record<string, number>;
  cashFlows: Record<string, number>[];
  equityCashFlows: unknown;
  monthly: Record<string, number>[];
  week: { startDay: number; pvKwh: number[]; loadKwh: number[]; chargeKwh: number[]; dischargeKwh: number[]; soc: number[] | null };
};

describeWithDatabases('economics: recommendation and run on the project', (t) => {
  it('refuses the recommendation until an inverter is selected and wired, and names what else is missing', async () => {
    const p = await designed(t, 1, false);
    const run = async () => (await p.post('/project/economics/run')).json();
    // The economics needs its parameters, then the load (mode 1), then a wired design.
    expect(await run()).toMatchObject({ code: 400, msg: 'Save the economic parameters first', data: { error: 'ECONOMICS_PARAMS_MISSING', field: 'projectId' } });
    await p.save('/project/economic-analysis-params/save', economicDoc());
    expect(await run()).toMatchObject({ code: 400, msg: 'Set the load first (the Load step)', data: { error: 'LOAD_MISSING' } });
    await p.save('/project/update-powerLoadConfig-page', powerLoadDoc());
    expect(await run()).toMatchObject({ code: 400, data: { error: 'ELECTRICAL_NO_CONFIG', field: 'projectId' } });
    const rec = await p.post('/energyStorage/recommend', { costs: { perKwh: 900 } });
    expect(rec.statusCode).toBe(400);
    expect(rec.json()).toEqual({
      code: 400,
      msg: 'An inverter must be selected and wired before the energy-storage recommendation',
      data: { error: 'STORAGE_NEEDS_INVERTER', field: 'projectId' },
    });
    // An inverter configuration whose strings are not wired to any input is not enough either.
    const unwired = await t.inject({ method: 'POST', url: '/api/web/project/inverter-config/save', headers: p.h, payload: { projectId: p.id, version: 0, data: inverterConfigDoc({ layoutVersion: 1 }) } });
    expect(unwired.json().code, unwired.body).toBe(200);
    expect((await p.post('/energyStorage/recommend', { costs: { perKwh: 900 } })).json().data.error).toBe('STORAGE_NEEDS_INVERTER');
    // Another user's project is not found; a bad body names its field.
    const other = await t.signUp();
    expect((await t.inject({ method: 'POST', url: '/api/web/energyStorage/recommend', headers: t.bearer(other.token), payload: { projectId: p.id } })).statusCode).toBe(404);
    expect((await p.post('/energyStorage/recommend', { targetSelfSufficiency: 2 })).json()).toMatchObject({ code: 400, data: { field: 'targetSelfSufficiency' } });
    expect((await p.post('/energyStorage/recommend', { candidates: { capacities: new Array(11).fill(10), powers: new Array(10).fill(5) } })).json()).toMatchObject({ code: 400, data: { field: 'candidates' } });
    expect((await t.inject({ method: 'GET', url: `/api/web/project/economics/result?projectId=${p.id}`, headers: p.h })).json().data).toMatchObject({ version: 0, data: null });
  });

  it('a full feed-in project worked by hand: 5 years, no VAT, 25 % tax on the straight-line profit, 5 % discount', async () => {
    const p = await designed(t, 3);
    // The stored simulation of the same design: the economics runs the same chain with its hours.
    const sim = (await p.post('/project/simulation/run')).json().data;
    await p.save('/project/economic-analysis-params/save', economicDoc({
      lifeYears: 5, discountRatePct: 5, depreciationYears: 5, residualPct: 0, pricePerW: 3, vatPct: 0, incomeTaxPct: 25, exportPrice: 1,
      omPerKw: 0, surchargePct: 0, stampDutyPct: 0, degradationPct: 0,
    }));
    await p.save('/advanced-ecnomic/insert', advancedEconomicDoc({ taxHoliday: 'none' }));
    // The design is unchanged since simulation/run: the economics reads the hours kept with that yield
    // and simulates nothing again.
    const compute = vi.spyOn(t.app.services.compute, 'run');
    const res = await p.post('/project/economics/run');
    expect(compute).not.toHaveBeenCalled();
    compute.mockRestore();
    expect(res.json().code, res.body).toBe(200);
    const { version, data } = res.json().data as { version: number; data: Result };
    expect(version).toBe(1);
    expect(data.basis).toMatchObject({ mode: 'feedIn', strategy: null, capacityKwp: 22, utcOffset: 8, loadKwh: 0, weather: { source: 'station' } });
    // Every hour of the year laid on the local clock: the year's sum is the simulation's AC energy (the
    // hours are kept to 0.1 Wh: at most 8760 × 0.05 Wh = 0.44 kWh off, ~2e-5 of the year).
    const E = data.basis.pvKwh;
    expect(Math.abs(E / sim.annual.acKwh - 1)).toBeLessThan(3e-5);
    // Full feed-in: all PV exported, nothing used on site.
    expect(data.totals).toMatchObject({ self: 0, import: 0, selfConsumptionRate: 0 });
    expect(data.totals.export).toBeCloseTo(E, 6);
    // By hand: capex = 3 yuan/W × 22 kWp × 1000 = 66,000 yuan; sales S = E × 1 yuan/kWh each year;
    // depreciation 66,000 / 5 = 13,200; tax 25 % × (S − 13,200); net = S − tax = 0.75·S + 3,300.
    const S = E;
    expect(S).toBeGreaterThan(13_200);
    const net = 0.75 * S + 3_300;
    const annuity5 = (1 - 1.05 ** -5) / 0.05; // 4.329477
    const i = data.indicators;
    expect(i.capex).toBeCloseTo(66_000, 6);
    expect(i.npv).toBeCloseTo(-66_000 + net * annuity5, 4);
    expect(i.paybackYears).toBeCloseTo(66_000 / net, 9);
    // LCOE: the investment over the discounted energy (no O&M, no residual).
    expect(i.lcoe).toBeCloseTo(66_000 / (E * annuity5), 9);
    // IRR: the rate at which the five equal flows pay back the investment.
    const irr = i.irr as number;
    expect(Math.abs(-66_000 + (net * (1 - (1 + irr) ** -5)) / irr)).toBeLessThan(1e-6);
    expect(i.equityIrr).toBe(irr);
    // CO₂: 5 years × E kWh × 0.5703 t/MWh.
    expect(i.co2Tonnes).toBeCloseTo((5 * E * 0.5703) / 1000, 9);
    expect(data.cashFlows).toHaveLength(6);
    expect(data.cashFlows[0]).toMatchObject({ year: 0, net: -66_000 });
    const y1 = data.cashFlows[1];
    expect(y1).toMatchObject({ year: 1, outputVat: 0, vatPaid: 0, depreciation: 13_200, lossUsed: 0 });
    expect(y1.revenueExVat).toBeCloseTo(S, 6);
    expect(y1.tax).toBeCloseTo(0.25 * (S - 13_200), 6);
    expect(y1.net).toBeCloseTo(net, 6);
    expect(data.equityCashFlows).toBeNull();
    expect(data.week.soc).toBeNull();

    // Kept for the report: the result call and its share twin.
    const stored = (await t.inject({ method: 'GET', url: `/api/web/project/economics/result?projectId=${p.id}`, headers: p.h })).json().data;
    expect(stored).toMatchObject({ version: 1, data: { kind: 'economics-result', indicators: i } });
    const key = (await t.inject({ method: 'POST', url: '/api/web/project/share', headers: p.h, payload: { projectId: p.id, days: 7 } })).json().data.shareKey as string;
    expect((await t.inject({ method: 'GET', url: `/api/web/project/economics/result-md5?shareKey=${key}` })).json().data.data.indicators).toEqual(i);
    // Feed-in has no use for a battery.
    expect((await p.post('/energyStorage/recommend', { costs: { perKwh: 900 } })).json()).toMatchObject({ code: 400, data: { error: 'STORAGE_NOT_USED' } });
  });

  it('self-consumption with the stored battery: the balance closes, the battery raises self-sufficiency, its cost is in the investment', async () => {
    const p = await designed(t, 1);
    await p.save('/project/economic-analysis-params/save', economicDoc());
    // 10 kW around the clock against a 22 kWp roof: the midday surplus charges the battery.
    await p.save('/project/update-powerLoadConfig-page', powerLoadDoc({ annualKwh: 87_600 }));
    await p.save('/energyStorage/save', energyStorageDoc({ capacityKwh: 40, powerKw: 20, costPerKwh: 900, costPerKw: 300 }));
    const withBattery = (await p.post('/project/economics/run')).json().data.data as Result;
    expect(withBattery.basis).toMatchObject({ mode: 'surplus', strategy: 'selfConsumption', versions: { powerLoad: 1, energyStorage: 1, economic: 1, advancedEconomic: 0, inverterConfig: 1, layout: 1 } });
    expect(withBattery.basis.loadKwh).toBeCloseTo(87_600, 6);
    // 40 kWh × 900 + 20 kW × 300 = 42,000 yuan; the PV 3.2 yuan/W × 22 kWp = 70,400 yuan.
    expect(withBattery.indicators.storageCapex).toBe(42_000);
    expect(withBattery.indicators.capex).toBeCloseTo(112_400, 6);
    // Each month: what comes in (PV, grid, battery) is what goes out (load, export, curtailment, battery).
    for (const m of withBattery.monthly) {
      const into = m.pvKwh + m.importKwh + m.dischargeKwh;
      expect(into / (m.loadKwh + m.exportKwh + m.curtailedKwh + m.chargeKwh), `month ${m.month}`).toBeCloseTo(1, 9);
      expect(m.loadKwh).toBeCloseTo(10 * 24 * [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m.month - 1], 6);
    }
    const total = (k: string) => withBattery.monthly.reduce((a, m) => a + m[k], 0);
    expect(total('pvKwh') / withBattery.totals.pv).toBeCloseTo(1, 9);
    expect(total('dischargeKwh') / withBattery.totals.discharge).toBeCloseTo(1, 9);
    expect(withBattery.totals.charge).toBeGreaterThan(0);
    // Losses: ηc·ηd = 0.9025 of what is charged comes back (give or take the energy left at the year's end).
    expect(withBattery.totals.discharge).toBeLessThan(withBattery.totals.charge * 0.9025 + 40);
    // The typical week: 168 hours, the state of charge inside the cut-offs (10–95 %).
    const w = withBattery.week;
    expect(w.startDay % 7).toBe(0);
    expect(w.pvKwh).toHaveLength(168);
    expect(w.soc).toHaveLength(168);
    for (const s of w.soc as number[]) {
      expect(s).toBeGreaterThanOrEqual(0.1 - 1e-12);
      expect(s).toBeLessThanOrEqual(0.95 + 1e-12);
    }
    // The same project without the battery: less self-sufficient, nothing stored.
    await p.save('/energyStorage/save', energyStorageDoc({ enabled: false }));
    const without = (await p.post('/project/economics/run')).json().data as { version: number; data: Result };
    expect(without.version).toBe(2);
    expect(without.data.totals.discharge).toBe(0);
    expect(without.data.indicators.storageCapex).toBe(0);
    expect(withBattery.totals.selfSufficiencyRate).toBeGreaterThan(without.data.totals.selfSufficiencyRate);
    expect(without.data.totals.pv).toBeCloseTo(withBattery.totals.pv, 6);

    // The recommendation on the same hours: candidates priced by hand, the PV alone as the baseline.
    const rec = await p.post('/energyStorage/recommend', { costs: { perKwh: 900, perKw: 300 }, candidates: { capacities: [20, 40], powers: [10, 20] }, targetSelfSufficiency: without.data.totals.selfSufficiencyRate });
    expect(rec.json().code, rec.body).toBe(200);
    const r = rec.json().data;
    expect(r.baseline).toMatchObject({ capacity: 0, power: 0, storageCapex: 0 });
    // Without a battery the recommendation's baseline is the economics run's figures.
    expect(r.baseline.npv).toBeCloseTo(without.data.indicators.npv, 4);
    expect(r.baseline.selfSufficiencyRate).toBeCloseTo(without.data.totals.selfSufficiencyRate, 12);
    // 20 kWh × 900 + 10 kW × 300 = 21,000; 20·900 + 20·300 = 24,000; 40·900 + 10·300 = 39,000; 40·900 + 20·300 = 42,000.
    expect(r.candidates.map((c: { storageCapex: number }) => c.storageCapex)).toEqual([21_000, 24_000, 39_000, 42_000]);
    // The stored 40 kWh / 20 kW battery is one of them: the same NPV as the run with it.
    expect(r.candidates[3].npv).toBeCloseTo(withBattery.indicators.npv, 4);
    const better = r.candidates.filter((c: { npv: number }) => c.npv > r.baseline.npv);
    if (better.length === 0) expect(r.bestNpv).toBeNull();
    else expect(r.bestNpv.npv).toBe(Math.max(...better.map((c: { npv: number }) => c.npv)));
    // The PV alone already reaches its own self-sufficiency: the cheapest answer is no battery.
    expect(r.forTarget).toMatchObject({ capacity: 0, storageCapex: 0 });
    expect(r.basis).toMatchObject({ mode: 'surplus', strategy: 'selfConsumption', capacityKwp: 22 });

    // Default candidates: 10 capacities up to the mean daily load (87,600 / 365 = 240 kWh) at 0.25, 0.5 and 1 C.
    const defaults = (await p.post('/energyStorage/recommend', {})).json().data;
    expect(defaults.candidates).toHaveLength(30);
    expect(defaults.candidates.slice(0, 3).map((c: { capacity: number; power: number }) => [c.capacity, c.power])).toEqual([[24, 6], [24, 12], [24, 24]]);
    expect(defaults.candidates[29]).toMatchObject({ capacity: 240, power: 240 });
    // (the costs came from the stored, disabled storage: 24 kWh × 900 + 6 kW × 300 = 23,400)
    expect(defaults.candidates[0].storageCapex).toBe(23_400);
  });

  it('needs a battery cost from the request or the stored storage', async () => {
    const p = await designed(t, 2);
    await p.save('/project/economic-analysis-params/save', economicDoc());
    await p.save('/project/update-powerLoadConfig-page', powerLoadDoc());
    expect((await p.post('/energyStorage/recommend', {})).json()).toMatchObject({ code: 400, data: { error: 'VALIDATION', field: 'costs.perKwh' } });
    // Full self-use: the surplus is curtailed, never exported.
    const r = (await p.post('/project/economics/run')).json().data.data as Result;
    expect(r.basis.mode).toBe('selfUse');
    expect(r.totals.export).toBe(0);
    expect(r.totals.curtailed).toBeGreaterThan(0);
  });
});
