// The 8760 hours of year 1 of a project file (model/report.ts ReportHours, the report's xlsx) and the
// year-1 balance of its PV with its load:
// - AC: the kept simulation's `pvHourly` (simulation/run: local standard time, 29 February left out);
//   POA and DC: its `poaHourly` and `dcHourly` when kept (results kept before have none: null);
// - load: the 'power-load' document through the Load step's code (src/economics/documents.ts
//   loadOfDocument, the BDEW table read from the repository for the bdew-* models);
// - self and SOC: year 1 of the storage dispatch (src/economics/dispatch.ts, the economics' own) in the
//   project's operation mode (its basic info; surplus when it has a load and none is set), with the
//   enabled 'energy-storage' battery and, for the tou strategy, the tariff's periods of the 'economic'
//   document. self = PV used on site directly and through the battery = pv − export − curtailed.
import { bdewTable } from '../economics/bdew-table.ts';
import { periodClasses } from '../economics/balance.ts';
import { batteryOfDocument, loadOfDocument } from '../economics/documents.ts';
import { dispatchYears, type HourlyDispatch } from '../economics/dispatch.ts';
import { hourlyPeriods } from '../economics/tariffs.ts';
import type { OperationMode } from '../model/economics.ts';
import type { ProjectExport } from '../model/project-export.ts';
import type { ReportHours } from '../model/report.ts';
import { operationModeOf } from '../model/wizard.ts';
import { reportDocuments, type ReportDocuments } from './report-documents.ts';

const MODES: Record<1 | 2 | 3, OperationMode> = { 1: 'surplus', 2: 'selfUse', 3: 'feedIn' };

/** The operation mode of a project file's basic info, else surplus with a load (project-inputs.ts's rule). */
export function operationModeOfExport(exp: ProjectExport, hasLoad: boolean): OperationMode {
  const info = exp.project.details.basicInfo;
  const n = typeof info === 'object' && info !== null ? (info as { powerStatOperationMode?: unknown }).powerStatOperationMode : undefined;
  const stated = operationModeOf(typeof n === 'number' ? n : null);
  return stated ? MODES[stated] : hasLoad ? 'surplus' : 'feedIn';
}

export interface YearOne {
  pv: Float64Array;
  load: Float64Array;
  dispatch: HourlyDispatch;
  /** The battery's nominal capacity [kWh] and power [kW], or null. */
  storage: { capacityKwh: number; powerKw: number } | null;
}

/** Year 1's dispatch of the kept PV hours against the load, or null without either. */
export function yearOne(exp: ProjectExport, d: ReportDocuments = reportDocuments(exp)): YearOne | null {
  const kwh = d.simulation?.pvHourly?.kwh;
  if (!kwh || !d.load) return null;
  const pv = Float64Array.from(kwh);
  const load = loadOfDocument(d.load, bdewTable());
  const battery = d.storage ? batteryOfDocument(d.storage) : null;
  const strategy = battery && d.storage ? d.storage.strategy : 'selfConsumption';
  const classes = battery && strategy === 'tou' && d.economic ? periodClasses(hourlyPeriods(d.economic.tariff)) : null;
  const run = dispatchYears({
    pv,
    load,
    mode: operationModeOfExport(exp, true),
    battery,
    strategy: classes ? 'tou' : 'selfConsumption',
    classes,
    years: 1,
    degradation: 0,
    hourly: true,
  });
  return { pv, load, dispatch: run.hourly as HourlyDispatch, storage: battery && d.storage ? { capacityKwh: d.storage.capacityKwh, powerKw: d.storage.powerKw } : null };
}

/** The 8760 hours of a project file (see the file's header); null before its yield was simulated. */
export function reportHours(exp: ProjectExport): ReportHours | null {
  const d = reportDocuments(exp);
  const kept = d.simulation?.pvHourly;
  if (!kept) return null;
  const y = yearOne(exp, d);
  const self = y ? Array.from(y.pv, (p, h) => p - y.dispatch.export[h] - y.dispatch.curtailed[h]) : null;
  return {
    utcOffset: kept.utcOffset,
    poa: d.simulation?.poaHourly ?? null,
    dc: d.simulation?.dcHourly ?? null,
    ac: kept.kwh,
    load: y ? Array.from(y.load) : null,
    self,
    soc: y && y.storage ? Array.from(y.dispatch.soc) : null,
  };
}
