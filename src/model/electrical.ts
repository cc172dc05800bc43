// Schemas of the engine's `strings` and `cable` commands (docs/ENGINE-API.md §strings, §cable) and the
// messages of the electrical rules (docs/ELECTRICAL.md). The rules themselves are src/electrical.
// Units: V, A, W, °C, m, mm², Ω/km; temperature coefficients in % per °C of the STC value.
import { z } from 'zod';
import { ELECTRICAL_DEFAULTS, cableMaterials } from './electrical-design.ts';

export { cableMaterials, type CableMaterial } from './electrical-design.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const positive = finite.refine((v) => v > 0, 'must be greater than 0');
/** A voltage temperature coefficient [% °C⁻¹]: voltages fall as cells warm. */
const voltageCoefficient = finite.min(-2, 'must be between -2 and 0 %/°C').max(0, 'must be between -2 and 0 %/°C');

/** Messages of the electrical step, English and Chinese (spec 001 §8). */
export const ELECTRICAL_MESSAGES = {
  /** No string length fits the inverter's windows, or not one string fits an MPPT input. */
  notAdaptable: { en: 'The selected inverter model cannot be adapted', zh: '所选逆变器型号无法适配' },
} as const;

// ── strings ─────────────────────────────────────────────────────────────────────────────────────

export const stringsModuleSchema = z
  .strictObject({
    /** Open-circuit voltage at STC [V]. */
    voc: positive,
    /** Voltage at maximum power at STC [V]. */
    vmp: positive,
    /** Short-circuit current at STC [A]. */
    isc: positive,
    /** Current at maximum power at STC [A]. */
    imp: positive,
    /** Temperature coefficient of Voc [% °C⁻¹]. */
    betaVoc: voltageCoefficient,
    /** Temperature coefficient of Vmp [% °C⁻¹]; betaVoc when absent. */
    betaVmp: voltageCoefficient.optional(),
    /** Maximum system voltage of the module [V]. */
    maxSystemVoltage: positive,
  })
  .superRefine((m, ctx) => {
    if (m.vmp >= m.voc) ctx.addIssue({ code: 'custom', path: ['vmp'], message: 'must be lower than voc' });
    if (m.imp >= m.isc) ctx.addIssue({ code: 'custom', path: ['imp'], message: 'must be lower than isc' });
  });

export const stringsInverterSchema = z
  .strictObject({
    /** MPPT window, lower end [V]. */
    mpptMin: positive,
    /** MPPT window, upper end [V]. */
    mpptMax: positive,
    /** Maximum DC input voltage [V]. */
    maxDcVoltage: positive,
    /** Maximum input current of one MPPT input [A]. */
    maxInputCurrent: positive,
    /** Maximum short-circuit current of one MPPT input [A], when the datasheet gives one. */
    maxShortCircuitCurrent: positive.optional(),
    /** Strings one MPPT input takes. */
    stringsPerMppt: z.int().min(1).max(64),
  })
  .superRefine((v, ctx) => {
    if (v.mpptMin >= v.mpptMax) ctx.addIssue({ code: 'custom', path: ['mpptMin'], message: 'must be lower than mpptMax' });
    if (v.mpptMax > v.maxDcVoltage) ctx.addIssue({ code: 'custom', path: ['mpptMax'], message: 'must not exceed maxDcVoltage' });
  });

export const stringsSiteSchema = z.strictObject({
  /** Lowest ambient of the site (cell temperature before sunrise) [°C]. */
  tempMin: finite.min(-60).max(40).default(ELECTRICAL_DEFAULTS.tempMin),
  /** Hot cell temperature of the MPPT-minimum rule [°C]. */
  tempCellHot: finite.min(0).max(100).default(ELECTRICAL_DEFAULTS.tempCellHot),
  /** Cool cell temperature of the MPPT-maximum rule [°C]. */
  tempCellCool: finite.min(-20).max(60).default(ELECTRICAL_DEFAULTS.tempCellCool),
});

export const stringsInputSchema = z.strictObject({
  module: stringsModuleSchema,
  inverter: stringsInverterSchema,
  site: stringsSiteSchema.prefault({}),
  /** A string length to check [modules]: the output's `checks`. */
  modulesPerString: z.int().min(1).max(200).optional(),
  /** Strings in parallel on the MPPT input for the current checks [-] (an addition to ENGINE-API.md). */
  stringsInParallel: z.int().min(1).max(64).default(1),
});
export type StringsInput = z.input<typeof stringsInputSchema>;
export type StringsInputParsed = z.output<typeof stringsInputSchema>;

/**
 * The string rules, by stable name. `mandatory` ones make a design invalid (safety, the inverter's
 * input ratings); the others (the MPPT window) only cost energy.
 */
export const STRING_RULES = {
  /** n · Voc(tempMin) ≤ min(inverter max DC voltage, module max system voltage). */
  vocCold: { mandatory: true },
  /** n · Vmp(tempCellHot) ≥ MPPT minimum. */
  vmpHotMin: { mandatory: false },
  /** n · Vmp(tempCellCool) ≤ MPPT maximum. */
  vmpCoolMax: { mandatory: false },
  /** p · Imp ≤ the input's max current. */
  mpptCurrent: { mandatory: true },
  /** p · Isc ≤ the input's max short-circuit current. */
  mpptShortCircuit: { mandatory: true },
  /** p ≤ strings per MPPT. */
  stringsPerMppt: { mandatory: true },
} as const;
export type StringRule = keyof typeof STRING_RULES;
export const stringRules = Object.keys(STRING_RULES) as StringRule[];

export const ruleCheckSchema = z.object({
  rule: z.string(),
  ok: z.boolean(),
  /** The design's value (V, A or a count, as the rule says). */
  value: z.number(),
  /** The limit it is held against. */
  limit: z.number(),
});
export type RuleCheck = z.infer<typeof ruleCheckSchema>;

export const stringsOutputSchema = z.object({
  /** Smallest n with n · Vmp(hot) ≥ MPPT minimum. */
  minModulesPerString: z.int().min(1),
  /** Largest n meeting the Voc(cold) limit and n · Vmp(cool) ≤ MPPT maximum (0: none). */
  maxModulesPerString: z.int().min(0),
  /** Most strings in parallel on one MPPT input (0: not even one). */
  maxStringsPerMppt: z.int().min(0),
  /** false when no n fits (min > max) or not one string fits an input. */
  adaptable: z.boolean(),
  /** ELECTRICAL_MESSAGES.notAdaptable.en when not adaptable. */
  message: z.string().optional(),
  /** One module's voltages at the three temperatures [V]. */
  moduleVoltages: z.object({ vocCold: z.number(), vmpHot: z.number(), vmpCool: z.number() }),
  /** The checks of `modulesPerString` (and `stringsInParallel`), when given. */
  checks: z.array(ruleCheckSchema).optional(),
});
export type StringsOutput = z.infer<typeof stringsOutputSchema>;

// ── cable ───────────────────────────────────────────────────────────────────────────────────────

/** dc: two conductors; ac1: single-phase (line and neutral); ac3: three-phase (U line-to-line). */
export const cableCircuits = ['dc', 'ac1', 'ac3'] as const;
export type CableCircuit = (typeof cableCircuits)[number];

export const cableInputSchema = z
  .strictObject({
    material: z.enum(cableMaterials),
    /** Conductor cross-section [mm²]. */
    crossSection: positive.max(1000),
    /** One-way length [m]. */
    length: finite.min(0).max(100_000),
    /** Design current [A]. */
    current: finite.min(0).max(100_000),
    /** Circuit voltage [V] (line-to-line for ac3). */
    voltage: positive.max(100_000),
    circuit: z.enum(cableCircuits),
    /** cosφ [-]; 1 for DC. */
    powerFactor: finite.gt(0, 'must be greater than 0').max(1).default(1),
    /** Reactance [Ω/km]. */
    reactance: finite.min(0).max(10).default(0),
    /** Conductor temperature [°C]. */
    temperature: finite.min(-60).max(250).default(20),
    /** Voltage-drop limit [%]: asks for the smallest standard section meeting it and the ampacity. */
    maxDropPercent: positive.max(100).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.circuit === 'dc' && c.powerFactor !== 1) {
      ctx.addIssue({ code: 'custom', path: ['powerFactor'], message: 'must be 1 for a DC circuit' });
    }
  });
export type CableInput = z.input<typeof cableInputSchema>;
export type CableInputParsed = z.output<typeof cableInputSchema>;

export const cableOutputSchema = z.object({
  /** Conductor resistance at the temperature [Ω/km]. */
  resistanceOhmPerKm: z.number(),
  dropV: z.number(),
  /** 100 · dropV / voltage. */
  dropPercent: z.number(),
  lossW: z.number(),
  /** 100 · lossW / transmitted active power (U·I·cosφ; √3·U·I·cosφ for ac3). */
  lossPercent: z.number(),
  /** Smallest standard section meeting maxDropPercent and the ampacity [mm²]; null: none does. */
  smallestSection: z.number().nullable().optional(),
  /** Current-carrying capacity of crossSection [A] (ampacitySource); null: not tabulated. */
  ampacityA: z.number().nullable(),
  /** current ≤ ampacityA; null when not tabulated. */
  ampacityOk: z.boolean().nullable(),
  ampacitySource: z.string(),
});
export type CableOutput = z.infer<typeof cableOutputSchema>;
