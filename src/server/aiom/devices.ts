// The devices of an O&M plant (issue 21 "aiom"; spec 000 §7 device/getDevices): inverters, meters,
// collectors and weather sensors registered by serial (unique over all plants), each inverter bound
// to its designed inverter (inverter-config inverters[].id of the bound design) and strings; how the
// readings arrive (SunSpec Modbus TCP polled by the collector, or a gateway's ingest); the Modbus
// connection sealed at rest with AES-256-GCM (secrets.ts, bound to the serial as associated data);
// the state from the last report (online / offline / fault / never reported); the per-plant gateway
// token (SHA-256 hash stored). Plant creation from a design: a new AIOM project bound to it.
// Access checks (licence, owner or enterprise access) are the routes' (configuration.ts openPlant).
import type { Kysely } from 'kysely';
import { AIOM_ONLINE_MINUTES, SUNSPEC_STATES, type AiomDevice, type AiomDeviceRegister, type AiomDeviceState, type ModbusConnection } from '../../model/api/aiom-devices.ts';
import { isUniqueViolation } from '../accounts/accounts.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { ProjectService } from '../projects/projects.ts';
import { hashToken, newGatewayToken, type SecretBox } from './secrets.ts';

type DeviceRow = Awaited<ReturnType<AiomDeviceService['rows']>>[number];

/** The state a device is in at `now` given its last report and last reading. */
export function stateOf(lastSeen: Date | null, last: { status: number | null; fault_code: number | null } | null, now: Date, pollFailed = false): AiomDeviceState {
  if (!lastSeen) return pollFailed ? 'offline' : 'neverReported';
  if (pollFailed || now.getTime() - lastSeen.getTime() > AIOM_ONLINE_MINUTES * 60_000) return 'offline';
  if (last && (last.status === SUNSPEC_STATES.FAULT || (last.fault_code ?? 0) !== 0)) return 'fault';
  return 'online';
}

/** The associated data a device's sealed connection is bound to. */
export const connectionContext = (serial: string) => `aiom_devices.connection:${serial}`;

export class AiomDeviceService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly box: SecretBox,
  ) {}

  /** Creates an O&M plant from a design project the user may open and binds it; answers the plant. */
  async createPlant(userId: number, projects: ProjectService, designProjectId: number, name?: string) {
    const design = await projects.row(userId, designProjectId).catch((err: unknown) => {
      throw (err as { key?: string }).key === 'PROJECT_NOT_FOUND' ? apiError('PROJECT_NOT_FOUND', {}, { field: 'designProjectId' }) : err;
    });
    if (design.re_or_aiom === 'AIOM') throw apiError('NOT_DESIGN_PROJECT', {}, { field: 'designProjectId' });
    const plantName = (name && name.length > 0 ? name : `${design.name} O&M`).slice(0, 100);
    const plant = await projects.create(userId, {
      name: plantName,
      powerStationType: design.power_station_type as 'COMMERCIAL' | 'RESIDENTIAL',
      surveyType: 'SATELLITE',
      reOrAiom: 'AIOM',
      capacity: design.capacity_kw ?? undefined,
      address: design.address ?? undefined,
      province: design.province ?? undefined,
      city: design.city ?? undefined,
      lat: design.lat ?? undefined,
      lng: design.lng ?? undefined,
    });
    await this.db
      .insertInto('project_bindings')
      .values({ aiom_project_id: plant.projectId, design_project_id: designProjectId, user_id: userId, created_at: this.clock.now() })
      .execute();
    return { projectId: plant.projectId, designProjectId, name: plantName };
  }

  /** Registers a device on a plant, or updates it when the plant already holds the serial; 409 when another plant does. */
  async register(b: AiomDeviceRegister): Promise<AiomDevice> {
    const existing = await this.db.selectFrom('aiom_devices').select(['id', 'project_id']).where('serial', '=', b.serial).executeTakeFirst();
    if (existing && existing.project_id !== b.projectId) throw apiError('DEVICE_BOUND_ELSEWHERE', { what: 'device', whatZh: '设备', sn: b.serial }, { field: 'serial' });
    const connection = b.protocol === 'sunspec-modbus-tcp' && b.modbus ? this.box.sealJson(b.modbus, connectionContext(b.serial)) : null;
    const fields = {
      kind: b.kind,
      name: b.name ?? b.serial,
      design_inverter_id: b.designInverterId ?? null,
      string_ids: JSON.stringify(b.stringIds ?? []),
      protocol: b.protocol,
      connection_enc: connection,
      rated_power_w: b.ratedPowerW ?? null,
    };
    try {
      if (existing) await this.db.updateTable('aiom_devices').set(fields).where('id', '=', existing.id).execute();
      else await this.db.insertInto('aiom_devices').values({ ...fields, project_id: b.projectId, serial: b.serial, created_at: this.clock.now() }).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw apiError('DEVICE_BOUND_ELSEWHERE', { what: 'device', whatZh: '设备', sn: b.serial }, { field: 'serial' });
      throw err;
    }
    const list = await this.list(b.projectId, b.serial);
    return list[0];
  }

  /** Removes a device of a plant (its readings stay in the store). */
  async remove(projectId: number, serial: string): Promise<boolean> {
    const r = await this.db.deleteFrom('aiom_devices').where('project_id', '=', projectId).where('serial', '=', serial).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw apiError('DEVICE_NOT_FOUND', { sn: serial }, { field: 'serial' });
    return true;
  }

  async rows(projectId: number, serial?: string) {
    let q = this.db.selectFrom('aiom_devices').selectAll().where('project_id', '=', projectId);
    if (serial) q = q.where('serial', '=', serial);
    return q.orderBy('id').execute();
  }

  /** The last reading of each of a plant's devices. */
  async lastReadings(projectId: number, serials: readonly string[]) {
    const out = new Map<string, { ts: Date; ac_power_w: number | null; energy_kwh: number | null; status: number | null; fault_code: number | null; irradiance_wm2: number | null }>();
    for (const s of serials) {
      const r = await this.db
        .selectFrom('telemetry_readings')
        .select(['ts', 'ac_power_w', 'energy_kwh', 'status', 'fault_code', 'irradiance_wm2'])
        .where('project_id', '=', projectId)
        .where('device_serial', '=', s)
        .where('ts', '<=', this.clock.now())
        .orderBy('ts', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (r) out.set(s, r);
    }
    return out;
  }

  /** The plant's devices (or one), with state and last reading. */
  async list(projectId: number, serial?: string): Promise<AiomDevice[]> {
    const rows = await this.rows(projectId, serial);
    const last = await this.lastReadings(
      projectId,
      rows.map((r) => r.serial),
    );
    const now = this.clock.now();
    return rows.map((r) => this.toDevice(r, last.get(r.serial) ?? null, now));
  }

  private toDevice(r: DeviceRow, last: { ts: Date; ac_power_w: number | null; energy_kwh: number | null; status: number | null; fault_code: number | null; irradiance_wm2: number | null } | null, now: Date): AiomDevice {
    const modbus = r.connection_enc ? this.openConnection(r.serial, r.connection_enc) : null;
    const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
    return {
      id: r.id,
      projectId: r.project_id,
      kind: r.kind,
      serial: r.serial,
      name: r.name,
      designInverterId: r.design_inverter_id,
      stringIds: json<string[]>(r.string_ids) ?? [],
      protocol: r.protocol,
      modbus,
      ratedPowerW: r.rated_power_w,
      identity: json(r.identity) ?? null,
      state: r.state === 'offline' && r.protocol === 'sunspec-modbus-tcp' ? 'offline' : stateOf(r.last_seen_at, last, now),
      lastSeen: r.last_seen_at ? r.last_seen_at.toISOString() : null,
      lastReading: last
        ? { ts: last.ts.toISOString(), acPowerW: last.ac_power_w, energyKwh: last.energy_kwh, status: last.status, faultCode: last.fault_code, irradianceWm2: last.irradiance_wm2 }
        : null,
      createdAt: r.created_at.toISOString(),
    };
  }

  /** A device's Modbus connection (opens the sealed value; null when it does not open). */
  openConnection(serial: string, sealed: string): ModbusConnection | null {
    try {
      return this.box.openJson<ModbusConnection>(sealed, connectionContext(serial));
    } catch {
      return null;
    }
  }

  /** Records a report: last seen (never moved back) and the state. */
  async markSeen(projectId: number, serial: string, ts: Date, state: AiomDeviceState): Promise<void> {
    await this.db
      .updateTable('aiom_devices')
      .set((eb) => ({
        last_seen_at: eb.fn('greatest', [eb.ref('last_seen_at'), eb.val(ts)]),
        state,
      }))
      .where('project_id', '=', projectId)
      .where('serial', '=', serial)
      .execute();
    // the legacy binding's report time (device/getDevices status)
    for (const table of ['device_inverters', 'device_collectors'] as const)
      await this.db
        .updateTable(table)
        .set((eb) => ({ last_seen_at: eb.fn('greatest', [eb.ref('last_seen_at'), eb.val(ts)]) }))
        .where('project_id', '=', projectId)
        .where('serial', '=', serial)
        .execute();
  }

  /** Records a failed poll: the device is offline (last seen unchanged). */
  async markOffline(id: number): Promise<void> {
    await this.db.updateTable('aiom_devices').set({ state: 'offline' }).where('id', '=', id).execute();
  }

  async setIdentity(id: number, identity: { manufacturer: string; model: string; serial: string; sunspecModel: number }): Promise<void> {
    await this.db.updateTable('aiom_devices').set({ identity: JSON.stringify(identity) }).where('id', '=', id).execute();
  }

  /** Issues a new gateway token for the plant (replacing the old one); the token is returned once. */
  async issueGatewayToken(projectId: number): Promise<{ projectId: number; token: string; createdAt: string }> {
    const token = newGatewayToken();
    const now = this.clock.now();
    await this.db
      .insertInto('aiom_gateway_tokens')
      .values({ project_id: projectId, token_hash: hashToken(token), created_at: now })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ token_hash: hashToken(token), created_at: now }))
      .execute();
    return { projectId, token, createdAt: now.toISOString() };
  }

  /** The plant a gateway token belongs to, or null. */
  async plantOfToken(token: string): Promise<number | null> {
    const r = await this.db.selectFrom('aiom_gateway_tokens').select('project_id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
    return r?.project_id ?? null;
  }

  /** Every device the collector polls (SunSpec Modbus TCP), with its opened connection. */
  async modbusDevices(projectId?: number) {
    let q = this.db.selectFrom('aiom_devices').select(['id', 'project_id', 'serial', 'connection_enc', 'kind']).where('protocol', '=', 'sunspec-modbus-tcp');
    if (projectId !== undefined) q = q.where('project_id', '=', projectId);
    const rows = await q.orderBy('id').execute();
    return rows.flatMap((r) => {
      const c = r.connection_enc ? this.openConnection(r.serial, r.connection_enc) : null;
      return c ? [{ id: r.id, projectId: r.project_id, serial: r.serial, kind: r.kind, connection: c }] : [];
    });
  }
}
