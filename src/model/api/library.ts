// Request and answer schemas of the equipment library calls (spec 000 §7 "Catalogues": component
// list/detail, inverter list/detail; spec 001 §2 "Equipment information", §3 custom PV module,
// custom inverter, manufacturer; §5 messages). The entries themselves follow src/model/equipment*.ts.
import { z } from 'zod';
import { inverterSchema } from '../equipment-inverter.ts';
import { pvModuleSchema } from '../equipment-module.ts';
import { isoTime, listOf, pageQuery, plainText, queryBoolean, recordId } from './common.ts';

export const librarySources = ['system', 'custom'] as const;
export const libraryKinds = ['module', 'inverter'] as const;

export const libraryListQuery = z.object({
  ...pageQuery(20),
  keyword: plainText(100).optional().describe('words of the manufacturer and model, in any order and case ("LONGi LR5")'),
  manufacturer: plainText(100).optional(),
  source: z.enum(['all', ...librarySources]).default('all'),
  enabled: queryBoolean.optional().describe('absent: both'),
  minPower: z.coerce.number().min(0).max(1e9).optional().describe('[W] rated power at least this (module STC power, inverter rated AC power)'),
  maxPower: z.coerce.number().min(0).max(1e9).optional().describe('[W] rated power at most this'),
});

const entryBase = {
  id: z.number().int(),
  source: z.enum(librarySources),
  manufacturer: z.string(),
  model: z.string(),
  enabled: z.boolean(),
  updateTime: isoTime,
};

export const moduleSummarySchema = z.object({
  ...entryBase,
  moduleType: z.string(),
  pmax: z.number().describe('[W]'),
  efficiency: z.number().describe('[%]'),
  length: z.number().describe('[mm]'),
  width: z.number().describe('[mm]'),
});
export const inverterSummarySchema = z.object({
  ...entryBase,
  inverterType: z.string(),
  ratedAcPower: z.number().describe('[W]'),
  maxEfficiency: z.number().describe('[%]'),
  mpptCount: z.number().int(),
});
export const moduleListSchema = listOf(moduleSummarySchema);
export const inverterListSchema = listOf(inverterSummarySchema);

export const moduleDetailSchema = moduleSummarySchema.extend({ module: z.record(z.string(), z.unknown()).describe('the full entry (src/model/equipment-module.ts)') });
export const inverterDetailSchema = inverterSummarySchema.extend({ inverter: z.record(z.string(), z.unknown()).describe('the full entry (src/model/equipment-inverter.ts)') });

export const libraryIdQuery = z.object({ id: recordId });
export const libraryIdBody = z.object({ id: recordId });

/** Names the database stores as text columns must not hold NUL. */
function storable<T extends { manufacturer: string; model: string }>(schema: z.ZodType<T>) {
  return schema
    .refine((e) => !e.manufacturer.includes('\u0000'), { message: 'Format incorrect', path: ['manufacturer'] })
    .refine((e) => !e.model.includes('\u0000'), { message: 'Format incorrect', path: ['model'] });
}

export const addModuleBody = storable(pvModuleSchema);
export const updateModuleBody = z.object({ id: recordId, module: addModuleBody });
export const addInverterBody = storable(inverterSchema);
export const updateInverterBody = z.object({ id: recordId, inverter: addInverterBody });
export const statusBody = z.object({ id: recordId, enabled: z.boolean({ error: 'This field is required' }) });

export const manufacturerQuery = z.object({ kind: z.enum(libraryKinds), source: z.enum(['all', ...librarySources]).default('all') });
export const manufacturerSchema = z.object({
  id: z.number().int(),
  kind: z.enum(libraryKinds),
  source: z.enum(librarySources),
  nameEn: z.string().nullable(),
  nameZh: z.string().nullable(),
  enabled: z.boolean(),
});
export const manufacturerListSchema = z.object({ list: z.array(manufacturerSchema) });
export const addManufacturerBody = z
  .object({ kind: z.enum(libraryKinds), nameEn: plainText(100).optional(), nameZh: plainText(100).optional() })
  .refine((b) => Boolean(b.nameEn || b.nameZh), { message: 'Please enter the manufacturer English or Chinese name', path: ['nameEn'] });
