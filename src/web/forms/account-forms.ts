// The account forms' schemas (react-hook-form + zod resolvers), built from the shared rules of
// src/model/account.ts (spec 000 §5, 001 §5, docs/PRODUCT.md "Decisions"). Messages are the spec's English
// texts; messages.ts turns them into catalogue keys for display.
import { z } from 'zod';
import { MESSAGES, codeSchema, emailSchema, passwordProblem, phoneSchema, usernameKind } from '../../model/account.ts';

/** Form-only messages (the shared rules carry the rest). */
export const FORM_MESSAGES = {
  agreement: 'Please read and agree to the User Service Agreement',
  passwordRule: 'The password must be 8 to 64 characters with at least two of letters, digits and symbols',
  passwordCommon: 'This password is too common, please choose another one',
  passwordMismatch: 'The two entered passwords are inconsistent, please re-enter!',
  username: 'Please enter the correct phone number or e-mail',
  itemRequired: 'This item is required',
} as const;

const agreement = z.boolean().refine((v) => v, FORM_MESSAGES.agreement);
const required = (message: string = MESSAGES.required) => z.string({ error: message }).trim().min(1, message);

/** Phone + SMS code (the first sign-in registers). */
export const smsLoginForm = z.object({ phone: phoneSchema, code: codeSchema, agree: agreement });
export type SmsLoginForm = z.input<typeof smsLoginForm>;

/** Phone or e-mail + password. The username is trimmed (spec 001 §2). */
export const passwordLoginForm = z.object({ username: required(), password: z.string().min(1, MESSAGES.required), agree: agreement });
export type PasswordLoginForm = z.input<typeof passwordLoginForm>;

/**
 * Adds the password rule and the match of the two entries to an object schema's
 * `password`/`confirmPassword`. Asynchronous: the common-password list is its own chunk, loaded on
 * the first check (the forms' zod resolver parses asynchronously; tests use safeParseAsync).
 */
async function checkPasswords(v: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): Promise<void> {
  // The initial system password is the server's secret: the server checks that one (PASSWORD_INITIAL).
  const { isCommonPassword } = await import('../../model/common-passwords.ts');
  const problem = passwordProblem(v.password, v.confirmPassword, '', isCommonPassword);
  if (problem === 'PASSWORD_RULE') ctx.addIssue({ code: 'custom', path: ['password'], message: FORM_MESSAGES.passwordRule });
  else if (problem === 'PASSWORD_COMMON') ctx.addIssue({ code: 'custom', path: ['password'], message: FORM_MESSAGES.passwordCommon });
  else if (problem === 'PASSWORD_MISMATCH') ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: FORM_MESSAGES.passwordMismatch });
}

const passwordPair = { password: z.string().min(1, MESSAGES.required), confirmPassword: z.string().min(1, MESSAGES.required) };

/** New password twice (forced initial-password change). */
export const newPasswordForm = z.object(passwordPair).superRefine(checkPasswords);
export type NewPasswordForm = z.input<typeof newPasswordForm>;

/** Forgot password, step 1: phone or e-mail and its code. */
export const resetIdentityForm = z.object({
  username: required().refine((u) => usernameKind(u) !== null, FORM_MESSAGES.username),
  code: codeSchema,
});
export type ResetIdentityForm = z.input<typeof resetIdentityForm>;

/** Change password of a signed-in user: identity code + new password twice. */
export const changePasswordForm = z.object({ code: codeSchema, ...passwordPair }).superRefine(checkPasswords);
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

/** Register: phone + code + agreement, then a password (optional: SMS sign-in works without). */
export const registerForm = z.object({ phone: phoneSchema, code: codeSchema, agree: agreement });
export type RegisterForm = z.input<typeof registerForm>;

/** Complete information (/completeInfo, /addInformation): name, company, e-mail (spec 001 §2). */
export const completeInfoForm = z.object({
  name: required(FORM_MESSAGES.itemRequired).max(50),
  company: z.string().trim().max(100),
  /** Optional: empty, or a well-formed address (lower-cased). */
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || emailSchema.safeParse(v).success, MESSAGES.emailFormat)
    .transform((v) => v.toLowerCase()),
});
export type CompleteInfoForm = z.input<typeof completeInfoForm>;

/** Binding a phone (WeChat user, /bindAccount). */
export const bindPhoneForm = z.object({ phone: phoneSchema, code: codeSchema });
export type BindPhoneForm = z.input<typeof bindPhoneForm>;

/** Binding a phone or an e-mail in the personal centre: `target` is the new address. */
export function bindTargetForm(kind: 'phone' | 'email') {
  return z.object({ target: kind === 'phone' ? phoneSchema : emailSchema, code: codeSchema });
}
export type BindTargetForm = { target: string; code: string };

/** The display name (personal centre). */
export const nameForm = z.object({ name: required(FORM_MESSAGES.itemRequired).max(50) });
export type NameForm = z.input<typeof nameForm>;

/** Whether the phone field alone is valid (the code button waits for it). */
export function phoneValid(phone: string): boolean {
  return phoneSchema.safeParse(phone).success;
}

/** Whether the e-mail field alone is valid. */
export function emailValid(email: string): boolean {
  return emailSchema.safeParse(email).success;
}
