// What the economics of a project read besides its yield (issue 16): the operation mode of its basic
// info (spec 001 §9: 1 surplus to grid, 2 full self-use, 3 full feed-in), the Load step's hours, the
// storage, the Economy step's parameters and the advanced report's finance and tax — each document
// parsed by its schema, with the step to complete named when a required one is missing.
// Modes 1 and 2 need the load; full feed-in does not (all PV exported, the load all imported): its
// load is taken as zero when none is set. A project without a mode counts as 'surplus' when it has a
// load and as full feed-in when it has none.
import type { FastifyInstance } from 'fastify';
import type { AdvancedEconomicDocument, EconomicDocument, EnergyStorageDocument, OperationMode } from '../../model/economics.ts';
import { advancedEconomicDocumentSchema, economicDocumentSchema, energyStorageDocumentSchema } from '../../model/economics.ts';
import { operationModeOf } from '../../model/wizard.ts';
import { HOURS_PER_YEAR } from '../../economics/calendar.ts';
import { apiError } from '../errors.ts';
import { parseSettings } from '../projects/rows.ts';
import { storedLoad } from './load-chart.ts';

const MODES: Record<1 | 2 | 3, OperationMode> = { 1: 'surplus', 2: 'selfUse', 3: 'feedIn' };

export interface EconomicsInputs {
  mode: OperationMode;
  /** 8760 hourly loads [kWh] (zeros for a full feed-in project without a load). */
  load: Float64Array;
  economic: EconomicDocument;
  advanced: AdvancedEconomicDocument | null;
  /** An enabled storage, or null. */
  storage: EnergyStorageDocument | null;
  versions: { powerLoad: number; energyStorage: number; economic: number; advancedEconomic: number };
}

/** A stored document parsed by its schema, or null (never saved, cleared, or not in its shape). */
function parsed<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, data: unknown): T | null {
  if (data === null) return null;
  const r = schema.safeParse(data);
  return r.success ? r.data : null;
}

/**
 * The documents of a project (404 when it is not the user's). 400 ECONOMICS_PARAMS_MISSING without
 * economic parameters, LOAD_MISSING without a load in modes 1 and 2.
 */
export async function economicsInputs(app: FastifyInstance, userId: number, projectId: number): Promise<EconomicsInputs> {
  const { documents, projects } = app.services;
  const row = await projects.row(userId, projectId);
  const [loadDoc, storageDoc, economicDoc, advancedDoc] = await Promise.all(
    (['power-load', 'energy-storage', 'economic', 'advanced-economic'] as const).map((step) => documents.read(projectId, step)),
  );
  const economic = parsed(economicDocumentSchema, economicDoc.data);
  if (!economic) throw apiError('ECONOMICS_PARAMS_MISSING', {}, { field: 'projectId' });
  const load = storedLoad(loadDoc.data);
  const stated = operationModeOf(parseSettings(row.settings).powerStatOperationMode);
  const mode: OperationMode = stated ? MODES[stated] : load ? 'surplus' : 'feedIn';
  if (!load && mode !== 'feedIn') throw apiError('LOAD_MISSING', {}, { field: 'projectId' });
  const storage = parsed(energyStorageDocumentSchema, storageDoc.data);
  return {
    mode,
    load: load ?? new Float64Array(HOURS_PER_YEAR),
    economic,
    advanced: parsed(advancedEconomicDocumentSchema, advancedDoc.data),
    storage: storage && storage.enabled ? storage : null,
    versions: { powerLoad: loadDoc.version, energyStorage: storageDoc.version, economic: economicDoc.version, advancedEconomic: advancedDoc.version },
  };
}
