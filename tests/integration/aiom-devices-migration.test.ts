// Migration 0013 (the O&M telemetry) on a database that has plants with devices bound the old way
// (device_collectors and device_inverters of migration 0006), on PGlite and PostgreSQL: every legacy
// collector and inverter becomes a device of aiom_devices with its plant, serial, name ("manufacturer
// model" for an inverter), rated power, bound and last-seen times, pushed by a gateway; the legacy
// rows stay; then the server started on the database lists those devices as the plant's (the device
// list of /aiom/devices).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { aiomTelemetry } from '../../src/server/aiom/devices-context.ts';
import { buildApp } from '../../src/server/app.ts';
import { testConfig } from '../../src/server/config.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import { DB_KINDS, ManualClock } from './harness.ts';
import { migrationDatabase } from './migration-database.ts';

const TELEMETRY_MIGRATION = '0013-telemetry';
const before: Record<string, Migration> = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < TELEMETRY_MIGRATION));

/** A user with a design and an O&M plant bound to it, one collector and two inverters bound the 0006 way. */
async function legacyPlant(db: Kysely<unknown>, boundAt: Date, seenAt: Date) {
  const user = await sql<{ id: number }>`insert into users (phone, email, created_at, updated_at) values ('13700000013', 'plant@example.com', ${boundAt}, ${boundAt}) returning id`.execute(db);
  const userId = user.rows[0].id;
  const project = async (name: string) =>
    (await sql<{ id: number }>`insert into projects (user_id, name, power_station_type, survey_type, lat, lng, created_at, updated_at) values (${userId}, ${name}, 'COMMERCIAL', 'SATELLITE', 31.2, 121.5, ${boundAt}, ${boundAt}) returning id`.execute(db)).rows[0].id;
  const design = await project('Factory roof design');
  const plant = await project('Factory roof plant');
  await sql`insert into project_bindings (aiom_project_id, design_project_id, user_id, created_at) values (${plant}, ${design}, ${userId}, ${boundAt})`.execute(db);
  const collector = (await sql<{ id: number }>`insert into device_collectors (project_id, serial, bound_at, last_seen_at) values (${plant}, 'COL-0001', ${boundAt}, ${seenAt}) returning id`.execute(db)).rows[0].id;
  await sql`insert into device_inverters (project_id, collector_id, serial, manufacturer, model, rated_ac_power, bound_at, last_seen_at)
    values (${plant}, ${collector}, 'INV-0001', 'Huawei', 'SUN2000-100KTL-M1', 100000, ${boundAt}, ${seenAt}),
           (${plant}, ${collector}, 'INV-0002', 'Sungrow', 'SG110CX', null, ${boundAt}, null)`.execute(db);
  return { plant };
}

describe('migration 0013 on a database with devices bound the 0006 way', () => {
  for (const kind of DB_KINDS) {
    it(`copies every legacy collector and inverter into aiom_devices, and the server lists them as the plant's [${kind}]`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pvstudio-devices-migration-'));
      const clock = new ManualClock();
      const { database, connect } = await migrationDatabase(kind, dir, 'devices_migration');
      const boundAt = new Date('2026-03-01T08:00:00Z');
      const seenAt = new Date('2026-03-02T09:30:00Z');
      let app: FastifyInstance | undefined;
      const db = connect();
      try {
        await migrateToLatest(db, before);
        const { plant } = await legacyPlant(db, boundAt, seenAt);
        await migrateToLatest(db);
        const devices = await sql<{ project_id: number; kind: string; serial: string; name: string; protocol: string; rated_power_w: number | null; created_at: Date; last_seen_at: Date | null; state: string }>`
          select project_id, kind, serial, name, protocol, rated_power_w, created_at, last_seen_at, state from aiom_devices order by serial`.execute(db);
        expect(devices.rows.map((d) => ({ ...d, created_at: new Date(d.created_at).toISOString(), last_seen_at: d.last_seen_at && new Date(d.last_seen_at).toISOString() }))).toEqual([
          { project_id: plant, kind: 'collector', serial: 'COL-0001', name: 'COL-0001', protocol: 'gateway', rated_power_w: null, created_at: boundAt.toISOString(), last_seen_at: seenAt.toISOString(), state: 'neverReported' },
          { project_id: plant, kind: 'inverter', serial: 'INV-0001', name: 'Huawei SUN2000-100KTL-M1', protocol: 'gateway', rated_power_w: 100000, created_at: boundAt.toISOString(), last_seen_at: seenAt.toISOString(), state: 'neverReported' },
          { project_id: plant, kind: 'inverter', serial: 'INV-0002', name: 'Sungrow SG110CX', protocol: 'gateway', rated_power_w: null, created_at: boundAt.toISOString(), last_seen_at: null, state: 'neverReported' },
        ]);
        // The legacy rows stay (binding-inverter keeps them mirrored).
        expect((await sql`select serial from device_inverters`.execute(db)).rows).toHaveLength(2);
        await db.destroy();

        app = await buildApp({ config: testConfig({ database, blobDir: join(dir, 'blobs') }), clock });
        await app.ready();
        const listed = await aiomTelemetry(app).devices.list(plant);
        expect(listed.map((d) => [d.kind, d.serial]).sort()).toEqual([
          ['collector', 'COL-0001'],
          ['inverter', 'INV-0001'],
          ['inverter', 'INV-0002'],
        ]);
      } finally {
        await app?.close();
        await db.destroy().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
