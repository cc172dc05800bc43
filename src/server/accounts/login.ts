// Signing in: phone or e-mail + password (with the wrong-password slow-down and lockout of
// POLICY), phone + SMS code (the first sign-in registers), and the forced change of the initial
// system password.
import type { Kysely } from 'kysely';
import { addMs, type Clock } from '../clock.ts';
import type { Database, User } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { AccountService } from './accounts.ts';
import type { VerificationCodes } from './codes.ts';
import { burnVerification, verifyPassword } from './passwords.ts';
import { POLICY } from './policy.ts';
import { usernameKind } from '../../model/account.ts';
import type { SecurityCheck } from './security-check.ts';

export interface PasswordLogin {
  username: string;
  password: string;
  /** Graphic captcha, required after POLICY.captchaAfterFailures wrong passwords. */
  uuid?: string;
  captcha?: string;
}

export class LoginService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
    private readonly codes: VerificationCodes,
    private readonly security: SecurityCheck,
  ) {}

  /** Phone or e-mail + password. Returns the user and whether the password is the initial one. */
  async withPassword(input: PasswordLogin): Promise<{ user: User; mustChangePassword: boolean }> {
    const username = input.username.trim();
    const kind = usernameKind(username);
    const user = kind === 'phone' ? await this.accounts.byPhone(username) : kind === 'email' ? await this.accounts.byEmail(username) : undefined;
    if (!user) {
      await burnVerification(input.password);
      throw apiError('LOGIN_FAILED');
    }
    const cred = await this.accounts.credentials(user.id);
    if (!cred) throw apiError('NO_PASSWORD');
    const now = this.clock.now();
    if (cred.locked_until && cred.locked_until > now) throw locked(cred.locked_until, now);
    if (cred.failed_attempts >= POLICY.captchaAfterFailures) {
      if (!input.uuid || !input.captcha) throw apiError('CAPTCHA_REQUIRED', {}, { field: 'captcha', captchaRequired: true });
      try {
        await this.security.checkCaptcha(input.uuid, input.captcha);
      } catch {
        throw apiError('CAPTCHA_INVALID', {}, { field: 'captcha', captchaRequired: true });
      }
    }
    if (!(await verifyPassword(cred.password_hash, input.password))) {
      const after = await this.db
        .updateTable('password_credentials')
        .set({ failed_attempts: (eb) => eb('failed_attempts', '+', 1) })
        .where('user_id', '=', user.id)
        .returning('failed_attempts')
        .executeTakeFirstOrThrow();
      if (after.failed_attempts >= POLICY.lockAfterFailures) {
        const until = addMs(now, POLICY.lockDuration);
        await this.db.updateTable('password_credentials').set({ locked_until: until }).where('user_id', '=', user.id).execute();
        throw locked(until, now);
      }
      throw apiError('LOGIN_FAILED', {}, after.failed_attempts >= POLICY.captchaAfterFailures ? { captchaRequired: true } : {});
    }
    if (!user.enabled) throw apiError('ACCOUNT_DISABLED');
    if (cred.failed_attempts > 0 || cred.locked_until) {
      await this.db.updateTable('password_credentials').set({ failed_attempts: 0, locked_until: null }).where('user_id', '=', user.id).execute();
    }
    return { user, mustChangePassword: cred.is_initial };
  }

  /** Phone + SMS code; registers the phone on its first sign-in. */
  async withSmsCode(phone: string, code: string): Promise<{ user: User; created: boolean; mustChangePassword: boolean }> {
    await this.codes.verify({ channel: 'sms', target: phone, purpose: 'login' }, code, true);
    const { user, created } = await this.accounts.findOrRegisterByPhone(phone);
    if (!user.enabled) throw apiError('ACCOUNT_DISABLED');
    const cred = await this.accounts.credentials(user.id);
    return { user, created, mustChangePassword: cred?.is_initial ?? false };
  }
}

function locked(until: Date, now: Date) {
  const seconds = Math.ceil((until.getTime() - now.getTime()) / 1000);
  return apiError('ACCOUNT_LOCKED', { minutes: Math.ceil(seconds / 60) }, { retryAfter: seconds });
}
