// End to end, the Information step's weather as a PV engineer works it in a real Chromium: before the
// project is saved, the note and the nearest station of the typed location; a project created in
// Shanghai (121.47, 31.23) uses Shanghai (Xujiahui) with its distance, an annual GHI of 1,100–1,300
// kWh/m² and the citation (also in Chinese); picking Lhasa by search gives ~1,990 kWh/m² and the
// warning that it is far away, and the site elevation its altitude difference; the rough estimate is
// flagged; an uploaded EPW names the file as the source (and is far away: said so); a text 'hello' is
// refused with the server's 'format not recognised'; a typed horizon is saved and drawn over the sun
// paths.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it this test FAILS, it never skips.
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STATION_CITATION, STATION_CITATION_ZH } from '../../src/weather/stations.ts';
import { createAccount, numberInput, openPage, shot, signInWithPassword, useE2E } from './harness.ts';

const FLOW = { timeout: 240_000 };
const e2e = useE2E();

const EPW = fileURLToPath(new URL('../fixtures/weather/NLD_Amsterdam062400_IWEC.epw', import.meta.url));

/** The annual GHI the card shows [kWh/m²] (its visible number, thousands separated). */
async function shownGhi(page: Page): Promise<number> {
  const text = await page.getByTestId('weather-ghi').locator('.ant-statistic-content-value').textContent();
  return Number((text ?? '').replace(/,/g, ''));
}

describe('the weather of the Information step', FLOW, () => {
  it('shows the station in use, picks another, uploads a weather file, refuses a bad one and draws a typed horizon', async () => {
    const { phone, password } = await createAccount(e2e().app, { prefix: '135' });
    const p = await openPage(e2e(), '/login');
    const { page } = p;
    await signInWithPassword(p, phone, password);
    await page.waitForURL(/\/home\/list/);

    // a new project: the weather waits for the save, the nearest station of the typed location is previewed
    await page.goto(`${e2e().baseUrl}/setting/basic?powerStationType=COMMERCIAL&surveyType=SATELLITE&gridMode=HIGH`);
    await page.getByTestId('information-step').waitFor();
    await page.getByTestId('weather-unsaved').getByText('The weather is chosen once the project is saved with a location.').waitFor();
    await page.getByTestId('project-name-input').fill('Xujiahui office roof');
    const address = page.getByTestId('address-input').locator('input');
    await address.fill('Shanghai');
    await page.getByTestId('location-input').fill('121.470000,31.230000');
    await page.getByTestId('weather-preview').getByText('Shanghai (Xujiahui)').waitFor();

    // saved: the station in use, its distance, its annual GHI and the citation
    await page.getByTestId('save-information').click();
    await page.waitForURL(/\/setting\/basic\?id=\d+/);
    const name = page.getByTestId('weather-source-name');
    await name.getByText('Shanghai (Xujiahui)').waitFor();
    expect(await page.getByTestId('weather-distance').textContent()).toMatch(/^\d+(\.\d)? km from the site/);
    const ghi = await shownGhi(page);
    expect(ghi).toBeGreaterThan(1100);
    expect(ghi).toBeLessThan(1300);
    expect(await page.getByTestId('weather-citation').textContent()).toBe(STATION_CITATION);
    expect(await page.getByTestId('weather-notice').count()).toBe(0);
    await page.getByTestId('monthly-climate').locator('svg rect').first().waitFor();
    await shot(page, 'weather-station');

    // in Chinese: the station's Chinese name and the Chinese citation
    await page.getByTestId('language-switch').getByText('中文').click();
    await name.getByText('上海（徐家汇）').waitFor();
    expect(await page.getByTestId('weather-citation').textContent()).toBe(STATION_CITATION_ZH);
    await page.getByTestId('language-switch').getByText('EN').click();
    await name.getByText('Shanghai (Xujiahui)').waitFor();

    // another station, found by its English name: Lhasa, far from the site — said so, never silently
    await page.getByTestId('weather-choice').getByText('Pick a station', { exact: true }).click();
    const picker = page.getByTestId('station-picker');
    await picker.click();
    await picker.locator('input').fill('Lhasa');
    await page.getByTestId('station-option-55591').click();
    await name.getByText('Lhasa').waitFor();
    const lhasa = await shownGhi(page);
    expect(lhasa).toBeGreaterThan(1980);
    expect(lhasa).toBeLessThan(2000);
    await page.getByTestId('weather-notice').getByText(/The chosen station is 2904 km from the site/).waitFor();
    // the site elevation gives the altitude difference (Lhasa stands at 3,650 m)
    await numberInput(page, 'site-elevation').fill('4');
    await numberInput(page, 'site-elevation').press('Enter');
    await page.getByTestId('weather-distance').getByText('altitude difference +3,646 m', { exact: false }).waitFor();
    await shot(page, 'weather-lhasa');

    // the rough estimate is flagged as such; PVGIS, not configured here, says why it is off
    await page.getByTestId('weather-choice').getByText('Rough estimate', { exact: true }).click();
    await page.getByTestId('weather-notice').getByText('Rough estimate: results are indicative only').waitFor();
    expect(await page.getByTestId('weather-source-kind').textContent()).toBe('Rough estimate');
    await page.getByTestId('weather-choice').getByText('PVGIS', { exact: true }).hover();
    await page.getByText('PVGIS is not configured on this server').waitFor();
    await shot(page, 'weather-estimate');

    // an uploaded EPW becomes the source, named by its file
    await page.getByTestId('weather-choice').getByText('Weather file', { exact: true }).click();
    await page.getByTestId('weather-card').locator('input[type=file]').setInputFiles(EPW);
    await name.getByText('NLD_Amsterdam062400_IWEC.epw').waitFor();
    expect(await page.getByTestId('weather-source-kind').textContent()).toBe('Weather file');
    // Amsterdam is far from Shanghai: said so
    await page.getByTestId('weather-notice').getByText(/The weather file’s site is 88\d\d km from the project/).waitFor();

    // a text that is no weather file: the server's reason in place
    await page.getByTestId('weather-card').locator('input[type=file]').setInputFiles({ name: 'hello.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByTestId('weather-upload-error').getByText(/format not recognised/).waitFor();
    expect(await name.textContent()).toBe('NLD_Amsterdam062400_IWEC.epw');

    // a typed horizon: saved, then drawn over the sun paths
    await page.getByTestId('horizon-chart').locator('svg polyline').first().waitFor();
    await page.getByTestId('horizon-edit').click();
    await page.getByTestId('horizon-rows').fill('azimuth,elevation\n0,4\n90,12\n180,6.5\n270,20');
    await page.getByTestId('horizon-save').click();
    await page.locator('[data-testid="horizon-chart"][data-points="4"] svg polygon').waitFor();
    await page.getByTestId('horizon-caption').getByText('Horizon: typed in, 4 points', { exact: false }).waitFor();
    await shot(page, 'weather-horizon');

    expect(p.problems, p.problems.join('\n')).toEqual([]);
    await p.context.close();
  });
});
