// The equipment library calls under /api/web (server: src/server/routes/library/index.ts; schemas:
// src/model/api/library.ts): module and inverter lists and details, add / update / delete of custom
// entries, enable / disable, the .PAN / .OND import, and the manufacturers. A detail's full entry is
// checked with the library schemas (src/model/equipment-module.ts, equipment-inverter.ts).
import { z } from 'zod';
import { emptySchema } from '../../model/api/envelope.ts';
import {
  inverterDetailSchema,
  inverterListSchema,
  manufacturerListSchema,
  moduleDetailSchema,
  moduleListSchema,
  type libraryKinds,
  type librarySources,
} from '../../model/api/library.ts';
import { inverterSchema, type Inverter } from '../../model/equipment-inverter.ts';
import { pvModuleSchema, type PvModule } from '../../model/equipment-module.ts';
import { request } from './http.ts';

export type LibraryKind = (typeof libraryKinds)[number];
export type LibrarySource = (typeof librarySources)[number];

/** The list filters (server: libraryListQuery). */
export interface LibraryListQuery {
  page: number;
  size: number;
  keyword?: string;
  manufacturer?: string;
  source?: 'all' | LibrarySource;
  enabled?: boolean;
}

/** The path segment of each kind (spec 000 §7: component list, inverter list). */
const SEGMENT: Record<LibraryKind, string> = { module: 'component', inverter: 'inverter' };
const idSchema = z.object({ id: z.number().int() });

const moduleDetail = moduleDetailSchema.extend({ module: pvModuleSchema });
const inverterDetail = inverterDetailSchema.extend({ inverter: inverterSchema });
export type ModuleDetail = z.output<typeof moduleDetail>;
export type InverterDetail = z.output<typeof inverterDetail>;
export type ModuleRow = z.output<typeof moduleListSchema>['list'][number];
export type InverterRow = z.output<typeof inverterListSchema>['list'][number];
export type Manufacturer = z.output<typeof manufacturerListSchema>['list'][number];

export function listModules(q: LibraryListQuery) {
  return request('/api/web/component/list', moduleListSchema, { query: { ...q } });
}

export function listInverters(q: LibraryListQuery) {
  return request('/api/web/inverter/list', inverterListSchema, { query: { ...q } });
}

export function getModule(id: number) {
  return request('/api/web/component/detail', moduleDetail, { query: { id } });
}

export function getInverter(id: number) {
  return request('/api/web/inverter/detail', inverterDetail, { query: { id } });
}

/** Adds a custom module; answers its id. Silent: the form shows the failure in place. */
export async function addModule(module: PvModule): Promise<number> {
  return (await request('/api/web/component/add', idSchema, { method: 'POST', body: module, silent: true })).id;
}

export async function updateModule(id: number, module: PvModule): Promise<void> {
  await request('/api/web/component/update', emptySchema, { method: 'POST', body: { id, module }, silent: true });
}

export async function addInverter(inverter: Inverter): Promise<number> {
  return (await request('/api/web/inverter/add', idSchema, { method: 'POST', body: inverter, silent: true })).id;
}

export async function updateInverter(id: number, inverter: Inverter): Promise<void> {
  await request('/api/web/inverter/update', emptySchema, { method: 'POST', body: { id, inverter }, silent: true });
}

/** Deletes a custom entry (system entries are refused by the server). */
export async function deleteEntry(kind: LibraryKind, id: number): Promise<void> {
  await request(`/api/web/${SEGMENT[kind]}/delete`, emptySchema, { method: 'POST', body: { id } });
}

/** Enables or disables an entry for this user ('Status Updated Successfully'). */
export async function setEntryEnabled(kind: LibraryKind | 'manufacturer', id: number, enabled: boolean): Promise<void> {
  const segment = kind === 'manufacturer' ? 'manufacturer' : SEGMENT[kind];
  await request(`/api/web/${segment}/status`, emptySchema, { method: 'POST', body: { id, enabled } });
}

/**
 * Imports a PVsyst .PAN (module) or .OND (inverter) file as a custom entry; answers its id. Silent:
 * the form shows the refusal ('Please select a standard PAN or OND file…') in place.
 */
export async function importPvsyst(kind: LibraryKind, file: Blob, fileName: string): Promise<number> {
  const form = new FormData();
  form.append('file', file, fileName);
  return (await request(`/api/web/${SEGMENT[kind]}/import`, idSchema, { form, silent: true })).id;
}

export async function listManufacturers(kind: LibraryKind, source: 'all' | LibrarySource = 'all'): Promise<Manufacturer[]> {
  return (await request('/api/web/manufacturer/list', manufacturerListSchema, { query: { kind, source } })).list;
}

/** Adds an own manufacturer (English or Chinese name, at least one). Silent: the dialog shows the failure. */
export async function addManufacturer(kind: LibraryKind, nameEn: string | undefined, nameZh: string | undefined): Promise<number> {
  return (await request('/api/web/manufacturer/add', idSchema, { method: 'POST', body: { kind, nameEn, nameZh }, silent: true })).id;
}
