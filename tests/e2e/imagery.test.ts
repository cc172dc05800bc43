// End to end, imagery to trace on (issue 18 item 5): a user sets up their own imagery in the product —
// on the user information page and in the editor's "Imagery settings" — and the building step's map
// requests the tiles at the configured URL with the user's key. The tiles come from a small HTTP server
// on 127.0.0.1 started here, which serves one PNG and records every request; Tianditu's real URL
// template (t0…t7.tianditu.gov.cn WMTS img_w + cia_w with tk) is answered through the same server by
// intercepting its host in the browser (no request leaves this machine). Also: a preset without its key
// says so, and the Information step's offline location map loads and picks a point.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it this test FAILS, it never skips.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, openPage, overlaysSettled, shot, signInWithPassword, useE2E } from './harness.ts';
import { pickOption } from './flows.ts';
import { pixel, png } from '../fixtures/png.ts';

const e2e = useE2E();

const GREEN: [number, number, number] = [40, 160, 70];
const PNG = png(256, 256, GREEN);

/** The local tile server: any path answers the PNG; every request URL is kept. */
let tiles: Server;
let tileBase = '';
const requests: string[] = [];

beforeAll(async () => {
  tiles = createServer((req, res) => {
    requests.push(req.url ?? '');
    // The page is cross-origin isolated (COEP require-corp): the tile needs CORS.
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin', 'cache-control': 'no-store' });
    res.end(PNG);
  });
  await new Promise<void>((done) => tiles.listen(0, '127.0.0.1', done));
  tileBase = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((done) => tiles.close(() => done()));
});

async function newProject(): Promise<{ phone: string; password: string; projectId: number }> {
  const app = e2e().app;
  const { phone, password } = await createAccount(app, { prefix: '134' });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password } });
  const r = await app.inject({
    method: 'POST',
    url: '/api/web/project/new',
    headers: { authorization: `Bearer ${login.json().data.token as string}` },
    payload: { name: 'Imagery', powerStationType: 'COMMERCIAL', surveyType: 'SATELLITE', gridType: '380V', address: 'Shanghai', lat: 31.23, lng: 121.47, basicInfo: { powerStatOperationMode: 3 } },
  });
  return { phone, password, projectId: r.json().data.projectId as number };
}

/** The colour of one screen pixel. */
async function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  return pixel(await page.screenshot({ clip: { x, y, width: 1, height: 1 } }));
}

const isGreen = (p: number[]) => Math.abs(p[0] - GREEN[0]) <= 30 && Math.abs(p[1] - GREEN[1]) <= 30 && Math.abs(p[2] - GREEN[2]) <= 30;

it('shows the user’s own XYZ imagery under the plan, requesting the configured URL with the key', { timeout: 300_000 }, async () => {
  const { phone, password, projectId } = await newProject();
  const p = await openPage(e2e(), '/login');
  const { page } = p;
  await signInWithPassword(p, phone, password);
  await page.waitForURL(/\/home\/list/);

  // The user information page: the imagery setting, the server's default being none.
  await page.goto(`${e2e().baseUrl}/user/info`);
  const card = page.getByTestId('user-base-map');
  await card.getByTestId('base-map-settings').waitFor();
  await expect.poll(() => card.getByTestId('base-map-choice').textContent()).toContain('Server default — The server has no default imagery');

  // Tianditu without a key is refused with a clear message.
  await card.getByRole('radio', { name: /Tianditu/ }).check();
  await card.getByTestId('base-map-facts-tianditu').waitFor();
  expect(await card.getByTestId('base-map-facts-tianditu').textContent()).toContain('To zoom 18');
  await card.getByTestId('base-map-save').click();
  await expect.poll(() => card.textContent()).toContain('Enter your Tianditu key');

  // A custom XYZ source on the local tile server, with a key in its query.
  await card.getByRole('radio', { name: /Custom XYZ tiles/ }).check();
  await card.getByTestId('base-map-xyz-tiles').fill(`${tileBase}/tiles/{z}/{x}/{y}.png?key=e2e-secret`);
  await card.getByTestId('base-map-xyz-attribution').fill('© Local test imagery');
  await card.getByTestId('base-map-save').click();
  await page.getByText('Imagery settings saved').waitFor();

  // The building step: pick "satellite" and the map asks the local server for tiles with the key.
  requests.length = 0;
  await page.goto(`${e2e().baseUrl}/setting/mode?id=${projectId}`);
  await page.getByTestId('plan-canvas').waitFor();
  await pickOption(page, 'base-map', /Satellite: Custom XYZ/);
  await expect.poll(() => requests.filter((u) => /^\/tiles\/\d+\/\d+\/\d+\.png\?key=e2e-secret$/.test(u)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(requests.every((u) => u.endsWith('?key=e2e-secret'))).toBe(true);
  // Tiles around the project's position (121.47° E, 31.23° N) at the plan's zoom.
  const [z, x, y] = /^\/tiles\/(\d+)\/(\d+)\/(\d+)/.exec(requests.find((u) => u.startsWith('/tiles/'))!)!.slice(1).map(Number);
  expect(z).toBeGreaterThanOrEqual(15);
  expect(Math.abs(x - ((121.47 + 180) / 360) * 2 ** z)).toBeLessThan(4);
  const latRad = (31.23 * Math.PI) / 180;
  expect(Math.abs(y - ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * 2 ** z)).toBeLessThan(4);
  await page.getByText('© Local test imagery').waitFor();
  // The imagery is on screen under the (empty) plan.
  const box = (await page.getByTestId('plan-canvas').boundingBox())!;
  await expect.poll(async () => isGreen(await pixelAt(page, box.x + 30, box.y + box.height - 30)), { timeout: 20_000 }).toBe(true);
  await shot(page, 'imagery-xyz');
  expect(p.problems).toEqual([]);
  await p.context.close();
});

it('switches to Tianditu in the editor: img_w and cia_w tiles with the user’s tk; without imagery it says how to set it up', { timeout: 300_000 }, async () => {
  const { phone, password, projectId } = await newProject();
  const p = await openPage(e2e(), '/login');
  const { page } = p;
  // Tianditu's hosts answer from the local tile server (recorded there); nothing leaves the machine.
  const tianditu: string[] = [];
  await page.route(/^https:\/\/t[0-7]\.tianditu\.gov\.cn\//, async (route) => {
    tianditu.push(route.request().url());
    const local = await route.fetch({ url: `${tileBase}/tianditu${new URL(route.request().url()).pathname}` });
    await route.fulfill({ response: local });
  });
  await signInWithPassword(p, phone, password);
  await page.waitForURL(/\/home\/list/);
  await page.goto(`${e2e().baseUrl}/setting/mode?id=${projectId}`);
  await page.getByTestId('plan-canvas').waitFor();

  // No imagery anywhere yet: choosing satellite says why, and offers the settings.
  await pickOption(page, 'base-map', /Satellite/);
  await expect.poll(() => page.getByTestId('map-message').textContent()).toContain('No satellite imagery is set up');
  await page.getByTestId('map-message').getByTestId('base-map-settings-open').click();
  const dialog = page.locator('.ant-modal:visible');
  // Chosen once the dialog has finished opening (a click during its opening zoom can miss).
  await overlaysSettled(page);
  await dialog.getByRole('radio', { name: /Tianditu/ }).check();
  await dialog.getByTestId('base-map-tianditu-key').fill('0123456789abcdef0123456789abcdef');
  await dialog.getByTestId('base-map-save').click();
  await dialog.waitFor({ state: 'hidden' });

  await expect.poll(() => tianditu.filter((u) => u.includes('/cia_w/')).length, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => tianditu.filter((u) => u.includes('/img_w/')).length).toBeGreaterThan(0);
  for (const u of tianditu) {
    expect(u).toMatch(/^https:\/\/t[0-7]\.tianditu\.gov\.cn\/(img|cia)_w\/wmts\?SERVICE=WMTS&REQUEST=GetTile&VERSION=1\.0\.0&LAYER=(img|cia)&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX=\d+&TILEROW=\d+&TILECOL=\d+&tk=0123456789abcdef0123456789abcdef$/);
    expect(Number(/TILEMATRIX=(\d+)/.exec(u)![1])).toBeLessThanOrEqual(18);
  }
  await expect.poll(() => page.locator('[data-testid="base-map"]').textContent()).toContain('Satellite: Tianditu');
  await page.getByText(/Tianditu — /).first().waitFor();
  expect(p.problems).toEqual([]);
  // Tiles may still be on their way through the handler: let them land before the page goes, or their
  // fulfil runs on a disposed response (an unhandled rejection that fails the run).
  await page.unrouteAll({ behavior: 'wait' });
  await p.context.close();
});

it('the Information step’s location map draws offline and picks a point on click', { timeout: 300_000 }, async () => {
  const { phone, password, projectId } = await newProject();
  const p = await openPage(e2e(), '/login');
  const { page } = p;
  const outside: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.hostname !== '127.0.0.1' && u.protocol.startsWith('http')) outside.push(r.url());
  });
  await signInWithPassword(p, phone, password);
  await page.waitForURL(/\/home\/list/);
  await page.goto(`${e2e().baseUrl}/setting/basic?id=${projectId}`);
  const map = page.getByTestId('world-map');
  await expect.poll(() => map.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
  // The project's position is brought into view.
  await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeGreaterThanOrEqual(8);
  await shot(page, 'imagery-location-map');
  const before = await page.getByTestId('location-input').inputValue();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2);
  await expect.poll(() => page.getByTestId('location-input').inputValue()).not.toBe(before);
  const [lon, lat] = (await page.getByTestId('location-input').inputValue()).split(',').map(Number);
  expect(lon).toBeGreaterThan(121.47);
  expect(Math.abs(lat - 31.23)).toBeLessThan(0.5);
  expect(outside).toEqual([]);
  expect(p.problems).toEqual([]);
  await p.context.close();
});
