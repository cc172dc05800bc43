// The password rule check of every route that sets a password.
import { passwordProblem } from '../../model/account.ts';
import { isCommonPassword } from '../../model/common-passwords.ts';
import { apiError } from '../errors.ts';

/** Throws PASSWORD_RULE / PASSWORD_COMMON / PASSWORD_INITIAL / PASSWORD_MISMATCH (field named) unless the new password is acceptable. */
export function assertNewPassword(password: string, confirm: string | undefined, initialPassword: string): void {
  const problem = passwordProblem(password, confirm, initialPassword, isCommonPassword);
  if (problem) throw apiError(problem, {}, { field: problem === 'PASSWORD_MISMATCH' ? 'confirmPassword' : 'password' });
}
