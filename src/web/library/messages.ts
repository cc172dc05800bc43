// The library forms' validation messages in the interface language: the shared schemas carry the
// spec's English texts (EQUIPMENT_MESSAGES, spec 001 §5), each has a key `library.messages.<name>` in
// both catalogues; other texts go through the app's common table (forms/messages.ts) or stay as they are.
import { EQUIPMENT_MESSAGES, type EquipmentMessageKey } from '../../model/equipment.ts';
import { messageKey } from '../forms/messages.ts';
import type { MessageKey } from '../i18n/index.ts';

const KEYS: ReadonlyMap<string, EquipmentMessageKey> = new Map(
  (Object.entries(EQUIPMENT_MESSAGES) as [EquipmentMessageKey, string][]).map(([key, text]) => [text, key]),
);

/** The catalogue key of a library validation message, or null when it has none. */
export function libraryMessageKey(message: string | undefined): MessageKey | null {
  if (!message) return null;
  const own = KEYS.get(message);
  if (own) return `library.messages.${own}` as MessageKey;
  return messageKey(message);
}

/** The start of the server's refusal of a file that is not a PVsyst .PAN / .OND (spec 001 §5). */
const STANDARD_FILE = /^Please select a standard (PAN|OND|PAN or OND) file\s*:?\s*/;

/**
 * A server's refusal of an import, for display: `standard` when it is the spec's "Please select a
 * standard PAN or OND file" (shown in the interface language), with the server's detail after it
 * ('the file is binary, not a PVsyst text file'); else the message as it is.
 */
export function importRefusal(message: string): { standard: boolean; detail: string | null } {
  const m = STANDARD_FILE.exec(message);
  if (!m) return { standard: false, detail: message || null };
  return { standard: true, detail: message.slice(m[0].length) || null };
}

/** Whether a file name has the extension of its kind's PVsyst file (.PAN for modules, .OND for inverters). */
export function pvsystExtensionOk(kind: 'module' | 'inverter', fileName: string): boolean {
  return fileName.toLowerCase().endsWith(kind === 'module' ? '.pan' : '.ond');
}
