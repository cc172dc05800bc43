// Cache-Control: no-store on every API answer: the signed-in ones (anything behind a session: projects,
// orders, images of a project), sign-in answers (they carry the token) and everything else under /api,
// so that neither the browser's disk cache nor a proxy keeps personal data. An API route's own
// Cache-Control is replaced. Outside /api (the web app's static files, static.ts) and the public
// OpenAPI document and Swagger UI files (/api/docs) keep their caching.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Whether the answer to `request` must not be stored: every API path but the API docs. */
export function isPrivateAnswer(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0];
  if (path !== '/api' && !path.startsWith('/api/')) return false;
  return path !== '/api/docs' && !path.startsWith('/api/docs/');
}

export default fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isPrivateAnswer(request)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'cache-control' },
);
