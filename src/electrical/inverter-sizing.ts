// Inverter sizing: the DC/AC ratio, the inverter count for a target ratio, and the automatic plan that
// spreads strings over inverters and their MPPT inputs, with the checks of any plan (docs/ELECTRICAL.md,
// "Inverter sizing", "String length").
//
// Sources: DC/AC ratio = Σ module STC power / Σ inverter rated AC power (PVsyst "Inverter sizing";
// PVsyst proposes 1.25, NB/T 10394-2020 permits up to 1.8, the product's default target is 1.2); the
// strings on one MPPT input must be alike (same length, same orientation) since they share its
// voltage — PVsyst warns of a "mismatch" otherwise; the per-input limits of string-sizing.ts.
import { ELECTRICAL_DEFAULTS } from '../model/electrical-design.ts';
import type { Inverter } from '../model/equipment-inverter.ts';
import type { PvModule } from '../model/equipment-module.ts';
import type { RuleCheck } from '../model/electrical.ts';
import { spreadEvenly } from './combiners.ts';
import { maxStringsPerMppt } from './string-sizing.ts';

/** What the plan needs of an inverter model (the library's field names). */
export type PlanInverter = Pick<
  Inverter,
  'mpptCount' | 'stringsPerMppt' | 'maxInputCurrentPerMppt' | 'maxShortCircuitCurrentPerMppt' | 'ratedAcPower' | 'maxDcPower'
>;
/** What the plan needs of a module: STC power [W], Imp and Isc [A]. */
export type PlanModule = Pick<PvModule, 'pmax' | 'imp' | 'isc'>;

/** Where one string goes: the 0-based inverter and its 0-based MPPT input. */
export interface StringSlot {
  inverterIndex: number;
  mppt: number;
}

/** A check of one inverter (mppt absent) or of one of its MPPT inputs. */
export type InverterCheck = RuleCheck & { inverterIndex: number; mppt?: number };

export interface AssignmentPlan {
  /** Per string (by index): its slot, or null when no input could take it. */
  slots: (StringSlot | null)[];
  /** Indices of the strings left out (the inverters' inputs are full). */
  unassigned: number[];
  checks: InverterCheck[];
}

/**
 * DC/AC ratio: Σ module STC power / Σ inverter rated AC power [-].
 * @param dcPowerW Σ module STC power [W]
 * @param acPowerW Σ inverter rated AC power [W]
 */
export function dcAcRatio(dcPowerW: number, acPowerW: number): number {
  return dcPowerW / acPowerW;
}

/**
 * Inverters of one model for a target DC/AC ratio: count = max(1, ceil(ΣPdc / (target · Pac))), the
 * fewest whose ratio does not exceed the target, and the ratio that count gives.
 * @param dcPowerW Σ module STC power [W]
 * @param inverterAcPowerW one inverter's rated AC power [W]
 * @param target DC/AC ratio aimed at [-]
 */
export function inverterCount(
  dcPowerW: number,
  inverterAcPowerW: number,
  target: number = ELECTRICAL_DEFAULTS.targetDcAcRatio,
): { count: number; dcAcRatio: number } {
  if (!(inverterAcPowerW > 0) || !(target > 0)) throw new RangeError('inverter power and target ratio must be > 0');
  const count = Math.max(1, Math.ceil(dcPowerW / (target * inverterAcPowerW) - 1e-9));
  return { count, dcAcRatio: dcAcRatio(dcPowerW, count * inverterAcPowerW) };
}

/** Strings one MPPT input of the model takes, given the module's currents. */
export function mpptCapacity(module: PlanModule, inverter: PlanInverter): number {
  return maxStringsPerMppt(module, {
    maxInputCurrent: inverter.maxInputCurrentPerMppt,
    maxShortCircuitCurrent: inverter.maxShortCircuitCurrentPerMppt,
    stringsPerMppt: inverter.stringsPerMppt,
  });
}

/**
 * MPPT inputs per group of equal-length strings on one inverter: each group gets the inputs it needs
 * (ceil(size / capacity)), the spare inputs go one by one to the group with the most strings per
 * input. Null when the groups need more inputs than there are (lengths must mix).
 */
function inputsPerGroup(sizes: readonly number[], capacity: number, inputs: number): number[] | null {
  const m = sizes.map((s) => Math.ceil(s / capacity));
  let spare = inputs - m.reduce((a, b) => a + b, 0);
  if (spare < 0) return null;
  while (spare > 0) {
    let best = -1;
    for (let g = 0; g < sizes.length; g++) {
      if (sizes[g] > m[g] && (best < 0 || sizes[g] / m[g] > sizes[best] / m[best])) best = g;
    }
    if (best < 0) break;
    m[best]++;
    spare--;
  }
  return m;
}

/**
 * The automatic plan: strings spread evenly over `count` inverters of one model (their numbers differ
 * by at most one), then over each inverter's MPPT inputs, keeping strings of one length together so
 * that an input holds one length whenever the inputs allow it. Strings are taken longest first; when
 * every input is full, the shortest are left unassigned.
 * @param stringLengths modules of each string, by string index [-]
 * @param module the strings' module
 * @param inverter the inverter model
 * @param count inverters [-], ≥ 1
 * @param maxDcAcRatio the DC/AC ratio limit of the checks [-]
 */
export function assignStrings(
  stringLengths: readonly number[],
  module: PlanModule,
  inverter: PlanInverter,
  count: number,
  maxDcAcRatio: number = ELECTRICAL_DEFAULTS.maxDcAcRatio,
): AssignmentPlan {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a whole number ≥ 1');
  const capacity = mpptCapacity(module, inverter);
  const order = stringLengths.map((_, i) => i).sort((a, b) => stringLengths[b] - stringLengths[a] || a - b);
  const placed = Math.min(order.length, count * inverter.mpptCount * capacity);
  const perInverter = spreadEvenly(placed, count);
  const slots: (StringSlot | null)[] = stringLengths.map(() => null);

  let next = 0;
  perInverter.forEach((n, inverterIndex) => {
    const mine = order.slice(next, next + n);
    next += n;
    // Runs of equal length (the order is by length).
    const groups: number[][] = [];
    for (const s of mine) {
      const last = groups[groups.length - 1];
      if (last && stringLengths[last[0]] === stringLengths[s]) last.push(s);
      else groups.push([s]);
    }
    const inputs = inputsPerGroup(
      groups.map((g) => g.length),
      capacity,
      inverter.mpptCount,
    );
    // Either one run of inputs per group, or (lengths must mix) all strings over all inputs.
    const runs = inputs ? groups.map((g, k) => ({ strings: g, inputs: inputs[k] })) : [{ strings: mine, inputs: inverter.mpptCount }];
    let mppt = 0;
    for (const run of runs) {
      let i = 0;
      for (const take of spreadEvenly(run.strings.length, run.inputs)) {
        for (const s of run.strings.slice(i, i + take)) slots[s] = { inverterIndex, mppt };
        i += take;
        mppt++;
      }
    }
  });

  const unassigned = order.slice(placed).sort((a, b) => a - b);
  return { slots, unassigned, checks: checkAssignment(stringLengths, slots, module, inverter, count, maxDcAcRatio) };
}

/**
 * The checks of a plan, automatic or by hand. Per inverter: `dcAcRatio` (≤ maxDcAcRatio) and, when the
 * datasheet gives it, `maxDcPower` (Σ STC power ≤ max DC input power). Per MPPT input holding strings:
 * `mpptCurrent` (p · Imp), `mpptShortCircuit` (p · Isc, when given), `stringsPerMppt` (p), and
 * `mpptSameLength` (value: the distinct string lengths on the input, limit 1).
 * @throws RangeError when a slot names an inverter or an input that does not exist
 */
export function checkAssignment(
  stringLengths: readonly number[],
  slots: readonly (StringSlot | null)[],
  module: PlanModule,
  inverter: PlanInverter,
  count: number,
  maxDcAcRatio: number = ELECTRICAL_DEFAULTS.maxDcAcRatio,
): InverterCheck[] {
  const dcPower = new Array<number>(count).fill(0);
  const inputs = new Map<string, { inverterIndex: number; mppt: number; strings: number; lengths: Set<number> }>();
  slots.forEach((slot, s) => {
    if (!slot) return;
    const { inverterIndex, mppt } = slot;
    if (!Number.isInteger(inverterIndex) || inverterIndex < 0 || inverterIndex >= count) {
      throw new RangeError(`string ${s}: inverter ${inverterIndex} does not exist`);
    }
    if (!Number.isInteger(mppt) || mppt < 0 || mppt >= inverter.mpptCount) throw new RangeError(`string ${s}: MPPT ${mppt} does not exist`);
    dcPower[inverterIndex] += stringLengths[s] * module.pmax;
    const key = `${inverterIndex}:${mppt}`;
    const input = inputs.get(key) ?? { inverterIndex, mppt, strings: 0, lengths: new Set<number>() };
    input.strings++;
    input.lengths.add(stringLengths[s]);
    inputs.set(key, input);
  });

  const checks: InverterCheck[] = [];
  const add = (inverterIndex: number, mppt: number | undefined, rule: string, value: number, limit: number, ok: boolean) =>
    checks.push(mppt === undefined ? { inverterIndex, rule, ok, value, limit } : { inverterIndex, mppt, rule, ok, value, limit });
  const within = (value: number, limit: number) => value <= limit * (1 + 1e-9);
  for (let i = 0; i < count; i++) {
    const ratio = dcAcRatio(dcPower[i], inverter.ratedAcPower);
    add(i, undefined, 'dcAcRatio', ratio, maxDcAcRatio, within(ratio, maxDcAcRatio));
    if (inverter.maxDcPower !== undefined) add(i, undefined, 'maxDcPower', dcPower[i], inverter.maxDcPower, within(dcPower[i], inverter.maxDcPower));
  }
  const sorted = [...inputs.values()].sort((a, b) => a.inverterIndex - b.inverterIndex || a.mppt - b.mppt);
  for (const { inverterIndex, mppt, strings: p, lengths } of sorted) {
    const limitI = inverter.maxInputCurrentPerMppt;
    add(inverterIndex, mppt, 'mpptCurrent', p * module.imp, limitI, within(p * module.imp, limitI));
    const limitIsc = inverter.maxShortCircuitCurrentPerMppt;
    if (limitIsc !== undefined) add(inverterIndex, mppt, 'mpptShortCircuit', p * module.isc, limitIsc, within(p * module.isc, limitIsc));
    add(inverterIndex, mppt, 'stringsPerMppt', p, inverter.stringsPerMppt, p <= inverter.stringsPerMppt);
    add(inverterIndex, mppt, 'mpptSameLength', lengths.size, 1, lengths.size === 1);
  }
  return checks;
}
