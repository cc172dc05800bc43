// Inverter models: AC output power from DC input power (and DC voltage). Behaviour follows
// pvlib-python `pvlib.inverter.pvwatts` and `pvlib.inverter.sandia`; the efficiency-curve model reads
// the data of a PVsyst .OND file.
//
// Papers:
//   PVWatts — A. P. Dobos, "PVWatts Version 5 Manual", NREL/TP-6A20-62641, 2014 (eqs. 4–5).
//   Sandia  — D. L. King, S. Gonzalez, G. M. Galbraith, W. E. Boyson, "Performance Model for
//             Grid-Connected Photovoltaic Inverters", SAND2007-5036, Sandia National Laboratories, 2007.
//   Curve   — PVsyst 7 Help, "Inverter model": efficiency profiles at up to three input voltages
//             (ProfilPIOV1..3 at VNomEff), maximum output power (PMaxOUT), night consumption (Night_Loss)
//             and the operating threshold (PSeuil).
//
// Conventions: powers in W, voltages in V, efficiencies as fractions 0..1. At night (DC power below the
// start-up threshold) the Sandia and curve models return −(night tare), as pvlib does; PVWatts returns 0.

/** PVWatts inverter parameters (pvlib names pdc0, eta_inv_nom, eta_inv_ref). */
export interface PvwattsInverterParameters {
  /** DC input limit of the inverter [W]; the AC limit is etaInvNom·pdc0. */
  pdc0: number;
  /** Nominal efficiency [—], default 0.96. */
  etaInvNom?: number;
  /** Reference efficiency of the PVWatts curve [—], default 0.9637. */
  etaInvRef?: number;
}

/** Sandia (CEC database) inverter parameters (pvlib Paco, Pdco, Vdco, Pso, C0..C3, Pnt). */
export interface SandiaInverterParameters {
  /** Maximum AC power [W]. */
  paco: number;
  /** DC power at which the AC rating is reached [W]. */
  pdco: number;
  /** DC voltage at which the AC rating is reached [V]. */
  vdco: number;
  /** DC power needed to start the inversion process [W]. */
  pso: number;
  /** Curvature of the AC–DC power relation [W⁻¹]. */
  c0: number;
  /** Variation of pdco with DC voltage [V⁻¹]. */
  c1: number;
  /** Variation of pso with DC voltage [V⁻¹]. */
  c2: number;
  /** Variation of c0 with DC voltage [V⁻¹]. */
  c3: number;
  /** AC power consumed at night (night tare) [W]. */
  pnt: number;
}

/** One efficiency profile of an efficiency-curve inverter. */
export interface EfficiencyProfile {
  /** DC input voltage of this profile [V]. */
  voltage: number;
  /** DC input powers, ascending [W]. */
  pdc: readonly number[];
  /** Efficiency at each input power [—] (0..1). */
  efficiency: readonly number[];
}

/** Efficiency-curve (.OND style) inverter parameters. */
export interface EfficiencyCurveInverterParameters {
  /** 1 to 3 efficiency profiles (PVsyst: at Vmin, Vnom, Vmax). */
  curves: readonly EfficiencyProfile[];
  /** Maximum AC output power [W] (PVsyst PMaxOUT). */
  pacMax: number;
  /** DC power below which the inverter does not operate [W] (PVsyst PSeuil), default 0. */
  pdcThreshold?: number;
  /** AC power consumed when not operating [W] (PVsyst Night_Loss), default 0. */
  nightLoss?: number;
}

/** An inverter model chosen by name (the `inverter` of simulate). */
export type InverterModel =
  | ({ model: 'pvwatts' } & PvwattsInverterParameters)
  | ({ model: 'sandia' } & SandiaInverterParameters)
  | ({ model: 'efficiencyCurve' } & EfficiencyCurveInverterParameters);

/** Names accepted by {@link inverterAc}. */
export const INVERTER_MODELS = ['pvwatts', 'sandia', 'efficiencyCurve'] as const;

// ---------------------------------------------------------------------------------------------
// PVWatts

/**
 * PVWatts inverter (Dobos 2014; pvlib `inverter.pvwatts`):
 * η = η_nom/η_ref·(−0.0162·ζ − 0.0059/ζ + 0.9858), ζ = Pdc/Pdc0; Pac = min(η·Pdc, η_nom·Pdc0), ≥ 0.
 * @param pdc DC input power [W]
 * @param pdc0 DC input limit [W]
 * @param etaInvNom nominal efficiency [—], default 0.96
 * @param etaInvRef reference efficiency [—], default 0.9637
 * @param clip false: no limit at η_nom·Pdc0 (what the inverter would give without clipping)
 * @returns AC power [W]
 */
export function pvwattsAc(pdc: number, pdc0: number, etaInvNom = 0.96, etaInvRef = 0.9637, clip = true): number {
  const pac0 = etaInvNom * pdc0;
  const zeta = pdc / pdc0;
  if (!(zeta > 0)) return Number.isNaN(zeta) ? Number.NaN : 0;
  const eta = (etaInvNom / etaInvRef) * (-0.0162 * zeta - 0.0059 / zeta + 0.9858);
  const pac = eta * pdc;
  return Math.max(0, clip ? Math.min(pac0, pac) : pac);
}

// ---------------------------------------------------------------------------------------------
// Sandia

/**
 * Sandia inverter model (King et al. 2007; pvlib `inverter.sandia`), with clipping at Paco and the
 * night tare −Pnt when Pdc < Pso.
 * @param vdc DC input voltage [V]
 * @param pdc DC input power [W]
 * @param p Sandia parameters
 * @param clip false: no limit at Paco
 * @returns AC power [W]
 */
export function sandia(vdc: number, pdc: number, p: SandiaInverterParameters, clip = true): number {
  const dv = vdc - p.vdco;
  const a = p.pdco * (1 + p.c1 * dv);
  const b = p.pso * (1 + p.c2 * dv);
  const c = p.c0 * (1 + p.c3 * dv);
  const x = pdc - b;
  let pac = (p.paco / (a - b) - c * (a - b)) * x + c * x * x;
  if (clip && pac > p.paco) pac = p.paco;
  if (pdc < p.pso) pac = -Math.abs(p.pnt);
  return pac;
}

// ---------------------------------------------------------------------------------------------
// efficiency curve

function interpProfile(prof: EfficiencyProfile, pdc: number, threshold: number): number {
  const xs = prof.pdc;
  const ys = prof.efficiency;
  const n = xs.length;
  if (pdc >= xs[n - 1]) return ys[n - 1];
  if (pdc <= xs[0]) {
    // below the first measured point: linear from zero efficiency at the threshold
    if (pdc <= threshold || xs[0] <= threshold) return pdc <= threshold ? 0 : ys[0];
    return (ys[0] * (pdc - threshold)) / (xs[0] - threshold);
  }
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= pdc) lo = mid;
    else hi = mid;
  }
  const t = (pdc - xs[lo]) / (xs[hi] - xs[lo]);
  return ys[lo] + t * (ys[hi] - ys[lo]);
}

/**
 * Checks an efficiency-curve inverter's data; throws a RangeError naming the problem.
 * @param p efficiency-curve parameters
 */
export function validateEfficiencyCurve(p: EfficiencyCurveInverterParameters): void {
  if (p.curves.length < 1 || p.curves.length > 3) {
    throw new RangeError(`an efficiency-curve inverter needs 1 to 3 curves, not ${p.curves.length}`);
  }
  p.curves.forEach((c, k) => {
    if (c.pdc.length < 1 || c.pdc.length !== c.efficiency.length) {
      throw new RangeError(`curves[${k}]: pdc and efficiency must be non-empty and of the same length`);
    }
    for (let j = 1; j < c.pdc.length; j++) {
      if (!(c.pdc[j] > c.pdc[j - 1])) throw new RangeError(`curves[${k}].pdc must be strictly ascending`);
    }
    if (k > 0 && !(c.voltage > p.curves[k - 1].voltage)) throw new RangeError('curves must be in ascending voltage');
  });
}

/**
 * Efficiency-curve inverter (PVsyst .OND data): efficiency interpolated linearly in DC power on each
 * profile and linearly in DC voltage between profiles (held constant outside their voltage range),
 * AC power clipped at pacMax; below pdcThreshold the inverter is off and draws nightLoss. Below the
 * first measured point the efficiency falls linearly to 0 at pdcThreshold; above the last it is held.
 * @param vdc DC input voltage [V] (ignored with a single profile)
 * @param pdc DC input power [W]
 * @param p efficiency-curve parameters (see {@link validateEfficiencyCurve})
 * @param clip false: no limit at pacMax
 * @returns AC power [W]
 */
export function efficiencyCurveAc(vdc: number, pdc: number, p: EfficiencyCurveInverterParameters, clip = true): number {
  const threshold = p.pdcThreshold ?? 0;
  if (!(pdc > threshold)) {
    if (Number.isNaN(pdc)) return Number.NaN;
    return p.nightLoss ? -Math.abs(p.nightLoss) : 0;
  }
  const curves = p.curves;
  let eta: number;
  if (curves.length === 1 || !(vdc > curves[0].voltage)) {
    eta = interpProfile(curves[0], pdc, threshold);
  } else if (vdc >= curves[curves.length - 1].voltage) {
    eta = interpProfile(curves[curves.length - 1], pdc, threshold);
  } else {
    let k = 0;
    while (vdc >= curves[k + 1].voltage) k++;
    const t = (vdc - curves[k].voltage) / (curves[k + 1].voltage - curves[k].voltage);
    const e0 = interpProfile(curves[k], pdc, threshold);
    const e1 = interpProfile(curves[k + 1], pdc, threshold);
    eta = e0 + t * (e1 - e0);
  }
  return clip ? Math.min(p.pacMax, eta * pdc) : eta * pdc;
}

/**
 * Efficiency profile from the (input power, output power) pairs of a .OND file (ProfilPIOV).
 * Pairs with zero input power are dropped.
 * @param voltage DC voltage of the profile [V]
 * @param pIn DC input powers [W]
 * @param pOut AC output powers [W]
 * @returns the profile with efficiencies as fractions
 */
export function profileFromPowerPairs(voltage: number, pIn: readonly number[], pOut: readonly number[]): EfficiencyProfile {
  if (pIn.length !== pOut.length) throw new RangeError('pIn and pOut must have the same length');
  const pdc: number[] = [];
  const efficiency: number[] = [];
  for (let k = 0; k < pIn.length; k++) {
    if (pIn[k] > 0) {
      pdc.push(pIn[k]);
      efficiency.push(pOut[k] / pIn[k]);
    }
  }
  return { voltage, pdc, efficiency };
}

// ---------------------------------------------------------------------------------------------
// arrays and dispatcher

/**
 * AC power by inverter model name (pvwatts | sandia | efficiencyCurve); an unknown name is an error.
 * @param model the model and its parameters
 * @param pdc DC input power per step [W]
 * @param vdc DC input voltage per step [V]; required by sandia and by multi-profile curves
 * @param out optional output array of the same length
 * @param clip false: without the AC power limit (the clipping loss is the difference)
 * @returns AC power per step [W]
 */
export function inverterAc(model: InverterModel, pdc: Float64Array, vdc?: Float64Array, out?: Float64Array, clip = true): Float64Array {
  const n = pdc.length;
  if (vdc !== undefined && vdc.length !== n) throw new RangeError(`vdc has length ${vdc.length}, expected ${n}`);
  if (out !== undefined && out.length !== n) throw new RangeError(`out has length ${out.length}, expected ${n}`);
  const r = out ?? new Float64Array(n);
  switch (model.model) {
    case 'pvwatts': {
      const nom = model.etaInvNom ?? 0.96;
      const ref = model.etaInvRef ?? 0.9637;
      for (let k = 0; k < n; k++) r[k] = pvwattsAc(pdc[k], model.pdc0, nom, ref, clip);
      return r;
    }
    case 'sandia': {
      if (vdc === undefined) throw new Error('the sandia inverter model needs the DC voltage (vdc)');
      for (let k = 0; k < n; k++) r[k] = sandia(vdc[k], pdc[k], model, clip);
      return r;
    }
    case 'efficiencyCurve': {
      validateEfficiencyCurve(model);
      if (vdc === undefined && model.curves.length > 1) {
        throw new Error('an efficiency-curve inverter with several voltage profiles needs the DC voltage (vdc)');
      }
      for (let k = 0; k < n; k++) r[k] = efficiencyCurveAc(vdc === undefined ? 0 : vdc[k], pdc[k], model, clip);
      return r;
    }
    default: {
      const name = JSON.stringify((model as { model?: unknown }).model);
      throw new Error(`unknown inverter model ${name}; expected one of ${INVERTER_MODELS.join(', ')}`);
    }
  }
}

/**
 * The AC power limit of one inverter [W]: η_nom·Pdc0 (PVWatts), Paco (Sandia), pacMax (curve).
 * @param model the model and its parameters
 */
export function inverterAcLimit(model: InverterModel): number {
  switch (model.model) {
    case 'pvwatts':
      return (model.etaInvNom ?? 0.96) * model.pdc0;
    case 'sandia':
      return model.paco;
    case 'efficiencyCurve':
      return model.pacMax;
    default: {
      const name = JSON.stringify((model as { model?: unknown }).model);
      throw new Error(`unknown inverter model ${name}; expected one of ${INVERTER_MODELS.join(', ')}`);
    }
  }
}
