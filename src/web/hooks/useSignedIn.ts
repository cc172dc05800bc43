// After any successful sign-in (password, SMS code, WeChat, bind): store the session, then the
// forced initial-password change, the information completion of a new account, or the page asked
// for (spec 001 §2 behaviours).
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginAnswer } from '../../model/api/auth.ts';
import { afterLoginUrl } from '../app/guard.ts';
import { ROUTES } from '../app/paths.ts';
import { session } from '../session/session.ts';

/** Where to go after a sign-in answer (null: stay for the forced password change). */
export function nextAfterSignIn(answer: Pick<LoginAnswer, 'mustChangePassword' | 'registered'>, search: string): string | null {
  if (answer.mustChangePassword) return null;
  // A new account completes its information first (15 extra trial days, docs/PRODUCT.md; skippable).
  if (answer.registered) return `${ROUTES.completeInfo}?next=${encodeURIComponent(afterLoginUrl(search))}`;
  return afterLoginUrl(search);
}

export function useSignedIn(): (answer: LoginAnswer) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (answer: LoginAnswer) => {
      session.signedIn(answer);
      const next = nextAfterSignIn(answer, search);
      if (next) void navigate(next, { replace: true });
    },
    [navigate, search],
  );
}
