// The PV layout panel's warning, recomputed from the layout shown on every change (issue 18 item 2:
// after Clear the capacity warning stayed at "0.00 / 20"): the capacity cap rule of validate.ts, and
// the message of the last placement only while the layout is still the one that placement made — a
// removed module, a Clear or an undo makes it stale.
import type { LayoutDocument } from '../../../model/design.ts';
import { addWouldExceedCap, LAYOUT_MESSAGE_KEYS, LAYOUT_MESSAGES } from './validate.ts';

/** What a placement said, with the layout it made. */
export interface PlacementNote {
  readonly layout: LayoutDocument;
  readonly message: string;
}

/** An i18n key of the step's rules, or a text as the engine or the placement gave it. */
export type LayoutWarning = { readonly key: string } | { readonly text: string };

export function layoutWarning(layout: LayoutDocument, capKw: number | null, note: PlacementNote | null): LayoutWarning | null {
  const placed = note !== null && note.layout === layout ? note.message : null;
  if (placed === LAYOUT_MESSAGES.capReached || (placed === null && addWouldExceedCap(layout, capKw))) return { key: LAYOUT_MESSAGE_KEYS.capReached };
  return placed === null ? null : { text: placed };
}
