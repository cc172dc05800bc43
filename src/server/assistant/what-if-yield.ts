// The yield what-ifs of the assistant (issue 22 item 2): the project's yield simulation prepared from
// its saved design (server/electrical/project-simulation.ts prepareProjectYield, under the caller's
// access) and run on the compute pool as it is (the baseline) and with one change (the variant):
// - tilt: every array of the chain at another tilt [°] (azimuths kept; the shading of the saved
//   analysis is kept as it is, which the answer says, since a new tilt would need a new analysis);
// - DC/AC ratio: every inverter's AC rating scaled so that the DC capacity over the total rated AC
//   power is the asked ratio (PVWatts: pdc0 scaled, so the AC limit η·pdc0 scales; efficiency curves:
//   PMaxOUT, the curves' DC powers and the start-up threshold scaled, so the efficiency at a given
//   load fraction is kept; Sandia: Paco, Pdco, Pso and Pnt scaled). The modules, strings and weather stay the same.
// Nothing is saved: the project's kept simulation is not touched.
import type { FastifyInstance } from 'fastify';
import type { KeptSimulation } from '../../model/api/electrical.ts';
import type { SimulateElectrical, SimulateInput } from '../../model/simulate.ts';
import { storedInverterConfig } from '../electrical/document-save.ts';
import { prepareProjectYield, runPreparedYield, type PreparedYield } from '../electrical/project-simulation.ts';
import { round } from './project-facts.ts';

type SimInverterModel = SimulateInput['inverter'] | NonNullable<SimulateElectrical['inverters'][number]['model']>;

/** The figures of one run the what-ifs compare. */
export function yieldFigures(k: KeptSimulation): Record<string, number | null> {
  const loss = (name: string) => k.losses.find((l) => l.name === name)?.percent ?? 0;
  return {
    annualAcKwh: round(k.annual.acKwh, 0),
    specificYieldKwhPerKwp: round(k.annual.specificYield, 1),
    performanceRatioPct: round(100 * k.annual.performanceRatio, 1),
    poaKwhPerM2: round(k.annual.poaKwhM2, 0),
    clippingLossPct: round(loss('clipping'), 2),
  };
}

/** The prepared yield with every array at `tilt` [°]. */
export function withTilt(p: PreparedYield, tilt: number): PreparedYield {
  const input = p.request.input;
  return { ...p, request: { ...p.request, input: { ...input, arrays: input.arrays.map((a) => ({ ...a, surfaceTilt: tilt })) } } };
}

/** One inverter model (with or without its count) with its AC rating scaled by `k` (see the file's header). */
export function scaleInverter<T extends SimInverterModel>(m: T, k: number): T {
  const model: SimInverterModel = m;
  let out: SimInverterModel;
  if (model.model === 'pvwatts') out = { ...model, pdc0: model.pdc0 * k };
  else if (model.model === 'sandia') out = { ...model, paco: model.paco * k, pdco: model.pdco * k, pso: model.pso * k, pnt: model.pnt * k };
  else out = { ...model, pacMax: model.pacMax * k, pdcThreshold: (model.pdcThreshold ?? 0) * k, curves: model.curves.map((c) => ({ ...c, pdc: c.pdc.map((v) => v * k) })) };
  return out as T;
}

/** The prepared yield with every inverter's AC rating scaled by `k`. */
export function withInverterScale(p: PreparedYield, k: number): PreparedYield {
  const input = p.request.input;
  const electrical = input.electrical ? { ...input.electrical, inverters: input.electrical.inverters.map((v) => ({ ...v, ...(v.model ? { model: scaleInverter(v.model, k) } : {}) })) } : undefined;
  return { ...p, request: { ...p.request, input: { ...input, inverter: scaleInverter(input.inverter, k), ...(electrical ? { electrical } : {}) } } };
}

/** What-if: every array at `tilt` [°]. */
export async function whatIfTilt(app: FastifyInstance, userId: number, projectId: number, tilt: number): Promise<Record<string, unknown>> {
  const prepared = await prepareProjectYield(app, userId, projectId);
  const base = await runPreparedYield(app, userId, prepared);
  const variant = await runPreparedYield(app, userId, withTilt(prepared, tilt));
  const b = yieldFigures(base);
  const v = yieldFigures(variant);
  return {
    source: 'the project yield simulation (hourly chain on the project weather), run twice: as designed and with every array at the new tilt',
    baselineTiltsDeg: [...new Set(prepared.request.input.arrays.map((a) => a.surfaceTilt))],
    variantTiltDeg: tilt,
    baseline: b,
    variant: v,
    annualChangePct: round((100 * ((variant.annual.acKwh - base.annual.acKwh) / base.annual.acKwh)), 2),
    note: 'the shading of the saved shade analysis is kept as it is; a new tilt also changes row spacing and shading, which needs a new layout and shade analysis',
  };
}

/** The DC capacity [kWp] and the total rated AC power [kW] of the configured inverters. */
export async function dcAcOf(app: FastifyInstance, projectId: number, base: KeptSimulation): Promise<{ dcKwp: number; acKw: number }> {
  const config = await storedInverterConfig(app.services.documents, projectId);
  const models = new Map((config.doc?.inverterModels ?? []).map((m) => [m.key, m.data]));
  const acW = (config.doc?.inverters ?? []).reduce((s, v) => s + (models.get(v.modelKey)?.ratedAcPower ?? 0), 0);
  return { dcKwp: base.annual.capacityKwp, acKw: acW / 1000 };
}

/** What-if: the inverters rated for a DC/AC ratio of `ratio`. */
export async function whatIfDcAc(app: FastifyInstance, userId: number, projectId: number, ratio: number): Promise<Record<string, unknown>> {
  const prepared = await prepareProjectYield(app, userId, projectId);
  const base = await runPreparedYield(app, userId, prepared);
  const { dcKwp, acKw } = await dcAcOf(app, projectId, base);
  const current = dcKwp / acKw;
  const k = current / ratio;
  const variant = await runPreparedYield(app, userId, withInverterScale(prepared, k));
  return {
    source: 'the project yield simulation (hourly chain on the project weather), run twice: as configured and with every inverter rated for the new DC/AC ratio',
    dcKwp: round(dcKwp, 2),
    baseline: { dcAcRatio: round(current, 3), totalAcKw: round(acKw, 2), ...yieldFigures(base) },
    variant: { dcAcRatio: round(ratio, 3), totalAcKw: round(acKw * k, 2), ...yieldFigures(variant) },
    annualChangePct: round(100 * ((variant.annual.acKwh - base.annual.acKwh) / base.annual.acKwh), 2),
    note: 'the inverters are scaled, not replaced by catalogue models; strings and MPPT inputs are unchanged',
  };
}
