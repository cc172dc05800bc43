// Account input rules (spec 000 §5, spec 001 §5, docs/PRODUCT.md "Decisions"): mobile number, e-mail,
// password, verification code. Framework-free (zod only): the server routes and the web forms share
// them.
import { z } from 'zod';

/** Mainland mobile number: 11 digits, 1 then 2–9 (spec 001 §5). */
export const PHONE_PATTERN = /^1[2-9]\d{9}$/;

export const MESSAGES = {
  phoneRequired: 'Please enter the correct phone number!',
  phoneFormat: 'Mobile format is incorrect',
  emailFormat: 'The mailbox format is incorrect',
  codeRequired: 'Verification code required',
  required: 'This field is required',
} as const;

/** A mobile number (trimmed). */
export const phoneSchema = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, MESSAGES.phoneRequired)
  .regex(PHONE_PATTERN, MESSAGES.phoneFormat)
  .describe('mobile number: 11 digits, 1 then 2–9');

/** An e-mail address (trimmed, lower-cased). */
export const emailSchema = z
  .string({ error: MESSAGES.emailFormat })
  .trim()
  .max(254, MESSAGES.emailFormat)
  .pipe(z.email({ error: MESSAGES.emailFormat }))
  .transform((s) => s.toLowerCase());

/** An e-mail address or nothing (''): a form's optional e-mail field, with the same message when wrong. */
export const emailOrEmptySchema = z
  .string({ error: MESSAGES.emailFormat })
  .trim()
  .max(254, MESSAGES.emailFormat)
  .refine((s) => s === '' || z.email().safeParse(s).success, MESSAGES.emailFormat)
  .transform((s) => s.toLowerCase());

/** A 6-digit verification code. */
export const codeSchema = z
  .string({ error: MESSAGES.codeRequired })
  .trim()
  .regex(/^\d{6}$/, 'The verification code is 6 digits')
  .describe('6-digit verification code');

/** The classes of characters a password mixes. */
function classesOf(password: string): number {
  let letters = 0;
  let digits = 0;
  let symbols = 0;
  for (const ch of password) {
    if (/\p{L}/u.test(ch)) letters = 1;
    else if (/\d/.test(ch)) digits = 1;
    else symbols = 1;
  }
  return letters + digits + symbols;
}

/** The password rule (docs/PRODUCT.md): length in Unicode code points, and how many character classes. */
export const PASSWORD_RULE = { minLength: 8, maxLength: 64, minClasses: 2 } as const;

export type PasswordProblem = 'PASSWORD_RULE' | 'PASSWORD_COMMON' | 'PASSWORD_INITIAL' | 'PASSWORD_MISMATCH';

/** Whether a password keeps the length and composition rule (PASSWORD_RULE). */
export function passwordShapeOk(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_RULE.minLength && length <= PASSWORD_RULE.maxLength && classesOf(password) >= PASSWORD_RULE.minClasses;
}

/**
 * Why a new password is refused, or null (docs/PRODUCT.md): 8–64 characters, at least two of letters,
 * digits and symbols, not on the common-password list (`isCommon`: common-passwords.ts, passed in so
 * that this module stays small for the web app, which loads the list on demand), not the initial
 * system password, and both entries equal. Whitespace counts as a symbol; characters are Unicode
 * code points.
 */
export function passwordProblem(password: string, confirm: string | undefined, initialPassword: string, isCommon?: (password: string) => boolean): PasswordProblem | null {
  if (!passwordShapeOk(password)) return 'PASSWORD_RULE';
  if (isCommon?.(password)) return 'PASSWORD_COMMON';
  if (password === initialPassword) return 'PASSWORD_INITIAL';
  if (confirm !== undefined && confirm !== password) return 'PASSWORD_MISMATCH';
  return null;
}

/** A sign-in name: phone or e-mail, trimmed (spec 001 §2 "Login username is trimmed"). */
export function usernameKind(username: string): 'phone' | 'email' | null {
  const u = username.trim();
  if (PHONE_PATTERN.test(u)) return 'phone';
  if (z.email().safeParse(u).success) return 'email';
  return null;
}

/** 138****0000 / a***@example.com: how bound phones and e-mails are shown. */
export function maskPhone(phone: string): string {
  return phone.slice(0, 3) + '****' + phone.slice(7);
}
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return email;
  return email[0] + '***' + email.slice(at);
}
