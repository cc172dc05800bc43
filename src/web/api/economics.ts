// The Load, storage and Economy steps' server calls (spec 000 §7 power-load/type-list, energyStorage
// save/get/recommend, economic-analysis-params, advanced-ecnomic; spec 001 §7 get/update-powerLoadConfig-
// page, electricity-price/list; issue 16: the xlsx load upload, project/economics/run and its result).
// Schemas from src/model/api/economics.ts (answers) and src/model/economics.ts (the stored documents: a
// stored document that no longer has its schema's shape reads as none). Failures are not toasted: the
// steps show them in place. Saves send the version they are based on; a stale one rejects with
// StaleDocumentError, a load save that would clear the storage with LoadClearsStorageError.
import type { z } from 'zod';
import { designDocumentSchema, savedSchema } from '../../model/api/design.ts';
import {
  consumptionModelListSchema,
  economicsResultDocumentSchema,
  economicsRunAnswerSchema,
  electricityPriceListSchema,
  loadUploadAnswerSchema,
  powerLoadReadSchema,
  powerLoadSavedSchema,
  storageRecommendAnswerSchema,
  type ConsumptionModelItem,
  type EconomicsResultDocument,
  type EconomicsRunAnswer,
  type ElectricityPriceList,
  type LoadChart,
  type PowerLoadSaved,
  type StorageRecommendAnswer,
  type StorageRecommendBody,
} from '../../model/api/economics.ts';
import { emptySchema } from '../../model/api/envelope.ts';
import { tariffSchema, type Tariff, type TariffInput } from '../../model/catalogue/tariffs.ts';
import {
  advancedEconomicDocumentSchema,
  economicDocumentSchema,
  energyStorageDocumentSchema,
  powerLoadDocumentSchema,
  type AdvancedEconomicDocument,
  type EconomicDocument,
  type EnergyStorageDocument,
  type LoadTableLayout,
  type PowerLoadDocument,
} from '../../model/economics.ts';
import { ApiError, request } from './http.ts';
import { throwIfStale, type Versioned } from './versioned-document.ts';

export { StaleDocumentError, type Versioned } from './versioned-document.ts';

export const ECONOMICS_ROUTES = {
  loadTypes: '/api/web/power-load/type-list',
  loadGet: '/api/web/project/get-powerLoadConfig-page',
  loadSave: '/api/web/project/update-powerLoadConfig-page',
  loadUpload: '/api/web/project/power-load/upload',
  prices: '/api/web/electricity-price/list',
  priceAdd: '/api/web/electricity-price/add',
  priceDelete: '/api/web/electricity-price/delete',
  storageGet: '/api/web/energyStorage/get',
  storageSave: '/api/web/energyStorage/save',
  recommend: '/api/web/energyStorage/recommend',
  economicGet: '/api/web/project/economic-analysis-params/get',
  economicSave: '/api/web/project/economic-analysis-params/save',
  advancedGet: '/api/web/advanced-ecnomic/original-value',
  advancedSave: '/api/web/advanced-ecnomic/insert',
  run: '/api/web/project/economics/run',
  result: '/api/web/project/economics/result',
} as const;

/** A load save refused because it would clear the configured storage (spec 001 §4): ask, then save with clearStorage. */
export class LoadClearsStorageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoadClearsStorageError';
  }
}

/** The failures of a save as their errors. */
function saveFailure(e: unknown): never {
  if (e instanceof ApiError && e.details?.error === 'LOAD_CLEARS_STORAGE') throw new LoadClearsStorageError(e.message);
  throwIfStale(e);
  throw e;
}

function versioned<T>(doc: { version: number; data: unknown }, schema: z.ZodType<T>): Versioned<T> {
  if (doc.data === null || doc.data === undefined) return { version: doc.version, data: null };
  const r = schema.safeParse(doc.data);
  return { version: doc.version, data: r.success ? r.data : null };
}

async function readDocument<T>(path: string, projectId: number, schema: z.ZodType<T>): Promise<Versioned<T>> {
  return versioned(await request(path, designDocumentSchema, { query: { projectId }, silent: true }), schema);
}

async function saveDocument(path: string, projectId: number, version: number, data: unknown): Promise<number> {
  try {
    return (await request(path, savedSchema, { method: 'POST', body: { projectId, version, data }, silent: true })).version;
  } catch (e) {
    return saveFailure(e);
  }
}

// ── load ──

export function loadTypes(): Promise<ConsumptionModelItem[]> {
  return request(ECONOMICS_ROUTES.loadTypes, consumptionModelListSchema, { silent: true }).then((r) => r.list);
}

/** The project's load and its chart (null without a load). */
export async function readLoad(projectId: number): Promise<Versioned<PowerLoadDocument> & { chart: LoadChart | null }> {
  const r = await request(ECONOMICS_ROUTES.loadGet, powerLoadReadSchema, { query: { projectId }, silent: true });
  return { ...versioned(r, powerLoadDocumentSchema), chart: r.chart };
}

/** Saves the load based on `version`; `clearStorage` after the user agreed to lose the storage. */
export async function saveLoad(projectId: number, version: number, data: PowerLoadDocument, clearStorage = false): Promise<PowerLoadSaved> {
  try {
    return await request(ECONOMICS_ROUTES.loadSave, powerLoadSavedSchema, { method: 'POST', body: { projectId, version, data, clearStorage }, silent: true });
  } catch (e) {
    return saveFailure(e);
  }
}

/** A load file read by the server (not saved): its document, layout and chart. */
export interface LoadFileAnswer {
  document: PowerLoadDocument;
  layout: LoadTableLayout;
  chart: LoadChart;
}

/** Sends an xlsx load file to be read — quarter-hour values as mean power (kW) or energy (kWh) — (rejects with the server's reason, naming the row and column of a bad cell). */
export async function uploadLoadFile(projectId: number, file: Blob, fileName: string, unit: 'kW' | 'kWh' = 'kW'): Promise<LoadFileAnswer> {
  const form = new FormData();
  form.append('file', file, fileName);
  const r = await request(ECONOMICS_ROUTES.loadUpload, loadUploadAnswerSchema, { query: { projectId, unit }, form, silent: true });
  const document = powerLoadDocumentSchema.parse(r.document);
  return { document, layout: document.upload?.layout ?? (r.layout as LoadTableLayout), chart: r.chart };
}

// ── tariffs ──

export function tariffList(): Promise<ElectricityPriceList> {
  return request(ECONOMICS_ROUTES.prices, electricityPriceListSchema, { silent: true });
}

export function addTariffScheme(t: TariffInput): Promise<Tariff> {
  return request(ECONOMICS_ROUTES.priceAdd, tariffSchema, { method: 'POST', body: t, silent: true });
}

export async function deleteTariffScheme(id: number): Promise<void> {
  await request(ECONOMICS_ROUTES.priceDelete, emptySchema, { method: 'POST', body: { id }, silent: true });
}

// ── storage and economic parameters ──

export const readStorage = (projectId: number) => readDocument(ECONOMICS_ROUTES.storageGet, projectId, energyStorageDocumentSchema);
export const saveStorage = (projectId: number, version: number, data: EnergyStorageDocument) => saveDocument(ECONOMICS_ROUTES.storageSave, projectId, version, data);
export const readEconomic = (projectId: number) => readDocument(ECONOMICS_ROUTES.economicGet, projectId, economicDocumentSchema);
export const saveEconomic = (projectId: number, version: number, data: EconomicDocument) => saveDocument(ECONOMICS_ROUTES.economicSave, projectId, version, data);
export const readAdvanced = (projectId: number) => readDocument(ECONOMICS_ROUTES.advancedGet, projectId, advancedEconomicDocumentSchema);
export const saveAdvanced = (projectId: number, version: number, data: AdvancedEconomicDocument) => saveDocument(ECONOMICS_ROUTES.advancedSave, projectId, version, data);

/** The storage recommendation (refused with the server's message before an inverter is selected and wired). */
export function recommendStorage(body: StorageRecommendBody): Promise<StorageRecommendAnswer> {
  return request(ECONOMICS_ROUTES.recommend, storageRecommendAnswerSchema, { method: 'POST', body, silent: true });
}

// ── the economics ──

/** Computes the project's economics from its saved documents and yield (kept on the project). */
export function runEconomics(projectId: number): Promise<EconomicsRunAnswer> {
  return request(ECONOMICS_ROUTES.run, economicsRunAnswerSchema, { method: 'POST', body: { projectId }, silent: true });
}

/** The economics last computed, or null. */
export async function lastEconomics(projectId: number): Promise<EconomicsResultDocument | null> {
  return (await readDocument(ECONOMICS_ROUTES.result, projectId, economicsResultDocumentSchema)).data;
}
