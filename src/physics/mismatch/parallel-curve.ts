// Strings in parallel on one MPPT input, sharing its voltage: I(V) = Σ count_s·I_s(V), P(V) = V·I(V),
// and the input's global maximum power point.
//
// Each string's current at a voltage is its series curve inverted (series-curve.ts): on each of the
// string's current segments V_s(I) is strictly decreasing and concave, so its inverse I_s(V) is too.
// Cut [0, V_max] (V_max the highest open-circuit voltage) at every string's kink voltages V_s(b_j):
// between two cuts every string stays on one segment, I(V) is a sum of concave decreasing functions
// and P(V) = V·I(V) is strictly concave (P″ = 2I′ + V·I″ < 0): one maximum per piece, found by
// Newton's method on P′ (concave-max.ts). The global maximum is the best of the pieces' maxima; a piece
// whose bound V_hi·I(V_lo) cannot beat the best so far is skipped. Identical strings (same substrings)
// are passed once with their count, so an input of many equal strings costs one string.
// With one kind of string the work is done on the current axis (seriesMaxPower), cheaper and exact.
//
// Sources: PVsyst 7 Help "Array mismatch" (strings in parallel share the voltage; the input's curve is
// the sum of the strings' currents); Bishop 1988 (see substring.ts). The tracker is assumed to find the
// global maximum (see series-curve.ts).
import { concaveArgMax } from './concave-max.ts';
import { segmentAt, segmentCurrentInto, seriesMaxPower, type SeriesCurve } from './series-curve.ts';

/** One kind of string on the input: its curve and how many identical strings of it are in parallel. */
export interface ParallelString {
  curve: SeriesCurve;
  /** Identical strings in parallel [—], > 0. */
  count: number;
}

/** The input's operating point. */
export interface ParallelPoint {
  /** Power [W]. */
  p: number;
  /** Voltage [V]. */
  v: number;
  /** Current of one string of each kind at that voltage [A] (negative: the string takes current). */
  currents: Float64Array;
}

/**
 * The global maximum power point of strings in parallel.
 * @param strings the kinds of string and their counts
 * @returns power [W], voltage [V] and each kind's string current [A]; p = 0 when no power is made
 */
export function parallelMaxPower(strings: readonly ParallelString[]): ParallelPoint {
  const n = strings.length;
  const currents = new Float64Array(n);
  if (n === 0) return { p: 0, v: 0, currents };
  if (n === 1) {
    const s = seriesMaxPower(strings[0].curve);
    currents[0] = s.i;
    return { p: s.p * strings[0].count, v: s.v, currents };
  }
  let vMax = 0;
  for (const s of strings) vMax = Math.max(vMax, s.curve.vOpen);
  if (!(vMax > 0)) return { p: 0, v: 0, currents };

  // The cuts: 0, every kink inside (0, V_max), V_max.
  const cuts = [0, vMax];
  for (const s of strings) for (const v of s.curve.kink) if (v > 0 && v < vMax) cuts.push(v);
  cuts.sort((a, b) => a - b);
  const m = cuts.length;
  // Current at every cut, and the best cut.
  const segs = new Int32Array(n);
  const start = new Float64Array(n);
  const e = new Float64Array(3 * n);
  const totalAt = new Float64Array(m);
  const total = (v: number): number => {
    let sum = 0;
    for (let k = 0; k < n; k++) {
      const c = strings[k].curve;
      segmentCurrentInto(c, segmentAt(c, v), v, Infinity, e, 3 * k);
      sum += strings[k].count * e[3 * k];
    }
    return sum;
  };
  let bestP = 0;
  let bestV = 0;
  for (let q = 0; q < m; q++) {
    totalAt[q] = total(cuts[q]);
    const p = cuts[q] * totalAt[q];
    if (p > bestP) {
      bestP = p;
      bestV = cuts[q];
    }
  }
  // The pieces, most promising first.
  const pieces: number[] = [];
  for (let q = 0; q + 1 < m; q++) if (cuts[q + 1] > cuts[q]) pieces.push(q);
  pieces.sort((a, b) => cuts[b + 1] * totalAt[b] - cuts[a + 1] * totalAt[a]);
  const derivative = (v: number, out: Float64Array): void => {
    let i = 0;
    let d1 = 0;
    let d2 = 0;
    for (let k = 0; k < n; k++) {
      segmentCurrentInto(strings[k].curve, segs[k], v, start[k], e, 3 * k);
      start[k] = e[3 * k]; // the next voltage starts from here (a start left of the root overshoots once, then converges from the right)
      const c = strings[k].count;
      i += c * e[3 * k];
      d1 += c * e[3 * k + 1];
      d2 += c * e[3 * k + 2];
    }
    out[0] = i + v * d1;
    out[1] = 2 * d1 + v * d2;
  };
  const d = new Float64Array(2);
  for (const q of pieces) {
    const lo = cuts[q];
    const hi = cuts[q + 1];
    if (hi * totalAt[q] <= bestP) break;
    const mid = 0.5 * (lo + hi);
    for (let k = 0; k < n; k++) segs[k] = segmentAt(strings[k].curve, mid);
    start.fill(Infinity);
    derivative(lo, d);
    const dLo = d[0];
    derivative(hi, d);
    const dHi = d[0];
    if (!(dLo > 0 && dHi < 0)) continue; // the piece's maximum is at an end, already counted
    const v = concaveArgMax(lo, hi, lo + ((hi - lo) * dLo) / (dLo - dHi), derivative);
    derivative(v, d);
    let i = 0;
    for (let k = 0; k < n; k++) i += strings[k].count * e[3 * k];
    if (v * i > bestP) {
      bestP = v * i;
      bestV = v;
    }
  }
  if (!(bestP > 0)) return { p: 0, v: 0, currents };
  let sum = 0;
  for (let k = 0; k < n; k++) {
    const c = strings[k].curve;
    segmentCurrentInto(c, segmentAt(c, bestV), bestV, Infinity, e, 3 * k);
    currents[k] = e[3 * k];
    sum += strings[k].count * currents[k];
  }
  return { p: bestV * sum, v: bestV, currents };
}
