// The assistant's model through Ollama's native chat API (POST {AI_BASE_URL}/api/chat, streamed as
// NDJSON: https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion): the
// messages and tools, `options` with the spec's temperature, top_k and top_p. Each line is one JSON
// object: `message.content` pieces, `message.tool_calls` (whole calls, arguments as an object), a
// line with `error` on failure, and a last line `done: true` with `prompt_eval_count` and
// `eval_count` (the tokens).
import { AI_CHAT_SETTINGS } from '../../model/api/assistant.ts';
import type { AssistantConfig } from './config.ts';
import { ProviderError, type ChatMessage, type ChatProvider, type ChatTurn, type ProviderEvent, type ToolCall } from './provider.ts';

interface OllamaToolCall {
  function?: { name?: string; arguments?: unknown };
}

interface OllamaLine {
  message?: { content?: string; tool_calls?: OllamaToolCall[] };
  done?: boolean;
  prompt_eval_count?: number;
  eval_count?: number;
  error?: string;
}

/** Arguments JSON text → the object Ollama wants ({} when unreadable). */
function argumentsObject(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Ollama's chat messages of ours. */
export function ollamaMessages(messages: ChatMessage[]): Record<string, unknown>[] {
  return messages.map((m) => {
    if (m.role === 'tool') return { role: 'tool', content: m.content, tool_name: m.name };
    if (m.role === 'assistant' && m.toolCalls?.length) {
      return { role: 'assistant', content: m.content, tool_calls: m.toolCalls.map((c) => ({ function: { name: c.name, arguments: argumentsObject(c.arguments) } })) };
    }
    return { role: m.role, content: m.content };
  });
}

/** The lines of an NDJSON body, as they arrive. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let held = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    held += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = held.indexOf('\n')) >= 0) {
      const line = held.slice(0, nl).trim();
      held = held.slice(nl + 1);
      if (line) yield line;
    }
  }
  held += decoder.decode();
  if (held.trim()) yield held.trim();
}

export class OllamaProvider implements ChatProvider {
  constructor(private readonly config: AssistantConfig) {}

  async *stream(turn: ChatTurn): AsyncIterable<ProviderEvent> {
    const body = {
      model: this.config.model,
      messages: ollamaMessages(turn.messages),
      stream: AI_CHAT_SETTINGS.stream,
      options: { temperature: AI_CHAT_SETTINGS.temperature, top_k: AI_CHAT_SETTINGS.topK, top_p: AI_CHAT_SETTINGS.topP },
      ...(turn.tools.length > 0 ? { tools: turn.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } })) } : {}),
    };
    const signal = AbortSignal.any([turn.signal, AbortSignal.timeout(this.config.timeoutMs)]);
    let res: Response;
    try {
      res = await fetch(`${this.config.baseUrl}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal,
      });
    } catch (err) {
      if (turn.signal.aborted) throw err;
      throw new ProviderError(`the model server cannot be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok || !res.body) {
      const text = await res.text().catch(() => '');
      throw new ProviderError(`the model server answered ${res.status}: ${text.slice(0, 300)}`);
    }
    const calls: ToolCall[] = [];
    let done = false;
    try {
      for await (const line of lines(res.body)) {
        let parsed: OllamaLine;
        try {
          parsed = JSON.parse(line) as OllamaLine;
        } catch {
          throw new ProviderError(`the model server sent a line that is not JSON: ${line.slice(0, 100)}`);
        }
        if (parsed.error) throw new ProviderError(`the model server failed: ${parsed.error}`);
        const m = parsed.message;
        if (m?.content) yield { type: 'text', text: m.content };
        for (const c of m?.tool_calls ?? []) {
          const name = c.function?.name;
          if (!name) continue;
          const args = c.function?.arguments;
          calls.push({ id: `call_${calls.length}`, name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) });
        }
        if (parsed.done) {
          done = true;
          yield { type: 'usage', promptTokens: parsed.prompt_eval_count ?? 0, completionTokens: parsed.eval_count ?? 0 };
        }
      }
    } catch (err) {
      if (turn.signal.aborted || err instanceof ProviderError) throw err;
      throw new ProviderError(`the model server's stream failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!done) throw new ProviderError('the model server closed the stream before the answer was done');
    if (calls.length > 0) yield { type: 'toolCalls', calls };
  }
}
