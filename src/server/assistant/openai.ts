// The assistant's model through any OpenAI-compatible chat-completions API (OpenAI, vLLM, LM Studio,
// llama.cpp server, DeepSeek, Qwen's DashScope compatible mode …) with the `openai` npm package (v6):
// baseURL from AI_BASE_URL, a streamed call with the tools and `stream_options.include_usage`, the
// spec's temperature and top_p, and top_k sent as an extra body field (not in OpenAI's API; servers
// that know it use it, OpenAI ignores it). Reference: https://platform.openai.com/docs/api-reference/chat/streaming
//
// The stream is read chunk by chunk: text deltas are passed on as they come; tool-call deltas are
// joined by their `index` (a server may split the id, the name and the arguments over several
// chunks; a piece repeating what is held already is not appended twice); the last chunk's usage
// (its `choices` empty or null) gives the tokens. A stream that ends before a choice has a
// `finish_reason` was cut: a failure.
import OpenAI from 'openai';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AI_CHAT_SETTINGS } from '../../model/api/assistant.ts';
import type { AssistantConfig } from './config.ts';
import { ProviderError, type ChatMessage, type ChatProvider, type ChatTurn, type ProviderEvent, type ToolCall } from './provider.ts';

/** The chat-completions messages of ours. */
export function openAiMessages(messages: ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
    if (m.role === 'assistant') {
      const calls = m.toolCalls ?? [];
      return calls.length === 0
        ? { role: 'assistant', content: m.content }
        : { role: 'assistant', content: m.content || null, tool_calls: calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })) };
    }
    return { role: m.role, content: m.content };
  });
}

/** `piece` added to `held`, unless the server repeats the whole of what is held. */
function join(held: string, piece: string | null | undefined): string {
  if (!piece) return held;
  return held === piece ? held : held + piece;
}

/** Joins the tool-call deltas of a stream, by index. */
export class ToolCallAccumulator {
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();

  add(deltas: NonNullable<ChatCompletionChunk['choices'][number]['delta']['tool_calls']>): void {
    for (const d of deltas) {
      const c = this.calls.get(d.index) ?? { id: '', name: '', arguments: '' };
      c.id = join(c.id, d.id);
      c.name = join(c.name, d.function?.name);
      if (d.function?.arguments) c.arguments += d.function.arguments;
      this.calls.set(d.index, c);
    }
  }

  /** The calls in index order (an id made up for a server that gives none). */
  result(): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, c]) => c.name !== '')
      .map(([i, c]) => ({ id: c.id || `call_${i}`, name: c.name, arguments: c.arguments || '{}' }));
  }
}

export class OpenAiProvider implements ChatProvider {
  private readonly client: OpenAI;

  constructor(private readonly config: AssistantConfig) {
    // Local OpenAI-compatible servers take any key; the SDK wants one.
    this.client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey ?? 'not-needed', maxRetries: 0, timeout: config.timeoutMs });
  }

  async *stream(turn: ChatTurn): AsyncIterable<ProviderEvent> {
    const params: ChatCompletionCreateParamsStreaming & { top_k: number } = {
      model: this.config.model,
      messages: openAiMessages(turn.messages),
      stream: true,
      stream_options: { include_usage: true },
      temperature: AI_CHAT_SETTINGS.temperature,
      top_p: AI_CHAT_SETTINGS.topP,
      top_k: AI_CHAT_SETTINGS.topK,
      ...(turn.tools.length > 0 ? { tools: turn.tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } })) } : {}),
    };
    let stream: AsyncIterable<ChatCompletionChunk>;
    try {
      stream = await this.client.chat.completions.create(params, { signal: turn.signal });
    } catch (err) {
      throw upstreamError(err);
    }
    const calls = new ToolCallAccumulator();
    let finished = false;
    try {
      for await (const chunk of stream) {
        // The usage chunk has `choices: []` (OpenAI) or null (some compatible servers).
        for (const choice of chunk.choices ?? []) {
          const delta = choice.delta;
          if (!delta) continue;
          if (delta.content) yield { type: 'text', text: delta.content };
          if (delta.tool_calls) calls.add(delta.tool_calls);
          if (choice.finish_reason) finished = true;
        }
        if (chunk.usage) yield { type: 'usage', promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
      }
    } catch (err) {
      throw upstreamError(err);
    }
    // A stream cut before any choice finished is a failure, not a short answer.
    if (!finished) throw new ProviderError('the model server closed the stream before the answer was done');
    const result = calls.result();
    if (result.length > 0) yield { type: 'toolCalls', calls: result };
  }
}

function upstreamError(err: unknown): Error {
  if (err instanceof OpenAI.APIUserAbortError) return err;
  if (err instanceof OpenAI.APIError) return new ProviderError(`the model server answered ${err.status ?? 'an error'}: ${err.message}`);
  return new ProviderError(`the model server's stream failed: ${err instanceof Error ? err.message : String(err)}`);
}
