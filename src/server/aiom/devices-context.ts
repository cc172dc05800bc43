// The O&M telemetry services of an app (issue 21 "aiom"): the secret box (key from
// PVSTUDIO_SECRET_KEY or <dataDir>/secret.key), the device registry, the readings store, the ingest,
// the overview and the collector — built once per database on first use, so the aiom routes need no
// line in the shared services module.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { Collector } from './collector.ts';
import { AiomDeviceService } from './devices.ts';
import { IngestService } from './ingest.ts';
import { OverviewService } from './overview.ts';
import { KEY_BYTES, loadSecretKey, SecretBox } from './secrets.ts';
import { TelemetryStore } from './telemetry-store.ts';

export interface AiomTelemetry {
  box: SecretBox;
  devices: AiomDeviceService;
  store: TelemetryStore;
  ingest: IngestService;
  overview: OverviewService;
  collector: Collector;
}

const byDb = new WeakMap<Kysely<Database>, AiomTelemetry>();

export function aiomTelemetry(app: FastifyInstance): AiomTelemetry {
  let t = byDb.get(app.db);
  if (!t) {
    // A throw-away database (memory://) gets a throw-away key unless one is configured.
    const throwAway = app.config.database.kind === 'pglite' && app.config.database.dataDir.startsWith('memory://') && !process.env.PVSTUDIO_SECRET_KEY;
    const box = new SecretBox(throwAway ? randomBytes(KEY_BYTES) : loadSecretKey(process.env, app.config.dataDir));
    const store = new TelemetryStore(app.db);
    const devices = new AiomDeviceService(app.db, app.clock, box);
    t = {
      box,
      devices,
      store,
      ingest: new IngestService(devices, store, app.clock),
      overview: new OverviewService(app.db, app.clock, devices, store, app.services.documents),
      collector: new Collector({ devices, store, clock: app.clock, log: app.log }),
    };
    byDb.set(app.db, t);
  }
  return t;
}
