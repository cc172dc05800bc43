// O&M statistics (issue 21 §4; GET /api/web/aiom/statistics): a plant's actual energy per bucket — the
// hours of a day, the days of a month, the months of a year, on the plant's local calendar — against
// the expected energy of its bound design (expected-energy.ts), with PR, STC-temperature-corrected PR,
// specific yield and availability per bucket and over the period (pr-figures.ts), and, for a year,
// the year-on-year change of each month's PR against the year before.
import type { Kysely } from 'kysely';
import type { Statistics, StatisticsPeriod, ExpectedSource } from '../../model/api/aiom-statistics.ts';
import type { KeptSimulation } from '../../model/api/electrical.ts';
import { layoutDocumentSchema } from '../../model/design.ts';
import { faiman } from '../../physics/temperature.ts';
import type { Database } from '../db/schema.ts';
import type { LibraryService } from '../library/library.ts';
import { moduleSummary } from '../library/library.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import { keptDesignSimulation, offsetLabel, plantUtcOffset, type Plant, type PlantConfigurations } from './configuration.ts';
import { designLossFactor, expectedFromDesignHour, expectedFromIrradiance } from './expected-energy.ts';
import { figures, hourModuleTemp, yearOnYear, type PlantHour } from './pr-figures.ts';
import { hourAggregates } from './statistics-hours.ts';

export const PR_METHOD =
  'PR = Yf/Yr (IEC 61724-1:2017 §10.4.1); temperature-corrected PR\'_STC = ΣE / Σ(P0·G/1 kW m⁻²·(1 + γ(T_mod − 25 °C))) (IEC 61724-1:2017 §10.4.2; NREL weather-corrected PR, Dierauf et al. 2013, at 25 °C)';

const H = 3_600_000;

/** The UTC span of the period holding `date` (YYYY-MM-DD) on a calendar `offset` hours from UTC. */
export function periodSpan(period: StatisticsPeriod, date: string, offsetHours: number): { from: Date; to: Date; year: number; month: number } {
  const [y, m, d] = date.split('-').map(Number);
  const startLocal = period === 'day' ? Date.UTC(y, m - 1, d) : period === 'month' ? Date.UTC(y, m - 1, 1) : Date.UTC(y, 0, 1);
  const endLocal = period === 'day' ? Date.UTC(y, m - 1, d + 1) : period === 'month' ? Date.UTC(y, m, 1) : Date.UTC(y + 1, 0, 1);
  return { from: new Date(startLocal - offsetHours * H), to: new Date(endLocal - offsetHours * H), year: y, month: m };
}

/** The bucket key of an hour: local hour, day of month or month. */
function bucketKey(period: StatisticsPeriod, utc: Date, offsetHours: number): string {
  const local = new Date(utc.getTime() + offsetHours * H);
  const v = period === 'day' ? local.getUTCHours() : period === 'month' ? local.getUTCDate() : local.getUTCMonth() + 1;
  return String(v).padStart(2, '0');
}

export interface PlantModel {
  capacityKwp: number;
  gammaPerC: number | null;
  kept: KeptSimulation | null;
  lossFactor: number;
  thresholdWm2: number;
}

/** The plant's hours over [from, to) with their expected energy, and the expected energy's source. */
export function plantHours(aggregates: Awaited<ReturnType<typeof hourAggregates>>, from: Date, to: Date, model: PlantModel): { hours: PlantHour[]; source: ExpectedSource } {
  const byHour = new Map(aggregates.map((a) => [a.hour, a]));
  const sensor = aggregates.some((a) => a.poa !== null);
  const source: ExpectedSource = sensor ? 'measuredIrradiance' : model.kept ? 'designYield' : 'none';
  const hours: PlantHour[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += H) {
    const a = byHour.get(Math.floor(t / H));
    const start = new Date(t);
    const base = { start, actualKwh: a?.kwh ?? 0, produced: a?.produced ?? false, poaWm2: a?.poa ?? null, moduleTempC: a?.moduleTemp ?? null, ambientTempC: a?.ambientTemp ?? null };
    let expectedKwh: number | null = null;
    if (base.poaWm2 !== null) {
      const tc = hourModuleTemp(base, (g, ta) => faiman(g, ta)) ?? 25;
      expectedKwh = expectedFromIrradiance(base.poaWm2, tc, model.capacityKwp, model.gammaPerC ?? 0, model.lossFactor);
    } else if (model.kept && !sensor) expectedKwh = expectedFromDesignHour(model.kept, start, model.capacityKwp);
    else if (sensor) expectedKwh = 0;
    hours.push({ ...base, expectedKwh });
  }
  return { hours, source };
}

export class PlantStatistics {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly documents: DesignDocuments,
    private readonly library: LibraryService,
    private readonly configurations: PlantConfigurations,
  ) {}

  /** The design's module γ of Pmax [1/°C], or null. */
  async gamma(plant: Plant): Promise<number | null> {
    if (!plant.design) return null;
    const layout = layoutDocumentSchema.safeParse((await this.documents.read(plant.design.projectId, 'component-layout')).data);
    const id = layout.success ? (layout.data.module?.libraryId ?? null) : null;
    if (id === null) return null;
    try {
      const m = moduleSummary(await this.library.entry(plant.design.ownerId, 'module', id)).module;
      return typeof m.tempCoeffPmax === 'number' ? m.tempCoeffPmax / 100 : null;
    } catch {
      return null;
    }
  }

  /** The expected-yield model of a plant (capacity, γ, the design's kept simulation and losses). */
  async model(plant: Plant): Promise<PlantModel> {
    const config = await this.configurations.get(plant);
    const kept = await keptDesignSimulation(this.documents, plant);
    return { capacityKwp: config.capacityKwp, gammaPerC: await this.gamma(plant), kept, lossFactor: designLossFactor(kept), thresholdWm2: config.thresholds.irradianceThresholdWm2 };
  }

  async statistics(plant: Plant, period: StatisticsPeriod, date: string): Promise<Statistics> {
    const model = await this.model(plant);
    const tz = await this.configurations.timeZone(plant.id);
    const probe = periodSpan(period, date, 0);
    const offset = plantUtcOffset(plant, tz, probe.from);
    const span = periodSpan(period, date, offset);
    const settings = { capacityKwp: model.capacityKwp, gammaPerC: model.gammaPerC, irradianceThresholdWm2: model.thresholdWm2 };
    const tempOf = (h: PlantHour) => hourModuleTemp(h, (g, ta) => faiman(g, ta));
    const { hours, source } = plantHours(await hourAggregates(this.db, plant.id, span.from, span.to), span.from, span.to, model);
    const groups = new Map<string, PlantHour[]>();
    for (const h of hours) {
      const k = bucketKey(period, h.start, offset);
      let g = groups.get(k);
      if (!g) groups.set(k, (g = []));
      g.push(h);
    }
    const buckets = [...groups.entries()].map(([key, hs]) => ({ key, start: hs[0].start.toISOString(), ...figures(hs, settings, tempOf) }));
    let degradation: Statistics['degradation'] = [];
    if (period === 'year') {
      const prev = periodSpan('year', `${span.year - 1}-01-01`, offset);
      const before = plantHours(await hourAggregates(this.db, plant.id, prev.from, prev.to), prev.from, prev.to, model).hours;
      const monthly: { year: number; month: number; pr: number | null }[] = [];
      for (const [year, hs] of [[span.year - 1, before], [span.year, hours]] as const) {
        const byMonth = new Map<number, PlantHour[]>();
        for (const h of hs) {
          const mo = Number(bucketKey('year', h.start, offset));
          let g = byMonth.get(mo);
          if (!g) byMonth.set(mo, (g = []));
          g.push(h);
        }
        for (const [month, g] of byMonth) monthly.push({ year, month, pr: figures(g, settings, tempOf).pr });
      }
      degradation = yearOnYear(monthly);
    }
    return {
      projectId: plant.id,
      period,
      date,
      capacityKwp: model.capacityKwp,
      gammaPerC: model.gammaPerC,
      expectedSource: source,
      timeZone: tz ?? offsetLabel(offset),
      buckets,
      totals: figures(hours, settings, tempOf),
      degradation,
      prMethod: PR_METHOD,
    };
  }
}
