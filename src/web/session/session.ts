// The signed-in session as the pages see it: token, stored user info, licence permissions, enterprise
// flags. Backed by local storage (storage.ts); `refresh()` re-reads it and recomputes the
// permissions (spec 000 §4 "Licence": on login, on trial-end change, on entering the basic page; the
// guard also refreshes before every route but /loadLogin). React reads it with useSession().
import { useSyncExternalStore } from 'react';
import type { LoginAnswer, UserInfo } from '../../model/api/auth.ts';
import { permissionsOf, type Permissions } from './permissions.ts';
import {
  browserStore,
  clearForLogout,
  clearSessionKeys,
  MUST_CHANGE_PASSWORD_KEY,
  saveLogin,
  saveUserInfo,
  storedFlag,
  storedLicenses,
  storedToken,
  storedUserInfo,
  type KeyValueStore,
} from './storage.ts';

export interface SessionSnapshot {
  token: string | null;
  userId: string | null;
  userInfo: Partial<UserInfo> | null;
  permissions: Permissions;
  isEnterprise: boolean;
  isAdministrator: boolean;
  enterpriseId: string | null;
  mustChangePassword: boolean;
}

export function readSession(store: KeyValueStore, now: number = Date.now()): SessionSnapshot {
  return {
    token: storedToken(store),
    userId: store.getItem('userId'),
    userInfo: storedUserInfo(store),
    permissions: permissionsOf(storedLicenses(store), now),
    isEnterprise: storedFlag(store, 'isEnterprise'),
    isAdministrator: storedFlag(store, 'isAdministrator'),
    enterpriseId: store.getItem('enterpriseId'),
    mustChangePassword: store.getItem(MUST_CHANGE_PASSWORD_KEY) === 'true',
  };
}

class SessionStore {
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();
  /** The server ended the session (401/403) since the last sign-in: the login page says so, however
   * the app got there (the reaction's navigation or a guard redirect racing it). */
  private endedByServer = false;

  constructor(private readonly store: KeyValueStore) {
    this.snapshot = readSession(store);
  }

  get = (): SessionSnapshot => this.snapshot;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** Re-reads local storage and recomputes the permissions. */
  refresh(): SessionSnapshot {
    this.snapshot = readSession(this.store);
    for (const l of this.listeners) l();
    return this.snapshot;
  }

  signedIn(answer: LoginAnswer): void {
    this.endedByServer = false;
    saveLogin(this.store, answer);
    this.refresh();
  }

  userInfoLoaded(info: UserInfo, licenses: Record<string, unknown>): void {
    saveUserInfo(this.store, info, licenses);
    this.refresh();
  }

  /** 401/403 (the client already cleared the keys; this also covers other callers). `byServer`:
   * the login page says 'You have been logged out' (false when the app ends it for its own reason,
   * the guard's invalid user: that neither sets the mark nor clears it — only a sign-in or a sign-out
   * does). */
  ended(byServer = true): void {
    this.endedByServer ||= byServer;
    clearSessionKeys(this.store);
    this.refresh();
  }

  /** Whether the server ended the session since the last sign-in (see endedByServer). */
  wasEndedByServer(): boolean {
    return this.endedByServer;
  }

  loggedOut(): void {
    this.endedByServer = false;
    clearForLogout(this.store);
    this.refresh();
  }
}

export const session = new SessionStore(browserStore());

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
