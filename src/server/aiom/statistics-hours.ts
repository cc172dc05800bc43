// The hourly aggregates of a plant's readings that the statistics and the PR alarm work from
// (telemetry_readings, migration 0013): per UTC hour, the inverters' AC energy — the rise of each
// device's lifetime counter since its previous reading, or its AC power × the time since its previous
// reading (at most 15 minutes) when it reports no counter — whether any inverter delivered power, and
// the sensors' mean plane-of-array irradiance, module and ambient temperature. A counter that falls
// (a replaced inverter) counts nothing in that hour. Devices registered as
// meters, sensors or collectors never count as production; every other serial with power or energy
// does (an unregistered inverter still counts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface HourAggregate {
  /** Hours since the Unix epoch (UTC). */
  hour: number;
  kwh: number;
  produced: boolean;
  poa: number | null;
  moduleTemp: number | null;
  ambientTemp: number | null;
}

/** Longest gap over which AC power is integrated [min]. */
const POWER_GAP_MINUTES = 15;
/** How far before the period a device's previous reading is looked for (its counter's start). */
const LOOKBACK_HOURS = 24;

export async function hourAggregates(db: Kysely<Database>, projectId: number, from: Date, to: Date): Promise<HourAggregate[]> {
  const lookFrom = new Date(from.getTime() - LOOKBACK_HOURS * 3_600_000);
  // Counters: per device and hour the highest reading; an hour's energy is its highest less the
  // device's highest of its previous hour with a reading (Σ of the rises of the readings in the hour;
// the device's first hour: its highest less its lowest).
  // Devices without a counter: AC power × the time since the device's previous reading (≤ 15 min).
  const energy = await sql<{ hour: number | string; kwh: number | string | null; produced: boolean | null }>`
    with r as (
      select t.device_serial, t.ts, t.ac_power_w, t.energy_kwh, floor(extract(epoch from t.ts) / 3600) as hour
      from telemetry_readings t
      where t.project_id = ${projectId} and t.ts >= ${lookFrom} and t.ts < ${to}
        and (t.energy_kwh is not null or t.ac_power_w is not null)
        and t.device_serial not in (select d.serial from aiom_devices d where d.project_id = ${projectId} and d.kind in ('meter', 'sensor', 'collector'))
    ),
    counters as (
      select device_serial, hour, max(energy_kwh) as e_max, min(energy_kwh) as e_min from r where energy_kwh is not null group by device_serial, hour
    ),
    rises as (
      select hour, greatest(0, e_max - coalesce(lag(e_max) over (partition by device_serial order by hour), e_min)) as kwh from counters
    ),
    powered as (
      select hour, case when prev_ts is not null and ts - prev_ts <= ${`${POWER_GAP_MINUTES} minutes`}::interval
        then ac_power_w * extract(epoch from ts - prev_ts) / 3600000 else 0 end as kwh
      from (select hour, ts, ac_power_w, energy_kwh, lag(ts) over (partition by device_serial order by ts) as prev_ts
            from r where device_serial in (select device_serial from r group by device_serial having bool_and(energy_kwh is null))) p
    ),
    produced as (
      select hour, bool_or(coalesce(ac_power_w, 0) > 0) as produced from r group by hour
    ),
    energy as (
      select hour, sum(kwh) as kwh from (select hour, kwh from rises union all select hour, kwh from powered) u group by hour
    )
    select p.hour, coalesce(e.kwh, 0) as kwh, p.produced
    from produced p left join energy e on e.hour = p.hour
    where p.hour >= ${Math.floor(from.getTime() / 3_600_000)}`.execute(db);
  const sensors = await sql<{ hour: number | string; poa: number | string | null; module_temp: number | string | null; ambient_temp: number | string | null }>`
    select floor(extract(epoch from ts) / 3600) as hour, avg(irradiance_wm2) as poa, avg(module_temp_c) as module_temp, avg(ambient_temp_c) as ambient_temp
    from telemetry_readings
    where project_id = ${projectId} and ts >= ${from} and ts < ${to} and irradiance_wm2 is not null
    group by 1`.execute(db);
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  const by = new Map<number, HourAggregate>();
  const at = (hour: number) => {
    let a = by.get(hour);
    if (!a) by.set(hour, (a = { hour, kwh: 0, produced: false, poa: null, moduleTemp: null, ambientTemp: null }));
    return a;
  };
  for (const r of energy.rows) {
    const a = at(Number(r.hour));
    a.kwh = num(r.kwh) ?? 0;
    a.produced = r.produced === true;
  }
  for (const r of sensors.rows) {
    const a = at(Number(r.hour));
    a.poa = num(r.poa);
    a.moduleTemp = num(r.module_temp);
    a.ambientTemp = num(r.ambient_temp);
  }
  return [...by.values()].sort((a, b) => a.hour - b.hour);
}
