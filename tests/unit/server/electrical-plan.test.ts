// The server's pure electrical planning (src/server/electrical): combiner boxes when an input takes
// more strings than its connectors, the string range of several models, how strings are shared between
// models, equipment placement, the cables' resistances for the simulation and the library → simulate
// models. Numbers are worked by hand from the catalogue's datasheets and docs/ELECTRICAL.md.
import { describe, expect, it } from 'vitest';
import { inverterSchema } from '../../../src/model/equipment-inverter.ts';
import { pvModuleSchema } from '../../../src/model/equipment-module.ts';
import type { InverterConfigDocument, RoutedCable } from '../../../src/model/electrical-design.ts';
import { SYSTEM_INVERTERS } from '../../../src/server/library/catalogue/inverters.ts';
import { SYSTEM_MODULES } from '../../../src/server/library/catalogue/modules.ts';
import { acOutput, rowAzimuthOf } from '../../../src/server/electrical/cables.ts';
import { planConfiguration, splitByWeight, stringRange, type PlanModel } from '../../../src/server/electrical/config-plan.ts';
import { placeInverters } from '../../../src/server/electrical/placement.ts';
import { stringGroups, wiringOhms } from '../../../src/server/electrical/project-simulation.ts';
import { simulateInverterOf, simulateModuleOf } from '../../../src/server/electrical/simulate-models.ts';

const moduleOf = (id: string) => {
  const { id: _id, ...m } = SYSTEM_MODULES.find((x) => x.id === id)!;
  return pvModuleSchema.parse(m);
};
const inverterOf = (id: string) => {
  const { id: _id, ...v } = SYSTEM_INVERTERS.find((x) => x.id === id)!;
  return inverterSchema.parse(v);
};
const LR5 = moduleOf('longi-lr5-72hph-550m');
const SHP = inverterOf('sma-shp-150-20');
const STP = inverterOf('sma-stp10-0-3av-40');
const TEMPS = { tempMin: -10, tempCellHot: 60, tempCellCool: 20 };

/** `n` strings of `length` modules in rows of one face, module k of string s at (1.2·k, 2.4·s). */
function strings(n: number, length: number) {
  const list = Array.from({ length: n }, (_, s) => ({ moduleRefs: Array.from({ length }, (_, k) => `a1#${s * length + k}`) }));
  const positions = new Map<string, [number, number]>();
  list.forEach((s, i) => s.moduleRefs.forEach((r, k) => positions.set(r, [1.2 * k, 2.4 * i])));
  return { list, positions };
}

describe('combiner boxes and the string range', () => {
  // SMA SHP 150-20: one MPPT input, one connector ("fed by external DC combiner boxes"), 180 A,
  // 880–1450 V, 1500 V max. LR5-72HPH-550M at −10/60/20 °C: Voc 54.5061 V, Vmp 37.98573 / 42.51633 V:
  // min ⌈880 / 37.98573⌉ = 24, max min(⌊1500 / 54.5061⌋ = 27, ⌊1450 / 42.51633⌋ = 34) = 27.
  // By current an input takes ⌊180 / 13.12⌋ = 13 strings.
  const shp: PlanModel[] = [{ key: 'm1', libraryId: 1, data: SHP }];

  it('takes 24–27 modules per string with the SHP 150-20, and no length suits it together with the STP 10.0 (9–18)', () => {
    expect(stringRange(LR5, shp, TEMPS)).toEqual({ min: 24, max: 27 });
    expect(() => stringRange(LR5, [...shp, { key: 'm2', libraryId: 2, data: STP }], TEMPS)).toThrow('The selected inverter model cannot be adapted');
  });

  it('gathers the strings of an input with one connector in a combiner box with 20 A string fuses', () => {
    // 6 strings of 24: 79.2 kW → ⌈79.2 / (1.2 · 150)⌉ = 1 inverter; its one connector cannot take 6 strings,
    // its current can (6 · 13.12 = 78.72 A ≤ 180 A): one box of 6, fused at ≥ 1.4 · 13.98 = 19.572 A → 20 A.
    const { list, positions } = strings(6, 24);
    const plan = planConfiguration({ module: LR5, models: shp, range: { min: 24, max: 27 }, temperatures: TEMPS, targetDcAcRatio: 1.2, layoutVersion: 3, strings: list, unassigned: [], positions, rings: [] });
    expect(plan.doc.inverters).toHaveLength(1);
    expect(plan.doc.combiners).toEqual([{ id: 'cb-1', name: 'CB-1', inverterId: 'inv-1', inputs: 6, position: expect.any(Array), fuseA: 20 }]);
    expect(plan.doc.strings.every((s) => s.combinerId === 'cb-1' && s.inverterId === 'inv-1' && s.mppt === 0)).toBe(true);
    const input = plan.checks.filter((c) => c.subject === 'INV-1 MPPT 1');
    expect(input.find((c) => c.rule === 'stringsPerMppt')).toMatchObject({ ok: true, value: 1, limit: 1 });
    expect(input.find((c) => c.rule === 'mpptCurrent')?.value).toBeCloseTo(6 * 13.12, 12);
    expect(input.find((c) => c.rule === 'vocCold')?.value).toBeCloseTo(24 * 49.8 * 1.0945, 9);
    expect(plan.summary).toMatchObject({ dcKw: 79.2, acKw: 150, dcAcRatio: 0.528, strings: 6 });
    // The box stands among its strings: the centroid of their modules, (1.2 · 11.5, 2.4 · 2.5).
    expect(plan.doc.combiners[0].position?.[0]).toBeCloseTo(13.8, 9);
    expect(plan.doc.combiners[0].position?.[1]).toBeCloseTo(6, 9);
  });

  it('adds inverters when the inputs cannot take every string: 14 strings, 13 per input → 2 inverters of 7', () => {
    const { list, positions } = strings(14, 24);
    const plan = planConfiguration({ module: LR5, models: shp, range: { min: 24, max: 27 }, temperatures: TEMPS, targetDcAcRatio: 1.2, layoutVersion: 1, strings: list, unassigned: [], positions, rings: [] });
    expect(plan.doc.inverters).toHaveLength(2);
    expect(plan.doc.strings.filter((s) => s.inverterId === 'inv-1')).toHaveLength(7);
    expect(plan.doc.combiners.map((c) => c.inputs)).toEqual([7, 7]);
    // Consecutive strings share an inverter (wiring order: neighbours).
    expect(plan.doc.strings.slice(0, 7).every((s) => s.inverterId === 'inv-1')).toBe(true);
  });
});

describe('sharing strings between models', () => {
  it('splits in proportion to the weights, largest remainders first, each part within its cap', () => {
    // 10 · (2/3, 1/3) = (6.67, 3.33) → (7, 3); the first may take 5: 2 move to the second.
    expect(splitByWeight(10, [2, 1], [10, 10])).toEqual([7, 3]);
    expect(splitByWeight(10, [2, 1], [5, 10])).toEqual([5, 5]);
    expect(splitByWeight(10, [1, 1], [3, 3])).toEqual([3, 3]);
  });

  it('puts neighbouring strings on one inverter: 4 strings in wiring order on 2 STP 10.0', () => {
    const { list, positions } = strings(4, 12);
    const stp: PlanModel[] = [{ key: 'm1', libraryId: 1, data: STP, count: 2 }];
    const plan = planConfiguration({ module: LR5, models: stp, range: { min: 9, max: 18 }, temperatures: TEMPS, targetDcAcRatio: 1.2, layoutVersion: 1, strings: list, unassigned: [], positions, rings: [] });
    expect(plan.doc.strings.map((s) => s.inverterId)).toEqual(['inv-1', 'inv-1', 'inv-2', 'inv-2']);
  });
});

describe('placement', () => {
  const ring: [number, number][][] = [
    [
      [0, 0],
      [20, 0],
      [20, 10],
      [0, 10],
    ],
  ];
  it('hangs each inverter 0.5 m outside the wall nearest its strings, 1 m from the others', () => {
    const south = [
      [9, 2],
      [11, 2],
    ] as [number, number][];
    const [a, b] = placeInverters([south, south], ring);
    expect(a.position).toEqual([10, -0.5]);
    expect(a.out).toEqual([0, -1]);
    // the same wall point is taken: slid 1 m along the wall
    expect(b.position).toEqual([11, -0.5]);
  });
});

describe('cables in the simulation', () => {
  it('gives each string its loop and each input its combiner cables as one loop with the same loss', () => {
    // Copper 10 mm²: R' = 17.241 / 10 = 1.7241 Ω/km. Box A (2 strings) 50 m: loop 2 · 0.05 · 1.7241 =
    // 0.17241 Ω; box B (1 string) 100 m: 0.34482 Ω. At equal string currents I the input loses
    // (2I)²·0.17241 + I²·0.34482 = (3I)²·R → R = (4 · 0.17241 + 0.34482) / 9 = 0.114940 Ω.
    const cable = (id: string, kind: RoutedCable['kind'], length: number, section = 10): RoutedCable => ({
      id: `c-${id}`,
      kind,
      from: { kind: kind === 'string' ? 'string' : kind === 'combiner' ? 'combiner' : 'inverter', id },
      to: { kind: 'inverter', id: 'inv-1' },
      path: [
        [0, 0],
        [length, 0],
      ],
      length,
      material: 'copper',
      crossSection: section,
      current: 1,
      voltage: 100,
      circuit: kind === 'ac' ? 'ac3' : 'dc',
      dropV: 0,
      dropPercent: 0,
      lossW: kind === 'ac' ? 0 : 1,
      ampacityOk: true,
    });
    const s = (id: string, combinerId: string) => ({ id, number: 1, moduleRefs: ['a#0'], inverterId: 'inv-1', mppt: 0, combinerId });
    const config = { strings: [s('s1', 'A'), s('s2', 'A'), s('s3', 'B')] } as unknown as InverterConfigDocument;
    const ohms = wiringOhms(config, { cables: [cable('s1', 'string', 20, 4), cable('A', 'combiner', 50), cable('B', 'combiner', 100), cable('inv-1', 'ac', 30, 16)] });
    expect(ohms.string.get('s1')).toBeCloseTo((2 * 0.02 * 17.241) / 4, 12);
    expect(ohms.mppt.get('inv-1:0')).toBeCloseTo((4 * 0.17241 + 0.34482) / 9, 12);
    expect(ohms.ac.get('inv-1')).toBeCloseTo((0.03 * 17.241) / 16, 12);
    expect(ohms.dcLossW).toBe(3);
  });

  it('groups strings by orientation and by shading bins, the finest that fits the arrays the chain may take', () => {
    // Strings of 2 modules with mean annual beam losses 0.001, 0.004 and 0.3 on one face.
    const beam = new Map([
      ['a1#0', 0], ['a1#1', 0.002], ['a1#2', 0.004], ['a1#3', 0.004], ['a1#4', 0.2], ['a1#5', 0.4],
    ]);
    const wired = (id: string, refs: string[]) => ({ id, number: 1, moduleRefs: refs, inverterId: 'inv-1', mppt: 0, combinerId: null });
    const config = { strings: [wired('s1', ['a1#0', 'a1#1']), wired('s2', ['a1#2', 'a1#3']), wired('s3', ['a1#4', 'a1#5', 'a1#9'])] } as unknown as InverterConfigDocument;
    const layout = { arrays: [{ id: 'a1', tilt: 20, azimuth: 180, centers: new Array(6 * 3).fill(0) }] } as never;
    const shading = { version: 1, beam, diffuse: new Map<string, number>() };
    // Two arrays: bins of 0.005 separate {0.001, 0.004} from {0.3}; a1#9 is not in the layout and is left out.
    const two = stringGroups(config, layout, shading, 2);
    expect(two?.map((g) => g.strings.map((x) => x.id))).toEqual([['s1', 's2'], ['s3']]);
    expect(two?.[1].strings[0].refs).toEqual(['a1#4', 'a1#5']);
    expect(two?.[1].strings[0].beam).toBeCloseTo(0.3, 12);
    // One array: every string in one bin.
    expect(stringGroups(config, layout, shading, 1)?.map((g) => g.strings.length)).toEqual([3]);
  });

  it('rated AC current: P / (√3 · U) three-phase, P / U single-phase; rows run across the array azimuth', () => {
    expect(acOutput(STP)).toEqual({ current: 10000 / (Math.sqrt(3) * 400), voltage: 400, circuit: 'ac3' });
    expect(acOutput({ ratedAcPower: 3000, ratedAcVoltage: 230, acPhases: 1 })).toEqual({ current: 3000 / 230, voltage: 230, circuit: 'ac1' });
    expect(rowAzimuthOf(180)).toBe(90);
    expect(rowAzimuthOf(90)).toBe(0);
    expect(rowAzimuthOf(225)).toBe(135);
  });
});

describe('library entries as simulate models', () => {
  it('a datasheet-only module is PVWatts at its STC power and Pmax coefficient; a .PAN one is single-diode', () => {
    const lr5 = simulateModuleOf(LR5);
    expect(lr5).toMatchObject({ model: 'pvwatts', pdc0: 550 });
    expect(lr5.model === 'pvwatts' && lr5.gammaPdc).toBeCloseTo(-0.0035, 15);
    const jinko = simulateModuleOf(moduleOf('jinko-jkm720n-66hl5-bdv'));
    expect(jinko).toMatchObject({ model: 'singleDiode', parameterSet: 'pvsyst', gammaRef: 1.054, rS: 0.168, rShRef: 1000, rSh0: 80000, cellsInSeries: 66 });
    // alphaSc = 0.0448 % / °C · 18.67 A
    expect(jinko.model === 'singleDiode' && jinko.alphaSc).toBeCloseTo(0.000448 * 18.67, 12);
  });

  it('an inverter without curves is PVWatts at its weighted efficiency with its rated AC limit; curves are kept', () => {
    // STP 10.0: European 98 % (no CEC figure) → pdc0 = 10000 / 0.98, AC limit 0.98 · pdc0 = 10 kW.
    const pv = simulateInverterOf(STP);
    expect(pv).toMatchObject({ model: 'pvwatts', etaInvNom: 0.98 });
    expect(pv.model === 'pvwatts' && pv.pdc0 * 0.98).toBeCloseTo(10000, 9);
    const curved = simulateInverterOf({
      ...STP,
      startupPower: 20,
      efficiencyCurves: [{ dcVoltage: 580, points: [{ dcPower: 0, efficiency: 0 }, { dcPower: 1000, efficiency: 95 }, { dcPower: 10000, efficiency: 98 }] }],
    });
    expect(curved).toEqual({ model: 'efficiencyCurve', curves: [{ voltage: 580, pdc: [1000, 10000], efficiency: [0.95, 0.98] }], pacMax: 10000, pdcThreshold: 20, nightLoss: 0 });
  });
});
