// Local model servers for the assistant's tests (node:http), speaking the two wire formats the server
// reads: the OpenAI chat-completions stream (`data: {json}\n\n` chunks, `data: [DONE]`) and Ollama's
// /api/chat NDJSON. A test gives a script: for the n-th request (0-based) and its parsed body, what to
// answer — a list of chunks (objects, written as they come with a small pause), an HTTP failure, or a
// stream cut after some chunks. Each request is recorded with whether the client went away before
// the answer ended (an aborted upstream request).
import { createServer, type ServerResponse } from 'node:http';

export interface ModelRequest {
  url: string;
  body: Record<string, unknown> & { messages: Array<Record<string, unknown>> };
  /** The client closed the connection before the answer ended. */
  aborted: boolean;
  ended: boolean;
}

export type Reply =
  | { chunks: unknown[]; pauseMs?: number; cut?: boolean; holdOpenMs?: number }
  | { status: number; text: string };

export interface FakeModel {
  origin: string;
  requests: ModelRequest[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(format: 'openai' | 'ollama', script: (n: number, body: ModelRequest['body']) => Reply): Promise<FakeModel> {
  const requests: ModelRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as ModelRequest['body'];
      const rec: ModelRequest = { url: req.url ?? '', body, aborted: false, ended: false };
      requests.push(rec);
      res.on('close', () => {
        if (!rec.ended) rec.aborted = true;
      });
      void answer(format, script(requests.length - 1, body), res, rec);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const a = server.address();
  const port = typeof a === 'object' && a ? a.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function answer(format: 'openai' | 'ollama', reply: Reply, res: ServerResponse, rec: ModelRequest): Promise<void> {
  if ('status' in reply) {
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(reply.text);
    rec.ended = true;
    return;
  }
  res.writeHead(200, { 'content-type': format === 'openai' ? 'text/event-stream' : 'application/x-ndjson' });
  for (const c of reply.chunks) {
    if (res.destroyed) return;
    res.write(format === 'openai' ? `data: ${typeof c === 'string' ? c : JSON.stringify(c)}\n\n` : `${JSON.stringify(c)}\n`);
    await sleep(reply.pauseMs ?? 2);
  }
  if (reply.holdOpenMs) await sleep(reply.holdOpenMs);
  if (res.destroyed) return;
  if (reply.cut) {
    rec.ended = true;
    res.socket?.destroy();
    return;
  }
  if (format === 'openai') res.write('data: [DONE]\n\n');
  rec.ended = true;
  res.end();
}

export const startFakeOpenAi = (script: (n: number, body: ModelRequest['body']) => Reply) => start('openai', script);
export const startFakeOllama = (script: (n: number, body: ModelRequest['body']) => Reply) => start('ollama', script);

// ── chunk builders ──

const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'fake' };

/** OpenAI: one text delta. */
export const textChunk = (text: string) => ({ ...base, choices: [{ index: 0, delta: { content: text }, finish_reason: null }] });
/** OpenAI: the end of the choice. */
export const finishChunk = (reason: 'stop' | 'tool_calls') => ({ ...base, choices: [{ index: 0, delta: {}, finish_reason: reason }] });
/** OpenAI: the usage chunk (choices [] as OpenAI, or null as some compatible servers). */
export const usageChunk = (prompt: number, completion: number, choices: readonly [] | null = []) => ({ ...base, choices, usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } });

/**
 * OpenAI: a tool call split over several chunks — the id in two pieces, the name in two pieces, the
 * arguments in pieces of `size` characters.
 */
export function splitToolCall(index: number, id: string, name: string, args: string, size = 5): unknown[] {
  const delta = (tc: Record<string, unknown>) => ({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, ...tc }] }, finish_reason: null }] });
  const out: unknown[] = [
    delta({ id: id.slice(0, 4), type: 'function', function: { name: name.slice(0, 5), arguments: '' } }),
    delta({ id: id.slice(4), function: { name: name.slice(5) } }),
  ];
  for (let i = 0; i < args.length; i += size) out.push(delta({ function: { arguments: args.slice(i, i + size) } }));
  return out;
}

/** Ollama: one content line. */
export const ollamaText = (text: string) => ({ model: 'fake', created_at: '2024-01-01T00:00:00Z', message: { role: 'assistant', content: text }, done: false });
/** Ollama: a line with tool calls (arguments as objects). */
export const ollamaTools = (calls: Array<{ name: string; arguments: Record<string, unknown> }>) => ({
  model: 'fake',
  created_at: '2024-01-01T00:00:00Z',
  message: { role: 'assistant', content: '', tool_calls: calls.map((c) => ({ function: c })) },
  done: false,
});
/** Ollama: the last line with the token counts. */
export const ollamaDone = (prompt: number, completion: number) => ({ model: 'fake', created_at: '2024-01-01T00:00:00Z', message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', prompt_eval_count: prompt, eval_count: completion });

/** The last tool message of a request's body, parsed (the tool's result as the model received it). */
export function lastToolResult(body: ModelRequest['body']): Record<string, unknown> {
  const tools = body.messages.filter((m) => m.role === 'tool');
  const last = tools.at(-1);
  if (!last) throw new Error('no tool message in the request');
  return JSON.parse(String(last.content)) as Record<string, unknown>;
}

/** The events of an SSE body, parsed. */
export function sseEvents(text: string): Array<{ event: string; data: Record<string, unknown> }> {
  return text
    .split('\n\n')
    .filter((b) => b.trim())
    .map((b) => {
      const event = /^event: (.*)$/m.exec(b)?.[1] ?? 'message';
      const data = b
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}
