// POST /energyStorage/recommend (issue 16 item 4; spec 000 §5, §7): refused until an inverter is
// selected and wired ('An inverter must be selected and wired before the energy-storage
// recommendation'); then every candidate battery runs the project's 25-year dispatch and cash flow on
// the project's hourly PV (its yield), its load, its tariff and its economic parameters
// (src/economics/storage-recommend.ts): the best NPV, and the cheapest candidate reaching a
// self-sufficiency target. The battery's other properties and its costs come from the request or the
// stored 'energy-storage' document (even a disabled one), else the typical values of STORAGE_DEFAULTS;
// a cost per kWh is needed from one of them. A full feed-in project has no use for storage (400).
import type { FastifyInstance } from 'fastify';
import type { StorageRecommendAnswer, StorageRecommendRequest } from '../../model/api/economics.ts';
import { energyStorageDocumentSchema, STORAGE_DEFAULTS, type StorageRecommendInputParsed } from '../../model/economics.ts';
import { userOwner } from '../compute/compute.ts';
import { apiError } from '../errors.ts';
import { cashFlowParams } from './economics-result.ts';
import { economicsInputs } from './project-inputs.ts';
import { inverterWired, projectPv } from './project-pv.ts';

export async function recommendForProject(app: FastifyInstance, userId: number, body: StorageRecommendRequest): Promise<StorageRecommendAnswer> {
  const { projectId } = body;
  await app.services.projects.row(userId, projectId);
  if (!(await inverterWired(app, projectId))) throw apiError('STORAGE_NEEDS_INVERTER', {}, { field: 'projectId' });
  const inputs = await economicsInputs(app, userId, projectId);
  if (inputs.mode === 'feedIn') throw apiError('STORAGE_NOT_USED', {}, { field: 'projectId' });
  const stored = energyStorageDocumentSchema.safeParse((await app.services.documents.read(projectId, 'energy-storage')).data);
  const s = stored.success ? stored.data : null;
  const costs = body.costs
    ? { perKwh: body.costs.perKwh, perKw: body.costs.perKw ?? 0, ...(body.costs.replacementPerKwh === undefined ? {} : { replacementPerKwh: body.costs.replacementPerKwh }) }
    : s && s.costPerKwh > 0
      ? { perKwh: s.costPerKwh, perKw: s.costPerKw, ...(s.replacementCostPerKwh === null ? {} : { replacementPerKwh: s.replacementCostPerKwh }) }
      : null;
  if (!costs) throw apiError('VALIDATION', { field: 'costs.perKwh', message: 'This field is required (or save the storage cost first)' }, { field: 'costs.perKwh' });
  const pv = await projectPv(app, userId, projectId);
  const e = inputs.economic;
  const battery = s
    ? { socMin: s.socMinPct / 100, socMax: s.socMaxPct / 100, socInitial: s.socInitialPct / 100, etaCharge: s.etaChargePct / 100, etaDischarge: s.etaDischargePct / 100, fade: s.fadePctPerYear / 100, replacementYears: s.replacementYears }
    : { ...STORAGE_DEFAULTS, replacementYears: null };
  const strategy = body.strategy ?? s?.strategy ?? 'selfConsumption';
  const input: StorageRecommendInputParsed = {
    pv: Array.from(pv.hourlyKwh),
    load: Array.from(inputs.load),
    mode: inputs.mode,
    strategy,
    tariff: e.tariff,
    exportPrice: e.exportPrice,
    economics: cashFlowParams(e, inputs.advanced, pv.capacityKwp),
    battery,
    costs,
    ...(body.candidates ? { candidates: body.candidates } : {}),
    ...(body.targetSelfSufficiency === undefined ? {} : { targetSelfSufficiency: body.targetSelfSufficiency }),
  };
  // Each candidate is a 25-year dispatch and cash flow: the search runs on the compute pool, off the server's thread.
  const out = await app.services.compute.run((api) => api.recommendStorage(input), { owner: userOwner(userId) });
  const total = (a: Float64Array) => a.reduce((t, v) => t + v, 0);
  return {
    ...out,
    basis: {
      mode: inputs.mode,
      strategy,
      pvKwh: total(pv.hourlyKwh),
      loadKwh: total(inputs.load),
      capacityKwp: pv.capacityKwp,
      utcOffset: pv.utcOffset,
      versions: { ...inputs.versions, inverterConfig: pv.inverterConfigVersion, layout: pv.layoutVersion },
      weather: pv.weather,
    },
  };
}
