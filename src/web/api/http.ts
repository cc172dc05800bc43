// The one place the web app talks HTTP (spec 000 §7 "Conventions"): Authorization bearer from the
// stored token, headers client=LITE and Platform=LITE (MAIL for the mail-code calls), lang, and
// isEnterprise + enterpriseId when set; the loginToken cookie rides along (same origin); timeout
// 500000 ms. Every answer goes through interpretAnswer (envelope.ts) and its data through the shared
// zod schema of the call (src/model/api), so a page receives typed, checked data or an ApiError.
import type { z } from 'zod';
import { i18n } from '../i18n/index.ts';
import { browserStore, clearSessionKeys, storedFlag, storedToken, type KeyValueStore } from '../session/storage.ts';
import { interpretAnswer, type ErrorDetails } from './envelope.ts';
import { emitApiEvent } from './events.ts';

/** Request timeout [ms] (spec 000 §9). */
export const REQUEST_TIMEOUT_MS = 500_000;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A multipart body (files), sent as it is instead of `body`. */
  form?: FormData;
  /** Platform header: MAIL for the mail-code endpoints (spec 000 §7). */
  platform?: 'LITE' | 'MAIL';
  /** Do not toast a failure (the caller shows it in place). Session handling still happens. */
  silent?: boolean;
  signal?: AbortSignal;
}

/** A rejected call: the envelope code, the server's message and its details (field, error key). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly details: ErrorDetails | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The input the server blames, if any (`data.field`). */
  get field(): string | undefined {
    return this.details?.field;
  }
}

let store: KeyValueStore = browserStore();

/** Tests: use another store. */
export function setClientStore(s: KeyValueStore): void {
  store = s;
}

export function clientStore(): KeyValueStore {
  return store;
}

/** `path?query` with undefined/null values left out. */
export function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** The headers of spec 000 §7 for the current session and language. */
export function requestHeaders(s: KeyValueStore, language: string, platform: 'LITE' | 'MAIL' = 'LITE'): Record<string, string> {
  const h: Record<string, string> = { client: 'LITE', Platform: platform, lang: language };
  const token = storedToken(s);
  if (token) h.Authorization = `Bearer ${token}`;
  if (storedFlag(s, 'isEnterprise')) {
    h.isEnterprise = 'true';
    const id = s.getItem('enterpriseId');
    if (id) h.enterpriseId = id;
  }
  return h;
}

function busy(): string {
  return i18n.t('errors.busy');
}

/** Calls the API and returns the answer's `data`, checked by `schema`. */
export async function request<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
  const { res, body } = await send(path, options, false);
  const outcome = interpretAnswer(res.status, body);
  if (outcome.kind !== 'ok') return settleFailure(outcome, options);
  const parsed = schema.safeParse(outcome.data);
  if (!parsed.success) return fail(options, 500, busy());
  return parsed.data;
}

/** Calls the API for a file: a success answers its bytes; a failure is handled like `request`'s. */
export async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const { res, body, blob } = await send(path, options, true);
  if (blob) return blob;
  return settleFailure(interpretAnswer(res.status, body), options);
}

/** Rejects with an ApiError, toasting it unless `silent`. */
function fail(options: RequestOptions, code: number, msg: string, details: ErrorDetails | null = null): never {
  const text = msg || busy();
  if (!options.silent) emitApiEvent({ type: 'error', message: text });
  throw new ApiError(code, text, details);
}

/** Sends the call with the headers of every call; reads a JSON answer (or, for `wantBlob`, a success's bytes). */
async function send(path: string, options: RequestOptions, wantBlob: boolean): Promise<{ res: Response; body: unknown; blob?: Blob }> {
  const headers = requestHeaders(store, i18n.language || 'zh', options.platform);
  const init: RequestInit = { method: options.method ?? (options.form ? 'POST' : 'GET'), headers, credentials: 'same-origin' };
  if (options.form) {
    init.body = options.form;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  init.signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(withQuery(path, options.query), init);
  } catch (e) {
    if (options.signal?.aborted) throw e;
    return fail(options, 0, busy());
  }
  if (wantBlob && res.ok) return { res, body: undefined, blob: await res.blob() };
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  return { res, body };
}

/** Acts on an answer that is not a usable success (spec 000 §8): session end, 428, -2, errors. */
function settleFailure(outcome: ReturnType<typeof interpretAnswer>, options: RequestOptions): never {
  switch (outcome.kind) {
    case 'ok': // a success whose data is not what was asked for
      return fail(options, 500, busy());
    case 'enterpriseList':
      emitApiEvent({ type: 'enterpriseList' });
      throw new ApiError(-2, '');
    case 'sessionEnded':
      clearSessionKeys(store);
      emitApiEvent({ type: 'sessionEnded' });
      throw new ApiError(outcome.code, outcome.msg || i18n.t('errors.loggedOut'));
    case 'passwordChangeRequired':
      emitApiEvent({ type: 'passwordChangeRequired' });
      return fail(options, 428, outcome.msg);
    case 'error':
      return fail(options, outcome.code, outcome.msg, outcome.details);
  }
}
