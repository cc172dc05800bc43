// The equipment libraries of a user (spec 001 §2 "Equipment information", §3 custom PV module, custom
// inverter, manufacturer; spec 000 §7 component/inverter list and detail): the system catalogue
// (seed.ts) plus the user's own custom entries, each enabled or disabled per user, and the .PAN/.OND
// import. A user sees system entries and their own; another user's custom entry answers 404 like a
// missing one; system entries cannot be changed (400).
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { inverterSummarySchema, moduleSummarySchema } from '../../model/api/library.ts';
import type { Inverter } from '../../model/equipment-inverter.ts';
import { moduleEfficiency, type PvModule } from '../../model/equipment-module.ts';
import { parseOnd } from '../../physics/pvsyst-ond.ts';
import { parsePan } from '../../physics/pvsyst-pan.ts';
import { PvsystFileError } from '../../physics/pvsyst-text.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';

export type LibraryKind = 'module' | 'inverter';
type ModuleSummary = z.infer<typeof moduleSummarySchema>;
type InverterSummary = z.infer<typeof inverterSummarySchema>;

export interface LibraryFilter {
  page: number;
  size: number;
  keyword?: string;
  manufacturer?: string;
  source: 'all' | 'system' | 'custom';
  enabled?: boolean;
  /** Rated power range [W]: module STC power, inverter rated AC power. */
  minPower?: number;
  maxPower?: number;
}

/** A module or inverter row as the library lists read it (also the enterprise libraries', enterprise/equipment.ts). */
export interface EntryRow {
  id: number;
  source: string;
  manufacturer: string;
  model: string;
  data: string;
  updated_at: Date;
  disabled: boolean;
}

const TABLE = { module: 'library_modules', inverter: 'library_inverters' } as const;

/** An ILIKE pattern matching `text` anywhere (its wildcards escaped). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Most words of a search that count (a pasted datasheet title should not make a huge query). */
const MAX_KEYWORD_TOKENS = 8;

/**
 * The words of a library search: split on white space, each matched case-insensitively anywhere in
 * "manufacturer model", in any order ("LONGi LR5", "lr5 longi" and "LR5-72" all find LONGi LR5-…).
 */
export function keywordTokens(keyword: string): string[] {
  return keyword.split(/\s+/).filter((w) => w.length > 0).slice(0, MAX_KEYWORD_TOKENS);
}

export function moduleSummary(r: EntryRow): ModuleSummary & { module: PvModule } {
  const m = JSON.parse(r.data) as PvModule;
  return {
    id: r.id,
    source: r.source as 'system' | 'custom',
    manufacturer: r.manufacturer,
    model: r.model,
    enabled: !r.disabled,
    updateTime: r.updated_at.toISOString(),
    moduleType: m.moduleType,
    pmax: m.pmax,
    efficiency: Math.round(moduleEfficiency(m) * 100) / 100,
    length: m.length,
    width: m.width,
    module: m,
  };
}

export function inverterSummary(r: EntryRow): InverterSummary & { inverter: Inverter } {
  const v = JSON.parse(r.data) as Inverter;
  return {
    id: r.id,
    source: r.source as 'system' | 'custom',
    manufacturer: r.manufacturer,
    model: r.model,
    enabled: !r.disabled,
    updateTime: r.updated_at.toISOString(),
    inverterType: v.inverterType,
    ratedAcPower: v.ratedAcPower,
    maxEfficiency: v.maxEfficiency,
    mpptCount: v.mpptCount,
    inverter: v,
  };
}

export class LibraryService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Entries visible to a user, filtered and paged. */
  async list(userId: number, kind: LibraryKind, f: LibraryFilter): Promise<{ total: number; rows: EntryRow[] }> {
    const table = TABLE[kind];
    const base = () => {
      let q = this.db.selectFrom(table as 'library_modules').where((eb) => eb.or([eb('source', '=', 'system'), eb('user_id', '=', userId)]));
      if (f.source !== 'all') q = q.where('source', '=', f.source);
      for (const word of keywordTokens(f.keyword ?? '')) {
        q = q.where(sql<boolean>`(manufacturer || ' ' || model) ilike ${likePattern(word)}`);
      }
      if (f.manufacturer) q = q.where(sql<boolean>`lower(manufacturer) = ${f.manufacturer.toLowerCase()}`);
      const power = sql.ref(kind === 'module' ? 'pmax' : 'rated_ac_power');
      if (f.minPower !== undefined) q = q.where(sql<boolean>`${power} >= ${f.minPower}`);
      if (f.maxPower !== undefined) q = q.where(sql<boolean>`${power} <= ${f.maxPower}`);
      if (f.enabled !== undefined) {
        const disabled = sql<boolean>`exists (select 1 from library_disabled d where d.user_id = ${userId} and d.kind = ${kind} and d.item_id = ${sql.ref(`${table}.id`)})`;
        q = q.where(f.enabled ? sql<boolean>`not ${disabled}` : disabled);
      }
      return q;
    };
    const rows = await base()
      .select(['id', 'source', 'manufacturer', 'model', 'data', 'updated_at'])
      .select(sql<boolean>`exists (select 1 from library_disabled d where d.user_id = ${userId} and d.kind = ${kind} and d.item_id = ${sql.ref(`${table}.id`)})`.as('disabled'))
      .orderBy(sql`case when source = 'custom' then 0 else 1 end`)
      .orderBy('manufacturer')
      .orderBy('model')
      .orderBy('id')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute();
    const n = await base().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return { total: Number(n.n), rows };
  }

  /** One visible entry, or 404. */
  async entry(userId: number, kind: LibraryKind, id: number): Promise<EntryRow> {
    const table = TABLE[kind];
    const row = await this.db
      .selectFrom(table as 'library_modules')
      .select(['id', 'source', 'manufacturer', 'model', 'data', 'updated_at'])
      .select(sql<boolean>`exists (select 1 from library_disabled d where d.user_id = ${userId} and d.kind = ${kind} and d.item_id = ${id})`.as('disabled'))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('source', '=', 'system'), eb('user_id', '=', userId)]))
      .executeTakeFirst();
    if (!row) throw apiError('NOT_FOUND');
    return row;
  }

  async addModule(userId: number, m: PvModule): Promise<number> {
    const now = this.clock.now();
    const row = await this.db
      .insertInto('library_modules')
      .values({ source: 'custom', system_key: null, user_id: userId, manufacturer: m.manufacturer, model: m.model, module_type: m.moduleType, pmax: m.pmax, data: JSON.stringify(m), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.ensureManufacturer(userId, 'module', m.manufacturer);
    return row.id;
  }

  async addInverter(userId: number, v: Inverter): Promise<number> {
    const now = this.clock.now();
    const row = await this.db
      .insertInto('library_inverters')
      .values({ source: 'custom', system_key: null, user_id: userId, manufacturer: v.manufacturer, model: v.model, inverter_type: v.inverterType, rated_ac_power: v.ratedAcPower, data: JSON.stringify(v), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.ensureManufacturer(userId, 'inverter', v.manufacturer);
    return row.id;
  }

  async updateModule(userId: number, id: number, m: PvModule): Promise<void> {
    await this.ownCustom(userId, 'module', id);
    await this.db
      .updateTable('library_modules')
      .set({ manufacturer: m.manufacturer, model: m.model, module_type: m.moduleType, pmax: m.pmax, data: JSON.stringify(m), updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    await this.ensureManufacturer(userId, 'module', m.manufacturer);
  }

  async updateInverter(userId: number, id: number, v: Inverter): Promise<void> {
    await this.ownCustom(userId, 'inverter', id);
    await this.db
      .updateTable('library_inverters')
      .set({ manufacturer: v.manufacturer, model: v.model, inverter_type: v.inverterType, rated_ac_power: v.ratedAcPower, data: JSON.stringify(v), updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    await this.ensureManufacturer(userId, 'inverter', v.manufacturer);
  }

  async delete(userId: number, kind: LibraryKind, id: number): Promise<void> {
    await this.ownCustom(userId, kind, id);
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom(TABLE[kind] as 'library_modules').where('id', '=', id).where('user_id', '=', userId).execute();
      await tx.deleteFrom('library_disabled').where('kind', '=', kind).where('item_id', '=', id).execute();
    });
  }

  /** Enables or disables a visible entry for this user. */
  async setEnabled(userId: number, kind: LibraryKind | 'manufacturer', id: number, enabled: boolean): Promise<void> {
    if (kind === 'manufacturer') await this.manufacturer(userId, id);
    else await this.entry(userId, kind, id);
    if (enabled) {
      await this.db.deleteFrom('library_disabled').where('user_id', '=', userId).where('kind', '=', kind).where('item_id', '=', id).execute();
    } else {
      await this.db
        .insertInto('library_disabled')
        .values({ user_id: userId, kind, item_id: id, created_at: this.clock.now() })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doNothing())
        .execute();
    }
  }

  /** Imports a PVsyst .PAN (module) or .OND (inverter) file as a custom entry. */
  async importFile(userId: number, kind: LibraryKind, bytes: Uint8Array, fileName: string | undefined): Promise<number> {
    try {
      if (kind === 'module') return await this.addModule(userId, parsePan(bytes, { fileName }));
      return await this.addInverter(userId, parseOnd(bytes, { fileName }));
    } catch (err) {
      if (err instanceof PvsystFileError) throw apiError('PVSYST_FILE', { message: err.message }, { field: 'file' });
      throw err;
    }
  }

  /** Manufacturers visible to a user (system and own). */
  async manufacturers(userId: number, kind: LibraryKind, source: 'all' | 'system' | 'custom') {
    let q = this.db
      .selectFrom('manufacturers as m')
      .select(['m.id', 'm.kind', 'm.source', 'm.name_en', 'm.name_zh'])
      .select(sql<boolean>`exists (select 1 from library_disabled d where d.user_id = ${userId} and d.kind = 'manufacturer' and d.item_id = m.id)`.as('disabled'))
      .where('m.kind', '=', kind)
      .where((eb) => eb.or([eb('m.source', '=', 'system'), eb('m.user_id', '=', userId)]));
    if (source !== 'all') q = q.where('m.source', '=', source);
    const rows = await q.orderBy(sql`lower(coalesce(m.name_en, m.name_zh))`).orderBy('m.id').execute();
    return rows.map((r) => ({ id: r.id, kind: r.kind as LibraryKind, source: r.source as 'system' | 'custom', nameEn: r.name_en, nameZh: r.name_zh, enabled: !r.disabled }));
  }

  async addManufacturer(userId: number, kind: LibraryKind, nameEn: string | undefined, nameZh: string | undefined): Promise<number> {
    const row = await this.db
      .insertInto('manufacturers')
      .values({ kind, source: 'custom', user_id: userId, name_en: nameEn || null, name_zh: nameZh || null, created_at: this.clock.now() })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return row.id;
    const existing = await this.db
      .selectFrom('manufacturers')
      .select('id')
      .where('kind', '=', kind)
      .where('user_id', '=', userId)
      .where(sql<boolean>`(lower(coalesce(name_en, '')) = ${(nameEn ?? '').toLowerCase()} and lower(coalesce(name_zh, '')) = ${(nameZh ?? '').toLowerCase()})`)
      .executeTakeFirstOrThrow();
    return existing.id;
  }

  private async manufacturer(userId: number, id: number): Promise<void> {
    const row = await this.db
      .selectFrom('manufacturers')
      .select('id')
      .where('id', '=', id)
      .where((eb) => eb.or([eb('source', '=', 'system'), eb('user_id', '=', userId)]))
      .executeTakeFirst();
    if (!row) throw apiError('NOT_FOUND');
  }

  /** A custom manufacturer row for an entry's manufacturer unless a visible one has that name. */
  private async ensureManufacturer(userId: number, kind: LibraryKind, name: string): Promise<void> {
    const known = await this.db
      .selectFrom('manufacturers')
      .select('id')
      .where('kind', '=', kind)
      .where((eb) => eb.or([eb('source', '=', 'system'), eb('user_id', '=', userId)]))
      .where(sql<boolean>`(lower(coalesce(name_en, '')) = ${name.toLowerCase()} or lower(coalesce(name_zh, '')) = ${name.toLowerCase()})`)
      .executeTakeFirst();
    if (!known) await this.addManufacturer(userId, kind, name, undefined);
  }

  /** 404 for an entry the user cannot see, 400 for a system entry. */
  private async ownCustom(userId: number, kind: LibraryKind, id: number): Promise<void> {
    const row = await this.entry(userId, kind, id);
    if (row.source === 'system') throw apiError('LIBRARY_READ_ONLY');
  }
}
