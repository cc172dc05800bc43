// The demo project's complete design (issue 17 §6): after demo-project.ts has drawn the house and laid
// the modules, the services the routes call complete it — the automatic inverter configuration on the
// library's Growatt MIN 5000TL-X (5 kW, 80–550 V MPPT, 13.5 A per input: one string of the layout's
// LR5-72HPH-550M modules), the cables routed and sized, the yield simulated and kept with its hours,
// a load (3,600 kWh a year, the household-at-home consumption model), a 5 kWh / 2.5 kW battery, the
// economic parameters (3.5 yuan/W, a uniform 0.617 yuan/kWh — Shanghai's residential tariff — and
// the 0.4155 yuan/kWh coal benchmark for the surplus), the economics run and a ready report. A step
// that fails leaves the demo with what was done before it (logged): the demo account still works.
import type { FastifyInstance } from 'fastify';
import { autoPlaceCables } from '../electrical/cables.ts';
import { configureInverters } from '../electrical/configure.ts';
import { runProjectYield } from '../electrical/project-simulation.ts';
import { runEconomics } from '../economics/run-economics.ts';
import { generateReport } from '../reports/report-state.ts';

/** The demo's inverter: the library's catalogue entry. */
export const DEMO_INVERTER_KEY = 'growatt-min-5000tl-x';

/** The library ids of the system entries the demo uses (null when the library lacks one). */
export async function demoLibraryIds(app: FastifyInstance): Promise<{ module: number | null; inverter: number | null }> {
  const m = await app.db.selectFrom('library_modules').select('id').where('system_key', '=', 'longi-lr5-72hph-550m').executeTakeFirst();
  const v = await app.db.selectFrom('library_inverters').select('id').where('system_key', '=', DEMO_INVERTER_KEY).executeTakeFirst();
  return { module: m?.id ?? null, inverter: v?.id ?? null };
}

/** Completes the demo project's design (see the file's header); answers the steps done. */
export async function completeDemoDesign(app: FastifyInstance, userId: number, projectId: number, inverterLibraryId: number): Promise<string[]> {
  const done: string[] = [];
  const ms: Record<string, number> = {};
  const { documents } = app.services;
  const step = async (name: string, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    ms[name] = Math.round(performance.now() - t0);
    done.push(name);
  };
  try {
    await step('inverter-config', () => configureInverters(app, userId, { projectId, inverters: [{ libraryId: inverterLibraryId, count: 1 }] }));
    await step('cable', () => autoPlaceCables(app, userId, projectId, undefined));
    await step('simulation', () => runProjectYield(app, userId, projectId));
    let loadVersion = 0;
    await step('power-load', async () => {
      loadVersion = (await documents.save(userId, projectId, 'power-load', 0, { kind: 'power-load', version: 1, source: 'model', model: 'household-home', annualKwh: 3600 })).version;
    });
    await step('energy-storage', () =>
      documents.save(userId, projectId, 'energy-storage', 0, {
        kind: 'energy-storage', version: 1, enabled: true, loadVersion, capacityKwh: 5, powerKw: 2.5, socInitialPct: 50, socMinPct: 10, socMaxPct: 95,
        etaChargePct: 95, etaDischargePct: 95, strategy: 'selfConsumption', replacementYears: 12, fadePctPerYear: 2, costPerKwh: 1200, costPerKw: 0,
      }),
    );
    await step('economic', () =>
      documents.save(userId, projectId, 'economic', 0, {
        kind: 'economic', version: 1, lifeYears: 25, discountRatePct: 6, depreciationYears: 20, residualPct: 5, pricePerW: 3.5, vatPct: 13, incomeTaxPct: 0,
        tariff: { kind: 'uniform', price: 0.617 }, exportPrice: 0.4155, omPerKw: 30, surchargePct: 0, stampDutyPct: 0,
      }),
    );
    await step('economics-result', () => runEconomics(app, userId, projectId));
    await step('report', async () => generateReport(app, await app.services.projects.row(userId, projectId), userId));
  } catch (err) {
    app.log.warn({ err, done }, 'demo project: the design was completed only so far');
  }
  app.log.info({ ms }, 'demo project: design completed');
  return done;
}
