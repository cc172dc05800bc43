// GET /api/web/decrypt/decryptKey?id= (spec 000 §7 "Operations alarms"; issue 21 §6): a device's
// credential (the Modbus connection sealed at rest by secrets.ts, AES-256-GCM bound to the device's
// serial) opened for the plant's owner or an administrator of the enterprise holding the plant only
// — a granted member or anyone else gets 404 like a missing device — and every opening recorded in
// aiom_decrypt_audit (who, which device, from where, when).
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { enterpriseProjectAccess } from '../enterprise/projects.ts';
import { apiError } from '../errors.ts';
import { connectionContext } from './devices.ts';
import type { SecretBox } from './secrets.ts';

export async function decryptDeviceKey(
  db: Kysely<Database>,
  clock: Clock,
  box: SecretBox,
  userId: number,
  deviceId: number,
  ip: string | null,
): Promise<{ id: number; serial: string; credential: Record<string, unknown> | null }> {
  const d = await db
    .selectFrom('aiom_devices as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select(['d.id', 'd.serial', 'd.project_id', 'd.connection_enc', 'p.user_id'])
    .where('d.id', '=', deviceId)
    .executeTakeFirst();
  if (!d) throw apiError('NOT_FOUND', {}, { field: 'id' });
  let allowed = d.user_id === userId;
  if (!allowed) {
    const a = await enterpriseProjectAccess(db, userId, d.project_id);
    allowed = a !== null && (a.access === 'creator' || a.access === 'administrator');
  }
  if (!allowed) throw apiError('NOT_FOUND', {}, { field: 'id' });
  let credential: Record<string, unknown> | null = null;
  if (d.connection_enc) {
    try {
      credential = box.openJson<Record<string, unknown>>(d.connection_enc, connectionContext(d.serial));
    } catch {
      throw apiError('VALIDATION', { field: 'id', message: 'the stored credential does not open (altered, or sealed under another key)' }, { field: 'id' });
    }
  }
  await db.insertInto('aiom_decrypt_audit').values({ user_id: userId, project_id: d.project_id, device_id: d.id, device_serial: d.serial, ip, created_at: clock.now() }).execute();
  return { id: d.id, serial: d.serial, credential };
}
