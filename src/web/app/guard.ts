// The navigation guard's decision (spec 000 §2 "Navigation guard", §6; 001 §2), as a pure function
// of the target and the stored session. The effects (refreshing permissions, the 0.5 s aiom delay,
// the licence check, redirects) are carried out by guard-loader.ts.
import { isPublicPath, normalisePath, ROUTES, UNGUARDED_PATHS } from './paths.ts';
import type { Permissions } from '../session/permissions.ts';

/** Guard delay [ms] (spec 000 §9). */
export const GUARD_DELAY_MS = 500;

/** Raised when the stored user info is absent or the backend is disabled (spec 000 §6). */
export const ROLES_ERROR = 'getInfo: roles must be a non-null array !';

export interface GuardInput {
  /** Target path and query string ('?id=3' or ''). */
  path: string;
  search: string;
  token: string | null;
  /** The stored user info (only isEnableBackend is read); null when absent. */
  userInfo: { isEnableBackend?: boolean } | null;
  permissions: Permissions;
  isAdministrator: boolean;
  /** The session may only change the initial password (our server's 428). */
  mustChangePassword: boolean;
}

export type GuardDecision =
  /** /loadLogin: no permission refresh, no checks. */
  | { kind: 'skip' }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Token present but no usable user info: clear the session and raise ROLES_ERROR. */
  | { kind: 'invalidUser' }
  /** aiom list / aiomSetting without the aiom permission: wait GUARD_DELAY_MS, check again. */
  | { kind: 'awaitAiom' }
  /** settingBasic without an id (a new project): check the licence first. */
  | { kind: 'checkLicense' };

/** The O&M routes that need the aiom permission (spec 000 §2). */
export function needsAiom(path: string): boolean {
  const p = normalisePath(path);
  return p === ROUTES.homeAiom || p === '/aiomSetting' || p.startsWith('/aiomSetting/');
}

export function guardDecision(input: GuardInput): GuardDecision {
  const path = normalisePath(input.path);
  if (UNGUARDED_PATHS.includes(path)) return { kind: 'skip' };
  if (isPublicPath(path)) return { kind: 'allow' };
  if (!input.token) {
    const back = path === '/' ? '' : `?redirect=${encodeURIComponent(path + input.search)}`;
    return { kind: 'redirect', to: ROUTES.login + back };
  }
  if (!input.userInfo || input.userInfo.isEnableBackend !== true) return { kind: 'invalidUser' };
  if (input.mustChangePassword) return { kind: 'redirect', to: ROUTES.login };
  if (path === ROUTES.enterpriseHome && !input.isAdministrator) return { kind: 'redirect', to: ROUTES['enterprise-projectList'] };
  if (needsAiom(path) && !input.permissions.aiom) return { kind: 'awaitAiom' };
  if (path === '/setting/basic' && !new URLSearchParams(input.search).get('id')) return { kind: 'checkLicense' };
  return { kind: 'allow' };
}

/** Where the login page sends the user after signing in: the guarded page asked for, or the list. */
export function afterLoginUrl(search: string): string {
  const r = new URLSearchParams(search).get('redirect');
  // Only same-app paths: never an absolute or protocol-relative url.
  if (r && r.startsWith('/') && !r.startsWith('//') && !isPublicPath(r)) return r;
  return ROUTES.homeList;
}
