// What the end-to-end tests share: the built web app (dist/) served by the real server (buildApp on
// an in-memory database), a real Chromium (SwiftShader WebGL), accounts made through the services,
// pages that collect page errors, and signing in like a user.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it the tests FAIL, they never skip.
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { testConfig, type AppConfig } from '../../src/server/config.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const distDir = process.env.PVSTUDIO_DIST_DIR ? resolve(process.env.PVSTUDIO_DIST_DIR) + sep : fileURLToPath(new URL('../../dist/', import.meta.url));
export const PASSWORD = 'Sunny2024!';
/**
 * How long a page action or wait may take before it fails [ms] (Playwright's default is 30 s): the
 * CI machine has 2 cores for two test files' servers and Chromiums, and has been seen to stall for
 * more than 30 s under that load. A thing that never appears still fails.
 */
export const PAGE_WAIT_MS = 60_000;
export const CHROMIUM_ARGS = ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function missingPrerequisite(): string | null {
  if (!existsSync(CHROMIUM)) return `Chromium is missing at ${CHROMIUM}: install it with \`apt-get install -y chromium\`. The e2e tests need a real browser and do not skip.`;
  if (!existsSync(join(distDir, 'index.html'))) return `${distDir}index.html is missing: run \`npx vite build\` before the e2e tests.`;
  return null;
}

export interface E2E {
  app: FastifyInstance;
  browser: Browser;
  baseUrl: string;
}

/** Starts the server (its test configuration with `overrides`) on a free port and Chromium. */
export async function startE2E(overrides: Partial<AppConfig> = {}): Promise<E2E> {
  const missing = missingPrerequisite();
  if (missing) throw new Error(missing);
  const app = await buildApp({ config: testConfig(overrides), distDir, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return { app, browser, baseUrl: `http://127.0.0.1:${address.port}` };
}

export async function stopE2E(e: E2E | undefined): Promise<void> {
  await e?.browser.close();
  await e?.app.close();
}

/**
 * What every e2e file starts with: the server and Chromium started before its tests and stopped
 * after, and a test of its own that FAILS with the reason on a machine without Chromium or a build
 * (the hooks fail too, which alone would only show the tests as skipped). Returns the running E2E.
 */
export function useE2E(overrides: Partial<AppConfig> = {}): () => E2E {
  let e2e: E2E | undefined;
  beforeAll(async () => {
    e2e = await startE2E(overrides);
  });
  afterAll(async () => {
    await stopE2E(e2e);
  });
  it('has Chromium and a built web app (dist/)', () => {
    expect(missingPrerequisite()).toBeNull();
  });
  return () => {
    if (!e2e) throw new Error('the e2e server is not started');
    return e2e;
  };
}

let phones = 0;

/** A mobile number not used before in this process. */
export function newPhone(prefix = '137'): string {
  return `${prefix}${String(++phones).padStart(8, '0')}`;
}

/** An account with a password and permanent LITE + AIOM licences (as an administrator creates one). */
export async function createAccount(app: FastifyInstance, options: { initial?: boolean; prefix?: string } = {}): Promise<{ phone: string; password: string }> {
  const phone = newPhone(options.prefix);
  const password = options.initial ? app.config.initialPassword : PASSWORD;
  const user = await app.services.accounts.createWithPassword(phone, password, { initial: options.initial ?? false, name: 'E2E' });
  await app.db.transaction().execute((tx) =>
    app.services.entitlements.grant(tx, user.id, {
      products: ['LITE', 'AIOM'],
      permanent: true,
      membershipDays: 365,
      plan: 'annual',
      photoCredits: 100,
      projectCredits: 3,
      changeType: 'e2e',
      operator: 'test',
    }),
  );
  return { phone, password };
}

export interface AppPage {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

export async function openPage(e: E2E, path: string, language: 'zh' | 'en' = 'en'): Promise<AppPage> {
  const context = await e.browser.newContext({ viewport: { width: 1600, height: 1000 } });
  // Tests read English texts unless they test the language; the app's default stays Chinese.
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
  }, language);
  context.setDefaultTimeout(PAGE_WAIT_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  if (process.env.E2E_TRACE) page.on('response', (r) => void r.text().then((b) => console.log('RESP', r.status(), r.url().replace(e.baseUrl, ''), b.slice(0, 160))).catch(() => undefined));
  if (process.env.E2E_TRACE) page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
  page.on('console', (m) => {
    // 4xx answers of deliberate failures show up as console errors of the resource load: ignore those.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  // A failing test leaves a screenshot of its last page (E2E_SHOTS=dir).
  const shots = process.env.E2E_SHOTS;
  if (shots) onTestFailed(async () => void (await page.screenshot({ path: join(shots, `failed-${Date.now()}.png`) }).catch(() => undefined)));
  await page.goto(e.baseUrl + path);
  return { page, context, problems };
}

export async function signInWithPassword(p: AppPage, username: string, password: string): Promise<void> {
  const { page } = p;
  await page.getByTestId('login-page').waitFor();
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByTestId('username').fill(`  ${username}  `);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('password-login-form').getByTestId('agree').check();
  await page.getByTestId('password-login-form').getByTestId('login-submit').click();
}

/** With E2E_SHOTS=dir, a screenshot of the page now (to look at what the user saw). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** An antd InputNumber by test id (the id may sit on the input or on its wrapper). */
export function numberInput(page: Page, testId: string) {
  return page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
}

/**
 * Waits until the antd overlays (dialogs, confirmations, menus, drop-downs) have finished opening or
 * closing. A new overlay is held still for a frame or more at its final place (rc-motion's "prepare"
 * step: invisible, its animation not yet started) and then collapses and zooms or slides in; on a
 * loaded machine Playwright's stability check can pass during that hold, and a click then lands on
 * an element that moves between mouse down and up — the click is lost. Act in an overlay after this.
 */
export async function overlaysSettled(page: Page): Promise<void> {
  // Polled on a timer, not on animation frames: after a download Chromium was seen to hold a page's
  // frames, and a frame-polled wait then never ran.
  await page.waitForFunction(overlayMotionProbe, undefined, { polling: 100 }).catch(async (e: unknown) => {
    throw new Error(`overlays still moving: ${(await overlaysInMotion(page)).join(', ')}`, { cause: e });
  });
}

/**
 * The antd overlays now opening or closing, as "tag.class" (empty when settled): read once, for
 * expect.poll, whose failure then names what was still moving. The Segmented control's sliding thumb
 * is not an overlay (nothing is clicked on it, and its appear step has no deadline when its transition
 * does not run), so it is not counted.
 */
export function overlaysInMotion(page: Page): Promise<string[]> {
  return page.evaluate(overlayMotionProbe, true) as Promise<string[]>;
}

/** In the page: true when no overlay moves, or (list) the moving elements. Self-contained. */
function overlayMotionProbe(list?: boolean): boolean | string[] {
  const motion = /^ant-[a-z-]+-(appear|enter|leave)(-(prepare|start|active))?$/;
  const moving = [...document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]')]
    .flatMap((el) => [...el.classList].filter((c) => motion.test(c) && !c.includes('-thumb-motion-')).map((c) => `${el.tagName.toLowerCase()}.${c}`));
  // A hidden page runs no animation frames, so its overlays never finish moving: say so.
  if (document.visibilityState !== 'visible') moving.push(`document.${document.visibilityState}`);
  return list ? moving : moving.length === 0;
}
