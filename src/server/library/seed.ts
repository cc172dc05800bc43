// Seeds the system equipment library from the catalogue (src/server/library/catalogue) at start:
// idempotent — the catalogue's hash is recorded in seed_state, so an unchanged catalogue costs one
// query, and a changed one upserts every entry by its stable id (system_key) and adds missing
// manufacturers. Entries are validated with the library schemas first; an invalid entry stops the
// start (the unit tests validate the catalogue).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { inverterSchema } from '../../model/equipment-inverter.ts';
import { pvModuleSchema } from '../../model/equipment-module.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { SYSTEM_INVERTERS } from './catalogue/inverters.ts';
import { SYSTEM_MODULES } from './catalogue/modules.ts';

const SEED = 'system-library';

export function catalogueHash(): string {
  return createHash('sha256').update(JSON.stringify([SYSTEM_MODULES, SYSTEM_INVERTERS])).digest('hex');
}

/** Brings the system library up to the catalogue; true when it changed anything. */
export async function seedSystemLibrary(db: Kysely<Database>, clock: Clock): Promise<boolean> {
  const hash = catalogueHash();
  const done = await db.selectFrom('seed_state').select('hash').where('name', '=', SEED).executeTakeFirst();
  if (done?.hash === hash) return false;
  const modules = SYSTEM_MODULES.map(({ id, ...m }) => ({ key: id, m: pvModuleSchema.parse(m) }));
  const inverters = SYSTEM_INVERTERS.map(({ id, ...v }) => ({ key: id, v: inverterSchema.parse(v) }));
  await db.transaction().execute(async (tx) => {
    const now = clock.now();
    for (const { key, m } of modules) {
      const row = { source: 'system', system_key: key, user_id: null, manufacturer: m.manufacturer, model: m.model, module_type: m.moduleType, pmax: m.pmax, data: JSON.stringify(m), created_at: now, updated_at: now };
      await tx
        .insertInto('library_modules')
        .values(row)
        .onConflict((oc) => oc.column('system_key').doUpdateSet({ manufacturer: row.manufacturer, model: row.model, module_type: row.module_type, pmax: row.pmax, data: row.data, updated_at: now }))
        .execute();
    }
    for (const { key, v } of inverters) {
      const row = { source: 'system', system_key: key, user_id: null, manufacturer: v.manufacturer, model: v.model, inverter_type: v.inverterType, rated_ac_power: v.ratedAcPower, data: JSON.stringify(v), created_at: now, updated_at: now };
      await tx
        .insertInto('library_inverters')
        .values(row)
        .onConflict((oc) =>
          oc.column('system_key').doUpdateSet({ manufacturer: row.manufacturer, model: row.model, inverter_type: row.inverter_type, rated_ac_power: row.rated_ac_power, data: row.data, updated_at: now }),
        )
        .execute();
    }
    const makers: [string, string][] = [
      ...Array.from(new Set(modules.map((x) => x.m.manufacturer)), (n): [string, string] => ['module', n]),
      ...Array.from(new Set(inverters.map((x) => x.v.manufacturer)), (n): [string, string] => ['inverter', n]),
    ];
    for (const [kind, name] of makers) {
      // The unique name index makes a second insert (another process seeding at once) a no-op.
      await tx
        .insertInto('manufacturers')
        .values({ kind, source: 'system', user_id: null, name_en: name, name_zh: null, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await tx
      .insertInto('seed_state')
      .values({ name: SEED, hash, applied_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ hash, applied_at: now }))
      .execute();
  });
  return true;
}
