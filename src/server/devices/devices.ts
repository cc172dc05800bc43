// O&M devices of a power station (spec 000 §7: binding-project, binding-inverter, collector/unbind,
// device/getDevices; docs/PRODUCT.md "O&M (aiom) … devices (bind inverters/collectors)"). An O&M power
// station is a project whose reOrAiom is AIOM. It is linked to the design project (LITE or LITE-RE)
// it was built from, whose model gives the expected yield the statistics compare against. Inverters
// are registered by serial number with their model from the inverter library, each behind a
// collector (datalogger) that will report the telemetry; until a report arrives a device's status is
// 'neverReported'. Every binding is mirrored into the O&M device registry (aiom_devices, migration
// 0013), which the collector, the gateway ingest and the overview work from (src/server/aiom/devices.ts).
//
// Every call works on the caller's own projects only (another user's project answers 404 like a
// missing one). A serial number belongs to one power station at a time, over all users: binding a
// serial that another station holds is refused (409) without saying whose station it is.
import type { Kysely, Transaction } from 'kysely';
import { deviceStatus, type Devices } from '../../model/api/devices.ts';
import { isUniqueViolation } from '../accounts/accounts.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { LibraryService } from '../library/library.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Collector = Devices['collectors'][number];

export interface BindInverter {
  projectId: number;
  /** Upper case. */
  inverterSn: string;
  /** Inverter library entry. */
  inverterId: number;
  /** Upper case. */
  collectorSn: string;
}

/**
 * Keeps the O&M device registry (aiom_devices, migration 0013: the devices the collector, the ingest
 * and the overview know) in step with a legacy binding: the serial is registered on the station, or
 * renamed when the station already holds it; 409 when another plant registered it through the O&M calls.
 */
async function mirrorDevice(tx: Db, projectId: number, kind: 'inverter' | 'collector', serial: string, name: string, ratedPowerW: number | null, now: Date): Promise<void> {
  const r = await tx
    .insertInto('aiom_devices')
    .values({ project_id: projectId, kind, serial, name, rated_power_w: ratedPowerW, created_at: now })
    .onConflict((oc) => oc.column('serial').doUpdateSet({ name, rated_power_w: ratedPowerW }).where('aiom_devices.project_id', '=', projectId))
    .executeTakeFirst();
  // the serial is registered on another plant through the O&M calls
  if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0)
    throw apiError('DEVICE_BOUND_ELSEWHERE', kind === 'inverter' ? { what: 'inverter', whatZh: '逆变器', sn: serial } : { what: 'collector', whatZh: '采集器', sn: serial }, { field: kind === 'inverter' ? 'inverterSn' : 'collectorSn' });
}

export class DeviceService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly library: LibraryService,
  ) {}

  /** A project of the user with its variant, or 404. */
  private async project(db: Db, userId: number, projectId: number, field: string): Promise<{ id: number; name: string; aiom: boolean }> {
    const p = await db.selectFrom('projects').select(['id', 'name', 're_or_aiom']).where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
    if (!p) throw apiError('PROJECT_NOT_FOUND', {}, { field });
    return { id: p.id, name: p.name, aiom: p.re_or_aiom === 'AIOM' };
  }

  /** An O&M power station of the user, or 404 / 400 (not an O&M project). */
  private async station(db: Db, userId: number, projectId: number, field = 'projectId') {
    const p = await this.project(db, userId, projectId, field);
    if (!p.aiom) throw apiError('NOT_AIOM_PROJECT', {}, { field });
    return p;
  }

  /** Links the O&M station `aiomProjectId` to the design project `designProjectId` (replacing an earlier link). */
  async bindProject(userId: number, designProjectId: number, aiomProjectId: number) {
    return this.db.transaction().execute(async (tx) => {
      const design = await this.project(tx, userId, designProjectId, 'projectId');
      if (design.aiom) throw apiError('NOT_DESIGN_PROJECT', {}, { field: 'projectId' });
      await this.station(tx, userId, aiomProjectId, 'aiomProjectId');
      const now = this.clock.now();
      await tx
        .insertInto('project_bindings')
        .values({ aiom_project_id: aiomProjectId, design_project_id: designProjectId, user_id: userId, created_at: now })
        .onConflict((oc) => oc.column('aiom_project_id').doUpdateSet({ design_project_id: designProjectId, created_at: now }))
        .execute();
      return { aiomProjectId, designProjectId, designProjectName: design.name, bindTime: now.toISOString() };
    });
  }

  /**
   * Registers an inverter on a station behind a collector (the collector is registered with it when
   * new). Binding a serial the station already holds updates its model and collector.
   */
  async bindInverter(userId: number, b: BindInverter): Promise<Collector> {
    await this.station(this.db, userId, b.projectId);
    const entry = await this.library.entry(userId, 'inverter', b.inverterId).catch((err: unknown) => {
      throw (err as { key?: string }).key === 'NOT_FOUND' ? apiError('NOT_FOUND', {}, { field: 'inverterId' }) : err;
    });
    const data = JSON.parse(entry.data) as { ratedAcPower?: number };
    const attempt = () =>
      this.db.transaction().execute(async (tx) => {
        await this.station(tx, userId, b.projectId);
        const now = this.clock.now();
        let collector = await tx.selectFrom('device_collectors').select(['id', 'project_id']).where('serial', '=', b.collectorSn).executeTakeFirst();
        if (collector && collector.project_id !== b.projectId) throw apiError('DEVICE_BOUND_ELSEWHERE', { what: 'collector', whatZh: '采集器', sn: b.collectorSn }, { field: 'collectorSn' });
        collector ??= await tx
          .insertInto('device_collectors')
          .values({ project_id: b.projectId, serial: b.collectorSn, bound_at: now, last_seen_at: null })
          .returning(['id', 'project_id'])
          .executeTakeFirstOrThrow();
        const inverter = await tx.selectFrom('device_inverters').select(['id', 'project_id']).where('serial', '=', b.inverterSn).executeTakeFirst();
        if (inverter && inverter.project_id !== b.projectId) throw apiError('DEVICE_BOUND_ELSEWHERE', { what: 'inverter', whatZh: '逆变器', sn: b.inverterSn }, { field: 'inverterSn' });
        const model = { library_inverter_id: entry.id, manufacturer: entry.manufacturer, model: entry.model, rated_ac_power: typeof data.ratedAcPower === 'number' ? data.ratedAcPower : null };
        if (inverter) await tx.updateTable('device_inverters').set({ ...model, collector_id: collector.id }).where('id', '=', inverter.id).execute();
        else await tx.insertInto('device_inverters').values({ ...model, project_id: b.projectId, collector_id: collector.id, serial: b.inverterSn, bound_at: now, last_seen_at: null }).execute();
        await mirrorDevice(tx, b.projectId, 'collector', b.collectorSn, b.collectorSn, null, now);
        await mirrorDevice(tx, b.projectId, 'inverter', b.inverterSn, `${entry.manufacturer} ${entry.model}`, model.rated_ac_power, now);
        return collector.id;
      });
    let collectorId: number;
    try {
      collectorId = await attempt();
    } catch (err) {
      // Another request bound one of the serials between our read and our write: the second attempt
      // sees its row and answers as usual (409 elsewhere, or an update here).
      if (!isUniqueViolation(err)) throw err;
      collectorId = await attempt();
    }
    const list = await this.collectors(b.projectId, collectorId);
    return list[0];
  }

  /** Unbinds a collector of a station and every inverter behind it; returns how many inverters. */
  async unbindCollector(userId: number, projectId: number, collectorSn: string): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      await this.station(tx, userId, projectId);
      const c = await tx.selectFrom('device_collectors').select('id').where('serial', '=', collectorSn).where('project_id', '=', projectId).executeTakeFirst();
      if (!c) throw apiError('DEVICE_NOT_FOUND', { sn: collectorSn }, { field: 'collectorSn' });
      const inverters = await tx.deleteFrom('device_inverters').where('collector_id', '=', c.id).returning(['id', 'serial']).execute();
      await tx.deleteFrom('device_collectors').where('id', '=', c.id).execute();
      // the O&M device registry (migration 0013) mirrors the legacy binding
      await tx.deleteFrom('aiom_devices').where('project_id', '=', projectId).where('serial', 'in', [collectorSn, ...inverters.map((i) => i.serial)]).execute();
      return inverters.length;
    });
  }

  /** The station's design project link and its collectors with their inverters. */
  async devices(userId: number, projectId: number): Promise<Devices> {
    await this.station(this.db, userId, projectId);
    const link = await this.db
      .selectFrom('project_bindings as b')
      .innerJoin('projects as p', 'p.id', 'b.design_project_id')
      .select(['b.design_project_id', 'b.created_at', 'p.name'])
      .where('b.aiom_project_id', '=', projectId)
      .where('p.user_id', '=', userId)
      .executeTakeFirst();
    return {
      projectId,
      designProject: link ? { projectId: link.design_project_id, name: link.name, bindTime: link.created_at.toISOString() } : null,
      collectors: await this.collectors(projectId),
    };
  }

  /** The collectors of a station (or one of them), oldest first, each with its inverters. */
  private async collectors(projectId: number, onlyId?: number): Promise<Collector[]> {
    let cq = this.db.selectFrom('device_collectors').selectAll().where('project_id', '=', projectId);
    if (onlyId !== undefined) cq = cq.where('id', '=', onlyId);
    const collectors = await cq.orderBy('id').execute();
    if (collectors.length === 0) return [];
    const inverters = await this.db
      .selectFrom('device_inverters')
      .selectAll()
      .where(
        'collector_id',
        'in',
        collectors.map((c) => c.id),
      )
      .orderBy('id')
      .execute();
    const now = this.clock.now();
    return collectors.map((c) => ({
      id: c.id,
      sn: c.serial,
      bindTime: c.bound_at.toISOString(),
      lastSeen: c.last_seen_at ? c.last_seen_at.toISOString() : null,
      status: deviceStatus(c.last_seen_at, now),
      inverters: inverters
        .filter((i) => i.collector_id === c.id)
        .map((i) => ({
          id: i.id,
          sn: i.serial,
          inverterId: i.library_inverter_id,
          manufacturer: i.manufacturer,
          model: i.model,
          ratedAcPower: i.rated_ac_power,
          bindTime: i.bound_at.toISOString(),
          lastSeen: i.last_seen_at ? i.last_seen_at.toISOString() : null,
          status: deviceStatus(i.last_seen_at, now),
        })),
    }));
  }
}
