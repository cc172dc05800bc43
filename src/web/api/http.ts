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
  const headers = requestHeaders(store, i18n.language || 'zh', options.platform);
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  init.signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  const fail = (code: number, msg: string, details: ErrorDetails | null = null): never => {
    const text = msg || busy();
    if (!options.silent) emitApiEvent({ type: 'error', message: text });
    throw new ApiError(code, text, details);
  };

  let res: Response;
  try {
    res = await fetch(withQuery(path, options.query), init);
  } catch (e) {
    if (options.signal?.aborted) throw e;
    return fail(0, busy());
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const outcome = interpretAnswer(res.status, body);
  switch (outcome.kind) {
    case 'ok': {
      const parsed = schema.safeParse(outcome.data);
      if (!parsed.success) return fail(500, busy());
      return parsed.data;
    }
    case 'enterpriseList':
      emitApiEvent({ type: 'enterpriseList' });
      throw new ApiError(-2, '');
    case 'sessionEnded':
      clearSessionKeys(store);
      emitApiEvent({ type: 'sessionEnded' });
      throw new ApiError(outcome.code, outcome.msg || i18n.t('errors.loggedOut'));
    case 'passwordChangeRequired':
      emitApiEvent({ type: 'passwordChangeRequired' });
      return fail(428, outcome.msg);
    case 'error':
      return fail(outcome.code, outcome.msg, outcome.details);
  }
}
