// Solving the single-diode equation
//     I = I_L − I_0·(exp((V + I·R_s)/(n·Ns·Vth)) − 1) − (V + I·R_s)/R_sh
// for current at a voltage, voltage at a current, the maximum power point and the I–V curve.
// Behaviour follows pvlib-python `pvsystem.singlediode`, `i_from_v`, `v_from_i` and
// `singlediode.bishop88_mpp`; outputs isc, voc, imp, vmp, pmp, ix (I at Voc/2), ixx (I at (Voc+Vmp)/2).
//
// Papers:
//   A. Jain, A. Kapoor, "Exact analytical solutions of the parameters of real solar cells using
//     Lambert W-function", Solar Energy Materials & Solar Cells 81, 269–277, 2004 (eqs. 2 and 3).
//   J. W. Bishop, "Computer simulation of the effects of electrical mismatches in photovoltaic cell
//     interconnection circuits", Solar Cells 25, 73–89, 1988 (the explicit form in diode voltage).
//   R. M. Corless, G. H. Gonnet, D. E. G. Hare, D. J. Jeffrey, D. E. Knuth, "On the Lambert W
//     function", Adv. Comput. Math. 5, 329–359, 1996 (Halley iteration, series at the branch point).
//   S. Winitzki, "Uniform approximations for transcendental functions", ICCSA 2003 (initial guess).
//
// Method. Current at voltage and voltage at current use the closed forms of Jain & Kapoor with W
// evaluated from log(argument), so arguments beyond 1.8e308 (huge R_sh, long strings) never overflow.
// Voltage at current switches, where W > 1, to V = a·(ln W + ln(G_sh·a/I_0)) − I·R_s, algebraically
// equal to Jain & Kapoor's eq. 3 but free of its cancellation when R_sh is large. The maximum power
// point is the root of dP/dV_d = 0 in Bishop's explicit parametrisation by diode voltage V_d, found by
// Halley's method safeguarded by bisection on the bracket [0, min(a·ln(1 + I_L/I_0), I_L·R_sh)], where
// dP/dV_d > 0 at the left end and < 0 at the right end; P(V) is increasing for V < 0 and concave for
// V > 0, so the root is unique. Where we differ from pvlib: its lambertw method finds Vmp by golden
// section (≈1e-8 V); this root is converged to ≈1e-15 relative, matching pvlib's 'brentq'/'newton'.
// PVsyst's thin-film recombination term: every public function takes optional d2mutau [V] and NsVbi [V]
// (pvlib's names and defaults, 0 and +∞). With d2mutau > 0 and a finite NsVbi no closed form exists and
// single-diode-recombination.ts solves Bishop's form instead; the defaults take the paths above,
// unchanged. Reverse breakdown is not modelled.
//
// Requirements: saturationCurrent > 0, nNsVth > 0, resistanceSeries ≥ 0, resistanceShunt > 0 (may be
// +∞); d2mutau ≥ 0, NsVbi > 0 (a RangeError otherwise). photocurrent ≤ 0 (night) gives all outputs 0,
// never NaN.

import type { SingleDiodeParameterArrays, SingleDiodeParameters } from './single-diode-params.ts';
import {
  iFromVRecombination,
  mppRecombinationInto,
  recombinationOn,
  solveRecombinationInto,
  vFromIRecombination,
  type Recombination,
} from './single-diode-recombination.ts';
import { mppFirstGuess } from './mpp-first-guess.ts';

export { VOLTAGE_BUILTIN, type Recombination } from './single-diode-recombination.ts';

// ---------------------------------------------------------------------------------------------
// Lambert W, principal branch

const INV_E = Math.exp(-1);

/**
 * Principal branch W₀ of the Lambert W function: the w ≥ −1 with w·eʷ = x.
 * @param x argument [—], x ≥ −1/e
 * @returns W₀(x) [—]; NaN for x < −1/e or NaN
 */
export function lambertW0(x: number): number {
  if (!(x >= -INV_E)) {
    // within rounding of the branch point
    return x > -INV_E - 1e-15 ? -1 : Number.NaN;
  }
  if (x === Infinity) return Infinity;
  if (Math.abs(x) < 1e-8) return lambertSmall(x);
  if (x > 1e300) return lambertW0Log(Math.log(x));
  let w: number;
  if (x < -0.32) {
    // series about the branch point −1/e (Corless et al. 1996, eq. 4.22)
    const p = Math.sqrt(2 * (Math.E * x + 1));
    w = -1 + p * (1 + p * (-1 / 3 + (p * 11) / 72));
  } else if (x < 3) {
    const l = Math.log1p(x);
    w = l * (1 - Math.log1p(l) / (2 + l));
  } else {
    const l1 = Math.log(x);
    const l2 = Math.log(l1);
    w = l1 - l2 + l2 / l1;
  }
  for (let it = 0; it < 40; it++) {
    const ew = Math.exp(w);
    const f = w * ew - x;
    const wp1 = w + 1;
    if (wp1 === 0 || f === 0) break;
    const dw = f / (ew * wp1 - ((w + 2) * f) / (2 * wp1));
    w -= dw;
    if (!(Math.abs(dw) > 1e-15 * Math.abs(w))) break;
  }
  return w;
}

/**
 * W₀(e^L) for a logarithmic argument, without overflow: for large L solves w + ln w = L by Newton's
 * method (as pvlib's `_lambertw_v_from_i` does for overflowing arguments).
 * @param logX natural logarithm of the argument [—]
 * @returns W₀(exp(logX)) [—]
 */
export function lambertW0Log(logX: number): number {
  if (logX < 500) return lambertW0(Math.exp(logX));
  if (logX === Infinity) return Infinity;
  const l2 = Math.log(logX);
  let w = logX - l2 + l2 / logX;
  for (let it = 0; it < 20; it++) {
    const dw = ((w + Math.log(w) - logX) * w) / (1 + w);
    w -= dw;
    if (!(Math.abs(dw) > 1e-16 * w)) break;
  }
  return w;
}

// ---------------------------------------------------------------------------------------------
// current at voltage, voltage at current

/**
 * Device current at a device voltage (Jain & Kapoor 2004, eq. 2; pvlib `i_from_v`, lambertw; with the
 * recombination term pvlib `bishop88_i_from_v`).
 * @param voltage device voltage [V]
 * @param photocurrent light-generated current I_L [A]
 * @param saturationCurrent diode saturation current I_0 [A]
 * @param resistanceSeries series resistance R_s [Ω]
 * @param resistanceShunt shunt resistance R_sh [Ω] (+∞ allowed)
 * @param nNsVth n·Ns·Vth [V]
 * @param d2mutau PVsyst thin-film recombination d²/(μτ) [V], default 0 (none)
 * @param nsVbi cells in series × built-in voltage N_s·V_bi [V], default +∞ (none)
 * @returns current [A]
 */
export function iFromV(
  voltage: number,
  photocurrent: number,
  saturationCurrent: number,
  resistanceSeries: number,
  resistanceShunt: number,
  nNsVth: number,
  d2mutau = 0,
  nsVbi = Infinity,
): number {
  if (recombinationOn(d2mutau, nsVbi)) {
    return iFromVRecombination(voltage, photocurrent, saturationCurrent, resistanceSeries, 1 / resistanceShunt, nNsVth, d2mutau, nsVbi);
  }
  return iFromVG(voltage, photocurrent, saturationCurrent, resistanceSeries, 1 / resistanceShunt, nNsVth);
}

function iFromVG(v: number, il: number, i0: number, rs: number, gsh: number, a: number): number {
  if (rs === 0) return il - i0 * Math.expm1(v / a) - gsh * v;
  const c = 1 + rs * gsh;
  const b = a * c;
  const expo = (rs * (il + i0) + v) / b;
  const logArg = Math.log((rs * i0) / b) + expo;
  const base = (il + i0 - v * gsh) / c;
  if (logArg < -20) {
    // W(x) = x − x² + 1.5x³ …; (a/R_s)·x = I_0/c·exp(expo) needs no division by a tiny R_s
    const x = Math.exp(logArg);
    return base - (i0 / c) * Math.exp(expo) * (1 - x * (1 - 1.5 * x));
  }
  return base - (a / rs) * lambertW0Log(logArg);
}

/**
 * Device voltage at a device current (Jain & Kapoor 2004, eq. 3 in a cancellation-free form;
 * pvlib `v_from_i`, lambertw; with the recombination term pvlib `bishop88_v_from_i`).
 * @param current device current [A]
 * @param photocurrent light-generated current I_L [A]
 * @param saturationCurrent diode saturation current I_0 [A]
 * @param resistanceSeries series resistance R_s [Ω]
 * @param resistanceShunt shunt resistance R_sh [Ω] (+∞ allowed)
 * @param nNsVth n·Ns·Vth [V]
 * @param d2mutau PVsyst thin-film recombination d²/(μτ) [V], default 0 (none)
 * @param nsVbi cells in series × built-in voltage N_s·V_bi [V], default +∞ (none)
 * @returns voltage [V]
 */
export function vFromI(
  current: number,
  photocurrent: number,
  saturationCurrent: number,
  resistanceSeries: number,
  resistanceShunt: number,
  nNsVth: number,
  d2mutau = 0,
  nsVbi = Infinity,
): number {
  if (recombinationOn(d2mutau, nsVbi)) {
    return vFromIRecombination(current, photocurrent, saturationCurrent, resistanceSeries, 1 / resistanceShunt, nNsVth, d2mutau, nsVbi);
  }
  return vFromIG(current, photocurrent, saturationCurrent, resistanceSeries, 1 / resistanceShunt, nNsVth);
}

function vFromIG(i: number, il: number, i0: number, rs: number, gsh: number, a: number): number {
  const ga = gsh * a;
  const logArg = ga > 0 ? Math.log(i0 / ga) + (il + i0 - i) / ga : Infinity;
  if (logArg === Infinity) {
    // ideal shunt (or G_sh·a underflowing): the explicit solution
    return a * Math.log1p((il - i) / i0) - i * rs;
  }
  const w = logArg < -20 ? lambertSmall(Math.exp(logArg)) : lambertW0Log(logArg);
  // Jain & Kapoor eq. 3, V = (I_L + I_0 − I)/G_sh − I·R_s − a·W, cancels badly when W is large (large
  // R_sh); since ln W = L − W it equals a·(ln W + ln(G_sh·a/I_0)) − I·R_s, which does not. For small W
  // the latter cancels instead, so each form is used where it is well conditioned.
  if (w > 1) return a * (Math.log(w) + Math.log(ga) - Math.log(i0)) - i * rs;
  return (il + i0 - i) / gsh - i * rs - a * w;
}

/** W₀(x) for |x| < 1e-8 from its series x − x² + 1.5x³, to full relative precision. */
function lambertSmall(x: number): number {
  return x * (1 - x * (1 - 1.5 * x));
}

// ---------------------------------------------------------------------------------------------
// maximum power point (Bishop 1988 parametrisation)

/** Output of {@link mppSolve}: the diode voltage [V] and the current [A] at the maximum power point. */
const MPP = new Float64Array(2);


/**
 * The maximum power point in diode voltage V_d; requires il > 0. Writes V_d [V] to MPP[0] and the
 * current there [A] to MPP[1]. Halley's method on dP/dV_d (cubic convergence), safeguarded by
 * bisection, from the ideal diode's V_mp corrected to first order for R_s: two evaluations for
 * real modules. Once a step is below 1e-6 of V_d the error after it is of order step³/(V_d·a²), below
 * ~1e-15 relative, so that step is taken without another evaluation and the current there comes
 * from the Taylor series of I(V_d) at the last evaluation (its next term is ~1e-20 relative).
 */
function mppSolve(il: number, i0: number, rs: number, gsh: number, a: number): void {
  // I(V_d) ≤ 0 beyond both a·ln(1 + I_L/I_0) (diode alone) and I_L·R_sh (shunt alone)
  const logRatio = Math.log1p(il / i0);
  const vocEst = a * logRatio;
  let lo = 0;
  let hi = Math.min(vocEst, il / gsh);
  let x = mppFirstGuess(a, rs, il, logRatio, lo, hi);
  const ia = 1 / a;
  const i0a = i0 * ia;
  for (let it = 0; it < 400; it++) {
    const u = x * ia;
    const ex = Math.exp(u);
    // e^u − 1 without cancellation: expm1 near 0, the plain difference (as exact) once e^u > e
    const cur = il - i0 * (u > 1 ? ex - 1 : Math.expm1(u)) - x * gsh;
    const d = i0a * ex;
    const g1 = -d - gsh; // dI/dVd
    const g2 = -d * ia; // d²I/dVd² (d³I/dVd³ = g2/a)
    const s = x - 2 * cur * rs;
    const f = cur + g1 * s; // dP/dVd
    const fp = 2 * g1 * (1 - rs * g1) + g2 * s; // d²P/dVd²
    const fpp = 3 * g2 * (1 - 2 * rs * g1) + g2 * ia * s; // d³P/dVd³
    if (f === 0) {
      MPP[0] = x;
      MPP[1] = cur;
      return;
    }
    if (f > 0) lo = x;
    else hi = x;
    // Halley: 2f·f′ / (2f′² − f·f″)
    const step = (f * fp) / (fp * fp - 0.5 * f * fpp);
    if (Math.abs(step) <= 1e-6 * x) {
      MPP[0] = x - step;
      MPP[1] = cur - step * (g1 - 0.5 * step * (g2 - step * g2 * ia * (1 / 3)));
      return;
    }
    const xn = x - step;
    x = xn > lo && xn < hi ? xn : 0.5 * (lo + hi);
    if (hi - lo <= 1e-15 * hi) break;
  }
  MPP[0] = x;
  MPP[1] = il - i0 * Math.expm1(x / a) - x * gsh;
}

/** Maximum power point of one curve. */
export interface MaxPowerPoint {
  /** Current at the maximum power point [A]. */
  imp: number;
  /** Voltage at the maximum power point [V]. */
  vmp: number;
  /** Maximum power [W]. */
  pmp: number;
}

/**
 * Maximum power point (pvlib `max_power_point` / `bishop88_mpp`).
 * @param photocurrent I_L [A]
 * @param saturationCurrent I_0 [A]
 * @param resistanceSeries R_s [Ω]
 * @param resistanceShunt R_sh [Ω]
 * @param nNsVth n·Ns·Vth [V]
 * @param d2mutau PVsyst thin-film recombination d²/(μτ) [V], default 0 (none)
 * @param nsVbi cells in series × built-in voltage N_s·V_bi [V], default +∞ (none)
 * @returns imp [A], vmp [V], pmp [W]; all 0 when photocurrent ≤ 0
 */
export function maxPowerPoint(
  photocurrent: number,
  saturationCurrent: number,
  resistanceSeries: number,
  resistanceShunt: number,
  nNsVth: number,
  d2mutau = 0,
  nsVbi = Infinity,
): MaxPowerPoint {
  const r = new Float64Array(N_OUT);
  if (recombinationOn(d2mutau, nsVbi)) {
    mppRecombinationInto(photocurrent, saturationCurrent, resistanceSeries, 1 / resistanceShunt, nNsVth, d2mutau, nsVbi, r, IMP);
  } else {
    solveInto(photocurrent, saturationCurrent, resistanceSeries, 1 / resistanceShunt, nNsVth, r);
  }
  return { imp: r[IMP], vmp: r[VMP], pmp: r[PMP] };
}

/**
 * Maximum power point over a time series: only imp, vmp, pmp (no Isc, Voc, Ix, Ixx: about a third of
 * the work of {@link singleDiodeArray}); no allocation when `out` is given.
 * @param p the five values per step (e.g. from calcparamsCecArray)
 * @param out optional output arrays of the input length
 * @param recombination PVsyst's thin-film recombination term (d2mutau [V], nsVbi [V]), if any
 * @returns imp [A], vmp [V], pmp [W] per step; 0 where the photocurrent is ≤ 0
 */
export function maxPowerPointArray(
  p: SingleDiodeParameterArrays,
  out?: { imp: Float64Array; vmp: Float64Array; pmp: Float64Array },
  recombination?: Recombination,
): { imp: Float64Array; vmp: Float64Array; pmp: Float64Array } {
  const n = p.photocurrent.length;
  const r = out ?? { imp: new Float64Array(n), vmp: new Float64Array(n), pmp: new Float64Array(n) };
  if (recombination && recombinationOn(recombination.d2mutau, recombination.nsVbi)) {
    const { d2mutau, nsVbi } = recombination;
    const s = new Float64Array(3);
    for (let k = 0; k < n; k++) {
      mppRecombinationInto(p.photocurrent[k], p.saturationCurrent[k], p.resistanceSeries[k], 1 / p.resistanceShunt[k], p.nNsVth[k], d2mutau, nsVbi, s, 0);
      r.imp[k] = s[0];
      r.vmp[k] = s[1];
      r.pmp[k] = s[2];
    }
    return r;
  }
  for (let k = 0; k < n; k++) {
    const il = p.photocurrent[k];
    const i0 = p.saturationCurrent[k];
    const rs = p.resistanceSeries[k];
    const gsh = 1 / p.resistanceShunt[k];
    const a = p.nNsVth[k];
    if (!(il > 0)) {
      const v = Number.isNaN(il) ? Number.NaN : 0;
      r.imp[k] = v;
      r.vmp[k] = v;
      r.pmp[k] = v;
      continue;
    }
    mppSolve(il, i0, rs, gsh, a);
    const vd = MPP[0];
    let imp = MPP[1];
    let vmp = vd - imp * rs;
    if (!(vmp > 0 && imp > 0)) {
      imp = 0;
      vmp = 0;
    }
    r.imp[k] = imp;
    r.vmp[k] = vmp;
    r.pmp[k] = imp * vmp;
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// the five (seven) points

/** Key points of one I–V curve (pvlib `singlediode` output). */
export interface SingleDiodeResult {
  /** Short-circuit current [A]. */
  isc: number;
  /** Open-circuit voltage [V]. */
  voc: number;
  /** Current at the maximum power point [A]. */
  imp: number;
  /** Voltage at the maximum power point [V]. */
  vmp: number;
  /** Maximum power [W]. */
  pmp: number;
  /** Current at V = Voc/2 [A]. */
  ix: number;
  /** Current at V = (Voc + Vmp)/2 [A]. */
  ixx: number;
}

const ISC = 0;
const VOC = 1;
const IMP = 2;
const VMP = 3;
const PMP = 4;
const IX = 5;
const IXX = 6;
const N_OUT = 7;

/** Writes isc, voc, imp, vmp, pmp, ix, ixx into r[0..6]; no allocation. */
function solveInto(il: number, i0: number, rs: number, gsh: number, a: number, r: Float64Array): void {
  if (il <= 0) {
    r.fill(0);
    return;
  }
  if (Number.isNaN(il + i0 + rs + gsh + a)) {
    r.fill(Number.NaN);
    return;
  }
  const isc = iFromVG(0, il, i0, rs, gsh, a);
  let voc = vFromIG(0, il, i0, rs, gsh, a);
  if (voc < 0) voc = 0;
  mppSolve(il, i0, rs, gsh, a);
  const vd = MPP[0];
  let imp = MPP[1];
  let vmp = vd - imp * rs;
  if (!(vmp > 0 && imp > 0)) {
    // degenerate curve (e.g. R_s so large that no power is delivered in the first quadrant)
    imp = 0;
    vmp = 0;
  }
  r[ISC] = isc;
  r[VOC] = voc;
  r[IMP] = imp;
  r[VMP] = vmp;
  r[PMP] = imp * vmp;
  r[IX] = iFromVG(0.5 * voc, il, i0, rs, gsh, a);
  r[IXX] = iFromVG(0.5 * (voc + vmp), il, i0, rs, gsh, a);
}

/**
 * The key points of the I–V curve (pvlib `pvsystem.singlediode`).
 * @param photocurrent I_L [A]
 * @param saturationCurrent I_0 [A]
 * @param resistanceSeries R_s [Ω]
 * @param resistanceShunt R_sh [Ω] (+∞ allowed)
 * @param nNsVth n·Ns·Vth [V]
 * @param d2mutau PVsyst thin-film recombination d²/(μτ) [V], default 0 (none)
 * @param nsVbi cells in series × built-in voltage N_s·V_bi [V], default +∞ (none)
 * @returns isc [A], voc [V], imp [A], vmp [V], pmp [W], ix [A], ixx [A]
 */
export function singleDiode(
  photocurrent: number,
  saturationCurrent: number,
  resistanceSeries: number,
  resistanceShunt: number,
  nNsVth: number,
  d2mutau = 0,
  nsVbi = Infinity,
): SingleDiodeResult {
  const r = new Float64Array(N_OUT);
  if (recombinationOn(d2mutau, nsVbi)) {
    solveRecombinationInto(photocurrent, saturationCurrent, resistanceSeries, 1 / resistanceShunt, nNsVth, d2mutau, nsVbi, r);
  } else {
    solveInto(photocurrent, saturationCurrent, resistanceSeries, 1 / resistanceShunt, nNsVth, r);
  }
  return { isc: r[ISC], voc: r[VOC], imp: r[IMP], vmp: r[VMP], pmp: r[PMP], ix: r[IX], ixx: r[IXX] };
}

/**
 * {@link singleDiode} taking the five values as one object (from a calcparams function).
 * @param p the five single-diode values
 * @param recombination PVsyst's thin-film recombination term (d2mutau [V], nsVbi [V]), if any
 */
export function singleDiodeOf(p: SingleDiodeParameters, recombination?: Recombination): SingleDiodeResult {
  return singleDiode(
    p.photocurrent,
    p.saturationCurrent,
    p.resistanceSeries,
    p.resistanceShunt,
    p.nNsVth,
    recombination?.d2mutau ?? 0,
    recombination?.nsVbi ?? Infinity,
  );
}

/** Key points over a time series (one entry per step). */
export interface SingleDiodeArrays {
  /** Short-circuit current [A]. */
  isc: Float64Array;
  /** Open-circuit voltage [V]. */
  voc: Float64Array;
  /** Current at the maximum power point [A]. */
  imp: Float64Array;
  /** Voltage at the maximum power point [V]. */
  vmp: Float64Array;
  /** Maximum power [W]. */
  pmp: Float64Array;
  /** Current at Voc/2 [A]. */
  ix: Float64Array;
  /** Current at (Voc + Vmp)/2 [A]. */
  ixx: Float64Array;
}

/**
 * {@link singleDiode} over a time series; allocates only the outputs (none if `out` is given).
 * @param p the five values per step (e.g. from calcparamsCecArray)
 * @param out optional output arrays, each of the input length
 * @param recombination PVsyst's thin-film recombination term (d2mutau [V], nsVbi [V]), if any
 * @returns isc [A], voc [V], imp [A], vmp [V], pmp [W], ix [A], ixx [A] per step
 */
export function singleDiodeArray(p: SingleDiodeParameterArrays, out?: SingleDiodeArrays, recombination?: Recombination): SingleDiodeArrays {
  const n = p.photocurrent.length;
  for (const [name, a] of Object.entries(p) as [string, Float64Array][]) {
    if (a.length !== n) throw new RangeError(`${name} has length ${a.length}, expected ${n}`);
  }
  const r: SingleDiodeArrays = out ?? {
    isc: new Float64Array(n),
    voc: new Float64Array(n),
    imp: new Float64Array(n),
    vmp: new Float64Array(n),
    pmp: new Float64Array(n),
    ix: new Float64Array(n),
    ixx: new Float64Array(n),
  };
  for (const [name, a] of Object.entries(r) as [string, Float64Array][]) {
    if (a.length !== n) throw new RangeError(`out.${name} has length ${a.length}, expected ${n}`);
  }
  const s = new Float64Array(N_OUT);
  const { photocurrent, saturationCurrent, resistanceSeries, resistanceShunt, nNsVth } = p;
  const rec = recombination && recombinationOn(recombination.d2mutau, recombination.nsVbi) ? recombination : undefined;
  for (let k = 0; k < n; k++) {
    if (rec) solveRecombinationInto(photocurrent[k], saturationCurrent[k], resistanceSeries[k], 1 / resistanceShunt[k], nNsVth[k], rec.d2mutau, rec.nsVbi, s);
    else solveInto(photocurrent[k], saturationCurrent[k], resistanceSeries[k], 1 / resistanceShunt[k], nNsVth[k], s);
    r.isc[k] = s[ISC];
    r.voc[k] = s[VOC];
    r.imp[k] = s[IMP];
    r.vmp[k] = s[VMP];
    r.pmp[k] = s[PMP];
    r.ix[k] = s[IX];
    r.ixx[k] = s[IXX];
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// I–V curve

/** An I–V curve: voltages ascending from 0 to Voc with their currents. */
export interface IvCurve {
  /** Voltages [V]. */
  v: Float64Array;
  /** Currents [A]. */
  i: Float64Array;
}

/**
 * I–V curve of `points` points at voltages equally spaced from 0 to Voc (pvlib `singlediode`
 * lambertw with ivcurve_pnts; with the recombination term each point by `bishop88_i_from_v`).
 * @param p the five single-diode values
 * @param points number of points [—], ≥ 2
 * @param recombination PVsyst's thin-film recombination term (d2mutau [V], nsVbi [V]), if any
 * @returns voltages [V] and currents [A]; all zeros when photocurrent ≤ 0
 */
export function ivCurve(p: SingleDiodeParameters, points = 100, recombination?: Recombination): IvCurve {
  if (!(points >= 2) || !Number.isInteger(points)) throw new RangeError(`points must be an integer ≥ 2, not ${points}`);
  const v = new Float64Array(points);
  const i = new Float64Array(points);
  const { photocurrent: il, saturationCurrent: i0, resistanceSeries: rs, nNsVth: a } = p;
  const on = recombination !== undefined && recombinationOn(recombination.d2mutau, recombination.nsVbi);
  if (!(il > 0)) return { v, i };
  const gsh = 1 / p.resistanceShunt;
  if (on) {
    const { d2mutau, nsVbi } = recombination;
    const voc = Math.max(0, vFromIRecombination(0, il, i0, rs, gsh, a, d2mutau, nsVbi));
    for (let k = 0; k < points; k++) {
      v[k] = (voc * k) / (points - 1);
      i[k] = k === points - 1 ? 0 : iFromVRecombination(v[k], il, i0, rs, gsh, a, d2mutau, nsVbi);
    }
    return { v, i };
  }
  const voc = Math.max(0, vFromIG(0, il, i0, rs, gsh, a));
  for (let k = 0; k < points; k++) {
    v[k] = (voc * k) / (points - 1);
    i[k] = k === points - 1 ? 0 : iFromVG(v[k], il, i0, rs, gsh, a);
  }
  return { v, i };
}
