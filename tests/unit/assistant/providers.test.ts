// The two model wire formats, against local servers that speak them (fake-models.ts): the OpenAI
// chat-completions stream (text deltas; a tool call whose id, name and arguments are split over
// several chunks; a usage chunk with `choices: []` or null; `data: [DONE]`) read with the `openai`
// package, and Ollama's NDJSON /api/chat. What the server depends on: the text in order, the tool
// calls whole, the tokens, the spec's sampling settings in the request (spec 000 §9: temperature 0.8,
// top_k 40, top_p 0.95, streaming on), and a broken stream reported as a failure.
import { afterEach, describe, expect, it } from 'vitest';
import { assistantConfig, type AssistantConfig } from '../../../src/server/assistant/config.ts';
import { OllamaProvider } from '../../../src/server/assistant/ollama.ts';
import { OpenAiProvider } from '../../../src/server/assistant/openai.ts';
import { ProviderError, type ChatProvider, type ProviderEvent } from '../../../src/server/assistant/provider.ts';
import { finishChunk, ollamaDone, ollamaText, ollamaTools, splitToolCall, startFakeOllama, startFakeOpenAi, textChunk, usageChunk, type FakeModel } from './fake-models.ts';

let fake: FakeModel | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const config = (provider: 'openai' | 'ollama', baseUrl: string): AssistantConfig => ({ provider, baseUrl, apiKey: 'k', model: 'fake-model', perMinute: 10, dailyTokens: 1000, timeoutMs: 10_000 });
const tools = [{ name: 'what_if_tilt', description: 'd', parameters: { type: 'object', properties: { tiltDeg: { type: 'number' } } } }];

async function collect(p: ChatProvider): Promise<ProviderEvent[]> {
  const out: ProviderEvent[] = [];
  for await (const e of p.stream({ messages: [{ role: 'user', content: 'hi' }], tools, signal: new AbortController().signal })) out.push(e);
  return out;
}

describe('OpenAI-compatible stream', () => {
  it('passes text deltas in order, joins a tool call split over chunks, reads the usage chunk with choices [] and with null', async () => {
    for (const choices of [[], null] as const) {
      fake = await startFakeOpenAi(() => ({
        chunks: [textChunk('Let me '), textChunk('check.'), ...splitToolCall(0, 'call_abc123', 'what_if_tilt', '{"tiltDeg": 10}'), finishChunk('tool_calls'), usageChunk(120, 30, choices)],
      }));
      const events = await collect(new OpenAiProvider(config('openai', `${fake.origin}/v1`)));
      expect(events).toEqual([
        { type: 'text', text: 'Let me ' },
        { type: 'text', text: 'check.' },
        { type: 'usage', promptTokens: 120, completionTokens: 30 },
        { type: 'toolCalls', calls: [{ id: 'call_abc123', name: 'what_if_tilt', arguments: '{"tiltDeg": 10}' }] },
      ]);
      const req = fake.requests[0];
      expect(req.url).toBe('/v1/chat/completions');
      expect(req.body).toMatchObject({ model: 'fake-model', stream: true, stream_options: { include_usage: true }, temperature: 0.8, top_p: 0.95, top_k: 40 });
      expect((req.body.tools as Array<{ function: { name: string } }>).map((t) => t.function.name)).toEqual(['what_if_tilt']);
      await fake.close();
      fake = undefined;
    }
  });

  it('keeps two tool calls of one turn apart by their index', async () => {
    fake = await startFakeOpenAi(() => ({ chunks: [...splitToolCall(0, 'call_0000a', 'what_if_tilt', '{"tiltDeg":5}'), ...splitToolCall(1, 'call_0000b', 'read_project', '{}'), finishChunk('tool_calls'), usageChunk(1, 1)] }));
    const events = await collect(new OpenAiProvider(config('openai', fake.origin)));
    expect(events.at(-1)).toEqual({
      type: 'toolCalls',
      calls: [
        { id: 'call_0000a', name: 'what_if_tilt', arguments: '{"tiltDeg":5}' },
        { id: 'call_0000b', name: 'read_project', arguments: '{}' },
      ],
    });
  });

  it('reports an HTTP failure and a stream cut before the end as ProviderError', async () => {
    fake = await startFakeOpenAi(() => ({ status: 500, text: '{"error":{"message":"boom"}}' }));
    await expect(collect(new OpenAiProvider(config('openai', fake.origin)))).rejects.toBeInstanceOf(ProviderError);
    await fake.close();
    fake = await startFakeOpenAi(() => ({ chunks: [textChunk('Half an ans')], cut: true }));
    await expect(collect(new OpenAiProvider(config('openai', fake.origin)))).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('Ollama NDJSON', () => {
  it('passes content lines, the tool calls and the eval counts; sends the options of spec 000 §9', async () => {
    fake = await startFakeOllama(() => ({ chunks: [ollamaText('One '), ollamaText('moment.'), ollamaTools([{ name: 'what_if_tilt', arguments: { tiltDeg: 10 } }]), ollamaDone(200, 40)] }));
    const events = await collect(new OllamaProvider(config('ollama', fake.origin)));
    expect(events).toEqual([
      { type: 'text', text: 'One ' },
      { type: 'text', text: 'moment.' },
      { type: 'usage', promptTokens: 200, completionTokens: 40 },
      { type: 'toolCalls', calls: [{ id: 'call_0', name: 'what_if_tilt', arguments: '{"tiltDeg":10}' }] },
    ]);
    expect(fake.requests[0].url).toBe('/api/chat');
    expect(fake.requests[0].body).toMatchObject({ model: 'fake-model', stream: true, options: { temperature: 0.8, top_k: 40, top_p: 0.95 } });
  });

  it('a stream without its done line, an error line and an HTTP failure are failures', async () => {
    for (const reply of [{ chunks: [ollamaText('cut')], cut: true }, { chunks: [{ error: 'model not found' }] }, { status: 404, text: '{"error":"model not found"}' }]) {
      fake = await startFakeOllama(() => reply);
      await expect(collect(new OllamaProvider(config('ollama', fake.origin)))).rejects.toBeInstanceOf(ProviderError);
      await fake.close();
      fake = undefined;
    }
  });
});

describe('configuration', () => {
  const fail = (m: string) => new Error(m);
  it('no AI_PROVIDER: not configured; a provider needs AI_MODEL; defaults per provider', () => {
    expect(assistantConfig({}, fail)).toBeNull();
    expect(() => assistantConfig({ AI_PROVIDER: 'openai' }, fail)).toThrow('AI_MODEL is required for AI_PROVIDER=openai');
    expect(() => assistantConfig({ AI_PROVIDER: 'claude', AI_MODEL: 'x' }, fail)).toThrow('AI_PROVIDER must be openai or ollama');
    expect(assistantConfig({ AI_PROVIDER: 'ollama', AI_MODEL: 'qwen2.5' }, fail)).toMatchObject({ provider: 'ollama', baseUrl: 'http://127.0.0.1:11434', apiKey: null, model: 'qwen2.5', perMinute: 10, dailyTokens: 200_000 });
    expect(assistantConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini', AI_BASE_URL: 'http://localhost:8000/v1/', AI_API_KEY: 'sk', AI_RATE_PER_MINUTE: '3' }, fail)).toMatchObject({ baseUrl: 'http://localhost:8000/v1', apiKey: 'sk', perMinute: 3 });
  });
});
