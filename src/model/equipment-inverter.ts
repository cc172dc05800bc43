// Inverter of the equipment library: the custom inverter form (spec 001 §3 "Custom inverter"), the
// .OND import and the system catalogue all produce this shape, and the physics reads it.
//
// The efficiency curves are those of PVsyst's .OND (efficiency against DC input power at up to three
// DC voltages: Vmin, Vnom, Vmax — PVsyst help "Inverter – efficiency curve"); the European and CEC
// weighted efficiencies are the usual 6-point weightings (EN 50530 / CEC, as on datasheets).
import { z } from 'zod';
import {
  EQUIPMENT_MESSAGES as M,
  checkMarketYears,
  positiveCount,
  datasheetSchema,
  percent,
  positiveQuantity,
  quantity,
  requiredText,
  yearField,
} from './equipment.ts';

/** Inverter kinds: string (incl. residential single-phase), central, micro, hybrid (with battery port). */
export const inverterTypes = ['string', 'central', 'micro', 'hybrid'] as const;
export type InverterType = (typeof inverterTypes)[number];

/** One point of an efficiency curve. */
export const efficiencyPointSchema = z.object({
  /** DC input power [W]. */
  dcPower: quantity(),
  /** Conversion efficiency at that power [%]. */
  efficiency: percent(),
});
export type EfficiencyPoint = z.infer<typeof efficiencyPointSchema>;

/** Efficiency against DC power at one DC input voltage. */
export const efficiencyCurveSchema = z.object({
  /** DC input voltage of the curve [V]. */
  dcVoltage: positiveQuantity(),
  /** Points in increasing power (at least 2). */
  points: z
    .array(efficiencyPointSchema)
    .min(2, M.format)
    .refine((pts) => pts.every((p, i) => i === 0 || p.dcPower > pts[i - 1].dcPower), M.curveOrder),
});
export type EfficiencyCurve = z.infer<typeof efficiencyCurveSchema>;

export const inverterObjectSchema = z.object({
  /** Manufacturer (English or Chinese name). */
  manufacturer: requiredText(M.manufacturerRequired),
  /** Model designation as printed on the datasheet. */
  model: requiredText(M.inverterModelRequired),
  /** Inverter kind. */
  inverterType: z.enum(inverterTypes, { error: M.required }),
  /** Rated AC output power [W]. */
  ratedAcPower: positiveQuantity(),
  /** Maximum AC output (apparent) power [W]. */
  maxAcPower: positiveQuantity().optional(),
  /** Rated AC voltage (line-to-line for three-phase) [V]. */
  ratedAcVoltage: positiveQuantity(),
  /** AC phases: 1 or 3. */
  acPhases: z.union([z.literal(1), z.literal(3)], { error: M.format }).optional(),
  /** Rated grid frequency [Hz]. */
  acFrequency: positiveQuantity().optional(),
  /** Start-up (threshold) DC power [W]. */
  startupPower: quantity().optional(),
  /** Start-up DC voltage [V]. */
  startupVoltage: quantity().optional(),
  /** Maximum DC input power [W]. */
  maxDcPower: positiveQuantity().optional(),
  /** Night-time consumption [W]. */
  nightConsumption: quantity().optional(),
  /** MPPT operating range, lower end [V]. */
  mpptMinVoltage: positiveQuantity(),
  /** MPPT operating range, upper end [V]. */
  mpptMaxVoltage: positiveQuantity(),
  /** Minimum DC input (operating) voltage [V]. */
  minDcVoltage: quantity().optional(),
  /** Rated DC input voltage [V]. */
  ratedDcVoltage: positiveQuantity().optional(),
  /** Maximum DC input voltage [V]. */
  maxDcVoltage: positiveQuantity(),
  /** Number of MPP trackers [-]. */
  mpptCount: positiveCount(),
  /** Strings per MPPT (the most any one tracker takes) [-]. */
  stringsPerMppt: positiveCount(),
  /** Total string inputs [-]. */
  maxStrings: positiveCount().optional(),
  /** Maximum DC input current per MPPT [A]. */
  maxInputCurrentPerMppt: positiveQuantity(),
  /** Maximum DC short-circuit current per MPPT [A]. */
  maxShortCircuitCurrentPerMppt: positiveQuantity().optional(),
  /** Peak (maximum) efficiency [%]. */
  maxEfficiency: percent(),
  /** European weighted efficiency [%]. */
  euroEfficiency: percent().optional(),
  /** CEC weighted efficiency [%]. */
  cecEfficiency: percent().optional(),
  /** The entry includes efficiency curves. */
  hasEfficiencyCurve: z.boolean().default(false),
  /** Efficiency curves at up to three voltages (Vmin, Vnom, Vmax), in increasing voltage. */
  efficiencyCurves: z.array(efficiencyCurveSchema).max(3, M.curveCount).optional(),
  /** Enclosure width [mm]. */
  width: positiveQuantity().optional(),
  /** Enclosure height [mm]. */
  height: positiveQuantity().optional(),
  /** Enclosure depth [mm]. */
  depth: positiveQuantity().optional(),
  /** Mass [kg]. */
  weight: positiveQuantity().optional(),
  /** Year the product entered the market. */
  marketEntryYear: yearField,
  /** Year the product left the market; later than the entry year. */
  marketExitYear: yearField,
  /** Where the values come from. */
  datasheet: datasheetSchema.optional(),
});

/** Cross-field rules of an inverter (spec 001 §5 plus the ones every datasheet obeys). */
export function checkInverter(v: z.output<typeof inverterObjectSchema>, ctx: z.RefinementCtx): void {
  checkMarketYears(v, ctx);
  const issue = (message: string, path: string): void => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (v.mpptMinVoltage >= v.mpptMaxVoltage) issue(M.mpptRange, 'mpptMinVoltage');
  if (v.mpptMaxVoltage > v.maxDcVoltage) issue(M.mpptAboveMaxDc, 'mpptMaxVoltage');
  if (v.maxStrings !== undefined && v.maxStrings > v.mpptCount * v.stringsPerMppt) issue(M.maxStrings, 'maxStrings');
  if (v.euroEfficiency !== undefined && v.euroEfficiency > v.maxEfficiency) issue(M.weightedEfficiency, 'euroEfficiency');
  if (v.cecEfficiency !== undefined && v.cecEfficiency > v.maxEfficiency) issue(M.weightedEfficiency, 'cecEfficiency');
  if (v.maxAcPower !== undefined && v.maxAcPower < v.ratedAcPower) issue(M.maxAcPower, 'maxAcPower');
  if (v.hasEfficiencyCurve && (v.efficiencyCurves === undefined || v.efficiencyCurves.length === 0)) {
    issue(M.curveRequired, 'efficiencyCurves');
  }
}

/** An inverter with every rule of the custom inverter form. */
export const inverterSchema = inverterObjectSchema.superRefine(checkInverter);
export type InverterIn = z.input<typeof inverterSchema>;
export type Inverter = z.output<typeof inverterSchema>;

