// Validation messages → catalogue keys. The shared rules (src/model/account.ts) and the form schemas
// carry the spec's English texts; the forms show them in the interface language through this table.
// A message not in the table (e.g. a server message) is shown as it is.
import { MESSAGES } from '../../model/account.ts';
import type { MessageKey } from '../i18n/index.ts';
import { FORM_MESSAGES } from './account-forms.ts';
import { API_MESSAGES } from '../../model/api/common.ts';
import { LON_LAT_MESSAGE, RANGE_MESSAGE } from './project-info.ts';

export const MESSAGE_KEYS: Readonly<Record<string, MessageKey>> = {
  [MESSAGES.required]: 'validation.required',
  [MESSAGES.phoneRequired]: 'validation.phoneRequired',
  [MESSAGES.phoneFormat]: 'validation.phoneFormat',
  [MESSAGES.emailFormat]: 'validation.emailFormat',
  [MESSAGES.codeRequired]: 'validation.codeRequired',
  'The verification code is 6 digits': 'validation.codeFormat',
  [FORM_MESSAGES.agreement]: 'validation.agreement',
  [FORM_MESSAGES.passwordRule]: 'validation.passwordRule',
  [FORM_MESSAGES.passwordCommon]: 'validation.passwordCommon',
  [FORM_MESSAGES.passwordMismatch]: 'validation.passwordMismatch',
  [FORM_MESSAGES.username]: 'validation.username',
  [FORM_MESSAGES.itemRequired]: 'validation.itemRequired',
  [LON_LAT_MESSAGE]: 'validation.lonLat',
  [RANGE_MESSAGE]: 'validation.range',
  [API_MESSAGES.format]: 'validation.format',
};

/** The catalogue key of a validation message, or null when it has none. */
export function messageKey(message: string | undefined): MessageKey | null {
  return message ? (MESSAGE_KEYS[message] ?? null) : null;
}
