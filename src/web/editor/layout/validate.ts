// The PV layout step's rules (spec 000 §5 "Validation rules"): the required prompts (component,
// placement, tilt, azimuth, spacings, alignment), 'At least one component must be arranged' (the
// step's Next button) and the installed capacity limit with its message. The texts are the spec's;
// the page shows them through i18n (keys in LAYOUT_MESSAGE_KEYS).
import { layoutSettingsSchema, layoutTotals, type LayoutDocument, type LayoutSettings } from '../../../model/design.ts';

export const LAYOUT_MESSAGES = {
  required: 'This field is required',
  atLeastOne: 'At least one component must be arranged',
  capReached: 'The arranged components have reached the upper limit of installed capacity, please adjust!',
} as const;

/** i18n keys the page may map the messages to. */
export const LAYOUT_MESSAGE_KEYS: Record<keyof typeof LAYOUT_MESSAGES, string> = {
  required: 'editor.layout.required',
  atLeastOne: 'editor.layout.atLeastOne',
  capReached: 'editor.layout.capReached',
};

export type LayoutRuleCode = keyof typeof LAYOUT_MESSAGES;

/** A field of the settings form: the module choice or a settings field. */
export type LayoutField = 'module' | keyof LayoutSettings;

/**
 * The required prompts: each missing or invalid field with its message ('This field is required' for
 * a missing one, the schema's message otherwise). Empty when the form may place.
 */
export function settingsErrors(module: LayoutDocument['module'] | undefined, settings: Partial<Record<keyof LayoutSettings, unknown>>): Partial<Record<LayoutField, string>> {
  const errors: Partial<Record<LayoutField, string>> = {};
  if (module === null || module === undefined) errors.module = LAYOUT_MESSAGES.required;
  const parsed = layoutSettingsSchema.safeParse(settings);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || field in errors) continue;
      const value = settings[field as keyof LayoutSettings];
      const missing = value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));
      errors[field as keyof LayoutSettings] = missing ? LAYOUT_MESSAGES.required : issue.message;
    }
  }
  return errors;
}

/** A broken rule of the step, with the spec's text. */
export interface LayoutRuleError {
  code: LayoutRuleCode;
  message: string;
}

/**
 * The step's Next button: at least one module placed, and no more than the installed capacity limit
 * [kW] (null: no limit). Empty when the step may be left.
 */
export function validateLayout(doc: Pick<LayoutDocument, 'module' | 'arrays'>, capKw: number | null): LayoutRuleError[] {
  const { count, kWp } = layoutTotals(doc);
  const errors: LayoutRuleError[] = [];
  if (count === 0 || doc.module === null) errors.push({ code: 'atLeastOne', message: LAYOUT_MESSAGES.atLeastOne });
  // A hair of slack: 22 × 0.45 kW against a 9.9 kW cap is not over it.
  if (capKw !== null && kWp > capKw + 1e-9) errors.push({ code: 'capReached', message: LAYOUT_MESSAGES.capReached });
  return errors;
}

/** Whether one more module would exceed the cap (manual add: refuse with LAYOUT_MESSAGES.capReached). */
export function addWouldExceedCap(doc: Pick<LayoutDocument, 'module' | 'arrays'>, capKw: number | null, adding = 1): boolean {
  if (capKw === null || doc.module === null) return false;
  const { count } = layoutTotals(doc);
  return ((count + adding) * doc.module.powerW) / 1000 > capKw + 1e-9;
}

export { layoutTotals };
