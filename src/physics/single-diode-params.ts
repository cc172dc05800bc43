// Single-diode model parameters at operating conditions: the five values (photocurrent,
// saturationCurrent, resistanceSeries, resistanceShunt, nNsVth) from reference-condition parameters,
// effective irradiance and cell temperature. Behaviour follows pvlib-python `pvsystem.calcparams_desoto`,
// `calcparams_cec` and `calcparams_pvsyst`.
//
// Papers:
//   De Soto — W. De Soto, S. A. Klein, W. A. Beckman, "Improvement and validation of a model for
//             photovoltaic array performance", Solar Energy 80(1), 78–88, 2006.
//   CEC     — A. P. Dobos, "An Improved Coefficient Calculator for the California Energy Commission
//             6 Parameter Photovoltaic Module Model", J. Solar Energy Eng. 134, 2012 (the `Adjust` term).
//   PVsyst  — K. Sauer, T. Roessler, C. W. Hansen, "Modeling the Irradiance and Temperature Dependence
//             of Photovoltaic Modules in PVsyst", IEEE J. Photovoltaics 5(1), 2015; A. Mermoud,
//             T. Lejeune, 25th EU PVSEC, 2010.
//
// Name mapping to pvlib / the SAM CEC database / PVsyst .PAN: alphaSc = alpha_sc, aRef = a_ref,
// iLRef = I_L_ref, iORef = I_o_ref, rShRef = R_sh_ref, rS = R_s, adjust = Adjust, egRef = EgRef,
// dEgdT = dEgdT, gammaRef = gamma_ref, muGamma = mu_gamma, rSh0 = R_sh_0, rShExp = R_sh_exp,
// cellsInSeries = cells_in_series.
//
// Where we differ from pvlib: nothing numerically. Constants are CODATA 2018 (as scipy.constants,
// which pvlib uses). At zero irradiance De Soto's shunt resistance is +∞, as in pvlib.

/** Boltzmann constant [eV K⁻¹] (CODATA 2018). */
export const BOLTZMANN_EV = 8.617333262e-5;
/** Boltzmann constant [J K⁻¹] (exact, SI 2019). */
export const BOLTZMANN = 1.380649e-23;
/** Elementary charge [C] (exact, SI 2019). */
export const ELEMENTARY_CHARGE = 1.602176634e-19;
/** 0 °C in kelvin [K]. */
const T0 = 273.15;

/** The five single-diode values at one operating condition. */
export interface SingleDiodeParameters {
  /** Light-generated current I_L [A]. */
  photocurrent: number;
  /** Diode saturation current I_0 [A]. */
  saturationCurrent: number;
  /** Series resistance R_s [Ω]. */
  resistanceSeries: number;
  /** Shunt resistance R_sh [Ω] (may be +∞). */
  resistanceShunt: number;
  /** Product n·Ns·Vth of ideality factor, cells in series and thermal voltage [V]. */
  nNsVth: number;
}

/** The five single-diode values over a time series (one entry per step). */
export interface SingleDiodeParameterArrays {
  /** Light-generated current I_L [A]. */
  photocurrent: Float64Array;
  /** Diode saturation current I_0 [A]. */
  saturationCurrent: Float64Array;
  /** Series resistance R_s [Ω]. */
  resistanceSeries: Float64Array;
  /** Shunt resistance R_sh [Ω]. */
  resistanceShunt: Float64Array;
  /** n·Ns·Vth [V]. */
  nNsVth: Float64Array;
}

/** De Soto (CEC database) reference parameters. */
export interface DesotoParameters {
  /** Short-circuit current temperature coefficient [A °C⁻¹]. */
  alphaSc: number;
  /** Modified ideality factor n·Ns·Vth at reference conditions [V]. */
  aRef: number;
  /** Photocurrent at reference conditions [A]. */
  iLRef: number;
  /** Saturation current at reference conditions [A]. */
  iORef: number;
  /** Shunt resistance at reference conditions [Ω]. */
  rShRef: number;
  /** Series resistance [Ω]. */
  rS: number;
  /** Band gap at the reference temperature [eV], default 1.121 (c-Si; implicit for SAM CEC data). */
  egRef?: number;
  /** Temperature dependence of the band gap [K⁻¹], default −0.0002677. */
  dEgdT?: number;
  /** Reference irradiance [W m⁻²], default 1000. */
  irradRef?: number;
  /** Reference cell temperature [°C], default 25. */
  tempRef?: number;
}

/** CEC parameters: De Soto plus the `Adjust` correction of the temperature coefficient. */
export interface CecParameters extends DesotoParameters {
  /** Adjustment to alphaSc [%]. */
  adjust: number;
}

/** PVsyst (.PAN) reference parameters. */
export interface PvsystModuleParameters {
  /** Short-circuit current temperature coefficient [A °C⁻¹]. */
  alphaSc: number;
  /** Diode ideality factor at reference temperature [—]. */
  gammaRef: number;
  /** Temperature coefficient of the ideality factor [K⁻¹]. */
  muGamma: number;
  /** Photocurrent at reference conditions [A]. */
  iLRef: number;
  /** Saturation current at reference conditions [A]. */
  iORef: number;
  /** Shunt resistance at reference conditions [Ω]. */
  rShRef: number;
  /** Shunt resistance at zero irradiance [Ω]. */
  rSh0: number;
  /** Series resistance [Ω]. */
  rS: number;
  /** Number of cells in series [—]. */
  cellsInSeries: number;
  /** Exponent of the shunt resistance irradiance dependence [—], default 5.5. */
  rShExp?: number;
  /** Band gap at the reference temperature [eV], default 1.121. */
  egRef?: number;
  /** Reference irradiance [W m⁻²], default 1000. */
  irradRef?: number;
  /** Reference cell temperature [°C], default 25. */
  tempRef?: number;
}

// ---------------------------------------------------------------------------------------------
// scalar forms

/**
 * De Soto et al. 2006 parameters at operating conditions (pvlib `calcparams_desoto`).
 * I_L = E/E_ref·(I_L,ref + α_sc·ΔT); I_0 = I_0,ref·(T/T_ref)³·exp(E_g,ref/(k T_ref) − E_g/(k T));
 * R_sh = R_sh,ref·E_ref/E; nNsVth = a_ref·T/T_ref; E_g = E_g,ref·(1 + dEgdT·ΔT).
 * @param effectiveIrradiance irradiance converted to photocurrent [W m⁻²]
 * @param tempCell cell temperature [°C]
 * @param p reference parameters
 * @returns the five single-diode values
 */
export function calcparamsDesoto(effectiveIrradiance: number, tempCell: number, p: DesotoParameters): SingleDiodeParameters {
  return desotoCore(effectiveIrradiance, tempCell, p.alphaSc, p);
}

/**
 * CEC parameters at operating conditions (pvlib `calcparams_cec`): De Soto with α_sc·(1 − Adjust/100).
 * @param effectiveIrradiance irradiance converted to photocurrent [W m⁻²]
 * @param tempCell cell temperature [°C]
 * @param p reference parameters including `adjust` [%]
 * @returns the five single-diode values
 */
export function calcparamsCec(effectiveIrradiance: number, tempCell: number, p: CecParameters): SingleDiodeParameters {
  return desotoCore(effectiveIrradiance, tempCell, p.alphaSc * (1 - p.adjust / 100), p);
}

function desotoCore(e: number, tc: number, alphaSc: number, p: DesotoParameters): SingleDiodeParameters {
  const egRef = p.egRef ?? 1.121;
  const dEgdT = p.dEgdT ?? -0.0002677;
  const irradRef = p.irradRef ?? 1000;
  const tRefK = (p.tempRef ?? 25) + T0;
  const tK = tc + T0;
  const eg = egRef * (1 + dEgdT * (tK - tRefK));
  const ratio = tK / tRefK;
  return {
    photocurrent: (e / irradRef) * (p.iLRef + alphaSc * (tK - tRefK)),
    saturationCurrent: p.iORef * ratio * ratio * ratio * Math.exp(egRef / (BOLTZMANN_EV * tRefK) - eg / (BOLTZMANN_EV * tK)),
    resistanceSeries: p.rS,
    resistanceShunt: p.rShRef * (irradRef / e),
    nNsVth: p.aRef * ratio,
  };
}

/**
 * PVsyst v6 parameters at operating conditions (pvlib `calcparams_pvsyst`).
 * γ = γ_ref + μ_γ·ΔT; nNsVth = γ·k/q·Ns·T; I_0 = I_0,ref·(T/T_ref)³·exp(q E_g,ref/(k γ)·(1/T_ref − 1/T));
 * R_sh = R_sh,base + (R_sh,0 − R_sh,base)·exp(−R_sh,exp·E/E_ref),
 * R_sh,base = max(0, (R_sh,ref − R_sh,0·e^(−R_sh,exp)) / (1 − e^(−R_sh,exp))).
 * @param effectiveIrradiance irradiance converted to photocurrent [W m⁻²]
 * @param tempCell cell temperature [°C]
 * @param p reference parameters
 * @returns the five single-diode values
 */
export function calcparamsPvsyst(effectiveIrradiance: number, tempCell: number, p: PvsystModuleParameters): SingleDiodeParameters {
  const c = pvsystConstants(p);
  const tK = tempCell + T0;
  const dT = tK - c.tRefK;
  const gamma = p.gammaRef + p.muGamma * dT;
  const ratio = tK / c.tRefK;
  return {
    photocurrent: (effectiveIrradiance / c.irradRef) * (p.iLRef + p.alphaSc * dT),
    saturationCurrent:
      p.iORef * ratio * ratio * ratio * Math.exp(((ELEMENTARY_CHARGE * c.egRef) / (BOLTZMANN * gamma)) * (1 / c.tRefK - 1 / tK)),
    resistanceSeries: p.rS,
    resistanceShunt: c.rShBase + (p.rSh0 - c.rShBase) * Math.exp((-c.rShExp * effectiveIrradiance) / c.irradRef),
    nNsVth: ((gamma * BOLTZMANN) / ELEMENTARY_CHARGE) * p.cellsInSeries * tK,
  };
}

function pvsystConstants(p: PvsystModuleParameters) {
  const rShExp = p.rShExp ?? 5.5;
  const ex = Math.exp(-rShExp);
  return {
    rShExp,
    egRef: p.egRef ?? 1.121,
    irradRef: p.irradRef ?? 1000,
    tRefK: (p.tempRef ?? 25) + T0,
    rShBase: Math.max(0, (p.rShRef - p.rSh0 * ex) / (1 - ex)),
  };
}

// ---------------------------------------------------------------------------------------------
// array forms

function allocParams(n: number, out?: SingleDiodeParameterArrays): SingleDiodeParameterArrays {
  if (out !== undefined) {
    for (const [name, a] of Object.entries(out) as [string, Float64Array][]) {
      if (a.length !== n) throw new RangeError(`out.${name} has length ${a.length}, expected ${n}`);
    }
    return out;
  }
  return {
    photocurrent: new Float64Array(n),
    saturationCurrent: new Float64Array(n),
    resistanceSeries: new Float64Array(n),
    resistanceShunt: new Float64Array(n),
    nNsVth: new Float64Array(n),
  };
}

function checkSame(effectiveIrradiance: Float64Array, tempCell: Float64Array): number {
  if (tempCell.length !== effectiveIrradiance.length) {
    throw new RangeError(`tempCell has length ${tempCell.length}, expected ${effectiveIrradiance.length}`);
  }
  return effectiveIrradiance.length;
}

function desotoArray(
  e: Float64Array,
  tc: Float64Array,
  alphaSc: number,
  p: DesotoParameters,
  out?: SingleDiodeParameterArrays,
): SingleDiodeParameterArrays {
  const n = checkSame(e, tc);
  const r = allocParams(n, out);
  const egRef = p.egRef ?? 1.121;
  const dEgdT = p.dEgdT ?? -0.0002677;
  const irradRef = p.irradRef ?? 1000;
  const tRefK = (p.tempRef ?? 25) + T0;
  const kRef = egRef / (BOLTZMANN_EV * tRefK);
  for (let k = 0; k < n; k++) {
    const tK = tc[k] + T0;
    const ratio = tK / tRefK;
    const eg = egRef * (1 + dEgdT * (tK - tRefK));
    r.photocurrent[k] = (e[k] / irradRef) * (p.iLRef + alphaSc * (tK - tRefK));
    r.saturationCurrent[k] = p.iORef * ratio * ratio * ratio * Math.exp(kRef - eg / (BOLTZMANN_EV * tK));
    r.resistanceSeries[k] = p.rS;
    r.resistanceShunt[k] = p.rShRef * (irradRef / e[k]);
    r.nNsVth[k] = p.aRef * ratio;
  }
  return r;
}

/**
 * {@link calcparamsDesoto} over arrays.
 * @param effectiveIrradiance irradiance converted to photocurrent [W m⁻²]
 * @param tempCell cell temperature [°C]
 * @param p reference parameters
 * @param out optional output arrays of the same length
 * @returns the five single-diode values per step
 */
export function calcparamsDesotoArray(
  effectiveIrradiance: Float64Array,
  tempCell: Float64Array,
  p: DesotoParameters,
  out?: SingleDiodeParameterArrays,
): SingleDiodeParameterArrays {
  return desotoArray(effectiveIrradiance, tempCell, p.alphaSc, p, out);
}

/**
 * {@link calcparamsCec} over arrays.
 * @param effectiveIrradiance irradiance converted to photocurrent [W m⁻²]
 * @param tempCell cell temperature [°C]
 * @param p reference parameters including `adjust` [%]
 * @param out optional output arrays of the same length
 * @returns the five single-diode values per step
 */
export function calcparamsCecArray(
  effectiveIrradiance: Float64Array,
  tempCell: Float64Array,
  p: CecParameters,
  out?: SingleDiodeParameterArrays,
): SingleDiodeParameterArrays {
  return desotoArray(effectiveIrradiance, tempCell, p.alphaSc * (1 - p.adjust / 100), p, out);
}

/**
 * {@link calcparamsPvsyst} over arrays.
 * @param effectiveIrradiance irradiance converted to photocurrent [W m⁻²]
 * @param tempCell cell temperature [°C]
 * @param p reference parameters
 * @param out optional output arrays of the same length
 * @returns the five single-diode values per step
 */
export function calcparamsPvsystArray(
  effectiveIrradiance: Float64Array,
  tempCell: Float64Array,
  p: PvsystModuleParameters,
  out?: SingleDiodeParameterArrays,
): SingleDiodeParameterArrays {
  const n = checkSame(effectiveIrradiance, tempCell);
  const r = allocParams(n, out);
  const c = pvsystConstants(p);
  const qEg = (ELEMENTARY_CHARGE * c.egRef) / BOLTZMANN;
  const kq = (BOLTZMANN / ELEMENTARY_CHARGE) * p.cellsInSeries;
  for (let k = 0; k < n; k++) {
    const e = effectiveIrradiance[k];
    const tK = tempCell[k] + T0;
    const dT = tK - c.tRefK;
    const gamma = p.gammaRef + p.muGamma * dT;
    const ratio = tK / c.tRefK;
    r.photocurrent[k] = (e / c.irradRef) * (p.iLRef + p.alphaSc * dT);
    r.saturationCurrent[k] = p.iORef * ratio * ratio * ratio * Math.exp((qEg / gamma) * (1 / c.tRefK - 1 / tK));
    r.resistanceSeries[k] = p.rS;
    r.resistanceShunt[k] = c.rShBase + (p.rSh0 - c.rShBase) * Math.exp((-c.rShExp * e) / c.irradRef);
    r.nNsVth[k] = gamma * kq * tK;
  }
  return r;
}
