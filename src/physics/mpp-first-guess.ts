// The starting point of the single-diode maximum-power-point solvers (single-diode.ts, the Lambert-W
// form; single-diode-recombination.ts, Bishop's form with PVsyst's recombination term).

/**
 * First guess of the diode voltage at the maximum power point [V]. The ideal diode's V_mp is a·(w − 1)
 * with w = W(e·(I_L + I_0)/I_0), the root of w + ln w = L, L = 1 + ln(1 + I_L/I_0): from w ≈ L − ln L
 * one Newton step. Series resistance moves the diode voltage at the maximum up by
 * 2a·I_mp·R_s/(2a + V_d) to first order, I_mp ≈ I_L·V_d/(a + V_d). Outside (lo, hi): the midpoint.
 */
export function mppFirstGuess(a: number, rs: number, il: number, logRatio: number, lo: number, hi: number): number {
  const L = 1 + logRatio;
  let w = L - Math.log(L);
  w -= ((w + Math.log(w) - L) * w) / (w + 1);
  const ideal = a * (w - 1);
  const x = ideal + (2 * a * rs * il * ideal) / ((a + ideal) * (2 * a + ideal));
  return x > lo && x < hi ? x : 0.5 * (lo + hi);
}
