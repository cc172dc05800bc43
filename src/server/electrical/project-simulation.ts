// The project's real yield (POST /project/simulation/run): `simulate` built from the saved design and
// run on the compute pool with the project's weather and horizon, kept as the project's 'simulation'
// document (overview, list, compare, share) like the `simulation` call's result.
//
// What is read and how it enters (docs/ENGINE-API.md "simulate", its `electrical` block):
// - the layout ('component-layout'): its arrays' tilt and azimuth; the module from the library
//   (simulate-models.ts: single-diode when the entry has one-diode parameters, else PVWatts) with its
//   light-induced degradation when the entry gives one; no other percentage loss is assumed;
// - the inverter configuration ('inverter-config'): every inverter with its own model (simulate-models.ts)
//   and its MPPT inputs with their strings; modules in no connected string produce nothing;
// - the cables ('cable', when routed for this configuration): each string's loop resistance (2·L·R',
//   R' at CABLE_TEMPERATURE), each input's combiner cables as one loop resistance with the same loss
//   at equal string currents (Σ pᵦ²·Rᵦ / P²), each inverter's AC conductor (L·R'). PVWatts modules carry
//   no current in the chain, so with them the DC cables enter as the arrays' percentage wiring loss at
//   STC (Σ cable loss / Σ STC power: an upper bound of the yearly loss);
// - the shade analysis ('shade-analysis', when current). With its hourly record (model/shade-hourly.ts,
//   kept by the editor's shade run) every connected module's shaded hours enter as simulate's per-module
//   hourly beam shading (`electrical.moduleShading`, aligned to the weather year on the worker:
//   project-simulation-job.ts), so one shaded module bypasses its substrings or holds back its string's
//   current — the electrical mismatch the loss tree shows apart (shadingElectrical); each module's
//   blocked sky share still enters as its group's mean sky diffuse loss. Without the record (an
//   analysis saved before it was kept, one left out for size, one unreadable, or more shaded
//   module-steps than the chain takes) the annual factors are applied uniformly — every string takes
//   the mean of its modules' annual beam losses (and of their blocked sky shares) at every step,
//   through its array's near shading, so shading causes mismatch only between strings of unlike
//   shading sharing an input — and the answer says so in a coded notice (model/simulation-notices.ts).
// - Chain arrays: the strings are grouped by their face's orientation (a string wired by hand across
//   faces takes its first module's) and, within each, by their shading in bins (SHADING_BIN_WIDTHS, the
//   finest that keeps the arrays within the chain's bound of arrays × steps; of the annual beam loss,
//   or of the blocked sky share when the hourly record carries the beam), each group one array of
//   the chain with the group's module-weighted mean shading. Modules a newer layout no longer has are
//   left out of their strings (the configuration is then stale: the Electrical step says so).
import type { FastifyInstance } from 'fastify';
import type { KeptSimulation, SimulationRun } from '../../model/api/electrical.ts';
import { localHourlyKwh } from '../../economics/calendar.ts';
import { siteUtcOffset } from '../../model/site-time.ts';
import { COMPUTE_BUDGET, projectSimulationEstimate } from '../../model/compute-budget.ts';
import { cableDocumentSchema, parseModuleRef, type CableDocument, type InverterConfigDocument } from '../../model/electrical-design.ts';
import type { LayoutDocument } from '../../model/design.ts';
import type { PvModule } from '../../model/equipment-module.ts';
import type { SimulationNotice } from '../../model/simulation-notices.ts';
import { SIMULATE_ELECTRICAL_LIMITS, type SimulateElectrical, type SimulateInput } from '../../model/simulate.ts';
import { resistancePerKm } from '../../electrical/cable.ts';
import { userOwner, weatherSpecSteps } from '../compute/compute.ts';
import { apiError } from '../errors.ts';
import { keepDesignFigures } from '../projects/design-figures.ts';
import { lockOwnProject } from '../projects/documents.ts';
import { CABLE_TEMPERATURE } from '../../electrical/cable-sizing.ts';
import { acOutput } from './cables.ts';
import { buildingOutlines, currentShading, libraryModule, readLayout } from './design-inputs.ts';
import { layoutModuleCounts, moduleExists } from './document-checks.ts';
import { storedInverterConfig } from './document-save.ts';
import type { ProjectHourlyShading, ProjectSimulationRequest } from './project-simulation-job.ts';
import type { HourlyModuleShading, ModuleShading } from './shade-factors.ts';
import { simulateInverterOf, simulateModuleOf } from './simulate-models.ts';

/** Widths of the shading bins tried, finest first [0–1 of beam loss]. */
export const SHADING_BIN_WIDTHS = [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.01] as const;

type SimArray = SimulateInput['arrays'][number];

/** Loop, combiner and AC resistances of a configuration's cables [Ω], by string, input and inverter. */
export interface WiringOhms {
  string: Map<string, number>;
  /** `${inverterId}:${mppt}` → loop resistance of the input's combiner cables. */
  mppt: Map<string, number>;
  /** Inverter id → resistance of one AC conductor. */
  ac: Map<string, number>;
  /** Σ DC cable loss at the design currents [W] (the PVWatts fallback). */
  dcLossW: number;
}

/** The resistances of a cable document's cables (see the file's header). */
export function wiringOhms(config: InverterConfigDocument, cables: Pick<CableDocument, 'cables'>): WiringOhms {
  const r = (c: CableDocument['cables'][number]) => (c.length / 1000) * resistancePerKm(c.material, c.crossSection, CABLE_TEMPERATURE);
  const out: WiringOhms = { string: new Map(), mppt: new Map(), ac: new Map(), dcLossW: 0 };
  const combinerLoop = new Map<string, number>();
  for (const c of cables.cables) {
    if (c.kind === 'string') out.string.set(c.from.id, 2 * r(c));
    else if (c.kind === 'combiner') combinerLoop.set(c.from.id, 2 * r(c));
    else out.ac.set(c.from.id, r(c));
    if (c.kind !== 'ac') out.dcLossW += c.lossW;
  }
  // Per input: its boxes' loops as one, with the same loss at equal string currents: Σ pᵦ²Rᵦ / P².
  const boxes = new Map<string, Map<string, number>>();
  const total = new Map<string, number>();
  for (const s of config.strings) {
    if (s.inverterId === null || s.mppt === null) continue;
    const key = `${s.inverterId}:${s.mppt}`;
    total.set(key, (total.get(key) ?? 0) + 1);
    if (s.combinerId === null) continue;
    let m = boxes.get(key);
    if (!m) boxes.set(key, (m = new Map()));
    m.set(s.combinerId, (m.get(s.combinerId) ?? 0) + 1);
  }
  for (const [key, m] of boxes) {
    let sum = 0;
    for (const [box, p] of m) sum += p * p * (combinerLoop.get(box) ?? 0);
    const P = total.get(key) ?? 1;
    out.mppt.set(key, sum / (P * P));
  }
  return out;
}

/** A group of strings that becomes one array of the chain. */
interface Group {
  tilt: number;
  azimuth: number;
  strings: { id: string; refs: string[]; beam: number; diffuse: number }[];
}

/**
 * The chain's arrays: strings by orientation, then by shading bin (the finest width keeping every
 * orientation within `maxArrays / orientations` bins) of their mean annual beam loss, or of their mean
 * blocked sky share with `binBy` 'diffuse' (the hourly record carries the beam). Null when the
 * orientations alone are too many.
 */
export function stringGroups(
  config: InverterConfigDocument,
  layout: Pick<LayoutDocument, 'arrays'>,
  shading: ModuleShading | null,
  maxArrays: number,
  binBy: 'beam' | 'diffuse' = 'beam',
): Group[] | null {
  const arrays = new Map(layout.arrays.map((a) => [a.id, a]));
  const counts = layoutModuleCounts(layout);
  const byOrientation = new Map<string, Group['strings']>();
  const orientation = new Map<string, { tilt: number; azimuth: number }>();
  for (const wired of config.strings) {
    if (wired.inverterId === null || wired.mppt === null) continue;
    // (modules a newer layout no longer has are left out)
    const s = { ...wired, moduleRefs: wired.moduleRefs.filter((r) => moduleExists(counts, r)) };
    const a = arrays.get(parseModuleRef(s.moduleRefs[0] ?? '')?.arrayId ?? '');
    if (!a) continue;
    const key = `${a.tilt}|${a.azimuth}`;
    orientation.set(key, { tilt: a.tilt, azimuth: a.azimuth });
    const mean = (m: Map<string, number> | undefined) => (m ? s.moduleRefs.reduce((t, ref) => t + (m.get(ref) ?? 0), 0) / s.moduleRefs.length : 0);
    const list = byOrientation.get(key) ?? [];
    list.push({ id: s.id, refs: s.moduleRefs, beam: mean(shading?.beam), diffuse: mean(shading?.diffuse) });
    byOrientation.set(key, list);
  }
  if (byOrientation.size > maxArrays) return null;
  const perOrientation = Math.max(1, Math.floor(maxArrays / Math.max(1, byOrientation.size)));
  const groups: Group[] = [];
  for (const [key, strings] of byOrientation) {
    const width = SHADING_BIN_WIDTHS.find((w) => new Set(strings.map((s) => Math.floor(s[binBy] / w))).size <= perOrientation) ?? 1.01;
    const bins = new Map<number, Group['strings']>();
    for (const s of strings) {
      const b = Math.floor(s[binBy] / width);
      const list = bins.get(b) ?? [];
      list.push(s);
      bins.set(b, list);
    }
    for (const b of [...bins.keys()].sort((x, y) => x - y)) groups.push({ ...(orientation.get(key) as { tilt: number; azimuth: number }), strings: bins.get(b) as Group['strings'] });
  }
  return groups;
}

export interface BuiltSimulation {
  request: ProjectSimulationRequest;
  modules: number;
  strings: number;
}

/** Shaded analysis steps of the connected modules that still exist in the layout. */
export function connectedShadedSteps(config: InverterConfigDocument, layout: Pick<LayoutDocument, 'arrays'>, hourly: HourlyModuleShading): number {
  const counts = layoutModuleCounts(layout);
  let n = 0;
  for (const s of config.strings) {
    if (s.inverterId === null || s.mppt === null) continue;
    for (const ref of s.moduleRefs) if (moduleExists(counts, ref)) n += hourly.records.get(ref)?.steps.length ?? 0;
  }
  return n;
}

/**
 * The hourly record of the chain's modules, flat (project-simulation-job.ts ProjectHourlyShading):
 * each strung module with shaded steps under its simulate key "<array>#<module>".
 */
export function chainHourlyShading(groups: Group[], hourly: HourlyModuleShading): ProjectHourlyShading {
  const keys: string[] = [];
  const offsets: number[] = [0];
  let total = 0;
  const picked: { steps: Int32Array; levels: Uint8Array }[] = [];
  groups.forEach((g, k) => {
    let next = 0;
    for (const s of g.strings) {
      for (const ref of s.refs) {
        const r = hourly.records.get(ref);
        if (r && r.steps.length > 0) {
          keys.push(`${k}#${next}`);
          picked.push(r);
          total += r.steps.length;
          offsets.push(total);
        }
        next++;
      }
    }
  });
  const steps = new Int32Array(total);
  const levels = new Uint8Array(total);
  picked.forEach((r, q) => {
    steps.set(r.steps, offsets[q]);
    levels.set(r.levels, offsets[q]);
  });
  return { time: hourly.time, keys, offsets: Int32Array.from(offsets), steps, levels };
}

/** simulate's input for a project's design (see the file's header). */
export function buildProjectSimulation(args: {
  site: SimulateInput['site'];
  module: PvModule;
  orientation: 'portrait' | 'landscape';
  config: InverterConfigDocument;
  groups: Group[];
  wiring: WiringOhms | null;
  /** The modules' hourly beam shading (replaces the groups' annual beam loss), or null. */
  hourly?: HourlyModuleShading | null;
}): BuiltSimulation {
  const { module, config, groups, wiring } = args;
  const hourly = args.hourly ?? null;
  const simModule = simulateModuleOf(module);
  const pvwatts = simModule.model === 'pvwatts';
  const strungW = groups.reduce((s, g) => s + g.strings.reduce((t, x) => t + x.refs.length, 0), 0) * module.pmax;
  const dcWiringPercent = pvwatts && wiring && strungW > 0 ? Math.min(100, (100 * wiring.dcLossW) / strungW) : 0;
  const arrays: SimArray[] = [];
  const beamShading: number[] = [];
  const place = new Map<string, { array: number; modules: number[] }>();
  groups.forEach((g, k) => {
    let next = 0;
    let modules = 0;
    let beam = 0;
    let diffuse = 0;
    for (const s of g.strings) {
      const n = s.refs.length;
      place.set(s.id, { array: k, modules: Array.from({ length: n }, (_, i) => next + i) });
      next += n;
      modules += n;
      beam += s.beam * n;
      diffuse += s.diffuse * n;
    }
    arrays.push({
      name: `${g.tilt}°/${g.azimuth}° #${k + 1}`,
      surfaceTilt: g.tilt,
      surfaceAzimuth: g.azimuth,
      modulesPerString: 1,
      strings: modules,
      module: simModule,
      shading: { diffuse: Math.min(1, diffuse / modules) },
      losses: { soiling: 0, mismatch: 0, wiring: dcWiringPercent, lid: module.lidLoss ?? 0, availability: 0 },
    });
    beamShading.push(hourly ? 0 : Math.min(1, beam / modules));
  });
  const models = new Map(config.inverterModels.map((m) => [m.key, m.data]));
  const inverters: SimulateElectrical['inverters'] = config.inverters.map((v) => {
    const model = models.get(v.modelKey);
    if (!model) throw new Error(`inverter ${v.name} has no model`);
    const ac = acOutput(model);
    const mppts = Array.from({ length: model.mpptCount }, (_, j) => ({
      strings: config.strings.flatMap((s) => {
        const at = s.inverterId === v.id && s.mppt === j ? place.get(s.id) : undefined;
        return at ? [{ ...at, wiringOhm: pvwatts ? 0 : (wiring?.string.get(s.id) ?? 0) }] : [];
      }),
      wiringOhm: pvwatts ? 0 : (wiring?.mppt.get(`${v.id}:${j}`) ?? 0),
    }));
    return {
      id: v.id,
      model: simulateInverterOf(model),
      mppts,
      acWiringOhm: wiring?.ac.get(v.id) ?? 0,
      acVoltage: ac.voltage,
      acPhases: ac.circuit === 'ac3' ? 3 : 1,
    };
  });
  const first = models.get(config.inverters[0]?.modelKey ?? '');
  if (!first) throw new Error('the configuration has no inverter');
  const bypass = module.bypassDiodes !== undefined && module.bypassDiodes >= 1 ? module.bypassDiodes : undefined;
  const input: ProjectSimulationRequest['input'] = {
    site: args.site,
    arrays,
    inverter: { ...simulateInverterOf(first), count: 1 },
    electrical: { inverters, orientation: args.orientation, ...(bypass === undefined ? {} : { bypassDiodes: bypass }) },
  };
  const request: ProjectSimulationRequest = hourly ? { input, beamShading, hourlyShading: chainHourlyShading(groups, hourly) } : { input, beamShading };
  return { request, modules: strungW / module.pmax, strings: place.size };
}

/**
 * Whether the hourly record enters (see the file's header), and the notices saying why not when a
 * current analysis is applied as annual means instead.
 * @param weatherSteps the weather year's steps (an upper bound)
 */
export function hourlyUse(
  shading: ModuleShading | null,
  config: InverterConfigDocument,
  layout: Pick<LayoutDocument, 'arrays'>,
  weatherSteps: number,
): { hourly: HourlyModuleShading | null; notices: SimulationNotice[] } {
  if (!shading) return { hourly: null, notices: [] };
  const hourly = shading.hourly ?? null;
  if (!hourly) return { hourly: null, notices: [{ code: shading.hourlyMissing === 'size' ? 'shadingHourlyTooLarge' : 'shadingAnnualAverage', params: {} }] };
  // Several weather steps may take one analysis step (a sub-hourly weather year).
  const limit = SIMULATE_ELECTRICAL_LIMITS.shadedModuleSteps;
  const shaded = Math.ceil(connectedShadedSteps(config, layout, hourly) * Math.max(1, weatherSteps / hourly.time.steps));
  if (shaded > limit) return { hourly: null, notices: [{ code: 'shadingHourlyTooMany', params: { steps: shaded, limit } }] };
  return { hourly, notices: [] };
}

/**
 * The project's yield simulation, prepared from the saved design (shared by simulation/run and the
 * economics): the request for the compute pool and what it is built from (`basis`, the weather used).
 */
export async function prepareProjectYield(app: FastifyInstance, userId: number, projectId: number) {
  const { documents, library, weather, projects } = app.services;
  const row = await projects.row(userId, projectId);
  if (row.lat === null || row.lng === null) {
    throw apiError('VALIDATION', { field: 'projectId', message: 'the project has no location yet: set its address first' }, { field: 'projectId' });
  }
  const layout = await readLayout(documents, projectId);
  const { module } = await libraryModule(library, userId, layout.doc);
  const config = await storedInverterConfig(documents, projectId);
  if (config.doc === null || config.doc.inverters.length === 0 || !config.doc.strings.some((s) => s.inverterId !== null && s.mppt !== null)) {
    throw apiError('ELECTRICAL_NO_CONFIG', {}, { field: 'projectId' });
  }
  const building = await buildingOutlines(documents, projectId);
  const shading = await currentShading(documents, projectId, layout.doc, { layoutVersion: layout.version, buildingVersion: building.version });
  const storedCables = await documents.read(projectId, 'cable');
  const cables = cableDocumentSchema.safeParse(storedCables.data);
  const cablesCurrent = cables.success && cables.data.inverterConfigVersion === config.version;
  const w = await weather.forProject(row);
  const steps = weatherSpecSteps(w.spec);
  const maxArrays = Math.max(1, Math.floor(SIMULATE_ELECTRICAL_LIMITS.arraySteps / steps));
  const { hourly, notices } = hourlyUse(shading, config.doc, layout.doc, steps);
  const groups = stringGroups(config.doc, layout.doc, shading, maxArrays, hourly ? 'diffuse' : 'beam');
  if (groups === null) throw apiError('COMPUTE_TOO_BIG', { field: 'projectId', detail: `more than ${maxArrays} module orientations` }, { field: 'projectId' });
  const elevation = (await weather.document(projectId)).elevation;
  const built = buildProjectSimulation({
    site: { latitude: row.lat, longitude: row.lng, ...(elevation === null ? {} : { elevation }) },
    module,
    orientation: layout.doc.arrays[0]?.settings.orientation ?? 'portrait',
    config: config.doc,
    groups,
    wiring: cablesCurrent ? wiringOhms(config.doc, cables.data) : null,
    hourly,
  });
  const request: ProjectSimulationRequest = {
    ...built.request,
    // The hours are kept with the result (the economics' year): pvHourly below.
    input: { ...built.request.input, ...(w.horizon ? { horizon: w.horizon.map(([a, e]): [number, number] => [a, e]) } : {}), output: { hourly: true } },
  };
  const basis: SimulationRun['basis'] = {
    modules: built.modules,
    strings: built.strings,
    inverters: config.doc.inverters.length,
    layoutVersion: layout.version,
    inverterConfigVersion: config.version,
    cableVersion: cablesCurrent ? storedCables.version : 0,
    shadeVersion: shading?.version ?? 0,
    shading: hourly ? 'hourly' : shading ? 'annualUniform' : 'none',
    moduleModel: module.singleDiode ? 'singleDiode' : 'pvwatts',
  };
  const utcOffset = siteUtcOffset(row.lat, row.lng);
  const estimate = projectSimulationEstimate(built.modules, groups.length, steps, app.config.yieldSyncModuleSteps);
  return { request, spec: w.spec, weather: w.used, basis, notices, utcOffset, estimate, steps };
}

export type PreparedYield = Awaited<ReturnType<typeof prepareProjectYield>>;

/**
 * Runs a prepared yield on the compute pool: the result with its 8760 local hours of AC energy.
 * `queued`: a job's run (yield-queue.ts) — not counted against the user's calls, bounded by the queued
 * budget instead of the synchronous one, with the queued timeout.
 */
export async function runPreparedYield(app: FastifyInstance, userId: number, p: PreparedYield, options: { queued?: boolean } = {}): Promise<KeptSimulation> {
  const runOptions = options.queued
    ? { timeoutMs: COMPUTE_BUDGET.queuedTimeoutMs }
    : { owner: userOwner(userId), estimate: p.estimate };
  const out = await app.services.compute.run((api) => api.projectSimulate(p.request, p.spec), runOptions);
  if (!out.hourly) throw new Error('the yield simulation answered no hours');
  const { hourly, ...rest } = out;
  const local = (powerW: ArrayLike<number>, scale: number) => Array.from(localHourlyKwh(hourly.times, powerW, p.utcOffset), (v) => Math.round(v * scale * 1e4) / 1e4);
  const kwh = local(hourly.ac, 1);
  // The report's hours besides: the DC energy [kWh] and the plane-of-array irradiance (kWh/m² of the hour × 1000 = its mean W/m²).
  return { ...rest, weather: p.weather, basis: p.basis, notices: p.notices, pvHourly: { utcOffset: p.utcOffset, kwh }, poaHourly: local(hourly.poaGlobal, 1000), dcHourly: local(hourly.dc, 1) };
}

/** Keeps a run as the project's 'simulation' (with the list's figures); answers it without its hours. */
export async function keepProjectYield(app: FastifyInstance, userId: number, projectId: number, kept: KeptSimulation): Promise<SimulationRun> {
  const { documents } = app.services;
  await app.db.transaction().execute(async (tx) => {
    await lockOwnProject(tx, userId, projectId, app.clock.now());
    await documents.put(tx, projectId, 'simulation', kept, userId);
    await keepDesignFigures(tx, documents, projectId);
  });
  const { pvHourly: _pvHourly, poaHourly: _poa, dcHourly: _dc, ...answer } = kept;
  return answer;
}

/** Runs the project's simulation and keeps it with its hours (see the file's header); answers it without them. */
export async function runProjectYield(app: FastifyInstance, userId: number, projectId: number): Promise<SimulationRun> {
  return keepProjectYield(app, userId, projectId, await runPreparedYield(app, userId, await prepareProjectYield(app, userId, projectId)));
}
