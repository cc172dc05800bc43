// The AI assistant's API (issue 22; spec 000 §7 "AI chat streaming POST", §8 "a failed AI chat stream
// just re-enables the send button", §9 and spec 001 §9 "temperature 0.8, top_k 40, top_p 0.95,
// streaming on"): the chat body, the server-sent events of POST /api/web/ai/chat, the status, and the
// conversations kept per project. docs/ASSISTANT.md describes the protocol; the web app reads it with
// eventsource-parser (src/web/api/assistant.ts).
//
// SSE protocol (each event `event: <name>\ndata: <JSON>\n\n`, in this order):
//   meta   {conversationId}                         first, once
//   delta  {text}                                   the answer's text, piece by piece
//   tool   {name, input, summary}                   a tool the model called, with its result's summary
//   done   {usage: {promptTokens, completionTokens}} last on success
//   error  {message}                                last on failure (the answer so far is kept)
import { z } from 'zod';
import { recordId, requiredPlainText } from './common.ts';

/** The sampling settings of the chat (spec 000 §9, spec 001 §9). */
export const AI_CHAT_SETTINGS = { temperature: 0.8, topK: 40, topP: 0.95, stream: true } as const;

/** Limits of the assistant (the per-user defaults; the server's variables may change the rate and budget). */
export const ASSISTANT_LIMITS = {
  /** Longest question [characters]. */
  messageChars: 4000,
  /** Model ↔ tool rounds of one answer. */
  toolRounds: 6,
  /** Messages of a conversation sent back to the model (the newest). */
  historyMessages: 30,
  /** Chats one user may start per minute (AI_RATE_PER_MINUTE). */
  perMinute: 10,
  /** Prompt + completion tokens one user may use per UTC day (AI_DAILY_TOKENS). */
  dailyTokens: 200_000,
} as const;

export const assistantProviders = ['openai', 'ollama'] as const;
export type AssistantProvider = (typeof assistantProviders)[number];

/** POST /api/web/ai/chat. */
export const chatBody = z.object({
  projectId: recordId.optional().describe('the project the assistant reads and runs what-ifs on'),
  conversationId: recordId.optional().describe('continue this conversation (else a new one)'),
  message: requiredPlainText(ASSISTANT_LIMITS.messageChars),
});
export type ChatBody = z.infer<typeof chatBody>;

export const usageSchema = z.object({ promptTokens: z.int().min(0), completionTokens: z.int().min(0) });
export type AssistantUsage = z.infer<typeof usageSchema>;

/** The events of the stream, by name. */
export const chatEventSchemas = {
  meta: z.object({ conversationId: z.int() }),
  delta: z.object({ text: z.string() }),
  tool: z.object({ name: z.string(), input: z.record(z.string(), z.unknown()), summary: z.string() }),
  done: z.object({ usage: usageSchema }),
  error: z.object({ message: z.string() }),
} as const;
export type ChatEventName = keyof typeof chatEventSchemas;
export type ChatEvent = { [K in ChatEventName]: { event: K; data: z.infer<(typeof chatEventSchemas)[K]> } }[ChatEventName];

/** GET /api/web/ai/status. */
export const assistantStatusSchema = z.object({
  configured: z.boolean(),
  provider: z.enum(assistantProviders).nullable(),
  model: z.string().nullable(),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

/** A tool call kept with an assistant message. */
export const keptToolCallSchema = z.object({ name: z.string(), input: z.record(z.string(), z.unknown()), summary: z.string() });

export const conversationMessageSchema = z.object({
  id: z.int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  toolCalls: z.array(keptToolCallSchema),
  usage: usageSchema.nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSummarySchema = z.object({
  id: z.int(),
  projectId: z.int().nullable(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationSchema = conversationSummarySchema.extend({ messages: z.array(conversationMessageSchema) });
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/web/ai/conversations?projectId= (no projectId: the conversations about no project). */
export const conversationsQuery = z.object({ projectId: recordId.optional() });
/** GET / DELETE /api/web/ai/conversation?id=. */
export const conversationIdQuery = z.object({ id: recordId });
