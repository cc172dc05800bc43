// The single-diode equation with PVsyst's thin-film recombination current, for CdTe and amorphous
// silicon modules:
//     I = I_L − I_0·(exp(V_d/a) − 1) − V_d/R_sh − I_L·(d²/μτ)/(N_s·V_bi − V_d),   V_d = V + I·R_s,
// with a = n·Ns·Vth. Current at voltage, voltage at current, the maximum power point, and the key
// points of the curve. Behaviour follows pvlib-python `singlediode.bishop88`, `bishop88_i_from_v`,
// `bishop88_v_from_i` and `bishop88_mpp` with `d2mutau` > 0 and a finite `NsVbi` (no reverse breakdown).
// single-diode.ts calls these when the term is on; without it the Lambert W closed forms apply there.
//
// Papers:
//   J. Mertens, J. M. Asensi, C. Voz, A. V. Shah, R. Platz, J. Andreu, "Improved equivalent circuit
//     and analytical model for amorphous silicon solar cells and modules", IEEE Trans. Electron
//     Devices 45(2), 423–429, 1998 (the recombination current in the intrinsic layer).
//   A. Mermoud, T. Lejeune, "Performance assessment of a simulation model for PV modules of any
//     available technology", 25th EU PVSEC, 2010 (PVsyst's use of it; V_bi ≈ 0.9 V per junction).
//   J. W. Bishop, "Computer simulation of the effects of electrical mismatches in photovoltaic cell
//     interconnection circuits", Solar Cells 25, 73–89, 1988 (the explicit form in diode voltage).
//
// Method. Everything is solved for the diode voltage x = V_d on the physical branch x < N_s·V_bi, where
// I(x) is strictly decreasing and concave (I′ < 0, I″ < 0) and V(x) = x − R_s·I(x) strictly increasing
// and convex, so each question has exactly one answer. Current at voltage is the root of the convex,
// increasing x − R_s·I(x) − V; voltage at current the root of the concave, decreasing I(x) − I. Newton's
// method started on the far side of the root (where the function is ≥ 0, resp. ≤ 0) then approaches it
// monotonically; a bisection bracket guards every step. The maximum power point is the root of
// dP/dx = I + I′·(x − 2·R_s·I) by Halley's method safeguarded by bisection on
// [0, min(a·ln(1 + I_L/I_0), I_L·R_sh, N_s·V_bi)], as single-diode.ts does without the term. P(V) is
// increasing for V < 0 and, I(V) being concave (d²I/dV² = I″/(1 − R_s·I′)³ < 0), strictly concave for
// V > 0: the root is unique. Converged to ≈1e-15 relative; pvlib's newton stops at 1e-6 V.
// Where we differ from pvlib: its solvers may step past the asymptote x = N_s·V_bi onto the branch
// where the term changes sign; these never leave x < N_s·V_bi. Beyond the asymptote's voltage with
// R_s = 0 (no such point on the physical branch) the current is −∞.
//
// Requirements: as single-diode.ts, plus d2mutau > 0 [V] and 0 < nsVbi < ∞ [V].
import { mppFirstGuess } from './mpp-first-guess.ts';

/** PVsyst's thin-film recombination parameters of a module (pvlib `d2mutau`, `NsVbi`). */
export interface Recombination {
  /** d²/(μτ): intrinsic-layer thickness squared over the carriers' mobility–lifetime product [V]. */
  d2mutau: number;
  /** N_s·V_bi: cells in series times the built-in voltage of a cell's junctions [V]. */
  nsVbi: number;
}

/** Built-in voltage of one p-i-n junction (a-Si, CdTe) used by PVsyst and pvlib [V]. */
export const VOLTAGE_BUILTIN = 0.9;

/**
 * Whether the recombination term is on: d2mutau > 0 with a finite nsVbi (an infinite nsVbi makes the
 * term 0, as in pvlib).
 * @param d2mutau d²/(μτ) [V], ≥ 0
 * @param nsVbi N_s·V_bi [V], > 0 (may be +∞)
 * @throws RangeError for a negative or NaN d2mutau, or nsVbi ≤ 0 or NaN
 */
export function recombinationOn(d2mutau: number, nsVbi: number): boolean {
  if (d2mutau === 0 && nsVbi === Infinity) return false;
  if (!(d2mutau >= 0) || !(nsVbi > 0)) {
    throw new RangeError(`recombination needs d2mutau ≥ 0 and NsVbi > 0, not ${d2mutau} and ${nsVbi}`);
  }
  return d2mutau > 0 && nsVbi < Infinity;
}

// ---------------------------------------------------------------------------------------------
// current and its derivatives at a diode voltage (Bishop 1988)

/** Current [A] at diode voltage x [V]; −∞ at or beyond the asymptote x = vbi. */
function current(x: number, il: number, i0: number, gsh: number, a: number, dk: number, vbi: number): number {
  const w = vbi - x;
  if (!(w > 0)) return -Infinity;
  const u = x / a;
  return il - i0 * (u > 1 ? Math.exp(u) - 1 : Math.expm1(u)) - x * gsh - dk / w;
}

/** dI/dx [A V⁻¹] at diode voltage x < vbi. */
function slope(x: number, i0: number, gsh: number, a: number, dk: number, vbi: number): number {
  const w = vbi - x;
  return -(i0 / a) * Math.exp(x / a) - gsh - dk / (w * w);
}

/** Newton iterations before bisection alone decides (monotone Newton needs far fewer). */
const MAX_ITER = 200;

/**
 * Diode voltage [V] at which the device voltage x − R_s·I(x) equals v: the root of the convex,
 * increasing f(x) = x − R_s·I(x) − v.
 */
function diodeVoltageAtVoltage(v: number, il: number, i0: number, rs: number, gsh: number, a: number, dk: number, vbi: number): number {
  if (rs === 0) return v;
  // f(x) > x − R_s·I_L − v for x ≥ 0 (there I(x) < I_L): f ≥ 0 at max(v + R_s·I_L, 0)
  let hi = Math.max(v + rs * il, 0);
  if (hi >= vbi) hi = vbi;
  const f = (x: number) => x - rs * current(x, il, i0, gsh, a, dk, vbi) - v;
  let lo = Math.min(v, hi);
  for (let step = a, k = 0; f(lo) > 0 && k < 1100; k++, step *= 2) lo -= step;
  // Newton from the right of the root: stays right of it (convexity) and decreases monotonically
  let x = hi < vbi ? hi : 0.5 * (lo + hi);
  for (let it = 0; it < MAX_ITER; it++) {
    const cur = current(x, il, i0, gsh, a, dk, vbi);
    const fx = x - rs * cur - v;
    if (fx === 0) return x;
    if (fx > 0) hi = x;
    else lo = x;
    const d = 1 - rs * slope(x, i0, gsh, a, dk, vbi);
    let xn = x - fx / d;
    if (!(xn > lo && xn < hi)) xn = 0.5 * (lo + hi);
    if (Math.abs(xn - x) <= 1e-15 * Math.max(Math.abs(x), a) || hi - lo <= 1e-15 * Math.max(Math.abs(hi), a)) return xn;
    x = xn;
  }
  return x;
}

/**
 * Diode voltage [V] at which the current is i: the root of the concave, decreasing g(x) = I(x) − i;
 * NaN when no voltage gives that current (i ≥ I_L + I_0 with R_sh = ∞).
 */
function diodeVoltageAtCurrent(i: number, il: number, i0: number, gsh: number, a: number, dk: number, vbi: number): number {
  // I(x) < I_L − I_0·(e^{x/a} − 1) − x·G_sh ≤ i at x = a·ln(1 + (I_L − i)/I_0) (or 0 when i ≥ I_L)
  let hi = i < il ? a * Math.log1p((il - i) / i0) : 0;
  if (hi >= vbi) hi = vbi;
  const g = (x: number) => current(x, il, i0, gsh, a, dk, vbi) - i;
  let lo = Math.min(0, hi);
  let k = 0;
  for (let step = a; g(lo) < 0 && k < 1100; k++, step *= 2) lo -= step;
  if (g(lo) < 0) return Number.NaN;
  let x = hi < vbi ? hi : 0.5 * (lo + hi);
  for (let it = 0; it < MAX_ITER; it++) {
    const gx = current(x, il, i0, gsh, a, dk, vbi) - i;
    if (gx === 0) return x;
    if (gx < 0) hi = x;
    else lo = x;
    let xn = x - gx / slope(x, i0, gsh, a, dk, vbi);
    if (!(xn > lo && xn < hi)) xn = 0.5 * (lo + hi);
    if (Math.abs(xn - x) <= 1e-15 * Math.max(Math.abs(x), a) || hi - lo <= 1e-15 * Math.max(Math.abs(hi), a)) return xn;
    x = xn;
  }
  return x;
}

/**
 * Device current at a device voltage with the recombination term (pvlib `bishop88_i_from_v`).
 * @param v device voltage [V]
 * @param il photocurrent I_L [A]
 * @param i0 saturation current I_0 [A]
 * @param rs series resistance R_s [Ω]
 * @param gsh shunt conductance 1/R_sh [S]
 * @param a n·Ns·Vth [V]
 * @param d2mutau d²/(μτ) [V], > 0
 * @param nsVbi N_s·V_bi [V], finite
 * @returns current [A]
 */
export function iFromVRecombination(v: number, il: number, i0: number, rs: number, gsh: number, a: number, d2mutau: number, nsVbi: number): number {
  const dk = il * d2mutau;
  const x = diodeVoltageAtVoltage(v, il, i0, rs, gsh, a, dk, nsVbi);
  return current(x, il, i0, gsh, a, dk, nsVbi);
}

/**
 * Device voltage at a device current with the recombination term (pvlib `bishop88_v_from_i`).
 * @param i device current [A]
 * @param il photocurrent I_L [A]
 * @param i0 saturation current I_0 [A]
 * @param rs series resistance R_s [Ω]
 * @param gsh shunt conductance 1/R_sh [S]
 * @param a n·Ns·Vth [V]
 * @param d2mutau d²/(μτ) [V], > 0
 * @param nsVbi N_s·V_bi [V], finite
 * @returns voltage [V]
 */
export function vFromIRecombination(i: number, il: number, i0: number, rs: number, gsh: number, a: number, d2mutau: number, nsVbi: number): number {
  return diodeVoltageAtCurrent(i, il, i0, gsh, a, il * d2mutau, nsVbi) - i * rs;
}

// ---------------------------------------------------------------------------------------------
// maximum power point

/**
 * The maximum power point in diode voltage; writes V_d [V] to out[0] and the current there [A] to
 * out[1]. Requires I(0) = I_L·(1 − d2mutau/nsVbi) > 0. Halley's method on dP/dV_d safeguarded by
 * bisection (single-diode.ts `mppSolve` with the recombination term's derivatives).
 */
function mppSolveRecombination(il: number, i0: number, rs: number, gsh: number, a: number, dk: number, vbi: number, out: Float64Array): void {
  const logRatio = Math.log1p(il / i0);
  let lo = 0;
  let hi = Math.min(a * logRatio, il / gsh, vbi);
  // first guess: the ideal diode's V_mp with the first-order R_s correction (as mppSolve)
  let x = mppFirstGuess(a, rs, il, logRatio, lo, hi);
  const ia = 1 / a;
  const i0a = i0 * ia;
  for (let it = 0; it < 400; it++) {
    const u = x * ia;
    const ex = Math.exp(u);
    const wv = vbi - x;
    const rec = dk / wv; // recombination current
    const rec1 = rec / wv; // its first derivative; the second is 2·rec1/wv, the third 6·rec1/wv²
    const cur = il - i0 * (u > 1 ? ex - 1 : Math.expm1(u)) - x * gsh - rec;
    const d = i0a * ex;
    const g1 = -d - gsh - rec1; // dI/dVd
    const g2 = -d * ia - (2 * rec1) / wv; // d²I/dVd²
    const g3 = -d * ia * ia - (6 * rec1) / (wv * wv); // d³I/dVd³
    const s = x - 2 * cur * rs;
    const f = cur + g1 * s; // dP/dVd
    const fp = 2 * g1 * (1 - rs * g1) + g2 * s; // d²P/dVd²
    const fpp = 3 * g2 * (1 - 2 * rs * g1) + g3 * s; // d³P/dVd³
    if (f === 0) {
      out[0] = x;
      out[1] = cur;
      return;
    }
    if (f > 0) lo = x;
    else hi = x;
    const step = (f * fp) / (fp * fp - 0.5 * f * fpp);
    if (Math.abs(step) <= 1e-6 * x) {
      // the error after this step is of order step³: take it, the current from I's Taylor series
      out[0] = x - step;
      out[1] = cur - step * (g1 - 0.5 * step * (g2 - (step * g3) / 3));
      return;
    }
    const xn = x - step;
    x = xn > lo && xn < hi ? xn : 0.5 * (lo + hi);
    if (hi - lo <= 1e-15 * hi) break;
  }
  out[0] = x;
  out[1] = current(x, il, i0, gsh, a, dk, vbi);
}

const MPP = new Float64Array(2);

/**
 * Maximum power point with the recombination term (pvlib `bishop88_mpp`); writes imp [A], vmp [V] and
 * pmp [W] to out[at], out[at + 1], out[at + 2]; all 0 when the curve delivers no power.
 * @param il photocurrent I_L [A]
 * @param i0 saturation current I_0 [A]
 * @param rs series resistance R_s [Ω]
 * @param gsh shunt conductance 1/R_sh [S]
 * @param a n·Ns·Vth [V]
 * @param d2mutau d²/(μτ) [V], > 0
 * @param nsVbi N_s·V_bi [V], finite
 * @param out output array
 * @param at index of imp in out
 */
export function mppRecombinationInto(
  il: number,
  i0: number,
  rs: number,
  gsh: number,
  a: number,
  d2mutau: number,
  nsVbi: number,
  out: Float64Array,
  at: number,
): void {
  const dk = il * d2mutau;
  let imp = 0;
  let vmp = 0;
  if (il > 0 && current(0, il, i0, gsh, a, dk, nsVbi) > 0) {
    mppSolveRecombination(il, i0, rs, gsh, a, dk, nsVbi, MPP);
    imp = MPP[1];
    vmp = MPP[0] - imp * rs;
    if (!(vmp > 0 && imp > 0)) {
      imp = 0;
      vmp = 0;
    }
  } else if (Number.isNaN(il + i0 + rs + gsh + a)) {
    imp = Number.NaN;
    vmp = Number.NaN;
  }
  out[at] = imp;
  out[at + 1] = vmp;
  out[at + 2] = imp * vmp;
}

/**
 * isc, voc, imp, vmp, pmp, ix (I at Voc/2), ixx (I at (Voc + Vmp)/2) with the recombination term,
 * written to r[0..6] in that order (pvlib `singlediode` with the bishop88 methods). Night
 * (il ≤ 0) gives zeros, NaN inputs NaN.
 */
export function solveRecombinationInto(
  il: number,
  i0: number,
  rs: number,
  gsh: number,
  a: number,
  d2mutau: number,
  nsVbi: number,
  r: Float64Array,
): void {
  if (il <= 0) {
    r.fill(0);
    return;
  }
  if (Number.isNaN(il + i0 + rs + gsh + a)) {
    r.fill(Number.NaN);
    return;
  }
  const isc = iFromVRecombination(0, il, i0, rs, gsh, a, d2mutau, nsVbi);
  const voc = Math.max(0, vFromIRecombination(0, il, i0, rs, gsh, a, d2mutau, nsVbi));
  mppRecombinationInto(il, i0, rs, gsh, a, d2mutau, nsVbi, r, 2);
  r[0] = isc;
  r[1] = voc;
  r[5] = iFromVRecombination(0.5 * voc, il, i0, rs, gsh, a, d2mutau, nsVbi);
  r[6] = iFromVRecombination(0.5 * (voc + r[3]), il, i0, rs, gsh, a, d2mutau, nsVbi);
}
