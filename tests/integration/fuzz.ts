// What the fuzz tests of the API share: arbitrary strings that databases choke on (NUL, lone
// surrogates, LIKE and escape characters, an injection attempt), numbers at the edges of every range,
// hostile JSON (numbers that overflow to ±Infinity, nesting 65 and 5,000 deep, NUL), a call with
// fuzzed query and body, and the check that an answer is the envelope and never a 500.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/** Strings with the characters databases choke on, plus `extra` values of the calls under test. */
export function nastyStrings(maxLength: number, extra: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength }),
    fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '%', '_', '\\', "'; drop table projects; --", '../../etc', 'ﬃ', '𝔘', ...extra),
  );
}

const RAW = '\u0001raw:';

/**
 * A JSON fragment JSON.stringify cannot write (an overflowing literal, very deep nesting), carried
 * as a marked string that fuzzJson writes out raw. Typed as whatever the arbitrary stands in for.
 */
export function rawJson<T = never>(text: string): T {
  return `${RAW}${text}\u0001` as T;
}

/** The JSON text of a fuzzed value: JSON.stringify, with rawJson fragments written out as they are. */
export function fuzzJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:(.*?)\\u0001"/g, (_m, text: string) => text);
}

const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

/**
 * Numbers at the edges: any integer or double, 0, −1, 2³¹, 2⁵³, ±1e308, the largest double, and
 * literals that overflow to ±Infinity when parsed (1e400, -1e999).
 */
export const edgeNumbers: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1e308, -1e308, Number.MAX_VALUE),
  fc.constantFrom(rawJson<number>('1e400'), rawJson<number>('-1e999')),
);

/** Hostile JSON values (issue 19): overflowing numbers, nesting past 64 levels (65 and 5,000), NUL, a NaN literal. */
export const hostileJson: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  rawJson('NaN'),
  rawJson('1e400'),
  rawJson('-1e999'),
  rawJson(nested(65, '[', ']')),
  rawJson(nested(5000, '[', ']')),
  rawJson(nested(100, '{"a":', '}')),
  'a\u0000b',
  { ['k\u0000']: 1 },
);

export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
}

/** Calls a route with a fuzzed query and (for POST/PUT) a JSON body, signed in when `auth` has the bearer. */
export function fuzzedCall(t: TestApp, route: FuzzRoute, query: unknown, body: unknown, auth: Record<string, string>): Promise<LightMyRequestResponse> {
  return t.inject({
    method: route.method,
    url: route.url,
    query: query as Record<string, string>,
    ...(route.method === 'GET' ? { headers: auth } : { payload: fuzzJson(body), headers: { 'content-type': 'application/json', ...auth } }),
  });
}

/** The answer is not a 500 and is the envelope { code: number, msg: string }. */
export function expectEnvelope(res: LightMyRequestResponse, context = ''): void {
  expect(res.statusCode, `${context} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const json = JSON.parse(res.body) as { code: unknown; msg: unknown };
  expect(typeof json.code).toBe('number');
  expect(typeof json.msg).toBe('string');
}
