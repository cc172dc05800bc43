// What the Electrical step's web tests share: a small layout (one array of modules on a row), an
// inverter-config document over it with a real inverter snapshot, and the datasheet values of a real
// module and inverter of the system library (the numbers the tests work out by hand from):
//   LONGi LR5-72HPH-550M: Pmax 550 W, Vmp 41.95 V, Imp 13.12 A, Voc 49.8 V, Isc 13.98 A,
//     βVoc −0.27 %/°C, max system voltage 1500 V (LONGi Hi-MO 5m datasheet);
//   Huawei SUN2000-10KTL-M1: 10 kW AC, max DC 1100 V, MPPT 140–980 V, 2 MPPT × 1 string,
//     11 A input and 15 A short-circuit per MPPT, max DC power 15 kW (Huawei datasheet).
import { DEFAULT_LAYOUT_SETTINGS, emptyLayoutDocument, type LayoutDocument } from '../../../src/model/design.ts';
import { inverterSchema } from '../../../src/model/equipment-inverter.ts';
import { pvModuleSchema, type PvModule } from '../../../src/model/equipment-module.ts';
import { ELECTRICAL_DEFAULTS, moduleRef, type InverterConfigDocument, type PvString } from '../../../src/model/electrical-design.ts';
import { SYSTEM_INVERTERS } from '../../../src/server/library/catalogue/inverters.ts';
import { SYSTEM_MODULES } from '../../../src/server/library/catalogue/modules.ts';

const { id: _m, ...moduleEntry } = SYSTEM_MODULES.find((m) => m.model === 'LR5-72HPH-550M')!;
export const MODULE: PvModule = pvModuleSchema.parse(moduleEntry);
const { id: _i, ...inverterEntry } = SYSTEM_INVERTERS.find((v) => v.model === 'SUN2000-10KTL-M1')!;
export const INVERTER = inverterSchema.parse(inverterEntry);

/** `n` modules in one row along x, 1.2 m apart, centres (1.2·i, 0, 3) [m], in array 'A'. */
export function rowLayout(n: number): LayoutDocument {
  const centers: number[] = [];
  for (let i = 0; i < n; i++) centers.push(1.2 * i, 0, 3);
  return {
    ...emptyLayoutDocument(),
    arrays: [{ id: 'A', buildingId: 'B', faceId: 'f', settings: DEFAULT_LAYOUT_SETTINGS, tilt: 0, azimuth: 180, along: 1.13, up: 2.256, centers, rowPitch: 0 }],
  };
}

export const ref = (i: number) => moduleRef('A', i);

export function string(id: string, number: number, indices: readonly number[], target: { inverterId: string | null; mppt: number | null } = { inverterId: null, mppt: null }): PvString {
  return { id, number, moduleRefs: indices.map(ref), inverterId: target.inverterId, mppt: target.mppt, combinerId: null };
}

/** A configuration of one SUN2000-10KTL-M1 (INV-1 at (0, −5)), the grid point at (0, −8), the strings given. */
export function configOf(strings: PvString[], unassigned: readonly number[] = []): InverterConfigDocument {
  return {
    kind: 'inverter-config',
    version: 1,
    mode: 'manual',
    layoutVersion: 1,
    targetDcAcRatio: ELECTRICAL_DEFAULTS.targetDcAcRatio,
    modulesPerString: { min: 4, max: 20 },
    temperatures: { tempMin: ELECTRICAL_DEFAULTS.tempMin, tempCellHot: ELECTRICAL_DEFAULTS.tempCellHot, tempCellCool: ELECTRICAL_DEFAULTS.tempCellCool },
    inverterModels: [{ key: 'm1', libraryId: 7, data: INVERTER }],
    inverters: [{ id: 'inv1', name: 'INV-1', modelKey: 'm1', position: [0, -5] }],
    combiners: [],
    strings,
    unassigned: unassigned.map(ref),
    gridPoint: [0, -8],
  };
}
