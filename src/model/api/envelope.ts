// The response envelope `{ code, msg, data }` of every API answer (spec 000 §8) as zod schemas,
// shared by the server's response maps and the web app's client.
import { z } from 'zod';

/** The envelope of every API answer. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The success envelope around `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.literal(200).describe('200: success'),
    msg: z.string(),
    data,
  });
}

/** A failure's details; `error` is the catalogue key (src/server/errors.ts). */
export const errorData = z
  .object({
    error: z.string().describe('catalogue key, e.g. CODE_TOO_FREQUENT'),
    field: z.string().optional().describe('the input at fault'),
    retryAfter: z.number().optional().describe('seconds until the request may be repeated'),
    captchaRequired: z.boolean().optional().describe('the password sign-in now needs uuid + captcha'),
    currentVersion: z.number().int().optional().describe('a stale save (409): the version now stored'),
  })
  .nullable();

export const errorEnvelope = z
  .object({
    code: z.number().int().describe('401/403: session ended, clear it; other: show msg'),
    msg: z.string(),
    data: errorData,
  })
  .describe('failure');

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The response map of a route: 200 with `data`, and the failure envelope for 4xx and 5xx. */
export function responses<T extends z.ZodType>(data: T) {
  return { 200: envelope(data), '4xx': errorEnvelope, '5xx': errorEnvelope } as const;
}

/** Optional numeric id in a query string. */
export const queryId = z.coerce.number().int().positive().optional();

/** An empty answer. */
export const emptySchema = z.object({});
