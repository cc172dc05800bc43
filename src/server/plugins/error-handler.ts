// Turns every failure into the envelope (errors.ts): ApiError → its catalogue entry; a schema
// validation failure → HTTP 400 naming the field; Fastify's own client errors (bad JSON, too large,
// wrong content type) → their status with a plain message; anything else → 500 'The system is busy'
// with the details in the log only (never a stack to the client).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '../envelope.ts';
import { ApiError, ERRORS, langOf, messageOf, type ErrorKey } from '../errors.ts';

function send(reply: FastifyReply, request: FastifyRequest, key: ErrorKey, params: Record<string, string | number>, details: Omit<NonNullable<ErrorEnvelope['data']>, 'error'> = {}) {
  const code = ERRORS[key].code;
  if (details.retryAfter !== undefined) reply.header('retry-after', String(details.retryAfter));
  const body: ErrorEnvelope = { code, msg: messageOf(key, langOf(request.headers.lang), params), data: { error: key, ...details } };
  return reply.code(code).send(body);
}

/** "This field is required" for a missing value, zod's message otherwise. */
function issueMessage(message: string): string {
  return /received undefined/.test(message) ? 'This field is required' : message;
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
      if (error instanceof ApiError) return send(reply, request, error.key, error.params, error.details);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const field = path || (error as { validationContext?: string }).validationContext || 'body';
        return send(reply, request, 'VALIDATION', { field, message: issueMessage(first.message ?? 'invalid') }, { field });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
        return send(reply, request, 'INTERNAL', {});
      }
      const status = (error as FastifyError).statusCode;
      if (status && status >= 400 && status < 500) {
        const key: ErrorKey = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
        request.log.info({ err: error }, 'client error');
        const body: ErrorEnvelope = { code: status, msg: messageOf(key, langOf(request.headers.lang)), data: { error: key } };
        return reply.code(status).send(body);
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, request, 'INTERNAL', {});
    });
  },
  { name: 'error-handler' },
);
