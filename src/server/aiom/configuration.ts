// An O&M plant and its configuration (issue 21 §6 "configuration"): who may open a plant (the AIOM
// licence, and the owner's or enterprise access — projects.row), the design it is bound to
// (project_bindings), and its parameters — capacity P0 (default: the bound design's simulated DC
// capacity, else its capacity), commissioning date, tariff, CO₂ factor, time zone, alarm thresholds and
// notification switches (aiom_configurations, defaults from model/api/aiom-operations.ts).
// Defaults: tariff 0.4 yuan/kWh; CO₂ 0.5703 kg/kWh (China's national grid average emission factor
// 2022, Ministry of Ecology and Environment announcement 2024).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { alarmThresholdsSchema, notificationSwitchesSchema, UTC_OFFSET_LABEL, type PlantConfiguration } from '../../model/api/aiom-operations.ts';
import { keptSimulationSchema, type KeptSimulation } from '../../model/api/electrical.ts';
import { siteUtcOffset } from '../../model/site-time.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import type { z } from 'zod';
import type { plantConfigurationBody } from '../../model/api/aiom-operations.ts';

export const DEFAULT_TARIFF = 0.4;
export const DEFAULT_CO2 = 0.5703;

/** A plant as the operations see it. */
export interface Plant {
  id: number;
  name: string;
  /** The plant's owner (projects.user_id). */
  ownerId: number;
  lat: number | null;
  lng: number | null;
  capacityKw: number | null;
  /** The bound design project, and its owner. */
  design: { projectId: number; ownerId: number; capacityKw: number | null } | null;
}

/** The plant row by id (no access check), or 404 / 400 when it is not an O&M plant. */
export async function plantById(db: Kysely<Database>, projectId: number): Promise<Plant> {
  const p = await db.selectFrom('projects').select(['id', 'name', 'user_id', 'lat', 'lng', 're_or_aiom', 'capacity_kw']).where('id', '=', projectId).executeTakeFirst();
  if (!p) throw apiError('PROJECT_NOT_FOUND', {}, { field: 'projectId' });
  if (p.re_or_aiom !== 'AIOM') throw apiError('NOT_AIOM_PROJECT', {}, { field: 'projectId' });
  const b = await db
    .selectFrom('project_bindings as b')
    .innerJoin('projects as d', 'd.id', 'b.design_project_id')
    .select(['d.id', 'd.user_id', 'd.capacity_kw'])
    .where('b.aiom_project_id', '=', projectId)
    .executeTakeFirst();
  return {
    id: p.id,
    name: p.name,
    ownerId: p.user_id,
    lat: p.lat,
    lng: p.lng,
    capacityKw: p.capacity_kw,
    design: b ? { projectId: b.id, ownerId: b.user_id, capacityKw: b.capacity_kw } : null,
  };
}

/** The caller (signed in, AIOM licence) and a plant they may open (owner or enterprise access). */
export async function openPlant(app: FastifyInstance, req: FastifyRequest, projectId: number): Promise<{ userId: number; plant: Plant }> {
  const { user } = await app.services.sessions.require(req);
  await requireAiomLicence(app, user.id);
  await app.services.projects.row(user.id, projectId);
  return { userId: user.id, plant: await plantById(app.db, projectId) };
}

/** 402 AIOM_LICENCE_REQUIRED unless the user holds a live AIOM licence. */
export async function requireAiomLicence(app: FastifyInstance, userId: number): Promise<void> {
  const e = await app.services.entitlements.of(userId);
  if (!e.aiomPermission) throw apiError('AIOM_LICENCE_REQUIRED');
}

/** The design's kept yield simulation (its 'simulation' document), or null. */
export async function keptDesignSimulation(documents: DesignDocuments, plant: Plant): Promise<KeptSimulation | null> {
  if (!plant.design) return null;
  const stored = await documents.read(plant.design.projectId, 'simulation');
  const kept = keptSimulationSchema.safeParse(stored.data);
  return kept.success ? kept.data : null;
}

/** The plant's UTC offset at an instant [h]: the configured zone's, else the site's (model/site-time.ts). */
export function plantUtcOffset(plant: Pick<Plant, 'lat' | 'lng'>, timeZone: string | null, at: Date): number {
  const label = timeZone ? UTC_OFFSET_LABEL.exec(timeZone) : null;
  if (label) return (label[1] === '-' ? -1 : 1) * (Number(label[2]) + Number(label[3]) / 60);
  if (timeZone) {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60) : 0;
  }
  return plant.lat !== null && plant.lng !== null ? siteUtcOffset(plant.lat, plant.lng) : 0;
}

export function offsetLabel(hours: number): string {
  const sign = hours < 0 ? '-' : '+';
  const a = Math.abs(hours);
  return `UTC${sign}${String(Math.floor(a)).padStart(2, '0')}:${String(Math.round((a % 1) * 60)).padStart(2, '0')}`;
}

export class PlantConfigurations {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly documents: DesignDocuments,
  ) {}

  /** The plant's configuration, defaults filled in. */
  async get(plant: Plant): Promise<PlantConfiguration> {
    const row = await this.db.selectFrom('aiom_configurations').selectAll().where('project_id', '=', plant.id).executeTakeFirst();
    let capacity = row?.capacity_kwp ?? null;
    const fromDesign = capacity === null;
    if (capacity === null) {
      const kept = await keptDesignSimulation(this.documents, plant);
      capacity = kept?.annual.capacityKwp ?? plant.design?.capacityKw ?? plant.capacityKw ?? 0;
    }
    const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v ?? {});
    return {
      projectId: plant.id,
      capacityKwp: capacity,
      capacityFromDesign: fromDesign,
      commissioningDate: row?.commissioning_date ?? null,
      tariffYuanPerKwh: row?.tariff_yuan_per_kwh ?? DEFAULT_TARIFF,
      co2KgPerKwh: row?.co2_kg_per_kwh ?? DEFAULT_CO2,
      timeZone: row?.time_zone ?? offsetLabel(plantUtcOffset(plant, null, this.clock.now())),
      thresholds: alarmThresholdsSchema.parse(json(row?.thresholds)),
      notifications: notificationSwitchesSchema.parse(json(row?.notifications)),
      updatedAt: row ? row.updated_at.toISOString() : null,
    };
  }

  /** The configured IANA zone, or null (the site's offset applies). */
  async timeZone(plantId: number): Promise<string | null> {
    const row = await this.db.selectFrom('aiom_configurations').select('time_zone').where('project_id', '=', plantId).executeTakeFirst();
    return row?.time_zone ?? null;
  }

  /** Saves the given fields (the others keep their values); the whole configuration after. */
  async save(plant: Plant, body: z.output<typeof plantConfigurationBody>): Promise<PlantConfiguration> {
    const now = this.clock.now();
    const row = await this.db.selectFrom('aiom_configurations').selectAll().where('project_id', '=', plant.id).executeTakeFirst();
    const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : ((v ?? {}) as Record<string, unknown>));
    const thresholds = alarmThresholdsSchema.parse({ ...json(row?.thresholds), ...(body.thresholds ?? {}) });
    const notifications = notificationSwitchesSchema.parse({ ...json(row?.notifications), ...(body.notifications ?? {}) });
    const values = {
      capacity_kwp: body.capacityKwp !== undefined ? body.capacityKwp : (row?.capacity_kwp ?? null),
      commissioning_date: body.commissioningDate !== undefined ? body.commissioningDate : (row?.commissioning_date ?? null),
      tariff_yuan_per_kwh: body.tariffYuanPerKwh ?? row?.tariff_yuan_per_kwh ?? DEFAULT_TARIFF,
      co2_kg_per_kwh: body.co2KgPerKwh ?? row?.co2_kg_per_kwh ?? DEFAULT_CO2,
      time_zone: body.timeZone !== undefined ? body.timeZone : (row?.time_zone ?? null),
      thresholds: JSON.stringify(thresholds),
      notifications: JSON.stringify(notifications),
      updated_at: now,
    };
    await this.db
      .insertInto('aiom_configurations')
      .values({ project_id: plant.id, ...values })
      .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
      .execute();
    return this.get(plant);
  }
}
