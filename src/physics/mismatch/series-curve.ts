// Substrings in series — a module, or a string of modules — sharing one current: V(I) = Σ V_sub(I).
// The curve is given as kinds of substrings (one irradiance and temperature each) with how many of each
// the series holds; a string of n modules with B bypass diodes holds n·B substrings in a few kinds
// (unshaded, and one kind per distinct shading level). Order and module boundaries do not matter for the
// voltage at a current, so the work grows with the number of kinds, not of modules.
//
// Shape. Sort the kinds by their bypass current b₁ ≤ … ≤ b_K (substring.ts). On the current segment j,
// b_{j−1} ≤ I ≤ b_j (b₀ = −∞), kinds j … K conduct and kinds below j are bypassed at −V_D each:
//     V_j(I) = Σ_{g ≥ j} m_g·V_g(I) − Σ_{g < j} m_g·V_D,g.
// Every V_g is strictly decreasing and concave, so V_j is, and the power P(I) = I·V_j(I) is strictly
// concave on each segment (P″ = 2V′ + I·V″ < 0 for I ≥ 0): it has one maximum per segment. Under
// partial shading the segments' maxima are the several local maxima of the string's P–V curve (a
// reduced current with every substring working, or full current with the shaded ones bypassed); the
// global one is the best of them, found exactly, never by a scan. The inverter's tracker is assumed to
// find this global maximum (modern trackers sweep the curve periodically for it; a tracker stuck on a
// local maximum would lose more).
//
// Sources: Bishop 1988 (see substring.ts); PVsyst 7 Help "Partial shadings: electrical effect" (the
// string's curve as the sum of its modules' curves, bypass diodes across shaded sub-modules);
// C. Deline, A. Dobos, S. Janzou, J. Meydbray, M. Donovan, "A simplified model of uniform shading in
// large photovoltaic arrays", Solar Energy 96, 274–282, 2013 (the two operating regimes).
import { maxPowerPoint } from '../single-diode.ts';
import { concaveArgMax } from './concave-max.ts';
import { cellsCurrentInto, cellsVoltage, cellsVoltageInto, type Substring } from './substring.ts';

/** A series curve: kinds of substrings and their counts, sorted by bypass current. */
export interface SeriesCurve {
  /** The kinds of substring, by bypass current ascending. */
  readonly parts: readonly Substring[];
  /** Substrings of each kind [—]. */
  readonly counts: Float64Array;
  /** drop[j] = Σ_{g<j} m_g·V_D,g: voltage lost in the bypassed kinds on segment j [V] (length K + 1). */
  readonly drop: Float64Array;
  /** kink[j] = V(b_j), the voltage at the right end of segment j [V] (decreasing). */
  readonly kink: Float64Array;
  /** V(0), the open-circuit voltage [V]. */
  readonly vOpen: number;
}

/** A kind of substring and how many of it the series holds. */
export interface SeriesPart {
  substring: Substring;
  /** Number of such substrings [—], > 0. */
  count: number;
}

const E3 = new Float64Array(3);

/**
 * Builds a series curve.
 * @param parts the kinds of substring and their counts (any order; kinds with count 0 are dropped)
 */
export function seriesCurve(parts: readonly SeriesPart[]): SeriesCurve {
  const kept = parts.filter((p) => p.count > 0).sort((x, y) => x.substring.bypass - y.substring.bypass);
  if (kept.length === 0) throw new RangeError('a series curve needs at least one substring');
  const k = kept.length;
  const counts = new Float64Array(k);
  const drop = new Float64Array(k + 1);
  for (let g = 0; g < k; g++) {
    counts[g] = kept[g].count;
    drop[g + 1] = drop[g] + kept[g].count * kept[g].substring.diodeDrop;
  }
  const curve = { parts: kept.map((p) => p.substring), counts, drop, kink: new Float64Array(k), vOpen: 0 };
  // at b_j kind j sits at −V_D, so V(b_j) = Σ_{g>j} m_g·V_g(b_j) − drop[j + 1]
  for (let j = 0; j < k; j++) curve.kink[j] = segmentVoltage(curve, j + 1, curve.parts[j].bypass);
  curve.vOpen = seriesVoltage(curve, 0);
  return curve;
}

/** V_j(I): the voltage on segment j (kinds j … K conducting) [V]. */
function segmentVoltage(c: SeriesCurve, j: number, current: number): number {
  let v = -c.drop[j];
  for (let g = j; g < c.parts.length; g++) v += c.counts[g] * cellsVoltage(c.parts[g], current);
  return v;
}

/**
 * V_j(I) and its first two derivatives in I on segment j.
 * @param c the curve
 * @param j the segment (kinds j … K − 1 conduct)
 * @param current current [A]
 * @param out receives V [V], dV/dI [Ω], d²V/dI² [Ω A⁻¹]
 */
export function segmentVoltageInto(c: SeriesCurve, j: number, current: number, out: Float64Array): void {
  let v = -c.drop[j];
  let d1 = 0;
  let d2 = 0;
  for (let g = j; g < c.parts.length; g++) {
    cellsVoltageInto(c.parts[g], current, E3);
    const m = c.counts[g];
    v += m * E3[0];
    d1 += m * E3[1];
    d2 += m * E3[2];
  }
  out[0] = v;
  out[1] = d1;
  out[2] = d2;
}

/**
 * Voltage of the series at a current, bypass diodes included [V].
 * @param c the curve
 * @param current the shared current [A]
 */
export function seriesVoltage(c: SeriesCurve, current: number): number {
  const k = c.parts.length;
  let j = 0;
  while (j < k && current > c.parts[j].bypass) j++;
  if (j === k) return -c.drop[k];
  return segmentVoltage(c, j, current);
}

const E3M = new Float64Array(3);
let powerCurve: SeriesCurve;
let powerSegment = 0;
/** dP/dI and d²P/dI² on segment `powerSegment` of `powerCurve`: P = I·V_j(I). */
function powerDerivative(i: number, out: Float64Array): void {
  const e = E3M;
  segmentVoltageInto(powerCurve, powerSegment, i, e);
  out[0] = e[0] + i * e[1];
  out[1] = 2 * e[1] + i * e[2];
}

/** A maximum power point: power [W], voltage [V], current [A]. */
export interface SeriesPoint {
  p: number;
  v: number;
  i: number;
}

/**
 * The global maximum power point of a series curve: the best of the per-segment maxima, the most
 * promising segment first (segments that cannot beat the best so far — I ≤ b_j and V ≤ V(b_{j−1}) on
 * segment j — are skipped). One kind of substring: m × the substring's maximum power point.
 * @param c the curve
 * @returns power [W], voltage [V] and current [A] at the global maximum; all 0 when no power is made
 */
export function seriesMaxPower(c: SeriesCurve): SeriesPoint {
  const best: SeriesPoint = { p: 0, v: 0, i: 0 };
  const k = c.parts.length;
  if (k === 1) {
    // one kind: m times the substring's own maximum power point
    const s = c.parts[0];
    const mpp = maxPowerPoint(s.il, s.i0, s.rs, s.rsh, s.a, s.d2mutau, s.nsVbi);
    if (mpp.pmp > 0) {
      best.p = c.counts[0] * mpp.pmp;
      best.v = c.counts[0] * mpp.vmp;
      best.i = mpp.imp;
    }
    return best;
  }
  // The segments by their bound b_j·V(b_{j−1}), best first: a segment below the best so far is skipped.
  const order: number[] = [];
  const bound = new Float64Array(k);
  for (let j = 0; j < k; j++) {
    const lo = j === 0 ? 0 : c.parts[j - 1].bypass;
    const vLo = j === 0 ? c.vOpen : c.kink[j - 1];
    if (!(vLo > 0)) break;
    if (!(c.parts[j].bypass > lo)) continue;
    bound[j] = c.parts[j].bypass * vLo;
    order.push(j);
  }
  order.sort((x, y) => bound[y] - bound[x]);
  const e = E3M;
  for (const j of order) {
    if (bound[j] <= best.p) break;
    const lo = j === 0 ? 0 : c.parts[j - 1].bypass;
    const hi = c.parts[j].bypass;
    if (j > 0) {
      // falling right after the kink: this segment's best is its left end, the previous segment's right end
      segmentVoltageInto(c, j, lo, e);
      if (e[0] + lo * e[1] <= 0) {
        const p = lo * e[0];
        if (p > best.p) {
          best.p = p;
          best.v = e[0];
          best.i = lo;
        }
        continue;
      }
    }
    // A crystalline cell's I_mp is ~0.9 of its I_sc, and b_j is just above kind j's I_sc.
    powerCurve = c;
    powerSegment = j;
    const x = concaveArgMax(lo, hi, lo + 0.9 * (hi - lo), powerDerivative);
    const v = segmentVoltage(c, j, x);
    const p = x * v;
    if (p > best.p) {
      best.p = p;
      best.v = v;
      best.i = x;
    }
  }
  return best;
}

/**
 * The segment a voltage falls on: the j with kink[j] ≤ V < kink[j − 1] (V ≥ the all-bypassed voltage).
 * @param c the curve
 * @param voltage the series voltage [V]
 */
export function segmentAt(c: SeriesCurve, voltage: number): number {
  const k = c.parts.length;
  let j = 0;
  while (j < k - 1 && c.kink[j] > voltage) j++;
  return j;
}

/**
 * The series current at a voltage on segment j and its first two derivatives in the voltage: the root
 * of V_j(I) = V by Newton's method from the right (V_j concave and decreasing: from a point with
 * V_j(I) ≤ V every step lands between the root and the point). Closed form when one kind conducts.
 * @param c the curve
 * @param j the segment (see {@link segmentAt})
 * @param voltage the series voltage [V]
 * @param start a current to start from (≤ b_j is kept, else b_j) [A]
 * @param out receives I [A], dI/dV [S], d²I/dV² [S V⁻¹] at out[at] …
 * @param at index of I in out
 */
export function segmentCurrentInto(c: SeriesCurve, j: number, voltage: number, start: number, out: Float64Array, at: number): void {
  const k = c.parts.length;
  if (j === k - 1) {
    // one kind conducts: V = m·V_cells(I) − drop
    const m = c.counts[j];
    cellsCurrentInto(c.parts[j], (voltage + c.drop[j]) / m, out, at);
    out[at + 1] /= m;
    out[at + 2] /= m * m;
    return;
  }
  const b = c.parts[j].bypass;
  let i = start < b ? start : b;
  const e = E3;
  for (let it = 0; it < 100; it++) {
    segmentVoltageInto(c, j, i, e);
    let next = i - (e[0] - voltage) / e[1];
    if (next > b) next = b;
    const done = Math.abs(next - i) <= 1e-13 * (Math.abs(next) + b);
    i = next;
    // the last step is below 1e-13 of the scale: the derivatives where it started are kept
    if (done) break;
  }
  const d1 = e[1];
  out[at] = i;
  out[at + 1] = 1 / d1;
  out[at + 2] = -e[2] / (d1 * d1 * d1);
}
