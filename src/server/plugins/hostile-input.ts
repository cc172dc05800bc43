// Hostile input (issue 19): what no route may receive or answer, checked once for every route so that
// it answers 400 with the envelope instead of failing somewhere deeper with a 500:
//   - a NUL character in the URL (path or query string, raw or %00) or anywhere in a JSON body,
//     keys included (no PostgreSQL text can hold one);
//   - JSON nested deeper than JSON_MAX_DEPTH levels (recursive code downstream would overflow the stack);
//   - a JSON number that is not finite (1e400 parses as Infinity);
//   - an answer holding NaN or ±Infinity (JSON would turn it into null: RESULT_NOT_FINITE names where).
// The JSON body parser is Fastify's own (prototype poisoning refused), followed by one iterative walk.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../errors.ts';

/** Deepest nesting of objects and arrays a JSON body may have. */
export const JSON_MAX_DEPTH = 64;

export interface JsonFlaw {
  /** Dotted path of the offending value ('' for the whole body). */
  path: string;
  message: string;
}

interface Frame {
  value: object;
  depth: number;
  parent: Frame | null;
  key: string | number;
}

function pathOf(frame: Frame | null, last?: string | number): string {
  const parts: (string | number)[] = last === undefined ? [] : [last];
  for (let f = frame; f?.parent; f = f.parent) parts.push(f.key);
  return parts.reverse().join('.');
}

/**
 * The first flaw of a parsed JSON value (iterative, so any depth is safe to inspect): a string or key
 * with NUL, nesting deeper than `maxDepth`, a number that is not finite. null when there is none.
 * `checkStrings` false looks at the numbers and the depth only.
 */
export function jsonFlaw(root: unknown, maxDepth = JSON_MAX_DEPTH, checkStrings = true): JsonFlaw | null {
  const scalar = (v: unknown, frame: Frame | null, key: string | number | undefined): JsonFlaw | null => {
    if (typeof v === 'number' && !Number.isFinite(v)) return { path: pathOf(frame, key), message: 'must be a finite number' };
    if (checkStrings && typeof v === 'string' && v.includes('\u0000')) return { path: pathOf(frame, key), message: 'must not contain NUL characters' };
    return null;
  };
  if (typeof root !== 'object' || root === null) return scalar(root, null, undefined);
  const stack: Frame[] = [{ value: root, depth: 1, parent: null, key: '' }];
  const visit = (frame: Frame, key: string | number, v: unknown): JsonFlaw | null => {
    if (typeof v === 'object' && v !== null) {
      stack.push({ value: v, depth: frame.depth + 1, parent: frame, key });
      return null;
    }
    return scalar(v, frame, key);
  };
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if (frame.depth > maxDepth) return { path: pathOf(frame), message: `JSON nested deeper than ${maxDepth} levels` };
    const value = frame.value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const flaw = visit(frame, i, value[i]);
        if (flaw) return flaw;
      }
      continue;
    }
    for (const key of Object.keys(value)) {
      if (checkStrings && key.includes('\u0000')) return { path: pathOf(frame, key), message: 'keys must not contain NUL characters' };
      const flaw = visit(frame, key, (value as Record<string, unknown>)[key]);
      if (flaw) return flaw;
    }
  }
  return null;
}

/** A NUL character in a URL, raw or percent-encoded. */
export function urlHasNul(url: string): boolean {
  return url.includes('%00') || url.includes('\u0000');
}

function isPlainPayload(payload: unknown): payload is object {
  return typeof payload === 'object' && payload !== null && !Buffer.isBuffer(payload) && typeof (payload as { pipe?: unknown }).pipe !== 'function';
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (urlHasNul(request.url)) {
        const field = urlHasNul(request.url.split('?')[0]) ? 'path' : 'query';
        throw apiError('VALIDATION', { field, message: 'must not contain NUL characters' }, { field });
      }
    });

    const base = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      base(request, body as string, (err, value: unknown) => {
        if (err) return done(err, undefined);
        const flaw = jsonFlaw(value);
        if (!flaw) return done(null, value);
        const field = flaw.path || 'body';
        done(apiError('VALIDATION', { field, message: flaw.message }, { field }), undefined);
      });
    });

    app.addHook('preSerialization', async (_request, _reply, payload: unknown) => {
      if (!isPlainPayload(payload)) return payload;
      const flaw = jsonFlaw(payload, Infinity, false);
      if (flaw) throw apiError('RESULT_NOT_FINITE', { path: flaw.path || 'data' });
      return payload;
    });
  },
  { name: 'hostile-input', dependencies: ['error-handler'] },
);
