// String sizing: how many modules in series and how many strings in parallel an inverter's MPPT input
// takes (docs/ELECTRICAL.md, "String length").
//
// Sources: PVsyst help "Array voltage sizing" (the Voc at the site's lowest temperature against the
// inverter's and the module's maximum voltage; Vmp at 60 °C and 20 °C against the MPPT window), the
// FSEC Solar Design Algorithm (the same three limits), HelioScope's string-size checks (linear
// temperature dependence of Voc and Vmp with the datasheet coefficients, βVmp = βVoc when absent).
import type { Inverter } from '../model/equipment-inverter.ts';
import type { PvModule } from '../model/equipment-module.ts';
import {
  ELECTRICAL_MESSAGES,
  type RuleCheck,
  type StringsInputParsed,
  type StringsOutput,
} from '../model/electrical.ts';

export type StringModule = StringsInputParsed['module'];
export type StringInverter = StringsInputParsed['inverter'];
export type StringSite = StringsInputParsed['site'];

/** The string-sizing view of a library module (its Voc coefficient stands for Vmp's too). */
export function stringModuleOf(m: Pick<PvModule, 'voc' | 'vmp' | 'isc' | 'imp' | 'tempCoeffVoc' | 'maxSystemVoltage'>): StringModule {
  return { voc: m.voc, vmp: m.vmp, isc: m.isc, imp: m.imp, betaVoc: m.tempCoeffVoc, maxSystemVoltage: m.maxSystemVoltage };
}

/** The string-sizing view of a library inverter (per-MPPT currents). */
export function stringInverterOf(
  v: Pick<
    Inverter,
    'mpptMinVoltage' | 'mpptMaxVoltage' | 'maxDcVoltage' | 'maxInputCurrentPerMppt' | 'maxShortCircuitCurrentPerMppt' | 'stringsPerMppt'
  >,
): StringInverter {
  const inverter: StringInverter = {
    mpptMin: v.mpptMinVoltage,
    mpptMax: v.mpptMaxVoltage,
    maxDcVoltage: v.maxDcVoltage,
    maxInputCurrent: v.maxInputCurrentPerMppt,
    stringsPerMppt: v.stringsPerMppt,
  };
  if (v.maxShortCircuitCurrentPerMppt !== undefined) inverter.maxShortCircuitCurrent = v.maxShortCircuitCurrentPerMppt;
  return inverter;
}

/** Tolerance of the integer divisions below: a product exactly on a limit meets it [-]. */
const EPS = 1e-9;

/** Reference cell temperature of the datasheet values (STC) [°C]. */
export const T_STC = 25;

/**
 * A module voltage at cell temperature T, linear in T (PVsyst, HelioScope).
 * @param v25 the voltage at STC [V]
 * @param beta its temperature coefficient [% °C⁻¹]
 * @param t cell temperature [°C]
 * @returns [V]
 */
export function voltageAt(v25: number, beta: number, t: number): number {
  return v25 * (1 + (beta / 100) * (t - T_STC));
}

/** Voc at cell temperature t [°C] [V]. */
export function vocAt(module: Pick<StringModule, 'voc' | 'betaVoc'>, t: number): number {
  return voltageAt(module.voc, module.betaVoc, t);
}

/** Vmp at cell temperature t [°C] [V]; βVmp defaults to βVoc. */
export function vmpAt(module: Pick<StringModule, 'vmp' | 'betaVoc' | 'betaVmp'>, t: number): number {
  return voltageAt(module.vmp, module.betaVmp ?? module.betaVoc, t);
}

/** The mandatory voltage limit of a string: min(inverter max DC voltage, module max system voltage) [V]. */
export function maxStringVoltage(module: StringModule, inverter: StringInverter): number {
  return Math.min(inverter.maxDcVoltage, module.maxSystemVoltage);
}

/** One module's voltages at the three temperatures of the rules [V]. */
export function moduleVoltages(module: StringModule, site: StringSite): StringsOutput['moduleVoltages'] {
  return {
    vocCold: vocAt(module, site.tempMin),
    vmpHot: vmpAt(module, site.tempCellHot),
    vmpCool: vmpAt(module, site.tempCellCool),
  };
}

/** Smallest n with n · vmpHot ≥ MPPT minimum (at least 1). */
export function minModulesPerString(module: StringModule, inverter: StringInverter, site: StringSite): number {
  return Math.max(1, Math.ceil(inverter.mpptMin / vmpAt(module, site.tempCellHot) - EPS));
}

/** Largest n with n · vocCold ≤ the maximum voltage and n · vmpCool ≤ MPPT maximum (0: none). */
export function maxModulesPerString(module: StringModule, inverter: StringInverter, site: StringSite): number {
  const byVoc = Math.floor(maxStringVoltage(module, inverter) / vocAt(module, site.tempMin) + EPS);
  const byMppt = Math.floor(inverter.mpptMax / vmpAt(module, site.tempCellCool) + EPS);
  return Math.max(0, Math.min(byVoc, byMppt));
}

/**
 * Most strings in parallel on one MPPT input: p · Imp ≤ max input current, p · Isc ≤ max
 * short-circuit current when given, p ≤ strings per MPPT (0: not one string fits).
 */
export function maxStringsPerMppt(
  module: Pick<StringModule, 'imp' | 'isc'>,
  inverter: Pick<StringInverter, 'maxInputCurrent' | 'maxShortCircuitCurrent' | 'stringsPerMppt'>,
): number {
  let p = Math.min(inverter.stringsPerMppt, Math.floor(inverter.maxInputCurrent / module.imp + EPS));
  if (inverter.maxShortCircuitCurrent !== undefined) p = Math.min(p, Math.floor(inverter.maxShortCircuitCurrent / module.isc + EPS));
  return Math.max(0, p);
}

/**
 * The checks of one string design: n modules in series, p strings in parallel on one MPPT input.
 * Rule names are those of STRING_RULES; `mpptShortCircuit` only when the inverter gives the limit.
 */
export function stringChecks(
  n: number,
  p: number,
  module: StringModule,
  inverter: StringInverter,
  site: StringSite,
): RuleCheck[] {
  const v = moduleVoltages(module, site);
  const check = (rule: string, value: number, limit: number, ok: boolean): RuleCheck => ({ rule, ok, value, limit });
  const voc = n * v.vocCold;
  const vmpHot = n * v.vmpHot;
  const vmpCool = n * v.vmpCool;
  const vMax = maxStringVoltage(module, inverter);
  const checks = [
    check('vocCold', voc, vMax, voc <= vMax * (1 + EPS)),
    check('vmpHotMin', vmpHot, inverter.mpptMin, vmpHot >= inverter.mpptMin * (1 - EPS)),
    check('vmpCoolMax', vmpCool, inverter.mpptMax, vmpCool <= inverter.mpptMax * (1 + EPS)),
    check('mpptCurrent', p * module.imp, inverter.maxInputCurrent, p * module.imp <= inverter.maxInputCurrent * (1 + EPS)),
  ];
  if (inverter.maxShortCircuitCurrent !== undefined) {
    const isc = p * module.isc;
    checks.push(check('mpptShortCircuit', isc, inverter.maxShortCircuitCurrent, isc <= inverter.maxShortCircuitCurrent * (1 + EPS)));
  }
  checks.push(check('stringsPerMppt', p, inverter.stringsPerMppt, p <= inverter.stringsPerMppt));
  return checks;
}

/** The `strings` command: the string-length limits, and the checks of a given length. */
export function sizeStrings(input: StringsInputParsed): StringsOutput {
  const { module, inverter, site } = input;
  const min = minModulesPerString(module, inverter, site);
  const max = maxModulesPerString(module, inverter, site);
  const p = maxStringsPerMppt(module, inverter);
  const adaptable = min <= max && p >= 1;
  const out: StringsOutput = {
    minModulesPerString: min,
    maxModulesPerString: max,
    maxStringsPerMppt: p,
    adaptable,
    moduleVoltages: moduleVoltages(module, site),
  };
  if (!adaptable) out.message = ELECTRICAL_MESSAGES.notAdaptable.en;
  if (input.modulesPerString !== undefined) {
    out.checks = stringChecks(input.modulesPerString, input.stringsInParallel, module, inverter, site);
  }
  return out;
}

/**
 * Whole strings of one length from a number of modules, and the modules left over (HelioScope: 150
 * modules at 16 per string → 9 strings, 6 left over).
 * @param modules modules available [-]
 * @param modulesPerString string length [-], ≥ 1
 */
export function stringsFromModules(modules: number, modulesPerString: number): { strings: number; leftover: number } {
  if (!Number.isInteger(modules) || modules < 0) throw new RangeError('modules must be a whole number ≥ 0');
  if (!Number.isInteger(modulesPerString) || modulesPerString < 1) throw new RangeError('modulesPerString must be a whole number ≥ 1');
  const strings = Math.floor(modules / modulesPerString);
  return { strings, leftover: modules - strings * modulesPerString };
}
