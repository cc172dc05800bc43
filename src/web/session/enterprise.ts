// The enterprise session as local storage keeps it (spec 000 §3 keys enterpriseId, enterpriseUserId,
// enterpriseUrl, isEnterprise, isAdministrator; §6 "Enterprise mode is flagged by isEnterprise"; 001
// §2 /enterprise/selectEnterprise, "switch organisation"), and what the guard does on entering
// /enterprise (docs/ENTERPRISE.md): `isEnterprise` says the user belongs to an organisation,
// `enterpriseId` that one is chosen (enterprise mode: the home button goes to the enterprise project
// list, calls carry the enterpriseId header). Pure functions over a KeyValueStore.
import { ROUTES } from '../app/paths.ts';
import type { KeyValueStore } from './storage.ts';

const SELECT_ENTERPRISE: string = ROUTES.selectEnterprise;

/** The answer code of an enterprise call by a user of no organisation (not 401/403: the session stays). */
export const NOT_ENTERPRISE_CODE = 402;

/** An organisation of the chooser, as far as the session needs it. */
export interface ChoiceLike {
  enterpriseId: number;
  isAdministrator: boolean;
}

/** What switch-enterprise answers and the session keeps. */
export interface EnterpriseSessionLike {
  enterpriseId: number;
  enterpriseUserId: number;
  enterpriseUrl: string;
  isAdministrator: boolean;
}

/** Keeps the chosen organisation (after switch-enterprise). */
export function saveEnterpriseSession(store: KeyValueStore, s: EnterpriseSessionLike): void {
  store.setItem('enterpriseId', String(s.enterpriseId));
  store.setItem('enterpriseUserId', String(s.enterpriseUserId));
  store.setItem('enterpriseUrl', s.enterpriseUrl);
  store.setItem('isEnterprise', 'true');
  store.setItem('isAdministrator', String(s.isAdministrator));
}

/** Leaves enterprise mode (the personal edition): the organisation is no longer chosen. */
export function leaveEnterprise(store: KeyValueStore): void {
  store.removeItem('enterpriseId');
  store.removeItem('enterpriseUserId');
  store.removeItem('enterpriseUrl');
  store.setItem('isAdministrator', 'false');
}

/** The user belongs to no organisation: every enterprise key goes, isEnterprise is false. */
export function markPersonal(store: KeyValueStore): void {
  leaveEnterprise(store);
  store.setItem('isEnterprise', 'false');
}

/** The stored organisation id, or null (absent or not a positive integer). */
export function storedEnterpriseId(store: KeyValueStore): number | null {
  const raw = store.getItem('enterpriseId');
  const n = raw === null ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** /enterprise and every path under it. */
export function isEnterprisePath(path: string): boolean {
  return path === '/enterprise' || path.startsWith('/enterprise/');
}

export type EnterpriseEntry =
  /** Not an enterprise user: the layout shows the spec's message with the link to the personal edition. */
  | { kind: 'personal' }
  /** The chooser itself: nothing to decide. */
  | { kind: 'chooser' }
  /** The stored organisation is one of the user's: keep it, with its current role. */
  | { kind: 'keep'; isAdministrator: boolean }
  /** Nothing (or an organisation the user left) stored and exactly one organisation: choose it. */
  | { kind: 'switch'; enterpriseId: number }
  /** Several organisations and none usable stored: the chooser, then back here. */
  | { kind: 'choose'; to: string };

/**
 * What entering an /enterprise page does, from the user's organisations (the chooser's answer) and
 * the stored choice. `target` is the path and query asked for.
 */
export function enterpriseEntry(choices: { isEnterprise: boolean; list: readonly ChoiceLike[] }, stored: number | null, path: string, target: string): EnterpriseEntry {
  if (!choices.isEnterprise || choices.list.length === 0) return { kind: 'personal' };
  if (path === SELECT_ENTERPRISE) return { kind: 'chooser' };
  const kept = stored === null ? undefined : choices.list.find((c) => c.enterpriseId === stored);
  if (kept) return { kind: 'keep', isAdministrator: kept.isAdministrator };
  if (choices.list.length === 1) return { kind: 'switch', enterpriseId: choices.list[0].enterpriseId };
  return { kind: 'choose', to: `${SELECT_ENTERPRISE}?redirect=${encodeURIComponent(target)}` };
}

/** Where the chooser goes after a choice: the page asked for (an /enterprise path), else the organisation's home. */
export function afterChoiceUrl(search: string, enterpriseUrl: string): string {
  const r = new URLSearchParams(search).get('redirect');
  if (r && isEnterprisePath(r.split('?')[0]) && !r.startsWith(SELECT_ENTERPRISE)) return r;
  return enterpriseUrl;
}
