// The collector (issue 21 "aiom" §2): polls the plants' SunSpec devices over Modbus TCP (jsmodbus 5
// client on a node:net socket) — finds the 'SunS' marker at 40000, walks the model chain, reads the
// common model (1) and the inverter model (101–103 or 111–113), decodes them (sunspec-map.ts) and
// stores one reading per device per poll (telemetry-store.ts), stamped with the poll's time. A device
// that refuses the connection or does not answer within the timeout is marked offline; its readings
// are not invented. Polls run one device at a time (cheap on two cores), every N seconds.
import { Socket } from 'node:net';
import Modbus from 'jsmodbus';
import type { ModbusConnection } from '../../model/api/aiom-devices.ts';
import type { Clock } from '../clock.ts';
import { stateOf, type AiomDeviceService } from './devices.ts';
import { decodeCommon, decodeInverter, discoverModels, isInverterModel, readModel, type CommonModel, type InverterValues, type RegisterReader } from './sunspec-map.ts';
import type { TelemetryStore } from './telemetry-store.ts';

export interface SunSpecSample {
  common: CommonModel;
  inverter: InverterValues;
}

/** Connects, reads the common and the first inverter model, disconnects. Throws on timeout or a non-SunSpec device. */
export async function readSunSpecDevice(c: ModbusConnection, timeoutMs: number): Promise<SunSpecSample> {
  const socket = new Socket();
  const client = new Modbus.client.TCP(socket, c.unitId, timeoutMs);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no connection to ${c.host}:${c.port} within ${timeoutMs} ms`)), timeoutMs);
      socket.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      socket.connect({ host: c.host, port: c.port }, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    socket.on('error', () => undefined);
    const read: RegisterReader = async (address, count) => {
      const { response } = await client.readHoldingRegisters(address, count);
      return response.body.valuesAsArray as number[];
    };
    const models = await discoverModels(read);
    const commonEntry = models.find((m) => m.id === 1);
    const inverterEntry = models.find((m) => isInverterModel(m.id));
    if (!commonEntry || !inverterEntry) throw new Error('no common or inverter model in the SunSpec chain');
    return { common: decodeCommon(await readModel(read, commonEntry)), inverter: decodeInverter(await readModel(read, inverterEntry)) };
  } finally {
    socket.destroy();
  }
}

export interface CollectorOptions {
  devices: AiomDeviceService;
  store: TelemetryStore;
  clock: Clock;
  /** Per device [ms]; default 3000. */
  timeoutMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

export interface PollResult {
  polled: number;
  stored: number;
  failed: string[];
}

export class Collector {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  constructor(private readonly o: CollectorOptions) {}

  /** Polls every SunSpec device (of one plant, or all) once. */
  async pollOnce(projectId?: number): Promise<PollResult> {
    const devices = await this.o.devices.modbusDevices(projectId);
    const result: PollResult = { polled: devices.length, stored: 0, failed: [] };
    for (const d of devices) {
      const ts = this.o.clock.now();
      try {
        const s = await readSunSpecDevice(d.connection, this.o.timeoutMs ?? 3000);
        const v = s.inverter;
        result.stored += await this.o.store.insert([
          {
            projectId: d.projectId,
            serial: d.serial,
            ts: ts.toISOString(),
            acPowerW: v.acPowerW,
            energyKwh: v.energyWh === null ? null : v.energyWh / 1000,
            dcPowerW: v.dcPowerW,
            dcVoltageV: v.dcVoltageV,
            dcCurrentA: v.dcCurrentA,
            status: v.state,
            faultCode: v.events,
            temperatureC: v.cabinetTempC,
          },
        ]);
        await this.o.devices.markSeen(d.projectId, d.serial, ts, stateOf(ts, { status: v.state, fault_code: v.events }, ts));
        await this.o.devices.setIdentity(d.id, { manufacturer: s.common.manufacturer, model: s.common.model, serial: s.common.serial, sunspecModel: v.modelId });
      } catch (err) {
        result.failed.push(d.serial);
        await this.o.devices.markOffline(d.id);
        this.o.log?.warn({ serial: d.serial, err: (err as Error).message }, 'collector: device did not answer');
      }
    }
    return result;
  }

  /** Polls every `intervalMs` (the first poll at once); a poll never overlaps the previous one. */
  start(intervalMs: number, projectId?: number): void {
    if (this.timer) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.pollOnce(projectId)
        .catch((err: unknown) => this.o.log?.warn({ err: (err as Error).message }, 'collector: poll failed'))
        .finally(() => (this.running = null));
    };
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  /** Stops polling and waits for a poll in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
