// End to end, a plant too large to simulate while its user waits (issue 15: roofs of 100,000 modules):
// the Electrical step's Simulate queues the project's yield on the job queue, says so ("being worked
// out in the background; you may leave this page"), and shows the kept yield once the job has run —
// the same figures the server kept. The server here answers nothing synchronously
// (YIELD_SYNC_MODULE_STEPS = 1,000 module-steps), so the demo house (a few dozen modules) takes the
// large plant's path; its job runs on the server's own job workers, as on `npm start`.
import { describe, expect, it } from 'vitest';
import { keptSimulationSchema } from '../../src/model/api/electrical.ts';
import { autoPlaceCables } from '../../src/server/electrical/cables.ts';
import { configureInverters } from '../../src/server/electrical/configure.ts';
import { demoLibraryIds } from '../../src/server/projects/demo-design.ts';
import { seedDemoProject } from '../../src/server/projects/demo-project.ts';
import { createAccount, openPage, shot, signInWithPassword, useE2E } from './harness.ts';

const e2e = useE2E({ yieldSyncModuleSteps: 1000 });

describe('electrical: a large plant\'s yield', { timeout: 300_000 }, () => {
  it('queues the yield from Simulate, says it runs in the background, and shows the kept yield when the job is done', async () => {
    const app = e2e().app;
    const { documents, projects } = app.services;
    const { phone, password } = await createAccount(app, { prefix: '139' });
    const user = await app.services.accounts.byPhone(phone);
    if (!user) throw new Error('the account was not created');
    const ids = await demoLibraryIds(app);
    if (ids.module === null || ids.inverter === null) throw new Error('the library lacks the demo module or inverter');
    const { id: projectId } = await seedDemoProject(user.id, projects, documents, ids.module);
    // The demo is a self-consumption project: its steps after Load open once it has a load.
    await documents.save(user.id, projectId, 'power-load', 0, { kind: 'power-load', version: 1, source: 'model', model: 'household-home', annualKwh: 3600 });
    await configureInverters(app, user.id, { projectId, inverters: [{ libraryId: ids.inverter, count: 1 }] });
    await autoPlaceCables(app, user.id, projectId, undefined);

    const p = await openPage(e2e(), '/login');
    const { page } = p;
    await signInWithPassword(p, phone, password);
    await page.waitForURL(/\/home\/list/);
    await page.goto(`${e2e().baseUrl}/setting/electrical?id=${projectId}`);
    await page.getByTestId('design-electrical').waitFor();
    // The configuration made on the server is loaded: its strings are drawn on the plan.
    await expect.poll(() => page.getByTestId('string-label').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Yield' }).click();
    expect(await page.getByTestId('yield-panel').getAttribute('data-simulated')).toBe('false');
    await page.getByTestId('simulate').click();

    // Queued: the notice names the plant's modules in strings and says the page may be left.
    const notice = page.getByTestId('simulate-queued');
    await notice.waitFor();
    expect(['queued', 'running']).toContain(await notice.getAttribute('data-status'));
    expect(await notice.textContent()).toMatch(/in the background/);
    expect(await notice.textContent()).toMatch(/You may leave this page/);
    expect(await page.getByTestId('simulate').isDisabled()).toBe(true);
    await shot(page, 'electrical-queued');

    // Done: the notice goes, the yield shows — the one the server kept.
    await page.locator('[data-testid="yield-panel"][data-simulated="true"]').waitFor({ timeout: 120_000 });
    expect(await notice.count()).toBe(0);
    const kept = keptSimulationSchema.parse((await documents.read(projectId, 'simulation')).data);
    expect(Number(await page.getByTestId('yield-annual').getAttribute('data-value'))).toBeCloseTo(kept.annual.acKwh, 6);
    expect(await page.getByTestId('simulate').isDisabled()).toBe(false);
    const run = await app.db.selectFrom('project_yield_runs').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
    expect(run.status).toBe('done');
    expect(run.modules).toBe(kept.basis.modules);
    expect(p.problems).toEqual([]);
    await p.context.close();
  });
});
