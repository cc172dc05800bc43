// Schemas of the simulate command (docs/ENGINE-API.md, "simulate"): a site, its weather, arrays of modules
// with their orientation, module, temperature, IAM, shading and loss models, feeding one group of
// identical inverters — or, with the optional `electrical` block, strings on the MPPT inputs of several
// inverters (the section below). Units: °, W, W/m², °C, percent for losses; energies in the output in kWh.
import { z } from 'zod';
import { ELECTRICAL_DEFAULTS, MAX_INVERTERS, MAX_STRINGS } from './electrical-design.ts';
import { horizonProfileSchema } from './horizon.ts';
import { weatherSchema } from './weather.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const positive = finite.refine((v) => v > 0, 'must be greater than 0');
const percent = finite.min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100');

export const simulateSiteSchema = z.strictObject({
  latitude: finite.min(-90).max(90),
  longitude: finite.min(-180).max(180),
  /** [m] above sea level; the air pressure of the solar position and air mass follows from it. */
  elevation: finite.min(-500).max(9000).default(0),
  /** Ground reflectance [−] (the weather's albedo column wins where it has one). */
  albedo: finite.min(0).max(1).default(0.2),
});

export const transpositionModels = ['isotropic', 'haydavies', 'perez'] as const;

/** PVWatts DC module: pdc0 [W] at STC, gammaPdc [1/°C]. */
const pvwattsModuleSchema = z.strictObject({
  model: z.literal('pvwatts'),
  /** [W] of one module (100 kW at most: bounds the array sums). */
  pdc0: positive.max(100_000),
  gammaPdc: finite.min(-0.02).max(0.01).default(-0.0035),
});

/** De Soto (CEC database) reference parameters; 'cec' adds `adjust` [%]. */
const desotoModuleSchema = z.strictObject({
  model: z.literal('singleDiode'),
  parameterSet: z.enum(['desoto', 'cec']),
  /** [A/°C] */ alphaSc: finite,
  /** n·Ns·Vth at reference [V] */ aRef: positive,
  /** [A] */ iLRef: positive,
  /** [A] */ iORef: positive,
  /** [Ω] */ rShRef: positive,
  /** [Ω] */ rS: finite.min(0),
  /** [%] CEC only */ adjust: finite.default(0),
  /** [eV] */ egRef: positive.default(1.121),
  /** [1/K] */ dEgdT: finite.default(-0.0002677),
});

/** PVsyst (.PAN) reference parameters. */
const pvsystModuleSchema = z.strictObject({
  model: z.literal('singleDiode'),
  parameterSet: z.literal('pvsyst'),
  /** [A/°C] */ alphaSc: finite,
  /** ideality factor [−] */ gammaRef: positive,
  /** [1/K] */ muGamma: finite,
  /** [A] */ iLRef: positive,
  /** [A] */ iORef: positive,
  /** [Ω] */ rShRef: positive,
  /** [Ω] at zero irradiance */ rSh0: positive,
  /** [Ω] */ rS: finite.min(0),
  cellsInSeries: z.number().int().positive(),
  rShExp: positive.default(5.5),
  egRef: positive.default(1.121),
  /** [V] PVsyst D2MuTau: thin-film (CdTe, a-Si) recombination; absent or 0: none */ d2mutau: finite.min(0).optional(),
  /** [V] built-in voltage per cell, default 0.9 (1.8 for a tandem) */ vbi: positive.optional(),
});

export const simulateModuleSchema = z.union([pvwattsModuleSchema, desotoModuleSchema, pvsystModuleSchema], {
  error: () => 'module: expected { model: "pvwatts" } or { model: "singleDiode", parameterSet: "desoto" | "cec" | "pvsyst" } with its parameters',
});

export const temperatureModelSchema = z.discriminatedUnion('model', [
  z.strictObject({ model: z.literal('sapm'), a: finite.default(-3.56), b: finite.default(-0.075), deltaT: finite.default(3) }),
  z.strictObject({
    model: z.literal('pvsyst'),
    uc: positive.default(29),
    uv: finite.min(0).default(0),
    moduleEfficiency: finite.min(0).max(1).default(0.1),
    alphaAbsorption: finite.min(0).max(1).default(0.9),
  }),
  z.strictObject({ model: z.literal('faiman'), u0: positive.default(25), u1: finite.min(0).default(6.84) }),
]);

export const iamSchema = z.discriminatedUnion('model', [
  z.strictObject({ model: z.literal('physical'), n: positive.default(1.526), K: positive.default(4), L: positive.default(0.002) }),
  z.strictObject({ model: z.literal('ashrae'), b0: finite.min(0).max(1).default(0.05) }),
  z.strictObject({ model: z.literal('martinRuiz'), ar: positive.default(0.16) }),
  z.strictObject({ model: z.literal('none') }),
]);

export const simulateLossesSchema = z.strictObject({
  soiling: percent.default(0),
  mismatch: percent.default(0),
  wiring: percent.default(0),
  lid: percent.default(0),
  availability: percent.default(0),
});

export const simulateArraySchema = z.strictObject({
  name: z.string().min(1, 'must not be empty'),
  surfaceTilt: finite.min(0).max(90),
  surfaceAzimuth: finite.min(0).max(360),
  modulesPerString: z.number().int().positive().max(10_000),
  strings: z.number().int().positive().max(1_000_000),
  module: simulateModuleSchema,
  temperatureModel: temperatureModelSchema.default({ model: 'sapm', a: -3.56, b: -0.075, deltaT: 3 }),
  iam: iamSchema.default({ model: 'physical', n: 1.526, K: 4, L: 0.002 }),
  /** false: IAM on the beam only (pvlib ModelChain's habit). */
  iamOnDiffuse: z.boolean().default(true),
  /** Shading fractions: beam per weather step (0 = unshaded, 1 = fully shaded), sky diffuse one value. */
  shading: z
    .strictObject({
      beam: z.array(finite.min(0).max(1)).optional(),
      diffuse: finite.min(0).max(1).default(0),
    })
    .optional(),
  losses: simulateLossesSchema.default({ soiling: 0, mismatch: 0, wiring: 0, lid: 0, availability: 0 }),
});

export const simulateInverterSchema = z.discriminatedUnion('model', [
  z.strictObject({
    model: z.literal('pvwatts'),
    /** DC input limit of one inverter [W] (its AC limit is etaInvNom·pdc0). */
    pdc0: positive,
    etaInvNom: finite.gt(0).max(1).default(0.96),
    etaInvRef: finite.gt(0).max(1).default(0.9637),
    count: z.number().int().positive().max(1_000_000).default(1),
  }),
  z.strictObject({
    model: z.literal('sandia'),
    paco: positive,
    pdco: positive,
    vdco: positive,
    pso: finite.min(0),
    c0: finite,
    c1: finite,
    c2: finite,
    c3: finite,
    pnt: finite.min(0),
    count: z.number().int().positive().max(1_000_000).default(1),
  }),
  z.strictObject({
    model: z.literal('efficiencyCurve'),
    curves: z
      .array(
        z.strictObject({
          voltage: positive,
          pdc: z.array(positive).min(1),
          efficiency: z.array(finite.min(0).max(1)).min(1),
        }),
      )
      .min(1)
      .max(3),
    pacMax: positive,
    pdcThreshold: finite.min(0).default(0),
    nightLoss: finite.min(0).default(0),
    count: z.number().int().positive().max(1_000_000).default(1),
  }),
]);

/** One inverter's model without a count (the `model` of an electrical inverter). */
export const simulateInverterModelSchema = z.discriminatedUnion('model', [
  simulateInverterSchema.options[0].omit({ count: true }),
  simulateInverterSchema.options[1].omit({ count: true }),
  simulateInverterSchema.options[2].omit({ count: true }),
]);

// ── electrical: strings, MPPT inputs, several inverters, wiring, per-module shading ──────────────────
// The optional `electrical` block of simulate (docs/ENGINE-API.md "simulate", ELECTRICAL.md "Electrical
// shading"). Without it the chain is the one above: each array's modules alike, one group of identical
// inverters. With it:
//   inverters[]     each inverter with its own `model` (the top-level `inverter` without `count` when
//                   absent), its MPPT inputs in order, and its AC cable (`acWiringOhm` per conductor,
//                   `acVoltage` line-to-line for 3 phases or line-to-neutral for 1, `acPowerFactor`);
//   mppts[]         the strings on one input, in parallel, and the loop resistance of the cable that
//                   carries their summed current to the inverter (`wiringOhm`, both conductors);
//   strings[]       { array: index in `arrays`, modules: module indices within that array in wiring
//                   order, wiringOhm: the string cable's loop resistance }. A module is in one string at
//                   most; an array's modules are exactly those its strings name (its `modulesPerString`
//                   and `strings` are then not used), and modules in no string make nothing;
//   moduleShading   sparse, keyed "<arrayIndex>#<moduleIndex>": the steps (weather step indices,
//                   ascending) at which that module has beam shading and, per step, its shaded beam
//                   fraction `beam` (0..1, the shade analysis's per-module value) and/or `substrings`
//                   (one blocked-beam fraction per bypass substring, lowest first, when the caller knows
//                   them); unlisted module-steps are unshaded (beyond the array's own `shading`);
//   bypassDiodes, diodeDrop, orientation, cellRows   the modules' substrings and the rule that turns a
//                   module's shaded fraction into its substrings' light (physics/mismatch/shading-rule.ts).
// Each MPPT works at the global maximum of its strings' combined curve (single-diode modules: bypass
// substrings' I–V curves; PVWatts modules: the Martínez-Moreno preview), minus the DC cables' I²R at the
// operating currents, into its inverter's model with clipping at that inverter's own AC limit, minus
// the AC cable's loss. Names are kept stable once written: the server builds this block from the
// Electrical step's documents (model/electrical-design.ts).

/** Bounds of the electrical block (hostile input is refused naming the field). */
export const SIMULATE_ELECTRICAL_LIMITS = {
  inverters: MAX_INVERTERS,
  mpptsPerInverter: 64,
  stringsPerMppt: 1000,
  strings: MAX_STRINGS,
  modulesPerString: 200,
  /** Modules in all strings. */
  modules: 200_000,
  /** Σ steps over moduleShading (shaded module-steps). */
  shadedModuleSteps: 10_000_000,
  /** Arrays holding strings × weather steps (the per-array hourly series kept in memory at once). */
  arraySteps: 2_000_000,
  /** A module index within an array. */
  moduleIndex: 1_000_000,
  /** A resistance [Ω]. */
  ohm: 1000,
  bypassDiodes: 24,
} as const;

const ohm = finite.min(0, 'must be ≥ 0').max(SIMULATE_ELECTRICAL_LIMITS.ohm);

export const electricalStringSchema = z.strictObject({
  /** Index of the string's array in `arrays`. */
  array: z.int().min(0),
  /** Module indices within the array, in wiring order. */
  modules: z.array(z.int().min(0).max(SIMULATE_ELECTRICAL_LIMITS.moduleIndex)).min(1).max(SIMULATE_ELECTRICAL_LIMITS.modulesPerString),
  /** Loop resistance of the string's DC cable, both conductors [Ω]. */
  wiringOhm: ohm.default(0),
});

export const electricalMpptSchema = z.strictObject({
  strings: z.array(electricalStringSchema).max(SIMULATE_ELECTRICAL_LIMITS.stringsPerMppt),
  /** Loop resistance of the cable carrying the strings' summed current to the input (combiner → inverter) [Ω]. */
  wiringOhm: ohm.default(0),
});

export const electricalInverterSchema = z.strictObject({
  id: z.string().min(1, 'must not be empty').max(64),
  /** The inverter's model; absent: the top-level `inverter` (its `count` ignored). */
  model: simulateInverterModelSchema.optional(),
  mppts: z.array(electricalMpptSchema).min(1, 'needs at least one MPPT input').max(SIMULATE_ELECTRICAL_LIMITS.mpptsPerInverter),
  /** Resistance of one conductor of the AC cable [Ω]. */
  acWiringOhm: ohm.default(0),
  /** AC voltage [V]: line-to-line with 3 phases, line-to-neutral with 1. */
  acVoltage: positive.max(1_000_000).default(400),
  acPhases: z.union([z.literal(1), z.literal(3)]).default(3),
  acPowerFactor: finite.gt(0).max(1).default(1),
});

/** Whether v is a fraction 0..1 (NaN and ±∞ are not). */
const isFraction = (v: number) => v >= 0 && v <= 1;

/**
 * One module's shading. Its arrays can be long (a year of steps for each of thousands of modules), so
 * their values are checked by one loop each rather than a schema per value; a bad value is reported at
 * its index.
 */
export const moduleShadingSchema = z
  .strictObject({
    /** Weather step indices, strictly ascending. */
    steps: z.array(z.number()).min(1),
    /** Shaded beam fraction of the module at each step [0..1]. */
    beam: z.array(z.number()).optional(),
    /** Blocked-beam fraction of each substring's most shaded cell at each step, lowest substring first [0..1]. */
    substrings: z.array(z.array(z.number()).min(1).max(SIMULATE_ELECTRICAL_LIMITS.bypassDiodes)).optional(),
  })
  .superRefine((m, ctx) => {
    if (!m.beam && !m.substrings) ctx.addIssue({ code: 'custom', path: ['beam'], message: 'needs beam or substrings' });
    const steps = m.steps;
    for (let k = 0; k < steps.length; k++) {
      const v = steps[k];
      if (!(Number.isInteger(v) && v >= 0 && (k === 0 || v > steps[k - 1]))) {
        ctx.addIssue({ code: 'custom', path: ['steps', k], message: 'steps must be integers ≥ 0, strictly ascending' });
        break;
      }
    }
    if (m.beam) {
      if (m.beam.length !== steps.length) ctx.addIssue({ code: 'custom', path: ['beam'], message: `has ${m.beam.length} values, steps has ${steps.length}` });
      const bad = m.beam.findIndex((v) => !isFraction(v));
      if (bad >= 0) ctx.addIssue({ code: 'custom', path: ['beam', bad], message: 'must be between 0 and 1' });
    }
    if (m.substrings) {
      if (m.substrings.length !== steps.length) ctx.addIssue({ code: 'custom', path: ['substrings'], message: `has ${m.substrings.length} values, steps has ${steps.length}` });
      for (let k = 0; k < m.substrings.length; k++) {
        const bad = m.substrings[k].findIndex((v) => !isFraction(v));
        if (bad >= 0) {
          ctx.addIssue({ code: 'custom', path: ['substrings', k, bad], message: 'must be between 0 and 1' });
          break;
        }
      }
    }
  });

export const simulateElectricalSchema = z.strictObject({
  inverters: z.array(electricalInverterSchema).min(1, 'needs at least one inverter').max(SIMULATE_ELECTRICAL_LIMITS.inverters),
  moduleShading: z.record(z.string().regex(/^\d+#\d+$/, 'must be arrayIndex#moduleIndex'), moduleShadingSchema).optional(),
  /** Bypass diodes (substrings) per module. */
  bypassDiodes: z.int().min(1).max(SIMULATE_ELECTRICAL_LIMITS.bypassDiodes).default(ELECTRICAL_DEFAULTS.bypassDiodes),
  /** Forward drop of a bypass diode [V]. */
  diodeDrop: finite.min(0).max(5).default(ELECTRICAL_DEFAULTS.bypassDiodeDrop),
  orientation: z.enum(['portrait', 'landscape']).default('portrait'),
  /** Cell rows from the module's lower to its upper edge as installed; absent: any shade on a substring blocks its beam. */
  cellRows: z.int().min(1).max(1000).optional(),
});

/** The electrical block as a caller writes it (defaults optional). */
export type SimulateElectrical = z.input<typeof simulateElectricalSchema>;
/** The electrical block after validation (defaults filled). */
export type SimulateElectricalParsed = z.output<typeof simulateElectricalSchema>;

type Issue = { path: (string | number)[]; message: string };

/**
 * The checks of the electrical block that need the rest of the input: array indices, each module in
 * one string, PVWatts modules (no current) without DC cables and not mixed with single-diode modules
 * on one input, unique inverter ids, the totals, the shading's keys, steps and substring counts.
 * @param arrays the input's arrays (their modules' model)
 * @param e the parsed electrical block
 * @param steps weather steps when known (hourly weather), else undefined
 * @returns the first problems found (a few at most)
 */
export function electricalIssues(arrays: readonly { module: { model: string } }[], e: SimulateElectricalParsed, steps: number | undefined): Issue[] {
  const L = SIMULATE_ELECTRICAL_LIMITS;
  const issues: Issue[] = [];
  const at = (...p: (string | number)[]) => ['electrical', ...p];
  const used = new Map<number, Set<number>>();
  const ids = new Set<string>();
  let strings = 0;
  let modules = 0;
  e.inverters.forEach((inv, i) => {
    if (ids.has(inv.id)) issues.push({ path: at('inverters', i, 'id'), message: `inverter id ${JSON.stringify(inv.id)} is used twice` });
    ids.add(inv.id);
    inv.mppts.forEach((mppt, j) => {
      let pvwatts = 0;
      mppt.strings.forEach((s, k) => {
        strings++;
        modules += s.modules.length;
        const here = ['inverters', i, 'mppts', j, 'strings', k];
        if (s.array >= arrays.length) {
          issues.push({ path: at(...here, 'array'), message: `there are ${arrays.length} arrays` });
          return;
        }
        if (arrays[s.array].module.model === 'pvwatts') {
          pvwatts++;
          if (s.wiringOhm > 0) issues.push({ path: at(...here, 'wiringOhm'), message: 'needs a single-diode module: PVWatts modules have no current' });
        }
        let set = used.get(s.array);
        if (!set) used.set(s.array, (set = new Set()));
        for (const [q, m] of s.modules.entries()) {
          if (set.has(m)) {
            issues.push({ path: at(...here, 'modules', q), message: `module ${m} of array ${s.array} is in another string` });
            break;
          }
          set.add(m);
        }
      });
      if (pvwatts > 0 && pvwatts < mppt.strings.length) {
        issues.push({ path: at('inverters', i, 'mppts', j, 'strings'), message: 'mixes PVWatts and single-diode modules on one input' });
      }
      if (pvwatts > 0 && mppt.wiringOhm > 0) {
        issues.push({ path: at('inverters', i, 'mppts', j, 'wiringOhm'), message: 'needs single-diode modules: PVWatts modules have no current' });
      }
    });
  });
  if (strings > L.strings) issues.push({ path: at('inverters'), message: `has ${strings} strings, at most ${L.strings}` });
  if (modules > L.modules) issues.push({ path: at('inverters'), message: `has ${modules} modules in strings, at most ${L.modules}` });
  if (steps !== undefined && used.size * steps > L.arraySteps) {
    issues.push({ path: at('inverters'), message: `${used.size} arrays with strings × ${steps} weather steps is over ${L.arraySteps}` });
  }
  let shaded = 0;
  const keys = Object.keys(e.moduleShading ?? {}).length;
  if (keys > L.modules) issues.push({ path: at('moduleShading'), message: `has ${keys} modules, at most ${L.modules}` });
  for (const [key, m] of Object.entries(e.moduleShading ?? {})) {
    shaded += m.steps.length;
    const array = Number(key.slice(0, key.indexOf('#')));
    if (!(array < arrays.length)) issues.push({ path: at('moduleShading', key), message: `there are ${arrays.length} arrays` });
    const last = m.steps[m.steps.length - 1];
    if (steps !== undefined && last >= steps) issues.push({ path: at('moduleShading', key, 'steps'), message: `step ${last} is beyond the weather's ${steps} steps` });
    const bad = m.substrings?.findIndex((c) => c.length !== e.bypassDiodes) ?? -1;
    if (bad >= 0) issues.push({ path: at('moduleShading', key, 'substrings', bad), message: `needs one value per bypass diode (${e.bypassDiodes})` });
    if (issues.length > 20) break;
  }
  if (shaded > L.shadedModuleSteps) issues.push({ path: at('moduleShading'), message: `has ${shaded} shaded module-steps, at most ${L.shadedModuleSteps}` });
  return issues;
}

export const simulateInputSchema = z
  .strictObject({
    site: simulateSiteSchema,
    weather: weatherSchema,
    transposition: z.enum(transpositionModels).default('perez'),
    arrays: z.array(simulateArraySchema).min(1, 'needs at least one array'),
    inverter: simulateInverterSchema,
    /** Far shading: the site's horizon line, pairs [azimuth [°] clockwise from north, elevation [°]] (model/horizon.ts). */
    horizon: horizonProfileSchema.optional(),
    output: z.strictObject({ hourly: z.boolean().default(false) }).default({ hourly: false }),
    /** Strings, MPPT inputs, several inverters, wiring and per-module shading (the section above). */
    electrical: simulateElectricalSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const steps = 'hourly' in input.weather ? input.weather.hourly.times.length : undefined;
    input.arrays.forEach((a, i) => {
      const beam = a.shading?.beam;
      if (beam && steps !== undefined && beam.length !== steps) {
        ctx.addIssue({ code: 'custom', path: ['arrays', i, 'shading', 'beam'], message: `has ${beam.length} values, the weather has ${steps} steps` });
      }
    });
    if (input.electrical) for (const issue of electricalIssues(input.arrays, input.electrical, steps)) ctx.addIssue({ code: 'custom', ...issue });
  });

export type SimulateInput = z.input<typeof simulateInputSchema>;
export type SimulateInputParsed = z.output<typeof simulateInputSchema>;
export type SimulateArray = z.output<typeof simulateArraySchema>;
export type SimulateInverter = z.output<typeof simulateInverterSchema>;
export type SimulateModule = z.output<typeof simulateModuleSchema>;

/** The names of the loss tree, in the order the energy flows through them. */
export const lossNames = [
  'horizon',
  'shading',
  'shadingIrradiance',
  'iam',
  'soiling',
  'irradianceAndTemperature',
  'shadingElectrical',
  'mismatch',
  'lid',
  'wiring',
  'wiringDc',
  'inverter',
  'clipping',
  'wiringAc',
  'availability',
] as const;
export type LossName = (typeof lossNames)[number];

/**
 * The lines only a simulation with `electrical` has: the per-module beam shading on the irradiance
 * (shadingIrradiance), the electrical effect of the combined curves beyond it (shadingElectrical: bypass
 * substrings, strings sharing a current, strings sharing an MPPT voltage), the DC and AC cables' I²R.
 */
export const electricalLossNames = ['shadingIrradiance', 'shadingElectrical', 'wiringDc', 'wiringAc'] as const satisfies readonly LossName[];

const kwh = finite;

export const simulateOutputSchema = z.object({
  annual: z.object({
    /** AC energy delivered [kWh]. */ acKwh: kwh,
    /** DC energy at the inverter input [kWh]. */ dcKwh: kwh,
    /** Plane-of-array irradiation, unshaded, capacity-weighted over the arrays [kWh/m²]. */ poaKwhM2: kwh,
    /** acKwh per kWp of STC DC capacity [kWh/kWp]. */ specificYield: kwh,
    /** IEC 61724: (acKwh / kWp) / (poaKwhM2 / 1 kW/m²) [−]. */ performanceRatio: kwh,
    /** STC DC capacity [kWp]. */ capacityKwp: kwh,
    /** Nominal energy: capacity × unshaded POA irradiation [kWh], the top of the loss tree. */ nominalKwh: kwh,
  }),
  monthly: z.array(z.object({ month: z.number().int().min(1).max(12), acKwh: kwh, dcKwh: kwh, poaKwhM2: kwh })),
  /** The loss tree: nominalKwh − Σ kwh = acKwh; percent of nominalKwh. */
  losses: z.array(z.object({ name: z.enum(lossNames), kwh, percent: finite })),
  hourly: z
    .object({
      times: z.array(z.string()),
      /** [W] */ ac: z.array(finite),
      /** [W] */ dc: z.array(finite),
      /** [W/m²] unshaded, capacity-weighted */ poaGlobal: z.array(finite),
      /** [°C] capacity-weighted */ cellTemperature: z.array(finite),
    })
    .optional(),
  /** Set when the weather is an estimate (the synthetic year). */
  estimate: z.boolean().optional(),
  /** With `electrical`: each inverter's year [kWh], in the input's order. */
  electrical: z
    .object({
      inverters: z.array(
        z.object({
          id: z.string(),
          /** DC energy at its input, after the DC cables [kWh]. */ dcKwh: kwh,
          /** AC energy delivered, after the AC cable and availability [kWh]. */ acKwh: kwh,
          /** Energy clipped at its AC limit [kWh]. */ clippingKwh: kwh,
        }),
      ),
    })
    .optional(),
});
export type SimulateOutput = z.infer<typeof simulateOutputSchema>;
