// The browser's local storage as the spec names it (spec 000 §3 "Local storage keys", §4 "Login
// state"): what a sign-in stores, what a 401/403 clears, what a logout clears. Pure functions over a
// `KeyValueStore` (localStorage in the page, a Map in the tests).
import type { LoginAnswer, UserInfo } from '../../model/api/auth.ts';

/** The subset of the Web Storage API this module needs. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Every local-storage key of the spec (000 §3, 001 §3). */
export const STORAGE_KEYS = [
  'token',
  'userInfo',
  'userId',
  'licenses',
  'phone',
  'enterpriseUserId',
  'enterpriseUrl',
  'enterpriseId',
  'isEnterprise',
  'isAdministrator',
  'language',
  'uuid',
] as const;

export type StorageKey = (typeof STORAGE_KEYS)[number];

/** Cleared when the server answers 401 or 403 (spec 000 §4 "Login state", 001 §4). */
export const SESSION_KEYS: readonly StorageKey[] = ['userInfo', 'userId', 'token', 'licenses', 'phone', 'enterpriseUserId', 'enterpriseUrl', 'enterpriseId'];

/**
 * Cleared on logout: "clears local storage" (spec 000 §2 Header). Every key of the spec except
 * `language` — the language is the visitor's preference, not the session's (our decision).
 */
export const LOGOUT_KEYS: readonly StorageKey[] = STORAGE_KEYS.filter((k) => k !== 'language');

/** Not part of the spec: set while the session may only change the initial password (428). */
export const MUST_CHANGE_PASSWORD_KEY = 'mustChangePassword';

/** The browser's localStorage, or a throw-away map where there is none (privacy mode). */
export function browserStore(): KeyValueStore {
  try {
    if (globalThis.localStorage) return globalThis.localStorage;
  } catch {
    // storage blocked
  }
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) };
}

/** 401/403: removes the session keys (spec 000 §4). */
export function clearSessionKeys(store: KeyValueStore): void {
  for (const k of SESSION_KEYS) store.removeItem(k);
  store.removeItem(MUST_CHANGE_PASSWORD_KEY);
}

/** Logout: removes every spec key but `language`. */
export function clearForLogout(store: KeyValueStore): void {
  for (const k of LOGOUT_KEYS) store.removeItem(k);
  store.removeItem(MUST_CHANGE_PASSWORD_KEY);
}

/** Stores a sign-in answer (token, user info, licences, phone, enterprise flags). */
export function saveLogin(store: KeyValueStore, answer: LoginAnswer): void {
  store.setItem('token', answer.token);
  store.setItem('userId', String(answer.userId));
  store.setItem('userInfo', JSON.stringify(answer.userInfo));
  store.setItem('licenses', JSON.stringify(answer.licenses));
  if (answer.phone) store.setItem('phone', answer.phone);
  else store.removeItem('phone');
  store.setItem('isEnterprise', String(answer.userInfo.isEnterprise));
  store.setItem('isAdministrator', String(answer.userInfo.isAdministrator));
  if (answer.userInfo.enterpriseId !== null) store.setItem('enterpriseId', String(answer.userInfo.enterpriseId));
  else store.removeItem('enterpriseId');
  if (answer.mustChangePassword) store.setItem(MUST_CHANGE_PASSWORD_KEY, 'true');
  else store.removeItem(MUST_CHANGE_PASSWORD_KEY);
}

/**
 * Replaces the stored user info and licences (after GET get-detail). The user detail does not know
 * the organisation chosen in this session: its enterprise flags only ever turn them on; the enterprise
 * calls set and clear them (session/enterprise.ts).
 */
export function saveUserInfo(store: KeyValueStore, info: UserInfo, licenses: Record<string, unknown>): void {
  store.setItem('userInfo', JSON.stringify(info));
  store.setItem('licenses', JSON.stringify(licenses));
  if (info.isEnterprise) {
    store.setItem('isEnterprise', 'true');
    store.setItem('isAdministrator', String(info.isAdministrator));
  }
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The stored user info, or null when absent or not an object. */
export function storedUserInfo(store: KeyValueStore): Partial<UserInfo> | null {
  const v = parseJson(store.getItem('userInfo'));
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Partial<UserInfo>) : null;
}

/** The stored licences ({product}_LITE_licensePermanent …), or {}. */
export function storedLicenses(store: KeyValueStore): Record<string, unknown> {
  const v = parseJson(store.getItem('licenses'));
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function storedToken(store: KeyValueStore): string | null {
  const t = store.getItem('token');
  return t && t.trim() ? t : null;
}

export function storedFlag(store: KeyValueStore, key: 'isEnterprise' | 'isAdministrator'): boolean {
  return store.getItem(key) === 'true';
}
