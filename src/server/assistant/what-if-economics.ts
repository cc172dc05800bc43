// The economics what-ifs of the assistant (issue 22 item 2): the project's economics as the Economy
// step computes them (server/economics: its documents, project-inputs.ts; its hourly yield,
// project-pv.ts; the balance, dispatch and 25-year cash flow, economics-result.ts over
// src/economics), worked out as saved (the baseline) and with one change (the variant), under the
// caller's access:
// - storage: a battery of `capacityKwh` (and `powerKw`, else the saved battery's power per kWh, else
//   half the capacity per hour) with the saved battery's other settings and costs, else the typical
//   values of STORAGE_DEFAULTS and the cost per kWh given; 0 kWh: no battery;
// - tariff: a uniform price [yuan/kWh] instead of the saved tariff, and/or another export price.
// Nothing is saved.
import type { FastifyInstance } from 'fastify';
import type { EconomicsResultDocument } from '../../model/api/economics.ts';
import { energyStorageDocumentSchema, STORAGE_DEFAULTS, type EconomicDocument, type EnergyStorageDocument } from '../../model/economics.ts';
import { economicsResult } from '../economics/economics-result.ts';
import { economicsInputs, type EconomicsInputs } from '../economics/project-inputs.ts';
import { projectPv } from '../economics/project-pv.ts';
import { round } from './project-facts.ts';
import { ToolInputError } from './tool-error.ts';

/** The figures of one economics result the what-ifs compare. */
export function economicsFigures(r: EconomicsResultDocument): Record<string, number | null> {
  return {
    npvYuan: round(r.indicators.npv, 0),
    irrPct: r.indicators.irr === null ? null : round(100 * r.indicators.irr, 2),
    paybackYears: round(r.indicators.paybackYears, 2),
    lcoeYuanPerKwh: round(r.indicators.lcoe, 4),
    capexYuan: round(r.indicators.capex, 0),
    storageCapexYuan: round(r.indicators.storageCapex, 0),
    selfConsumptionPct: round(100 * r.totals.selfConsumptionRate, 2),
    selfSufficiencyPct: round(100 * r.totals.selfSufficiencyRate, 2),
    gridImportKwh: round(r.totals.import, 0),
    gridExportKwh: round(r.totals.export, 0),
  };
}

/** The battery of the storage what-if (see the file's header); null for 0 kWh. */
export function storageVariant(saved: EnergyStorageDocument | null, capacityKwh: number, powerKw: number | undefined, costPerKwh: number | undefined): EnergyStorageDocument | null {
  if (capacityKwh <= 0) return null;
  const cost = costPerKwh ?? (saved && saved.costPerKwh > 0 ? saved.costPerKwh : undefined);
  if (cost === undefined) throw new ToolInputError('costPerKwh is needed: the project has no saved battery cost');
  const perKwh = saved && saved.capacityKwh > 0 && saved.powerKw > 0 ? saved.powerKw / saved.capacityKwh : 0.5;
  const base: EnergyStorageDocument = saved ?? {
    kind: 'energy-storage',
    version: 1,
    enabled: true,
    loadVersion: null,
    capacityKwh,
    powerKw: capacityKwh * 0.5,
    socInitialPct: STORAGE_DEFAULTS.socInitial * 100,
    socMinPct: STORAGE_DEFAULTS.socMin * 100,
    socMaxPct: STORAGE_DEFAULTS.socMax * 100,
    etaChargePct: STORAGE_DEFAULTS.etaCharge * 100,
    etaDischargePct: STORAGE_DEFAULTS.etaDischarge * 100,
    strategy: 'selfConsumption',
    replacementYears: null,
    fadePctPerYear: STORAGE_DEFAULTS.fade * 100,
    costPerKwh: cost,
    costPerKw: 0,
    replacementCostPerKwh: null,
  };
  return energyStorageDocumentSchema.parse({ ...base, enabled: true, capacityKwh, powerKw: powerKw ?? capacityKwh * perKwh, costPerKwh: cost });
}

async function baseline(app: FastifyInstance, userId: number, projectId: number) {
  const inputs = await economicsInputs(app, userId, projectId);
  const pv = await projectPv(app, userId, projectId);
  const now = app.clock.now();
  return { inputs, pv, now, base: economicsResult(inputs, pv, now) };
}

const SOURCE = "the project's economics (hourly balance of its yield and load, battery dispatch, 25-year cash flow), worked out as saved and with the change";

/** What-if: a battery of `capacityKwh`. */
export async function whatIfStorage(app: FastifyInstance, userId: number, projectId: number, args: { capacityKwh: number; powerKw?: number; costPerKwh?: number }): Promise<Record<string, unknown>> {
  const { inputs, pv, now, base } = await baseline(app, userId, projectId);
  if (inputs.mode === 'feedIn') throw new ToolInputError('the project is full feed-in (all PV exported): a battery is not used');
  const saved = energyStorageDocumentSchema.safeParse((await app.services.documents.read(projectId, 'energy-storage')).data);
  const storage = storageVariant(saved.success ? saved.data : null, args.capacityKwh, args.powerKw, args.costPerKwh);
  const variantInputs: EconomicsInputs = { ...inputs, storage };
  const variant = economicsResult(variantInputs, pv, now);
  return {
    source: SOURCE,
    baselineStorage: inputs.storage ? { capacityKwh: inputs.storage.capacityKwh, powerKw: inputs.storage.powerKw } : null,
    variantStorage: storage ? { capacityKwh: storage.capacityKwh, powerKw: round(storage.powerKw, 2), costPerKwh: storage.costPerKwh, strategy: storage.strategy } : null,
    baseline: economicsFigures(base),
    variant: economicsFigures(variant),
  };
}

/** What-if: a uniform tariff of `price` and/or an export price of `exportPrice` [yuan/kWh]. */
export async function whatIfTariff(app: FastifyInstance, userId: number, projectId: number, args: { price?: number; exportPrice?: number }): Promise<Record<string, unknown>> {
  if (args.price === undefined && args.exportPrice === undefined) throw new ToolInputError('give price or exportPrice');
  const { inputs, pv, now, base } = await baseline(app, userId, projectId);
  const economic: EconomicDocument = {
    ...inputs.economic,
    ...(args.price === undefined ? {} : { tariff: { kind: 'uniform' as const, price: args.price } }),
    ...(args.exportPrice === undefined ? {} : { exportPrice: args.exportPrice }),
  };
  const variant = economicsResult({ ...inputs, economic }, pv, now);
  const t = inputs.economic.tariff;
  return {
    source: SOURCE,
    baselineTariff: { tariff: t.kind === 'uniform' ? { kind: 'uniform', price: t.price } : { kind: 'tou', prices: t.prices }, exportPrice: inputs.economic.exportPrice },
    variantTariff: { tariff: economic.tariff.kind === 'uniform' ? { kind: 'uniform', price: economic.tariff.price } : { kind: 'tou (unchanged)' }, exportPrice: economic.exportPrice },
    baseline: economicsFigures(base),
    variant: economicsFigures(variant),
  };
}
