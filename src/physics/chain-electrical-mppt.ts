// One MPPT input at one weather step, for the electrical chain (chain-electrical.ts): the operating
// point of its strings in parallel, each string's power and current there, and the step's bookkeeping
// of its shaded modules (the beam they lose, and their own maximum power at their mean irradiance).
//   Unshaded input whose strings are alike (one array, one length): each string gives n × the module's
//     maximum power from the array's own module model (chain-array.ts's values), at n × V_mp and I_mp —
//     no curve work, and exactly the chain without `electrical`.
//   Otherwise (a string with shaded modules, or strings of several arrays or lengths): each string is
//     described by its kinds of bypass substring (irradiance → count: the unshaded ones, and one kind
//     per shading level, shading-rule.ts); strings of the same kinds are one curve with a count (and,
//     within a step, one curve for every input that has them: a shaded row's strings mostly share it);
//     the input's global maximum power point comes from the combined curves (mismatch/parallel-curve.ts).
//   PVWatts modules (no I–V curve): each string gives n × the module's power at the irradiance left by
//     the Martínez-Moreno beam factor over the string (mismatch/martinez.ts): F_GS the string's mean
//     shaded fraction, N_SB its substrings with any shade, N_TB all its substrings; no voltage.
// A string whose array has no light at the step is taken as disconnected (0 W, 0 A).
import { atStep, modulePowerAt, substringAt, type ModuleAtStep } from './chain-electrical-module.ts';
import type { ElectricalLayout } from './chain-electrical-layout.ts';
import { martinezBeamFactor } from './mismatch/martinez.ts';
import { parallelMaxPower } from './mismatch/parallel-curve.ts';
import { seriesCurve, seriesMaxPower, type SeriesCurve, type SeriesPart, type SeriesPoint } from './mismatch/series-curve.ts';
import { substringShading, type ModuleOrientation } from './mismatch/shading-rule.ts';

/** A kind of string at one step: its array, its substrings' irradiances and counts, its curve. */
export interface StringKind {
  array: number;
  g: number[];
  n: number[];
  curve: SeriesCurve;
  /** Its own global maximum power point, once asked for. */
  mpp: SeriesPoint | undefined;
}

/** Most kinds of string kept per step; past it the list starts again (it is only a cache). */
const MAX_KINDS = 256;

/** The step's shaded-module sums [W], added to by {@link solveMppt}. */
export interface ShadedSums {
  /** Σ f·(beam on the plane after near shading)·P_STC/1000: the beam the modules' own shading takes. */
  beamPoa: number;
  /** Σ f·(that beam's IAM loss)·P_STC/1000 and Σ f·(its soiling loss)·P_STC/1000: what IAM and soiling no longer take. */
  iam: number;
  soiling: number;
  /** Σ f·(effective beam)·P_STC/1000: the effective irradiance lost, at STC efficiency. */
  effective: number;
  /** Σ (module's maximum power at its mean irradiance − the unshaded module's). */
  ideal: number;
}

/** What the MPPT solver reads and writes; the per-array values are those of the current step. */
export interface MpptWork {
  readonly L: ElectricalLayout;
  /** Per array: its module model. */
  readonly models: ModuleAtStep[];
  readonly bypassDiodes: number;
  readonly orientation: ModuleOrientation;
  readonly cellRows: number | undefined;
  /** Per array at the step: effective irradiance [W m⁻²], its beam part [W m⁻²], the beam on the plane
   * after near shading [W m⁻²], cell temperature [°C], and the module's maximum power [W], voltage [V]
   * and current [A] there. */
  readonly g0: Float64Array;
  readonly beamEff: Float64Array;
  readonly beamPoa: Float64Array;
  readonly tCell: Float64Array;
  readonly p0: Float64Array;
  readonly v0: Float64Array;
  readonly i0: Float64Array;
  /** Per array: the module's STC power / 1000 [W per W m⁻²] and the soiling factor [—]. */
  readonly stcPerWm2: Float64Array;
  readonly soiling: Float64Array;
  /** Out, per string: power [W] and current [A] at the input's operating point. */
  readonly stringPower: Float64Array;
  readonly stringCurrent: Float64Array;
  /** The step's sums over shaded modules. */
  readonly sums: ShadedSums;
  /** Scratch: one module's substrings' blocked-beam fractions, the fraction they are for. */
  readonly c: Float64Array;
  cFor: number;
  /** Scratch: a string's kinds of substring (irradiance [W m⁻²], count), each string's class on an
   * input (length ≥ the most strings on one input), one current. */
  readonly kindG: number[];
  readonly kindN: number[];
  readonly classOf: Int32Array;
  readonly one: Float64Array;
  /** Scratch: an input's kinds of string and how many strings of each. */
  readonly inputs: StringKind[];
  readonly counts: number[];
  /** The kinds of string met at the step, and the last shaded module's irradiance and power. */
  kindsStep: number;
  readonly kinds: StringKind[];
  lastArray: number;
  lastG: number;
  lastPower: number;
}

/**
 * The blocked-beam fractions of the substrings of the module of entry e into w.c (given, or from the
 * shading rule; the rule's answer for the last fraction is kept).
 */
function entryShading(w: MpptWork, e: number): void {
  const L = w.L;
  const B = w.bypassDiodes;
  const at = L.entrySubstrings[e];
  if (at >= 0) {
    for (let k = 0; k < B; k++) w.c[k] = L.substrings[at + k];
    w.cFor = Number.NaN;
    return;
  }
  const f = L.entryFraction[e];
  if (f !== w.cFor) {
    substringShading(f, B, w.orientation, w.cellRows, w.c);
    w.cFor = f;
  }
}

/** Adds `count` modules of array a with shaded fraction f to the step's sums. */
function addShaded(w: MpptWork, a: number, f: number, step: number, count: number): void {
  const k = w.stcPerWm2[a] * count;
  const beamIam = w.soiling[a] > 0 ? w.beamEff[a] / w.soiling[a] : w.beamPoa[a];
  const s = w.sums;
  s.beamPoa += f * w.beamPoa[a] * k;
  s.iam += f * (w.beamPoa[a] - beamIam) * k;
  s.soiling += f * (beamIam - w.beamEff[a]) * k;
  s.effective += f * w.beamEff[a] * k;
  const g = w.g0[a] - f * w.beamEff[a];
  if (a !== w.lastArray || g !== w.lastG) {
    // a row's modules mostly share their shading: the last one's power is kept
    atStep(w.models[a], step, w.tCell[a]);
    w.lastPower = modulePowerAt(w.models[a], g);
    w.lastArray = a;
    w.lastG = g;
  }
  s.ideal += (w.lastPower - w.p0[a]) * count;
}

/**
 * Solves MPPT m at a step; writes its strings' power and current and adds its shaded modules to the
 * step's sums.
 * @param w the work (w.sums and the last-module memo reset by the caller at each step)
 * @param m the MPPT
 * @param step the weather step
 * @param first the first of its strings' shading entries at this step (entries come by string)
 * @param end past its last entry
 * @returns the input's voltage [V] (NaN for PVWatts modules or no light)
 */
export function solveMppt(w: MpptWork, m: number, step: number, first: number, end: number): number {
  const L = w.L;
  const start = L.mpptStart[m];
  const stop = L.mpptEnd[m];
  if (start === stop) return Number.NaN;
  const a0 = L.stringArray[start];
  if (w.models[a0].pvwatts) return pvwattsInput(w, start, stop, step, first, end);
  if (first === end && L.mpptAlike[m]) return alikeInput(w, start, stop);
  return curvesInput(w, m, start, stop, step, first, end);
}

/** Alike unshaded strings: n × the array's module maximum power point each. */
function alikeInput(w: MpptWork, start: number, stop: number): number {
  const a = w.L.stringArray[start];
  const n = w.L.stringLength[start];
  const lit = w.g0[a] > 0;
  for (let s = start; s < stop; s++) {
    w.stringPower[s] = lit ? n * w.p0[a] : 0;
    w.stringCurrent[s] = lit ? w.i0[a] : 0;
  }
  return lit ? n * w.v0[a] : Number.NaN;
}

/** PVWatts strings: each its own power, with the Martínez-Moreno factor where shaded. */
function pvwattsInput(w: MpptWork, start: number, stop: number, step: number, first: number, end: number): number {
  const L = w.L;
  const B = w.bypassDiodes;
  let q = first;
  for (let s = start; s < stop; s++) {
    const a = L.stringArray[s];
    const n = L.stringLength[s];
    const g0 = w.g0[a];
    let fraction = 0;
    let blocks = 0;
    for (; q < end && L.entryString[q] === s; q++) {
      if (!(g0 > 0)) continue;
      const f = L.entryFraction[q];
      entryShading(w, q);
      for (let k = 0; k < B; k++) if (w.c[k] > 0) blocks++;
      if (!(f > 0)) continue;
      fraction += f;
      addShaded(w, a, f, step, 1);
    }
    w.stringCurrent[s] = 0;
    if (!(g0 > 0)) w.stringPower[s] = 0;
    else if (blocks === 0 && fraction === 0) w.stringPower[s] = n * w.p0[a];
    else {
      atStep(w.models[a], step, w.tCell[a]);
      const g = g0 - w.beamEff[a] * (1 - martinezBeamFactor(fraction / n, blocks, n * B));
      w.stringPower[s] = n * modulePowerAt(w.models[a], g);
    }
  }
  return Number.NaN;
}

/** The kind of string with these substrings, from the step's list or new. */
function stringKind(w: MpptWork, step: number, array: number): StringKind {
  const { kindG, kindN, kinds } = w;
  if (w.kindsStep !== step || kinds.length >= MAX_KINDS) {
    w.kindsStep = step;
    kinds.length = 0;
  }
  const k = kindG.length;
  search: for (const kind of kinds) {
    if (kind.array !== array || kind.g.length !== k) continue;
    for (let q = 0; q < k; q++) if (kind.g[q] !== kindG[q] || kind.n[q] !== kindN[q]) continue search;
    return kind;
  }
  const mm = w.models[array];
  atStep(mm, step, w.tCell[array]);
  const parts: SeriesPart[] = kindG.map((g, q) => ({ substring: substringAt(mm, g), count: kindN[q] }));
  const kind: StringKind = { array, g: kindG.slice(), n: kindN.slice(), curve: seriesCurve(parts), mpp: undefined };
  kinds.push(kind);
  return kind;
}

/** Adds `count` substrings at irradiance g to the scratch kinds, kept sorted by irradiance. */
function addKind(w: MpptWork, g: number, count: number): void {
  const { kindG, kindN } = w;
  let k = 0;
  while (k < kindG.length && kindG[k] < g) k++;
  if (k < kindG.length && kindG[k] === g) {
    kindN[k] += count;
    return;
  }
  kindG.splice(k, 0, g);
  kindN.splice(k, 0, count);
}

/** Adds `repeat` modules with the substrings of w.c to the scratch kinds; returns the substrings shaded. */
function addModules(w: MpptWork, g0: number, bE: number, repeat: number): number {
  let shaded = 0;
  for (let k = 0; k < w.bypassDiodes; k++) {
    const c = w.c[k];
    if (!(c > 0)) continue;
    shaded += repeat;
    addKind(w, g0 - c * bE, repeat);
  }
  return shaded;
}

/** Strings by their substrings' kinds, merged when identical, on the combined curves. */
function curvesInput(w: MpptWork, m: number, start: number, stop: number, step: number, first: number, end: number): number {
  const L = w.L;
  const B = w.bypassDiodes;
  const { kindG, kindN, classOf, inputs, counts } = w;
  inputs.length = 0;
  counts.length = 0;
  let anyShade = false;
  let q = first;
  for (let s = start; s < stop; s++) {
    const a = L.stringArray[s];
    const g0 = w.g0[a];
    if (!(g0 > 0)) {
      while (q < end && L.entryString[q] === s) q++;
      classOf[s - start] = -1;
      continue;
    }
    kindG.length = 0;
    kindN.length = 0;
    let unshaded = L.stringLength[s] * B;
    const bE = w.beamEff[a];
    // runs of modules with the same shading (a row shadow) are added at once
    let run = 0;
    let runF = Number.NaN;
    let runRule = false;
    for (; q < end && L.entryString[q] === s; q++) {
      const f = L.entryFraction[q];
      const rule = L.entrySubstrings[q] < 0;
      if (run > 0 && rule && runRule && f === runF) {
        run++;
        continue;
      }
      if (run > 0) {
        unshaded -= addModules(w, g0, bE, run);
        if (runF > 0) addShaded(w, a, runF, step, run);
      }
      entryShading(w, q);
      run = 1;
      runF = f;
      runRule = rule;
    }
    if (run > 0) {
      unshaded -= addModules(w, g0, bE, run);
      if (runF > 0) addShaded(w, a, runF, step, run);
    }
    if (unshaded < L.stringLength[s] * B) anyShade = true;
    if (unshaded > 0) addKind(w, g0, unshaded);
    const kind = stringKind(w, step, a);
    let cls = inputs.indexOf(kind);
    if (cls < 0) {
      cls = inputs.length;
      inputs.push(kind);
      counts.push(0);
    }
    counts[cls]++;
    classOf[s - start] = cls;
  }
  if (!anyShade && L.mpptAlike[m]) return alikeInput(w, start, stop);
  let v = 0;
  let p = 0;
  let currents: ArrayLike<number> = w.one;
  if (inputs.length === 1) {
    // one kind of string: its own maximum power point (kept for the other inputs of the step)
    const kind = inputs[0];
    kind.mpp ??= seriesMaxPower(kind.curve);
    v = kind.mpp.v;
    p = kind.mpp.p;
    w.one[0] = kind.mpp.i;
  } else if (inputs.length > 1) {
    const r = parallelMaxPower(inputs.map((kind, k) => ({ curve: kind.curve, count: counts[k] })));
    v = r.v;
    p = r.p;
    currents = r.currents;
  }
  for (let s = start; s < stop; s++) {
    const cls = classOf[s - start];
    const i = cls < 0 || !(p > 0) ? 0 : currents[cls];
    w.stringCurrent[s] = i;
    w.stringPower[s] = v * i;
  }
  return p > 0 ? v : Number.NaN;
}
