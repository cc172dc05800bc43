// One chat of POST /api/web/ai/chat (issue 22 item 3), after the route has checked the session, the
// body, the project's access, the conversation's owner and the limits: the question is kept, the
// answer streamed as server-sent events (model/api/assistant.ts: meta, delta, tool, done | error)
// from the tool loop, and kept with its tool calls and tokens. The upstream request is aborted when the
// client leaves (the response's socket closes before the end) or the time runs out; an answer cut
// off is kept as far as it came, and the tokens reported so far are counted.
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { ASSISTANT_LIMITS, type ChatEvent } from '../../model/api/assistant.ts';
import { addUsage } from './budget.ts';
import type { AssistantConfig } from './config.ts';
import type { ConversationStore } from './conversations.ts';
import { runToolLoop, type KeptToolCall } from './loop.ts';
import { systemPrompt } from './prompt.ts';
import { ProviderError, providerOf, type ChatMessage } from './provider.ts';

/** One event in the SSE wire format. */
export function sseEvent(e: ChatEvent): string {
  return `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

export interface ChatJob {
  userId: number;
  project: { id: number; name: string } | null;
  conversationId: number;
  message: string;
}

/** Streams the answer of `job` on `raw` (headers already sent) and keeps it. */
export async function streamChat(app: FastifyInstance, config: AssistantConfig, store: ConversationStore, job: ChatJob, raw: ServerResponse): Promise<void> {
  const controller = new AbortController();
  const onClose = () => {
    if (!raw.writableFinished) controller.abort(new Error('the client left'));
  };
  raw.on('close', onClose);
  const timer = setTimeout(() => controller.abort(new Error('the answer took too long')), config.timeoutMs);
  const send = (e: ChatEvent) => {
    if (!raw.destroyed) raw.write(sseEvent(e));
  };
  let text = '';
  const tools: KeptToolCall[] = [];
  const usage = { promptTokens: 0, completionTokens: 0 };
  try {
    send({ event: 'meta', data: { conversationId: job.conversationId } });
    const history = await store.history(job.conversationId, ASSISTANT_LIMITS.historyMessages);
    const messages: ChatMessage[] = [{ role: 'system', content: systemPrompt(job.project, app.clock.now().toISOString().slice(0, 10)) }, ...history];
    const provider = await providerOf(config);
    const result = await runToolLoop({
      provider,
      messages,
      ctx: { app, userId: job.userId, projectId: job.project?.id ?? null },
      signal: controller.signal,
      sink: {
        delta: (t) => {
          text += t;
          send({ event: 'delta', data: { text: t } });
        },
        tool: (c) => {
          tools.push(c);
          send({ event: 'tool', data: c });
        },
        usage: (u) => {
          usage.promptTokens += u.promptTokens;
          usage.completionTokens += u.completionTokens;
        },
      },
    });
    await keep(app, store, job, result.text, tools, usage);
    send({ event: 'done', data: { usage } });
  } catch (err) {
    await keep(app, store, job, text, tools, usage).catch((e: unknown) => app.log.error({ err: e }, 'assistant: keeping a cut answer failed'));
    if (controller.signal.aborted && raw.destroyed) {
      app.log.info({ conversationId: job.conversationId }, 'assistant: the client left, the upstream request was aborted');
    } else {
      if (!(err instanceof ProviderError)) app.log.error({ err }, 'assistant: the answer failed');
      const message = err instanceof ProviderError ? err.message : controller.signal.aborted ? 'the answer took too long and was stopped' : 'the answer failed, please try again later';
      send({ event: 'error', data: { message } });
    }
  } finally {
    clearTimeout(timer);
    raw.off('close', onClose);
    if (!raw.destroyed) raw.end();
  }
}

async function keep(app: FastifyInstance, store: ConversationStore, job: ChatJob, text: string, tools: KeptToolCall[], usage: { promptTokens: number; completionTokens: number }): Promise<void> {
  const now = app.clock.now();
  if (text || tools.length > 0) await store.add(job.conversationId, { role: 'assistant', content: text, toolCalls: tools, usage }, now);
  if (usage.promptTokens + usage.completionTokens > 0) await addUsage(app.db, job.userId, now, usage);
}
