// End to end, the Load and Economy steps (spec 000 §2 settingLoad / settingEconomics, §3 "Load",
// "Energy storage", "Economic parameters", §5 'Please upload a file in xlsx format' and the storage
// recommendation's refusal; spec 001 §4 "changing the load clears configured storage") as a user works
// them in a real Chromium on the real server: a C&I project in 'self-use, surplus to grid' made in the
// Information step; the Load step (a CSV refused, an xlsx with a bad cell refused at its row and
// column, then the weekday model with an annual consumption, its charts, Next opens drawing). The
// building, the module layout, the inverter configuration, the cables and the simulation are saved
// through the API (tests/integration/electrical-fixture.ts: 40 × 550 W on a flat roof in Shanghai) —
// the Electrical step's own end-to-end test drives those screens. Then Economy: a required field named,
// a template tariff (its note shown) edited, the recommendation refused while the strings are not wired
// and answered once they are, a battery, Calculate, the figures, a reload that restores them, and a
// change of the load that clears the storage after a confirmation.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it this test FAILS, it never skips.
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildingDocument, layoutDocument, MODULE_550, STP10 } from '../integration/electrical-fixture.ts';
import { createAccount, numberInput, openPage, overlaysSettled, shot, signInWithPassword, useE2E, type AppPage } from './harness.ts';

const FLOW = { timeout: 420_000 };
const e2e = useE2E();

/** An xlsx file of rows (made with exceljs, the server's reader). */
async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('load');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The API as the signed-in user (for the documents the Electrical step's screens make). */
async function api(phone: string, password: string) {
  const app = e2e().app;
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password } });
  const headers = { authorization: `Bearer ${login.json().data.token as string}` };
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const r = await app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
    const body = r.json();
    if (body.code !== 200) throw new Error(`${url}: ${r.body.slice(0, 400)}`);
    return body.data;
  };
  const libraryId = async (kind: 'component' | 'inverter', model: string): Promise<number> => {
    const list = (await call('GET', `/api/web/${kind}/list?size=10&keyword=${encodeURIComponent(model)}`)).list as { id: number; model: string }[];
    const hit = list.find((e) => e.model === model);
    if (!hit) throw new Error(`no ${kind} ${model}`);
    return hit.id;
  };
  return { call, libraryId };
}

const num = async (page: Page, testId: string) => Number(await page.getByTestId(testId).getAttribute('data-value'));

async function pickOption(page: Page, testId: string, text: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await overlaysSettled(page);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

describe('load and economy steps', FLOW, () => {
  it('configures the load, refuses bad files, computes the economics with a battery, keeps them, and clears the storage when the load changes', async () => {
    const { phone, password } = await createAccount(e2e().app, { prefix: '136' });
    const p: AppPage = await openPage(e2e(), '/login');
    const { page } = p;
    await signInWithPassword(p, phone, password);
    await page.waitForURL(/\/home\/list/);

    // Information: a C&I project in 'self-use, surplus to grid' (operation mode 1) in Shanghai.
    await page.goto(`${e2e().baseUrl}/setting/basic?powerStationType=COMMERCIAL&surveyType=SATELLITE&gridMode=HIGH`);
    await page.getByTestId('information-step').waitFor();
    await page.getByTestId('project-name-input').fill('Minhang factory roof');
    await page.getByTestId('address-input').locator('input').fill('Shanghai');
    await page.getByTestId('location-input').fill('121.470000,31.230000');
    await pickOption(page, 'operation-mode', 'Self-use, surplus to grid');
    await page.getByTestId('save-information').click();
    await page.waitForURL(/\/setting\/basic\?id=\d+/);
    const projectId = Number(new URL(page.url()).searchParams.get('id'));
    // The Load step is shown; drawing waits for the load.
    await expect.poll(() => page.getByTestId('step-load').getAttribute('data-open')).toBe('true');
    expect(await page.getByTestId('step-building').getAttribute('data-blocked-by')).toBe('loadMissing');
    await page.getByTestId('next-step').click();
    await page.waitForURL(new RegExp(`/setting/load\\?id=${projectId}`));
    await page.getByTestId('load-form').waitFor();

    // An xlsx file only: a CSV is refused with the spec's message; a bad cell is named by its row and column.
    await page.getByTestId('load-source').getByText('An xlsx file').click();
    const fileInput = page.locator('[data-testid="load-form"] input[type="file"]');
    await fileInput.setInputFiles({ name: 'load.csv', mimeType: 'text/csv', buffer: Buffer.from('1,2,3\n') });
    await page.getByTestId('load-upload-error').getByText('Please upload a file in xlsx format').waitFor();
    // A typical day per month (12 rows × 24 hours, a header row and a label column); March 02:00 is 'n/a'.
    const table = [['Month', ...Array.from({ length: 24 }, (_, h) => `${h}:00`)], ...Array.from({ length: 12 }, (_, m) => [`M${m + 1}`, ...new Array<number>(24).fill(10)])];
    const bad = table.map((r) => [...r]);
    bad[3][3] = 'n/a';
    await fileInput.setInputFiles({ name: 'site-load.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await xlsx(bad) });
    await page.getByTestId('load-upload-error').getByText("Load file, row 4, column D: 'n/a' is not a number").waitFor();
    // The corrected file: 10 kW every hour → 87,600 kWh a year.
    await fileInput.setInputFiles({ name: 'site-load.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await xlsx(table) });
    await expect.poll(() => page.getByTestId('load-upload-done').getAttribute('data-layout')).toBe('month-day');
    await expect.poll(async () => Number(await page.getByTestId('load-charts').getAttribute('data-annual'))).toBeCloseTo(87_600, 6);

    // The weekday-concentrated model with 35,325 kWh a year: a weekday hour of weight 1 (08–18) is 10 kWh.
    // The year (1 January a Monday): 261 weekdays × 12.1 + 104 weekend days × 3.6 = 3,532.5 weights;
    // January: 23 × 12.1 + 8 × 3.6 = 307.1 → 3,071 kWh; the peak 10 kW.
    await page.getByTestId('load-source').getByText('Consumption + consumption model').click();
    await pickOption(page, 'load-model', 'Weekday-concentrated');
    await numberInput(page, 'load-annual').fill('35325');
    await expect.poll(async () => Number(await page.locator('[data-testid="load-monthly-bar"][data-category="1"]').getAttribute('data-total'))).toBeCloseTo(3071, 6);
    expect(Number(await page.getByTestId('load-charts').getAttribute('data-annual'))).toBeCloseTo(35_325, 6);
    expect(await page.getByTestId('load-peak').locator('.ant-statistic-content-value').textContent()).toBe('10');
    await page.getByTestId('load-daily').locator('polyline').first().waitFor();
    await shot(page, 'economics-load');
    // Next saves the load and opens drawing.
    await page.getByTestId('next-step').click();
    await page.waitForURL(new RegExp(`/setting/mode\\?id=${projectId}`));
    expect(await page.getByTestId('step-building').getAttribute('data-open')).toBe('true');

    // The design through the API: building, 40 × 550 W modules, the automatic configuration — saved
    // back with its strings unwired (manual mode, nothing connected yet).
    const { call, libraryId } = await api(phone, password);
    await call('POST', '/api/web/project/LiteRe/save-data', { projectId, version: 0, data: buildingDocument() });
    await call('POST', '/api/web/project/component-layout/save', { projectId, version: 0, data: layoutDocument(await libraryId('component', MODULE_550)) });
    const stp = await libraryId('inverter', STP10);
    const configured = await call('POST', '/api/web/project/inverter-config', { projectId, inverters: [{ libraryId: stp }] });
    const unwired = { ...configured.data, mode: 'manual', strings: configured.data.strings.map((s: Record<string, unknown>) => ({ ...s, inverterId: null, mppt: null, combinerId: null })) };
    await call('POST', '/api/web/project/inverter-config/save', { projectId, version: configured.version, data: unwired });

    // Economy.
    await page.goto(`${e2e().baseUrl}/setting/economics?id=${projectId}`);
    await page.locator('[data-testid="economics-step"][data-loading="false"]').waitFor();
    expect(await page.getByTestId('economics-results').getAttribute('data-computed')).toBe('false');
    // A required field left empty is named where it is (the tab opens on it).
    await page.getByTestId('calculate-economics').click();
    await page.getByTestId('error-economic.pricePerW').getByText('This field is required').waitFor();
    await numberInput(page, 'param-price-per-w').fill('3.2');
    await numberInput(page, 'param-om').fill('40');

    // The tariff: an example template, its note; the critical peak of July 19:00; one hour repainted.
    await page.getByRole('tab', { name: 'Operation and tariff' }).click();
    await pickOption(page, 'tariff-scheme', 'morning and evening peaks');
    await page.getByTestId('tariff-template-note').getByText(/illustrative examples/).waitFor();
    expect(await page.getByTestId('tariff-editor').getAttribute('data-kind')).toBe('tou');
    expect(await page.locator('[data-testid="tariff-cell"][data-month="7"][data-hour="19"]').getAttribute('data-period')).toBe('sharp');
    await page.getByTestId('tariff-brush').getByText('Valley', { exact: true }).click();
    await page.locator('[data-testid="tariff-cell"][data-month="1"][data-hour="12"]').click();
    expect(await page.locator('[data-testid="tariff-cell"][data-month="1"][data-hour="12"]').getAttribute('data-period')).toBe('valley');
    await numberInput(page, 'export-price').fill('0.39');

    // Storage: the recommendation is refused until the strings are wired (the server's words).
    await page.getByRole('tab', { name: 'Storage' }).click();
    await numberInput(page, 'storage-cost-kwh').fill('1000');
    await numberInput(page, 'recommend-target').fill('60');
    await page.getByTestId('storage-recommend').click();
    await page.getByTestId('recommend-error').getByText('An inverter must be selected and wired before the energy-storage recommendation').waitFor();

    // Wired (the automatic configuration again), cables routed, the yield simulated.
    await call('POST', '/api/web/project/inverter-config', { projectId, inverters: [{ libraryId: stp }] });
    await call('POST', '/api/web/project/v2/cable-auto-place', { projectId });
    const sim = await call('POST', '/api/web/project/simulation/run', { projectId });
    expect(sim.annual.capacityKwp).toBeCloseTo(22, 9);

    await page.getByTestId('storage-recommend').click();
    await page.getByTestId('recommend-result').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('recommend-error').count()).toBe(0);
    const kinds = await page.getByTestId('recommend-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
    expect(kinds[0]).toBe('baseline');
    // The cheapest battery reaching 60 % self-sufficiency (the PV alone does not: 22 kWp against 35 MWh).
    expect(kinds).toContain('forTarget');
    const proposal = page.locator('[data-testid="recommend-row"][data-kind="forTarget"]');
    const capacity = Number(await proposal.getAttribute('data-capacity'));
    const power = Number(await proposal.getAttribute('data-power'));
    expect(capacity).toBeGreaterThan(0);
    await page.getByTestId('recommend-apply-forTarget').click();
    await expect.poll(() => numberInput(page, 'storage-capacity').inputValue()).toBe(String(capacity));
    expect(await page.getByTestId('storage-enabled').getAttribute('aria-checked')).toBe('true');

    // Calculate: the figures.
    await page.getByTestId('calculate-economics').click();
    await expect.poll(() => page.getByTestId('economics-results').getAttribute('data-computed'), { timeout: 120_000 }).toBe('true');
    expect(await page.getByTestId('economics-error').count()).toBe(0);
    // Investment: 22 kWp × 3.2 yuan/W + the battery at 1,000 yuan/kWh (0 per kW).
    const capex = 22_000 * 3.2 + capacity * 1000;
    expect(await num(page, 'result-capex')).toBeCloseTo(capex, 6);
    const rows = await page.getByTestId('cash-flow-row').evaluateAll((els) => els.map((el) => ({ year: Number(el.getAttribute('data-year')), energy: Number(el.getAttribute('data-energy')), net: Number(el.getAttribute('data-net')) })));
    expect(rows.map((r) => r.year)).toEqual(Array.from({ length: 26 }, (_, y) => y));
    expect(rows[0].net).toBeCloseTo(-capex / 10_000, 9);
    // Year 1's energy is the simulated yield (all of it used or sold in 'surplus to grid'), then × (1 − 0.4 %) a year.
    expect(rows[1].energy).toBeCloseTo(sim.annual.acKwh / 1000, 3);
    expect(rows[2].energy / rows[1].energy).toBeCloseTo(0.996, 9);
    // CO₂ avoided: Σ energy × 0.5703 t/MWh.
    const co2 = rows.reduce((a, r) => a + r.energy, 0) * 0.5703;
    expect(await num(page, 'result-co2')).toBeCloseTo(co2, 3);
    const npv = await num(page, 'result-npv');
    expect(Number.isFinite(npv)).toBe(true);
    expect(await page.getByTestId('result-irr').getAttribute('data-value')).not.toBeNull();
    const lcoe = await num(page, 'result-lcoe');
    expect(lcoe).toBeGreaterThan(0);
    expect(lcoe).toBeLessThan(2);
    const selfSufficiency = await num(page, 'result-self-sufficiency');
    expect(selfSufficiency).toBeGreaterThanOrEqual(0.6 - 1e-9);
    expect(await page.locator('[data-testid="chart-monthly-self-bar"]').count()).toBe(12);
    await page.getByTestId('chart-soc-week').locator('polyline').waitFor();
    await page.getByTestId('chart-cumulative').locator('polyline').waitFor();
    await shot(page, 'economics-results');

    // Reload: the parameters and the figures come back.
    await page.reload();
    await page.locator('[data-testid="economics-step"][data-loading="false"]').waitFor();
    await expect.poll(() => page.getByTestId('economics-results').getAttribute('data-computed')).toBe('true');
    expect(await num(page, 'result-npv')).toBe(npv);
    expect(await page.getByTestId('economics-outdated').count()).toBe(0);
    expect(await page.getByTestId('tariff-editor').getAttribute('data-kind')).toBe('tou');
    expect(await page.locator('[data-testid="tariff-cell"][data-month="1"][data-hour="12"]').getAttribute('data-period')).toBe('valley');
    await page.getByRole('tab', { name: 'Storage' }).click();
    expect(await numberInput(page, 'storage-capacity').inputValue()).toBe(String(capacity));
    expect(await numberInput(page, 'storage-power').inputValue()).toBe(String(power));
    expect(await page.getByTestId('storage-enabled').getAttribute('aria-checked')).toBe('true');
    await page.getByRole('tab', { name: 'Economic parameters' }).click();
    expect(await numberInput(page, 'param-price-per-w').inputValue()).toBe('3.2');

    // Changing the load clears the configured storage, after a confirmation.
    await page.getByTestId('step-load').click();
    await page.waitForURL(new RegExp(`/setting/load\\?id=${projectId}`));
    await page.getByTestId('load-form').waitFor();
    expect(await numberInput(page, 'load-annual').inputValue()).toBe('35325');
    await numberInput(page, 'load-annual').fill('40000');
    await page.getByTestId('save-load').click();
    await page.locator('.ant-modal-confirm-title').getByText('Change the load').waitFor();
    await overlaysSettled(page);
    await page.getByRole('button', { name: 'Continue and clear the storage' }).click();
    await page.getByText('The storage configuration was cleared', { exact: false }).waitFor();
    await page.getByTestId('step-economics').click();
    await page.waitForURL(new RegExp(`/setting/economics\\?id=${projectId}`));
    await page.locator('[data-testid="economics-step"][data-loading="false"]').waitFor();
    await page.getByRole('tab', { name: 'Storage' }).click();
    expect(await page.getByTestId('storage-enabled').getAttribute('aria-checked')).toBe('false');
    // The figures computed on the old load are marked as outdated.
    await page.getByTestId('economics-outdated').waitFor();
    expect(p.problems).toEqual([]);
    await p.context.close();
  });
});
