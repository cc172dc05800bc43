// The AI assistant's calls under /api/web (issue 22; spec 000 §7 "AI chat streaming POST"): the status
// (configured, provider, model), the streamed chat (server-sent events, model/api/assistant.ts) and the
// conversations kept per project. Signed in; a chat about a project needs read access to it (404
// otherwise) and continues only the user's own conversation about that same project. Not configured:
// 503 with the envelope, "The AI assistant is not configured on this server".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assistantStatusSchema, chatBody, conversationIdQuery, conversationSchema, conversationsQuery, conversationSummarySchema } from '../../model/api/assistant.ts';
import { emptySchema, errorEnvelope } from '../../model/api/envelope.ts';
import { admitChat } from '../assistant/budget.ts';
import { streamChat } from '../assistant/chat.ts';
import { ConversationStore } from '../assistant/conversations.ts';
import { ok, responses } from '../envelope.ts';
import { apiError } from '../errors.ts';
import { SIGNED_IN } from '../plugins/openapi.ts';

const tags = ['assistant'];

const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, projects } = app.services;
  const store = new ConversationStore(app.db);

  app.get(
    '/ai/status',
    { schema: { tags, summary: 'Whether the AI assistant is configured, and its provider and model', security: SIGNED_IN, response: responses(assistantStatusSchema) } },
    async (req) => {
      await sessions.require(req);
      const c = app.config.assistant;
      return ok({ configured: c !== null, provider: c?.provider ?? null, model: c?.model ?? null });
    },
  );

  app.post(
    '/ai/chat',
    {
      schema: {
        tags,
        summary: 'Ask the assistant: the answer streams as server-sent events (meta, delta, tool, done | error)',
        description:
          'text/event-stream: `event: meta` {conversationId}; `event: delta` {text}; `event: tool` {name, input, summary}; `event: done` {usage: {promptTokens, completionTokens}}; `event: error` {message}. ' +
          'Refusals before the stream use the envelope: 503 not configured, 429 over the per-minute rate or the daily token budget, 404 an unknown project or conversation.',
        security: SIGNED_IN,
        body: chatBody,
        response: { 200: z.string().describe('text/event-stream'), '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
    },
    async (req, reply) => {
      const { user } = await sessions.require(req);
      const config = app.config.assistant;
      if (!config) throw apiError('PROVIDER_NOT_CONFIGURED', { service: 'The AI assistant' });
      const { projectId, conversationId, message } = req.body;
      const project = projectId === undefined ? null : await projects.row(user.id, projectId);
      if (conversationId !== undefined) {
        const c = await store.own(user.id, conversationId);
        if (c.project_id !== (project?.id ?? null)) throw apiError('NOT_FOUND', {}, { field: 'conversationId' });
      }
      const now = app.clock.now();
      await admitChat(app.db, config, user.id, now);
      const id = conversationId ?? (await store.create(user.id, project?.id ?? null, message, now));
      await store.add(id, { role: 'user', content: message }, now);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': String(req.id),
      });
      await streamChat(app, config, store, { userId: user.id, project: project ? { id: project.id, name: project.name } : null, conversationId: id, message }, reply.raw);
    },
  );

  app.get(
    '/ai/conversations',
    { schema: { tags, summary: "The user's conversations about a project (none given: about no project), newest first", security: SIGNED_IN, querystring: conversationsQuery, response: responses(z.array(conversationSummarySchema)) } },
    async (req) => {
      const { user } = await sessions.require(req);
      if (req.query.projectId !== undefined) await projects.row(user.id, req.query.projectId);
      return ok(await store.list(user.id, req.query.projectId ?? null));
    },
  );

  app.get(
    '/ai/conversation',
    { schema: { tags, summary: 'One of the user’s conversations with its messages', security: SIGNED_IN, querystring: conversationIdQuery, response: responses(conversationSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await store.get(user.id, req.query.id));
    },
  );

  app.delete(
    '/ai/conversation',
    { schema: { tags, summary: 'Delete one of the user’s conversations', security: SIGNED_IN, querystring: conversationIdQuery, response: responses(emptySchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      await store.remove(user.id, req.query.id);
      return ok({});
    },
  );
};

export default assistantRoutes;
