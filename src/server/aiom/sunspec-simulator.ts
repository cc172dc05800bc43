// A simulated SunSpec inverter behind a Modbus TCP server (jsmodbus 5 server on a node:net server):
// the register image of src/server/aiom/sunspec-map.ts — 'SunS' at 40000, the common model 1, one
// inverter model (101–103 integer + scale factors or 111–113 float32), the end model — refreshed from
// the simulator's clock before every read. The day's power is a clear-sky-like bell
// P(t) = Pmax · sin(π x), x = (local hour − sunrise) / (sunset − sunrise) in [0, 1], Pmax = rated ×
// factor; the energy counter is its exact integral (per day Pmax · D · 2/π, D the day length [h]),
// so a test knows the day's energy without sampling. A fault can be injected: Evt1 gets the bit,
// St = 7 (FAULT), power 0 until cleared. Used by the tests and the demo plant.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import Modbus from 'jsmodbus';
import { SUNSPEC_STATES } from '../../model/api/aiom-devices.ts';
import {
  END_MODEL_ID,
  SUNSPEC_BASE,
  SUNS_MARKER,
  encodeCommon,
  encodeInverter,
  scaleFactorsFor,
  type InverterModelId,
  type InverterValues,
  type ScaleFactors,
} from './sunspec-map.ts';

export interface SimulatorOptions {
  modelId: InverterModelId;
  serial: string;
  manufacturer?: string;
  model?: string;
  /** [W] AC rating. */
  ratedPowerW: number;
  /** Pmax = ratedPowerW × factor (clouds, orientation); default 0.85. */
  factor?: number;
  /** The simulator's clock (a fake clock in tests). */
  now?: () => Date;
  /** The site's UTC offset [h] (sunrise/sunset are local hours). Default 8. */
  utcOffsetHours?: number;
  /** Local sunrise and sunset [h]; default 6 and 18. */
  sunrise?: number;
  sunset?: number;
  /** Lifetime energy at `energyEpoch` [Wh]; default 1,000,000. */
  energyAtEpochWh?: number;
  /** The instant the counter starts from; default midnight local time of the first `now()`. */
  energyEpoch?: Date;
  /** Modbus unit id answered (others too: jsmodbus does not filter). */
  unitId?: number;
}

const DAY_MS = 86_400_000;

export class SunSpecSimulator {
  readonly options: Required<Omit<SimulatorOptions, 'energyEpoch' | 'now'>> & { energyEpoch: Date; now: () => Date };
  private readonly sf: ScaleFactors;
  private readonly holding: Buffer;
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private fault = 0;
  /** Inverter model's ID register address. */
  readonly inverterAddress: number;
  reads = 0;

  constructor(o: SimulatorOptions) {
    const now = o.now ?? (() => new Date());
    const offset = o.utcOffsetHours ?? 8;
    const t = now().getTime() + offset * 3_600_000;
    this.options = {
      manufacturer: 'PV Studio',
      model: `SIM-${o.modelId}`,
      factor: 0.85,
      utcOffsetHours: offset,
      sunrise: 6,
      sunset: 18,
      energyAtEpochWh: 1_000_000,
      unitId: 1,
      ...o,
      now,
      energyEpoch: o.energyEpoch ?? new Date(Math.floor(t / DAY_MS) * DAY_MS - offset * 3_600_000),
    };
    this.sf = scaleFactorsFor(o.ratedPowerW);
    this.inverterAddress = SUNSPEC_BASE + 2 + 2 + 66;
    this.holding = Buffer.alloc((this.inverterAddress + 2 + 60 + 2 + 8) * 2);
    this.writeRegisters(SUNSPEC_BASE, Uint16Array.from(SUNS_MARKER));
    this.writeRegisters(SUNSPEC_BASE + 2, encodeCommon({ manufacturer: this.options.manufacturer, model: this.options.model, serial: o.serial }));
    this.refresh();
  }

  private writeRegisters(address: number, regs: ArrayLike<number>): void {
    for (let k = 0; k < regs.length; k++) this.holding.writeUInt16BE(regs[k], (address + k) * 2);
  }

  /** Pmax [W]. */
  get peakW(): number {
    return this.options.ratedPowerW * this.options.factor;
  }

  /** The day's energy of the bell [Wh]: Pmax · D · 2/π. */
  get dayEnergyWh(): number {
    return (this.peakW * (this.options.sunset - this.options.sunrise) * 2) / Math.PI;
  }

  /** The bell's position: local hour's fraction of the day's light (outside [0, 1]: night). */
  private dayFraction(at: Date): { day: number; x: number } {
    const local = at.getTime() + this.options.utcOffsetHours * 3_600_000;
    const day = Math.floor(local / DAY_MS);
    const hour = (local - day * DAY_MS) / 3_600_000;
    return { day, x: (hour - this.options.sunrise) / (this.options.sunset - this.options.sunrise) };
  }

  /** AC power at `at` [W] (0 at night and while faulted). */
  powerAt(at: Date): number {
    if (this.fault) return 0;
    const { x } = this.dayFraction(at);
    return x > 0 && x < 1 ? this.peakW * Math.sin(Math.PI * x) : 0;
  }

  /** The energy the bell yields from local midnight to `at` [Wh] (faults ignored). */
  private energyOfDayUntil(x: number): number {
    if (x <= 0) return 0;
    if (x >= 1) return this.dayEnergyWh;
    return ((this.peakW * (this.options.sunset - this.options.sunrise)) / Math.PI) * (1 - Math.cos(Math.PI * x));
  }

  /** The lifetime counter at `at` [Wh]: the counter at the epoch plus the bell's exact integral since. */
  energyAt(at: Date): number {
    const e = this.dayFraction(this.options.energyEpoch);
    const n = this.dayFraction(at);
    const days = n.day - e.day;
    return this.options.energyAtEpochWh + days * this.dayEnergyWh + this.energyOfDayUntil(n.x) - this.energyOfDayUntil(e.x);
  }

  /** Sets an Evt1 fault bit (St = FAULT, power 0) or clears all with 0. */
  setFault(bits: number): void {
    this.fault = bits >>> 0;
    this.refresh();
  }

  /** The values the registers hold at `at`. */
  valuesAt(at: Date): InverterValues {
    const p = this.powerAt(at);
    const { x } = this.dayFraction(at);
    const dcV = 600;
    const dcW = p / 0.97;
    const state = this.fault ? SUNSPEC_STATES.FAULT : p > 0 ? SUNSPEC_STATES.MPPT : x > -0.05 && x < 1.05 ? SUNSPEC_STATES.STANDBY : SUNSPEC_STATES.SLEEPING;
    return {
      modelId: this.options.modelId,
      acCurrentA: p / 230 / (this.options.modelId % 10 === 3 ? 3 : 1),
      acVoltageV: 230,
      acPowerW: p,
      frequencyHz: 50,
      energyWh: this.energyAt(at),
      dcCurrentA: dcW / dcV,
      dcVoltageV: p > 0 ? dcV : 0,
      dcPowerW: dcW,
      cabinetTempC: 25 + (15 * p) / this.options.ratedPowerW,
      state,
      events: this.fault,
    };
  }

  /** Rewrites the inverter model and the end model from the clock. */
  refresh(): void {
    const regs = encodeInverter(this.valuesAt(this.options.now()), this.sf);
    this.writeRegisters(this.inverterAddress, regs);
    this.writeRegisters(this.inverterAddress + regs.length, [END_MODEL_ID, 0]);
  }

  /** Starts listening (port 0: any free port); answers the port. */
  async start(port = 0, host = '127.0.0.1'): Promise<number> {
    const server = createServer();
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => s.destroy());
    });
    const modbus = new Modbus.server.TCP(server, { holding: this.holding });
    modbus.on('preReadHoldingRegisters', () => {
      this.reads++;
      this.refresh();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
