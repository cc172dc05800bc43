// The shared password rule (src/model/account.ts, common-passwords.ts; docs/PRODUCT.md): 8–64 Unicode
// code points, at least two of letters, digits and symbols, not on the common-password list in any
// case, not the initial password, both entries equal — in that order of precedence.
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE, passwordProblem } from '../../../src/model/account.ts';
import { isCommonPassword } from '../../../src/model/common-passwords.ts';

describe('password rule', () => {
  it('counts code points: 7 and 65 are refused, 8 and 64 pass — also with characters outside the BMP', () => {
    expect(PASSWORD_RULE).toEqual({ minLength: 8, maxLength: 64, minClasses: 2 });
    expect(passwordProblem('abcd12!', undefined, '')).toBe('PASSWORD_RULE');
    expect(passwordProblem('abcd12!x', undefined, '')).toBe(null);
    expect(passwordProblem('a1'.repeat(32), undefined, '')).toBe(null);
    expect(passwordProblem('a1'.repeat(32) + 'b', undefined, '')).toBe('PASSWORD_RULE');
    // 𝔘 is one code point (two UTF-16 units): 7 of them and a digit are 8 characters.
    expect(passwordProblem('𝔘'.repeat(7) + '1', undefined, '')).toBe(null);
    expect(passwordProblem('𝔘'.repeat(6) + '1', undefined, '')).toBe('PASSWORD_RULE');
  });

  it('needs two of letters (any script), digits, symbols (whitespace counts as one)', () => {
    for (const p of ['abcdefgh', '12345678', '!@#$%^&*', '光伏电站设计软件']) expect(passwordProblem(p, undefined, ''), p).toBe('PASSWORD_RULE');
    for (const p of ['abcd-efg', '1234-567', 'abcd1234', '光伏电站2025', 'two words']) expect(passwordProblem(p, undefined, ''), p).toBe(null);
  });

  it('refuses a common password in any case, before the other checks; the list is the zxcvbn-ts common dictionary', () => {
    for (const p of ['password1', 'PASSWORD1', 'Password1', 'qwerty123', 'abc12345', '1qaz2wsx', 'trustno1']) expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['Sunny2024!', 'k9v2m7q4', 'Pv123456']) expect(isCommonPassword(p), p).toBe(false);
    expect(passwordProblem('password1', 'password2', 'password1', isCommonPassword)).toBe('PASSWORD_COMMON');
    // Without the list (the web form before it loaded) the rest of the rule still applies.
    expect(passwordProblem('password1', undefined, '')).toBe(null);
  });

  it('then the initial password, then the match of the two entries', () => {
    expect(passwordProblem('Pv123456', 'Pv123456', 'Pv123456', isCommonPassword)).toBe('PASSWORD_INITIAL');
    expect(passwordProblem('Sunny2024!', 'Sunny2024?', 'Pv123456', isCommonPassword)).toBe('PASSWORD_MISMATCH');
    expect(passwordProblem('Sunny2024!', 'Sunny2024!', 'Pv123456', isCommonPassword)).toBe(null);
  });
});
