// A user's own settings kept on the server (table user_settings, migration 0010): for now the imagery
// of the building step (src/model/base-map.ts). A row unreadable by today's schema reads as the
// default rather than failing the editor.
import type { Kysely } from 'kysely';
import { baseMapSettingSchema, DEFAULT_BASE_MAP_SETTING, type BaseMapSetting } from '../../model/base-map.ts';
import type { Database } from '../db/schema.ts';

/** The user's imagery setting, or null when they never saved one. */
export async function readBaseMapSetting(db: Kysely<Database>, userId: number): Promise<BaseMapSetting | null> {
  const row = await db.selectFrom('user_settings').select('base_map').where('user_id', '=', userId).executeTakeFirst();
  if (!row?.base_map) return null;
  try {
    const parsed = baseMapSettingSchema.safeParse(JSON.parse(row.base_map));
    return parsed.success ? parsed.data : { ...DEFAULT_BASE_MAP_SETTING };
  } catch {
    return { ...DEFAULT_BASE_MAP_SETTING };
  }
}

/** Saves the user's imagery setting (checked by the route's schema). */
export async function saveBaseMapSetting(db: Kysely<Database>, userId: number, setting: BaseMapSetting, now = new Date()): Promise<void> {
  const json = JSON.stringify(setting);
  await db
    .insertInto('user_settings')
    .values({ user_id: userId, base_map: json, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ base_map: json, updated_at: now }))
    .execute();
}
