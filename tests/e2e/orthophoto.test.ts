// End to end, a drone orthophoto under the building editor (issue 7): upload a PNG in the Building
// step, give its ground resolution and turn, and see it lie under the plan exactly where the numbers put
// it (pixels read back from the screen inside and just outside its edges), then undo the turn.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it this test FAILS, it never skips.
import { expect, it } from 'vitest';
import { createAccount, openPage, signInWithPassword, useE2E, numberInput } from './harness.ts';
import { pixel, png } from '../fixtures/png.ts';

const e2e = useE2E();

const RED: [number, number, number] = [220, 20, 60];
const isRed = (p: number[]) => Math.abs(p[0] - RED[0]) <= 30 && Math.abs(p[1] - RED[1]) <= 30 && Math.abs(p[2] - RED[2]) <= 30;

it('uploads an orthophoto and shows it under the plan where its resolution and turn put it', { timeout: 300_000 }, async () => {
  const app = e2e().app;
  const { phone, password } = await createAccount(app, { prefix: '135' });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password } });
  const r = await app.inject({
    method: 'POST',
    url: '/api/web/project/new',
    headers: { authorization: `Bearer ${login.json().data.token as string}` },
    payload: { name: 'Ortho', powerStationType: 'COMMERCIAL', surveyType: 'DRONE', gridType: '380V', address: 'Shanghai', lat: 31.23, lng: 121.47, basicInfo: { powerStatOperationMode: 3 } },
  });
  const p = await openPage(e2e(), '/login');
  const { page } = p;
  await signInWithPassword(p, phone, password);
  await page.waitForURL(/\/home\/list/);
  await page.goto(`${e2e().baseUrl}/setting/mode?id=${r.json().data.projectId as number}`);
  await page.getByTestId('orthophoto-card').waitFor();
  await page.locator('[data-testid="orthophoto-card"] input[type="file"]').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: png(64, 48, RED) });
  await expect.poll(() => page.getByTestId('orthophoto-size').textContent(), { timeout: 20_000 }).toContain('64 × 48 px');

  // 0.2 m a pixel: 12.8 m × 9.6 m around the origin, x −6.4 … 6.4, y −4.8 … 4.8.
  await numberInput(page, 'orthophoto-mpp').fill('0.2');
  await numberInput(page, 'orthophoto-mpp').press('Tab');
  await expect.poll(() => page.getByTestId('orthophoto-size').textContent()).toContain('12.8 × 9.6 m');
  const canvas = page.getByTestId('plan-canvas');
  // The canvas's box is read with its view at each sample: the plan fills the window, so its place
  // settles with the page's layout (the tool hint line, the panel) rather than once.
  const at = async (xm: number, ym: number) => {
    const box = (await canvas.boundingBox())!;
    const [cx, cy, mPerPx, width, height] = (await canvas.getAttribute('data-view'))!.split(',').map(Number);
    return pixel(await page.screenshot({ clip: { x: box.x + width / 2 + (xm - cx) / mPerPx, y: box.y + height / 2 - (ym - cy) / mPerPx, width: 1, height: 1 } }));
  };
  await expect.poll(async () => isRed(await at(-6.0, 0)), { timeout: 20_000 }).toBe(true);
  expect(isRed(await at(-6.9, 0))).toBe(false);
  expect(isRed(await at(0, 4.4))).toBe(true);
  expect(isRed(await at(0, 5.3))).toBe(false);

  // Turned 90°: x −4.8 … 4.8, y −6.4 … 6.4.
  await numberInput(page, 'orthophoto-rotation').fill('90');
  await numberInput(page, 'orthophoto-rotation').press('Tab');
  await expect.poll(async () => isRed(await at(0, 6.0)), { timeout: 20_000 }).toBe(true);
  expect(isRed(await at(-5.3, 0))).toBe(false);

  // Undo brings the unturned image back.
  await page.locator('body').click({ position: { x: 5, y: 500 } });
  await page.keyboard.press('Control+z');
  await expect.poll(async () => isRed(await at(-6.0, 0)), { timeout: 20_000 }).toBe(true);
  expect(isRed(await at(0, 6.0))).toBe(false);
  expect(p.problems).toEqual([]);
  await p.context.close();
});
