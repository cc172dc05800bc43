// The read-project tool (issue 22 item 2): what the assistant knows of the open project, read through
// the services under the caller's access (projects.row answers 404 for a project the user may not
// read): the site and its weather source, the roof faces with their modules and shading, the
// inverters and strings with the DC/AC ratio, the kept yield with its loss tree, the load, the
// storage and the last economics. A part not designed yet is null with a note saying which step sets it.
// Figures are rounded for the model to read; every one is a stored result of the product's services.
import type { FastifyInstance } from 'fastify';
import { keptSimulationSchema } from '../../model/api/electrical.ts';
import { economicsResultDocumentSchema } from '../../model/api/economics.ts';
import { layoutDocumentSchema, shadeDocumentSchema } from '../../model/design.ts';
import { energyStorageDocumentSchema, economicDocumentSchema, powerLoadDocumentSchema } from '../../model/economics.ts';
import { inverterConfigDocumentSchema } from '../../model/electrical-design.ts';
import { operationModeOf } from '../../model/wizard.ts';
import { parseSettings } from '../projects/rows.ts';

/** `x` to `digits` decimals (null stays null). */
export function round(x: number | null | undefined, digits = 1): number | null {
  if (x === null || x === undefined || !Number.isFinite(x)) return null;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

const MODES = { 1: 'surplus to grid', 2: 'full self-use', 3: 'full feed-in' } as const;

const mean = (a: number[]) => (a.length ? a.reduce((s, v) => s + v, 0) / a.length : 0);

/** The project's facts (see the file's header). */
export async function readProjectFacts(app: FastifyInstance, userId: number, projectId: number): Promise<Record<string, unknown>> {
  const { projects, documents, weather } = app.services;
  const row = await projects.row(userId, projectId);
  const read = async (step: Parameters<typeof documents.read>[1]) => (await documents.read(projectId, step)).data;
  const [layoutRaw, shadeRaw, configRaw, simRaw, loadRaw, storageRaw, economicRaw, resultRaw] = await Promise.all(
    (['component-layout', 'shade-analysis', 'inverter-config', 'simulation', 'power-load', 'energy-storage', 'economic', 'economics-result'] as const).map(read),
  );
  const layout = layoutDocumentSchema.safeParse(layoutRaw);
  const shade = shadeDocumentSchema.safeParse(shadeRaw);
  const config = inverterConfigDocumentSchema.safeParse(configRaw);
  const sim = keptSimulationSchema.safeParse(simRaw);
  const load = powerLoadDocumentSchema.safeParse(loadRaw);
  const storage = energyStorageDocumentSchema.safeParse(storageRaw);
  const economic = economicDocumentSchema.safeParse(economicRaw);
  const result = economicsResultDocumentSchema.safeParse(resultRaw);
  const mode = operationModeOf(parseSettings(row.settings).powerStatOperationMode);

  let weatherSource: Record<string, unknown> | null = null;
  if (sim.success) weatherSource = { ...pickWeather(sim.data.weather), of: 'the kept yield simulation' };
  else if (row.lat !== null && row.lng !== null) weatherSource = pickWeather((await weather.forProject(row)).used);

  const shadeByArray = new Map(shade.success ? shade.data.arrays.map((a) => [a.arrayId, a]) : []);
  const faces = layout.success
    ? layout.data.arrays
        .filter((a) => a.centers.length > 0)
        .map((a) => {
          const s = shadeByArray.get(a.id);
          return {
            arrayId: a.id,
            face: `${a.buildingId}/${a.faceId}`,
            tiltDeg: round(a.tilt),
            azimuthDeg: round(a.azimuth),
            azimuthMeaning: 'compass, clockwise from north (90 east, 180 south, 270 west)',
            modules: a.centers.length / 3,
            meanBeamShadingPct: s ? round(100 * mean(s.beam)) : null,
            meanSkyBlockedPct: s ? round(100 * mean(s.diffuse)) : null,
          };
        })
    : [];

  let electrical: Record<string, unknown> | null = null;
  if (config.success && config.data.inverters.length > 0) {
    const models = new Map(config.data.inverterModels.map((m) => [m.key, m.data]));
    const acW = config.data.inverters.reduce((s, v) => s + (models.get(v.modelKey)?.ratedAcPower ?? 0), 0);
    const wired = config.data.strings.filter((s) => s.inverterId !== null && s.mppt !== null);
    const lengths = wired.map((s) => s.moduleRefs.length);
    const dcKwp = sim.success ? sim.data.annual.capacityKwp : null;
    electrical = {
      inverters: config.data.inverters.map((v) => ({ name: v.name, model: models.get(v.modelKey)?.model ?? null, ratedAcKw: round((models.get(v.modelKey)?.ratedAcPower ?? 0) / 1000, 2) })),
      totalAcKw: round(acW / 1000, 2),
      stringsWired: wired.length,
      modulesPerString: lengths.length ? { min: Math.min(...lengths), max: Math.max(...lengths) } : null,
      modulesUnassigned: config.data.unassigned.length,
      dcAcRatio: dcKwp !== null && acW > 0 ? round((dcKwp * 1000) / acW, 3) : null,
    };
  }

  const yieldFacts = sim.success
    ? {
        annualAcKwh: round(sim.data.annual.acKwh, 0),
        specificYieldKwhPerKwp: round(sim.data.annual.specificYield, 1),
        performanceRatioPct: round(100 * sim.data.annual.performanceRatio, 1),
        capacityKwp: round(sim.data.annual.capacityKwp, 2),
        poaKwhPerM2: round(sim.data.annual.poaKwhM2, 0),
        monthlyAcKwh: sim.data.monthly.map((m) => round(m.acKwh, 0)),
        lossesPct: Object.fromEntries(sim.data.losses.filter((l) => Math.abs(l.percent) >= 0.05).map((l) => [l.name, round(l.percent, 2)])),
        shadingApplied: sim.data.basis.shading,
        moduleModel: sim.data.basis.moduleModel,
        estimateWeather: sim.data.estimate ?? false,
      }
    : null;

  return {
    project: {
      id: row.id,
      name: row.name,
      type: row.power_station_type,
      address: row.address,
      city: row.city,
      province: row.province,
      latitude: row.lat,
      longitude: row.lng,
      installedCapacityKw: round(row.capacity_kw, 2),
      maxCapacityKw: round(row.max_capacity_kw, 2),
      operationMode: mode ? MODES[mode] : null,
    },
    weather: weatherSource,
    faces,
    faceNote: faces.length === 0 ? 'no modules placed yet (the PV layout step)' : shade.success ? undefined : 'no shade analysis run yet (the PV layout step)',
    electrical: electrical ?? { note: 'no inverters configured yet (the Electrical step)' },
    yield: yieldFacts ?? { note: 'no yield simulated yet (the Electrical step: simulation)' },
    load: load.success
      ? { source: load.data.source, model: load.data.model, annualKwh: round(load.data.source === 'upload' && load.data.upload ? load.data.upload.hourlyKwh.reduce((s, v) => s + v, 0) : load.data.annualKwh, 0) }
      : { note: 'no load set (the Load step)' },
    storage: storage.success
      ? { enabled: storage.data.enabled, capacityKwh: storage.data.capacityKwh, powerKw: storage.data.powerKw, strategy: storage.data.strategy, costPerKwh: storage.data.costPerKwh, costPerKw: storage.data.costPerKw }
      : { note: 'no storage set (the Economy step)' },
    tariff: economic.success ? { tariff: economic.data.tariff.kind === 'uniform' ? { kind: 'uniform', price: economic.data.tariff.price } : { kind: 'tou', prices: economic.data.tariff.prices }, exportPrice: economic.data.exportPrice, pricePerW: economic.data.pricePerW, lifeYears: economic.data.lifeYears } : { note: 'no economic parameters saved (the Economy step)' },
    economics: result.success
      ? {
          computedAt: result.data.computedAt,
          npvYuan: round(result.data.indicators.npv, 0),
          irrPct: result.data.indicators.irr === null ? null : round(100 * result.data.indicators.irr, 2),
          paybackYears: round(result.data.indicators.paybackYears, 2),
          lcoeYuanPerKwh: round(result.data.indicators.lcoe, 4),
          capexYuan: round(result.data.indicators.capex, 0),
          selfConsumptionPct: round(100 * result.data.totals.selfConsumptionRate, 1),
          selfSufficiencyPct: round(100 * result.data.totals.selfSufficiencyRate, 1),
        }
      : { note: 'the economics have not been run (the Economy step)' },
  };
}

function pickWeather(w: { source: string; name: string | null; distanceKm: number | null; estimate: boolean; notice: string | null }): Record<string, unknown> {
  return { source: w.source, name: w.name, distanceKm: round(w.distanceKm, 1), estimate: w.estimate, notice: w.notice };
}
