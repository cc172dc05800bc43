// The Electrical step's server calls (spec 000 §7 "Project": inverter-config, v2/cable-auto-place,
// simulation; "Catalogues": inverter list and detail, component detail): the automatic configuration
// and the cable routing (documents the server makes and stores), the project's simulation, and the
// library look-ups. The two versioned documents themselves are read and saved by
// editor/electrical/electrical-api.ts. Schemas from src/model/api; failures are not toasted: the step
// shows them in place.
import { z } from 'zod';
import { designDocumentSchema } from '../../model/api/design.ts';
import { inverterDetailSchema, inverterListSchema, moduleDetailSchema } from '../../model/api/library.ts';
import { pvModuleSchema, type PvModule } from '../../model/equipment-module.ts';
import {
  cableAutoPlaceAnswerSchema,
  inverterConfigAnswerSchema,
  simulationRunAnswerSchema,
  simulationRunSchema,
  yieldRunStateSchema,
  type cableAutoPlaceBody,
  type InverterConfigBody,
  type SimulationRunAnswer,
  type YieldRun,
} from '../../model/api/electrical.ts';
import { request } from './http.ts';

const BASE = '/api/web/project';

export const ELECTRICAL_ROUTES = {
  configure: `${BASE}/inverter-config`,
  autoPlace: `${BASE}/v2/cable-auto-place`,
  simulate: `${BASE}/simulation/run`,
  simulation: `${BASE}/simulation/result`,
  queue: `${BASE}/simulation/queue`,
  inverters: '/api/web/inverter/list',
  inverter: '/api/web/inverter/detail',
  module: '/api/web/component/detail',
} as const;

export type InverterConfigAnswer = z.infer<typeof inverterConfigAnswerSchema>;
export type AutoPlaceCablesAnswer = z.infer<typeof cableAutoPlaceAnswerSchema>;
export type ProjectSimulation = z.infer<typeof simulationRunSchema>;
export type InverterSummary = z.infer<typeof inverterListSchema>['list'][number];

/** The automatic configuration (saved by the server as the project's 'inverter-config'). */
export function configureInverters(body: InverterConfigBody): Promise<InverterConfigAnswer> {
  return request(ELECTRICAL_ROUTES.configure, inverterConfigAnswerSchema, { method: 'POST', body, silent: true });
}

/** Routes and sizes every cable (saved by the server as the project's 'cable'). */
export function autoPlaceCables(body: z.input<typeof cableAutoPlaceBody>): Promise<AutoPlaceCablesAnswer> {
  return request(ELECTRICAL_ROUTES.autoPlace, cableAutoPlaceAnswerSchema, { method: 'POST', body, silent: true });
}

/**
 * The project's yield from its saved documents (kept on the project): answered at once, or, for a
 * plant too large to simulate while the user waits, queued (`{ queued }`: follow it with yieldRun).
 */
export function runSimulation(projectId: number): Promise<SimulationRunAnswer> {
  return request(ELECTRICAL_ROUTES.simulate, simulationRunAnswerSchema, { method: 'POST', body: { projectId, mode: 'auto' }, silent: true });
}

/** The project's latest queued yield run, or null. */
export async function yieldRun(projectId: number): Promise<YieldRun | null> {
  return (await request(ELECTRICAL_ROUTES.queue, yieldRunStateSchema, { query: { projectId }, silent: true })).run;
}

/** The last simulation kept on the project, or null (none, or one of an older shape). */
export async function lastSimulation(projectId: number): Promise<ProjectSimulation | null> {
  const doc = await request(ELECTRICAL_ROUTES.simulation, designDocumentSchema, { query: { projectId }, silent: true });
  const r = simulationRunSchema.safeParse(doc.data);
  return r.success ? r.data : null;
}

export interface InverterSearch {
  keyword?: string;
  /** Rated AC power range [W]. */
  minPower?: number;
  maxPower?: number;
  size?: number;
}

/** Enabled inverters of the user's library whose manufacturer and model hold every word, in a power range. */
export function searchInverters(q: InverterSearch, signal?: AbortSignal) {
  return request(ELECTRICAL_ROUTES.inverters, inverterListSchema, {
    query: { page: 1, size: q.size ?? 50, keyword: q.keyword || undefined, enabled: true, minPower: q.minPower, maxPower: q.maxPower },
    signal,
    silent: true,
  });
}

/** One inverter of the library (its list fields; for a custom one just made). */
export function inverterSummary(id: number, signal?: AbortSignal): Promise<InverterSummary> {
  return request(ELECTRICAL_ROUTES.inverter, inverterDetailSchema, { query: { id }, signal, silent: true });
}

/** The electrical data of the layout's library module (Voc, Vmp, Isc, Imp, coefficients), or null when unreadable. */
export async function moduleData(libraryId: number, signal?: AbortSignal): Promise<PvModule | null> {
  const d = await request(ELECTRICAL_ROUTES.module, moduleDetailSchema, { query: { id: libraryId }, signal, silent: true });
  const r = pvModuleSchema.safeParse(d.module);
  return r.success ? r.data : null;
}
