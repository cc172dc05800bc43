// The response envelope `{ code, msg, data }` (spec 000 §8): the zod schemas live in
// src/model/api/envelope.ts (shared with the web app); here the helpers that fill it.
export { envelope, errorData, errorEnvelope, responses, type Envelope, type ErrorEnvelope } from '../model/api/envelope.ts';

/** The success envelope (msg defaults to 'ok'; spec texts such as 'Code sent successfully' go here). */
export function ok<T>(data: T, msg = 'ok'): { code: 200; msg: string; data: T } {
  return { code: 200, msg, data };
}

/**
 * The success envelope around data that is JSON text already, as the answer's body: for the busiest
 * answers, whose data the database writes (project list), so that it is not parsed, checked and
 * serialized again on every call. The caller vouches that the text matches the route's response
 * schema, and a test must check that it does (send it with content type application/json).
 */
export function okJsonText(dataJson: string, msg = 'ok'): string {
  return `{"code":200,"msg":${JSON.stringify(msg)},"data":${dataJson}}`;
}

/** An ISO 8601 timestamp (UTC) or null. */
export function isoOrNull(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}
