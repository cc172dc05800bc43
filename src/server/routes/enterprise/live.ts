// The live project connection (spec 000 §7 "Live connection": a WebSocket at
// /websocket/{uuid}/{userId}/{enterpriseId}; §4 "Enterprise live access"): the browser's session
// cookie (or a bearer header) identifies the user; the hub (enterprise/live-access.ts) answers
// ACCESS_GRANTED or ACCESS_DENIED, handles the release message and closes the connection when the
// member's access is revoked on any server.
import websocket from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { liveParams } from '../../../model/api/enterprise.ts';
import type { EnterpriseServices } from '../../enterprise/services.ts';

/** Largest client message [bytes] (the messages are a few dozen bytes). */
const MAX_MESSAGE = 4 * 1024;

const liveRoutes: FastifyPluginAsyncZod<{ enterprise: EnterpriseServices }> = async (app, { enterprise }) => {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE } });

  app.get(
    '/websocket/:uuid/:userId/:enterpriseId',
    {
      websocket: true,
      schema: { tags: ['enterprise'], summary: 'The live project connection (WebSocket): ACCESS_GRANTED / ACCESS_DENIED / RELEASED', params: liveParams },
    },
    async (socket, req) => {
      const auth = await app.services.sessions.optional(req).catch(() => null);
      await enterprise.live.accept(socket, auth?.user.id ?? null, req.params).catch((err: unknown) => {
        req.log.error({ err }, 'live connection failed');
        socket.close(1011, 'server error');
      });
    },
  );
};

export default liveRoutes;
