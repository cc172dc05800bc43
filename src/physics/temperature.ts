// Cell temperature models: steady-state module/cell temperature from plane-of-array irradiance, air
// temperature and wind speed. Behaviour and defaults follow pvlib-python `pvlib.temperature`
// (sapm_module, sapm_cell, pvsyst_cell, faiman).
//
// Papers:
//   SAPM   — D. L. King, W. E. Boyson, J. A. Kratochvil, "Photovoltaic Array Performance Model",
//            SAND2004-3535, Sandia National Laboratories, 2004 (eqs. 11 and 12).
//   PVsyst — PVsyst 6 Help, "PV module temperature" (Uc, Uv thermal loss factors); A. Mermoud.
//   Faiman — D. Faiman, "Assessing the outdoor operating temperature of photovoltaic modules",
//            Progress in Photovoltaics 16(4), 307–315, 2008.

/** SAPM thermal parameters: module temperature coefficients `a`, `b` and the module-to-cell step. */
export interface SapmTemperatureParameters {
  /** Upper bound of module temperature rise at low wind [ln(°C m² W⁻¹)]. */
  a: number;
  /** Rate of decrease of the rise with wind speed [s m⁻¹]. */
  b: number;
  /** Cell-to-module back-surface temperature difference at 1000 W m⁻² [°C]. */
  deltaT: number;
  /** Reference irradiance for deltaT [W m⁻²], default 1000. */
  irradRef?: number;
}

/** PVsyst thermal parameters (PVsyst's "Uc" and "Uv"). */
export interface PvsystTemperatureParameters {
  /** Constant heat loss factor [W m⁻² °C⁻¹], default 29 (free-standing). */
  uc?: number;
  /** Wind-dependent heat loss factor [W m⁻² °C⁻¹ (m s⁻¹)⁻¹], default 0. */
  uv?: number;
  /** Module efficiency at the operating point, removed from the heat input [—], default 0.1. */
  moduleEfficiency?: number;
  /** Fraction of the irradiance absorbed [—], default 0.9. */
  alphaAbsorption?: number;
}

/** Faiman thermal parameters. */
export interface FaimanTemperatureParameters {
  /** Constant heat transfer component [W m⁻² °C⁻¹], default 25. */
  u0?: number;
  /** Convective heat transfer component [W m⁻² °C⁻¹ (m s⁻¹)⁻¹], default 6.84. */
  u1?: number;
}

/** A temperature model chosen by name (the `temperatureModel` of a simulate array). */
export type TemperatureModel =
  | ({ model: 'sapm' } & SapmTemperatureParameters)
  | ({ model: 'pvsyst' } & PvsystTemperatureParameters)
  | ({ model: 'faiman' } & FaimanTemperatureParameters);

/** Names accepted by {@link cellTemperature}. */
export const TEMPERATURE_MODELS = ['sapm', 'pvsyst', 'faiman'] as const;

/**
 * Published parameter sets (pvlib `TEMPERATURE_MODEL_PARAMETERS`): SAPM from King et al. 2004
 * Table 2, PVsyst from the PVsyst help (free-standing / insulated).
 */
export const TEMPERATURE_MODEL_PARAMETERS = {
  sapm: {
    openRackGlassGlass: { a: -3.47, b: -0.0594, deltaT: 3 },
    closeMountGlassGlass: { a: -2.98, b: -0.0471, deltaT: 1 },
    openRackGlassPolymer: { a: -3.56, b: -0.075, deltaT: 3 },
    insulatedBackGlassPolymer: { a: -2.81, b: -0.0455, deltaT: 0 },
  },
  pvsyst: {
    freestanding: { uc: 29, uv: 0 },
    insulated: { uc: 15, uv: 0 },
  },
  faiman: {
    default: { u0: 25, u1: 6.84 },
  },
} as const;

// ---------------------------------------------------------------------------------------------
// SAPM

/**
 * SAPM back-of-module temperature (King et al. 2004, eq. 11): Tm = E·exp(a + b·WS) + Ta.
 * @param poaGlobal plane-of-array irradiance [W m⁻²]
 * @param tempAir air temperature [°C]
 * @param windSpeed wind speed at 10 m [m s⁻¹]
 * @param a SAPM `a` [—]
 * @param b SAPM `b` [s m⁻¹]
 * @returns module back-surface temperature [°C]
 */
export function sapmModule(poaGlobal: number, tempAir: number, windSpeed: number, a: number, b: number): number {
  return poaGlobal * Math.exp(a + b * windSpeed) + tempAir;
}

/**
 * Cell temperature from module back-surface temperature (King et al. 2004, eq. 12):
 * Tc = Tm + E/E0·ΔT.
 * @param tempModule module back-surface temperature [°C]
 * @param poaGlobal plane-of-array irradiance [W m⁻²]
 * @param deltaT cell-to-module difference at irradRef [°C]
 * @param irradRef reference irradiance [W m⁻²], default 1000
 * @returns cell temperature [°C]
 */
export function sapmCellFromModule(tempModule: number, poaGlobal: number, deltaT: number, irradRef = 1000): number {
  return tempModule + (poaGlobal / irradRef) * deltaT;
}

/**
 * SAPM cell temperature (King et al. 2004, eqs. 11–12; pvlib `temperature.sapm_cell`).
 * @param poaGlobal plane-of-array irradiance [W m⁻²]
 * @param tempAir air temperature [°C]
 * @param windSpeed wind speed at 10 m [m s⁻¹]
 * @param a SAPM `a` [—]
 * @param b SAPM `b` [s m⁻¹]
 * @param deltaT cell-to-module difference at irradRef [°C]
 * @param irradRef reference irradiance [W m⁻²], default 1000
 * @returns cell temperature [°C]
 */
export function sapmCell(
  poaGlobal: number,
  tempAir: number,
  windSpeed: number,
  a: number,
  b: number,
  deltaT: number,
  irradRef = 1000,
): number {
  return sapmCellFromModule(sapmModule(poaGlobal, tempAir, windSpeed, a, b), poaGlobal, deltaT, irradRef);
}

// ---------------------------------------------------------------------------------------------
// PVsyst

/**
 * PVsyst cell temperature (pvlib `temperature.pvsyst_cell`):
 * Tc = Ta + α·E·(1 − η) / (Uc + Uv·WS).
 * @param poaGlobal plane-of-array irradiance [W m⁻²]
 * @param tempAir air temperature [°C]
 * @param windSpeed wind speed [m s⁻¹], default 1
 * @param uc constant heat loss factor [W m⁻² °C⁻¹], default 29
 * @param uv wind heat loss factor [W m⁻² °C⁻¹ (m s⁻¹)⁻¹], default 0
 * @param moduleEfficiency module efficiency [—], default 0.1
 * @param alphaAbsorption absorption coefficient [—], default 0.9
 * @returns cell temperature [°C]
 */
export function pvsystCell(
  poaGlobal: number,
  tempAir: number,
  windSpeed = 1,
  uc = 29,
  uv = 0,
  moduleEfficiency = 0.1,
  alphaAbsorption = 0.9,
): number {
  const heatInput = poaGlobal * alphaAbsorption * (1 - moduleEfficiency);
  return tempAir + heatInput / (uc + uv * windSpeed);
}

// ---------------------------------------------------------------------------------------------
// Faiman

/**
 * Faiman module temperature (Faiman 2008, eq. 7; pvlib `temperature.faiman`):
 * Tm = Ta + E / (U0 + U1·WS).
 * @param poaGlobal plane-of-array irradiance [W m⁻²]
 * @param tempAir air temperature [°C]
 * @param windSpeed wind speed [m s⁻¹], default 1
 * @param u0 constant heat transfer [W m⁻² °C⁻¹], default 25
 * @param u1 convective heat transfer [W m⁻² °C⁻¹ (m s⁻¹)⁻¹], default 6.84
 * @returns module (≈ cell) temperature [°C]
 */
export function faiman(poaGlobal: number, tempAir: number, windSpeed = 1, u0 = 25, u1 = 6.84): number {
  return tempAir + poaGlobal / (u0 + u1 * windSpeed);
}

// ---------------------------------------------------------------------------------------------
// Arrays and dispatcher

function checkLengths(poaGlobal: Float64Array, tempAir: Float64Array, windSpeed: Float64Array): void {
  if (tempAir.length !== poaGlobal.length || windSpeed.length !== poaGlobal.length) {
    throw new RangeError(
      `poaGlobal, tempAir and windSpeed must have the same length (${poaGlobal.length}, ${tempAir.length}, ${windSpeed.length})`,
    );
  }
}

function outArray(n: number, out?: Float64Array): Float64Array {
  if (out === undefined) return new Float64Array(n);
  if (out.length !== n) throw new RangeError(`out has length ${out.length}, expected ${n}`);
  return out;
}

/**
 * {@link sapmCell} over arrays.
 * @param poaGlobal plane-of-array irradiance [W m⁻²]
 * @param tempAir air temperature [°C]
 * @param windSpeed wind speed [m s⁻¹]
 * @param p SAPM parameters (a [—], b [s m⁻¹], deltaT [°C])
 * @param out optional output array of the same length
 * @returns cell temperature [°C]
 */
export function sapmCellArray(
  poaGlobal: Float64Array,
  tempAir: Float64Array,
  windSpeed: Float64Array,
  p: SapmTemperatureParameters,
  out?: Float64Array,
): Float64Array {
  checkLengths(poaGlobal, tempAir, windSpeed);
  const r = outArray(poaGlobal.length, out);
  const irradRef = p.irradRef ?? 1000;
  for (let k = 0; k < r.length; k++) {
    const e = poaGlobal[k];
    // no irradiance (night): the cell is at air temperature, without the exponential of the wind term
    r[k] = e === 0 && Number.isFinite(windSpeed[k]) ? tempAir[k] + 0 : sapmCell(e, tempAir[k], windSpeed[k], p.a, p.b, p.deltaT, irradRef);
  }
  return r;
}

/**
 * {@link sapmModule} over arrays.
 * @param poaGlobal plane-of-array irradiance [W m⁻²]
 * @param tempAir air temperature [°C]
 * @param windSpeed wind speed [m s⁻¹]
 * @param p SAPM parameters (a [—], b [s m⁻¹])
 * @param out optional output array of the same length
 * @returns module back-surface temperature [°C]
 */
export function sapmModuleArray(
  poaGlobal: Float64Array,
  tempAir: Float64Array,
  windSpeed: Float64Array,
  p: Pick<SapmTemperatureParameters, 'a' | 'b'>,
  out?: Float64Array,
): Float64Array {
  checkLengths(poaGlobal, tempAir, windSpeed);
  const r = outArray(poaGlobal.length, out);
  for (let k = 0; k < r.length; k++) r[k] = sapmModule(poaGlobal[k], tempAir[k], windSpeed[k], p.a, p.b);
  return r;
}

/**
 * {@link pvsystCell} over arrays.
 * @param poaGlobal plane-of-array irradiance [W m⁻²]
 * @param tempAir air temperature [°C]
 * @param windSpeed wind speed [m s⁻¹]
 * @param p PVsyst parameters (uc, uv [W m⁻² °C⁻¹ …], moduleEfficiency, alphaAbsorption [—])
 * @param out optional output array of the same length
 * @returns cell temperature [°C]
 */
export function pvsystCellArray(
  poaGlobal: Float64Array,
  tempAir: Float64Array,
  windSpeed: Float64Array,
  p: PvsystTemperatureParameters = {},
  out?: Float64Array,
): Float64Array {
  checkLengths(poaGlobal, tempAir, windSpeed);
  const r = outArray(poaGlobal.length, out);
  const uc = p.uc ?? 29;
  const uv = p.uv ?? 0;
  const eta = p.moduleEfficiency ?? 0.1;
  const alpha = p.alphaAbsorption ?? 0.9;
  for (let k = 0; k < r.length; k++) r[k] = pvsystCell(poaGlobal[k], tempAir[k], windSpeed[k], uc, uv, eta, alpha);
  return r;
}

/**
 * {@link faiman} over arrays.
 * @param poaGlobal plane-of-array irradiance [W m⁻²]
 * @param tempAir air temperature [°C]
 * @param windSpeed wind speed [m s⁻¹]
 * @param p Faiman parameters (u0, u1 [W m⁻² °C⁻¹ …])
 * @param out optional output array of the same length
 * @returns module temperature [°C]
 */
export function faimanArray(
  poaGlobal: Float64Array,
  tempAir: Float64Array,
  windSpeed: Float64Array,
  p: FaimanTemperatureParameters = {},
  out?: Float64Array,
): Float64Array {
  checkLengths(poaGlobal, tempAir, windSpeed);
  const r = outArray(poaGlobal.length, out);
  const u0 = p.u0 ?? 25;
  const u1 = p.u1 ?? 6.84;
  for (let k = 0; k < r.length; k++) r[k] = faiman(poaGlobal[k], tempAir[k], windSpeed[k], u0, u1);
  return r;
}

function unknownModel(model: never): Error {
  const name = JSON.stringify((model as { model?: unknown }).model);
  return new Error(`unknown temperature model ${name}; expected one of ${TEMPERATURE_MODELS.join(', ')}`);
}

/**
 * Cell temperature by model name (sapm | pvsyst | faiman); an unknown name is an error.
 * @param model the model and its parameters
 * @param poaGlobal plane-of-array irradiance [W m⁻²]
 * @param tempAir air temperature [°C]
 * @param windSpeed wind speed [m s⁻¹]
 * @param out optional output array of the same length
 * @returns cell temperature [°C]
 */
export function cellTemperature(
  model: TemperatureModel,
  poaGlobal: Float64Array,
  tempAir: Float64Array,
  windSpeed: Float64Array,
  out?: Float64Array,
): Float64Array {
  switch (model.model) {
    case 'sapm':
      return sapmCellArray(poaGlobal, tempAir, windSpeed, model, out);
    case 'pvsyst':
      return pvsystCellArray(poaGlobal, tempAir, windSpeed, model, out);
    case 'faiman':
      return faimanArray(poaGlobal, tempAir, windSpeed, model, out);
    default:
      throw unknownModel(model);
  }
}

/**
 * Scalar form of {@link cellTemperature}.
 * @param model the model and its parameters
 * @param poaGlobal plane-of-array irradiance [W m⁻²]
 * @param tempAir air temperature [°C]
 * @param windSpeed wind speed [m s⁻¹]
 * @returns cell temperature [°C]
 */
export function cellTemperatureScalar(model: TemperatureModel, poaGlobal: number, tempAir: number, windSpeed: number): number {
  switch (model.model) {
    case 'sapm':
      return sapmCell(poaGlobal, tempAir, windSpeed, model.a, model.b, model.deltaT, model.irradRef ?? 1000);
    case 'pvsyst':
      return pvsystCell(poaGlobal, tempAir, windSpeed, model.uc, model.uv, model.moduleEfficiency, model.alphaAbsorption);
    case 'faiman':
      return faiman(poaGlobal, tempAir, windSpeed, model.u0, model.u1);
    default:
      throw unknownModel(model);
  }
}
