// End to end, the design editor (issue 7) as a user works it in a real Chromium: open a project's
// Building step, trace a 20 m × 10 m building on the map with the outline tool, undo and redo it with
// the keyboard, choose a hip roof, go on (the leave flag saves), choose a module from the library,
// place modules on all faces, run the year's shading to the end, reload, and find the same faces,
// modules and heat map.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it this test FAILS, it never skips.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, openPage, shot, signInWithPassword, useE2E, type AppPage, numberInput } from './harness.ts';

const FLOW = { timeout: 300_000 };
const e2e = useE2E();

/** A project in Shanghai (full feed-in: drawing opens at once) with a 100 kW cap, made by its owner. */
async function projectOf(phone: string, password: string): Promise<number> {
  const app = e2e().app;
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password } });
  const token = login.json().data.token as string;
  const r = await app.inject({
    method: 'POST',
    url: '/api/web/project/new',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name: 'E2E warehouse',
      powerStationType: 'COMMERCIAL',
      surveyType: 'SATELLITE',
      gridType: '380V',
      address: 'Shanghai',
      lat: 31.23,
      lng: 121.47,
      maxCapacity: 100,
      basicInfo: { powerStatOperationMode: 3 },
    },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.projectId as number;
}

/** Screen position (page pixels) of a plan point [m], from the view the plan canvas shows. */
async function screenOf(page: Page, x: number, y: number): Promise<[number, number]> {
  const canvas = page.getByTestId('plan-canvas');
  const view = (await canvas.getAttribute('data-view'))!.split(',').map(Number);
  const [cx, cy, mPerPx, width, height] = view;
  const box = (await canvas.boundingBox())!;
  return [box.x + width / 2 + (x - cx) / mPerPx, box.y + height / 2 - (y - cy) / mPerPx];
}

async function clickPlan(page: Page, x: number, y: number): Promise<void> {
  const [px, py] = await screenOf(page, x, y);
  await page.mouse.move(px, py);
  await page.mouse.down();
  await page.mouse.up();
}

/** An antd Select: open it and pick the option whose text matches. */
async function choose(page: Page, testId: string, option: RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

async function dragPlan(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const [x0, y0] = await screenOf(page, ...from);
  const [x1, y1] = await screenOf(page, ...to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 8, y0 + ((y1 - y0) * i) / 8);
  await page.mouse.up();
}


async function faceCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('building-item').first().getAttribute('data-faces'));
}

describe('design editor', FLOW, () => {
  it('traces a building, makes a hip roof, places modules, runs the shading and finds it all after a reload', async () => {
    const { phone, password } = await createAccount(e2e().app, { prefix: '136' });
    const projectId = await projectOf(phone, password);
    const p: AppPage = await openPage(e2e(), '/login');
    const { page } = p;
    await signInWithPassword(p, phone, password);
    await page.waitForURL(/\/home\/list/);

    await page.goto(`${e2e().baseUrl}/setting/mode?id=${projectId}`);
    await page.getByTestId('design-building').waitFor();
    await page.getByTestId('plan-canvas').waitFor();
    await expect.poll(() => page.getByTestId('plan-canvas').getAttribute('data-view')).toBeTruthy();
    expect(await page.getByTestId('editor-viewport').getAttribute('data-renderer')).toBe('regl');
    // The scale bar is as long on screen as the length it names.
    const mPerPx = Number((await page.getByTestId('plan-canvas').getAttribute('data-view'))!.split(',')[2]);
    const label = (await page.getByTestId('editor-scale').textContent())!;
    const metres = label.endsWith('cm') ? Number.parseFloat(label) / 100 : Number.parseFloat(label);
    const barPx = (await page.getByTestId('editor-scale').boundingBox())!.width;
    expect(Math.abs(barPx - metres / mPerPx)).toBeLessThanOrEqual(2);

    // The outline tool is active on entry: four corners, then the first one again closes it.
    expect(await page.getByTestId('plan-canvas').getAttribute('data-tool')).toBe('outline');
    for (const [x, y] of [
      [-10, -5],
      [10, -5],
      [10, 5],
      [-10, 5],
      [-10, -5],
    ] as const)
      await clickPlan(page, x, y);
    await expect.poll(() => page.getByTestId('building-item').count()).toBe(1);
    // A flat roof at first (no roof lines): one face at the eave.
    await expect.poll(() => faceCount(page)).toBe(1);

    // Undo and redo with the keyboard (the drawing is one step).
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('building-item').count()).toBe(0);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => page.getByTestId('building-item').count()).toBe(1);

    // A hip roof at 30°: 4 faces, all tilted 30°; 20 × 10 m plan → 200 / cos 30° = 230.94 m² of roof.
    await page.getByTestId('building-item').first().click();
    await choose(page, 'auto-roof', /^Hip$/);
    await expect.poll(() => faceCount(page)).toBe(4);
    const tilts = await page.getByTestId('faces-table').locator('tbody tr td:first-child').allTextContents();
    expect(tilts).toEqual(['30.0°', '30.0°', '30.0°', '30.0°']);
    const areas = (await page.getByTestId('faces-table').locator('tbody tr td:nth-child(3)').allTextContents()).map((s) => Number.parseFloat(s));
    expect(areas.reduce((a, b) => a + b, 0)).toBeCloseTo(200 / Math.cos(Math.PI / 6), 1);
    // A 15 m tree 1.5 m south of the building (drag centre → crown radius), for the shading to see.
    await page.getByTestId('tool-tree').click();
    await dragPlan(page, [0, -6.5], [1.2, -6.5]);
    await page.getByTestId('obstacle-card').waitFor();
    await numberInput(page, 'obstacle-height').fill('15');
    await numberInput(page, 'obstacle-height').press('Tab');
    await expect.poll(() => page.getByTestId('save-bar').getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');
    await shot(page, 'editor-building');

    // Next: the leave flag asks, saves, and the PV layout step opens.
    await page.getByTestId('next-step').click();
    await page.getByRole('button', { name: 'Save and leave' }).click();
    // (once, on a loaded CI machine, the step did not open within 30 s: wait longer, and answer the
    // flag again if it is still asking)
    for (let attempt = 1; ; attempt++) {
      try {
        await page.waitForURL(/\/setting\/component/, { timeout: 30_000 });
        break;
      } catch (e) {
        if (attempt >= 2) throw e;
        const again = page.getByRole('button', { name: 'Save and leave' });
        if (await again.isVisible()) await again.click();
      }
    }
    await page.getByTestId('design-components').waitFor();
    await expect.poll(() => page.getByTestId('layout-faces').locator('tbody tr.ant-table-row').count()).toBe(4);

    // Next without modules is refused with the spec's rule.
    await page.getByTestId('next-step').click();
    await page.getByTestId('step-blocked').getByText('At least one component must be arranged').waitFor();

    await page.getByTestId('module-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByTestId('module-chosen').waitFor();
    await page.getByTestId('place-all').click();
    await expect.poll(async () => Number(await page.getByTestId('module-count').textContent()), { timeout: 30_000 }).toBeGreaterThan(0);
    const modules = Number(await page.getByTestId('module-count').textContent());
    const kwp = Number(await page.getByTestId('module-kwp').textContent());
    expect(kwp).toBeGreaterThan(0);
    expect(kwp).toBeLessThanOrEqual(100);
    await expect.poll(() => page.getByTestId('save-bar').getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');

    // By hand (the module tool): a click on a module of the south face selects it, Delete removes it,
    // Ctrl+Z brings it back. (x = 0.3 m lies on a module whether the centred columns are odd or even.)
    expect(await page.getByTestId('plan-canvas').getAttribute('data-tool')).toBe('module');
    await clickPlan(page, 0.3, -3.5);
    await page.keyboard.press('Delete');
    await expect.poll(async () => Number(await page.getByTestId('module-count').textContent())).toBe(modules - 1);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => Number(await page.getByTestId('module-count').textContent())).toBe(modules);

    // The 3D view shows the same modules.
    await page.getByTestId('view-mode').getByText('3D').click();
    await expect.poll(async () => Number(await page.getByTestId('view-3d').getAttribute('data-modules'))).toBe(modules);
    await page.getByTestId('view-mode').getByText('2D').click();
    await expect.poll(() => page.getByTestId('save-bar').getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');

    // The year's shading to the end; the heat map's mean losses appear.
    await page.getByRole('tab', { name: 'Shading' }).click();
    await page.getByTestId('shade-start').click();
    await expect.poll(() => page.getByTestId('shade-panel').getAttribute('data-status'), { timeout: 240_000, interval: 1000 }).toBe('finished');
    await page.getByTestId('shade-mean').waitFor();
    // The tree south of the roof shades the south modules in winter: a mean beam loss above zero.
    const beamLoss = Number.parseFloat((await page.getByTestId('shade-mean').locator('.ant-statistic-content').first().textContent())!);
    expect(beamLoss).toBeGreaterThan(0);
    expect(beamLoss).toBeLessThan(50);
    await expect.poll(() => page.getByTestId('save-bar').getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');
    const meanBefore = await page.getByTestId('shade-mean').textContent();
    await shot(page, 'editor-shading');

    // Reload: the same faces, modules and heat map.
    await page.reload();
    await page.getByTestId('design-components').waitFor();
    await expect.poll(() => page.getByTestId('layout-faces').locator('tbody tr.ant-table-row').count()).toBe(4);
    expect(Number(await page.getByTestId('module-count').textContent())).toBe(modules);
    await page.getByRole('tab', { name: 'Shading' }).click();
    await page.getByTestId('shade-mean').waitFor();
    expect(await page.getByTestId('shade-mean').textContent()).toBe(meanBefore);
    expect(await page.getByTestId('shade-stale').count()).toBe(0);
    expect(p.problems).toEqual([]);
    await p.context.close();
  });
});
