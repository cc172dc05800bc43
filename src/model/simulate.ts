// Schemas of the simulate command (docs/ENGINE-API.md, "simulate"): a site, its weather, arrays of modules
// with their orientation, module, temperature, IAM, shading and loss models, feeding one group of
// identical inverters. Units: °, W, W/m², °C, percent for losses; energies in the output in kWh.
import { z } from 'zod';
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
  })
  .superRefine((input, ctx) => {
    const steps = 'hourly' in input.weather ? input.weather.hourly.times.length : undefined;
    input.arrays.forEach((a, i) => {
      const beam = a.shading?.beam;
      if (beam && steps !== undefined && beam.length !== steps) {
        ctx.addIssue({ code: 'custom', path: ['arrays', i, 'shading', 'beam'], message: `has ${beam.length} values, the weather has ${steps} steps` });
      }
    });
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
  'iam',
  'soiling',
  'irradianceAndTemperature',
  'mismatch',
  'lid',
  'wiring',
  'inverter',
  'clipping',
  'availability',
] as const;
export type LossName = (typeof lossNames)[number];

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
});
export type SimulateOutput = z.infer<typeof simulateOutputSchema>;
