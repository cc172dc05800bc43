// What the fuzz tests of the API share: arbitrary strings that databases choke on (NUL, lone
// surrogates, LIKE and escape characters, an injection attempt), numbers at the edges of every range,
// a call with fuzzed query and body, and the check that an answer is the envelope and never a 500.
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

/** Numbers at the edges: any integer or double, 0, −1, 2³¹, 2⁵³, ±1e308. */
export const edgeNumbers = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1e308, -1e308));

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
    ...(route.method === 'GET' ? { headers: auth } : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth } }),
  });
}

/** The answer is not a 500 and is the envelope { code: number, msg: string }. */
export function expectEnvelope(res: LightMyRequestResponse, context = ''): void {
  expect(res.statusCode, `${context} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const json = JSON.parse(res.body) as { code: unknown; msg: unknown };
  expect(typeof json.code).toBe('number');
  expect(typeof json.msg).toBe('string');
}
