// End to end: the personal centre's equipment library (spec 001 §2 "Equipment information", §3 custom
// inverter, §5 rules and the PVsyst import, §8 messages) in a real Chromium against the real server:
// open the page from the personal centre's menu, search the modules, add a custom inverter with a bad field (the spec's
// message under it), fix it, add its efficiency curve and save; find it in the list, switch it off
// ('Status Updated Successfully'), open its efficiency curve in the detail drawer; then import a
// PVsyst .OND (a .PAN refused first) and see the form filled.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it this test FAILS, it never skips.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAccount, numberInput, openPage, overlaysSettled, signInWithPassword, useE2E } from './harness.ts';

const FLOW = { timeout: 180_000 };
const OND = fileURLToPath(new URL('../fixtures/pvsyst/example-inverter.OND', import.meta.url));
const PAN = fileURLToPath(new URL('../fixtures/pvsyst/example-module.PAN', import.meta.url));

const e2e = useE2E();

describe('equipment library', FLOW, () => {
  it('adds a custom inverter (a bad field refused, then fixed), shows its efficiency curve and imports an .OND', async () => {
    const { phone, password } = await createAccount(e2e().app);
    const p = await openPage(e2e(), '/login');
    const { page } = p;
    await signInWithPassword(p, phone, password);
    await page.waitForURL(/\/home\/list/);

    // the personal centre's menu leads to the equipment page; modules first, system entries listed
    await page.goto(`${e2e().baseUrl}/user/info`);
    await page.getByRole('menuitem', { name: 'Equipment' }).click();
    await page.waitForURL(/\/user\/equipment$/);
    await page.getByTestId('module-table').getByText('CS3W-450MS').waitFor();
    // the search finds by words of manufacturer and model
    const search = page.locator('input[data-testid="module-search"], [data-testid="module-search"] input').first();
    await search.fill('longi lr5-72');
    await search.press('Enter');
    await page.getByTestId('module-table').getByText('LR5-72HPH-550M').waitFor();
    await expect.poll(() => page.getByTestId('module-table').locator('tbody tr').count()).toBe(1);
    await page.getByRole('tab', { name: 'Inverters' }).click();
    await page.getByTestId('inverter-table').getByText('Primo 3.0-1').waitFor();

    // a new custom inverter with a value beyond the product's range
    await page.getByTestId('inverter-add').click();
    await page.getByTestId('inverter-form').waitFor();
    await overlaysSettled(page);
    await page.getByTestId('inverter-manufacturer').fill('E2E Power');
    await page.getByTestId('inverter-model').fill('EP-5K');
    const fill = async (name: string, value: number) => numberInput(page, `inverter-${name}`).fill(String(value));
    await fill('ratedAcPower', 1_000_000);
    await fill('ratedAcVoltage', 230);
    await fill('mpptMinVoltage', 90);
    await fill('mpptMaxVoltage', 550);
    await fill('maxDcVoltage', 600);
    await fill('mpptCount', 2);
    await fill('stringsPerMppt', 1);
    await fill('maxInputCurrentPerMppt', 16);
    await fill('maxEfficiency', 97.6);
    await fill('euroEfficiency', 97);
    await page.getByTestId('inverter-save').click();
    await page.getByTestId('error-ratedAcPower').getByText('needs to be between 0 and 999999').waitFor();
    // fixed: the message goes as the value changes
    await fill('ratedAcPower', 5000);
    await page.getByTestId('error-ratedAcPower').waitFor({ state: 'detached' });

    // one efficiency curve at 360 V: (500 W, 95 %), (5000 W, 97.5 %)
    await page.getByTestId('inverter-hasEfficiencyCurve').click();
    await page.getByTestId('inverter-add-curve').click();
    await numberInput(page, 'curve-0-dcVoltage').fill('360');
    await numberInput(page, 'curve-0-point-0-dcPower').fill('500');
    await numberInput(page, 'curve-0-point-0-efficiency').fill('95');
    await numberInput(page, 'curve-0-point-1-dcPower').fill('5000');
    await numberInput(page, 'curve-0-point-1-efficiency').fill('97.5');
    await page.getByTestId('inverter-save').click();
    await page.getByText('Added successfully').waitFor();
    await page.getByTestId('inverter-form').waitFor({ state: 'detached' });

    // in the list, as a custom entry, first (custom entries lead)
    const row = page.getByTestId('inverter-table').locator('tr', { hasText: 'EP-5K' });
    await row.getByText('Custom').waitFor();
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('5'); // rated AC power [kW]
    // disabled for this account
    await row.getByRole('switch').click();
    await page.getByText('Status Updated Successfully').waitFor();
    expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('false');

    // its details: the efficiency curve at 360 V
    await row.getByText('Details').click();
    const detail = page.getByTestId('library-detail');
    await detail.getByText('97.6').first().waitFor();
    const curves = detail.getByTestId('detail-inverter-curves');
    expect(await curves.getAttribute('data-mode')).toBe('curves');
    await curves.getByText('360 V').waitFor();
    expect(await curves.locator('polyline').count()).toBe(1);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // import: a .PAN is not an inverter file; the .OND fills the form
    await page.getByTestId('inverter-add').click();
    const form = page.getByTestId('inverter-form');
    await form.waitFor();
    await overlaysSettled(page);
    await form.locator('input[type=file]').setInputFiles(PAN);
    await page.getByTestId('inverter-import-error').getByText('Please select a standard PAN or OND file').waitFor();
    await form.locator('input[type=file]').setInputFiles(OND);
    await page.getByTestId('inverter-import-done').getByText(/example-inverter\.OND/).waitFor();
    expect(await page.getByTestId('inverter-model').inputValue()).toBe('EP-110K');
    expect(await page.getByTestId('inverter-manufacturer').inputValue()).toBe('Example Power');
    expect(await numberInput(page, 'inverter-ratedAcPower').inputValue()).toBe('110000');
    expect(await numberInput(page, 'inverter-mpptCount').inputValue()).toBe('6');
    expect(await numberInput(page, 'inverter-maxEfficiency').inputValue()).toBe('98.6');
    expect(await numberInput(page, 'curve-2-dcVoltage').inputValue()).toBe('900');
    // the imported entry is saved as it was edited
    await numberInput(page, 'inverter-nightConsumption').fill('3');
    await page.getByTestId('inverter-save').click();
    await page.getByText('Updated').first().waitFor();
    await page.getByTestId('inverter-table').locator('tr', { hasText: 'EP-110K' }).getByText('Custom').waitFor();

    expect(p.problems, p.problems.join('\n')).toEqual([]);
    await p.context.close();
  });
});
