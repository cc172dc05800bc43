// The assistant's server (issue 22): POST /api/web/ai/chat against local model servers speaking the
// OpenAI-compatible stream and Ollama's NDJSON (tests/unit/assistant/fake-models.ts). A what-if asked
// by the model is run by the server on a real designed project (the Electrical step's test roof,
// electrical-fixture.ts: 40 × 550 W = 22 kWp in Shanghai) and the answer's figures equal what the
// product's own services compute for that change, called independently (the economics run after
// saving that battery; the yield simulation prepared from the design with the tilt set by the test).
// Also: not configured (503), the SSE protocol, conversations per project and their owner, the
// per-minute rate and the daily token budget, a failed upstream, and the upstream request aborted
// when the client leaves (a real listening server: the socket is the point).
import { afterAll, expect, it } from 'vitest';
import type { AppConfig } from '../../src/server/config.ts';
import { prepareProjectYield, runPreparedYield } from '../../src/server/electrical/project-simulation.ts';
import {
  finishChunk,
  lastToolResult,
  ollamaDone,
  ollamaText,
  ollamaTools,
  splitToolCall,
  sseEvents,
  startFakeOllama,
  startFakeOpenAi,
  textChunk,
  usageChunk,
  type ModelRequest,
  type Reply,
} from '../unit/assistant/fake-models.ts';
import { advancedEconomicDoc, economicDoc, energyStorageDoc, powerLoadDoc } from './economics-fixture.ts';
import { STP10, libraryId, placedProject } from './electrical-fixture.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';

/** What the fake model does next; set by each test. */
let script: (n: number, body: ModelRequest['body']) => Reply = () => ({ chunks: [textChunk('hello'), finishChunk('stop'), usageChunk(1, 1)] });
const openai = await startFakeOpenAi((n, b) => script(n, b));
const ollama = await startFakeOllama((n, b) => script(n, b));
afterAll(async () => {
  await openai.close();
  await ollama.close();
});

function useModel(t: TestApp, provider: 'openai' | 'ollama', limits: { perMinute?: number; dailyTokens?: number } = {}): ModelRequest[] {
  const fake = provider === 'openai' ? openai : ollama;
  (t.app.config as AppConfig).assistant = {
    provider,
    baseUrl: provider === 'openai' ? `${fake.origin}/v1` : fake.origin,
    apiKey: null,
    model: 'fake-model',
    perMinute: limits.perMinute ?? 100,
    dailyTokens: limits.dailyTokens ?? 1_000_000,
    timeoutMs: 60_000,
  };
  fake.requests.length = 0;
  return fake.requests;
}

/** The test roof, wired to one inverter, in mode 1 with a load, economic parameters and a 100 kWh battery. */
async function designed(t: TestApp) {
  const { token } = await t.signUp();
  const { id, h } = await placedProject(t, token, { name: 'Factory roof', powerStationType: 'COMMERCIAL', lat: 31.23, lng: 121.47, basicInfo: { powerStatOperationMode: 1 } });
  const stp = await libraryId(t, token, 'inverter', STP10);
  const cfg = await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId: id, inverters: [{ libraryId: stp }] } });
  expect(cfg.json().code, cfg.body).toBe(200);
  const versions = new Map<string, number>();
  const save = async (url: string, data: unknown) => {
    const res = (await t.inject({ method: 'POST', url: `/api/web${url}`, headers: h, payload: { projectId: id, version: versions.get(url) ?? 0, data } })).json();
    expect(res.code, JSON.stringify(res)).toBe(200);
    versions.set(url, res.data.version);
  };
  await save('/project/economic-analysis-params/save', economicDoc());
  await save('/advanced-ecnomic/insert', advancedEconomicDoc());
  await save('/project/update-powerLoadConfig-page', powerLoadDoc({ annualKwh: 87_600 }));
  await save('/energyStorage/save', energyStorageDoc({ capacityKwh: 100, powerKw: 50 }));
  return { token, id, h, save };
}

const chat = (t: TestApp, h: Record<string, string>, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/web/ai/chat', headers: h, payload });

describeWithDatabases('assistant', (t) => {
  it('not configured: the status says so and a chat answers 503 with the envelope; signed out: 401', async () => {
    (t.app.config as AppConfig).assistant = null;
    const { token } = await t.signUp();
    const h = t.bearer(token);
    expect((await t.inject({ method: 'GET', url: '/api/web/ai/status', headers: h })).json().data).toEqual({ configured: false, provider: null, model: null });
    const res = await chat(t, h, { message: 'hello' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, msg: 'The AI assistant is not configured on this server', data: { error: 'PROVIDER_NOT_CONFIGURED' } });
    expect((await chat(t, {}, { message: 'hello' })).statusCode).toBe(401);
    useModel(t, 'openai');
    expect((await t.inject({ method: 'GET', url: '/api/web/ai/status', headers: h })).json().data).toEqual({ configured: true, provider: 'openai', model: 'fake-model' });
    // An empty question names its field.
    expect((await chat(t, h, { message: '   ' })).json()).toMatchObject({ code: 400, data: { field: 'message' } });
  });

  it('OpenAI stream: a storage what-if answered with the economics the product computes for that battery', async () => {
    const p = await designed(t);
    const requests = useModel(t, 'openai');
    // Turn 1: the model asks for the tool (id, name and arguments split over chunks); turn 2: it
    // writes the figures of the tool result it was given.
    script = (n, body) => {
      if (n === 0) return { chunks: [textChunk('Let me compute that. '), ...splitToolCall(0, 'call_st0rage', 'what_if_storage', '{"capacityKwh": 200}'), finishChunk('tool_calls'), usageChunk(500, 20)] };
      const r = lastToolResult(body) as { variant: { npvYuan: number; selfSufficiencyPct: number; irrPct: number } };
      return {
        chunks: [textChunk(`With 200 kWh the NPV is ${r.variant.npvYuan} yuan, `), textChunk(`self-sufficiency ${r.variant.selfSufficiencyPct} % `), textChunk('(from what_if_storage).'), finishChunk('stop'), usageChunk(900, 40, null)],
      };
    };
    const res = await chat(t, p.h, { projectId: p.id, message: 'What if I add 200 kWh of storage?' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = sseEvents(res.body);
    expect(events.map((e) => e.event)).toEqual(['meta', 'delta', 'tool', 'delta', 'delta', 'delta', 'done']);
    expect(events[2].data).toMatchObject({ name: 'what_if_storage', input: { capacityKwh: 200 } });
    expect(events.at(-1)?.data).toEqual({ usage: { promptTokens: 1400, completionTokens: 60 } });
    // The sampling settings of spec 000 §9 and the tool result sent back under the call's joined id.
    expect(requests[0].body).toMatchObject({ temperature: 0.8, top_p: 0.95, top_k: 40, stream: true });
    expect(requests[1].body.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_st0rage' });
    const answer = events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('');
    const npv = Number(/NPV is (-?[\d.]+) yuan/.exec(answer)?.[1]);
    const ss = Number(/self-sufficiency ([\d.]+) %/.exec(answer)?.[1]);

    // Independently: save that battery (200 kWh, the saved one's 0.5 kW per kWh → 100 kW, its costs) and run the economics.
    await p.save('/energyStorage/save', energyStorageDoc({ capacityKwh: 200, powerKw: 100 }));
    const run = (await t.inject({ method: 'POST', url: '/api/web/project/economics/run', headers: p.h, payload: { projectId: p.id } })).json();
    expect(run.code, JSON.stringify(run)).toBe(200);
    // The answer rounds NPV to the yuan and the rate to 0.01 %.
    expect(Math.abs(npv - run.data.data.indicators.npv)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(ss - 100 * run.data.data.totals.selfSufficiencyRate)).toBeLessThanOrEqual(0.005);

    // The conversation is kept with the project: question, answer with its tool call and tokens.
    const conversationId = events[0].data.conversationId as number;
    const list = (await t.inject({ method: 'GET', url: `/api/web/ai/conversations?projectId=${p.id}`, headers: p.h })).json().data;
    expect(list).toMatchObject([{ id: conversationId, projectId: p.id, title: 'What if I add 200 kWh of storage?' }]);
    const conv = (await t.inject({ method: 'GET', url: `/api/web/ai/conversation?id=${conversationId}`, headers: p.h })).json().data;
    expect(conv.messages).toMatchObject([
      { role: 'user', content: 'What if I add 200 kWh of storage?', toolCalls: [], usage: null },
      { role: 'assistant', content: answer, toolCalls: [{ name: 'what_if_storage', input: { capacityKwh: 200 } }], usage: { promptTokens: 1400, completionTokens: 60 } },
    ]);

    // Another user can neither read it, continue it, nor chat about the project.
    const other = t.bearer((await t.signUp()).token);
    expect((await t.inject({ method: 'GET', url: `/api/web/ai/conversation?id=${conversationId}`, headers: other })).statusCode).toBe(404);
    expect((await chat(t, other, { conversationId, message: 'and?' })).statusCode).toBe(404);
    expect((await chat(t, other, { projectId: p.id, message: 'read it' })).statusCode).toBe(404);
    // Continuing it sends the history; deleting it removes it.
    script = () => ({ chunks: [textChunk('ok'), finishChunk('stop'), usageChunk(1, 1)] });
    await chat(t, p.h, { projectId: p.id, conversationId, message: 'Thanks' });
    expect(requests.at(-1)?.body.messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect((await t.inject({ method: 'DELETE', url: `/api/web/ai/conversation?id=${conversationId}`, headers: p.h })).json().code).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/web/ai/conversation?id=${conversationId}`, headers: p.h })).statusCode).toBe(404);
  });

  it('Ollama NDJSON: a tilt what-if answered with the yield simulation of the design at that tilt', async () => {
    const p = await designed(t);
    const requests = useModel(t, 'ollama');
    script = (n, body) => {
      if (n === 0) return { chunks: [ollamaTools([{ name: 'what_if_tilt', arguments: { tiltDeg: 10 } }]), ollamaDone(300, 10)] };
      const r = lastToolResult(body) as { variant: { annualAcKwh: number }; baseline: { annualAcKwh: number } };
      return { chunks: [ollamaText(`At 10° the roof gives ${r.variant.annualAcKwh} kWh a year `), ollamaText(`against ${r.baseline.annualAcKwh} kWh (from what_if_tilt).`), ollamaDone(700, 30)] };
    };
    const res = await chat(t, p.h, { projectId: p.id, message: 'What if the tilt were 10°?' });
    const events = sseEvents(res.body);
    expect(events.map((e) => e.event)).toEqual(['meta', 'tool', 'delta', 'delta', 'done']);
    expect(events.at(-1)?.data).toEqual({ usage: { promptTokens: 1000, completionTokens: 40 } });
    expect(requests[0].body).toMatchObject({ stream: true, options: { temperature: 0.8, top_k: 40, top_p: 0.95 } });
    expect(requests[1].body.messages.at(-1)).toMatchObject({ role: 'tool', tool_name: 'what_if_tilt' });
    const answer = events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('');
    const [variant, baseline] = [...answer.matchAll(/([\d.]+) kWh/g)].map((m) => Number(m[1]));

    // Independently: the project's yield prepared from its design, run as it is and with the chain's arrays at 10°.
    const userId = (await t.app.services.sessions.require({ headers: p.h, cookies: {} } as never)).user.id;
    const prepared = await prepareProjectYield(t.app, userId, p.id);
    const asDesigned = await runPreparedYield(t.app, userId, prepared);
    const tilted = structuredClone(prepared);
    for (const a of tilted.request.input.arrays) a.surfaceTilt = 10;
    const at10 = await runPreparedYield(t.app, userId, tilted);
    expect(Math.abs(baseline - asDesigned.annual.acKwh)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(variant - at10.annual.acKwh)).toBeLessThanOrEqual(0.5);
    // Shanghai (31° N): 10° catches less of the year than the design's steeper tilt, not by much.
    expect(at10.annual.acKwh).not.toBeCloseTo(asDesigned.annual.acKwh, 0);
  });

  it('a tool about a step not done answers its error to the model; no project open: the tools say so', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    useModel(t, 'openai');
    const bare = (await t.inject({ method: 'POST', url: '/api/web/project/new', headers: h, payload: { name: 'Empty', powerStationType: 'RESIDENTIAL' } })).json().data.projectId as number;
    const results: Record<string, unknown>[] = [];
    script = (n, body) => {
      if (n % 2 === 0) return { chunks: [...splitToolCall(0, 'call_x00001', 'what_if_tilt', '{"tiltDeg":10}'), finishChunk('tool_calls'), usageChunk(1, 1)] };
      results.push(lastToolResult(body));
      return { chunks: [textChunk('Set the address first.'), finishChunk('stop'), usageChunk(1, 1)] };
    };
    expect(sseEvents((await chat(t, h, { projectId: bare, message: 'tilt 10?' })).body).map((e) => e.event)).toEqual(['meta', 'tool', 'delta', 'done']);
    expect(results[0]).toEqual({ error: 'projectId: the project has no location yet: set its address first' });
    await chat(t, h, { message: 'tilt 10?' });
    expect(results[1]).toEqual({ error: 'no project is open: open a project to read it or run what-ifs' });
  });

  it('per-user rate and daily token budget refuse a chat with 429 before the model is asked', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const requests = useModel(t, 'openai', { perMinute: 2, dailyTokens: 1000 });
    script = () => ({ chunks: [textChunk('ok'), finishChunk('stop'), usageChunk(300, 100)] });
    expect((await chat(t, h, { message: 'one' })).statusCode).toBe(200);
    expect((await chat(t, h, { message: 'two' })).statusCode).toBe(200);
    const third = await chat(t, h, { message: 'three' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 429, msg: 'At most 2 questions a minute to the assistant: please wait a moment', data: { error: 'ASSISTANT_TOO_FREQUENT' } });
    expect(requests).toHaveLength(2);
    // A minute later the rate allows it; 800 tokens used, the budget 1000: one more answer (400) passes, then it is spent.
    t.clock.advance(61_000);
    expect((await chat(t, h, { message: 'four' })).statusCode).toBe(200);
    const fifth = await chat(t, h, { message: 'five' });
    expect(fifth.json()).toMatchObject({ code: 429, data: { error: 'ASSISTANT_BUDGET' } });
    expect(requests).toHaveLength(3);
  });

  it('a failed upstream ends the stream with an error event; a cut answer is kept as far as it came', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    useModel(t, 'openai');
    script = () => ({ status: 500, text: '{"error":{"message":"overloaded"}}' });
    const failed = sseEvents((await chat(t, h, { message: 'hi' })).body);
    expect(failed.map((e) => e.event)).toEqual(['meta', 'error']);
    expect(String(failed[1].data.message)).toMatch(/^the model server answered 500/);
    script = () => ({ chunks: [textChunk('The east face '), textChunk('is')], cut: true });
    const cut = sseEvents((await chat(t, h, { message: 'why?' })).body);
    expect(cut.map((e) => e.event)).toEqual(['meta', 'delta', 'delta', 'error']);
    const conv = (await t.inject({ method: 'GET', url: `/api/web/ai/conversation?id=${cut[0].data.conversationId}`, headers: h })).json().data;
    expect(conv.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'why?'],
      ['assistant', 'The east face is'],
    ]);
  });

  it('the client leaving aborts the upstream request (a listening server)', async () => {
    const { token } = await t.signUp();
    const requests = useModel(t, 'openai');
    script = () => ({ chunks: [textChunk('Thinking')], holdOpenMs: 30_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const controller = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/web/ai/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ message: 'long answer please' }),
        signal: controller.signal,
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      let seen = '';
      while (!seen.includes('event: delta')) seen += new TextDecoder().decode((await reader.read()).value);
      expect(requests).toHaveLength(1);
      expect(requests[0].aborted).toBe(false);
      controller.abort();
      const deadline = Date.now() + 5000;
      while (!requests[0].aborted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(requests[0].aborted).toBe(true);
    } finally {
      await t.app.server.close();
    }
  });
});
