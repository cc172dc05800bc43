// The empirical shading-loss model of Martínez-Moreno, Muñoz & Lorenzo (2010), as pvlib-python
// `shading.direct_martinez` implements it: a fast preview of the electrical effect of partial shading
// on crystalline modules with bypass diodes, used by simulate for PVWatts modules (which have no I–V
// curve); single-diode modules get the curves (series-curve.ts, parallel-curve.ts).
//
//   (1 − F_ES) = (1 − F_GS)·(1 − N_SB/(N_TB + 1))                                   (eq. 6)
//   1 − P_S/P_NS = 1 − [(B + D_cir)·(1 − F_ES) + D_iso + R] / G                       (eq. 8)
// F_GS the geometrically shaded fraction of the generator, N_SB the shaded blocks (a block: the cells
// of one bypass diode; shaded when any of its cells is, rounded up), N_TB all blocks, B + D_cir the beam
// and circumsolar part of the plane-of-array irradiance G, D_iso + R the rest.
//
// Source: F. Martínez-Moreno, J. Muñoz, E. Lorenzo, "Experimental model to estimate shading losses on
// PV arrays", Solar Energy Materials & Solar Cells 94(12), 2298–2303, 2010; pvlib-python 0.11
// `pvlib.shading.direct_martinez`. Where we differ from pvlib: nothing where G > 0; for G ≤ 0 this
// returns NaN (pvlib: NaN for G = 0, a number for a negative G).

/**
 * Fraction of the beam (and circumsolar) irradiance that still counts under shading, (1 − F_ES) of eq. 6.
 * @param shadedFraction geometrically shaded fraction of the generator F_GS [—], 0..1
 * @param shadedBlocks shaded blocks N_SB [—] (rounded up)
 * @param totalBlocks all blocks N_TB [—]
 * @returns the beam factor [—]
 */
export function martinezBeamFactor(shadedFraction: number, shadedBlocks: number, totalBlocks: number): number {
  return (1 - shadedFraction) * (1 - Math.ceil(shadedBlocks) / (1 + totalBlocks));
}

/**
 * Fraction of DC power lost to shading (pvlib `shading.direct_martinez`, eqs. 6 and 8).
 * @param poaGlobal plane-of-array global irradiance G [W m⁻²]
 * @param poaDirect plane-of-array beam and circumsolar irradiance [W m⁻²]
 * @param shadedFraction geometrically shaded fraction F_GS [—], 0..1
 * @param shadedBlocks shaded blocks N_SB [—] (a fractional value is rounded up)
 * @param totalBlocks all blocks N_TB [—]
 * @returns 1 − P_shaded/P_unshaded [—]; NaN when poaGlobal ≤ 0
 */
export function directMartinez(poaGlobal: number, poaDirect: number, shadedFraction: number, shadedBlocks: number, totalBlocks: number): number {
  if (!(poaGlobal > 0)) return Number.NaN;
  const beam = martinezBeamFactor(shadedFraction, shadedBlocks, totalBlocks);
  return 1 - (poaDirect * beam + (poaGlobal - poaDirect)) / poaGlobal;
}
