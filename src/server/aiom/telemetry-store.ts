// The readings store of the O&M plants (issue 21 "aiom"; table telemetry_readings of migration
// 0013, range-partitioned by month on ts): batched multi-row inserts idempotent on (project,
// serial, ts) — ON CONFLICT DO NOTHING — with each UTC month's partition created on demand
// (`create table if not exists … partition of … for values from … to …`, PostgreSQL ≥ 10 and
// PGlite); reading queries; energy summaries per hour / day / month of the plant's local time (the
// site's UTC offset, src/model/site-time.ts) from the lifetime energy counters — per device the
// rises between consecutive readings, counted in the bucket of the later reading, with the last
// reading before the range as the baseline; counter drops (a replaced or reset device) count 0.
import { sql, type Kysely } from 'kysely';
import type { EnergyPeriod, Reading } from '../../model/api/aiom-telemetry.ts';
import type { Database } from '../db/schema.ts';

/** Rows per INSERT (15 parameters each: well under PostgreSQL's 65,535). */
export const INSERT_CHUNK = 2_000;
/** Gaps longer than this do not add irradiation (a sensor that was silent) [s]. */
const MAX_IRRADIANCE_GAP_S = 3_600;

export interface StoredReading extends Reading {
  projectId: number;
}

export interface EnergyBucket {
  start: string;
  energyKwh: number;
  maxPowerW: number | null;
  meanIrradianceWm2: number | null;
  irradiationKwhM2: number | null;
  readings: number;
}

/** The partition of the UTC month holding `t`: name and bounds. */
export function monthPartition(t: Date): { name: string; from: string; to: string } {
  const y = t.getUTCFullYear();
  const m = t.getUTCMonth();
  const from = new Date(Date.UTC(y, m, 1));
  const to = new Date(Date.UTC(y, m + 1, 1));
  return { name: `telemetry_readings_${y}${String(m + 1).padStart(2, '0')}`, from: from.toISOString(), to: to.toISOString() };
}

const BUCKET_FORMAT: Record<EnergyPeriod, string> = { hour: 'YYYY-MM-DD"T"HH24:00', day: 'YYYY-MM-DD', month: 'YYYY-MM' };

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export class TelemetryStore {
  /** Partitions known to exist in this process. */
  private readonly partitions = new Set<string>();
  constructor(private readonly db: Kysely<Database>) {}

  /** Creates the month partitions the instants fall in (idempotent; safe against a concurrent creator). */
  async ensurePartitions(times: Iterable<Date>): Promise<void> {
    const wanted = new Map<string, ReturnType<typeof monthPartition>>();
    for (const t of times) {
      const p = monthPartition(t);
      if (!this.partitions.has(p.name)) wanted.set(p.name, p);
    }
    for (const p of wanted.values()) {
      try {
        await sql.raw(`create table if not exists ${p.name} partition of telemetry_readings for values from ('${p.from}') to ('${p.to}')`).execute(this.db);
      } catch (err) {
        // Two creators at once: the loser sees a duplicate type/relation; the table is there either way.
        const code = (err as { code?: string }).code;
        if (code !== '23505' && code !== '42P07') throw err;
      }
      this.partitions.add(p.name);
    }
  }

  /** Stores readings; answers how many were new (a reading with the same project, serial and ts is skipped). */
  async insert(rows: readonly StoredReading[]): Promise<number> {
    if (rows.length === 0) return 0;
    const values = rows.map((r) => ({
      project_id: r.projectId,
      device_serial: r.serial,
      ts: new Date(r.ts),
      ac_power_w: r.acPowerW ?? null,
      energy_kwh: r.energyKwh ?? null,
      dc_power_w: r.dcPowerW ?? null,
      dc_voltage_v: r.dcVoltageV ?? null,
      dc_current_a: r.dcCurrentA ?? null,
      string_currents_a: r.stringCurrentsA ? JSON.stringify(r.stringCurrentsA) : null,
      status: r.status ?? null,
      fault_code: r.faultCode ?? null,
      temperature_c: r.temperatureC ?? null,
      irradiance_wm2: r.irradianceWm2 ?? null,
      module_temp_c: r.moduleTempC ?? null,
      ambient_temp_c: r.ambientTempC ?? null,
    }));
    await this.ensurePartitions(values.map((v) => v.ts));
    let stored = 0;
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      const res = await this.db
        .insertInto('telemetry_readings')
        .values(values.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      stored += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    return stored;
  }

  /** Readings of a plant (or one device) in [from, to), oldest first, at most `limit`. */
  async readings(projectId: number, from: Date, to: Date, serial?: string, limit = 10_000) {
    let q = this.db.selectFrom('telemetry_readings').selectAll().where('project_id', '=', projectId).where('ts', '>=', from).where('ts', '<', to);
    if (serial) q = q.where('device_serial', '=', serial);
    const rows = await q.orderBy('ts').orderBy('device_serial').limit(limit + 1).execute();
    return {
      truncated: rows.length > limit,
      readings: rows.slice(0, limit).map((r) => ({
        serial: r.device_serial,
        ts: r.ts.toISOString(),
        acPowerW: r.ac_power_w,
        energyKwh: r.energy_kwh,
        dcPowerW: r.dc_power_w,
        dcVoltageV: r.dc_voltage_v,
        dcCurrentA: r.dc_current_a,
        stringCurrentsA: r.string_currents_a,
        status: r.status,
        faultCode: r.fault_code,
        temperatureC: r.temperature_c,
        irradianceWm2: r.irradiance_wm2,
        moduleTempC: r.module_temp_c,
        ambientTempC: r.ambient_temp_c,
      })),
    };
  }

  /**
   * Energy, peak power and irradiation per local hour/day/month in [from, to) for a plant (or one
   * device). `utcOffsetHours` is the site's offset; buckets are labelled in local time.
   */
  async summary(projectId: number, period: EnergyPeriod, from: Date, to: Date, utcOffsetHours: number, serial?: string): Promise<EnergyBucket[]> {
    const fmt = BUCKET_FORMAT[period];
    const local = sql`date_trunc(${period}, (t.ts at time zone 'UTC') + ${utcOffsetHours} * interval '1 hour')`;
    const oneSerial = serial ? sql`and t.device_serial = ${serial}` : sql``;
    // Per device and bucket first (a few hundred rows for a month), then the rises between buckets:
    // a bucket's energy is its last counter minus the previous bucket's last (the first bucket: the
    // last reading before the range, else its own first reading).
    const grouped = await sql<{ b: string; e: number | null; n: string | number; pmax: number | null; gsum: number | null; gn: string | number }>`
      with g as (
        select t.device_serial, ${local} as b, max(t.energy_kwh) as emax, min(t.energy_kwh) as emin, count(*) as n,
          max(t.ac_power_w) as pmax, sum(t.irradiance_wm2) as gsum, count(t.irradiance_wm2) as gn
        from telemetry_readings t
        where t.project_id = ${projectId} and t.ts >= ${from} and t.ts < ${to} ${oneSerial}
        group by 1, 2
      ),
      e as (
        select g.*, coalesce(
          lag(emax) over (partition by device_serial order by b),
          (select p.energy_kwh from telemetry_readings p
            where p.project_id = ${projectId} and p.device_serial = g.device_serial and p.ts < ${from} and p.ts >= ${from}::timestamptz - interval '40 days' and p.energy_kwh is not null
            order by p.ts desc limit 1),
          emin) as prev
        from g
      )
      select to_char(b, ${fmt}) as b, sum(greatest(emax - prev, 0)) as e, sum(n) as n, max(pmax) as pmax, sum(gsum) as gsum, sum(gn) as gn
      from e group by b`.execute(this.db);
    // Irradiation: trapezoids between a sensor's consecutive readings (gaps over an hour skipped), mean over sensors.
    const irradiation = await sql<{ b: string; h: number | null; sensors: string | number }>`
      with r as (
        select t.device_serial, ${local} as b, t.irradiance_wm2 as g,
          lag(t.irradiance_wm2) over (partition by t.device_serial order by t.ts) as gprev,
          extract(epoch from t.ts - lag(t.ts) over (partition by t.device_serial order by t.ts)) as dt
        from telemetry_readings t
        where t.project_id = ${projectId} and t.ts >= ${from} and t.ts < ${to} and t.irradiance_wm2 is not null ${oneSerial}
      )
      select to_char(b, ${fmt}) as b, sum(case when gprev is not null and dt <= ${MAX_IRRADIANCE_GAP_S} then (g + gprev) / 2 * dt else 0 end) / 3600000.0 as h,
        count(distinct device_serial) as sensors
      from r group by b`.execute(this.db);
    const irr = new Map(irradiation.rows.map((r) => [r.b, num(r.h) === null || Number(r.sensors) === 0 ? null : Number(r.h) / Number(r.sensors)]));
    return grouped.rows
      .map((g) => {
        const gn = Number(g.gn);
        return {
          start: g.b,
          energyKwh: num(g.e) ?? 0,
          maxPowerW: num(g.pmax),
          meanIrradianceWm2: gn > 0 ? Number(g.gsum) / gn : null,
          irradiationKwhM2: irr.get(g.b) ?? null,
          readings: Number(g.n),
        };
      })
      .sort((a, b) => (a.start < b.start ? -1 : 1));
  }

  /**
   * Per device the energy counter's rise since each instant in `since` (the last reading before the
   * instant as baseline, else the first reading after it) up to the latest reading at or before
   * `now`, and the latest counter itself [kWh].
   */
  async counterRises(projectId: number, serials: readonly string[], since: readonly Date[], now: Date): Promise<Map<string, { last: number | null; rises: number[] }>> {
    const out = new Map<string, { last: number | null; rises: number[] }>();
    for (const s of serials) {
      const last = await this.counterReading(projectId, s, 'latest', { atOrBefore: now });
      const rises: number[] = [];
      for (const t of since) {
        if (!last || last.energy_kwh === null) {
          rises.push(0);
          continue;
        }
        const baseline =
          (await this.counterReading(projectId, s, 'latest', { before: t })) ??
          (await this.counterReading(projectId, s, 'earliest', { from: t, atOrBefore: now }));
        rises.push(Math.max(0, last.energy_kwh - (baseline?.energy_kwh ?? last.energy_kwh)));
      }
      out.set(s, { last: last?.energy_kwh ?? null, rises });
    }
    return out;
  }

  /** One device's latest or earliest energy-counter reading within the given time bounds. */
  private counterReading(projectId: number, serial: string, which: 'latest' | 'earliest', bounds: { before?: Date; from?: Date; atOrBefore?: Date }) {
    let q = this.db
      .selectFrom('telemetry_readings')
      .select('energy_kwh')
      .where('project_id', '=', projectId)
      .where('device_serial', '=', serial)
      .where('energy_kwh', 'is not', null);
    if (bounds.before) q = q.where('ts', '<', bounds.before);
    if (bounds.from) q = q.where('ts', '>=', bounds.from);
    if (bounds.atOrBefore) q = q.where('ts', '<=', bounds.atOrBefore);
    return q.orderBy('ts', which === 'latest' ? 'desc' : 'asc').limit(1).executeTakeFirst();
  }
}
