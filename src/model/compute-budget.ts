// The compute budget (issue 19): how much work one compute call may ask of the shared engine workers
// for a synchronous answer, estimated from its input before anything runs. The server refuses a call
// above its limit with 400 naming the field that makes it big (COMPUTE_TOO_BIG); the web client can
// run the same estimate to warn before sending. Every call also has a timeout (its worker is stopped
// and replaced) and a user may run only so many calls at once (429). The one place these are written.
//
// Costs, each an upper bound of the work, calibrated on the release engine (2-core server, 2025):
//   shade   rays × BVH depth: modules × samples × (sun steps + sky directions) × ⌈log₂(primitives + 1)⌉.
//           The engine finds a ray's first hit through a bounding-volume hierarchy
//           (engine/shading/bvh.ts), so a ray visits about log₂ N of the N triangles' boxes, not
//           all of them: the scene size enters as its logarithm. Measured 0.3–4.4 ns per ray-level.
//           Building the hierarchy costs N log N: the scene's triangles are capped apart.
//   layout  the modules the answer may hold: face plan area / module plan area (gaps ignored), or
//           the capacity cap's count when smaller. The grid scan itself is cheap (3.5 M positions in
//           0.12 s); the answer is ~220 bytes per module.
//   roof    segments² (outline edges + roof lines): every pair may cross, and each crossing adds a
//           point, lines and faces to the answer (400 crossing segments: 40,000 faces, 40 MB, 0.9 s).
//   simulation  arrays × weather steps (8760 for a year of hours): 1,000 arrays ≈ 0.3 s (PVWatts),
//           ≈ 2 s with single-diode modules.
//   winter shadows  footprint vertices of the obstacles + 4 per module (Clipper2 unions them):
//           10,000 boxes ≈ 3 s, 20,000 modules ≈ 1.1 s.
//   best tilt  weather steps (the search evaluates the year ~30 times: 8760 h ≈ 45 ms).
//   inverter-config  the layout's modules through the engine's stringing (its own bound, 200,000):
//           10,000 modules ≈ 0.3 s with the plan. cable-auto-place: string routes + single runs (the
//           engine's bounds): 500 strings and 50 inverters ≈ 0.3 s with the sizing.
//   simulation/run  modules in strings × weather steps: 10,000 modules over 8760 h ≈ 2.1 s (PVWatts
//           modules) to 2.4 s (single-diode), so the limit (≈ 22,800 modules a year) stays near 6 s.
//           A larger plant's yield is queued (mode 'auto'): up to the engine's 200,000 modules in
//           strings, run by a job with its own timeout (queuedTimeoutMs).
import { signedArea } from './plan-geometry.ts';
import { SHADE } from './shade.ts';
import { CABLE_ROUTE, STRINGING } from './stringing.ts';

export const COMPUTE_BUDGET = {
  /** shade: modules × samples × (steps + sky directions) × ⌈log₂(triangles + 2 · modules + 1)⌉. */
  shadeMaxWork: 2e9,
  /** shade: triangles of the scene (buildings, obstacles and given triangles; modules apart). */
  shadeMaxTriangles: 200_000,
  /** shade with output.perStep: steps × modules values in the answer. */
  shadeMaxPerStepValues: 2_000_000,
  /** layout: modules the answer may hold. */
  layoutMaxModules: 50_000,
  /** roof: segments² (outline edges + roof lines; the outline alone for an automatic roof). */
  roofMaxSegmentsSquared: 160_000,
  /** simulation: arrays × weather steps. */
  simulationMaxArraySteps: 20_000_000,
  /** calcShadowWinter: obstacle footprint vertices + 4 per module. */
  winterMaxVertices: 80_000,
  /** calc-best-dip-lite: weather steps (an uploaded file's size bounds them long before this). */
  bestTiltMaxSteps: 1_000_000,
  /** plane-irradiation: planes × weather steps (each plane's year once: 200 planes × 8760 h ≈ 1.8 M). */
  planeMaxPlaneSteps: 10_000_000,
  /** inverter-config: modules the stringing takes (the engine's own bound). */
  stringingMaxModules: STRINGING.maxModules,
  /** v2/cable-auto-place: string routes plus single runs (combiner and AC cables). */
  cableRouteMaxRoutes: CABLE_ROUTE.maxStrings + CABLE_ROUTE.maxRuns,
  /**
   * simulation/run: modules in strings × weather steps. Every module-step of a shaded string may need
   * the string's I–V curves (src/physics/mismatch), the unshaded ones cost little.
   */
  projectSimulationMaxModuleSteps: 2e8,
  /**
   * simulation/run queued (a large plant, on the job queue): modules in strings × weather steps. The
   * engine takes 200,000 modules in strings (SIMULATE_ELECTRICAL_LIMITS.modules); a year of them is
   * ≈ 1.76e9 module-steps.
   */
  projectSimulationQueuedMaxModuleSteps: 2e9,
  /** A queued yield running longer than this is stopped (its worker replaced) and the run fails [ms]. */
  queuedTimeoutMs: 15 * 60_000,
  /** A compute call running longer than this is stopped: its worker is terminated and replaced [ms]. */
  timeoutMs: 30_000,
  /** Compute calls one user may have running or waiting at once; the next answers 429. */
  perUserConcurrency: 2,
} as const;

/** The compute calls (route names without their path). */
export type ComputeCall =
  | 'heatmap'
  | 'componentConfiguration'
  | 'roof'
  | 'simulation'
  | 'calcShadowWinter'
  | 'calc-best-dip-lite'
  | 'calc-best-distance'
  | 'weather'
  | 'plane-irradiation'
  | 'inverter-config'
  | 'v2/cable-auto-place'
  | 'simulation/run';

/** A call's estimated cost against its limit; `field` names what makes it big. */
export interface ComputeEstimate {
  call: ComputeCall;
  /** Estimated work, in `unit`. */
  cost: number;
  limit: number;
  unit: string;
  /** The input field to make smaller (a zod-style dotted path). */
  field: string;
  /** How the cost was reckoned, for the message. */
  detail: string;
}

/**
 * The seam between synchronous answers and queued work: true when the call is too big to answer
 * while the caller waits (today the server refuses it with 400; a job engine may queue it instead).
 */
export function tooBigForSync(e: ComputeEstimate): boolean {
  return !(e.cost <= e.limit);
}

/** The message of an estimate over its limit. */
export function budgetMessage(e: ComputeEstimate): string {
  return `too much work for one call: ${e.detail} = ${fmt(e.cost)} ${e.unit}, the limit is ${fmt(e.limit)}; make ${e.field} smaller`;
}

function fmt(n: number): string {
  return n >= 1e6 ? n.toExponential(2) : String(Math.round(n * 100) / 100);
}

/** The first estimate over its limit, else the first (the call's main cost). */
function worst(checks: ComputeEstimate[]): ComputeEstimate {
  return checks.find(tooBigForSync) ?? checks[0];
}

/** A cost factor: its value, and the value it has by default (or in a typical call). */
interface Factor {
  field: string;
  value: number;
  base: number;
}

/**
 * The field to name when `cost` is over `limit`: among the factors above their default, the one most
 * above it whose default alone would bring the cost within the limit; else `fallback` (the call holds
 * too much and must be split).
 */
function blame(cost: number, limit: number, factors: Factor[], fallback: string): string {
  const fixes = factors.filter((f) => f.value > f.base && (cost * f.base) / f.value <= limit).sort((a, b) => b.value / b.base - a.value / a.base);
  return fixes[0]?.field ?? fallback;
}

// ── shade ───────────────────────────────────────────────────────────────────────────────────────

/** An obstacle as the estimates read it (shade scene, winter shadows). */
export type ObstacleShape = { kind: 'box' } | { kind: 'cylinder' } | { kind: 'prism'; polygon: readonly unknown[] } | { kind: 'parapet'; polyline: readonly unknown[] };

/** The parts of a shade input the estimate reads (input or parsed shape). */
export interface ShadeShape {
  scene?: {
    buildings?: readonly { faces?: readonly { vertices: readonly unknown[]; holes?: readonly (readonly unknown[])[] }[]; outer: readonly unknown[] }[];
    obstacles?: readonly ObstacleShape[];
    triangles?: readonly unknown[];
  };
  modules: readonly unknown[];
  samples?: { x: number; y: number };
  times: { year: number; stepMinutes: number } | { sunVectors: readonly unknown[] };
  mode?: 'exact' | 'table';
  table?: { azimuthStep?: number; elevations?: readonly number[] };
  output?: { perStep?: boolean; diffuse?: boolean };
}

/** Triangles the scene becomes (walls, roofs, obstacles' sides and caps, given triangles). */
export function sceneTriangleCount(scene: ShadeShape['scene']): { buildings: number; obstacles: number; triangles: number } {
  let buildings = 0;
  for (const b of scene?.buildings ?? []) {
    buildings += 2 * b.outer.length;
    for (const f of b.faces ?? []) buildings += f.vertices.length + (f.holes ?? []).reduce((n, h) => n + h.length + 2, 0);
  }
  let obstacles = 0;
  for (const o of scene?.obstacles ?? []) {
    if (o.kind === 'box') obstacles += 12;
    else if (o.kind === 'cylinder') obstacles += 4 * SHADE.cylinderSegments;
    else if (o.kind === 'prism') obstacles += 4 * o.polygon.length;
    else obstacles += 12 * Math.max(1, o.polyline.length - 1);
  }
  return { buildings, obstacles, triangles: scene?.triangles?.length ?? 0 };
}

/** Steps of a year at stepMinutes (docs/ENGINE-API.md "shade" times), or the given sun vectors. */
export function shadeSteps(times: ShadeShape['times']): number {
  if ('sunVectors' in times) return times.sunVectors.length;
  const leap = (times.year % 4 === 0 && times.year % 100 !== 0) || times.year % 400 === 0;
  return Math.floor(((leap ? 366 : 365) * 1440) / times.stepMinutes + 1e-9);
}

const HOURS_OF_YEAR = 8760;

export function shadeEstimate(input: ShadeShape): ComputeEstimate {
  const modules = input.modules.length;
  const samples = (input.samples?.x ?? 2) * (input.samples?.y ?? 2);
  const steps = shadeSteps(input.times);
  const table = input.mode === 'table';
  const tableCells = (360 / (input.table?.azimuthStep ?? SHADE.tableAzimuthStep)) * (input.table?.elevations ?? SHADE.tableElevations).length;
  const beam = table ? tableCells : steps;
  const sky = input.output?.diffuse === false ? 0 : SHADE.skyDirections;
  const tri = sceneTriangleCount(input.scene);
  const sceneTriangles = tri.buildings + tri.obstacles + tri.triangles;
  const depth = Math.max(1, Math.ceil(Math.log2(sceneTriangles + 2 * modules + 1)));
  const rays = modules * samples * (beam + sky);
  const work = rays * depth;
  const stepField = 'sunVectors' in input.times ? 'times.sunVectors' : 'times.stepMinutes';
  const factors: Factor[] = [
    { field: 'samples', value: samples, base: 4 },
    table ? { field: 'table.elevations', value: tableCells, base: 180 } : { field: stepField, value: beam, base: HOURS_OF_YEAR },
  ];
  const sceneField = tri.triangles >= tri.obstacles && tri.triangles >= tri.buildings ? 'scene.triangles' : tri.obstacles >= tri.buildings ? 'scene.obstacles' : 'scene.buildings';
  return worst([
    {
      call: 'heatmap',
      cost: work,
      limit: COMPUTE_BUDGET.shadeMaxWork,
      unit: 'ray-levels',
      field: blame(work, COMPUTE_BUDGET.shadeMaxWork, factors, 'modules'),
      detail: `${modules} modules × ${samples} samples × (${beam} ${table ? 'table directions' : 'sun steps'} + ${sky} sky directions) × ${depth} BVH levels`,
    },
    {
      call: 'heatmap',
      cost: sceneTriangles,
      limit: COMPUTE_BUDGET.shadeMaxTriangles,
      unit: 'triangles',
      field: sceneField,
      detail: `the scene's ${tri.buildings} building, ${tri.obstacles} obstacle and ${tri.triangles} given triangles`,
    },
    {
      call: 'heatmap',
      cost: input.output?.perStep ? steps * modules : 0,
      limit: COMPUTE_BUDGET.shadeMaxPerStepValues,
      unit: 'values',
      field: 'output.perStep',
      detail: `${steps} steps × ${modules} modules per-step values`,
    },
  ]);
}

// ── layout ──────────────────────────────────────────────────────────────────────────────────────

export interface LayoutShape {
  face: { vertices: readonly (readonly number[])[]; tilt: number };
  module: { length: number; width: number; powerW: number };
  mounting: { type: 'flush' } | { type: 'tilted'; tilt: number };
  maxCapacityKw?: number | null;
}

export function layoutEstimate(input: LayoutShape): ComputeEstimate {
  const tilt = input.mounting.type === 'tilted' ? input.mounting.tilt : input.face.tilt;
  const footprint = input.module.length * input.module.width * Math.cos((Math.min(tilt, 89.9) * Math.PI) / 180);
  const area = Math.abs(signedArea(input.face.vertices));
  const fits = area / footprint;
  const cap = input.maxCapacityKw === null || input.maxCapacityKw === undefined ? Infinity : (input.maxCapacityKw * 1000) / input.module.powerW;
  const capped = cap < fits;
  return {
    call: 'componentConfiguration',
    cost: Math.min(fits, cap),
    limit: COMPUTE_BUDGET.layoutMaxModules,
    unit: 'modules',
    field: capped ? 'maxCapacityKw' : input.module.length * input.module.width < 0.25 ? 'module' : 'face.vertices',
    detail: capped ? `maxCapacityKw ${input.maxCapacityKw} / ${input.module.powerW} W modules` : `face plan area ${fmt(area)} m² / module plan area ${fmt(footprint)} m²`,
  };
}

// ── roof ────────────────────────────────────────────────────────────────────────────────────────

export interface RoofShape {
  building: { outerPoints: readonly unknown[]; outerLines?: readonly unknown[]; lines?: readonly unknown[] };
  auto?: unknown;
}

export function roofEstimate(input: RoofShape): ComputeEstimate {
  const outline = input.building.outerLines?.length ?? input.building.outerPoints.length;
  const lines = input.auto ? 0 : (input.building.lines?.length ?? 0);
  const segments = outline + lines;
  return {
    call: 'roof',
    cost: segments * segments,
    limit: COMPUTE_BUDGET.roofMaxSegmentsSquared,
    unit: 'segment pairs',
    field: lines > outline ? 'building.lines' : input.building.outerLines ? 'building.outerLines' : 'building.outerPoints',
    detail: `(${outline} outline edges + ${lines} roof lines)²`,
  };
}

// ── simulation, winter shadows, best tilt, the small calls ───────────────────────────────────────

export function simulationEstimate(arrays: number, steps: number): ComputeEstimate {
  return {
    call: 'simulation',
    cost: arrays * steps,
    limit: COMPUTE_BUDGET.simulationMaxArraySteps,
    unit: 'array-steps',
    field: 'arrays',
    detail: `${arrays} arrays × ${steps} weather steps`,
  };
}

export interface WinterShape {
  obstacles?: readonly ObstacleShape[];
  modules?: readonly unknown[];
}

export function winterShadowsEstimate(input: WinterShape): ComputeEstimate {
  let obstacles = 0;
  for (const o of input.obstacles ?? []) {
    if (o.kind === 'box') obstacles += 4;
    else if (o.kind === 'cylinder') obstacles += SHADE.cylinderSegments;
    else if (o.kind === 'prism') obstacles += o.polygon.length;
    else obstacles += 4 * Math.max(1, o.polyline.length - 1);
  }
  const modules = 4 * (input.modules?.length ?? 0);
  return {
    call: 'calcShadowWinter',
    cost: obstacles + modules,
    limit: COMPUTE_BUDGET.winterMaxVertices,
    unit: 'vertices',
    field: modules > obstacles ? 'modules' : 'obstacles',
    detail: `${obstacles} obstacle footprint vertices + 4 × ${input.modules?.length ?? 0} modules`,
  };
}

export function bestTiltEstimate(steps: number): ComputeEstimate {
  return { call: 'calc-best-dip-lite', cost: steps, limit: COMPUTE_BUDGET.bestTiltMaxSteps, unit: 'weather steps', field: 'projectId', detail: `${steps} weather steps` };
}

export function planeIrradiationEstimate(planes: number, steps: number): ComputeEstimate {
  return { call: 'plane-irradiation', cost: planes * steps, limit: COMPUTE_BUDGET.planeMaxPlaneSteps, unit: 'plane-steps', field: 'planes', detail: `${planes} planes × ${steps} weather steps` };
}

// ── the Electrical step ─────────────────────────────────────────────────────────────────────────

/** inverter-config: the layout's modules go through the engine's stringing. */
export function stringingEstimate(modules: number): ComputeEstimate {
  return {
    call: 'inverter-config',
    cost: modules,
    limit: COMPUTE_BUDGET.stringingMaxModules,
    unit: 'modules',
    field: 'projectId',
    detail: `the layout's ${modules} modules`,
  };
}

/** v2/cable-auto-place: one route per string, one run per combiner box and inverter. */
export function cableRouteEstimate(strings: number, runs: number): ComputeEstimate {
  return {
    call: 'v2/cable-auto-place',
    cost: strings + runs,
    limit: COMPUTE_BUDGET.cableRouteMaxRoutes,
    unit: 'routes',
    field: 'projectId',
    detail: `${strings} string routes + ${runs} combiner and AC runs`,
  };
}

/** simulation/run: modules in strings × weather steps (and the arrays' chain like `simulation`). */
export function projectSimulationEstimate(modules: number, arrays: number, steps: number, maxModuleSteps: number = COMPUTE_BUDGET.projectSimulationMaxModuleSteps): ComputeEstimate {
  return worst([
    {
      call: 'simulation/run',
      cost: modules * steps,
      limit: maxModuleSteps,
      unit: 'module-steps',
      field: 'projectId',
      detail: `${modules} modules in strings × ${steps} weather steps`,
    },
    { ...simulationEstimate(arrays, steps), call: 'simulation/run', field: 'projectId' },
  ]);
}

/** simulation/run on the job queue: only the module-steps bound the work (the arrays are bounded by the chain). */
export function projectSimulationQueuedEstimate(modules: number, steps: number): ComputeEstimate {
  return {
    call: 'simulation/run',
    cost: modules * steps,
    limit: COMPUTE_BUDGET.projectSimulationQueuedMaxModuleSteps,
    unit: 'module-steps',
    field: 'projectId',
    detail: `${modules} modules in strings × ${steps} weather steps (queued)`,
  };
}

/** Calls whose work is fixed (the row spacing rule) or bounded by an upload limit (a weather year). */
export function fixedEstimate(call: 'calc-best-distance' | 'weather'): ComputeEstimate {
  return { call, cost: 1, limit: 1, unit: 'call', field: 'body', detail: 'one call' };
}

/** Weather steps of a weather text: its lines, an upper bound (headers count too). */
export function weatherTextSteps(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
