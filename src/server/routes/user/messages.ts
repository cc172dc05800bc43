// The signed-in user's messages (personal centre /user/message): the list page by page (newest
// first; all, unread or read), the unread count for the badges, mark one or all read, delete one.
// Messages are language-neutral (kind + params, src/model/api/messages.ts); the web app words them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageChangeSchema, messageIdBody, messageListQuery, messageListSchema, unreadSchema } from '../../../model/api/messages.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['message'];

const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, messages } = app.services;

  app.get(
    '/message/list',
    {
      schema: {
        tags,
        summary: 'The user’s messages, newest first, with the unread count; status: all (default), unread or read',
        security: SIGNED_IN,
        querystring: messageListQuery,
        response: responses(messageListSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await messages.list(user.id, req.query));
    },
  );

  app.get(
    '/message/unread-count',
    { schema: { tags, summary: 'How many messages are unread (the badges)', security: SIGNED_IN, response: responses(unreadSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok({ unread: await messages.unread(user.id) });
    },
  );

  app.post(
    '/message/read',
    { schema: { tags, summary: 'Mark one message read', security: SIGNED_IN, body: messageIdBody, response: responses(messageChangeSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      const changed = await messages.markRead(user.id, req.body.id);
      return ok({ changed, unread: await messages.unread(user.id) });
    },
  );

  app.post(
    '/message/read-all',
    { schema: { tags, summary: 'Mark every message read', security: SIGNED_IN, response: responses(messageChangeSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      const changed = await messages.markAllRead(user.id);
      return ok({ changed, unread: await messages.unread(user.id) });
    },
  );

  app.post(
    '/message/delete',
    { schema: { tags, summary: 'Delete one message', security: SIGNED_IN, body: messageIdBody, response: responses(messageChangeSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      const changed = await messages.delete(user.id, req.body.id);
      return ok({ changed, unread: await messages.unread(user.id) }, 'Deleted');
    },
  );
};

export default messageRoutes;
