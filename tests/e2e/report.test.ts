// End to end, the Report step and the share report page (issue 17; spec 000 §2 report3d, §7
// get-zx-pdf, getShareReport, share/report/url; spec 001 §4 "Report: generating, then ready. Changing
// settings requires regenerating the report", §8 'modification succeeded (regenerate the report)') as
// a user works them in a real Chromium on the real server: a new account whose project carries a
// complete design made by the services the routes call (the demo's gable-roof house: layout, the
// automatic inverter configuration, cables, the kept yield, a load, a battery, the economics — but no
// report); the Report step offers "Generate report", generating → ready; the key figures equal the
// model's; the 3D view holds every module and becomes the project's thumbnail; the PDF downloads
// (%PDF, its file name and the project's name in its text through pdftotext); a changed economic
// parameter makes the report stale naming the Economy step, and Regenerate makes it current; the report
// share link opens the report in a fresh, signed-out browser context, its key figures the same. On the
// project list: the 3D view as the card's thumbnail, the DXF drawing, the CAD export and the project file
// downloaded, the project file imported as a new project; the comparison's self-consumption, NPV and IRR;
// the O&M link creating a plant from the design, then opening it.
// Needs /usr/bin/chromium and pdftotext (poppler-utils): without them this test FAILS, it never skips.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ReportModel } from '../../src/model/report.ts';
import { autoPlaceCables } from '../../src/server/electrical/cables.ts';
import { configureInverters } from '../../src/server/electrical/configure.ts';
import { runProjectYield } from '../../src/server/electrical/project-simulation.ts';
import { runEconomics } from '../../src/server/economics/run-economics.ts';
import { demoLibraryIds } from '../../src/server/projects/demo-design.ts';
import { DEMO_PROJECT_NAME, seedDemoProject } from '../../src/server/projects/demo-project.ts';
import { reportState } from '../../src/server/reports/report-state.ts';
import { createAccount, numberInput, openPage, overlaysInMotion, overlaysSettled, PAGE_WAIT_MS, shot, signInWithPassword, useE2E } from './harness.ts';

const FLOW = { timeout: 420_000 };
const e2e = useE2E();

/** The demo house's design completed by the services, as the routes do it — everything but the report. */
async function designedProject(userId: number): Promise<number> {
  const app = e2e().app;
  const { documents, projects } = app.services;
  const ids = await demoLibraryIds(app);
  if (ids.module === null || ids.inverter === null) throw new Error('the library lacks the demo module or inverter');
  const { id } = await seedDemoProject(userId, projects, documents, ids.module);
  await configureInverters(app, userId, { projectId: id, inverters: [{ libraryId: ids.inverter, count: 1 }] });
  await autoPlaceCables(app, userId, id, undefined);
  await runProjectYield(app, userId, id);
  const load = await documents.save(userId, id, 'power-load', 0, { kind: 'power-load', version: 1, source: 'model', model: 'household-home', annualKwh: 3600 });
  await documents.save(userId, id, 'energy-storage', 0, {
    kind: 'energy-storage', version: 1, enabled: true, loadVersion: load.version, capacityKwh: 5, powerKw: 2.5, socInitialPct: 50, socMinPct: 10, socMaxPct: 95,
    etaChargePct: 95, etaDischargePct: 95, strategy: 'selfConsumption', replacementYears: 12, fadePctPerYear: 2, costPerKwh: 1200, costPerKw: 0,
  });
  await documents.save(userId, id, 'economic', 0, {
    kind: 'economic', version: 1, lifeYears: 25, discountRatePct: 6, depreciationYears: 20, residualPct: 5, pricePerW: 3.5, vatPct: 13, incomeTaxPct: 0,
    tariff: { kind: 'uniform', price: 0.617 }, exportPrice: 0.4155, omPerKw: 30, surchargePct: 0, stampDutyPct: 0,
  });
  await runEconomics(app, userId, id);
  return id;
}

/** The key figures the page shows (data-value), by name. */
async function figures(page: Page): Promise<Record<string, number | null>> {
  return page.getByTestId('report-figures').locator('[data-testid^="report-figure-"][data-value]').evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [el.getAttribute('data-testid')!.slice('report-figure-'.length), el.getAttribute('data-value') === '' ? null : Number(el.getAttribute('data-value'))])),
  );
}

/** The figures the model says the page must show (the units of the Report step: %, 10k yuan). */
function expected(m: ReportModel): Record<string, number | null> {
  return {
    capacity: m.system.capacityKwp,
    annualEnergy: m.energy?.acKwh ?? null,
    specificYield: m.energy?.specificYield ?? null,
    performanceRatio: m.energy ? m.energy.performanceRatio * 100 : null,
    selfConsumption: m.balance ? m.balance.selfConsumptionRate * 100 : null,
    npv: m.economics ? m.economics.npv / 10_000 : null,
    irr: m.economics?.irr == null ? null : m.economics.irr * 100,
    payback: m.economics?.paybackYears ?? null,
    co2: m.co2?.firstYearTonnes ?? null,
  };
}

function expectSameFigures(shown: Record<string, number | null>, want: Record<string, number | null>): void {
  expect(Object.keys(shown).sort()).toEqual(Object.keys(want).sort());
  for (const [k, v] of Object.entries(want)) {
    if (v === null) expect(shown[k], k).toBeNull();
    else expect(shown[k], k).toBeCloseTo(v, 6);
  }
}

describe('report', FLOW, () => {
  it('generates the report, shows the model’s figures, downloads the PDF, goes stale on an economic change and regenerates, opens signed out through its share link; the list’s thumbnail, DXF, CAD, project file, import, comparison and O&M link', async () => {
    const app = e2e().app;
    const { phone, password } = await createAccount(app, { prefix: '138' });
    const user = await app.services.accounts.byPhone(phone);
    if (!user) throw new Error('the account was not created');
    const projectId = await designedProject(user.id);
    expect((await reportState(app, projectId)).status).toBe('none');

    const p = await openPage(e2e(), '/login');
    const { page } = p;
    await signInWithPassword(p, phone, password);
    await page.waitForURL(/\/home\/list/);

    // The Report step: no report yet → Generate → ready.
    await page.goto(`${e2e().baseUrl}/setting/report3d?id=${projectId}`);
    await page.locator('[data-testid="report-step"][data-status="none"]').waitFor();
    await page.getByTestId('report-generate').click();
    await page.locator('[data-testid="report-step"][data-status="ready"]').waitFor();
    const ready = await reportState(app, projectId);
    expect(ready.status).toBe('ready');
    const model = ready.model!;
    expect(model.economics).not.toBeNull();
    expect(model.energy).not.toBeNull();

    // The key figures are the model's (kWp, kWh, kWh/kWp, PR %, self-consumption %, NPV in 10k yuan, IRR %, payback, CO₂).
    await page.getByTestId('report-view').waitFor();
    expectSameFigures(await figures(page), expected(model));
    // The 3D view holds every module; the loss diagram runs from the nominal energy to the AC energy.
    expect(Number(await page.getByTestId('report-3d').getAttribute('data-modules'))).toBe(model.geometry.modules.length);
    expect(model.geometry.modules.length).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('report-loss-nominal').getAttribute('data-kwh'))).toBeCloseTo(model.energy!.nominalKwh, 6);
    expect(Number(await page.getByTestId('report-loss-ac').getAttribute('data-kwh'))).toBeCloseTo(model.energy!.acKwh, 6);
    // Every loss line the simulation applied (0 kWh lines are left out, as PVsyst does).
    expect(await page.getByTestId('report-loss-row').count()).toBe(model.energy!.losses.filter((l) => Math.abs(l.kwh) >= 0.5).length);
    await page.getByTestId('report-3d').scrollIntoViewIfNeeded();
    await shot(page, 'report-3d-strings');
    await page.getByTestId('report-losses').scrollIntoViewIfNeeded();
    await shot(page, 'report-losses');
    await page.getByTestId('report-economics').scrollIntoViewIfNeeded();
    await shot(page, 'report-economics');
    await page.getByTestId('report-colouring').getByText('By shading').click();
    expect(await page.getByTestId('report-3d').getAttribute('data-colouring')).toBe('shading');
    await shot(page, 'report-ready');
    // The project had no screenshot: the 3D view became its first one (the list's thumbnail).
    await expect.poll(async () => (await app.services.screenshots.list(projectId)).length, { timeout: PAGE_WAIT_MS }).toBe(1);

    // The PDF report: %PDF, named after the project, the project's name in its text.
    await page.getByTestId('report-download').click();
    await overlaysSettled(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download-pdf').click()]);
    const dir = mkdtempSync(join(tmpdir(), 'pvstudio-report-e2e-'));
    const pdfPath = join(dir, 'report.pdf');
    await download.saveAs(pdfPath);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(download.suggestedFilename()).toContain('Demo');
    expect(readFileSync(pdfPath).subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(text.replace(/\s+/g, ' ')).toContain(DEMO_PROJECT_NAME);

    // An economic parameter changed in the Economy step: the report is stale, naming that step.
    await page.getByTestId('step-economics').click();
    await page.waitForURL(new RegExp(`/setting/economics\\?id=${projectId}`));
    await page.locator('[data-testid="economics-step"][data-loading="false"]').waitFor();
    await page.getByRole('tab', { name: 'Economic parameters' }).click();
    await numberInput(page, 'param-price-per-w').fill('4.2');
    await page.getByTestId('save-economics').click();
    await expect.poll(async () => (await reportState(app, projectId)).stale, { timeout: PAGE_WAIT_MS }).toBe(true);
    await page.getByTestId('step-report').click();
    await page.waitForURL(new RegExp(`/setting/report3d\\?id=${projectId}`));
    const stale = page.getByTestId('report-stale');
    await stale.getByText('Modification succeeded (regenerate the report)').waitFor();
    expect((await stale.getAttribute('data-steps'))?.split(',')).toContain('economics');
    await page.getByTestId('report-stale-regenerate').click();
    await page.locator('[data-testid="report-step"][data-status="ready"][data-stale="false"]').waitFor();
    await expect(page.getByTestId('report-stale').count()).resolves.toBe(0);
    const again = await reportState(app, projectId);
    expect(again.stale).toBe(false);
    expectSameFigures(await figures(page), expected(again.model!));

    // The report share link, opened signed out in a fresh context: the same report, read-only.
    await page.getByTestId('report-share').click();
    const link = await page.getByTestId('report-share-link').inputValue();
    expect(link).toMatch(/\/shareReport\?shareKey=[0-9a-f]{32}$/);
    const visitor = await e2e().browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      await visitor.addInitScript(() => localStorage.setItem('language', 'en'));
      visitor.setDefaultTimeout(PAGE_WAIT_MS);
      const v = await visitor.newPage();
      // The link carries the configured public address; the test server listens on a port of its own.
      const url = new URL(link);
      await v.goto(`${e2e().baseUrl}${url.pathname}${url.search}`);
      await v.locator('[data-testid="share-report-page"][data-status="ready"]').waitFor();
      await v.getByTestId('report-view').waitFor();
      expectSameFigures(await figures(v), expected(again.model!));
      expect(await v.getByTestId('report-generate').count()).toBe(0);
      expect(await v.getByTestId('report-regenerate').count()).toBe(0);
      await shot(v, 'share-report');
      // The visitor downloads the report files through the share key (the -md5 calls); no project file.
      await v.getByTestId('report-download').click();
      await expect.poll(() => overlaysInMotion(v)).toEqual([]);
      expect(await v.getByTestId('report-download-project').count()).toBe(0);
      const [shared] = await Promise.all([v.waitForEvent('download'), v.getByTestId('report-download-pdf').click()]);
      const sharedPath = join(dir, 'shared.pdf');
      await shared.saveAs(sharedPath);
      expect(readFileSync(sharedPath).subarray(0, 4).toString('latin1')).toBe('%PDF');
      // An unknown key shows the "unavailable" result.
      await v.goto(`${e2e().baseUrl}/shareReport?shareKey=${'0'.repeat(32)}`);
      await v.locator('[data-testid="share-report-page"][data-status="unavailable"]').waitFor();
    } finally {
      await visitor.close();
    }
    // Back to the owner's page (the visitor's window was the front one): a page in the background may
    // be hidden, and a hidden page runs no animation frames.
    await page.bringToFront();

    // The project list: the 3D view is the card's thumbnail; the DXF drawing and the project file download.
    await page.goto(`${e2e().baseUrl}/home/liteList`);
    await page.getByTestId(`project-row-${projectId}`).waitFor();
    await page.getByTestId('view-mode').getByTitle('Thumbnails').click();
    await expect.poll(() => page.getByTestId('project-cards').locator('img').count()).toBe(1);
    await expect.poll(() => page.getByTestId('project-cards').locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.getByTestId('view-mode').getByTitle('List').click();
    const listDownload = async (testId: string) => {
      // The previous menu has closed (and the loading overlay gone) before the next one opens; then
      // the menu has finished opening. Polled with evaluate: after a download Chromium was seen to hold
      // the animation frames that overlaysSettled's waitForFunction polls on.
      await expect.poll(() => overlaysInMotion(page), { timeout: PAGE_WAIT_MS }).toEqual([]);
      await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
      await page.getByTestId(`more-${projectId}`).click();
      await page.getByTestId(`${testId}-${projectId}`).waitFor();
      await expect.poll(() => overlaysInMotion(page), { timeout: PAGE_WAIT_MS }).toEqual([]);
      const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`${testId}-${projectId}`).click()]);
      const path = join(dir, d.suggestedFilename());
      await d.saveAs(path);
      return { name: d.suggestedFilename(), path };
    };
    const dxf = await listDownload('dxf');
    expect(dxf.name).toMatch(/\.dxf$/);
    // A DXF drawing: group code 0 / SECTION first, EOF last (AutoCAD DXF reference).
    const dxfText = readFileSync(dxf.path, 'utf8');
    expect(dxfText.trimStart().split(/\r?\n/).slice(0, 2).map((x) => x.trim())).toEqual(['0', 'SECTION']);
    expect(dxfText.trimEnd().endsWith('EOF')).toBe(true);
    const cad = await listDownload('cad');
    expect(cad.name).toMatch(/\.dxf$/);
    const file = await listDownload('project-file');
    expect(file.name).toMatch(/\.pvstudio\.json$/);
    expect(JSON.parse(readFileSync(file.path, 'utf8')).project.name).toBe(DEMO_PROJECT_NAME);

    // "Import project file": the file becomes a new project, opened at once.
    await page.locator('[data-testid="project-list-page"] input[type="file"]').setInputFiles(file.path);
    await page.waitForURL(/\/setting\/basic\?id=\d+/);
    const importedId = Number(new URL(page.url()).searchParams.get('id'));
    expect(importedId).not.toBe(projectId);

    // The comparison: the self-consumption, NPV and IRR of each project's report ('—' without one).
    await page.goto(`${e2e().baseUrl}/home/compareProject?ids=${projectId},${importedId}`);
    await page.getByTestId('compare-page').waitFor();
    const m = again.model!;
    await expect.poll(() => page.getByTestId(`compare-npv-${projectId}`).textContent()).toBe((m.economics!.npv / 10_000).toLocaleString('en-US', { maximumFractionDigits: 2 }));
    expect(await page.getByTestId(`compare-irr-${projectId}`).textContent()).toBe(`${(m.economics!.irr! * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`);
    expect(await page.getByTestId(`compare-selfConsumption-${projectId}`).textContent()).toBe(`${(m.balance!.selfConsumptionRate * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`);
    expect(await page.getByTestId(`compare-npv-${importedId}`).textContent()).toBe('—');
    expect(p.problems).toEqual([]);

    // The O&M link: no plant is bound to the design → create one from it; then the link opens that plant.
    await page.goto(`${e2e().baseUrl}/home/liteList`);
    await page.getByTestId(`more-${projectId}`).click();
    await overlaysSettled(page);
    await page.getByTestId(`aiom-${projectId}`).click();
    await overlaysSettled(page);
    await page.getByRole('button', { name: 'Create O&M plant' }).click();
    await page.waitForURL(/\/aiomSetting\/summary\?id=\d+/);
    const plantId = Number(new URL(page.url()).searchParams.get('id'));
    await page.goto(`${e2e().baseUrl}/home/liteList`);
    await page.getByTestId(`more-${projectId}`).click();
    await overlaysSettled(page);
    await page.getByTestId(`aiom-${projectId}`).click();
    await page.waitForURL(new RegExp(`/aiomSetting/summary\\?id=${plantId}$`));
  });
});
