// The equipment libraries of an organisation (spec 000 §2 deviceList; spec 001 §1 "equipment
// libraries (module, inverter, manufacturer)", §2 "Equipment information: module, inverter and
// manufacturer libraries with enable and disable and source (system or enterprise)", §3 Manufacturer
// "source (system built-in or enterprise uploaded), enabled or disabled", §4 "Status Updated
// Successfully"; spec 000 §7 "device-status add, delete and status calls for company, component and
// inverter; admin and enterprise lists, add and update"). The system catalogue (library/seed.ts) sits
// beside the organisation's own entries; the organisation enables or disables either for all its
// members; only its own entries are added, changed or deleted. Entries are validated with the same
// schemas as the personal library (src/model/equipment-module.ts, equipment-inverter.ts).
import { sql, type Kysely } from 'kysely';
import type { EquipmentKind, EquipmentSource } from '../../model/api/enterprise.ts';
import type { Inverter } from '../../model/equipment-inverter.ts';
import { moduleEfficiency, type PvModule } from '../../model/equipment-module.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../accounts/accounts.ts';
import { apiError } from '../errors.ts';
import { keywordTokens, likePattern, type EntryRow } from '../library/library.ts';

/** The disabled-table kind of an equipment kind. */
const DISABLED_KIND = { company: 'manufacturer', component: 'module', inverter: 'inverter' } as const;

export interface EquipmentFilter {
  page: number;
  size: number;
  keyword?: string;
  source: 'all' | EquipmentSource;
  enabled?: boolean;
  type?: 'module' | 'inverter';
}

export function moduleView(r: EntryRow) {
  const m = JSON.parse(r.data) as PvModule;
  return {
    id: r.id,
    source: r.source as EquipmentSource,
    enabled: !r.disabled,
    updateTime: r.updated_at.toISOString(),
    manufacturer: r.manufacturer,
    model: r.model,
    moduleType: m.moduleType,
    pmax: m.pmax,
    efficiency: Math.round(moduleEfficiency(m) * 100) / 100,
    length: m.length,
    width: m.width,
    module: m,
  };
}

export function inverterView(r: EntryRow) {
  const v = JSON.parse(r.data) as Inverter;
  return {
    id: r.id,
    source: r.source as EquipmentSource,
    enabled: !r.disabled,
    updateTime: r.updated_at.toISOString(),
    manufacturer: r.manufacturer,
    model: r.model,
    inverterType: v.inverterType,
    ratedAcPower: v.ratedAcPower,
    maxEfficiency: v.maxEfficiency,
    mpptCount: v.mpptCount,
    inverter: v,
  };
}

export class EnterpriseEquipment {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private disabledSql(enterpriseId: number, kind: EquipmentKind) {
    return sql<boolean>`exists (select 1 from enterprise_library_disabled d where d.enterprise_id = ${enterpriseId} and d.kind = ${DISABLED_KIND[kind]} and d.source = u.source and d.item_id = u.id)`;
  }

  /** System modules or inverters and the organisation's, as one relation `u`. */
  private entries(enterpriseId: number, kind: 'component' | 'inverter') {
    const db = this.db;
    if (kind === 'component') {
      return db
        .selectFrom('library_modules')
        .select(['id', sql<string>`'system'`.as('source'), 'manufacturer', 'model', 'data', 'updated_at', 'pmax as power'])
        .where('source', '=', 'system')
        .unionAll(
          db
            .selectFrom('enterprise_modules')
            .select(['id', sql<string>`'enterprise'`.as('source'), 'manufacturer', 'model', 'data', 'updated_at', 'pmax as power'])
            .where('enterprise_id', '=', enterpriseId),
        );
    }
    return db
      .selectFrom('library_inverters')
      .select(['id', sql<string>`'system'`.as('source'), 'manufacturer', 'model', 'data', 'updated_at', 'rated_ac_power as power'])
      .where('source', '=', 'system')
      .unionAll(
        db
          .selectFrom('enterprise_inverters')
          .select(['id', sql<string>`'enterprise'`.as('source'), 'manufacturer', 'model', 'data', 'updated_at', 'rated_ac_power as power'])
          .where('enterprise_id', '=', enterpriseId),
      );
  }

  /** PV modules: the organisation's first, then the system's, by manufacturer and model. */
  async modules(enterpriseId: number, f: EquipmentFilter) {
    const { total, rows } = await this.rows(enterpriseId, 'component', f);
    return { total, page: f.page, size: f.size, list: rows.map((r) => moduleView(r)) };
  }

  /** Inverters, as modules(). */
  async inverters(enterpriseId: number, f: EquipmentFilter) {
    const { total, rows } = await this.rows(enterpriseId, 'inverter', f);
    return { total, page: f.page, size: f.size, list: rows.map((r) => inverterView(r)) };
  }

  private async rows(enterpriseId: number, kind: 'component' | 'inverter', f: EquipmentFilter): Promise<{ total: number; rows: EntryRow[] }> {
    const disabled = this.disabledSql(enterpriseId, kind);
    const base = () => {
      let q = this.db.selectFrom(this.entries(enterpriseId, kind).as('u'));
      if (f.source !== 'all') q = q.where('u.source', '=', f.source);
      for (const word of keywordTokens(f.keyword ?? '')) q = q.where(sql<boolean>`(u.manufacturer || ' ' || u.model) ilike ${likePattern(word)}`);
      if (f.enabled !== undefined) q = q.where(f.enabled ? sql<boolean>`not ${disabled}` : disabled);
      return q;
    };
    const rows = await base()
      .select(['u.id', 'u.source', 'u.manufacturer', 'u.model', 'u.data', 'u.updated_at'])
      .select(disabled.as('disabled'))
      .orderBy(sql`case when u.source = 'enterprise' then 0 else 1 end`)
      .orderBy('u.manufacturer')
      .orderBy('u.model')
      .orderBy('u.id')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute();
    const n = await base().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return { total: Number(n.n), rows };
  }

  /** One module or inverter of the system or the organisation, or 404. */
  async entry(enterpriseId: number, kind: 'component' | 'inverter', source: EquipmentSource, id: number): Promise<EntryRow> {
    const row = await this.db
      .selectFrom(this.entries(enterpriseId, kind).as('u'))
      .select(['u.id', 'u.source', 'u.manufacturer', 'u.model', 'u.data', 'u.updated_at'])
      .select(this.disabledSql(enterpriseId, kind).as('disabled'))
      .where('u.source', '=', source)
      .where('u.id', '=', id)
      .executeTakeFirst();
    if (!row) throw apiError('NOT_FOUND');
    return row;
  }

  async addModule(enterpriseId: number, userId: number, m: PvModule): Promise<number> {
    const now = this.clock.now();
    const r = await this.db
      .insertInto('enterprise_modules')
      .values({ enterprise_id: enterpriseId, manufacturer: m.manufacturer, model: m.model, module_type: m.moduleType, pmax: m.pmax, data: JSON.stringify(m), created_by: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.ensureCompany(enterpriseId, 'module', m.manufacturer);
    return r.id;
  }

  async addInverter(enterpriseId: number, userId: number, v: Inverter): Promise<number> {
    const now = this.clock.now();
    const r = await this.db
      .insertInto('enterprise_inverters')
      .values({ enterprise_id: enterpriseId, manufacturer: v.manufacturer, model: v.model, inverter_type: v.inverterType, rated_ac_power: v.ratedAcPower, data: JSON.stringify(v), created_by: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.ensureCompany(enterpriseId, 'inverter', v.manufacturer);
    return r.id;
  }

  async updateModule(enterpriseId: number, id: number, m: PvModule): Promise<void> {
    const r = await this.db
      .updateTable('enterprise_modules')
      .set({ manufacturer: m.manufacturer, model: m.model, module_type: m.moduleType, pmax: m.pmax, data: JSON.stringify(m), updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw apiError('NOT_FOUND');
    await this.ensureCompany(enterpriseId, 'module', m.manufacturer);
  }

  async updateInverter(enterpriseId: number, id: number, v: Inverter): Promise<void> {
    const r = await this.db
      .updateTable('enterprise_inverters')
      .set({ manufacturer: v.manufacturer, model: v.model, inverter_type: v.inverterType, rated_ac_power: v.ratedAcPower, data: JSON.stringify(v), updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw apiError('NOT_FOUND');
    await this.ensureCompany(enterpriseId, 'inverter', v.manufacturer);
  }

  /** Deletes one of the organisation's own entries (system entries: disable them instead). */
  async delete(enterpriseId: number, kind: EquipmentKind, id: number): Promise<void> {
    const table = kind === 'component' ? 'enterprise_modules' : kind === 'inverter' ? 'enterprise_inverters' : 'enterprise_manufacturers';
    await this.db.transaction().execute(async (tx) => {
      const r = await tx.deleteFrom(table as 'enterprise_modules').where('id', '=', id).where('enterprise_id', '=', enterpriseId).executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) throw apiError('NOT_FOUND');
      await tx
        .deleteFrom('enterprise_library_disabled')
        .where('enterprise_id', '=', enterpriseId)
        .where('kind', '=', DISABLED_KIND[kind])
        .where('source', '=', 'enterprise')
        .where('item_id', '=', id)
        .execute();
    });
  }

  /** Enables or disables a system or own entry for the whole organisation. */
  async setEnabled(enterpriseId: number, kind: EquipmentKind, source: EquipmentSource, id: number, enabled: boolean): Promise<void> {
    if (kind === 'company') await this.company(enterpriseId, source, id);
    else await this.entry(enterpriseId, kind, source, id);
    const key = { enterprise_id: enterpriseId, kind: DISABLED_KIND[kind], source, item_id: id };
    if (enabled) {
      await this.db
        .deleteFrom('enterprise_library_disabled')
        .where('enterprise_id', '=', key.enterprise_id)
        .where('kind', '=', key.kind)
        .where('source', '=', key.source)
        .where('item_id', '=', key.item_id)
        .execute();
    } else {
      await this.db
        .insertInto('enterprise_library_disabled')
        .values({ ...key, created_at: this.clock.now() })
        .onConflict((oc) => oc.columns(['enterprise_id', 'kind', 'source', 'item_id']).doNothing())
        .execute();
    }
  }

  // ── companies (manufacturers) ──

  private companies(enterpriseId: number) {
    return this.db
      .selectFrom('manufacturers')
      .select(['id', sql<string>`'system'`.as('source'), 'kind', 'name_en', 'name_zh', 'created_at'])
      .where('source', '=', 'system')
      .unionAll(
        this.db
          .selectFrom('enterprise_manufacturers')
          .select(['id', sql<string>`'enterprise'`.as('source'), 'kind', 'name_en', 'name_zh', 'created_at'])
          .where('enterprise_id', '=', enterpriseId),
      );
  }

  async companyList(enterpriseId: number, f: EquipmentFilter) {
    const disabled = this.disabledSql(enterpriseId, 'company');
    const base = () => {
      let q = this.db.selectFrom(this.companies(enterpriseId).as('u'));
      if (f.source !== 'all') q = q.where('u.source', '=', f.source);
      if (f.type) q = q.where('u.kind', '=', f.type);
      for (const word of keywordTokens(f.keyword ?? '')) q = q.where(sql<boolean>`(coalesce(u.name_en, '') || ' ' || coalesce(u.name_zh, '')) ilike ${likePattern(word)}`);
      if (f.enabled !== undefined) q = q.where(f.enabled ? sql<boolean>`not ${disabled}` : disabled);
      return q;
    };
    const rows = await base()
      .select(['u.id', 'u.source', 'u.kind', 'u.name_en', 'u.name_zh', 'u.created_at'])
      .select(disabled.as('disabled'))
      .orderBy(sql`case when u.source = 'enterprise' then 0 else 1 end`)
      .orderBy(sql`lower(coalesce(u.name_en, u.name_zh))`)
      .orderBy('u.id')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute();
    const n = await base().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return {
      total: Number(n.n),
      page: f.page,
      size: f.size,
      list: rows.map((r) => ({
        id: r.id,
        source: r.source as EquipmentSource,
        enabled: !r.disabled,
        updateTime: r.created_at.toISOString(),
        type: r.kind as 'module' | 'inverter',
        nameEn: r.name_en,
        nameZh: r.name_zh,
      })),
    };
  }

  private async company(enterpriseId: number, source: EquipmentSource, id: number): Promise<void> {
    const r = await this.db.selectFrom(this.companies(enterpriseId).as('u')).select('u.id').where('u.source', '=', source).where('u.id', '=', id).executeTakeFirst();
    if (!r) throw apiError('NOT_FOUND');
  }

  /** Adds an own manufacturer (the same names again: the existing one's id). */
  async addCompany(enterpriseId: number, kind: 'module' | 'inverter', nameEn: string | undefined, nameZh: string | undefined): Promise<number> {
    const row = await this.db
      .insertInto('enterprise_manufacturers')
      .values({ enterprise_id: enterpriseId, kind, name_en: nameEn || null, name_zh: nameZh || null, created_at: this.clock.now() })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return row.id;
    const existing = await this.db
      .selectFrom('enterprise_manufacturers')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('kind', '=', kind)
      .where(sql<boolean>`lower(coalesce(name_en, '')) = ${(nameEn ?? '').toLowerCase()} and lower(coalesce(name_zh, '')) = ${(nameZh ?? '').toLowerCase()}`)
      .executeTakeFirstOrThrow();
    return existing.id;
  }

  async updateCompany(enterpriseId: number, id: number, kind: 'module' | 'inverter', nameEn: string | undefined, nameZh: string | undefined): Promise<void> {
    let updated: bigint;
    try {
      const r = await this.db
        .updateTable('enterprise_manufacturers')
        .set({ kind, name_en: nameEn || null, name_zh: nameZh || null })
        .where('id', '=', id)
        .where('enterprise_id', '=', enterpriseId)
        .executeTakeFirst();
      updated = r.numUpdatedRows;
    } catch (err) {
      if (isUniqueViolation(err)) throw apiError('VALIDATION', { field: 'nameEn', message: 'This manufacturer exists already' }, { field: 'nameEn' });
      throw err;
    }
    if (Number(updated) === 0) throw apiError('NOT_FOUND');
  }

  /** An own manufacturer for an entry's manufacturer unless a visible one has that name. */
  private async ensureCompany(enterpriseId: number, kind: 'module' | 'inverter', name: string): Promise<void> {
    const lower = name.toLowerCase();
    const known = await this.db
      .selectFrom(this.companies(enterpriseId).as('u'))
      .select('u.id')
      .where('u.kind', '=', kind)
      .where(sql<boolean>`(lower(coalesce(u.name_en, '')) = ${lower} or lower(coalesce(u.name_zh, '')) = ${lower})`)
      .executeTakeFirst();
    if (!known) await this.addCompany(enterpriseId, kind, name, undefined);
  }
}
