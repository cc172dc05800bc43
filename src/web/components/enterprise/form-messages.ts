// The enterprise forms' validation messages in the interface language: the shared rules carry the
// spec's English texts (src/model/api/enterprise.ts ENTERPRISE_MESSAGES, the account rules, the
// library's manufacturer rule); this table names their catalogue keys. The library's table (which
// asks the account rules' table, forms/messages.ts) answers the rest; a text in none of them (a
// server message) is shown as it is.
import { ENTERPRISE_MESSAGES } from '../../../model/api/enterprise.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { libraryMessageKey } from '../../library/messages.ts';

export const ENTERPRISE_MESSAGE_KEYS: Readonly<Record<string, MessageKey>> = {
  [ENTERPRISE_MESSAGES.memberNameRequired]: 'enterprise.people.nameRequired',
  [ENTERPRISE_MESSAGES.memberReachRequired]: 'enterprise.people.reachRequired',
};

/** The catalogue key of a validation message, or null. */
export function enterpriseMessageKey(message: string | undefined): MessageKey | null {
  if (!message) return null;
  return ENTERPRISE_MESSAGE_KEYS[message] ?? libraryMessageKey(message);
}
