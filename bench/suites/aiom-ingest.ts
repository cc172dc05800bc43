// O&M telemetry store (src/server/aiom/telemetry-store.ts; issue 21 benchmarks): ingest of 10,000
// readings (10 inverters × 1,000 instants) per op as batched multi-row INSERT … ON CONFLICT DO NOTHING
// into the month-partitioned telemetry_readings — target ≥ 5,000 readings/s, i.e. < 2,000 ms per
// op — and the daily summary of a plant's month of 5-minute data (10 inverters × 8,640 readings,
// June 2026) — target < 200 ms. Both on PostgreSQL 15 (a throw-away cluster started the way
// tests/integration does) and on PGlite (in memory). Checked: the count the database reports stored
// equals the batch size; the month's energy equals Σ counter rises worked out from the data made.
import type { Kysely } from 'kysely';
import { openDatabase, type OpenDatabase } from '../../src/server/db/index.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { TelemetryStore, type StoredReading } from '../../src/server/aiom/telemetry-store.ts';
import { clusterIn, createTestDatabase, makeClusterRoot, stopCluster } from '../../tests/integration/harness/postgres.ts';
import type { BenchCase, Suite } from '../framework.ts';

const INVERTERS = 10;
const BATCH_INSTANTS = 1000;
const MONTH_READINGS = 8640; // 30 days × 288
const STEP_KWH = 0.01;
/** Σ over inverters of the counter's rises in the month (the first reading is each one's baseline). */
const MONTH_KWH = INVERTERS * (MONTH_READINGS - 1) * STEP_KWH;

let opened: OpenDatabase[] = [];
let pgRoot = '';

/** Loads the month of 5-minute data for plant 1 (June 2026, UTC). */
async function loadMonth(store: TelemetryStore): Promise<void> {
  const t0 = Date.UTC(2026, 5, 1);
  const rows: StoredReading[] = [];
  for (let i = 0; i < INVERTERS; i++)
    for (let k = 0; k < MONTH_READINGS; k++) rows.push({ projectId: 1, serial: `INV-${i}`, ts: new Date(t0 + k * 300_000).toISOString(), acPowerW: 5000, energyKwh: 1000 + k * STEP_KWH });
  await store.insert(rows);
}

/** A batch of new readings for plant 2 (each call a later hour range, so every reading is new). */
function batchMaker(): () => StoredReading[] {
  let call = 0;
  return () => {
    const t0 = Date.UTC(2026, 0, 1) + call++ * BATCH_INSTANTS * 1000;
    const rows: StoredReading[] = [];
    for (let k = 0; k < BATCH_INSTANTS; k++)
      for (let i = 0; i < INVERTERS; i++) rows.push({ projectId: 2, serial: `INV-${i}`, ts: new Date(t0 + k * 1000).toISOString(), acPowerW: 4000 + i, energyKwh: 10 + k * 0.001, dcVoltageV: 600, status: 4, faultCode: 0, stringCurrentsA: [8.1, 8.0] });
    return rows;
  };
}

async function casesOn(label: string, db: Kysely<Database>): Promise<BenchCase[]> {
  const store = new TelemetryStore(db);
  await loadMonth(store);
  const next = batchMaker();
  const size = INVERTERS * BATCH_INSTANTS;
  return [
    {
      name: `ingest ${size} readings (${label})`,
      params: { readings: size, chunk: 2000 },
      variants: [{ name: label, kind: 'engine', async: true, fn: () => store.insert(next()), check: (r) => (r === size ? null : `stored ${String(r)} of ${size}`) }],
      targets: [{ variant: label, maxMs: (size / 5000) * 1000, label: '≥ 5,000 readings/s' }],
    },
    {
      name: `month summary, ${INVERTERS} inverters × ${MONTH_READINGS} readings (${label})`,
      params: { readings: INVERTERS * MONTH_READINGS },
      variants: [
        {
          name: label,
          kind: 'engine',
          async: true,
          fn: () => store.summary(1, 'day', new Date(Date.UTC(2026, 5, 1)), new Date(Date.UTC(2026, 6, 1)), 0),
          check: (r) => {
            const buckets = r as { energyKwh: number; readings: number }[];
            const e = buckets.reduce((s, b) => s + b.energyKwh, 0);
            const n = buckets.reduce((s, b) => s + b.readings, 0);
            if (buckets.length !== 30) return `${buckets.length} days`;
            if (n !== INVERTERS * MONTH_READINGS) return `${n} readings counted`;
            return Math.abs(e - MONTH_KWH) < 1e-6 ? null : `month energy ${e} kWh, expected ${MONTH_KWH}`;
          },
        },
      ],
      targets: [{ variant: label, maxMs: 200, label: '< 200 ms' }],
    },
  ];
}

export const aiomIngestSuite: Suite = {
  name: 'aiom-ingest',
  description: 'O&M telemetry store: batched ingest and the month summary on PostgreSQL 15 and PGlite',
  async cases() {
    pgRoot = makeClusterRoot();
    const cluster = await clusterIn(pgRoot);
    const pg = await openDatabase({ kind: 'postgres', url: await createTestDatabase(cluster) }, { skipMigrations: true });
    const lite = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    opened = [pg, lite];
    return [...(await casesOn('PostgreSQL 15', pg.db)), ...(await casesOn('PGlite', lite.db))];
  },
  async dispose() {
    for (const o of opened) await o.close();
    opened = [];
    if (pgRoot) stopCluster(pgRoot);
    pgRoot = '';
  },
};
