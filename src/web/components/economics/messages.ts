// The Load and Economy steps' validation messages in the interface language. The documents' schemas
// (src/model/economics.ts: ECONOMICS_MESSAGES and the field rules, the product's English texts of
// spec 000 §5 and spec 001 §5, §9) name each problem in English; each text has a key
// `economics.messages.<name>` in both catalogues. Any other text (a server's message) is shown as it is.
import { ECONOMICS_MESSAGES, MAX_ANNUAL_KWH } from '../../../model/economics.ts';
import { EQUIPMENT_MESSAGES } from '../../../model/equipment.ts';
import type { MessageKey } from '../../i18n/index.ts';

const KEYS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  [ECONOMICS_MESSAGES.required, 'economics.messages.required'],
  [ECONOMICS_MESSAGES.range, 'economics.messages.range'],
  [ECONOMICS_MESSAGES.percent, 'economics.messages.percent'],
  [ECONOMICS_MESSAGES.format, 'economics.messages.format'],
  [ECONOMICS_MESSAGES.xlsxOnly, 'economics.messages.xlsxOnly'],
  [ECONOMICS_MESSAGES.storageNeedsInverter, 'economics.messages.storageNeedsInverter'],
  [ECONOMICS_MESSAGES.loadClearsStorage, 'economics.messages.loadClearsStorage'],
  [EQUIPMENT_MESSAGES.integer, 'economics.messages.integer'],
  [EQUIPMENT_MESSAGES.positive, 'economics.messages.positive'],
  ['needs to be between 1 and 50', 'economics.messages.years'],
  ['needs to be between 0 and 50', 'economics.messages.subsidyYears'],
  [`needs to be between 0 and ${MAX_ANNUAL_KWH}`, 'economics.messages.annualRange'],
  ['needs to be between 0 and 2', 'economics.messages.emissionFactor'],
  ['must be between 0 and 100 yuan/kWh', 'economics.messages.price'],
  ['The discharge cut-off SOC must be lower than the charge cut-off SOC', 'economics.messages.socOrder'],
  ['The initial SOC must be between the two cut-off SOCs', 'economics.messages.socInitial'],
  ["must be 'none' or 'a+b' (years exempt + years at half rate, e.g. '3+3')", 'economics.messages.taxHoliday'],
]);

/**
 * The catalogue key of a validation message, or null (shown as it is). A number left empty where zod's
 * own type check answers ('expected number, received undefined'), and a time-of-use period without its
 * price ('needs a price: month 1 hour 8 is peak'), are the required-field message.
 */
export function economicsMessageKey(message: string | undefined): MessageKey | null {
  if (!message) return null;
  const own = KEYS.get(message);
  if (own) return own;
  if (/received (undefined|null|NaN)/.test(message) || message.startsWith('needs a price')) return 'economics.messages.required';
  return null;
}
