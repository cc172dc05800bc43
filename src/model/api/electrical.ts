// Request and answer schemas of the Electrical step's server calls (spec 000 §7 "Services":
// inverter-config, v2/cable-auto-place, cable/length; "Cable and economics": updateCable; the project's
// yield `simulation/run`). The documents they store are the contract of src/model/electrical-design.ts;
// the rules they apply are ELECTRICAL.md's (src/electrical/).
import { z } from 'zod';
import { cableDocumentSchema, cableMaterials, ELECTRICAL_DEFAULTS, inverterConfigDocumentSchema } from '../electrical-design.ts';
import { simulationNoticeSchema } from '../simulation-notices.ts';
import { simulationSchema } from './compute.ts';
import { recordId } from './common.ts';
import { shareKeyQuery } from './projects.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/** Most inverter models one automatic configuration may mix (spec: 1 to 5). */
export const MAX_CONFIG_MODELS = 5;
/** Most inverters of one model the caller may ask for. */
export const MAX_INVERTERS_PER_MODEL = 500;

/**
 * The English messages of these calls (the server's error catalogue has them in Chinese too; the
 * not-adaptable message is ELECTRICAL_MESSAGES.notAdaptable of src/model/electrical.ts).
 */
export const ELECTRICAL_API_MESSAGES = {
  routingFailed: 'Auto Routing Error: Request failed. Please try again.',
  moduleNotInLibrary: 'Choose a module from the library to configure the electrical design',
} as const;

const modulesPerString = z
  .object({ min: z.int().min(1).max(200), max: z.int().min(1).max(200) })
  .refine((r) => r.min <= r.max, { message: 'min must not exceed max', path: ['max'] });

/** POST /project/inverter-config: the automatic configuration. */
export const inverterConfigBody = z.object({
  projectId: recordId,
  inverters: z
    .array(
      z.object({
        libraryId: recordId.describe('an inverter of the equipment library'),
        count: z.int().min(1).max(MAX_INVERTERS_PER_MODEL).optional().describe('absent: from the target DC/AC ratio'),
      }),
    )
    .min(1, 'choose at least one inverter model')
    .max(MAX_CONFIG_MODELS, `at most ${MAX_CONFIG_MODELS} inverter models`),
  targetDcAcRatio: finite.min(0.5).max(3).optional().describe(`DC/AC ratio the inverter count aims at; default ${ELECTRICAL_DEFAULTS.targetDcAcRatio}`),
  modulesPerString: modulesPerString.optional().describe('string length range [modules]; absent: the widest the string-sizing rules allow'),
});
export type InverterConfigBody = z.infer<typeof inverterConfigBody>;

/** One rule applied to one thing (a string, an MPPT input, an inverter, a cable). */
export const electricalCheckSchema = z.object({
  /** Stable rule name: vocCold, vmpHotMin, vmpCoolMax, mpptCurrent, dcAcRatio, dropPercent, … */
  rule: z.string(),
  ok: z.boolean(),
  value: z.number(),
  limit: z.number(),
  /** What the rule was applied to: "model:<key>", "INV-1", "INV-1 MPPT 2", "S3", a cable id. */
  subject: z.string(),
});
export type ElectricalCheck = z.infer<typeof electricalCheckSchema>;

export const inverterConfigSummarySchema = z.object({
  /** Σ module STC power of the modules in strings [kW]. */
  dcKw: z.number(),
  /** Σ rated AC power of the inverters [kW]. */
  acKw: z.number(),
  dcAcRatio: z.number(),
  strings: z.int(),
  /** Modules left out of every string. */
  unassigned: z.int(),
  /** The string length range used [modules]. */
  modulesPerString: z.object({ min: z.int(), max: z.int() }),
});

export const inverterConfigAnswerSchema = z.object({
  version: z.int(),
  data: inverterConfigDocumentSchema,
  checks: z.array(electricalCheckSchema),
  summary: inverterConfigSummarySchema,
});
export type InverterConfigAnswer = z.infer<typeof inverterConfigAnswerSchema>;

/** The cable settings (CableDocument['settings']). */
export const cableSettingsSchema = cableDocumentSchema.shape.settings;
export type CableSettings = z.infer<typeof cableSettingsSchema>;

export const DEFAULT_CABLE_SETTINGS: CableSettings = {
  dcMaterial: 'copper',
  acMaterial: 'copper',
  dcMaxDropPercent: ELECTRICAL_DEFAULTS.dcMaxDropPercent,
  acMaxDropPercent: ELECTRICAL_DEFAULTS.acMaxDropPercent,
};

/** POST /project/v2/cable-auto-place. */
export const cableAutoPlaceBody = z.object({
  projectId: recordId,
  settings: cableSettingsSchema.optional().describe('absent: the stored settings, else copper with 1.5 % DC and 2 % AC drop limits'),
});

export const cableSummarySchema = z.object({
  /** Σ one-way route length of the DC cables (strings and combiner outputs) [m]. */
  dcLengthM: z.number(),
  /** Σ one-way route length of the AC cables [m]. */
  acLengthM: z.number(),
  /** Σ loss at the design currents [W]. */
  dcLossW: z.number(),
  acLossW: z.number(),
  /** Largest voltage drop of any cable [%]. */
  maxDropPercent: z.number(),
});

export const cableAutoPlaceAnswerSchema = z.object({
  version: z.int(),
  data: cableDocumentSchema,
  summary: cableSummarySchema,
});

/** GET /project/cable/length (and its -md5 twin with a share key). */
export const cableLengthQuery = z.object({ projectId: recordId });
export const cableLengthKeyQuery = shareKeyQuery.extend({ projectId: recordId.optional().describe('when sent, must be the shared project') });

const lengthTotal = { count: z.int(), lengthM: z.number().describe('Σ one-way route length [m]'), conductorM: z.number().describe('Σ conductor length [m]: 2 per route for DC and single-phase AC, 3 for three-phase (protective and neutral conductors not counted)') };

export const cableLengthSchema = z.object({
  projectId: z.int(),
  /** The cable document's version (0: never routed). */
  version: z.int(),
  total: z.object(lengthTotal),
  byKind: z.array(z.object({ kind: z.enum(['string', 'combiner', 'ac']), ...lengthTotal })),
  bySection: z.array(z.object({ material: z.enum(cableMaterials), crossSection: z.number().describe('[mm²]'), ...lengthTotal })),
});
export type CableLength = z.infer<typeof cableLengthSchema>;

/**
 * POST /project/simulation/run: the project's real yield from its saved design. `mode` — 'sync'
 * (default): answered while the caller waits, refused (400 COMPUTE_TOO_BIG) when the plant is too big
 * for that; 'auto': answered at once when it fits, otherwise queued; 'queue': always queued. A queued
 * run answers `{ queued }` and is followed with GET /project/simulation/queue.
 */
export const simulationRunBody = z.object({ projectId: recordId, mode: z.enum(['sync', 'auto', 'queue']).optional() });

/** A queued run of the project's yield (a large plant's, on the job queue). */
export const yieldRunSchema = z.object({
  id: z.int(),
  projectId: z.int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Modules in strings when it was queued. */
  modules: z.int(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why it failed: the API error's code and message. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type YieldRun = z.infer<typeof yieldRunSchema>;

/** GET /project/simulation/queue: the project's latest queued run, or null. */
export const yieldRunStateSchema = z.object({ run: yieldRunSchema.nullable() });

/** What the run was built from. */
export const simulationBasisSchema = z.object({
  modules: z.int(),
  strings: z.int(),
  inverters: z.int(),
  /** Versions of the documents read (0: none). */
  layoutVersion: z.int(),
  inverterConfigVersion: z.int(),
  cableVersion: z.int(),
  shadeVersion: z.int(),
  /**
   * How the shade analysis entered: 'none' (no current analysis), 'annualUniform' (each module's
   * annual beam loss applied at every daytime step, its diffuse loss to the sky diffuse), 'hourly'
   * (each module's beam shading at every hour of the analysis, through its bypass substrings; the
   * diffuse loss as with 'annualUniform').
   */
  shading: z.enum(['none', 'annualUniform', 'hourly']),
  /** 'singleDiode' when the library module has one-diode parameters, else 'pvwatts'. */
  moduleModel: z.enum(['singleDiode', 'pvwatts']),
});

export const simulationRunSchema = simulationSchema.extend({
  basis: simulationBasisSchema,
  /** How the yield was worked out, coded (model/simulation-notices.ts); absent in results kept before. */
  notices: z.array(simulationNoticeSchema).optional(),
});
export type SimulationRun = z.infer<typeof simulationRunSchema>;

/** simulation/run's answer: the yield, or (mode 'auto' or 'queue') the run it was queued as. */
export const simulationRunAnswerSchema = z.union([z.strictObject({ queued: yieldRunSchema }), simulationRunSchema]);
export type SimulationRunAnswer = z.infer<typeof simulationRunAnswerSchema>;

/**
 * The 'simulation' document simulation/run keeps: the answer and its AC energy of each of the 8760
 * local hours [kWh] (src/economics/calendar.ts localHourlyKwh), the year the economics balance with
 * the load while the design it was made from is unchanged.
 */
export const keptSimulationSchema = simulationRunSchema.extend({
  pvHourly: z.object({ utcOffset: z.number(), kwh: z.array(z.number()).length(8760) }),
  /** Plane-of-array irradiance of each local hour, unshaded, capacity-weighted [W/m², the hour's mean] (the report's xlsx); absent in results kept before. */
  poaHourly: z.array(z.number()).length(8760).optional(),
  /** DC energy of each local hour [kWh] (the report's xlsx); absent in results kept before. */
  dcHourly: z.array(z.number()).length(8760).optional(),
});
export type KeptSimulation = z.infer<typeof keptSimulationSchema>;
