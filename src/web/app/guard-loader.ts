// The navigation guard's effects (spec 000 §2 "Navigation guard"), run as the root route's loader
// before every navigation (the root route revalidates on each one): refresh the permission check
// (every route but /loadLogin), send guests to login, raise ROLES_ERROR for a stored user without
// backend access, wait GUARD_DELAY_MS for the aiom permission, and check the licence before a new
// project (settingBasic without id); on /enterprise, learn the user's organisations first
// (enterEnterprise, session/enterprise.ts). The decision itself is guard.ts.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getEnterpriseChoices, switchEnterprise } from '../api/enterprise.ts';
import { ApiError } from '../api/http.ts';
import { getDetail } from '../api/user.ts';
import { emitApiEvent } from '../api/events.ts';
import { i18n } from '../i18n/index.ts';
import { enterpriseEntry, isEnterprisePath, markPersonal, NOT_ENTERPRISE_CODE, saveEnterpriseSession, storedEnterpriseId } from '../session/enterprise.ts';
import { session } from '../session/session.ts';
import { browserStore } from '../session/storage.ts';
import { GUARD_DELAY_MS, guardDecision, ROLES_ERROR } from './guard.ts';
import { ROUTES } from './paths.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Reloads the user detail (licences, trial) from the server; false when it failed. */
async function reloadPermissions(): Promise<boolean> {
  try {
    const detail = await getDetail({ silent: true });
    session.userInfoLoaded(detail, detail.entitlements.licenses);
    return true;
  } catch {
    return false;
  }
}

/**
 * Entering /enterprise (docs/ENTERPRISE.md, spec 001 §2, §6): asks for the user's organisations,
 * keeps the chosen one (its current role), chooses the only one, or answers the chooser's url; a
 * personal user is marked so (the layout shows the spec's message with the link to the personal
 * edition). Any other failure leaves the stored session as it is (the pages' calls say why).
 */
async function enterEnterprise(url: URL): Promise<string | null> {
  const store = browserStore();
  let to: string | null = null;
  try {
    const choices = await getEnterpriseChoices({ silent: true });
    const entry = enterpriseEntry(choices, storedEnterpriseId(store), url.pathname, url.pathname + url.search);
    if (entry.kind === 'personal') markPersonal(store);
    else store.setItem('isEnterprise', 'true');
    if (entry.kind === 'keep') store.setItem('isAdministrator', String(entry.isAdministrator));
    if (entry.kind === 'switch') saveEnterpriseSession(store, await switchEnterprise(entry.enterpriseId));
    if (entry.kind === 'choose') to = entry.to;
  } catch (e) {
    if (e instanceof ApiError && e.code === NOT_ENTERPRISE_CODE) markPersonal(store);
  }
  session.refresh();
  return to;
}

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const input = () => {
    const s = session.get();
    return {
      path: url.pathname,
      search: url.search,
      token: s.token,
      userInfo: s.userInfo,
      permissions: s.permissions,
      isAdministrator: s.isAdministrator,
      mustChangePassword: s.mustChangePassword,
    };
  };
  let decision = guardDecision(input());
  if (decision.kind === 'skip') return null;
  session.refresh();
  decision = guardDecision(input());
  // /enterprise: the user's organisations first (the chosen one and its role, or the chooser).
  if (isEnterprisePath(url.pathname) && (decision.kind === 'allow' || (decision.kind === 'redirect' && isEnterprisePath(decision.to)))) {
    const to = await enterEnterprise(url);
    if (to) throw redirect(to);
    decision = guardDecision(input());
  }
  switch (decision.kind) {
    case 'allow':
      return null;
    case 'redirect':
      throw redirect(decision.to);
    case 'invalidUser':
      session.ended(false);
      emitApiEvent({ type: 'error', message: ROLES_ERROR });
      throw redirect(ROUTES.login);
    case 'awaitAiom': {
      // The aiom permission may be on its way (a fresh sign-in, a licence just bought): wait, ask the
      // server once, and send the user back to the design list if it is still off.
      await sleep(GUARD_DELAY_MS);
      await reloadPermissions();
      if (session.get().permissions.aiom) return null;
      emitApiEvent({ type: 'error', message: i18n.t('guard.noAiom') });
      throw redirect(ROUTES.homeLite);
    }
    case 'checkLicense': {
      await reloadPermissions();
      if (session.get().permissions.lite) return null;
      emitApiEvent({ type: 'error', message: i18n.t('guard.expired') });
      throw redirect(ROUTES.homeList);
    }
  }
  return null;
}
