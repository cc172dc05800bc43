// GET /api/web/decrypt/decryptKey?id= (spec 000 §7): a device's credential decrypted, for the plant's
// owner or an administrator of its enterprise only, each call audited (src/server/aiom/decrypt-key.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decryptKeyQuery, decryptKeySchema } from '../../../model/api/aiom-operations.ts';
import { requireAiomLicence } from '../../aiom/configuration.ts';
import { operationsOf } from '../../aiom/configuration-services.ts';
import { decryptDeviceKey } from '../../aiom/decrypt-key.ts';
import { ok, responses } from '../../envelope.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const decryptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/decrypt/decryptKey',
    { schema: { tags: ['device'], summary: 'A device\'s stored credential, decrypted (plant owner or enterprise administrator; audited)', security: SIGNED_IN, querystring: decryptKeyQuery, response: responses(decryptKeySchema) } },
    async (req) => {
      const { user } = await app.services.sessions.require(req);
      await requireAiomLicence(app, user.id);
      return ok(await decryptDeviceKey(app.db, app.clock, operationsOf(app).secrets(), user.id, req.query.id, req.ip ?? null));
    },
  );
};

export default decryptRoutes;
