// PVWatts DC module model: power proportional to effective irradiance with a linear temperature
// coefficient. Behaviour follows pvlib-python `pvsystem.pvwatts_dc`.
//
// Paper: A. P. Dobos, "PVWatts Version 5 Manual", NREL/TP-6A20-62641, 2014 (eq. 3).
// The single-diode module model lives in single-diode.ts / single-diode-params.ts.

/** PVWatts DC parameters (the `module` of a simulate array with model "pvwatts"). */
export interface PvwattsDcParameters {
  /** DC power at 1000 W m⁻² and tempRef [W]. */
  pdc0: number;
  /** Temperature coefficient of power [°C⁻¹], typically −0.002 … −0.005. */
  gammaPdc: number;
  /** Cell reference temperature [°C], default 25. */
  tempRef?: number;
}

/**
 * PVWatts DC power: P = E/1000 · Pdc0 · (1 + γ·(Tc − Tref)).
 * @param effectiveIrradiance irradiance transmitted to the cells [W m⁻²]
 * @param tempCell cell temperature [°C]
 * @param pdc0 DC power at 1000 W m⁻² and tempRef [W]
 * @param gammaPdc temperature coefficient of power [°C⁻¹]
 * @param tempRef cell reference temperature [°C], default 25
 * @returns DC power [W]
 */
export function pvwattsDc(effectiveIrradiance: number, tempCell: number, pdc0: number, gammaPdc: number, tempRef = 25): number {
  return effectiveIrradiance * 0.001 * pdc0 * (1 + gammaPdc * (tempCell - tempRef));
}

/**
 * {@link pvwattsDc} over arrays.
 * @param effectiveIrradiance irradiance transmitted to the cells [W m⁻²]
 * @param tempCell cell temperature [°C]
 * @param p PVWatts parameters (pdc0 [W], gammaPdc [°C⁻¹], tempRef [°C])
 * @param out optional output array of the same length
 * @returns DC power [W]
 */
export function pvwattsDcArray(
  effectiveIrradiance: Float64Array,
  tempCell: Float64Array,
  p: PvwattsDcParameters,
  out?: Float64Array,
): Float64Array {
  const n = effectiveIrradiance.length;
  if (tempCell.length !== n) throw new RangeError(`tempCell has length ${tempCell.length}, expected ${n}`);
  if (out !== undefined && out.length !== n) throw new RangeError(`out has length ${out.length}, expected ${n}`);
  const r = out ?? new Float64Array(n);
  const tempRef = p.tempRef ?? 25;
  for (let k = 0; k < n; k++) r[k] = pvwattsDc(effectiveIrradiance[k], tempCell[k], p.pdc0, p.gammaPdc, tempRef);
  return r;
}
