// O&M alarms (issue 21 §5; spec 000 §7 alarm/getList, readAlarm, deleteAlarm): the rules
// (alarm-rules.ts) evaluated on a plant's current state, an alarm raised once while its condition
// holds (one active row per plant, rule and device: aiom_alarms_active_idx) and recovered when the
// rule, judged again, no longer holds; new level 1–2 alarms notified once (notified_at) to the plant's
// owner by e-mail and/or SMS as the plant's configuration switches them (Messenger.sendNotice, the
// outbox records each message). Listing, reading and deleting work over the plants the user may open
// (owner or enterprise access). Deleting hides an alarm; while its condition holds it is not raised again.
import { sql, type Kysely } from 'kysely';
import type { Alarm, AlarmListQuery } from '../../model/api/alarms.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { enterpriseAccessSql } from '../enterprise/project-access-sql.ts';
import { alarmEvaluation } from '../jobs/kinds.ts';
import { jobId, type JobService } from '../jobs/service.ts';
import type { Messenger } from '../providers/messenger.ts';
import { conditionKey, evaluateRules, type RuleDevice } from './alarm-rules.ts';
import { plantById, plantUtcOffset, type PlantConfigurations } from './configuration.ts';
import { figures, hourModuleTemp } from './pr-figures.ts';
import { plantHours, type PlantStatistics } from './statistics.ts';
import { hourAggregates } from './statistics-hours.ts';
import { faiman } from '../../physics/temperature.ts';

/** A sensor reading older than this does not give the current irradiance [min]. */
const IRRADIANCE_FRESH_MINUTES = 15;
/** Readings older than this are not looked at for a device's latest state [days]. */
const LATEST_LOOKBACK_DAYS = 7;
/** Minutes between two evaluations of a plant. */
export const ALARM_EVALUATION_MINUTES = 5;

export interface EvaluationResult {
  raised: number[];
  recovered: number[];
  notified: number;
}

export class AlarmService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly configurations: PlantConfigurations,
    private readonly statistics: PlantStatistics,
    private readonly messenger: Messenger,
  ) {}

  /** Evaluates the plant's rules now: raises, recovers and notifies. */
  async evaluate(projectId: number): Promise<EvaluationResult> {
    const now = this.clock.now();
    const plant = await plantById(this.db, projectId);
    const config = await this.configurations.get(plant);
    const devices = await this.devices(projectId, now);
    const irr = await this.db
      .selectFrom('telemetry_readings')
      .select(['irradiance_wm2'])
      .where('project_id', '=', projectId)
      .where('irradiance_wm2', 'is not', null)
      .where('ts', '>', new Date(now.getTime() - IRRADIANCE_FRESH_MINUTES * 60_000))
      .where('ts', '<=', now)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    // The local day so far.
    const offset = plantUtcOffset(plant, await this.configurations.timeZone(projectId), now);
    const local = new Date(now.getTime() + offset * 3_600_000);
    const from = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset * 3_600_000);
    const to = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000);
    const model = await this.statistics.model(plant);
    const { hours, source } = plantHours(await hourAggregates(this.db, projectId, from, to), from, to, model);
    const f = figures(hours, { capacityKwp: model.capacityKwp, gammaPerC: model.gammaPerC, irradianceThresholdWm2: model.thresholdWm2 }, (h) => hourModuleTemp(h, (g, ta) => faiman(g, ta)));
    const { holding, evaluated } = evaluateRules({
      now,
      thresholds: config.thresholds,
      devices,
      irradianceWm2: irr?.irradiance_wm2 ?? null,
      day: source === 'none' ? null : { actualKwh: f.actualKwh, expectedKwh: f.expectedKwh, capacityKwp: model.capacityKwp },
    });
    const active = await this.db.selectFrom('aiom_alarms').select(['id', 'rule', 'device_serial']).where('project_id', '=', projectId).where('recovered_at', 'is', null).execute();
    const activeKeys = new Map(active.map((a) => [conditionKey(a.rule, a.device_serial), a.id]));
    const holdingKeys = new Set(holding.map((c) => conditionKey(c.rule, c.deviceSerial)));
    const raised: number[] = [];
    for (const c of holding) {
      if (activeKeys.has(conditionKey(c.rule, c.deviceSerial))) continue;
      const row = await this.db
        .insertInto('aiom_alarms')
        .values({ project_id: projectId, device_serial: c.deviceSerial, rule: c.rule, level: c.level, message: c.message, details: JSON.stringify(c.details), raised_at: now })
        .onConflict((oc) => oc.expression(sql`project_id, rule, (coalesce(device_serial, ''))`).where('recovered_at', 'is', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) raised.push(row.id);
    }
    const recovered: number[] = [];
    for (const [key, id] of activeKeys) {
      if (!evaluated.has(key) || holdingKeys.has(key)) continue;
      const r = await this.db.updateTable('aiom_alarms').set({ recovered_at: now }).where('id', '=', id).where('recovered_at', 'is', null).returning('id').executeTakeFirst();
      if (r) recovered.push(r.id);
    }
    const notified = await this.notify(plant.ownerId, plant.name, config.notifications, raised);
    return { raised, recovered, notified };
  }

  /** The plant's devices with their last report and latest reading. */
  private async devices(projectId: number, now: Date): Promise<RuleDevice[]> {
    const rows = await this.db.selectFrom('aiom_devices').select(['serial', 'kind', 'name', 'string_ids', 'last_seen_at']).where('project_id', '=', projectId).execute();
    const latest = await sql<{ device_serial: string; ts: Date; status: number | null; fault_code: number | null; string_currents_a: unknown }>`
      select distinct on (device_serial) device_serial, ts, status, fault_code, string_currents_a
      from telemetry_readings
      where project_id = ${projectId} and ts > ${new Date(now.getTime() - LATEST_LOOKBACK_DAYS * 86_400_000)} and ts <= ${now}
      order by device_serial, ts desc`.execute(this.db);
    const bySerial = new Map(latest.rows.map((r) => [r.device_serial, r]));
    return rows.map((d) => {
      const r = bySerial.get(d.serial);
      const ts = r ? new Date(r.ts) : null;
      const lastSeen = d.last_seen_at && ts ? (d.last_seen_at > ts ? d.last_seen_at : ts) : (d.last_seen_at ?? ts);
      const sc = r ? (typeof r.string_currents_a === 'string' ? (JSON.parse(r.string_currents_a) as unknown) : r.string_currents_a) : null;
      const ids = typeof d.string_ids === 'string' ? (JSON.parse(d.string_ids) as string[]) : (d.string_ids ?? []);
      return {
        serial: d.serial,
        kind: d.kind,
        name: d.name,
        stringIds: ids,
        lastSeen,
        latest: r && ts ? { ts, status: r.status, faultCode: r.fault_code, stringCurrentsA: Array.isArray(sc) ? sc.map(Number) : null } : null,
      };
    });
  }

  /** Notifies the owner once of each new level 1–2 alarm; the number of alarms notified. */
  private async notify(ownerId: number, plantName: string, switches: { sms: boolean; email: boolean }, raised: number[]): Promise<number> {
    if (raised.length === 0 || (!switches.sms && !switches.email)) return 0;
    const owner = await this.db.selectFrom('users').select(['phone', 'email', 'contact_email']).where('id', '=', ownerId).executeTakeFirst();
    if (!owner) return 0;
    const rows = await this.db.selectFrom('aiom_alarms').select(['id', 'level', 'message', 'rule']).where('id', 'in', raised).where('level', '<=', 2).execute();
    let n = 0;
    for (const a of rows) {
      // Claim the notification first: another evaluation racing this one sends nothing.
      const claimed = await this.db.updateTable('aiom_alarms').set({ notified_at: this.clock.now() }).where('id', '=', a.id).where('notified_at', 'is', null).returning('id').executeTakeFirst();
      if (!claimed) continue;
      const subject = `[PV Studio] Level ${a.level} alarm at ${plantName}`;
      const text = `${plantName}: ${a.message}`;
      const email = owner.email ?? owner.contact_email;
      const notice = { subject, text, vars: { plant: plantName, level: a.level, alarm: a.message } };
      if (switches.email && email) await this.messenger.sendNotice('email', email, notice, `alarm:${a.id}`);
      if (switches.sms && owner.phone) await this.messenger.sendNotice('sms', owner.phone, notice, `alarm:${a.id}`);
      n++;
    }
    return n;
  }

  /** The alarms of the plants the user may open, newest first, with the unread count. */
  async list(userId: number, q: AlarmListQuery): Promise<{ total: number; page: number; size: number; unread: number; list: Alarm[] }> {
    let base = this.visible(userId, q.projectId);
    const unread = await base.where('a.read_at', 'is', null).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    if (q.level !== undefined) base = base.where('a.level', '=', q.level);
    if (q.status === 'active') base = base.where('a.recovered_at', 'is', null);
    if (q.status === 'cleared') base = base.where('a.recovered_at', 'is not', null);
    if (q.read !== undefined) base = base.where('a.read_at', q.read ? 'is not' : 'is', null);
    if (q.from) base = base.where('a.raised_at', '>=', new Date(q.from));
    if (q.to) base = base.where('a.raised_at', '<', new Date(q.to));
    const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['a.id', 'a.project_id', 'p.name', 'a.device_serial', 'a.rule', 'a.level', 'a.message', 'a.details', 'a.raised_at', 'a.recovered_at', 'a.read_at'])
      .orderBy('a.raised_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return {
      total: Number(total.n),
      page: q.page,
      size: q.size,
      unread: Number(unread.n),
      list: rows.map((r) => ({
        id: r.id,
        projectId: r.project_id,
        projectName: r.name,
        deviceSerial: r.device_serial,
        rule: r.rule,
        level: r.level,
        message: r.message,
        details: typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
        raisedAt: r.raised_at.toISOString(),
        recoveredAt: r.recovered_at ? r.recovered_at.toISOString() : null,
        read: r.read_at !== null,
      })),
    };
  }

  async unreadCount(userId: number, projectId?: number): Promise<number> {
    const r = await this.visible(userId, projectId).where('a.read_at', 'is', null).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Marks the user's visible alarms among `ids` read; how many changed. */
  async markRead(userId: number, ids: number[]): Promise<number> {
    const r = await this.updateVisible(userId, ids).set({ read_at: this.clock.now() }).where('read_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Deletes (hides) the user's visible alarms among `ids`; how many. */
  async remove(userId: number, ids: number[]): Promise<number> {
    const r = await this.updateVisible(userId, ids).set({ deleted_at: this.clock.now() }).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** An update of the user's visible (not deleted) alarms among `ids`. */
  private updateVisible(userId: number, ids: number[]) {
    return this.db.updateTable('aiom_alarms').where('id', 'in', ids).where('deleted_at', 'is', null).where('project_id', 'in', this.plantIds(userId));
  }

  /** The ids of the O&M plants the user may open. */
  private plantIds(userId: number) {
    return this.db
      .selectFrom('projects as p')
      .select('p.id')
      .where('p.re_or_aiom', '=', 'AIOM')
      .where((eb) => eb.or([eb('p.user_id', '=', userId), enterpriseAccessSql(userId)]));
  }

  private visible(userId: number, projectId?: number) {
    let q = this.db
      .selectFrom('aiom_alarms as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .where('a.deleted_at', 'is', null)
      .where('p.re_or_aiom', '=', 'AIOM')
      .where((eb) => eb.or([eb('p.user_id', '=', userId), enterpriseAccessSql(userId)]));
    if (projectId !== undefined) q = q.where('a.project_id', '=', projectId);
    return q;
  }

  /** The plants with a device report in the last day (the scheduler's round). */
  async plantsWithReadings(): Promise<number[]> {
    const since = new Date(this.clock.now().getTime() - 86_400_000);
    const rows = await this.db.selectFrom('aiom_devices').select('project_id').distinct().where('last_seen_at', '>', since).execute();
    return rows.map((r) => r.project_id);
  }
}

/**
 * One scheduling round: queues an 'alarm-evaluation' job for every plant with a device report in the
 * last day, identified by plant and 5-minute slot, so that the processes doing rounds queue each once.
 * Returns how many jobs this round queued.
 */
export async function queueAlarmRound(jobs: JobService, alarms: AlarmService, now: Date): Promise<number> {
  const slot = Math.floor(now.getTime() / (ALARM_EVALUATION_MINUTES * 60_000));
  let queued = 0;
  for (const projectId of await alarms.plantsWithReadings()) {
    if (await jobs.send(alarmEvaluation, { projectId, slot }, { id: jobId(alarmEvaluation, projectId, slot) })) queued++;
  }
  jobs.wake(alarmEvaluation);
  return queued;
}
