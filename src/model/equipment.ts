// Equipment libraries — what PV modules and inverters share: the validation messages of the custom
// module and custom inverter forms (spec 001 §5), the numeric field builders that carry them, the
// market-year rule and the datasheet reference of an entry. The two schemas themselves live in
// equipment-module.ts and equipment-inverter.ts.
//
// Conventions of both schemas (one for the forms, the .PAN/.OND import, the system catalogue and the
// physics): powers in W, voltages in V, currents in A, lengths in mm, masses in kg, efficiencies and
// temperature coefficients in percent (as datasheets print them), temperatures in °C.
import { z } from 'zod';

/** The messages of the library forms. English text of spec 001 §5; the web app translates them by key. */
export const EQUIPMENT_MESSAGES = {
  /** Any required field left empty (spec 001 §5). */
  required: 'This field is required',
  /** Numeric fields outside the product's general range (spec 001 §5, §9). */
  range: 'needs to be between 0 and 999999',
  /** Module rated power at STC missing (spec 001 §5). */
  modulePowerRequired: 'Module rated power is required',
  /** Manufacturer name missing (spec 001 §5). */
  manufacturerRequired: 'Please enter the manufacturer English or Chinese name',
  /** Module model missing (spec 001 §5). */
  moduleModelRequired: 'Please enter the module model',
  /** Inverter model missing (the module rule applied to inverters). */
  inverterModelRequired: 'Please enter the inverter model',
  /** Market exit year not after the entry year (spec 001 §5). */
  exitYear: 'Market exit year must be later than entry year',
  /** A value of the wrong form (text where a number is due, a bad date…) (spec 001 §5). */
  format: 'Format incorrect',
  /** Counts (cells, diodes, MPPTs, strings, years) are whole numbers. */
  integer: 'must be a whole number',
  /** Voltages, currents and powers that cannot be zero. */
  positive: 'must be greater than 0',
  /** Percentages (efficiencies, bifaciality, degradation). */
  percent: 'needs to be between 0 and 100',
  /** Temperature coefficients [% °C⁻¹]. */
  tempCoefficient: 'needs to be between -10 and 10',
  /** Module: Vmp ≥ Voc. */
  vmpBelowVoc: 'Vmp must be lower than Voc',
  /** Module: Imp ≥ Isc. */
  impBelowIsc: 'Imp must be lower than Isc',
  /** Module: Pmax differs from Vmp × Imp by more than 3 %. */
  powerMismatch: 'Rated power must equal Vmp × Imp (within 3 %)',
  /** Module: a side outside MODULE_LIMITS.sideMm (equipment-module.ts). */
  moduleSide: 'Module length and width are in mm, between 100 and 5000',
  /** Module: Pmax / (area × 1000 W/m²) above MODULE_LIMITS.maxEfficiency. */
  moduleEfficiency: 'Module efficiency (Pmax / (area × 1000 W/m²)) must not exceed 30 %: check Pmax and the dimensions in mm',
  /** Module: a bifacial module needs its bifaciality factor. */
  bifacialityRequired: 'A bifacial module needs its bifaciality factor',
  /** Inverter: MPPT minimum voltage not below the maximum. */
  mpptRange: 'MPPT minimum voltage must be lower than the maximum',
  /** Inverter: MPPT maximum voltage above the maximum DC input voltage. */
  mpptAboveMaxDc: 'MPPT maximum voltage must not exceed the maximum DC input voltage',
  /** Inverter: more strings than MPPT count × strings per MPPT. */
  maxStrings: 'Max strings must not exceed MPPT count × strings per MPPT',
  /** Inverter: European or CEC efficiency above the peak efficiency. */
  weightedEfficiency: 'Weighted efficiency must not exceed the peak efficiency',
  /** Inverter: maximum AC power below the rated AC power. */
  maxAcPower: 'Maximum AC power must not be lower than the rated AC power',
  /** Inverter: the efficiency-curve flag is set but no curve is given. */
  curveRequired: 'Efficiency curve data are required when the curve is included',
  /** Inverter: at most three curves (Vmin, Vnom, Vmax). */
  curveCount: 'At most 3 efficiency curves (Vmin, Vnom, Vmax)',
  /** Inverter: a curve's points must go up in power. */
  curveOrder: 'Curve points must be in increasing power',
  /** Module: IAM profile angles must go up from 0° to 90°. */
  iamOrder: 'IAM angles must increase within 0–90°',
  /** Import: anything that is not a PVsyst .PAN/.OND text (spec 001 §5). */
  selectPanOnd: 'Please select a standard PAN or OND file',
} as const;
export type EquipmentMessageKey = keyof typeof EQUIPMENT_MESSAGES;

/** The general numeric range of the product's forms (spec 001 §9). */
export const NUMERIC_RANGE = { min: 0, max: 999_999 } as const;

const M = EQUIPMENT_MESSAGES;

/** A number whose absence (undefined, or NaN from an empty number input) gives `requiredMessage`. */
export function numberField(requiredMessage: string = M.required): z.ZodNumber {
  return z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || Number.isNaN(issue.input) ? requiredMessage : M.format,
  });
}

/** A non-negative quantity in the product's range 0–999999. */
export function quantity(requiredMessage: string = M.required): z.ZodNumber {
  return numberField(requiredMessage).min(NUMERIC_RANGE.min, M.range).max(NUMERIC_RANGE.max, M.range);
}

/**
 * A quantity that must be strictly positive (voltages, currents, powers, counts of a datasheet): a
 * negative value gets the range message, zero gets `must be greater than 0` — one message each.
 */
export function positiveQuantity(requiredMessage: string = M.required): z.ZodNumber {
  return numberField(requiredMessage)
    .max(NUMERIC_RANGE.max, M.range)
    .superRefine((v, ctx) => {
      if (v < NUMERIC_RANGE.min) ctx.addIssue({ code: 'custom', message: M.range });
      else if (v === 0) ctx.addIssue({ code: 'custom', message: M.positive });
    });
}

/** A whole-number count in the range 0–999999. */
export function count(requiredMessage: string = M.required): z.ZodNumber {
  return quantity(requiredMessage).int(M.integer);
}

/** A whole-number count of at least 1 (cells in series, MPPTs, strings). */
export function positiveCount(requiredMessage: string = M.required): z.ZodNumber {
  return positiveQuantity(requiredMessage).int(M.integer);
}

/** A percentage 0–100 [%]. */
export function percent(requiredMessage: string = M.required): z.ZodNumber {
  return numberField(requiredMessage).min(0, M.percent).max(100, M.percent);
}

/** A temperature coefficient [% °C⁻¹], signed, within ±10. */
export function tempCoefficient(requiredMessage: string = M.required): z.ZodNumber {
  return numberField(requiredMessage).min(-10, M.tempCoefficient).max(10, M.tempCoefficient);
}

/** A required, trimmed, non-empty text. */
export function requiredText(message: string = M.required): z.ZodString {
  return z.string({ error: message }).trim().min(1, message);
}

/** A calendar year (market entry/exit): a whole number in the general range. */
export const yearField = count().optional();

/** A date `YYYY-MM-DD` (manufacturing date). */
export const isoDateField = z
  .string({ error: M.format })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.format)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), M.format);

/** Where an entry's values come from: a manufacturer datasheet or an imported PVsyst file. */
export const datasheetSchema = z.object({
  /** Document title, e.g. "LONGi Hi-MO 5 LR5-72HPH 540~560M datasheet" or the .PAN file name. */
  document: z.string().min(1),
  /** Version or date of the document as printed on it. */
  version: z.string().optional(),
  /** Where the document is published. */
  url: z.url().optional(),
});
export type Datasheet = z.infer<typeof datasheetSchema>;

/** Adds the spec rule "market exit year must be later than entry year" to an object schema's checks. */
export function checkMarketYears(
  value: { marketEntryYear?: number | undefined; marketExitYear?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  const { marketEntryYear: entry, marketExitYear: exit } = value;
  if (entry !== undefined && exit !== undefined && exit <= entry) {
    ctx.addIssue({ code: 'custom', message: M.exitYear, path: ['marketExitYear'] });
  }
}
