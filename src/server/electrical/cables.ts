// The automatic cable routing of a project (spec 000 §7 "v2/cable-auto-place"): from the stored
// inverter configuration, every connected string is routed to its combiner box or inverter, every
// combiner box to its inverter and every inverter to the grid point with the engine's `cableRoute` on
// the compute pool (docs/ENGINE-API.md "cable-route": from the string's terminal along its row, then
// across; single runs along x then y). Each cable is then sized (cable-sizing.ts) and the 'cable'
// document stored over whatever was stored:
//   string   DC at the module's Imp, the string's Vmp at STC (modules × Vmp), the DC material and limit;
//   combiner DC at Imp × the box's strings, the lowest string Vmp of the box;
//   ac       the inverter's rated output current, P / U single-phase or P / (√3·U) three-phase, at its
//            rated AC voltage (line to line), the AC material and limit.
// A string's cable `length` is the one-way equivalent of its loop: the route plus half of what the far
// terminal's conductor adds (`returnLength`), so that the drop and loss formulas' 2·L hold the loop's
// real conductor length. Strings not connected to an inverter get no cable.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_CABLE_SETTINGS, type CableSettings } from '../../model/api/electrical.ts';
import { cableRouteEstimate } from '../../model/compute-budget.ts';
import { cableDocumentSchema, type CableDocument, type InverterConfigDocument, type RoutedCable } from '../../model/electrical-design.ts';
import type { Inverter } from '../../model/equipment-inverter.ts';
import type { PvModule } from '../../model/equipment-module.ts';
import type { CableRouteInput, CableRouteOutput } from '../../model/stringing.ts';
import { userOwner } from '../compute/compute.ts';
import { ApiError, apiError } from '../errors.ts';
import { lockOwnProject } from '../projects/documents.ts';
import { proposeSection, withFigures } from '../../electrical/cable-sizing.ts';
import { cableSummary } from './cable-totals.ts';
import { layoutModules, libraryModule, readLayout } from './design-inputs.ts';
import { storedInverterConfig } from './document-save.ts';

type XY = [number, number];

/** The id of the grid point as a cable end. */
export const GRID_END_ID = 'grid';

/** Row direction of an array of compass azimuth A [°]: rows run along u = (−cos A, sin A), bearing (A + 270) mod 360. */
export function rowAzimuthOf(arrayAzimuth: number): number {
  return (((arrayAzimuth + 270) % 360) + 360) % 360;
}

/** An inverter's rated AC output current [A] and its circuit (three-phase when the datasheet says so, or above 300 V). */
export function acOutput(v: Pick<Inverter, 'ratedAcPower' | 'ratedAcVoltage' | 'acPhases'>): { current: number; voltage: number; circuit: 'ac1' | 'ac3' } {
  const three = (v.acPhases ?? (v.ratedAcVoltage > 300 ? 3 : 1)) === 3;
  return three
    ? { current: v.ratedAcPower / (Math.sqrt(3) * v.ratedAcVoltage), voltage: v.ratedAcVoltage, circuit: 'ac3' }
    : { current: v.ratedAcPower / v.ratedAcVoltage, voltage: v.ratedAcVoltage, circuit: 'ac1' };
}

/** A path of at least two points (a route of length 0 is its point twice). */
function path2(points: readonly (readonly number[])[]): XY[] {
  const out = points.map((p): XY => [p[0], p[1]]);
  return out.length >= 2 ? out : [out[0] ?? [0, 0], out[0] ?? [0, 0]];
}

interface RoutingPlan {
  input: CableRouteInput;
  /** Per string id: its module count. */
  lengths: Map<string, number>;
}

/** The engine's routing input for a configuration (throws when something is not placed). */
export function routingInput(config: InverterConfigDocument, positions: ReadonlyMap<string, XY>, rowAzimuths: ReadonlyMap<string, number>): RoutingPlan {
  const at = (what: string, p: XY | null): XY => {
    if (p === null) throw new Error(`${what} is not placed`);
    return p;
  };
  const inverters = new Map(config.inverters.map((v) => [v.id, at(v.name, v.position)]));
  const targets = [
    ...config.combiners.map((c) => ({ id: c.id, position: at(c.name, c.position) })),
    ...config.inverters.map((v) => ({ id: v.id, position: at(v.name, v.position) })),
  ];
  const strings: NonNullable<CableRouteInput['strings']> = [];
  const assignment: Record<string, string> = {};
  const lengths = new Map<string, number>();
  for (const s of config.strings) {
    if (s.inverterId === null) continue;
    strings.push({
      id: s.id,
      modulePositions: s.moduleRefs.map((r) => {
        const p = positions.get(r);
        if (!p) throw new Error(`module ${r} is not in the layout`);
        return p;
      }),
      rowAzimuth: rowAzimuths.get(s.moduleRefs[0]) ?? 90,
    });
    assignment[s.id] = s.combinerId ?? s.inverterId;
    lengths.set(s.id, s.moduleRefs.length);
  }
  const runs = [
    ...config.combiners.map((c) => ({ id: c.id, from: at(c.name, c.position), to: inverters.get(c.inverterId) as XY })),
    ...config.inverters.map((v) => ({ id: v.id, from: inverters.get(v.id) as XY, to: at('the grid point', config.gridPoint) })),
  ];
  return { input: { strings, targets, assignment, runs }, lengths };
}

/** The sized cables of a routed configuration. */
export function sizedCables(config: InverterConfigDocument, routed: CableRouteOutput, lengths: ReadonlyMap<string, number>, module: Pick<PvModule, 'imp' | 'vmp'>, settings: CableSettings): RoutedCable[] {
  const models = new Map(config.inverterModels.map((m) => [m.key, m.data]));
  const combinerIds = new Set(config.combiners.map((c) => c.id));
  const cables: RoutedCable[] = [];
  const dc = (current: number, voltage: number, length: number) => {
    const load = { length, current, voltage, circuit: 'dc' as const };
    return { ...load, material: settings.dcMaterial, crossSection: proposeSection(settings.dcMaterial, load, settings.dcMaxDropPercent) };
  };
  for (const r of routed.strings) {
    const n = lengths.get(r.id) ?? 0;
    const length = r.length + r.returnLength / 2;
    cables.push(
      withFigures({
        id: `c-${r.id}`,
        kind: 'string',
        from: { kind: 'string', id: r.id },
        to: { kind: combinerIds.has(r.targetId) ? 'combiner' : 'inverter', id: r.targetId },
        path: path2(r.path),
        ...dc(module.imp, n * module.vmp, length),
      }),
    );
  }
  const runs = new Map(routed.runs.map((r) => [r.id, r]));
  for (const c of config.combiners) {
    const run = runs.get(c.id);
    if (!run) throw new Error(`combiner ${c.name} was not routed`);
    const members = config.strings.filter((s) => s.combinerId === c.id);
    const voltage = Math.min(...members.map((s) => s.moduleRefs.length)) * module.vmp;
    cables.push(
      withFigures({
        id: `c-${c.id}`,
        kind: 'combiner',
        from: { kind: 'combiner', id: c.id },
        to: { kind: 'inverter', id: c.inverterId },
        path: path2(run.path),
        ...dc(module.imp * members.length, voltage, run.length),
      }),
    );
  }
  for (const v of config.inverters) {
    const run = runs.get(v.id);
    const model = models.get(v.modelKey);
    if (!run || !model) throw new Error(`inverter ${v.name} was not routed`);
    const out = acOutput(model);
    const load = { length: run.length, ...out };
    cables.push(
      withFigures({
        id: `ac-${v.id}`,
        kind: 'ac',
        from: { kind: 'inverter', id: v.id },
        to: { kind: 'grid', id: GRID_END_ID },
        path: path2(run.path),
        ...load,
        material: settings.acMaterial,
        crossSection: proposeSection(settings.acMaterial, load, settings.acMaxDropPercent),
      }),
    );
  }
  return cables;
}

/** Failures the caller must see as they are (not a routing failure). */
const PASS_THROUGH = new Set(['UNAUTHORIZED', 'PROJECT_NOT_FOUND', 'COMPUTE_BUSY', 'COMPUTE_TOO_BIG']);

/** Routes and sizes every cable of the project and stores the cable document. */
export async function autoPlaceCables(app: FastifyInstance, userId: number, projectId: number, settingsIn: CableSettings | undefined) {
  const { documents, library, compute } = app.services;
  await app.services.projects.row(userId, projectId);
  try {
    const config = await storedInverterConfig(documents, projectId);
    if (config.doc === null) throw apiError('ELECTRICAL_NO_CONFIG', {}, { field: 'projectId' });
    const layout = await readLayout(documents, projectId);
    const { module } = await libraryModule(library, userId, layout.doc);
    const modules = layoutModules(layout.doc);
    const positions = new Map(modules.map((m) => [m.ref, [m.x, m.y] as XY]));
    const rows = new Map(modules.map((m) => [m.ref, rowAzimuthOf(layout.doc.arrays[m.arrayIndex].azimuth)]));
    const stored = cableDocumentSchema.safeParse((await documents.read(projectId, 'cable')).data);
    const settings = settingsIn ?? (stored.success ? stored.data.settings : DEFAULT_CABLE_SETTINGS);
    const plan = routingInput(config.doc, positions, rows);
    const routed = await compute.run((api) => api.cableRoute(plan.input), {
      owner: userOwner(userId),
      estimate: cableRouteEstimate(plan.input.strings?.length ?? 0, plan.input.runs?.length ?? 0),
    });
    const doc: CableDocument = {
      kind: 'cable',
      version: 1,
      inverterConfigVersion: config.version,
      settings,
      cables: sizedCables(config.doc, routed, plan.lengths, module, settings),
    };
    const version = await app.db.transaction().execute(async (tx) => {
      await lockOwnProject(tx, userId, projectId, app.clock.now());
      return documents.put(tx, projectId, 'cable', doc, userId);
    });
    return { version, data: doc, summary: cableSummary(doc) };
  } catch (err) {
    if (err instanceof ApiError && PASS_THROUGH.has(err.key)) throw err;
    app.log.warn({ err, projectId }, 'cable auto-place failed');
    throw apiError('CABLE_ROUTING_FAILED', {}, { field: 'projectId' });
  }
}
