// How the client reads an answer (spec 000 §8 "Response envelope", 001 §8): code 200 → data (an inner
// data code −2 → the enterprise project list), code 0 → the result, 401/403 → clear the session and
// go to login, anything else → the server's message as an error toast and a rejected call. Our
// server adds 428 (change the initial password first). Pure: the client (http.ts) acts on the outcome.
import { errorData, type ErrorEnvelope } from '../../model/api/envelope.ts';

export type ErrorDetails = NonNullable<ErrorEnvelope['data']>;

export type Outcome =
  | { kind: 'ok'; data: unknown }
  | { kind: 'enterpriseList'; data: unknown }
  | { kind: 'sessionEnded'; code: number; msg: string }
  | { kind: 'passwordChangeRequired'; msg: string }
  | { kind: 'error'; code: number; msg: string; details: ErrorDetails | null };

/** Session codes (spec 000 §4 "Login state"). */
export const SESSION_CODES: readonly number[] = [401, 403];
/** Our server: the session may only change the initial password. */
export const PASSWORD_CHANGE_CODE = 428;
/** Inner data code that sends the user to the enterprise project list. */
export const ENTERPRISE_LIST_CODE = -2;

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The outcome of an answer: `httpStatus` and the parsed JSON body (undefined when the body was not
 * JSON). A body without an envelope is an error with the HTTP status as its code and no message
 * (the caller shows its generic busy text).
 */
export function interpretAnswer(httpStatus: number, body: unknown): Outcome {
  if (!isRecord(body) || typeof body.code !== 'number') {
    const code = SESSION_CODES.includes(httpStatus) ? httpStatus : httpStatus >= 400 ? httpStatus : 500;
    if (SESSION_CODES.includes(code)) return { kind: 'sessionEnded', code, msg: '' };
    return { kind: 'error', code, msg: '', details: null };
  }
  const code = body.code;
  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (code === 200 || code === 0) {
    if (isRecord(body.data) && body.data.code === ENTERPRISE_LIST_CODE) return { kind: 'enterpriseList', data: body.data };
    return { kind: 'ok', data: body.data };
  }
  if (SESSION_CODES.includes(code)) return { kind: 'sessionEnded', code, msg };
  if (code === PASSWORD_CHANGE_CODE) return { kind: 'passwordChangeRequired', msg };
  const details = errorData.safeParse(body.data);
  return { kind: 'error', code, msg, details: details.success ? details.data : null };
}
