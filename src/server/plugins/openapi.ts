// OpenAPI 3.1 from the routes' zod schemas: the document at /api/docs/json, Swagger UI at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { TOKEN_COOKIE } from '../accounts/sessions.ts';

/** Route security of signed-in calls, for the schema's `security`. */
export const SIGNED_IN: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { cookieAuth: [] }];

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'PV Studio API',
          version: '1.0.0',
          description:
            'Every answer is the envelope { code, msg, data }: code 200 = success; 401/403 = the session ended ' +
            '(clear it and sign in again); other codes = show msg. Failures carry data.error (a catalogue key) and ' +
            'data.field when one input is at fault. Send `lang: zh` for Chinese messages.',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'accessToken from /api/auth/login' },
            cookieAuth: { type: 'apiKey', in: 'cookie', name: TOKEN_COOKIE },
          },
        },
      },
      transform: createJsonSchemaTransform({ skipList: [] }),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  },
  { name: 'openapi' },
);
