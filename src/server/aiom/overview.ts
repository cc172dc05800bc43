// The overview of an O&M plant (issue 21 "aiom" §3): live power (Σ of the inverters' last AC power
// reported within LIVE_MINUTES), today / month / year energy from the inverters' lifetime counters
// (per device the counter's rise since the period's local start — the last reading before it as the
// baseline — summed over devices) and the total (Σ of the counters), income (energy × the price:
// the plant's configured tariff (O2's aiom_configurations), else the design's economic document's
// tariff, else 0 flagged 'none'), CO₂ avoided (kWh × 0.5703 kg/kWh, the economics default
// ECONOMICS_DEFAULTS.emissionFactor, or the configured factor), PR today = E_AC / (P0 [kWp] ×
// H_POA [kWh m⁻²] / 1 kW m⁻²) (IEC 61724-1 performance ratio; null without a sensor's irradiance or a
// capacity), health (devices by state, active faults) and each designed inverter's state for the 3D view.
import type { Kysely } from 'kysely';
import { economicDocumentSchema } from '../../model/economics.ts';
import { CO2_KG_PER_KWH, LIVE_MINUTES, type Overview } from '../../model/api/aiom-telemetry.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import { plantUtcOffset, type Plant } from './configuration.ts';
import type { AiomDeviceService } from './devices.ts';
import type { TelemetryStore } from './telemetry-store.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The UTC instants of the local day, month and year starts holding `now` at offset `off` [h]. */
export function periodStarts(now: Date, off: number): { day: Date; month: Date; year: Date } {
  const local = new Date(now.getTime() + off * HOUR_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const shift = (t: number) => new Date(t - off * HOUR_MS);
  return { day: shift(Math.floor(local.getTime() / DAY_MS) * DAY_MS), month: shift(Date.UTC(y, m, 1)), year: shift(Date.UTC(y, 0, 1)) };
}

/** The price per kWh of the design's economic document (uniform price, or the mean of the TOU prices used), or null. */
export function economicsPrice(data: unknown): number | null {
  const parsed = economicDocumentSchema.safeParse(data);
  if (!parsed.success) return null;
  const t = parsed.data.tariff;
  if (t.kind === 'uniform') return t.price;
  const prices = Object.values(t.prices).filter((p): p is number => typeof p === 'number');
  return prices.length ? prices.reduce((a, b) => a + b, 0) / prices.length : null;
}

export class OverviewService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly devices: AiomDeviceService,
    private readonly store: TelemetryStore,
    private readonly documents: DesignDocuments,
  ) {}

  async overview(plant: Plant): Promise<Overview> {
    const now = this.clock.now();
    const config = await this.db
      .selectFrom('aiom_configurations')
      .select(['capacity_kwp', 'tariff_yuan_per_kwh', 'co2_kg_per_kwh', 'time_zone'])
      .where('project_id', '=', plant.id)
      .executeTakeFirst();
    const off = plantUtcOffset(plant, config?.time_zone ?? null, now);
    const starts = periodStarts(now, off);
    const list = await this.devices.list(plant.id);
    const inverters = list.filter((d) => d.kind === 'inverter');
    const rises = await this.store.counterRises(
      plant.id,
      inverters.map((d) => d.serial),
      [starts.day, starts.month, starts.year],
      now,
    );
    const energy = { today: 0, month: 0, year: 0, total: 0 };
    for (const r of rises.values()) {
      energy.today += r.rises[0];
      energy.month += r.rises[1];
      energy.year += r.rises[2];
      energy.total += r.last ?? 0;
    }
    const liveAfter = now.getTime() - LIVE_MINUTES * 60_000;
    const livePowerW = inverters.reduce((s, d) => {
      const l = d.lastReading;
      return l && Date.parse(l.ts) >= liveAfter && l.acPowerW !== null ? s + Math.max(0, l.acPowerW) : s;
    }, 0);

    let price = 0;
    let source: Overview['income']['source'] = 'none';
    if (config) {
      price = config.tariff_yuan_per_kwh;
      source = 'configuration';
    } else if (plant.design) {
      const p = economicsPrice((await this.documents.read(plant.design.projectId, 'economic')).data);
      if (p !== null) {
        price = p;
        source = 'economics';
      }
    }
    const factor = config?.co2_kg_per_kwh ?? CO2_KG_PER_KWH;
    const times = (k: number) => ({ today: energy.today * k, month: energy.month * k, year: energy.year * k, total: energy.total * k });

    const capacity = config?.capacity_kwp ?? plant.design?.capacityKw ?? plant.capacityKw ?? null;
    let irradiation: number | null = null;
    if (list.some((d) => d.kind === 'sensor')) {
      const day = await this.store.summary(plant.id, 'day', starts.day, new Date(now.getTime() + 1), off);
      const h = day.reduce((s, b) => s + (b.irradiationKwhM2 ?? 0), 0);
      irradiation = day.some((b) => b.irradiationKwhM2 !== null) ? h : null;
    }
    const prToday = capacity && irradiation && irradiation > 0 ? energy.today / (capacity * irradiation) : null;

    const count = (s: string) => list.filter((d) => d.state === s).length;
    const activeFaults = await Promise.all(
      list
        .filter((d) => d.state === 'fault' && d.lastReading)
        .map(async (d) => ({ serial: d.serial, faultCode: d.lastReading?.faultCode ?? 0, status: d.lastReading?.status ?? null, since: (await this.faultSince(plant.id, d.serial)) ?? d.lastReading!.ts })),
    );
    return {
      projectId: plant.id,
      name: plant.name,
      designProjectId: plant.design?.projectId ?? null,
      at: now.toISOString(),
      utcOffsetHours: off,
      capacityKwp: capacity,
      livePowerW,
      energyKwh: energy,
      income: { ...times(price), pricePerKwh: price, currency: 'CNY', source },
      co2Kg: { ...times(factor), factorKgPerKwh: factor },
      prToday,
      irradiationTodayKwhM2: irradiation,
      health: { devices: list.length, online: count('online'), offline: count('offline'), fault: count('fault'), neverReported: count('neverReported'), activeFaults },
      inverterStates: inverters
        .filter((d) => d.designInverterId)
        .map((d) => ({ designInverterId: d.designInverterId!, serial: d.serial, state: d.state, acPowerW: d.lastReading?.acPowerW ?? null })),
    };
  }

  /** The first reading of the device's current run of faulted readings. */
  private async faultSince(projectId: number, serial: string): Promise<string | null> {
    const healthy = await this.db
      .selectFrom('telemetry_readings')
      .select('ts')
      .where('project_id', '=', projectId)
      .where('device_serial', '=', serial)
      .where((eb) => eb.and([eb.or([eb('status', 'is', null), eb('status', '<>', 7)]), eb.or([eb('fault_code', 'is', null), eb('fault_code', '=', 0)])]))
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    let q = this.db.selectFrom('telemetry_readings').select('ts').where('project_id', '=', projectId).where('device_serial', '=', serial);
    if (healthy) q = q.where('ts', '>', healthy.ts);
    const first = await q.orderBy('ts').limit(1).executeTakeFirst();
    return first ? first.ts.toISOString() : null;
  }
}
