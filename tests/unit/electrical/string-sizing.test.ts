// String sizing (docs/ELECTRICAL.md "String length"): limits worked by hand from datasheet values, the
// way PVsyst's "array voltage sizing" and the FSEC Solar Design Algorithm state them.
import { describe, expect, it } from 'vitest';
import {
  maxModulesPerString,
  maxStringsPerMppt,
  minModulesPerString,
  sizeStrings,
  stringChecks,
  stringInverterOf,
  stringModuleOf,
  stringsFromModules,
  vmpAt,
  vocAt,
} from '../../../src/electrical/string-sizing.ts';
import { ELECTRICAL_MESSAGES, stringsInputSchema, type StringsInput } from '../../../src/model/electrical.ts';
import { SYSTEM_INVERTERS } from '../../../src/server/library/catalogue/inverters.ts';
import { SYSTEM_MODULES } from '../../../src/server/library/catalogue/modules.ts';

const libraryModule = (id: string) => {
  const m = SYSTEM_MODULES.find((x) => x.id === id);
  if (!m) throw new Error(`no module ${id}`);
  return m;
};
const libraryInverter = (id: string) => {
  const v = SYSTEM_INVERTERS.find((x) => x.id === id);
  if (!v) throw new Error(`no inverter ${id}`);
  return v;
};

/** LONGi LR5-72HPH-550M datasheet: Voc 49.8 V, Vmp 41.95 V, Isc 13.98 A, Imp 13.12 A, βVoc −0.27 %/°C, 1500 V. */
const lr5 = stringModuleOf(libraryModule('longi-lr5-72hph-550m'));
/** Huawei SUN2000-100KTL-M1: MPPT 200–1000 V, max DC 1100 V, 26 A / 40 A Isc per MPPT, 2 strings per MPPT. */
const huawei100 = stringInverterOf(libraryInverter('huawei-sun2000-100ktl-m1'));
const site = { tempMin: -10, tempCellHot: 60, tempCellCool: 20 };

describe('module voltage at temperature (linear in T)', () => {
  it('Voc(−10 °C) and Vmp(60 °C), Vmp(20 °C) of the LR5-72HPH-550M, βVmp = βVoc', () => {
    // Voc(−10) = 49.8 · (1 − 0.0027 · (−35)) = 49.8 · 1.0945 = 54.5061 V
    expect(vocAt(lr5, -10)).toBeCloseTo(54.5061, 4);
    // Vmp(60) = 41.95 · (1 − 0.0027 · 35) = 41.95 · 0.9055 = 37.985725 V
    expect(vmpAt(lr5, 60)).toBeCloseTo(37.985725, 5);
    // Vmp(20) = 41.95 · (1 + 0.0027 · 5) = 42.516325 V
    expect(vmpAt(lr5, 20)).toBeCloseTo(42.516325, 5);
    // A Vmp coefficient of its own wins: −0.35 %/°C at 60 °C → 41.95 · 0.8775 = 36.811125 V
    expect(vmpAt({ ...lr5, betaVmp: -0.35 }, 60)).toBeCloseTo(36.811125, 5);
    expect(vocAt(lr5, 25)).toBe(49.8);
  });
});

describe('string length limits', () => {
  it('LR5-72HPH-550M on a SUN2000-100KTL-M1 at −10 °C: 6 … 20 modules, 1 string per MPPT', () => {
    // max DC voltage = min(1100 inverter, 1500 module) = 1100 V
    // n ≤ 1100 / 54.5061 = 20.18 → 20 (20 · 54.5061 = 1090.12 V; 21 · 54.5061 = 1144.63 V > 1100)
    // n ≤ 1000 / 42.516325 = 23.52 → 23 (MPPT max at 20 °C), so max = 20
    // n ≥ 200 / 37.985725 = 5.27 → 6 (MPPT min at 60 °C)
    expect(minModulesPerString(lr5, huawei100, site)).toBe(6);
    expect(maxModulesPerString(lr5, huawei100, site)).toBe(20);
    // p · 13.12 ≤ 26 → p = 1 (2 · 13.12 = 26.24 A > 26 A); p · 13.98 ≤ 40 → 2; strings per MPPT 2
    expect(maxStringsPerMppt(lr5, huawei100)).toBe(1);
  });

  it('LR5-72HPH-550M on a 1500 V Sungrow SG350HX: 14 … 27 modules, 2 strings per MPPT', () => {
    const sg350 = stringInverterOf(libraryInverter('sungrow-sg350hx'));
    // n ≤ 1500 / 54.5061 = 27.52 → 27 (28 · 54.5061 = 1526.17 V > 1500); n ≤ 1500 / 42.516 = 35.28
    // n ≥ 500 / 37.985725 = 13.16 → 14
    // p ≤ 30 / 13.12 = 2.29 → 2; p ≤ 50 / 13.98 = 3.58; strings per MPPT 2
    const out = sizeStrings(stringsInputSchema.parse({ module: lr5, inverter: sg350 }));
    expect(out).toMatchObject({ minModulesPerString: 14, maxModulesPerString: 27, maxStringsPerMppt: 2, adaptable: true });
    expect(out.message).toBeUndefined();
  });

  it('a limit met exactly is met (n · Voc = the maximum voltage)', () => {
    // Voc 50 V, βVoc 0 → 20 · 50 = 1000 V on a 1000 V inverter
    const module = { voc: 50, vmp: 40, isc: 10, imp: 9, betaVoc: 0, maxSystemVoltage: 1500 };
    const inverter = { mpptMin: 200, mpptMax: 1000, maxDcVoltage: 1000, maxInputCurrent: 18, stringsPerMppt: 2 };
    expect(maxModulesPerString(module, inverter, site)).toBe(20);
    expect(minModulesPerString(module, inverter, site)).toBe(5); // 5 · 40 = 200 V exactly
    expect(maxStringsPerMppt(module, inverter)).toBe(2); // 2 · 9 = 18 A exactly
  });
});

describe('checks of a given string', () => {
  it('18 modules, 2 strings on one SUN2000-100KTL-M1 input: voltages pass, the input current does not', () => {
    const checks = stringChecks(18, 2, lr5, huawei100, site);
    const byRule = Object.fromEntries(checks.map((c) => [c.rule, c]));
    expect(checks.map((c) => c.rule)).toEqual(['vocCold', 'vmpHotMin', 'vmpCoolMax', 'mpptCurrent', 'mpptShortCircuit', 'stringsPerMppt']);
    // 18 · 54.5061 = 981.11 V ≤ 1100 V
    expect(byRule.vocCold.value).toBeCloseTo(981.1098, 3);
    expect(byRule.vocCold).toMatchObject({ ok: true, limit: 1100 });
    // 18 · 37.985725 = 683.74 V ≥ 200 V; 18 · 42.516325 = 765.29 V ≤ 1000 V
    expect(byRule.vmpHotMin.value).toBeCloseTo(683.743, 3);
    expect(byRule.vmpHotMin).toMatchObject({ ok: true, limit: 200 });
    expect(byRule.vmpCoolMax.value).toBeCloseTo(765.294, 3);
    expect(byRule.vmpCoolMax.ok).toBe(true);
    // 2 · 13.12 = 26.24 A > 26 A; 2 · 13.98 = 27.96 A ≤ 40 A; 2 ≤ 2
    expect(byRule.mpptCurrent.value).toBeCloseTo(26.24, 9);
    expect(byRule.mpptCurrent).toMatchObject({ ok: false, limit: 26 });
    expect(byRule.mpptShortCircuit).toMatchObject({ ok: true, limit: 40 });
    expect(byRule.stringsPerMppt).toMatchObject({ ok: true, value: 2, limit: 2 });
  });

  it('21 modules break the mandatory Voc rule; the command returns the checks of modulesPerString', () => {
    const out = sizeStrings(stringsInputSchema.parse({ module: lr5, inverter: huawei100, modulesPerString: 21 }));
    const voc = out.checks?.find((c) => c.rule === 'vocCold');
    expect(voc?.ok).toBe(false);
    expect(voc?.value).toBeCloseTo(1144.6281, 3); // 21 · 54.5061
    // stringsInParallel defaults to 1: 13.12 A ≤ 26 A
    expect(out.checks?.find((c) => c.rule === 'mpptCurrent')?.ok).toBe(true);
  });

  it('leaves mpptShortCircuit out when the inverter gives no short-circuit limit', () => {
    const { maxShortCircuitCurrent: _, ...noIsc } = huawei100;
    expect(stringChecks(10, 1, lr5, noIsc, site).map((c) => c.rule)).not.toContain('mpptShortCircuit');
  });
});

describe('not adaptable', () => {
  it('a 1000 V module on a central inverter whose MPPT starts at 880 V: no n fits, with the spec message', () => {
    // SMA SHP 150-20: MPPT 880–1450 V, max DC 1500 V; the module's 1000 V system rating governs:
    // n ≤ 1000 / 54.5061 = 18.35 → 18, but n ≥ 880 / 37.985725 = 23.17 → 24
    const shp = stringInverterOf(libraryInverter('sma-shp-150-20'));
    const input: StringsInput = { module: { ...lr5, maxSystemVoltage: 1000 }, inverter: shp };
    const out = sizeStrings(stringsInputSchema.parse(input));
    expect(out.minModulesPerString).toBe(24);
    expect(out.maxModulesPerString).toBe(18);
    expect(out.adaptable).toBe(false);
    expect(out.message).toBe('The selected inverter model cannot be adapted');
    expect(ELECTRICAL_MESSAGES.notAdaptable.zh).toBeTruthy();
  });

  it('an MPPT input that cannot take one string (Imp 13.12 A on an 11 A input)', () => {
    // Huawei SUN2000-10KTL-M1: 11 A per MPPT < 13.12 A
    const small = stringInverterOf(libraryInverter('huawei-sun2000-10ktl-m1'));
    const out = sizeStrings(stringsInputSchema.parse({ module: lr5, inverter: small }));
    expect(out.maxStringsPerMppt).toBe(0);
    expect(out.adaptable).toBe(false);
    expect(out.message).toBe(ELECTRICAL_MESSAGES.notAdaptable.en);
  });
});

describe('strings from a number of modules (HelioScope)', () => {
  it('150 modules at 16 → 9 strings, 6 left over; at 15 → 10 strings', () => {
    expect(stringsFromModules(150, 16)).toEqual({ strings: 9, leftover: 6 });
    expect(stringsFromModules(150, 15)).toEqual({ strings: 10, leftover: 0 });
  });
});

describe('input schema', () => {
  it('applies the site defaults (−10 °C, 60 °C, 20 °C) and stringsInParallel 1', () => {
    const parsed = stringsInputSchema.parse({ module: lr5, inverter: huawei100 });
    expect(parsed.site).toEqual({ tempMin: -10, tempCellHot: 60, tempCellCool: 20 });
    expect(parsed.stringsInParallel).toBe(1);
  });

  it('names the field of bad input', () => {
    const paths = (doc: unknown) => {
      const r = stringsInputSchema.safeParse(doc);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(paths({ module: { ...lr5, betaVoc: 0.3 }, inverter: huawei100 })).toEqual(['module.betaVoc']);
    expect(paths({ module: { ...lr5, vmp: 60 }, inverter: huawei100 })).toEqual(['module.vmp']);
    expect(paths({ module: lr5, inverter: { ...huawei100, mpptMin: 1200 } })).toContain('inverter.mpptMin');
    expect(paths({ module: lr5, inverter: huawei100, modulesPerString: 2.5 })).toEqual(['modulesPerString']);
    expect(paths({ module: lr5, inverter: huawei100, extra: 1 })).toEqual(['']);
  });
});
