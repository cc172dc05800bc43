// The custom module and custom inverter forms' rules (spec 001 §3 fields, §5 messages) as the
// library schemas enforce them. The valid examples are the LONGi LR5-72HPH-550M and Huawei
// SUN2000-100KTL-M1 datasheet values (see src/server/library/catalogue).
import { describe, expect, it } from 'vitest';
import { EQUIPMENT_MESSAGES as M } from '../../../src/model/equipment.ts';
import {
  moduleArea,
  moduleEfficiency,
  pvModuleSchema,
  RSH0_RATIO_DEFAULT,
  type PvModuleIn,
} from '../../../src/model/equipment-module.ts';
import { inverterSchema, type InverterIn } from '../../../src/model/equipment-inverter.ts';

const longi550: PvModuleIn = {
  manufacturer: 'LONGi',
  model: 'LR5-72HPH-550M',
  moduleType: 'mono',
  pmax: 550, vmp: 41.95, imp: 13.12, voc: 49.8, isc: 13.98,
  length: 2256, width: 1133, thickness: 35, weight: 27.2,
  cellsInSeries: 72, cellsInParallel: 2, bypassDiodes: 3,
  maxSystemVoltage: 1500,
  tempCoeffIsc: 0.048, tempCoeffVoc: -0.27, tempCoeffPmax: -0.35,
};

const huawei100k: InverterIn = {
  manufacturer: 'Huawei',
  model: 'SUN2000-100KTL-M1',
  inverterType: 'string',
  ratedAcPower: 100000, maxAcPower: 110000, ratedAcVoltage: 400,
  maxDcVoltage: 1100, mpptMinVoltage: 200, mpptMaxVoltage: 1000,
  mpptCount: 10, stringsPerMppt: 2, maxStrings: 20,
  maxInputCurrentPerMppt: 26,
  maxEfficiency: 98.8, euroEfficiency: 98.6,
};

/** The messages of a failed parse, by dotted path. */
function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.map(String).join('.')] ??= []).push(issue.message);
  return out;
}

function without<T extends object>(obj: T, key: keyof T): T {
  const copy = { ...obj };
  delete copy[key];
  return copy;
}

describe('PV module schema (custom module form)', () => {
  it('accepts a datasheet module and fills the flags with false', () => {
    const m = pvModuleSchema.parse(longi550);
    expect(m.bifacial).toBe(false);
    expect(m.bipv).toBe(false);
    expect(m.pmax).toBe(550);
  });

  it("requires the rated power: 'Module rated power is required' (spec 001 §5), also for an empty number input", () => {
    expect(messages(pvModuleSchema.safeParse(without(longi550, 'pmax'))).pmax).toEqual([M.modulePowerRequired]);
    expect(messages(pvModuleSchema.safeParse({ ...longi550, pmax: Number.NaN })).pmax).toEqual([M.modulePowerRequired]);
    expect(M.modulePowerRequired).toBe('Module rated power is required');
  });

  it('asks for the manufacturer name and the module model, blanks included (spec 001 §5)', () => {
    const r = messages(pvModuleSchema.safeParse({ ...longi550, manufacturer: '   ', model: undefined }));
    expect(r.manufacturer).toEqual(['Please enter the manufacturer English or Chinese name']);
    expect(r.model).toEqual(['Please enter the module model']);
  });

  it("says 'This field is required' for each other required field", () => {
    for (const key of ['voc', 'isc', 'vmp', 'imp', 'length', 'width', 'cellsInSeries', 'maxSystemVoltage', 'tempCoeffPmax', 'tempCoeffVoc', 'tempCoeffIsc', 'moduleType'] as const) {
      expect(messages(pvModuleSchema.safeParse(without(longi550, key)))[key], key).toEqual(['This field is required']);
    }
  });

  it("keeps numeric fields between 0 and 999999 ('needs to be between 0 and 999999', spec 001 §5)", () => {
    expect(messages(pvModuleSchema.safeParse({ ...longi550, length: 1_000_000 })).length).toEqual([M.range]);
    expect(messages(pvModuleSchema.safeParse({ ...longi550, weight: -1 })).weight).toEqual([M.range]);
    expect(M.range).toBe('needs to be between 0 and 999999');
    expect(pvModuleSchema.safeParse({ ...longi550, weight: 999_999 }).success).toBe(true);
  });

  it('rejects text where a number is due, fractional counts and a bad date as format errors', () => {
    expect(messages(pvModuleSchema.safeParse({ ...longi550, voc: '49.8' })).voc).toEqual([M.format]);
    expect(messages(pvModuleSchema.safeParse({ ...longi550, cellsInSeries: 72.5 })).cellsInSeries).toEqual([M.integer]);
    expect(messages(pvModuleSchema.safeParse({ ...longi550, manufacturingDate: '2024-13-45' })).manufacturingDate).toEqual([M.format]);
    expect(pvModuleSchema.safeParse({ ...longi550, manufacturingDate: '2024-03-15' }).success).toBe(true);
  });

  it("requires the market exit year to be later than the entry year (spec 001 §5)", () => {
    for (const exit of [2019, 2020]) {
      const r = messages(pvModuleSchema.safeParse({ ...longi550, marketEntryYear: 2020, marketExitYear: exit }));
      expect(r.marketExitYear).toEqual(['Market exit year must be later than entry year']);
    }
    expect(pvModuleSchema.safeParse({ ...longi550, marketEntryYear: 2020, marketExitYear: 2021 }).success).toBe(true);
    expect(pvModuleSchema.safeParse({ ...longi550, marketExitYear: 2021 }).success).toBe(true);
  });

  it('rejects electrically impossible datasheets: Vmp ≥ Voc, Imp ≥ Isc, Pmax ≠ Vmp·Imp', () => {
    expect(messages(pvModuleSchema.safeParse({ ...longi550, vmp: 49.8 })).vmp).toContain(M.vmpBelowVoc);
    expect(messages(pvModuleSchema.safeParse({ ...longi550, imp: 14 })).imp).toContain(M.impBelowIsc);
    // 41.95 V × 13.12 A = 550.4 W: a typed 650 W is 18 % off.
    expect(messages(pvModuleSchema.safeParse({ ...longi550, pmax: 650 })).pmax).toEqual([M.powerMismatch]);
  });

  it('needs the bifaciality factor of a double-sided module, as a percentage', () => {
    expect(messages(pvModuleSchema.safeParse({ ...longi550, bifacial: true })).bifaciality).toEqual([M.bifacialityRequired]);
    expect(messages(pvModuleSchema.safeParse({ ...longi550, bifacial: true, bifaciality: 180 })).bifaciality).toEqual([M.percent]);
    expect(pvModuleSchema.parse({ ...longi550, bifacial: true, bifaciality: 80 }).bifaciality).toBe(80);
  });

  it('bounds temperature coefficients to ±10 %/°C', () => {
    expect(messages(pvModuleSchema.safeParse({ ...longi550, tempCoeffPmax: -35 })).tempCoeffPmax).toEqual([M.tempCoefficient]);
  });

  it('fills PVsyst defaults of the one-diode parameters: muGamma 0, Rsh exponent 5.5, Eg 1.121 eV, Rsh(0) = 4·Rsh', () => {
    const m = pvModuleSchema.parse({ ...longi550, singleDiode: { gammaRef: 0.972, rS: 0.196, rShRef: 267 } });
    expect(m.singleDiode).toEqual({ gammaRef: 0.972, muGamma: 0, rS: 0.196, rShRef: 267, rSh0: RSH0_RATIO_DEFAULT * 267, rShExp: 5.5, egRef: 1.121 });
    expect(messages(pvModuleSchema.safeParse({ ...longi550, singleDiode: { gammaRef: 1, rS: 0.2 } }))['singleDiode.rShRef']).toEqual([M.required]);
  });

  it('takes an IAM profile only with increasing angles within 0–90°', () => {
    const ok = [{ angle: 0, modifier: 1 }, { angle: 60, modifier: 0.98 }, { angle: 90, modifier: 0 }];
    expect(pvModuleSchema.parse({ ...longi550, iamProfile: ok }).iamProfile).toEqual(ok);
    expect(messages(pvModuleSchema.safeParse({ ...longi550, iamProfile: [ok[1], ok[0]] })).iamProfile).toEqual([M.iamOrder]);
  });

  it('derives area and efficiency from the dimensions: LR5-72HPH-550M is 2.556 m², 21.5 % (datasheet)', () => {
    const m = pvModuleSchema.parse(longi550);
    expect(moduleArea(m)).toBeCloseTo(2.256 * 1.133, 12);
    // Datasheet efficiency 21.5 %, printed to 0.1 pt.
    expect(Math.abs(moduleEfficiency(m) - 21.5)).toBeLessThan(0.05);
    expect(moduleEfficiency({ ...m, efficiency: 21.3 })).toBe(21.3);
  });
});

describe('inverter schema (custom inverter form)', () => {
  it('accepts a datasheet inverter; the efficiency-curve flag defaults to false', () => {
    const v = inverterSchema.parse(huawei100k);
    expect(v.hasEfficiencyCurve).toBe(false);
    expect(v.ratedAcPower).toBe(100000);
  });

  it('asks for manufacturer and model, and says which required field is empty', () => {
    const r = messages(inverterSchema.safeParse({ ...without(huawei100k, 'ratedAcPower'), manufacturer: '', model: '' }));
    expect(r.manufacturer).toEqual([M.manufacturerRequired]);
    expect(r.model).toEqual(['Please enter the inverter model']);
    expect(r.ratedAcPower).toEqual(['This field is required']);
    for (const key of ['ratedAcVoltage', 'mpptMinVoltage', 'mpptMaxVoltage', 'maxDcVoltage', 'mpptCount', 'stringsPerMppt', 'maxInputCurrentPerMppt', 'maxEfficiency', 'inverterType'] as const) {
      expect(messages(inverterSchema.safeParse(without(huawei100k, key)))[key], key).toEqual([M.required]);
    }
  });

  it('keeps numeric fields between 0 and 999999 and efficiencies between 0 and 100', () => {
    expect(messages(inverterSchema.safeParse({ ...huawei100k, maxDcPower: 1_500_000 })).maxDcPower).toEqual([M.range]);
    expect(messages(inverterSchema.safeParse({ ...huawei100k, nightConsumption: -2 })).nightConsumption).toEqual([M.range]);
    expect(messages(inverterSchema.safeParse({ ...huawei100k, maxEfficiency: 101 })).maxEfficiency).toEqual([M.percent]);
  });

  it('requires the market exit year to be later than the entry year (spec 001 §5)', () => {
    const r = messages(inverterSchema.safeParse({ ...huawei100k, marketEntryYear: 2021, marketExitYear: 2021 }));
    expect(r.marketExitYear).toEqual([M.exitYear]);
  });

  it('checks the MPPT window, the strings and the efficiencies against each other', () => {
    expect(messages(inverterSchema.safeParse({ ...huawei100k, mpptMinVoltage: 1000 })).mpptMinVoltage).toEqual([M.mpptRange]);
    expect(messages(inverterSchema.safeParse({ ...huawei100k, mpptMaxVoltage: 1200 })).mpptMaxVoltage).toEqual([M.mpptAboveMaxDc]);
    expect(messages(inverterSchema.safeParse({ ...huawei100k, maxStrings: 21 })).maxStrings).toEqual([M.maxStrings]);
    expect(messages(inverterSchema.safeParse({ ...huawei100k, euroEfficiency: 98.9 })).euroEfficiency).toEqual([M.weightedEfficiency]);
    expect(messages(inverterSchema.safeParse({ ...huawei100k, cecEfficiency: 99 })).cecEfficiency).toEqual([M.weightedEfficiency]);
    expect(messages(inverterSchema.safeParse({ ...huawei100k, maxAcPower: 90000 })).maxAcPower).toEqual([M.maxAcPower]);
  });

  it('needs curve data when the efficiency curve is included; at most 3 curves, points in increasing power', () => {
    const curve = (dcVoltage: number) => ({ dcVoltage, points: [{ dcPower: 1000, efficiency: 95 }, { dcPower: 50000, efficiency: 98.6 }] });
    expect(messages(inverterSchema.safeParse({ ...huawei100k, hasEfficiencyCurve: true })).efficiencyCurves).toEqual([M.curveRequired]);
    expect(inverterSchema.safeParse({ ...huawei100k, hasEfficiencyCurve: true, efficiencyCurves: [curve(400), curve(600), curve(900)] }).success).toBe(true);
    expect(messages(inverterSchema.safeParse({ ...huawei100k, efficiencyCurves: [curve(300), curve(400), curve(600), curve(900)] })).efficiencyCurves).toEqual([M.curveCount]);
    const backwards = { dcVoltage: 600, points: [...curve(600).points].reverse() };
    expect(messages(inverterSchema.safeParse({ ...huawei100k, efficiencyCurves: [backwards] }))['efficiencyCurves.0.points']).toEqual([M.curveOrder]);
  });

  it('accepts only 1 or 3 AC phases', () => {
    expect(messages(inverterSchema.safeParse({ ...huawei100k, acPhases: 2 })).acPhases).toEqual([M.format]);
  });
});
