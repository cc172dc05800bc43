// SunSpec decoding against register dumps worked by hand from the SunSpec Information Model
// specification (model tables: github.com/sunspec/models json/model_1.json, model_101.json, model_111.json):
// integer points × 10^sunssf, acc32 WH, the "not implemented" sentinels, two's-complement int16, the
// float32 models (IEEE 754 big-endian, high word first), and the model chain from 40000.
import { describe, expect, it } from 'vitest';
import { decodeCommon, decodeInverter, discoverModels, readModel } from '../../../src/server/aiom/sunspec-map.ts';

/** An inverter model's registers: ID, L, then L zeros, with the given offset → value pairs. */
function dump(id: number, length: number, points: Record<number, number>): number[] {
  const r = new Array<number>(length + 2).fill(0);
  r[0] = id;
  r[1] = length;
  for (const [k, v] of Object.entries(points)) r[Number(k)] = v;
  return r;
}

describe('SunSpec inverter models 101–103 (integer + scale factors)', () => {
  it('decodes the points with their scale factors, acc32 energy and signed values', () => {
    // Offsets from the model's ID register (model_101.json order): A 2, A_SF 6, PhVphA 10, V_SF 13,
    // W 14, W_SF 15, Hz 16, Hz_SF 17, WH 24–25, WH_SF 26, DCA 27, DCA_SF 28, DCV 29, DCV_SF 30,
    // DCW 31, DCW_SF 32, TmpCab 33, Tmp_SF 37, St 38, Evt1 40–41.
    const r = dump(103, 50, {
      2: 1234, 6: 0xfffe, // 1234 × 10^−2 = 12.34 A
      10: 2301, 13: 0xffff, // 2301 × 10^−1 = 230.1 V
      14: 7000, 15: 1, // 7000 × 10^1 = 70,000 W
      16: 5001, 17: 0xfffe, // 50.01 Hz
      24: 0x0001, 25: 0x86a0, 26: 3, // acc32 0x000186A0 = 100,000 × 10^3 Wh = 1e8 Wh
      27: 11_650, 28: 0xfffe, // 116.5 A
      29: 6000, 30: 0xffff, // 600.0 V
      31: 0xff9c, 32: 0, // int16 0xFF9C = −100 W
      33: 0xff06, 37: 0xffff, // int16 0xFF06 = −250 × 10^−1 = −25.0 °C
      38: 4, // St MPPT
      40: 0x0000, 41: 0x0081, // Evt1 bits 0 (GROUND_FAULT) and 7 (OVER_TEMP) = 129
    });
    expect(decodeInverter(r)).toEqual({
      modelId: 103,
      acCurrentA: 12.34,
      acVoltageV: 230.1,
      acPowerW: 70_000,
      frequencyHz: 50.01,
      energyWh: 100_000_000,
      dcCurrentA: 116.5,
      dcVoltageV: 600,
      dcPowerW: -100,
      cabinetTempC: -25,
      state: 4,
      events: 129,
    });
  });

  it('maps the "not implemented" values to null: uint16 0xFFFF, int16 0x8000, acc32 0, sunssf 0x8000, bitfield32 0xFFFFFFFF', () => {
    const r = dump(101, 50, { 2: 0xffff, 6: 0, 10: 2300, 13: 0x8000, 14: 0x8000, 15: 0, 24: 0, 25: 0, 26: 0, 38: 0xffff, 40: 0xffff, 41: 0xffff });
    const v = decodeInverter(r);
    expect(v.acCurrentA).toBeNull();
    expect(v.acVoltageV).toBeNull(); // the value is there but its scale factor is not implemented
    expect(v.acPowerW).toBeNull();
    expect(v.energyWh).toBeNull();
    expect(v.state).toBeNull();
    expect(v.events).toBeNull();
  });

  it('reads acc32 across the high word: 0x0100 0x0000 = 16,777,216 Wh', () => {
    expect(decodeInverter(dump(102, 50, { 24: 0x0100, 25: 0, 26: 0 })).energyWh).toBe(16_777_216);
  });
});

describe('SunSpec inverter models 111–113 (float32)', () => {
  it('decodes IEEE 754 big-endian pairs; NaN is not implemented', () => {
    // Offsets (model_111.json): A 2, PhVphA 16, W 22, Hz 24, WH 32, DCA 34, DCV 36, DCW 38, TmpCab 40, St 48, Evt1 50.
    // 1000.0 = 0x447A0000, 230.0 = 0x43660000, 50.0 = 0x42480000, 1e6 = 0x49742400, −12.5 = 0xC1480000, NaN = 0x7FC00000.
    const r = dump(111, 60, {
      2: 0x7fc0, 3: 0,
      16: 0x4366, 17: 0,
      22: 0x447a, 23: 0,
      24: 0x4248, 25: 0,
      32: 0x4974, 33: 0x2400,
      40: 0xc148, 41: 0,
      48: 7,
      50: 0, 51: 0x1000, // Evt1 bit 12 BLOWN_STRING_FUSE
    });
    expect(decodeInverter(r)).toMatchObject({ modelId: 111, acCurrentA: null, acVoltageV: 230, acPowerW: 1000, frequencyHz: 50, energyWh: 1_000_000, cabinetTempC: -12.5, state: 7, events: 4096 });
  });
});

describe('the common model and the chain', () => {
  /** 'SunS' at 40000, model 1 (L 66), model 113 (L 60), end 0xFFFF. */
  function image(): Map<number, number> {
    const m = new Map<number, number>();
    const put = (a: number, vals: number[]) => vals.forEach((v, k) => m.set(a + k, v));
    put(40000, [0x5375, 0x6e53]);
    const common = new Array<number>(68).fill(0);
    common[0] = 1;
    common[1] = 66;
    // Mn "Fronius" at offset 2 (2 characters a register, NUL padded): 'Fr' 'on' 'iu' 's\0'
    [0x4672, 0x6f6e, 0x6975, 0x7300].forEach((v, k) => (common[2 + k] = v));
    // SN "AB12" at offset 50
    [0x4142, 0x3132].forEach((v, k) => (common[50 + k] = v));
    common[66] = 1;
    put(40002, common);
    const inv = new Array<number>(62).fill(0);
    inv[0] = 113;
    inv[1] = 60;
    put(40070, inv);
    put(40132, [0xffff, 0]);
    return m;
  }

  it('walks from the marker to the end model and decodes the common model', async () => {
    const regs = image();
    const reads: [number, number][] = [];
    const read = async (a: number, n: number) => {
      reads.push([a, n]);
      return Array.from({ length: n }, (_, k) => regs.get(a + k) ?? 0);
    };
    const models = await discoverModels(read);
    expect(models).toEqual([
      { id: 1, address: 40002, length: 66 },
      { id: 113, address: 40070, length: 60 },
    ]);
    const c = decodeCommon(await readModel(read, models[0]));
    expect(c).toMatchObject({ manufacturer: 'Fronius', serial: 'AB12', deviceAddress: 1 });
  });

  it('refuses a device without the SunS marker', async () => {
    await expect(discoverModels(async (_a, n) => new Array<number>(n).fill(0))).rejects.toThrow(/SunSpec marker/);
  });
});
