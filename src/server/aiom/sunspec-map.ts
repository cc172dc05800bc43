// The SunSpec register map over Modbus (SunSpec Alliance, "SunSpec Information Model Specification"
// v1.0 and "SunSpec Modbus" application notes; the point tables of the models are the Alliance's
// published definitions, github.com/sunspec/models json/model_1.json, model_101.json … model_113.json):
// the 'SunS' marker (0x5375 0x6E53) at protocol address 40000 (Modbus register 40001), then a chain
// of models, each an ID register, a length register L and L data registers, closed by the end model
// ID 0xFFFF (L = 0). Model 1 (common) names the device; the inverter models 101/102/103 (single,
// split, three phase) give integer points with sunssf scale factors (value × 10^SF) and the 32-bit
// accumulator WH (acc32, Wh × 10^WH_SF); 111/112/113 give the same points as IEEE 754 float32.
// "Not implemented" values decode to null: int16 0x8000, uint16/enum16 0xFFFF, acc32 0, sunssf
// 0x8000, bitfield32 0xFFFFFFFF, float32 NaN. Encoding (for the simulator) uses the same offsets.

/** Protocol (0-based) address of the 'SunS' marker. */
export const SUNSPEC_BASE = 40000;
/** 'Su' 'nS'. */
export const SUNS_MARKER = [0x5375, 0x6e53] as const;
export const END_MODEL_ID = 0xffff;
export const COMMON_MODEL_ID = 1;
export const COMMON_MODEL_LENGTH = 66;
export const INTEGER_INVERTER_MODELS = [101, 102, 103] as const;
export const FLOAT_INVERTER_MODELS = [111, 112, 113] as const;
export type InverterModelId = (typeof INTEGER_INVERTER_MODELS)[number] | (typeof FLOAT_INVERTER_MODELS)[number];
export const INVERTER_MODEL_LENGTH = { integer: 50, float: 60 } as const;

/** Model 1 point offsets from the model's ID register: [offset, registers]. */
export const COMMON_POINTS = { Mn: [2, 16], Md: [18, 16], Opt: [34, 8], Vr: [42, 8], SN: [50, 16], DA: [66, 1] } as const;

/** Models 101–103 offsets from the model's ID register (the points this code reads). */
export const INTEGER_POINTS = {
  A: 2, A_SF: 6, PhVphA: 10, V_SF: 13, W: 14, W_SF: 15, Hz: 16, Hz_SF: 17,
  WH: 24, WH_SF: 26, DCA: 27, DCA_SF: 28, DCV: 29, DCV_SF: 30, DCW: 31, DCW_SF: 32,
  TmpCab: 33, Tmp_SF: 37, St: 38, Evt1: 40,
} as const;

/** Models 111–113 offsets from the model's ID register (float32 points take two registers). */
export const FLOAT_POINTS = { A: 2, PhVphA: 16, W: 22, Hz: 24, WH: 32, DCA: 34, DCV: 36, DCW: 38, TmpCab: 40, St: 48, Evt1: 50 } as const;

/** Evt1 bits (model 101 symbols): bit number → name. */
export const EVT1_BITS = {
  GROUND_FAULT: 0, DC_OVER_VOLT: 1, AC_DISCONNECT: 2, DC_DISCONNECT: 3, GRID_DISCONNECT: 4, CABINET_OPEN: 5, MANUAL_SHUTDOWN: 6, OVER_TEMP: 7,
  OVER_FREQUENCY: 8, UNDER_FREQUENCY: 9, AC_OVER_VOLT: 10, AC_UNDER_VOLT: 11, BLOWN_STRING_FUSE: 12, UNDER_TEMP: 13, MEMORY_LOSS: 14, HW_TEST_FAILURE: 15,
} as const;

export function isInverterModel(id: number): id is InverterModelId {
  return (INTEGER_INVERTER_MODELS as readonly number[]).includes(id) || (FLOAT_INVERTER_MODELS as readonly number[]).includes(id);
}
export function isFloatModel(id: number): boolean {
  return (FLOAT_INVERTER_MODELS as readonly number[]).includes(id);
}

type Regs = ArrayLike<number>;

// ---- primitive decoders (big-endian registers, high word first) ----
export const uint16 = (r: Regs, i: number): number | null => (r[i] === 0xffff ? null : r[i]);
export const int16 = (r: Regs, i: number): number | null => (r[i] === 0x8000 ? null : r[i] >= 0x8000 ? r[i] - 0x10000 : r[i]);
/** sunssf: int16 in −10…10; 0x8000 not implemented. */
export const sunssf = (r: Regs, i: number): number | null => int16(r, i);
export const acc32 = (r: Regs, i: number): number | null => {
  const v = r[i] * 0x10000 + r[i + 1];
  return v === 0 ? null : v;
};
export const bitfield32 = (r: Regs, i: number): number | null => {
  const v = r[i] * 0x10000 + r[i + 1];
  return v === 0xffffffff ? null : v;
};
export const float32 = (r: Regs, i: number): number | null => {
  const b = Buffer.alloc(4);
  b.writeUInt16BE(r[i], 0);
  b.writeUInt16BE(r[i + 1], 2);
  const v = b.readFloatBE(0);
  return Number.isNaN(v) ? null : v;
};
/** A string point: 2 characters per register, NUL-padded. */
export function sunspecString(r: Regs, i: number, registers: number): string {
  const b = Buffer.alloc(registers * 2);
  for (let k = 0; k < registers; k++) b.writeUInt16BE(r[i + k], k * 2);
  const end = b.indexOf(0);
  return b.subarray(0, end < 0 ? b.length : end).toString('utf8').trim();
}

/** value × 10^sf, rounded to the scale's precision; null when either is not implemented. */
export function scaled(value: number | null, sf: number | null): number | null {
  if (value === null || sf === null) return null;
  const v = value * 10 ** sf;
  return sf < 0 ? Number(v.toFixed(-sf)) : v;
}

export interface CommonModel {
  manufacturer: string;
  model: string;
  options: string;
  version: string;
  serial: string;
  deviceAddress: number | null;
}

/** Decodes model 1 from its registers (starting at its ID register). */
export function decodeCommon(r: Regs): CommonModel {
  if (r[0] !== COMMON_MODEL_ID) throw new Error(`not the common model: ID ${r[0]}`);
  const p = COMMON_POINTS;
  return {
    manufacturer: sunspecString(r, p.Mn[0], p.Mn[1]),
    model: sunspecString(r, p.Md[0], p.Md[1]),
    options: sunspecString(r, p.Opt[0], p.Opt[1]),
    version: sunspecString(r, p.Vr[0], p.Vr[1]),
    serial: sunspecString(r, p.SN[0], p.SN[1]),
    deviceAddress: uint16(r, p.DA[0]),
  };
}

/** An inverter model's values in SI units (null: not implemented by the device). */
export interface InverterValues {
  modelId: InverterModelId;
  /** [A] total AC current */
  acCurrentA: number | null;
  /** [V] phase A to neutral */
  acVoltageV: number | null;
  /** [W] */
  acPowerW: number | null;
  /** [Hz] */
  frequencyHz: number | null;
  /** [Wh] lifetime AC energy */
  energyWh: number | null;
  dcCurrentA: number | null;
  dcVoltageV: number | null;
  dcPowerW: number | null;
  /** [°C] */
  cabinetTempC: number | null;
  /** St: 1 OFF … 4 MPPT … 7 FAULT, 8 STANDBY. */
  state: number | null;
  /** Evt1 bit field. */
  events: number | null;
}

/** Decodes an inverter model (101–103 integer + scale factors, 111–113 float32) from its registers (starting at its ID register). */
export function decodeInverter(r: Regs): InverterValues {
  const id = r[0];
  if (!isInverterModel(id)) throw new Error(`not an inverter model: ID ${id}`);
  if (isFloatModel(id)) {
    const p = FLOAT_POINTS;
    return {
      modelId: id,
      acCurrentA: float32(r, p.A),
      acVoltageV: float32(r, p.PhVphA),
      acPowerW: float32(r, p.W),
      frequencyHz: float32(r, p.Hz),
      energyWh: float32(r, p.WH),
      dcCurrentA: float32(r, p.DCA),
      dcVoltageV: float32(r, p.DCV),
      dcPowerW: float32(r, p.DCW),
      cabinetTempC: float32(r, p.TmpCab),
      state: uint16(r, p.St),
      events: bitfield32(r, p.Evt1),
    };
  }
  const p = INTEGER_POINTS;
  return {
    modelId: id,
    acCurrentA: scaled(uint16(r, p.A), sunssf(r, p.A_SF)),
    acVoltageV: scaled(uint16(r, p.PhVphA), sunssf(r, p.V_SF)),
    acPowerW: scaled(int16(r, p.W), sunssf(r, p.W_SF)),
    frequencyHz: scaled(uint16(r, p.Hz), sunssf(r, p.Hz_SF)),
    energyWh: scaled(acc32(r, p.WH), sunssf(r, p.WH_SF)),
    dcCurrentA: scaled(uint16(r, p.DCA), sunssf(r, p.DCA_SF)),
    dcVoltageV: scaled(uint16(r, p.DCV), sunssf(r, p.DCV_SF)),
    dcPowerW: scaled(int16(r, p.DCW), sunssf(r, p.DCW_SF)),
    cabinetTempC: scaled(int16(r, p.TmpCab), sunssf(r, p.Tmp_SF)),
    state: uint16(r, p.St),
    events: bitfield32(r, p.Evt1),
  };
}

/** A model found in the chain: its ID, the address of its ID register and its length L. */
export interface ModelEntry {
  id: number;
  address: number;
  length: number;
}

/** Reads `count` holding registers from `address`. */
export type RegisterReader = (address: number, count: number) => Promise<ArrayLike<number>>;

/** Walks the model chain from 40000 (at most `maxModels`); throws when the 'SunS' marker is missing. */
export async function discoverModels(read: RegisterReader, maxModels = 32): Promise<ModelEntry[]> {
  const marker = await read(SUNSPEC_BASE, 2);
  if (marker[0] !== SUNS_MARKER[0] || marker[1] !== SUNS_MARKER[1]) throw new Error('no SunSpec marker at 40000');
  const models: ModelEntry[] = [];
  let address = SUNSPEC_BASE + 2;
  for (let k = 0; k < maxModels; k++) {
    const head = await read(address, 2);
    if (head[0] === END_MODEL_ID) return models;
    models.push({ id: head[0], address, length: head[1] });
    address += 2 + head[1];
    if (address > 0xffff) break;
  }
  throw new Error('the SunSpec model chain has no end model');
}

/** Reads a whole model (ID, L and L registers) in reads of at most 125 registers (the Modbus limit). */
export async function readModel(read: RegisterReader, m: ModelEntry): Promise<number[]> {
  const out: number[] = [];
  const total = m.length + 2;
  for (let done = 0; done < total; done += 125) {
    const part = await read(m.address + done, Math.min(125, total - done));
    for (let k = 0; k < part.length; k++) out.push(part[k]);
  }
  return out;
}

// ---- encoding (the simulator's register image) ----

/** Writes a string point (NUL-padded, truncated to the point's size). */
export function encodeString(r: Uint16Array, i: number, registers: number, text: string): void {
  const b = Buffer.alloc(registers * 2);
  b.write(text.slice(0, registers * 2), 'utf8');
  for (let k = 0; k < registers; k++) r[i + k] = b.readUInt16BE(k * 2);
}
export function encodeInt16(r: Uint16Array, i: number, v: number): void {
  r[i] = Math.round(v) & 0xffff;
}
export function encode32(r: Uint16Array, i: number, v: number): void {
  const u = Math.round(v) >>> 0;
  r[i] = u >>> 16;
  r[i + 1] = u & 0xffff;
}
export function encodeFloat32(r: Uint16Array, i: number, v: number): void {
  const b = Buffer.alloc(4);
  b.writeFloatBE(v, 0);
  r[i] = b.readUInt16BE(0);
  r[i + 1] = b.readUInt16BE(2);
}

/** The common model's registers (ID, L, 66 data registers). */
export function encodeCommon(c: { manufacturer: string; model: string; version?: string; serial: string; deviceAddress?: number }): Uint16Array {
  const r = new Uint16Array(2 + COMMON_MODEL_LENGTH);
  r[0] = COMMON_MODEL_ID;
  r[1] = COMMON_MODEL_LENGTH;
  const p = COMMON_POINTS;
  encodeString(r, p.Mn[0], p.Mn[1], c.manufacturer);
  encodeString(r, p.Md[0], p.Md[1], c.model);
  encodeString(r, p.Vr[0], p.Vr[1], c.version ?? '1.0');
  encodeString(r, p.SN[0], p.SN[1], c.serial);
  r[p.DA[0]] = c.deviceAddress ?? 1;
  r[p.DA[0] + 1] = 0;
  return r;
}

/** Scale factors the integer encoding uses (value = register × 10^SF). */
export interface ScaleFactors {
  A: number;
  V: number;
  W: number;
  Hz: number;
  WH: number;
  DCA: number;
  DCV: number;
  DCW: number;
  Tmp: number;
}

/** Scale factors for an inverter of `ratedPowerW`: power and energy coarse enough for int16/acc32. */
export function scaleFactorsFor(ratedPowerW: number): ScaleFactors {
  const w = ratedPowerW <= 32_000 ? 0 : Math.ceil(Math.log10(ratedPowerW / 32_000));
  return { A: -2, V: -1, W: w, Hz: -2, WH: 0, DCA: -2, DCV: -1, DCW: w, Tmp: -1 };
}

/** Encodes an inverter model's registers (ID, L, data) from its values; null values encode as not implemented. */
export function encodeInverter(v: Omit<InverterValues, 'modelId'> & { modelId: InverterModelId }, sf: ScaleFactors): Uint16Array {
  const float = isFloatModel(v.modelId);
  const len = float ? INVERTER_MODEL_LENGTH.float : INVERTER_MODEL_LENGTH.integer;
  const r = new Uint16Array(2 + len).fill(0xffff);
  r[0] = v.modelId;
  r[1] = len;
  if (float) {
    const p = FLOAT_POINTS;
    const f = (i: number, x: number | null) => encodeFloat32(r, i, x ?? Number.NaN);
    f(p.A, v.acCurrentA); f(p.PhVphA, v.acVoltageV); f(p.W, v.acPowerW); f(p.Hz, v.frequencyHz); f(p.WH, v.energyWh);
    f(p.DCA, v.dcCurrentA); f(p.DCV, v.dcVoltageV); f(p.DCW, v.dcPowerW); f(p.TmpCab, v.cabinetTempC);
    r[p.St] = v.state ?? 0xffff;
    encode32(r, p.Evt1, v.events ?? 0);
    return r;
  }
  const p = INTEGER_POINTS;
  // Every int16/sunssf register not written stays "not implemented" (0x8000 for signed points).
  for (const i of [p.W, p.DCW, p.TmpCab, 18, 19, 20, 21, 22, 23, 34, 35, 36]) r[i] = 0x8000; // W, DCW, temperatures, VA/VAr/PF and their SFs
  const put = (i: number, sfI: number, x: number | null, s: number, signed: boolean) => {
    r[sfI] = s & 0xffff;
    if (x === null) return;
    encodeInt16(r, i, x / 10 ** s);
    if (!signed && x < 0) r[i] = 0;
  };
  put(p.A, p.A_SF, v.acCurrentA, sf.A, false);
  put(p.PhVphA, p.V_SF, v.acVoltageV, sf.V, false);
  put(p.W, p.W_SF, v.acPowerW, sf.W, true);
  put(p.Hz, p.Hz_SF, v.frequencyHz, sf.Hz, false);
  put(p.DCA, p.DCA_SF, v.dcCurrentA, sf.DCA, false);
  put(p.DCV, p.DCV_SF, v.dcVoltageV, sf.DCV, false);
  put(p.DCW, p.DCW_SF, v.dcPowerW, sf.DCW, true);
  put(p.TmpCab, p.Tmp_SF, v.cabinetTempC, sf.Tmp, true);
  r[p.WH_SF] = sf.WH & 0xffff;
  encode32(r, p.WH, v.energyWh === null ? 0 : (v.energyWh / 10 ** sf.WH) % 2 ** 32);
  r[p.St] = v.state ?? 0xffff;
  encode32(r, p.Evt1, v.events ?? 0);
  return r;
}
