// End to end, a self-use project from Information through Load, Building, PV Layout, Electrical to
// Economy with a battery (issue 16; spec 000 §2 settingLoad / settingEconomics, §3 "Load", "Energy
// storage", "Economic parameters", §5 'Please upload a file in xlsx format' and the storage
// recommendation's refusal; spec 001 §4 "changing the load clears configured storage") as a user works
// it in a real Chromium on the real server: a C&I project in 'self-use, surplus to grid' made in the
// Information step; the Load step (a CSV refused, an xlsx with a bad cell refused at its row and
// column, then the weekday model with an annual consumption, its charts, Next opens drawing); a
// 14 m × 11 m flat-roofed building traced in the Building step; LONGi LR5-72HPH-550M modules placed on
// it in PV Layout; in Electrical an SMA Sunny Tripower 10.0 configured automatically, then (manual
// mode) its strings deleted and saved so that nothing is wired. Then Economy: a required field named,
// a template tariff (its note shown) edited, the recommendation refused while the strings are not
// wired; back in Electrical the automatic configuration again and the year's yield simulated; the
// recommendation answered, a battery, Calculate, the figures (related to the yield and capacity the
// Electrical step showed), a reload that restores them, and a change of the load that clears the
// storage after a confirmation.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it this test FAILS, it never skips.
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { drawOutline, nextThroughLeaveFlag, pickInverter, pickOption, placeAllModules } from './flows.ts';
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

const num = async (page: Page, testId: string) => Number(await page.getByTestId(testId).getAttribute('data-value'));

/** The number of modules in each string, as the Electrical step's plan labels them. */
const stringModules = (page: Page) => page.getByTestId('string-label').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-modules'))));

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

    // Building: a 14 m × 11 m building traced with the outline tool (a flat roof: one face); Next
    // answers the leave flag, which saves, and opens PV Layout.
    await page.getByTestId('design-building').waitFor();
    await drawOutline(page, [
      [-7, -5.5],
      [7, -5.5],
      [7, 5.5],
      [-7, 5.5],
    ]);
    await expect.poll(() => page.getByTestId('save-bar').getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');
    await nextThroughLeaveFlag(page);
    await page.waitForURL(new RegExp(`/setting/component\\?id=${projectId}`));
    await expect.poll(() => page.getByTestId('layout-faces').locator('tbody tr.ant-table-row').count(), { timeout: 30_000 }).toBe(1);

    // PV Layout: the 550 W library module on every face; the capacity shown is modules × 0.55 kWp.
    const { modules, kwp } = await placeAllModules(page, 'LONGi LR5-72HPH-550M', 'LR5-72HPH-550M');
    expect(kwp).toBeCloseTo(modules * 0.55, 2);
    await expect.poll(() => page.getByTestId('step-electrical').getAttribute('data-open')).toBe('true');
    await page.getByTestId('next-step').click();
    await page.waitForURL(new RegExp(`/setting/electrical\\?id=${projectId}`));
    await page.getByTestId('design-electrical').waitFor();
    await expect.poll(() => page.getByTestId('plan-canvas').getAttribute('data-view')).toBeTruthy();

    // Electrical: the SMA Sunny Tripower 10.0, configured automatically; every string on an input.
    await pickInverter(page, 'Tripower 10.0', /STP10\.0-3AV-40/);
    await page.getByTestId('configure-auto').click();
    await expect.poll(() => page.getByTestId('string-label').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('configure-error').count()).toBe(0);
    const strung = (await stringModules(page)).reduce((n, m) => n + m, 0);
    expect(Number(await page.getByTestId('summary-unassigned').textContent())).toBe(modules - strung);
    // The configuration opens Economy.
    await expect.poll(() => page.getByTestId('step-economics').getAttribute('data-open')).toBe('true');
    // Manual mode: every string deleted from the Strings list and the wiring saved — an inverter, nothing wired.
    await page.getByTestId('wiring-mode').getByText('Manual').click();
    await expect.poll(() => page.getByTestId('wiring-hint').textContent()).toMatch(/^Manual wiring/);
    await page.getByRole('tab', { name: 'Strings' }).click();
    const stringRows = await page.getByTestId('string-row').count();
    expect(stringRows).toBeGreaterThan(0);
    for (let left = stringRows; left > 0; left--) {
      await page.getByTestId('string-row').first().getByTestId('string-delete').click();
      await expect.poll(() => page.getByTestId('string-row').count()).toBe(left - 1);
    }
    expect(await page.getByTestId('string-label').count()).toBe(0);
    await page.getByTestId('wiring-save').click();
    await page.getByText('Wiring saved').waitFor();
    await expect.poll(() => page.getByTestId('wiring-save-bar').getAttribute('data-state')).toBe('saved');
    await nextThroughLeaveFlag(page);
    await page.waitForURL(new RegExp(`/setting/economics\\?id=${projectId}`));

    // Economy.
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

    // Wired: back in Electrical (the recommendation saved the Economy form), the automatic
    // configuration again, the wiring saved, and the year's yield simulated on the project's weather.
    await page.getByTestId('step-electrical').click();
    await page.waitForURL(new RegExp(`/setting/electrical\\?id=${projectId}`));
    await page.getByTestId('design-electrical').waitFor();
    await expect.poll(() => page.getByTestId('plan-canvas').getAttribute('data-view')).toBeTruthy();
    await page.getByTestId('wiring-mode').getByText('Automatic').click();
    await page.getByTestId('configure-auto').click();
    await expect.poll(() => page.getByTestId('string-label').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect((await stringModules(page)).reduce((n, m) => n + m, 0)).toBe(strung);
    await expect.poll(() => page.getByTestId('wiring-save-bar').getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');
    await page.getByRole('tab', { name: 'Yield' }).click();
    await page.getByTestId('simulate').click();
    await expect.poll(async () => Number(await page.getByTestId('yield-annual').getAttribute('data-value')), { timeout: 120_000 }).toBeGreaterThan(0);
    const annualKwh = await num(page, 'yield-annual');
    // Shanghai, a flat roof: roughly 700–1500 kWh per kWp of the strung modules.
    const capacityKwp = strung * 0.55;
    expect(annualKwh / capacityKwp).toBeGreaterThan(700);
    expect(annualKwh / capacityKwp).toBeLessThan(1500);
    await nextThroughLeaveFlag(page);
    await page.waitForURL(new RegExp(`/setting/economics\\?id=${projectId}`));
    await page.locator('[data-testid="economics-step"][data-loading="false"]').waitFor();
    await page.getByRole('tab', { name: 'Operation and tariff' }).click();
    // The parameters and the tariff were kept; a battery never switched on is not stored, so its cost is typed again.
    expect(await page.locator('[data-testid="tariff-cell"][data-month="1"][data-hour="12"]').getAttribute('data-period')).toBe('valley');
    expect(await numberInput(page, 'export-price').inputValue()).toBe('0.39');
    await page.getByRole('tab', { name: 'Storage' }).click();
    await numberInput(page, 'storage-cost-kwh').fill('1000');
    await numberInput(page, 'recommend-target').fill('60');

    await page.getByTestId('storage-recommend').click();
    await page.getByTestId('recommend-result').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('recommend-error').count()).toBe(0);
    const kinds = await page.getByTestId('recommend-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
    expect(kinds[0]).toBe('baseline');
    // The cheapest battery reaching 60 % self-sufficiency (the PV alone does not: its yield is below the 35 MWh load and none of it comes at night).
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
    // Investment: the strung modules' kWp × 3.2 yuan/W + the battery at 1,000 yuan/kWh (0 per kW).
    const capex = capacityKwp * 1000 * 3.2 + capacity * 1000;
    expect(await num(page, 'result-capex')).toBeCloseTo(capex, 6);
    const rows = await page.getByTestId('cash-flow-row').evaluateAll((els) => els.map((el) => ({ year: Number(el.getAttribute('data-year')), energy: Number(el.getAttribute('data-energy')), net: Number(el.getAttribute('data-net')) })));
    expect(rows.map((r) => r.year)).toEqual(Array.from({ length: 26 }, (_, y) => y));
    expect(rows[0].net).toBeCloseTo(-capex / 10_000, 9);
    // Year 1's energy is the simulated yield (all of it used or sold in 'surplus to grid'), then × (1 − 0.4 %) a year.
    expect(rows[1].energy).toBeCloseTo(annualKwh / 1000, 3);
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
    // The tariff still says it was started from an illustrative template.
    expect(await page.getByTestId('tariff-template-note').textContent()).toMatch(/illustrative examples/);
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
