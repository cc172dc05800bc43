// Signing in: phone or e-mail + password (with the wrong-password slow-down and lockout of
// POLICY), phone + SMS code (the first sign-in registers), and the forced change of the initial
// system password.
import { sql, type Kysely } from 'kysely';
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

  /**
   * Phone or e-mail + password. Returns the user and whether the password is the initial one.
   * A name with no password behind it (no such account, or an account without a password) answers
   * exactly like a real account with a wrong password — the same messages, the captcha after
   * POLICY.captchaAfterFailures and the lockout after POLICY.lockAfterFailures (its failures are
   * counted in sign_in_failures), and one Argon2 verification of time — so that the answers never
   * tell whether an account exists.
   */
  async withPassword(input: PasswordLogin): Promise<{ user: User; mustChangePassword: boolean }> {
    const username = input.username.trim();
    const kind = usernameKind(username);
    const user = kind === 'phone' ? await this.accounts.byPhone(username) : kind === 'email' ? await this.accounts.byEmail(username) : undefined;
    const cred = user ? await this.accounts.credentials(user.id) : undefined;
    const failures: Failures = user && cred ? new CredentialFailures(this.db, user.id) : new NameFailures(this.db, username.toLowerCase());
    const state = cred ?? (await (failures as NameFailures).state());
    const now = this.clock.now();
    if (state.locked_until && state.locked_until > now) throw locked(state.locked_until, now);
    if (state.failed_attempts >= POLICY.captchaAfterFailures) {
      if (!input.uuid || !input.captcha) throw apiError('CAPTCHA_REQUIRED', {}, { field: 'captcha', captchaRequired: true });
      try {
        await this.security.checkCaptcha(input.uuid, input.captcha);
      } catch {
        throw apiError('CAPTCHA_INVALID', {}, { field: 'captcha', captchaRequired: true });
      }
    }
    const right = cred ? await verifyPassword(cred.password_hash, input.password) : (await burnVerification(input.password), false);
    if (!user || !cred || !right) {
      const after = await failures.increment(now);
      if (after >= POLICY.lockAfterFailures) {
        const until = addMs(now, POLICY.lockDuration);
        await failures.lock(until);
        throw locked(until, now);
      }
      throw apiError('LOGIN_FAILED', {}, after >= POLICY.captchaAfterFailures ? { captchaRequired: true } : {});
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

/** Where the wrong passwords of a sign-in name are counted. */
interface Failures {
  /** One more wrong password; returns the count. */
  increment(now: Date): Promise<number>;
  lock(until: Date): Promise<void>;
}

/** A real account's counter (password_credentials). */
class CredentialFailures implements Failures {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly userId: number,
  ) {}
  async increment(): Promise<number> {
    const after = await this.db
      .updateTable('password_credentials')
      .set({ failed_attempts: (eb) => eb('failed_attempts', '+', 1) })
      .where('user_id', '=', this.userId)
      .returning('failed_attempts')
      .executeTakeFirstOrThrow();
    return after.failed_attempts;
  }
  async lock(until: Date): Promise<void> {
    await this.db.updateTable('password_credentials').set({ locked_until: until }).where('user_id', '=', this.userId).execute();
  }
}

/** The counter of a name without a password (sign_in_failures). */
class NameFailures implements Failures {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly username: string,
  ) {}
  async state(): Promise<{ failed_attempts: number; locked_until: Date | null }> {
    const row = await this.db.selectFrom('sign_in_failures').select(['failed_attempts', 'locked_until']).where('username', '=', this.username).executeTakeFirst();
    return row ?? { failed_attempts: 0, locked_until: null };
  }
  async increment(now: Date): Promise<number> {
    const after = await this.db
      .insertInto('sign_in_failures')
      .values({ username: this.username, failed_attempts: 1, locked_until: null, updated_at: now })
      .onConflict((oc) => oc.column('username').doUpdateSet({ failed_attempts: sql<number>`sign_in_failures.failed_attempts + 1`, updated_at: now }))
      .returning('failed_attempts')
      .executeTakeFirstOrThrow();
    return after.failed_attempts;
  }
  async lock(until: Date): Promise<void> {
    await this.db.updateTable('sign_in_failures').set({ locked_until: until }).where('username', '=', this.username).execute();
  }
}

function locked(until: Date, now: Date) {
  const seconds = Math.ceil((until.getTime() - now.getTime()) / 1000);
  return apiError('ACCOUNT_LOCKED', { minutes: Math.ceil(seconds / 60) }, { retryAfter: seconds });
}
