// The automatic inverter configuration of a project (spec 000 §7 "inverter-config"): reads the saved
// layout (its module from the library), the building outlines and the current shade analysis, finds the
// site's lowest hourly temperature in the project's weather year (ELECTRICAL_DEFAULTS.tempMin when the
// project has no location or the year no temperatures), cuts the layout into strings with the engine's
// `stringing` on the compute pool (range from config-plan.ts, strings never crossing a roof face,
// modules of similar shading gathered when a current analysis exists), plans inverters, MPPT inputs,
// combiner boxes and positions (config-plan.ts) and stores the 'inverter-config' document (mode
// 'auto') over whatever was stored. Nothing is written before every step has succeeded.
import type { FastifyInstance } from 'fastify';
import type { InverterConfigAnswer, InverterConfigBody } from '../../model/api/electrical.ts';
import { stringingEstimate } from '../../model/compute-budget.ts';
import { ELECTRICAL_DEFAULTS } from '../../model/electrical-design.ts';
import { inverterSummary } from '../library/library.ts';
import { apiError } from '../errors.ts';
import { userOwner } from '../compute/compute.ts';
import { lockOwnProject } from '../projects/documents.ts';
import { planConfiguration, stringRange, type PlanModel, type Temperatures } from './config-plan.ts';
import { buildingOutlines, currentShading, layoutModules, libraryModule, readLayout } from './design-inputs.ts';

/** The site's lowest hourly air temperature [°C] (the default when the project has no location). */
async function siteTempMin(app: FastifyInstance, userId: number, projectId: number): Promise<number> {
  const row = await app.services.projects.row(userId, projectId);
  if (row.lat === null || row.lng === null) return ELECTRICAL_DEFAULTS.tempMin;
  const w = await app.services.weather.forProject(row);
  const t = await app.services.compute.run((api) => api.weatherTempMin(w.spec), { owner: userOwner(userId) });
  // (the document's bounds: −60 … 40 °C)
  return t === null ? ELECTRICAL_DEFAULTS.tempMin : Math.min(40, Math.max(-60, Math.round(t * 10) / 10));
}

/** The chosen library inverters (404 naming the entry that is not the user's to see; 400 for one chosen twice). */
async function chosenModels(app: FastifyInstance, userId: number, body: InverterConfigBody): Promise<PlanModel[]> {
  const seen = new Set<number>();
  const models: PlanModel[] = [];
  for (const [k, choice] of body.inverters.entries()) {
    if (seen.has(choice.libraryId)) throw apiError('VALIDATION', { field: `inverters.${k}.libraryId`, message: 'this inverter is chosen twice' }, { field: `inverters.${k}.libraryId` });
    seen.add(choice.libraryId);
    const entry = await app.services.library.entry(userId, 'inverter', choice.libraryId).catch(() => {
      throw apiError('NOT_FOUND', {}, { field: `inverters.${k}.libraryId` });
    });
    const data = inverterSummary(entry).inverter;
    models.push({ key: `model-${k + 1}`, libraryId: choice.libraryId, data, ...(choice.count === undefined ? {} : { count: choice.count }) });
  }
  return models;
}

/** Configures the project's inverters automatically and stores the result. */
export async function configureInverters(app: FastifyInstance, userId: number, body: InverterConfigBody): Promise<InverterConfigAnswer> {
  const { documents, library, compute } = app.services;
  const { projectId } = body;
  await app.services.projects.row(userId, projectId);
  const layout = await readLayout(documents, projectId);
  const { module } = await libraryModule(library, userId, layout.doc);
  const models = await chosenModels(app, userId, body);
  const temps: Temperatures = {
    tempMin: await siteTempMin(app, userId, projectId),
    tempCellHot: ELECTRICAL_DEFAULTS.tempCellHot,
    tempCellCool: ELECTRICAL_DEFAULTS.tempCellCool,
  };
  const range = stringRange(module, models, temps, body.modulesPerString);

  const building = await buildingOutlines(documents, projectId);
  const shading = await currentShading(documents, projectId, layout.doc, { layoutVersion: layout.version, buildingVersion: building.version });
  const modules = layoutModules(layout.doc);
  const input = {
    modules: modules.map((m) => ({ id: m.ref, x: m.x, y: m.y, faceId: m.faceKey })),
    modulesPerString: range.min === range.max ? range.min : range,
    ...(shading ? { shading: Object.fromEntries(shading.beam) } : {}),
  };
  const strung = await compute.run((api) => api.stringing(input), { owner: userOwner(userId), estimate: stringingEstimate(modules.length) });

  const plan = planConfiguration({
    module,
    models,
    range,
    temperatures: temps,
    targetDcAcRatio: body.targetDcAcRatio ?? ELECTRICAL_DEFAULTS.targetDcAcRatio,
    layoutVersion: layout.version,
    strings: strung.strings.map((s) => ({ moduleRefs: s.moduleIds })),
    unassigned: strung.unassigned,
    positions: new Map(modules.map((m) => [m.ref, [m.x, m.y] as [number, number]])),
    rings: building.rings,
  });
  const version = await app.db.transaction().execute(async (tx) => {
    await lockOwnProject(tx, userId, projectId, app.clock.now());
    return documents.put(tx, projectId, 'inverter-config', plan.doc, userId);
  });
  return { version, data: plan.doc, checks: plan.checks, summary: plan.summary };
}
