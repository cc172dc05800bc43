// End to end, the O&M side (spec 000 §2 aiomList and /aiomSetting, §7 "Operations alarms"; issue 21)
// as a user works it in a real Chromium on the real server: a designed project (a 14 × 11 m flat roof,
// 40 LONGi LR5-72HPH-550M modules, an SMA Sunny Tripower 10.0 configured automatically — saved through
// the API) becomes a plant from the O&M list; on Devices an inverter is bound to the designed inverter
// and pointed at a SunSpec Modbus TCP simulator the test starts (src/server/aiom/sunspec-simulator.ts);
// the collector polls it and the overview shows its live power; a fault injected into the simulator
// and the alarm evaluation raise an alarm that shows on the alarm page and as the menu's unread badge;
// the user reads it (the unread count goes down) and deletes it.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it this test FAILS, it never skips.
import { afterAll, describe, expect, it } from 'vitest';
import { aiomTelemetry } from '../../src/server/aiom/devices-context.ts';
import { operationsOf } from '../../src/server/aiom/configuration-services.ts';
import { SunSpecSimulator } from '../../src/server/aiom/sunspec-simulator.ts';
import { pickOption } from './flows.ts';
import { createAccount, numberInput, openPage, overlaysSettled, shot, signInWithPassword, useE2E } from './harness.ts';

const FLOW = { timeout: 300_000 };
/** A 1 × 1 px PNG (signature, IHDR, IDAT, IEND). */
const PNG_1PX = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const e2e = useE2E();

const RATED_W = 10_000;
/** The simulator's clock: solar noon of its day (12:00 at UTC+8, halfway between its 06:00 sunrise and 18:00 sunset). */
const SOLAR_NOON = new Date('2026-06-21T04:00:00Z');
const sim = new SunSpecSimulator({ modelId: 103, serial: 'INV-E2E-1', ratedPowerW: RATED_W, factor: 0.85, now: () => SOLAR_NOON, utcOffsetHours: 8, sunrise: 6, sunset: 18 });

afterAll(async () => {
  await sim.stop();
});

const OUTLINE = [
  [-1, -2],
  [13, -2],
  [13, 9],
  [-1, 9],
];
const SETTINGS = { orientation: 'portrait', placement: 'flush', tilt: 20, azimuthSouth: 0, rowSpacing: null, modulesPerColumn: 1, gapX: 0.02, gapY: 0.02, setback: 0.5, alignX: 'center', alignY: 'center' };

/** A designed project (building, 40 library modules, the STP 10.0 configured automatically) saved by its owner; answers its id and the owner's headers. */
async function designedProject(phone: string, password: string): Promise<{ projectId: number; headers: Record<string, string> }> {
  const app = e2e().app;
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password } });
  const headers = { authorization: `Bearer ${login.json().data.token as string}` };
  const post = async (url: string, payload: unknown) => {
    const r = await app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
    expect(r.json().code, `${url}: ${r.body}`).toBe(200);
    return r.json().data;
  };
  const find = async (kind: 'component' | 'inverter', model: string) => {
    const list = (await app.inject({ method: 'GET', url: `/api/web/${kind}/list?size=10&keyword=${encodeURIComponent(model)}`, headers })).json().data.list as { id: number; model: string }[];
    const hit = list.find((e) => e.model === model);
    if (!hit) throw new Error(`no ${kind} ${model}`);
    return hit.id;
  };
  const { projectId } = await post('/api/web/project/new', { name: 'E2E design roof', powerStationType: 'COMMERCIAL', surveyType: 'SATELLITE', gridType: '380V', address: 'Shanghai', lat: 31.23, lng: 121.47, maxCapacity: 100, basicInfo: { powerStatOperationMode: 3 } });
  await post('/api/web/project/LiteRe/save-data', {
    projectId,
    version: 0,
    data: { kind: 'building', version: 1, origin: { lat: 31.23, lng: 121.47 }, map: { base: 'offline', orthophoto: null }, buildings: [{ id: 'b0', name: '', outline: OUTLINE.map(([x, y], i) => ({ id: `o${i}`, x, y })), closed: true, points: [], lines: [], eaveHeight: 6, auto: null }], obstacles: [] },
  });
  const centers: number[] = [];
  for (let k = 0; k < 40; k++) centers.push(0.6 + 1.2 * (k % 10), 2.4 * Math.floor(k / 10), 6);
  const moduleId = await find('component', 'LR5-72HPH-550M');
  await post('/api/web/project/component-layout/save', {
    projectId,
    version: 0,
    data: { kind: 'layout', version: 1, module: { libraryId: moduleId, manufacturer: 'LONGi', model: 'LR5-72HPH-550M', powerW: 550, length: 2.256, width: 1.133 }, settings: SETTINGS, arrays: [{ id: 'a1', buildingId: 'b0', faceId: 'f1', settings: SETTINGS, tilt: 20, azimuth: 180, along: 1.133, up: 2.256, centers, rowPitch: 2.4 }] },
  });
  await post('/api/web/project/inverter-config', { projectId, inverters: [{ libraryId: await find('inverter', 'Sunny Tripower 10.0 (STP10.0-3AV-40)') }] });
  return { projectId, headers };
}

describe('O&M', () => {
  it('makes a plant of a design, binds its inverter to a SunSpec simulator, shows live power, raises, reads and deletes a fault alarm', FLOW, async () => {
    const { app } = e2e();
    const port = await sim.start();
    const { phone, password } = await createAccount(app);
    await designedProject(phone, password);
    const p = await openPage(e2e(), '/login');
    const { page } = p;
    await signInWithPassword(p, phone, password);
    await page.waitForURL(/\/home\/list/);

    // The O&M list: empty; a plant made from the designed project opens its overview.
    await page.goto(`${e2e().baseUrl}/home/aiomList`);
    await page.getByTestId('aiom-list-page').waitFor();
    await page.getByTestId('aiom-create').click();
    await overlaysSettled(page);
    await pickOption(page, 'create-plant-design', 'E2E design roof');
    await page.getByTestId('create-plant-ok').click();
    await page.waitForURL(/\/aiomSetting\/summary\?id=\d+/);
    const plantId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByTestId('aiom-summary').waitFor();
    await expect.poll(() => page.getByTestId('live-power').getAttribute('data-watts')).toBe('0');

    // Devices: the inverter, bound to the designed inverter, polled over SunSpec Modbus TCP.
    await page.getByRole('menuitem', { name: 'Devices' }).click();
    await page.getByTestId('aiom-devices').waitFor();
    await page.getByTestId('device-add').click();
    await overlaysSettled(page);
    await page.getByTestId('device-serial').fill('INV-E2E-1');
    await page.getByTestId('device-name').fill('Roof inverter');
    await page.getByTestId('device-host').fill('127.0.0.1');
    await numberInput(page, 'device-port').fill(String(port));
    await numberInput(page, 'device-unit').fill('1');
    await pickOption(page, 'device-design-inverter', /INV/);
    await numberInput(page, 'device-rated').fill('10');
    await page.getByTestId('device-add-ok').click();
    const row = page.getByTestId('device-row-INV-E2E-1');
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('neverReported');
    await shot(page, 'aiom-devices');
    // The owner sees the credential kept encrypted at rest: the Modbus connection as entered.
    await row.getByTestId('device-credential-open').click();
    await expect.poll(() => page.getByTestId('device-credential').textContent()).toContain('127.0.0.1');
    expect(await page.getByTestId('device-credential').textContent()).toContain(String(port));
    await page.keyboard.press('Escape');
    await page.getByTestId('device-credential').waitFor({ state: 'detached' });

    // The collector's poll (its job in production) reads the simulator: the device is online.
    const polled = await aiomTelemetry(app).collector.pollOnce(plantId);
    expect(polled).toMatchObject({ polled: 1, failed: [] });
    await page.reload();
    await expect.poll(() => page.getByTestId('device-row-INV-E2E-1').getAttribute('data-state')).toBe('online');

    // Overview: at solar noon the simulator's bell is at its peak, P = rated × factor = 10 kW × 0.85 = 8.5 kW.
    await page.getByRole('menuitem', { name: 'Overview' }).click();
    await page.getByTestId('aiom-summary').waitFor();
    await expect.poll(async () => Number(await page.getByTestId('live-power').getAttribute('data-watts'))).toBeGreaterThan(0);
    const watts = Number(await page.getByTestId('live-power').getAttribute('data-watts'));
    expect(Math.abs(watts - 8500)).toBeLessThanOrEqual(10); // register scale factors round to 10 W at most
    await expect.poll(() => page.getByTestId('live-power').textContent()).toContain('8.50');
    expect(await page.getByTestId('devices-online').textContent()).toContain('1 / 1');
    await shot(page, 'aiom-summary');

    // 3D view: the design's scene, its inverter bound to the online device.
    await page.getByRole('menuitem', { name: '3D view' }).click();
    await page.getByTestId('plant-3d').waitFor();
    await expect.poll(() => page.getByTestId('view-inverter-INV-E2E-1').getAttribute('data-state')).toBe('online');
    await shot(page, 'aiom-view');

    // A fault (Evt1 ground fault bit; St = 7 FAULT) read by the next poll; the alarm evaluation (its job) raises it.
    sim.setFault(1);
    await aiomTelemetry(app).collector.pollOnce(plantId);
    const evaluated = await operationsOf(app).alarms.evaluate(plantId);
    expect(evaluated.raised.length).toBeGreaterThanOrEqual(1);

    await page.getByRole('menuitem', { name: /Alarms/ }).click();
    await page.getByTestId('aiom-alarms').waitFor();
    const fault = page.locator('[data-rule="fault"]');
    await fault.first().waitFor();
    expect(await fault.count()).toBe(1);
    expect(await fault.getAttribute('data-read')).toBe('false');
    const unread = Number(await page.getByTestId('alarm-unread').getAttribute('data-count'));
    expect(unread).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => Number(await page.getByTestId('alarm-unread-badge').getAttribute('data-count'))).toBe(unread);
    await shot(page, 'aiom-alarms');

    // Read: the unread count goes down by one, here and on the menu's badge.
    await fault.getByTestId('alarm-read-one').click();
    await expect.poll(() => fault.getAttribute('data-read')).toBe('true');
    await expect.poll(async () => Number(await page.getByTestId('alarm-unread').getAttribute('data-count'))).toBe(unread - 1);
    await expect.poll(async () => Number(await page.getByTestId('alarm-unread-badge').getAttribute('data-count'))).toBe(unread - 1);

    // Delete (confirmed): the alarm is gone.
    await fault.getByTestId('alarm-delete-one').click();
    await overlaysSettled(page);
    await page.locator('#confirm-alarm-delete').click();
    await expect.poll(() => page.locator('[data-rule="fault"]').count()).toBe(0);

    // Back to the list: the plant with its state.
    await page.getByRole('menuitem', { name: 'Back to list' }).click();
    await page.getByTestId(`aiom-plant-${plantId}`).waitFor();
    await expect.poll(() => page.getByTestId(`aiom-plant-${plantId}`).getByTestId('plant-power').textContent()).toBe('0 W');
    await shot(page, 'aiom-list');
    expect(p.problems).toEqual([]);
  });

  it('shows the statistics, saves the configuration, keeps a patrol task and plans a flight over the roof', FLOW, async () => {
    const { app } = e2e();
    const { phone, password } = await createAccount(app);
    const { projectId: designId, headers } = await designedProject(phone, password);
    const made = await app.inject({ method: 'POST', url: '/api/web/aiom/plant/create', headers, payload: { designProjectId: designId, name: 'E2E plant two' } });
    expect(made.json().code, made.body).toBe(200);
    const plantId = made.json().data.projectId as number;
    // The design's yield, the plant's expected energy when it has no irradiance sensor.
    const simulated = await app.inject({ method: 'POST', url: '/api/web/project/simulation/run', headers, payload: { projectId: designId } });
    expect(simulated.json().code, simulated.body).toBe(200);
    const p = await openPage(e2e(), '/login');
    const { page } = p;
    await signInWithPassword(p, phone, password);
    await page.waitForURL(/\/home\/list/);

    // Statistics: the month's buckets against the design, the period switch, the xlsx export.
    await page.goto(`${e2e().baseUrl}/aiomSetting/statistics?id=${plantId}`);
    await page.getByTestId('statistics-chart').waitFor();
    await page.getByTestId('statistics-period').getByText('Year').click();
    await expect.poll(() => page.getByTestId('statistics-date').inputValue()).toMatch(/^\d{4}$/);
    await page.getByTestId('statistics-chart').waitFor();
    // The year's expected energy is the design's simulated year (a 22 kWp roof in Shanghai: some 20–30 MWh).
    await expect.poll(() => page.getByTestId('stat-expected').textContent()).toMatch(/MWh/);
    const download = page.waitForEvent('download');
    await page.getByTestId('statistics-export').click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^plant-${plantId}-year-\\d{4}-01-01\\.xlsx$`));
    await shot(page, 'aiom-statistics');

    // Configuration: a tariff saved and read back.
    await page.getByRole('menuitem', { name: 'Configuration' }).click();
    await page.getByTestId('aiom-configuration').waitFor();
    // This server has the development outboxes: the notification switches say notices are only logged.
    await page.getByTestId('config-sms-channel').getByText('SMS is not configured on this server: alarm notices only go to the server log (development outbox).').waitFor();
    expect(await page.getByTestId('config-email-channel').getAttribute('data-reason')).toBe('devOutbox');
    await numberInput(page, 'config-tariff').fill('0.45');
    await page.getByTestId('configuration-save').click();
    await page.getByText('Saved').first().waitFor();
    await page.reload();
    await expect.poll(() => numberInput(page, 'config-tariff').inputValue()).toBe('0.45');

    // Patrol: a task with a checklist item, listed.
    await page.goto(`${e2e().baseUrl}/aiomSetting/patrol?id=${plantId}`);
    await page.getByTestId('patrol-create').click();
    await overlaysSettled(page);
    await page.getByTestId('patrol-title').fill('Clean the modules');
    await page.getByTestId('patrol-item-add').click();
    await page.getByTestId('patrol-item').first().fill('Rinse row 1');
    await page.getByTestId('patrol-save').click();
    const task = page.locator('[data-testid^="patrol-row-"]').filter({ hasText: 'Clean the modules' });
    await task.waitFor();
    // A photo added to the task (a 1 × 1 px PNG), shown as a thumbnail when the row opens.
    await task.locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('patrol-photos').locator('input[type=file]').setInputFiles({ name: 'roof.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect.poll(() => page.getByTestId('patrol-photos').locator('img').count()).toBe(1);
    await expect.poll(() => task.locator('td').nth(6).textContent()).toBe('1');

    // Fly: at 40 m with a 13.2 mm sensor, 8.8 mm lens and 5472 px images, GSD = 13.2 × 40 / (8.8 × 5472) m = 1.10 cm/px.
    await page.goto(`${e2e().baseUrl}/aiomSetting/fly?id=${plantId}`);
    await page.getByTestId('fly-plan').click();
    await page.getByTestId('fly-drawing').waitFor();
    expect(await page.getByTestId('fly-gsd').textContent()).toContain('1.10');
    // The photo footprint is 13.2 × 40 / 8.8 = 60 m across: one line covers the 24 × 21 m roof and margin.
    expect(await page.getByTestId('fly-drawing').getAttribute('data-lines')).toBe('1');
    await expect.poll(() => page.getByTestId('fly-building').count()).toBe(1);
    expect(Number(await page.getByTestId('fly-drawing').getAttribute('data-waypoints'))).toBeGreaterThanOrEqual(2);
    const kml = page.waitForEvent('download');
    await page.getByTestId('fly-kml').click();
    expect((await kml).suggestedFilename()).toBe(`flight-plan-${plantId}.kml`);
    await shot(page, 'aiom-fly');
    expect(p.problems).toEqual([]);
  });
});
