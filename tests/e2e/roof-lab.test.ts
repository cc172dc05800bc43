// End to end: the built web app (dist/, from `npx vite build`) served by the real server, driven in
// a real Chromium. Draws on the plan canvas like a user, reads the faces the engine worker returns.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it this test FAILS, it never skips.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/static.ts';
import { CHROMIUM, CHROMIUM_ARGS, distDir, missingPrerequisite, PAGE_WAIT_MS } from './harness.ts';

let app: FastifyInstance | undefined;
let browser: Browser | undefined;
let baseUrl = '';

let started: Promise<void> | undefined;
/** Starts the server and Chromium once (the first describe that needs them). */
function start(): Promise<void> {
  started ??= (async () => {
    const missing = missingPrerequisite();
    if (missing) throw new Error(missing);
    app = await buildServer({ distDir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('server has no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  })();
  return started;
}

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

// A test of its own, so that a machine without Chromium or without a build reports a FAILED test
// with the reason (the hooks below fail too, which alone would only show the tests as skipped).
it('has Chromium and a built web app (dist/)', () => {
  expect(missingPrerequisite()).toBeNull();
});

// ── helpers ───────────────────────────────────────────────────────────────────────────────────

interface LabPage {
  page: Page;
  /** Page errors and console errors seen so far. */
  problems: string[];
  /** Clicks the plan at world (x, y) metres. */
  clickAt(x: number, y: number): Promise<void>;
  /** Page pixel of world (x, y). */
  toPage(x: number, y: number): [number, number];
}

async function openLab(): Promise<LabPage> {
  const page = await browser!.newPage({ viewport: { width: 1920, height: 1080 } });
  page.setDefaultTimeout(PAGE_WAIT_MS);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  await page.goto(baseUrl + '/lab');
  const canvas = page.getByTestId('plan-canvas');
  await canvas.waitFor();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="plan-canvas"]')?.getAttribute('data-scale')) > 0);
  // The page exposes its plan transform: pixels per metre and the pixel of the world origin.
  const scale = Number(await canvas.getAttribute('data-scale'));
  const ox = Number(await canvas.getAttribute('data-origin-x'));
  const oy = Number(await canvas.getAttribute('data-origin-y'));
  const box = await canvas.boundingBox();
  if (!box) throw new Error('plan canvas has no box');
  // Default view: about 40 m across the smaller side.
  expect(Math.min(box.width, box.height) / scale).toBeCloseTo(40, 0);
  const toPage = (x: number, y: number): [number, number] => [box.x + ox + x * scale, box.y + oy - y * scale];
  return {
    page,
    problems,
    toPage,
    clickAt: async (x, y) => {
      const [px, py] = toPage(x, y);
      await page.mouse.click(px, py);
    },
  };
}

/** Draws the 10 × 8 m rectangle (−5,−4)–(5,4) and closes it on its first point. */
async function drawRectangle(lab: LabPage): Promise<void> {
  await waitForAttr(lab.page, 'plan-canvas', 'data-tool', 'outline');
  for (const [x, y] of [
    [-5, -4],
    [5, -4],
    [5, 4],
    [-5, 4],
    [-5, -4],
  ]) {
    await lab.clickAt(x, y);
  }
  await waitForAttr(lab.page, 'plan-canvas', 'data-tool', 'line');
}

interface FaceRow {
  id: string;
  tilt: number;
  azimuth: number;
  area: number;
  planArea: number;
}

/** Waits until the engine answered for the current drawing and the table has `n` faces; returns them. */
async function faces(page: Page, n: number): Promise<FaceRow[]> {
  await settled(page);
  try {
    await page.waitForFunction(
      (count) =>
        document.querySelector('[data-testid="engine-status"]')?.getAttribute('data-status') === 'done' &&
        document.querySelector('[data-testid="engine-status"]')?.getAttribute('data-fresh') === 'true' &&
        document.querySelectorAll('[data-testid="face-row"]').length === count,
      n,
      { timeout: 20_000 },
    );
  } catch (e) {
    const status = await page.getByTestId('engine-status').evaluate((el) => `${el.getAttribute('data-status')} fresh=${el.getAttribute('data-fresh')}`);
    const rows = await page.getByTestId('face-row').count();
    const errors = await page.getByTestId('error-list').textContent();
    throw new Error(`expected ${n} faces; engine ${status}, ${rows} faces, errors: ${errors}`, { cause: e });
  }
  return page.getByTestId('face-row').evaluateAll((rows) =>
    rows.map((r) => {
      const d = (r as HTMLElement).dataset;
      return { id: d.faceId ?? '', tilt: Number(d.tilt), azimuth: Number(d.azimuth), area: Number(d.area), planArea: Number(d.planArea) };
    }),
  );
}

/** Waits for the engine's answer to the current drawing (an answer to an older one is not enough). */
async function settled(page: Page): Promise<void> {
  // Changes reach the engine on the next animation frame: let two frames pass first.
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  await page.waitForFunction(
    () => {
      const s = document.querySelector('[data-testid="engine-status"]');
      return (s?.getAttribute('data-fresh') === 'true' && s.getAttribute('data-status') !== 'running') || s?.getAttribute('data-status') === 'failed';
    },
    null,
    { timeout: 20_000 },
  );
  const status = page.getByTestId('engine-status');
  if ((await status.getAttribute('data-status')) === 'failed') throw new Error(`the engine worker failed: ${await status.textContent()}`);
}

async function errorCodes(page: Page): Promise<string[]> {
  await settled(page);
  return page.getByTestId('error-item').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.code ?? ''));
}

/** A minimal PNG decoder (8-bit RGB / RGBA, non-interlaced: what Chromium screenshots are). */
function decodePng(png: Buffer): { width: number; height: number; channels: number; pixels: Uint8Array } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let off = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('ascii', off + 4, off + 8);
    const data = png.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8];
      const colourType = data[9];
      if (depth !== 8 || (colourType !== 2 && colourType !== 6) || data[12] !== 0) throw new Error(`unsupported PNG (depth ${depth}, colour type ${colourType})`);
      channels = colourType === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let v = line[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = v & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** Distinct colours of a screenshot and the share of the most common one. */
function colourStats(png: Buffer): { distinct: number; dominantShare: number; reddish: number } {
  const { width, height, channels, pixels } = decodePng(png);
  const counts = new Map<number, number>();
  let reddish = 0;
  for (let i = 0; i < width * height; i++) {
    const r = pixels[i * channels];
    const g = pixels[i * channels + 1];
    const b = pixels[i * channels + 2];
    const key = (r << 16) | (g << 8) | b;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (r > g + 50 && r > b + 50) reddish++;
  }
  return { distinct: counts.size, dominantShare: Math.max(...counts.values()) / (width * height), reddish };
}

/** Waits until the element with `testId` has attribute `name` = `value`. */
async function waitForAttr(page: Page, testId: string, name: string, value: string): Promise<void> {
  await page.waitForFunction(([id, n, v]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute(n) === v, [testId, name, value] as const, {
    timeout: 10_000,
  });
}

// ── tests ─────────────────────────────────────────────────────────────────────────────────────

describe('server', () => {
  beforeAll(start);

  it('serves the page cross-origin isolated, the health route, the SPA fallback and wasm', async () => {
    const page = await fetch(baseUrl + '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(await page.text()).toContain('<div id="root">');

    const health = await fetch(baseUrl + '/api/health');
    expect(health.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(await health.json()).toEqual({ code: 200, msg: 'ok', data: { engine: true } });

    const deep = await fetch(baseUrl + '/projects/42/design');
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toMatch(/text\/html/);

    const missingApi = await fetch(baseUrl + '/api/nope');
    expect(missingApi.status).toBe(404);
    expect(await missingApi.json()).toMatchObject({ code: 404 });

    const wasm = readdirSync(join(distDir, 'assets')).find((f) => f.endsWith('.wasm'));
    expect(wasm, 'the build ships the engine wasm').toBeTruthy();
    const w = await fetch(`${baseUrl}/assets/${wasm}`, { method: 'HEAD' });
    expect(w.status).toBe(200);
    expect(w.headers.get('content-type')).toBe('application/wasm');
  });
});

describe('roof lab', { timeout: 2 * PAGE_WAIT_MS }, () => {
  beforeAll(start);

  it('hip roof on a 10 × 8 m outline: four faces at the chosen pitch, shown in 3D', async () => {
    const lab = await openLab();
    const { page } = lab;
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await drawRectangle(lab);

    const pitch = 35;
    await page.getByTestId('roof-mode-hip').click();
    await page.getByTestId('pitch-input').fill(String(pitch));
    await page.getByTestId('pitch-input').press('Enter');

    const rows = await faces(page, 4);
    expect(rows.filter((f) => Math.abs(f.tilt - pitch) < 0.1).length).toBe(4);
    for (const f of rows) expect(f.tilt).toBeCloseTo(pitch, 1);
    expect(rows.map((f) => Math.round(f.azimuth) % 360).sort((a, b) => a - b)).toEqual([0, 90, 180, 270]);
    const planArea = rows.reduce((s, f) => s + f.planArea, 0);
    const area = rows.reduce((s, f) => s + f.area, 0);
    expect(planArea).toBeCloseTo(80, 6);
    expect(area).toBeCloseTo(80 / Math.cos((pitch * Math.PI) / 180), 4);
    expect(await errorCodes(page)).toEqual([]);

    // The 3D view is drawn: a screenshot of its canvas is not one flat colour, and shows the
    // red south face.
    await page.waitForTimeout(300);
    const shot = await page.getByTestId('view3d-canvas').screenshot();
    const stats = colourStats(shot);
    expect(stats.distinct).toBeGreaterThan(50);
    expect(stats.dominantShare).toBeLessThan(0.9);
    expect(stats.reddish).toBeGreaterThan(100);

    expect(lab.problems).toEqual([]);
    await page.close();
  });

  describe('manual gable (ridge points on the short sides with height)', () => {
    let lab: LabPage;

    beforeAll(async () => {
      lab = await openLab();
    });
    afterAll(async () => {
      await lab?.page.close();
    });

    it('gives two faces of tilt atan(2/4) = 26.565°', async () => {
      const { page } = lab;
      await drawRectangle(lab);
      await page.getByTestId('eave-input').fill('6');
      await page.getByTestId('eave-input').press('Enter');

      // The line tool is active after closing: the ridge from the west to the east gable edge.
      await lab.clickAt(-5, 0);
      await lab.clickAt(5, 0);
      await page.keyboard.press('Escape');

      // Heights of the two ridge points.
      await page.getByTestId('tool-select').click();
      for (const x of [-5, 5]) {
        await lab.clickAt(x, 0);
        await waitForAttr(page, 'selection-point', 'data-x', String(x));
        const z = page.getByTestId('point-z-input');
        await z.fill('8');
        await z.press('Enter');
      }

      const rows = await faces(page, 2);
      const expected = (Math.atan(2 / 4) * 180) / Math.PI; // 26.565°
      for (const f of rows) {
        expect(f.tilt).toBeCloseTo(expected, 2);
        expect(f.area).toBeCloseTo(10 * Math.sqrt(20), 3);
        expect(f.planArea).toBeCloseTo(40, 6);
      }
      expect(rows.map((f) => Math.round(f.azimuth) % 360).sort((a, b) => a - b)).toEqual([0, 180]);
      expect(await errorCodes(page)).toEqual([]);
      expect(lab.problems).toEqual([]);
    });

    it('lists a dangling line by code, highlights it in red, and undo/redo (Ctrl+Z / Ctrl+Y) remove and restore it', async () => {
      const { page } = lab;
      await page.getByTestId('tool-line').click();
      await lab.clickAt(0, 4); // on the north eave: a point on that edge
      await lab.clickAt(0, 2); // inside: a free end
      await page.keyboard.press('Escape');

      expect(await errorCodes(page)).toContain('DANGLING_LINE');
      const item = page.locator('[data-testid="error-item"][data-code="DANGLING_LINE"]').first();
      expect((await item.textContent())?.length ?? 0).toBeGreaterThan('DANGLING_LINE'.length);

      // The failing line is painted red on the plan canvas (sampled on the blue north face).
      await page.mouse.move(10, 10); // no hover marker over the sample
      await page.waitForTimeout(100);
      const [px, py] = lab.toPage(0, 3.3);
      const clip = { x: Math.round(px) - 3, y: Math.round(py) - 3, width: 7, height: 7 };
      const red = colourStats(await page.screenshot({ clip })).reddish;
      expect(red).toBeGreaterThan(5);

      await page.keyboard.press('Control+z');
      await faces(page, 2);
      expect(await errorCodes(page)).toEqual([]);
      const notRed = colourStats(await page.screenshot({ clip })).reddish;
      expect(notRed).toBeLessThan(red);

      await page.keyboard.press('Control+y');
      expect(await errorCodes(page)).toContain('DANGLING_LINE');

      // The toolbar buttons do the same.
      await page.getByTestId('undo').click();
      expect(await errorCodes(page)).toEqual([]);
      await page.getByTestId('clear').click();
      await settled(page);
      expect(await page.getByTestId('face-row').count()).toBe(0);
      await waitForAttr(page, 'plan-canvas', 'data-tool', 'outline');
      expect(lab.problems).toEqual([]);
    });
  });
});
