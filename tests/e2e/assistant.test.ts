// The AI assistant's chat panel in Chromium (issue 22): against a local OpenAI-compatible model server
// configured for the server under test (tests/unit/assistant/fake-models.ts). Not configured: the panel
// says so. Configured: on the project list the answer streams in piece by piece, the send button is
// disabled while the question is empty and while sending (spec 000 §5), a stop button shows while
// sending; in the design workspace the model reads the open project through its tool and the panel
// shows the tool and the answer; a failed stream (HTTP 500, or cut mid-answer) shows why and only
// re-enables send (spec 000 §8).
import { afterAll, expect, it } from 'vitest';
import type { AppConfig } from '../../src/server/config.ts';
import { finishChunk, lastToolResult, splitToolCall, startFakeOpenAi, textChunk, usageChunk, type ModelRequest, type Reply } from '../unit/assistant/fake-models.ts';
import { createAccount, openPage, signInWithPassword, useE2E, type AppPage } from './harness.ts';

const e2e = useE2E();
/** A sign-in and a chat on a 2-core machine shared with other servers. */
const FLOW = { timeout: 120_000 };
let script: (n: number, body: ModelRequest['body']) => Reply = () => ({ chunks: [textChunk('hi'), finishChunk('stop'), usageChunk(1, 1)] });
const model = await startFakeOpenAi((n, b) => script(n, b));
afterAll(() => model.close());

function configure(on: boolean): void {
  (e2e().app.config as AppConfig).assistant = on
    ? { provider: 'openai', baseUrl: `${model.origin}/v1`, apiKey: null, model: 'fake-model', perMinute: 100, dailyTokens: 1_000_000, timeoutMs: 60_000 }
    : null;
  model.requests.length = 0;
}

async function signedIn(): Promise<AppPage> {
  const { phone, password } = await createAccount(e2e().app, { prefix: '135' });
  const p = await openPage(e2e(), '/login');
  await signInWithPassword(p, phone, password);
  await p.page.waitForURL(/\/home\/list/);
  return p;
}

it('not configured: the panel says the assistant is not configured', FLOW, async () => {
  configure(false);
  const p = await signedIn();
  await p.page.getByTestId('assistant-open').click();
  await expect.poll(() => p.page.getByTestId('assistant-not-configured').textContent()).toContain('The AI assistant is not configured on this server');
  expect(p.problems).toEqual([]);
  await p.context.close();
});

it('streams an answer on the project list; send disabled while empty and while sending; stop shown while sending', FLOW, async () => {
  configure(true);
  script = () => ({ chunks: [textChunk('Hello, '), textChunk('I can '), textChunk('help with '), textChunk('PV designs.'), finishChunk('stop'), usageChunk(10, 8)], pauseMs: 400 });
  const p = await signedIn();
  const { page } = p;
  await page.getByTestId('assistant-open').click();
  const send = page.getByTestId('assistant-send');
  await expect.poll(() => send.isDisabled(), { timeout: 20_000 }).toBe(true);
  await page.getByTestId('assistant-input').fill('   ');
  expect(await send.isDisabled()).toBe(true);
  await page.getByTestId('assistant-input').fill('What can you do?');
  expect(await send.isDisabled()).toBe(false);
  await send.click();
  const answer = page.locator('[data-testid="assistant-message"][data-role="assistant"]').last();
  // Part of the answer is shown before the stream ends: it streams.
  await expect.poll(() => answer.textContent(), { timeout: 20_000, interval: 50 }).toMatch(/^Hello, (I can )?$/);
  await page.getByTestId('assistant-input').fill('Another question');
  expect(await send.isDisabled()).toBe(true);
  expect(await page.getByTestId('assistant-stop').isVisible()).toBe(true);
  await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toBe('Hello, I can help with PV designs.');
  await expect.poll(() => send.isDisabled(), { timeout: 20_000 }).toBe(false);
  await expect.poll(() => page.getByTestId('assistant-stop').count(), { timeout: 20_000 }).toBe(0);
  expect(model.requests[0].body).toMatchObject({ temperature: 0.8, top_p: 0.95, top_k: 40, stream: true });
  expect(p.problems).toEqual([]);
  await p.context.close();
});

it('in the design workspace the model reads the open project through its tool', FLOW, async () => {
  configure(true);
  const p = await signedIn();
  const { page } = p;
  const created = await page.request.post(`${e2e().baseUrl}/api/web/project/new`, { data: { name: 'Hangar roof', powerStationType: 'COMMERCIAL' } });
  const projectId = ((await created.json()) as { data: { projectId: number } }).data.projectId;
  script = (n, body) => {
    if (n === 0) return { chunks: [...splitToolCall(0, 'call_read01', 'read_project', '{}'), finishChunk('tool_calls'), usageChunk(100, 5)] };
    const facts = lastToolResult(body) as { project: { name: string; type: string } };
    return { chunks: [textChunk(`This is “${facts.project.name}”, a ${facts.project.type} project (from read_project).`), finishChunk('stop'), usageChunk(200, 20)] };
  };
  await page.goto(`${e2e().baseUrl}/setting/basic?id=${projectId}`);
  await page.getByTestId('information-step').waitFor();
  await page.getByTestId('assistant-open').click();
  await page.getByTestId('assistant-input').fill('Which project is this?');
  await page.getByTestId('assistant-send').click();
  const answer = page.locator('[data-testid="assistant-message"][data-role="assistant"]').last();
  await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toContain('This is “Hangar roof”, a COMMERCIAL project (from read_project).');
  expect(await page.getByTestId('assistant-tool').first().textContent()).toContain('read_project');
  expect(p.problems).toEqual([]);
  await p.context.close();
});

it('a failed stream shows why and only re-enables send: HTTP 500, then an answer cut mid-way', FLOW, async () => {
  configure(true);
  const p = await signedIn();
  const { page } = p;
  await page.getByTestId('assistant-open').click();
  const send = page.getByTestId('assistant-send');
  script = () => ({ status: 500, text: '{"error":{"message":"overloaded"}}' });
  await page.getByTestId('assistant-input').fill('Hello?');
  await send.click();
  await expect.poll(() => page.getByTestId('assistant-error').textContent(), { timeout: 20_000 }).toContain('the model server answered 500');
  await page.getByTestId('assistant-input').fill('Again?');
  await expect.poll(() => send.isDisabled(), { timeout: 20_000 }).toBe(false);

  script = () => ({ chunks: [textChunk('The east face '), textChunk('yields less because')], cut: true, pauseMs: 50 });
  await send.click();
  await expect.poll(() => page.getByTestId('assistant-error').textContent(), { timeout: 20_000 }).toMatch(/the model server's stream failed|closed the stream before the answer was done/);
  expect(await page.locator('[data-testid="assistant-message"][data-role="assistant"]').last().textContent()).toBe('The east face yields less because');
  await page.getByTestId('assistant-input').fill('Once more');
  await expect.poll(() => send.isDisabled(), { timeout: 20_000 }).toBe(false);
  expect(p.problems).toEqual([]);
  await p.context.close();
});
