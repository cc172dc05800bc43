// The common-password list of the password rule (docs/PRODUCT.md, OWASP ASVS L2 §2.1.7): the 49,233
// passwords of zxcvbn-ts's common dictionary (@zxcvbn-ts/language-common, MIT; compiled by the
// zxcvbn authors from leaked-password frequency lists). Compared case-insensitively; only entries
// of the rule's length can matter, so only those are kept (about 18,000). The web app imports this
// module on demand (its own chunk), the server at start.
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_RULE } from './account.ts';

let common: Set<string> | undefined;

function list(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as readonly string[]).filter((p) => [...p].length >= PASSWORD_RULE.minLength).map((p) => p.toLowerCase()));
  return common;
}

/** True when `password` (any case) is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  return list().has(password.toLowerCase());
}
