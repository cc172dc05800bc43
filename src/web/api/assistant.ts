// The AI assistant's server calls (issue 22; spec 000 §7 "AI chat streaming POST"): the status, the
// conversations, and the chat — a POST whose answer is read as server-sent events from the fetch
// body's ReadableStream with eventsource-parser (the browser's EventSource cannot POST), each event's
// data checked by its schema (src/model/api/assistant.ts). A refusal before the stream (not
// configured, rate, budget, session ended) is the envelope and is settled like every call's
// (interpretAnswer). A stream that ends without `done` or `error` is a failure.
import { createParser } from 'eventsource-parser';
import {
  assistantStatusSchema,
  chatEventSchemas,
  conversationSchema,
  conversationSummarySchema,
  type AssistantStatus,
  type ChatBody,
  type ChatEvent,
  type ChatEventName,
  type Conversation,
  type ConversationSummary,
} from '../../model/api/assistant.ts';
import { emptySchema } from '../../model/api/envelope.ts';
import { z } from 'zod';
import { i18n } from '../i18n/index.ts';
import { clearSessionKeys } from '../session/storage.ts';
import { interpretAnswer } from './envelope.ts';
import { emitApiEvent } from './events.ts';
import { ApiError, clientStore, request, requestHeaders } from './http.ts';

export function assistantStatus(): Promise<AssistantStatus> {
  return request('/api/web/ai/status', assistantStatusSchema, { silent: true });
}

export function listConversations(projectId: number | null): Promise<ConversationSummary[]> {
  return request('/api/web/ai/conversations', z.array(conversationSummarySchema), { query: { projectId }, silent: true });
}

export function getConversation(id: number): Promise<Conversation> {
  return request('/api/web/ai/conversation', conversationSchema, { query: { id }, silent: true });
}

export async function deleteConversation(id: number): Promise<void> {
  await request('/api/web/ai/conversation', emptySchema, { method: 'DELETE', query: { id }, silent: true });
}

/** Reads an SSE body and hands each known event to `onEvent`; resolves with the last event's name. */
export async function readChatEvents(body: ReadableStream<Uint8Array>, onEvent: (e: ChatEvent) => void): Promise<ChatEventName | null> {
  let last: ChatEventName | null = null;
  const parser = createParser({
    onEvent: (m) => {
      const name = m.event as ChatEventName | undefined;
      if (!name || !(name in chatEventSchemas)) return;
      const parsed = chatEventSchemas[name].safeParse(JSON.parse(m.data));
      if (!parsed.success) return;
      last = name;
      onEvent({ event: name, data: parsed.data } as ChatEvent);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  parser.feed(decoder.decode());
  return last;
}

/**
 * Sends a question and streams the answer into `onEvent`. Rejects with an ApiError for a refusal or a
 * stream that broke off (the events so far have been handed on), and with the AbortError on `signal`.
 */
export async function streamChat(body: ChatBody, onEvent: (e: ChatEvent) => void, signal: AbortSignal): Promise<void> {
  const headers = { ...requestHeaders(clientStore(), i18n.language || 'zh'), 'content-type': 'application/json', accept: 'text/event-stream' };
  const res = await fetch('/api/web/ai/chat', { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin', signal });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) {
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      json = undefined;
    }
    const outcome = interpretAnswer(res.status, json);
    if (outcome.kind === 'sessionEnded') {
      clearSessionKeys(clientStore());
      emitApiEvent({ type: 'sessionEnded' });
      throw new ApiError(outcome.code, outcome.msg || i18n.t('errors.loggedOut'));
    }
    if (outcome.kind === 'error') throw new ApiError(outcome.code, outcome.msg || i18n.t('errors.busy'), outcome.details);
    throw new ApiError(res.status, i18n.t('errors.busy'));
  }
  const last = await readChatEvents(res.body, onEvent);
  if (last !== 'done' && last !== 'error') throw new ApiError(0, i18n.t('assistant.streamBroken'));
}
