// The automatic inverter configuration as a pure plan (spec 000 §7 "inverter-config"; docs/ELECTRICAL.md
// "String length", "Inverter sizing"): from the layout's library module, 1–5 library inverter models
// (counts given or not), the site's temperatures and the strings the engine's `stringing` cut along the
// rows, it works out
//   1. the string length range: the intersection of every model's range (string-sizing.ts) with the
//      caller's — strings of one length must suit whichever model they feed; none: not adaptable;
//   2. the inverter counts: the given ones, the others from the target DC/AC ratio on the strung DC
//      power (inverter-sizing.ts `inverterCount`, the AC still missing shared equally by the models
//      without a count); then raised one by one (models without a given count only) while their inputs
//      cannot take every string;
//   3. how many strings each MPPT input takes: the strings its connectors take within its current
//      limits (`mpptCapacity`), or — only when those inputs cannot take every string — as many as its
//      current limits allow, the strings beyond its connectors gathered in combiner boxes of
//      COMBINER_INPUTS inputs (combiners.ts; string fuses of ≥ 1.4·Isc when more than 2 are in parallel);
//   4. which strings feed which model: consecutive runs of the strings in wiring order (so that
//      neighbouring strings share a model), sized in proportion to each model's AC power within its
//      inputs; then per model `assignStrings` (even over its inverters and their inputs, one string
//      length per input where possible); strings no input can take stay unconnected;
//   5. positions (placement.ts), the stored document and the checks of the plan.
import { combinerBoxes, stringFuse } from '../../electrical/combiners.ts';
import { assignStrings, dcAcRatio, inverterCount, mpptCapacity, type StringSlot } from '../../electrical/inverter-sizing.ts';
import { maxStringsPerMppt, sizeStrings, type StringInverter, type StringModule, type StringSite } from '../../electrical/string-sizing.ts';
import type { ElectricalCheck } from '../../model/api/electrical.ts';
import { ELECTRICAL_DEFAULTS, MAX_INVERTERS, MAX_STRINGS, type Combiner, type InverterConfigDocument, type PlacedInverter, type PvString } from '../../model/electrical-design.ts';
import { stringsInputSchema } from '../../model/electrical.ts';
import { STRINGING } from '../../model/stringing.ts';
import type { Inverter } from '../../model/equipment-inverter.ts';
import type { PvModule } from '../../model/equipment-module.ts';
import { configurationChecks } from '../../electrical/configuration-checks.ts';
import { apiError } from '../errors.ts';
import { centroid, gridPointNear, placeInverters } from './placement.ts';

/** String inputs of an automatically placed combiner box (a common size of PV combiner boxes). */
export const COMBINER_INPUTS = 16;
/** Most strings one MPPT input may gather through combiner boxes (the engine's and the string rules' bound). */
const MAX_STRINGS_PER_INPUT = STRINGING.maxStringsPerMppt;

type XY = [number, number];

/** An inverter model chosen for the configuration. */
export interface PlanModel {
  key: string;
  libraryId: number;
  data: Inverter;
  /** Inverters asked for; absent: from the target DC/AC ratio. */
  count?: number;
}

/** The site temperatures of the string rules [°C]. */
export type Temperatures = StringSite;

/** The string-sizing view of a library module (βVmp: the library has none, so βVoc is used). */
export function stringModuleOf(m: PvModule): StringModule {
  return { voc: m.voc, vmp: m.vmp, isc: m.isc, imp: m.imp, betaVoc: m.tempCoeffVoc, maxSystemVoltage: m.maxSystemVoltage };
}

/** The string-sizing view of a library inverter. */
export function stringInverterOf(v: Inverter): StringInverter {
  return {
    mpptMin: v.mpptMinVoltage,
    mpptMax: v.mpptMaxVoltage,
    maxDcVoltage: v.maxDcVoltage,
    maxInputCurrent: v.maxInputCurrentPerMppt,
    ...(v.maxShortCircuitCurrentPerMppt === undefined ? {} : { maxShortCircuitCurrent: v.maxShortCircuitCurrentPerMppt }),
    stringsPerMppt: Math.min(v.stringsPerMppt, MAX_STRINGS_PER_INPUT),
  };
}

/**
 * The string length range every model accepts, within `requested` when given; 400 with the spec's
 * message naming the model (or the requested range) when there is none.
 */
export function stringRange(module: PvModule, models: readonly PlanModel[], temps: Temperatures, requested?: { min: number; max: number }): { min: number; max: number } {
  let min = 1;
  let max = 200;
  models.forEach((model, k) => {
    const input = stringsInputSchema.safeParse({ module: stringModuleOf(module), inverter: stringInverterOf(model.data), site: temps });
    if (!input.success) {
      const issue = input.error.issues[0];
      const field = issue.path[0] === 'module' ? 'projectId' : `inverters.${k}.libraryId`;
      throw apiError('VALIDATION', { field, message: `${issue.path.join('.')}: ${issue.message}` }, { field });
    }
    const sized = sizeStrings(input.data);
    if (!sized.adaptable) throw apiError('INVERTER_NOT_ADAPTABLE', {}, { field: `inverters.${k}.libraryId` });
    min = Math.max(min, sized.minModulesPerString);
    max = Math.min(max, sized.maxModulesPerString);
  });
  if (min > max) throw apiError('INVERTER_NOT_ADAPTABLE', {}, { field: 'inverters' });
  if (requested) {
    min = Math.max(min, requested.min);
    max = Math.min(max, requested.max);
    if (min > max) throw apiError('INVERTER_NOT_ADAPTABLE', {}, { field: 'modulesPerString' });
  }
  return { min, max };
}

/** The counts of inverters per model before the inputs are checked (step 2 above). */
export function ratioCounts(dcPowerW: number, models: readonly PlanModel[], target: number): number[] {
  const auto = models.filter((m) => m.count === undefined);
  const givenAc = models.reduce((s, m) => s + (m.count ?? 0) * m.data.ratedAcPower, 0);
  const share = Math.max(0, dcPowerW - givenAc * target) / Math.max(1, auto.length);
  return models.map((m) => m.count ?? inverterCount(share, m.data.ratedAcPower, target).count);
}

/** A string of the layout, from the engine's stringing: modules in wiring order. */
export interface PlannedString {
  moduleRefs: string[];
}

export interface PlanInput {
  module: PvModule;
  models: readonly PlanModel[];
  range: { min: number; max: number };
  temperatures: Temperatures;
  targetDcAcRatio: number;
  layoutVersion: number;
  /** Strings in wiring order (the engine's order: face by face along the rows). */
  strings: readonly PlannedString[];
  /** Modules no string took. */
  unassigned: readonly string[];
  /** Plan position of every module [m]. */
  positions: ReadonlyMap<string, XY>;
  /** Building outlines (rings) for the inverters' walls. */
  rings: readonly XY[][];
}

export interface PlanResult {
  doc: InverterConfigDocument;
  checks: ElectricalCheck[];
  summary: { dcKw: number; acKw: number; dcAcRatio: number; strings: number; unassigned: number; modulesPerString: { min: number; max: number } };
}

/** Strings `total` split over weights (largest remainders), each part within its cap; the rest unplaced. */
export function splitByWeight(total: number, weights: readonly number[], caps: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (total * w) / sum : total / weights.length));
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, k) => ({ k, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.k - b.k);
  for (const { k } of byRemainder) {
    if (left === 0) break;
    parts[k]++;
    left--;
  }
  let spill = 0;
  parts.forEach((p, k) => {
    if (p > caps[k]) {
      spill += p - caps[k];
      parts[k] = caps[k];
    }
  });
  for (let k = 0; k < parts.length && spill > 0; k++) {
    const take = Math.min(spill, caps[k] - parts[k]);
    parts[k] += take;
    spill -= take;
  }
  return parts;
}

const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The configuration of a layout's strings (steps 2–5 above). */
export function planConfiguration(input: PlanInput): PlanResult {
  const { module, models, range, temperatures: temps, strings } = input;
  if (strings.length > MAX_STRINGS) {
    throw apiError('VALIDATION', { field: 'modulesPerString', message: `the layout makes ${strings.length} strings, at most ${MAX_STRINGS}: choose longer strings` }, { field: 'modulesPerString' });
  }
  const smodule = stringModuleOf(module);
  const lengths = strings.map((s) => s.moduleRefs.length);
  const dcW = lengths.reduce((a, n) => a + n, 0) * module.pmax;

  // 2–3. counts and strings per input
  const counts = ratioCounts(dcW, models, input.targetDcAcRatio);
  const connectors = models.map((m) => mpptCapacity(module, m.data));
  const current = models.map((m) =>
    maxStringsPerMppt(smodule, { maxInputCurrent: m.data.maxInputCurrentPerMppt, maxShortCircuitCurrent: m.data.maxShortCircuitCurrentPerMppt, stringsPerMppt: MAX_STRINGS_PER_INPUT }),
  );
  const slots = (caps: readonly number[]) => models.reduce((s, m, k) => s + counts[k] * m.data.mpptCount * caps[k], 0);
  const caps = slots(connectors) >= strings.length ? connectors : current.map((c, k) => Math.max(c, connectors[k]));
  const auto = models.map((m, k) => (m.count === undefined ? k : -1)).filter((k) => k >= 0);
  for (let i = 0; auto.length > 0 && slots(caps) < strings.length && counts.reduce((a, b) => a + b, 0) < MAX_INVERTERS; i++) counts[auto[i % auto.length]]++;

  const total = counts.reduce((a, b) => a + b, 0);
  if (total > MAX_INVERTERS) {
    throw apiError('VALIDATION', { field: 'inverters', message: `the plant would need ${total} inverters, at most ${MAX_INVERTERS}: choose a larger model` }, { field: 'inverters' });
  }

  // 4. strings per model, then per inverter and input
  const parts = splitByWeight(
    strings.length,
    models.map((m, k) => counts[k] * m.data.ratedAcPower),
    models.map((m, k) => counts[k] * m.data.mpptCount * caps[k]),
  );
  const inverters: PlacedInverter[] = [];
  const slotOf: (StringSlot & { inverterId: string; modelIndex: number } | null)[] = strings.map(() => null);
  const firstInverter: number[] = [];
  let next = 0;
  models.forEach((m, k) => {
    firstInverter.push(inverters.length);
    for (let i = 0; i < counts[k]; i++) {
      const n = inverters.length + 1;
      inverters.push({ id: `inv-${n}`, name: `INV-${n}`, modelKey: m.key, position: null });
    }
    const mine = lengths.slice(next, next + parts[k]);
    const plan = assignStrings(mine, module, { ...m.data, stringsPerMppt: caps[k] }, counts[k], ELECTRICAL_DEFAULTS.maxDcAcRatio);
    plan.slots.forEach((slot, s) => {
      if (slot) slotOf[next + s] = { ...slot, inverterId: inverters[firstInverter[k] + slot.inverterIndex].id, modelIndex: k };
    });
    next += parts[k];
  });

  // combiner boxes where an input takes more strings than its connectors
  const byInput = new Map<string, number[]>();
  slotOf.forEach((slot, s) => {
    if (!slot) return;
    const key = `${slot.inverterId}:${slot.mppt}`;
    const list = byInput.get(key);
    if (list) list.push(s);
    else byInput.set(key, [s]);
  });
  const combiners: Combiner[] = [];
  const combinerOf: (string | null)[] = strings.map(() => null);
  for (const [, list] of byInput) {
    const slot = slotOf[list[0]] as NonNullable<(typeof slotOf)[number]>;
    if (list.length <= models[slot.modelIndex].data.stringsPerMppt) continue;
    let i = 0;
    for (const size of combinerBoxes(list.length, COMBINER_INPUTS)) {
      const n = combiners.length + 1;
      const fuse = stringFuse(module.isc, size);
      const members = list.slice(i, i + size);
      i += size;
      combiners.push({ id: `cb-${n}`, name: `CB-${n}`, inverterId: slot.inverterId, inputs: size, position: null, fuseA: fuse.required ? fuse.ratingA : null });
      for (const s of members) combinerOf[s] = `cb-${n}`;
    }
  }

  // 5. positions
  const pointsOf = (indices: readonly number[]) => indices.flatMap((s) => strings[s].moduleRefs.map((r) => input.positions.get(r) as XY));
  const stringsOfInverter = inverters.map((v) => slotOf.flatMap((slot, s) => (slot?.inverterId === v.id ? [s] : [])));
  const placed = placeInverters(stringsOfInverter.map(pointsOf), input.rings);
  inverters.forEach((v, i) => (v.position = placed[i].position));
  for (const c of combiners) c.position = centroid(pointsOf(combinerOf.flatMap((id, s) => (id === c.id ? [s] : []))));

  const docStrings: PvString[] = strings.map((s, i) => ({
    id: `s${i + 1}`,
    number: i + 1,
    moduleRefs: [...s.moduleRefs],
    inverterId: slotOf[i]?.inverterId ?? null,
    mppt: slotOf[i]?.mppt ?? null,
    combinerId: combinerOf[i],
  }));
  const doc: InverterConfigDocument = {
    kind: 'inverter-config',
    version: 1,
    mode: 'auto',
    layoutVersion: input.layoutVersion,
    targetDcAcRatio: input.targetDcAcRatio,
    modulesPerString: { ...range },
    temperatures: { ...temps },
    inverterModels: models.map((m) => ({ key: m.key, libraryId: m.libraryId, data: m.data })),
    inverters,
    combiners,
    strings: docStrings,
    unassigned: [...input.unassigned],
    gridPoint: placed.length > 0 ? gridPointNear(placed[0]) : null,
  };
  return { doc, checks: configurationChecks(doc, module), summary: configurationSummary(doc, module) };
}

/** Σ STC power of the connected strings and Σ rated AC power of the inverters, and their ratio. */
export function configurationSummary(doc: InverterConfigDocument, module: Pick<PvModule, 'pmax'>): PlanResult['summary'] {
  const models = new Map(doc.inverterModels.map((m) => [m.key, m.data]));
  const dcW = doc.strings.reduce((s, x) => s + x.moduleRefs.length, 0) * module.pmax;
  const acW = doc.inverters.reduce((s, v) => s + (models.get(v.modelKey)?.ratedAcPower ?? 0), 0);
  return {
    dcKw: round(dcW / 1000),
    acKw: round(acW / 1000),
    dcAcRatio: acW > 0 ? round(dcAcRatio(dcW, acW), 4) : 0,
    strings: doc.strings.length,
    unassigned: doc.unassigned.length,
    modulesPerString: { ...doc.modulesPerString },
  };
}
