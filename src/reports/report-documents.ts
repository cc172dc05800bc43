// The design documents of a project file (model/project-export.ts `documents`), each parsed by its own
// schema — null when never saved or not in its shape (a document of an earlier client): what the
// report model (report-model.ts) and its hours (report-hours.ts) are worked out from.
import { z } from 'zod';
import { advancedEconomicDocumentSchema, economicDocumentSchema, energyStorageDocumentSchema, powerLoadDocumentSchema } from '../model/economics.ts';
import type { DesignStep } from '../model/api/design.ts';
import { economicsResultDocumentSchema } from '../model/api/economics.ts';
import { keptSimulationSchema, simulationBasisSchema } from '../model/api/electrical.ts';
import { weatherUsedSchema } from '../model/api/compute.ts';
import { weatherDocumentSchema } from '../model/api/weather.ts';
import { buildingDocumentSchema, layoutDocumentSchema, shadeDocumentSchema } from '../model/design.ts';
import { cableDocumentSchema, inverterConfigDocumentSchema } from '../model/electrical-design.ts';
import type { ProjectExport } from '../model/project-export.ts';
import { simulateOutputSchema } from '../model/simulate.ts';

/**
 * A kept simulation: simulation/run's (keptSimulationSchema, with its basis and 8760 local hours) or
 * the `simulation` call's (without them); the `hourly` series are never kept.
 */
export const reportSimulationSchema = simulateOutputSchema.omit({ hourly: true }).extend({
  weather: weatherUsedSchema.optional(),
  basis: simulationBasisSchema.optional(),
  pvHourly: keptSimulationSchema.shape.pvHourly.optional(),
  poaHourly: keptSimulationSchema.shape.poaHourly,
  dcHourly: keptSimulationSchema.shape.dcHourly,
});
export type ReportSimulation = z.infer<typeof reportSimulationSchema>;

/** The documents a report is made from: a newer version of any makes the report stale. */
export const REPORT_SOURCE_STEPS = [
  'lite-re',
  'component-layout',
  'shade-analysis',
  'inverter-config',
  'cable',
  'simulation',
  'economics-result',
  'economic',
  'advanced-economic',
  'energy-storage',
  'power-load',
  'weather',
] as const satisfies readonly DesignStep[];

function parsed<T>(schema: z.ZodType<T>, data: unknown): T | null {
  if (data === null || data === undefined) return null;
  const r = schema.safeParse(data);
  return r.success ? r.data : null;
}

/** The documents of a project file by their schemas. */
export function reportDocuments(exp: ProjectExport) {
  const d = exp.documents;
  return {
    building: parsed(buildingDocumentSchema, d['lite-re']),
    layout: parsed(layoutDocumentSchema, d['component-layout']),
    shade: parsed(shadeDocumentSchema, d['shade-analysis']),
    config: parsed(inverterConfigDocumentSchema, d['inverter-config']),
    cable: parsed(cableDocumentSchema, d.cable),
    simulation: parsed(reportSimulationSchema, d.simulation),
    economicsResult: parsed(economicsResultDocumentSchema, d['economics-result']),
    economic: parsed(economicDocumentSchema, d.economic),
    advanced: parsed(advancedEconomicDocumentSchema, d['advanced-economic']),
    storage: parsed(energyStorageDocumentSchema, d['energy-storage']),
    load: parsed(powerLoadDocumentSchema, d['power-load']),
    weather: parsed(weatherDocumentSchema, d.weather),
  };
}
export type ReportDocuments = ReturnType<typeof reportDocuments>;
