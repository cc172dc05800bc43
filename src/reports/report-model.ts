// The report model of a project file (model/report.ts, issue 17): every figure and drawing of the
// report, worked out once from the project file's documents (report-documents.ts) for the Report step,
// the share page and every file writer. Sources:
// - project: the file's row facts (elevation: the row's, else the 'weather' document's);
// - weather: the kept simulation's weather (station, file, PVGIS or the flagged estimate); for a
//   climate station its 1991–2017 annual GHI and its day-weighted annual mean air temperature
//   (datasets/climate, weather/stations.ts);
// - system: the 'component-layout' arrays and module (the library datasheet of the file's equipment
//   when there is one), the 'inverter-config' inverters (rated AC power), strings and combiners;
// - energy: the kept 'simulation' (annual, monthly, loss tree, the basis's shading);
// - electrical: the configuration's checks (electrical/configuration-checks.ts, the
//   Electrical step's rules, with the datasheet), the cable totals (src/electrical cableTotals) and
//   each inverter's strings, DC capacity and simulated year;
// - balance: the 'economics-result' year 1 when the economics were run, else year 1 of the dispatch
//   of the kept hours with the load (report-hours.ts); null without a load;
// - economics: the 'economics-result' indicators and cash flow;
// - co2: first year = AC energy × factor; over 25 years = Σ_{y=1..25} AC · (1 − d)^(y−1) × factor,
//   d the Economy step's degradation (its default without one), the factor the advanced economics'
//   emission factor [t/MWh = kg/kWh], else China's 2022 national grid factor 0.5703;
// - geometry: report-geometry.ts.
import { cableTotals } from '../electrical/cable-sizing.ts';
import { MONTH_DAYS } from '../economics/calendar.ts';
import { ECONOMICS_DEFAULTS } from '../model/economics.ts';
import { moduleEfficiency } from '../model/equipment-module.ts';
import type { ProjectExport } from '../model/project-export.ts';
import { reportModelSchema, type ReportModel } from '../model/report.ts';
import { configurationChecks } from '../electrical/configuration-checks.ts';
import { stationTable } from '../weather/station-table.ts';
import { reportDocuments, type ReportDocuments } from './report-documents.ts';
import { reportGeometry } from './report-geometry.ts';
import { yearOne } from './report-hours.ts';

export { reportHours } from './report-hours.ts';

/** Years of the lifetime CO₂ figure. */
export const CO2_YEARS = 25;

const sum = (a: ArrayLike<number>, from: number, to: number) => {
  let s = 0;
  for (let h = from; h < to; h++) s += a[h];
  return s;
};

/** A check's figure as text (3 significant digits, at most 2 decimals). */
function figure(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2;
  return v.toFixed(digits);
}

/** CO₂ avoided [t] (see the file's header). */
export function co2Avoided(acKwh: number, factorKgPerKwh: number, degradation: number, years = CO2_YEARS): { firstYearTonnes: number; lifetimeTonnes: number } {
  let lifetime = 0;
  for (let y = 0; y < years; y++) lifetime += acKwh * (1 - degradation) ** y;
  return { firstYearTonnes: (acKwh * factorKgPerKwh) / 1000, lifetimeTonnes: (lifetime * factorKgPerKwh) / 1000 };
}

function weatherOf(exp: ProjectExport, d: ReportDocuments): ReportModel['weather'] {
  const w = d.simulation?.weather;
  if (!w) return { source: d.weather?.file?.name ?? 'unknown', citation: null, estimate: d.simulation?.estimate ?? false, ghiKwhM2: null, meanTempC: null };
  const station = w.source === 'station' && w.id ? stationTable().byStationId(w.id) : undefined;
  const meanTempC = station ? station.tempAir.reduce((s, t, m) => s + t * MONTH_DAYS[m], 0) / 365 : null;
  return {
    source: w.name ?? w.source,
    citation: w.citation,
    estimate: w.estimate,
    ghiKwhM2: station ? station.ghiAnnual : null,
    meanTempC,
  };
}

function systemOf(exp: ProjectExport, d: ReportDocuments): ReportModel['system'] {
  const layout = d.layout;
  const choice = layout?.module ?? null;
  const sheet = exp.equipment.module;
  const powerW = sheet?.pmax ?? choice?.powerW ?? 0;
  const arrays = (layout?.arrays ?? []).map((a) => {
    const modules = a.centers.length / 3;
    return { id: a.id, tilt: a.tilt, azimuth: a.azimuth, modules, kwp: (modules * powerW) / 1000 };
  });
  const modules = arrays.reduce((s, a) => s + a.modules, 0);
  const capacityKwp = (modules * powerW) / 1000;
  const config = d.config;
  const models = new Map((config?.inverterModels ?? []).map((m) => [m.key, m.data]));
  const byModel = new Map<string, { manufacturer: string; model: string; acKw: number; count: number }>();
  let acW = 0;
  for (const v of config?.inverters ?? []) {
    const m = models.get(v.modelKey);
    if (!m) continue;
    acW += m.ratedAcPower;
    const entry = byModel.get(v.modelKey) ?? { manufacturer: m.manufacturer, model: m.model, acKw: m.ratedAcPower / 1000, count: 0 };
    entry.count++;
    byModel.set(v.modelKey, entry);
  }
  const lengths = (config?.strings ?? []).map((s) => s.moduleRefs.length);
  return {
    capacityKwp,
    acCapacityKw: acW / 1000,
    dcAcRatio: acW > 0 ? (capacityKwp * 1000) / acW : null,
    modules,
    module: sheet
      ? { manufacturer: sheet.manufacturer, model: sheet.model, powerW: sheet.pmax, efficiency: moduleEfficiency(sheet) }
      : choice
        ? { manufacturer: choice.manufacturer, model: choice.model, powerW: choice.powerW, efficiency: null }
        : null,
    arrays,
    inverters: [...byModel.values()],
    strings: lengths.length,
    modulesPerString: lengths.length > 0 ? { min: Math.min(...lengths), max: Math.max(...lengths) } : null,
    combiners: config?.combiners.length ?? 0,
  };
}

function energyOf(d: ReportDocuments): ReportModel['energy'] {
  const s = d.simulation;
  if (!s) return null;
  const monthly = Array.from({ length: 12 }, (_, m) => {
    const row = s.monthly.find((r) => r.month === m + 1);
    return { month: m + 1, acKwh: row?.acKwh ?? 0, poaKwhM2: row?.poaKwhM2 ?? 0 };
  });
  return {
    acKwh: s.annual.acKwh,
    dcKwh: s.annual.dcKwh,
    poaKwhM2: s.annual.poaKwhM2,
    specificYield: s.annual.specificYield,
    performanceRatio: s.annual.performanceRatio,
    nominalKwh: s.annual.nominalKwh,
    monthly,
    losses: s.losses.map((l) => ({ name: l.name, kwh: l.kwh, percent: l.percent })),
    shading: s.basis?.shading ?? 'none',
  };
}

function electricalOf(exp: ProjectExport, d: ReportDocuments): ReportModel['electrical'] {
  const config = d.config;
  if (!config) return null;
  const sheet = exp.equipment.module;
  const checks = sheet
    ? configurationChecks(config, sheet).map((c) => ({ name: `${c.subject} · ${c.rule}`, ok: c.ok, value: figure(c.value), limit: figure(c.limit) }))
    : [];
  const t = d.cable ? cableTotals(d.cable) : null;
  const models = new Map(config.inverterModels.map((m) => [m.key, m.data]));
  const powerW = sheet?.pmax ?? d.layout?.module?.powerW ?? 0;
  const simulated = new Map((d.simulation?.electrical?.inverters ?? []).map((v) => [v.id, v.acKwh]));
  return {
    checks,
    cables: t ? { dcLengthM: t.dcLengthM, acLengthM: t.acLengthM, dcLossW: t.dcLossW, acLossW: t.acLossW, maxDropPercent: t.maxDropPercent } : null,
    inverters: config.inverters.map((v) => {
      const mine = config.strings.filter((s) => s.inverterId === v.id);
      return {
        name: v.name,
        model: models.get(v.modelKey)?.model ?? '',
        strings: mine.length,
        dcKwp: (mine.reduce((s, x) => s + x.moduleRefs.length, 0) * powerW) / 1000,
        acKwh: simulated.get(v.id) ?? null,
      };
    }),
  };
}

function balanceOf(exp: ProjectExport, d: ReportDocuments): ReportModel['balance'] {
  const r = d.economicsResult;
  const storage = d.storage?.enabled ? { capacityKwh: d.storage.capacityKwh, powerKw: d.storage.powerKw } : null;
  if (r && r.totals.load > 0) {
    return {
      loadKwh: r.totals.load,
      selfConsumptionRate: r.totals.selfConsumptionRate,
      selfSufficiencyRate: r.totals.selfSufficiencyRate,
      exportKwh: r.totals.export,
      importKwh: r.totals.import,
      storage,
      monthly: r.monthly.map((m) => ({ month: m.month, pvKwh: m.pvKwh, loadKwh: m.loadKwh, selfKwh: m.pvKwh - m.exportKwh - m.curtailedKwh, exportKwh: m.exportKwh, importKwh: m.importKwh })),
    };
  }
  const y = yearOne(exp, d);
  if (!y) return null;
  const h = y.dispatch;
  const monthly: NonNullable<ReportModel['balance']>['monthly'] = [];
  let start = 0;
  for (let m = 0; m < 12; m++) {
    const end = start + MONTH_DAYS[m] * 24;
    const pvKwh = sum(y.pv, start, end);
    const exportKwh = sum(h.export, start, end);
    monthly.push({ month: m + 1, pvKwh, loadKwh: sum(y.load, start, end), selfKwh: pvKwh - exportKwh - sum(h.curtailed, start, end), exportKwh, importKwh: sum(h.import, start, end) });
    start = end;
  }
  const total = (k: 'pvKwh' | 'loadKwh' | 'selfKwh' | 'exportKwh' | 'importKwh') => monthly.reduce((s, m) => s + m[k], 0);
  const pv = total('pvKwh');
  const load = total('loadKwh');
  return {
    loadKwh: load,
    selfConsumptionRate: pv > 0 ? total('selfKwh') / pv : 0,
    selfSufficiencyRate: load > 0 ? 1 - total('importKwh') / load : 0,
    exportKwh: total('exportKwh'),
    importKwh: total('importKwh'),
    storage: y.storage,
    monthly,
  };
}

function economicsOf(d: ReportDocuments): ReportModel['economics'] {
  const r = d.economicsResult;
  if (!r) return null;
  const i = r.indicators;
  return {
    capex: i.capex,
    npv: i.npv,
    irr: i.irr,
    equityIrr: i.equityIrr,
    paybackYears: i.paybackYears,
    lcoe: i.lcoe,
    cashFlows: r.cashFlows.map((c) => ({ year: c.year, energy: c.energy, sales: c.sales, net: c.net, cumulative: c.cumulative })),
  };
}

/** The report model of a project file (see the file's header), checked against its schema. */
export function reportModel(exp: ProjectExport, now: Date): ReportModel {
  const d = reportDocuments(exp);
  const energy = energyOf(d);
  const factor = d.advanced?.emissionFactor ?? ECONOMICS_DEFAULTS.emissionFactor;
  const degradation = d.economic ? d.economic.degradationPct / 100 : ECONOMICS_DEFAULTS.degradation;
  const model: ReportModel = {
    kind: 'report',
    version: 1,
    generatedAt: now.toISOString(),
    project: {
      name: exp.project.name,
      address: exp.project.address,
      latitude: exp.project.latitude,
      longitude: exp.project.longitude,
      elevation: exp.project.elevation ?? d.weather?.elevation ?? null,
    },
    weather: weatherOf(exp, d),
    system: systemOf(exp, d),
    energy,
    electrical: electricalOf(exp, d),
    balance: balanceOf(exp, d),
    economics: economicsOf(d),
    co2: energy ? { ...co2Avoided(energy.acKwh, factor, degradation), factorKgPerKwh: factor } : null,
    geometry: reportGeometry(d),
  };
  return reportModelSchema.parse(model);
}
