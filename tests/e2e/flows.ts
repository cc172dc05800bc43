// What several end-to-end tests do the same way in the design steps, written once: reading the plan
// canvas's view to click or drag at a point in metres, picking an antd Select option, tracing a
// building outline in the Building step, placing a library module on every face in PV Layout,
// answering the leave flag of the drawing and assign steps, and picking an inverter in the Electrical
// step's search. The plan is read through the canvas's data-view attribute (centre x, centre y,
// metres per pixel, width, height), never its pixels.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { overlaysSettled } from './harness.ts';

/** Screen position (page pixels) of a plan point [m], from the view the plan canvas shows. */
export async function screenOf(page: Page, x: number, y: number): Promise<[number, number]> {
  const canvas = page.getByTestId('plan-canvas');
  const [cx, cy, mPerPx, width, height] = (await canvas.getAttribute('data-view'))!.split(',').map(Number);
  const box = (await canvas.boundingBox())!;
  return [box.x + width / 2 + (x - cx) / mPerPx, box.y + height / 2 - (y - cy) / mPerPx];
}

/** A click (mouse down and up, no move between) at a plan point [m]. */
export async function clickPlan(page: Page, x: number, y: number): Promise<void> {
  const [px, py] = await screenOf(page, x, y);
  await page.mouse.move(px, py);
  await page.mouse.down();
  await page.mouse.up();
}

/** An antd Select by test id: open it and, once its drop-down has settled, pick the first option whose text matches. */
export async function pickOption(page: Page, testId: string, text: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await overlaysSettled(page);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/**
 * Traces a building in the Building step with the outline tool (active on entry): a click at each
 * corner [m], then the first corner again to close it; waits for the building and its one flat face
 * (no roof lines yet) to be listed.
 */
export async function drawOutline(page: Page, corners: readonly (readonly [number, number])[]): Promise<void> {
  await page.getByTestId('plan-canvas').waitFor();
  await expect.poll(() => page.getByTestId('plan-canvas').getAttribute('data-view')).toBeTruthy();
  expect(await page.getByTestId('plan-canvas').getAttribute('data-tool')).toBe('outline');
  const before = await page.getByTestId('building-item').count();
  for (const [x, y] of [...corners, corners[0]]) await clickPlan(page, x, y);
  await expect.poll(() => page.getByTestId('building-item').count()).toBe(before + 1);
  await expect.poll(async () => Number(await page.getByTestId('building-item').last().getAttribute('data-faces'))).toBe(1);
}

/** Leaves a drawing or assign step (Building, Electrical) by Next: the leave flag's dialog, answered once it has opened, saves and goes on. */
export async function nextThroughLeaveFlag(page: Page): Promise<void> {
  await page.getByTestId('next-step').click();
  await page.locator('.ant-modal-confirm-title').getByText('Leave this step').waitFor();
  await overlaysSettled(page);
  await page.getByRole('button', { name: 'Save and leave' }).click();
}

/**
 * In PV Layout: the library module found by `words`, the option whose text contains `model`, placed
 * on every face (Place all); waits for the modules and the save. Returns the module count and the
 * DC capacity shown [kWp].
 */
export async function placeAllModules(page: Page, words: string, model: string): Promise<{ modules: number; kwp: number }> {
  await page.getByTestId('design-components').waitFor();
  await page.getByTestId('module-select').click();
  await page.keyboard.type(words);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: model });
  await option.first().waitFor();
  await overlaysSettled(page);
  await option.first().click();
  await page.getByTestId('place-all').click();
  await expect.poll(async () => Number(await page.getByTestId('module-count').textContent()), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => page.getByTestId('save-bar').getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');
  return { modules: Number(await page.getByTestId('module-count').textContent()), kwp: Number(await page.getByTestId('module-kwp').textContent()) };
}

/**
 * Picks an inverter in the Electrical step's search (words typed, the option whose text matches) as a
 * user does: once the search has answered the words typed (the select no longer loading) and the
 * drop-down has finished opening (its appear motion scales it to nothing for a moment, when no option
 * reads as visible). Returns the texts of the options the search answered.
 */
export async function pickInverter(page: Page, words: string, option: RegExp): Promise<string[]> {
  const select = page.getByTestId('inverter-select');
  await select.click();
  await page.keyboard.type(words);
  const answered = async () => (await select.locator('input').inputValue()) === words && !(await select.evaluate((el) => el.classList.contains('ant-select-loading')));
  await expect.poll(answered, { timeout: 15_000 }).toBe(true);
  await overlaysSettled(page);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  const texts = await options.allTextContents();
  expect(texts.some((t) => option.test(t)), `no option ${option} among ${texts.join(' | ')}`).toBe(true);
  await options.filter({ hasText: option }).first().click();
  await page.keyboard.press('Escape');
  return texts;
}
