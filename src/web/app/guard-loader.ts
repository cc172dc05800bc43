// The navigation guard's effects (spec 000 §2 "Navigation guard"), run as the root route's loader
// before every navigation (the root route revalidates on each one): refresh the permission check
// (every route but /loadLogin), send guests to login, raise ROLES_ERROR for a stored user without
// backend access, wait GUARD_DELAY_MS for the aiom permission, and check the licence before a new
// project (settingBasic without id). The decision itself is guard.ts.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getDetail } from '../api/user.ts';
import { emitApiEvent } from '../api/events.ts';
import { i18n } from '../i18n/index.ts';
import { session } from '../session/session.ts';
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
