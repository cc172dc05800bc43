// What the assistant needs from a language model, whatever serves it: one streamed chat turn with
// tools (OpenAI-compatible chat completions: openai.ts; Ollama's /api/chat: ollama.ts), as a stream of
// text pieces, the tool calls of the turn (whole, once their pieces are joined) and the token usage.
// The sampling settings are the spec's (model/api/assistant.ts AI_CHAT_SETTINGS).
import type { AssistantConfig } from './config.ts';

/** A tool call the model made: its id (made up when the server gives none), name and JSON arguments. */
export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as JSON text (as the model wrote them). */
  arguments: string;
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

/** A tool offered to the model: name, what it does, its arguments' JSON Schema. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export type ProviderEvent =
  | { type: 'text'; text: string }
  | { type: 'toolCalls'; calls: ToolCall[] }
  | { type: 'usage'; promptTokens: number; completionTokens: number };

export interface ChatTurn {
  messages: ChatMessage[];
  /** Empty: the model must answer in text. */
  tools: ToolSpec[];
  /** Aborts the upstream request (the client left, or the time ran out). */
  signal: AbortSignal;
}

export interface ChatProvider {
  stream(turn: ChatTurn): AsyncIterable<ProviderEvent>;
}

/** The upstream failed (an HTTP error, a broken stream): the message is shown to the user. */
export class ProviderError extends Error {}

/** The provider of a configuration. */
export async function providerOf(config: AssistantConfig): Promise<ChatProvider> {
  if (config.provider === 'ollama') return new (await import('./ollama.ts')).OllamaProvider(config);
  return new (await import('./openai.ts')).OpenAiProvider(config);
}
