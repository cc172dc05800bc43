// One bypass-diode substring of a module: the cells one bypass diode protects, as a single-diode
// device of their own, with the diode across them.
//
// The module's single-diode model (De Soto/CEC or PVsyst, single-diode-params.ts) describes its Ns cells
// in series; a substring is Ns/B of them (B bypass diodes). The cells being identical, the substring's
// equation is the module's with every voltage divided by B: photocurrent I_L and saturation current I_0
// stay, n·Ns·Vth, R_s and R_sh scale by 1/B (and PVsyst's recombination terms d²/μτ and Ns·V_bi, both
// voltages, by 1/B). B such substrings at one irradiance and temperature in series give back the module's
// curve exactly: V_module(I) = B·V_sub(I).
// The bypass diode is an ideal diode with a forward drop V_D (ELECTRICAL.md "Electrical shading": 0.5 V
// unless the module data give another): it conducts as soon as the cells would be driven below −V_D, so
//     V_sub(I) = max(V_cells(I), −V_D),
// and it carries the string current beyond the "bypass current" b = I_cells(−V_D) (slightly above the
// substring's short-circuit current). Reverse breakdown of the cells is not reached and not modelled.
//
// Sources: J. W. Bishop, "Computer simulation of the effects of electrical mismatches in photovoltaic
// cell interconnection circuits", Solar Cells 25, 73–89, 1988 (cells and bypass diodes in series);
// pvlib-python `singlediode.bishop88` (the same diode-voltage derivatives); PVsyst 7 Help, "Array
// mismatch: bypass diodes" (the diode as a voltage drop, default −0.7 V there; ELECTRICAL.md uses 0.5 V).
//
// Derivatives. With x = V + I·R_s the diode voltage, I(x) = I_L − I_0·(e^{x/a} − 1) − x/R_sh
// [− I_L·d²μτ/(Ns·V_bi − x)], so dV/dI = 1/I′(x) − R_s and d²V/dI² = −I″(x)/I′(x)³; at a voltage
// dI/dV = I′/(1 − R_s·I′), d²I/dV² = I″/(1 − R_s·I′)³. I′ < 0 and I″ < 0: the cells' V(I) and I(V) are
// both strictly decreasing and concave, which the string and MPPT solvers rely on.
import type { SingleDiodeParameters } from '../single-diode-params.ts';
import { iFromV, vFromI, type Recombination } from '../single-diode.ts';

/** One substring (the cells behind one bypass diode) at one irradiance and cell temperature. */
export interface Substring {
  /** Photocurrent I_L [A]. */
  readonly il: number;
  /** Saturation current I_0 [A]. */
  readonly i0: number;
  /** Series resistance of the substring [Ω]. */
  readonly rs: number;
  /** Shunt resistance of the substring [Ω] (may be +∞). */
  readonly rsh: number;
  /** Shunt conductance 1/R_sh [S]. */
  readonly gsh: number;
  /** n·Ns·Vth of the substring's cells [V]. */
  readonly a: number;
  /** PVsyst recombination d²/(μτ) of the substring [V]; 0: none. */
  readonly d2mutau: number;
  /** Cells × built-in voltage of the substring [V]; +∞: none. */
  readonly nsVbi: number;
  /** Forward drop of the bypass diode [V] (≥ 0). */
  readonly diodeDrop: number;
  /** Current above which the bypass diode conducts, I_cells(−V_D) [A]. */
  readonly bypass: number;
}

/**
 * The substring of a module with `bypassDiodes` equal substrings.
 * @param module the module's five single-diode values at the substring's irradiance and temperature
 * @param bypassDiodes bypass diodes (substrings) per module [—], integer ≥ 1
 * @param diodeDrop forward drop of a bypass diode [V], ≥ 0
 * @param recombination the module's PVsyst recombination term (d2mutau [V], nsVbi [V]), if any
 * @returns the substring, with its bypass current
 */
export function substringOf(module: SingleDiodeParameters, bypassDiodes: number, diodeDrop: number, recombination?: Recombination): Substring {
  if (!(Number.isInteger(bypassDiodes) && bypassDiodes >= 1)) throw new RangeError(`bypassDiodes must be an integer ≥ 1, not ${bypassDiodes}`);
  if (!(diodeDrop >= 0 && Number.isFinite(diodeDrop))) throw new RangeError(`diodeDrop must be a finite voltage ≥ 0, not ${diodeDrop}`);
  const k = 1 / bypassDiodes;
  const rec = recombination !== undefined && recombination.d2mutau > 0 && recombination.nsVbi < Infinity;
  const s = {
    il: module.photocurrent,
    i0: module.saturationCurrent,
    rs: module.resistanceSeries * k,
    rsh: module.resistanceShunt * k,
    gsh: 1 / (module.resistanceShunt * k),
    a: module.nNsVth * k,
    d2mutau: rec ? recombination.d2mutau * k : 0,
    nsVbi: rec ? recombination.nsVbi * k : Infinity,
    diodeDrop,
    bypass: 0,
  };
  s.bypass = cellsCurrent(s, -diodeDrop);
  return s;
}

/**
 * Current of the substring's cells at a voltage (no bypass diode) [A].
 * @param s the substring
 * @param voltage voltage across the cells [V]
 */
export function cellsCurrent(s: Omit<Substring, 'bypass'>, voltage: number): number {
  return iFromV(voltage, s.il, s.i0, s.rs, s.rsh, s.a, s.d2mutau, s.nsVbi);
}

/**
 * Voltage of the substring's cells at a current (no bypass diode) [V].
 * @param s the substring
 * @param current current through the cells [A]
 */
export function cellsVoltage(s: Substring, current: number): number {
  return vFromI(current, s.il, s.i0, s.rs, s.rsh, s.a, s.d2mutau, s.nsVbi);
}

/**
 * Voltage of the substring with its bypass diode at a current: max(V_cells(I), −V_D) [V].
 * @param s the substring
 * @param current string current [A]
 */
export function substringVoltage(s: Substring, current: number): number {
  return current > s.bypass ? -s.diodeDrop : cellsVoltage(s, current);
}

/** dI/dx and d²I/dx² of the cells at diode voltage x, into D[0], D[1]. */
const D = new Float64Array(2);
function diodeDerivatives(s: Substring, x: number): void {
  const e = (s.i0 / s.a) * Math.exp(x / s.a);
  let d1 = -e - s.gsh;
  let d2 = -e / s.a;
  if (s.d2mutau > 0) {
    const r = s.nsVbi - x;
    const t = (s.il * s.d2mutau) / (r * r);
    d1 -= t;
    d2 -= (2 * t) / r;
  }
  D[0] = d1;
  D[1] = d2;
}

/**
 * The cells' voltage at a current and its first two derivatives in the current (no bypass diode).
 * @param s the substring
 * @param current current [A]
 * @param out receives V [V], dV/dI [Ω], d²V/dI² [Ω A⁻¹] at out[at], out[at + 1], out[at + 2]
 * @param at index of V in out, default 0
 */
export function cellsVoltageInto(s: Substring, current: number, out: Float64Array, at = 0): void {
  const v = cellsVoltage(s, current);
  diodeDerivatives(s, v + current * s.rs);
  const d1 = D[0];
  out[at] = v;
  out[at + 1] = 1 / d1 - s.rs;
  out[at + 2] = -D[1] / (d1 * d1 * d1);
}

/**
 * The cells' current at a voltage and its first two derivatives in the voltage (no bypass diode).
 * @param s the substring
 * @param voltage voltage [V]
 * @param out receives I [A], dI/dV [S], d²I/dV² [S V⁻¹] at out[at], out[at + 1], out[at + 2]
 * @param at index of I in out, default 0
 */
export function cellsCurrentInto(s: Substring, voltage: number, out: Float64Array, at = 0): void {
  const i = cellsCurrent(s, voltage);
  diodeDerivatives(s, voltage + i * s.rs);
  const d1 = D[0];
  const q = 1 / (1 - s.rs * d1);
  out[at] = i;
  out[at + 1] = d1 * q;
  out[at + 2] = D[1] * q * q * q;
}
