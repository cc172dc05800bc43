// Schemas of the engine's `stringing` and `cable-route` commands (docs/ENGINE-API.md "stringing",
// "cable-route"; the design note ENGINE-API.md §stringing): automatic strings over a layout, and the
// plan routes of string, combiner and AC cables. The JSON shapes of the headless contract, validated
// here for the CLI, the worker boundary, the server and the web app; the constants the kernels receive
// from the host are written here once (engine/abi.ts "stringing", "cableRoute").
//
// What the design note leaves open, decided here (the rules themselves: docs/ENGINE-API.md):
// - Strings are numbered S1, S2, … in output order: faces in the order they first appear in
//   `modules`, within a face along its serpentine path.
// - `unassigned` lists module ids in input order.
// - `shading` names modules by id; a module missing from it has loss 0; an unknown id is an error.
// - cable-route: `length` is the one-way plan length of the route (both conductors run along it; the
//   drop formulas of ELECTRICAL.md apply the × 2); `returnLength` is what the string's far conductor
//   adds to reach the terminal the route starts from.
import { z } from 'zod';
import { planCoordinate, planXY } from './bounds.ts';
import { MAX_INVERTERS } from './electrical-design.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
/** Ids of modules (the design's `arrayId#index`, ≤ 80), faces, inverters, strings, targets, runs. */
const id = z.string().min(1, 'must not be empty').max(128);
const azimuth = finite.min(0).max(360);
const outXY = z.tuple([finite, finite]);

/** Stringing and routing constants: the one place they are written (the kernels receive them). */
export const STRINGING = {
  /** Most modules one stringing call takes. */
  maxModules: 200_000,
  /** Longest string [modules] (a string's moduleRefs in the inverter-config document). */
  maxModulesPerString: 200,
  /** Most inverters, MPPT inputs per inverter and strings per input. */
  maxInverters: MAX_INVERTERS,
  maxMppts: 64,
  maxStringsPerMppt: 64,
  /**
   * Row clustering: modules whose distance across the row direction differs by more than this × the
   * face's median nearest-neighbour distance are on different lines.
   */
  lineTolerance: 0.5,
  /** A step of the path longer than this × the median nearest-neighbour distance is a jump. */
  hopFactor: 3,
  /** Nearest-neighbour directions within this of the first estimate refine the grid orientation [°]. */
  orientationConeDeg: 10,
} as const;

/** Routing limits and defaults. */
export const CABLE_ROUTE = {
  maxStrings: 20_000,
  maxTargets: 20_000,
  maxRuns: 20_000,
  /** Module positions of one string (a string is at most STRINGING.maxModulesPerString modules). */
  maxPositions: STRINGING.maxModulesPerString,
  /** Row direction when none is given [° clockwise from north]: east–west rows (the plan axes). */
  defaultRowAzimuth: 90,
} as const;

// ── stringing ──────────────────────────────────────────────────────────────────────────────────

export const stringingModuleSchema = z.object({
  id,
  /** Plan position of the module's centre [m]. */
  x: planCoordinate,
  y: planCoordinate,
  /** Strings never cross faces. */
  faceId: id,
});

const stringLength = z.int().min(1).max(STRINGING.maxModulesPerString);

export const modulesPerStringSchema = z.union([
  stringLength,
  z
    .object({ min: stringLength, max: stringLength })
    .refine((r) => r.min <= r.max, { path: ['max'], message: 'max must not be below min' }),
]);

export const stringingInverterSchema = z.object({
  id,
  /** MPPT inputs of the inverter. */
  mpptCount: z.int().min(1).max(STRINGING.maxMppts),
  /** Strings one input takes in parallel. */
  stringsPerMppt: z.int().min(1).max(STRINGING.maxStringsPerMppt),
});

export const stringingInputSchema = z
  .object({
    modules: z.array(stringingModuleSchema).max(STRINGING.maxModules),
    /** A fixed length, or a range: per face the length leaving the fewest modules over (ties: the longest). */
    modulesPerString: modulesPerStringSchema,
    /** Strings go to these inverters' MPPT inputs in order of position; none: strings without inverter. */
    inverters: z.array(stringingInverterSchema).max(STRINGING.maxInverters).default([]),
    /** Annual loss per module id, 0..1 (the shade analysis): strings gather modules of similar loss. */
    shading: z.record(z.string(), finite.min(0).max(1)).optional(),
  })
  .superRefine((input, ctx) => {
    const seen = new Map<string, number>();
    input.modules.forEach((m, i) => {
      if (seen.has(m.id)) ctx.addIssue({ code: 'custom', path: ['modules', i, 'id'], message: `duplicate module id "${m.id}" (also modules.${seen.get(m.id)})` });
      else seen.set(m.id, i);
    });
    const inverters = new Map<string, number>();
    input.inverters.forEach((inv, i) => {
      if (inverters.has(inv.id)) ctx.addIssue({ code: 'custom', path: ['inverters', i, 'id'], message: `duplicate inverter id "${inv.id}" (also inverters.${inverters.get(inv.id)})` });
      else inverters.set(inv.id, i);
    });
    for (const key of Object.keys(input.shading ?? {})) {
      if (!seen.has(key)) ctx.addIssue({ code: 'custom', path: ['shading', key], message: `no module has the id "${key}"` });
    }
  });
export type StringingInput = z.input<typeof stringingInputSchema>;
export type StringingInputParsed = z.output<typeof stringingInputSchema>;

export const stringingStringSchema = z.object({
  id: z.string(),
  /** Modules in wiring order (consecutive modules are neighbours on the face). */
  moduleIds: z.array(z.string()).min(1),
  faceId: z.string(),
  /** The inverter and its 0-based MPPT input; absent when no inverter has room for the string. */
  inverterId: z.string().optional(),
  mppt: z.int().min(0).optional(),
});
export type StringingString = z.infer<typeof stringingStringSchema>;

export const stringingOutputSchema = z.object({
  strings: z.array(stringingStringSchema),
  /** Modules in no string (a face's leftovers shorter than a string), in input order. */
  unassigned: z.array(z.string()),
});
export type StringingOutput = z.infer<typeof stringingOutputSchema>;

// ── cable-route ────────────────────────────────────────────────────────────────────────────────

export const routeStringSchema = z.object({
  id,
  /** The modules' plan positions in wiring order [[x, y]] [m]: the first and last are the terminals. */
  modulePositions: z.array(planXY).min(1).max(CABLE_ROUTE.maxPositions),
  /** Direction of this string's row [° clockwise from north; 90: east–west]; default the global one. */
  rowAzimuth: azimuth.optional(),
});

export const routeTargetSchema = z.object({
  id,
  /** Plan position of the combiner box or inverter input [m]. */
  position: planXY,
});

export const routeRunSchema = z.object({
  id,
  from: planXY,
  to: planXY,
});

export const cableRouteInputSchema = z
  .object({
    strings: z.array(routeStringSchema).max(CABLE_ROUTE.maxStrings).default([]),
    targets: z.array(routeTargetSchema).max(CABLE_ROUTE.maxTargets).default([]),
    /** String id → target id; a string left out goes to the target with the shortest route. */
    assignment: z.record(z.string(), z.string()).default({}),
    /** Row direction of strings that give none [° clockwise from north]. */
    rowAzimuth: azimuth.default(CABLE_ROUTE.defaultRowAzimuth),
    /** Single runs (combiner → inverter, inverter → grid): x first, then y, in the plan frame. */
    runs: z.array(routeRunSchema).max(CABLE_ROUTE.maxRuns).default([]),
  })
  .superRefine((input, ctx) => {
    const unique = (items: { id: string }[], key: 'strings' | 'targets' | 'runs') => {
      const seen = new Map<string, number>();
      items.forEach((item, i) => {
        if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [key, i, 'id'], message: `duplicate id "${item.id}" (also ${key}.${seen.get(item.id)})` });
        else seen.set(item.id, i);
      });
      return seen;
    };
    const strings = unique(input.strings, 'strings');
    const targets = unique(input.targets, 'targets');
    unique(input.runs, 'runs');
    for (const [s, t] of Object.entries(input.assignment)) {
      if (!strings.has(s)) ctx.addIssue({ code: 'custom', path: ['assignment', s], message: `no string has the id "${s}"` });
      else if (!targets.has(t)) ctx.addIssue({ code: 'custom', path: ['assignment', s], message: `no target has the id "${t}"` });
    }
    if (input.strings.length > 0 && input.targets.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['targets'], message: 'the strings need at least one target to be routed to' });
    }
  });
export type CableRouteInput = z.input<typeof cableRouteInputSchema>;
export type CableRouteInputParsed = z.output<typeof cableRouteInputSchema>;

export const routedStringSchema = z.object({
  id: z.string(),
  targetId: z.string(),
  /** Plan route [[x, y]] [m] from the string terminal nearer the target, along the row, then across it. */
  path: z.array(outXY).min(2),
  /** One-way length of `path` [m] (both conductors run along it; the drop formulas apply × 2). */
  length: finite.min(0),
  /** What the far terminal's conductor adds to reach the route's start [m] (row-frame Manhattan). */
  returnLength: finite.min(0),
});
export type RoutedString = z.infer<typeof routedStringSchema>;

export const routedRunSchema = z.object({
  id: z.string(),
  /** Plan route from → to: along x, then along y [m]. */
  path: z.array(outXY).min(2),
  /** One-way length [m]. */
  length: finite.min(0),
});
export type RoutedRun = z.infer<typeof routedRunSchema>;

export const cableRouteOutputSchema = z.object({
  strings: z.array(routedStringSchema),
  runs: z.array(routedRunSchema),
});
export type CableRouteOutput = z.infer<typeof cableRouteOutputSchema>;
