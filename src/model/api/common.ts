// Building blocks of the API schemas: ids, paging, texts the database can store, JSON documents.
import { z } from 'zod';

/** Largest id an `integer` column holds (PostgreSQL int4). */
export const MAX_ID = 2_147_483_647;

export const API_MESSAGES = {
  required: 'This field is required',
  format: 'Format incorrect',
  latLng: 'The latitude and longitude format is incorrect',
} as const;

/** A record id: a positive whole number in an integer column's range (query strings are coerced). */
export const recordId = z.coerce
  .number({ error: API_MESSAGES.required })
  .int(API_MESSAGES.format)
  .positive(API_MESSAGES.format)
  .max(MAX_ID, API_MESSAGES.format);

/** A text without NUL characters (which no PostgreSQL text can hold), trimmed, at most `max` characters. */
export function plainText(max: number) {
  return z
    .string({ error: API_MESSAGES.format })
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((s) => !s.includes('\u0000'), API_MESSAGES.format);
}

/** A required text: trimmed, not empty ('This field is required'), without NUL, at most `max`. */
export function requiredPlainText(max: number) {
  return z
    .string({ error: API_MESSAGES.required })
    .trim()
    .min(1, API_MESSAGES.required)
    .max(max, `at most ${max} characters`)
    .refine((s) => !s.includes('\u0000'), API_MESSAGES.format);
}

/** page (from 1) and size (1–100) of a list. */
export function pageQuery(defaultSize = 10) {
  return {
    page: z.coerce.number().int().min(1).max(100_000).default(1).describe('from 1'),
    size: z.coerce.number().int().min(1).max(100).default(defaultSize),
  };
}

/** A query-string boolean: true/false/1/0. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** A JSON document of the design data: an object or an array (any content). */
export const jsonDocument = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())], { error: 'must be a JSON object or array' })
  .describe('the step\'s design data (any JSON object or array)');

/** An ISO 8601 timestamp. */
export const isoTime = z.string().describe('ISO 8601');

export const listOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), page: z.number().int(), size: z.number().int(), list: z.array(item) });
