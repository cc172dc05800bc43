// Incidence angle modifiers (IAM): the share of the irradiance reaching the cells after the front
// cover, relative to normal incidence, for the beam and — integrated over the sky and the ground —
// for diffuse light.
//   De Soto, W., Klein, S. A. & Beckman, W. A. (2006) Improvement and validation of a model for
//     photovoltaic array performance. Solar Energy 80(1), 78–88 (physical: Fresnel + Snell + Bouguer).
//   Souka, A. F. & Safwat, H. H. (1966), ASHRAE standard 93-77 (ASHRAE: 1 − b0·(1/cos θ − 1)).
//   Martin, N. & Ruiz, J. M. (2001) Calculation of the PV modules angular losses under field
//     conditions by means of an analytical model. Solar Energy Materials & Solar Cells 70, 25–38,
//     and Corrigendum (2013) 110, 154.
//   Marion, B. (2017) Numerical method for angle-of-incidence correction factors for diffuse
//     radiation incident photovoltaic modules. Solar Energy 147, 344–348.
// As pvlib.iam: physical (no anti-reflective coating), ashrae, martin_ruiz, martin_ruiz_diffuse,
// marion_integrate and marion_diffuse.
//
// Diffuse IAM for the energy chain: `diffuseIam` integrates the chosen beam model over the visible
// sky and ground with Marion's method (pvlib marion_diffuse), for every model alike; the closed form
// of Martin & Ruiz (`martinRuizDiffuse`) is available on its own. Both depend only on the tilt, so a
// simulation computes them once per array.

const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;

/**
 * Physical IAM: Fresnel reflection of the s- and p-polarised light at an air–glass interface, Snell
 * refraction and Bouguer absorption in the glass, normalised to normal incidence.
 * @param aoi angle of incidence [°]
 * @param n refractive index of the cover [−]; default 1.526
 * @param K glazing extinction coefficient [m⁻¹]; default 4
 * @param L glazing thickness [m]; default 0.002
 * @returns IAM [−]; 0 for |aoi| ≥ 90°
 */
export function physical(aoi: number, n = 1.526, K = 4, L = 0.002): number {
  if (Math.abs(aoi) >= 90) return 0;
  return physicalOfCos(Math.max(0, Math.cos(aoi * D2R)), n, -K * L, physicalNormal(n, K, L));
}

/** Transmittance of the cover at normal incidence, (1 − ρ₀)·exp(−K·L) [−]. */
function physicalNormal(n: number, K: number, L: number): number {
  const r = (1 - n) / (1 + n);
  return (1 - r * r) * Math.exp(-K * L);
}

/** The physical IAM from cos(aoi) ≥ 0, with −K·L [−] and the normal-incidence transmittance tau0 [−]. */
function physicalOfCos(cos1: number, n: number, minusKL: number, tau0: number): number {
  const sin1 = Math.sqrt(1 - cos1 * cos1);
  const sin2 = sin1 / n;
  const cos2 = Math.sqrt(1 - sin2 * sin2);
  const s = (cos1 - n * cos2) / (cos1 + n * cos2);
  const p = (cos2 - n * cos1) / (cos2 + n * cos1);
  const absorbed = Math.exp(minusKL / cos2);
  return ((1 - s * s + (1 - p * p)) / 2) * absorbed / tau0;
}

/**
 * ASHRAE IAM, 1 − b0·(1/cos aoi − 1), limited to ≥ 0.
 * @param aoi angle of incidence [°]
 * @param b0 [−]; default 0.05
 * @returns IAM [−]; 0 for |aoi| ≥ 90°
 */
export function ashrae(aoi: number, b0 = 0.05): number {
  if (Math.abs(aoi) >= 90) return 0;
  return Math.max(0, 1 - b0 * (1 / Math.cos(aoi * D2R) - 1));
}

/**
 * Martin & Ruiz IAM, (1 − exp(−cos aoi / ar)) / (1 − exp(−1/ar)).
 * @param aoi angle of incidence [°]
 * @param ar angular losses coefficient [−] > 0; default 0.16
 * @returns IAM [−]; 0 for |aoi| ≥ 90°
 */
export function martinRuiz(aoi: number, ar = 0.16): number {
  if (!(ar > 0)) throw new RangeError(`martinRuiz: ar must be > 0, got ${ar}`);
  if (Math.abs(aoi) >= 90) return 0;
  return (1 - Math.exp(-Math.cos(aoi * D2R) / ar)) / (1 - Math.exp(-1 / ar));
}

/**
 * Closed-form diffuse IAMs of Martin & Ruiz (2001), c2 from IEC 61853-3 when not given.
 * @param surfaceTilt [°] in [0, 180]
 * @param ar angular losses coefficient [−]; default 0.16
 * @param c1 [−]; default 0.4244 (4/(3π))
 * @param c2 [−]; default 0.5·ar − 0.154
 * @returns IAM for sky and ground-reflected diffuse [−]
 */
export function martinRuizDiffuse(surfaceTilt: number, ar = 0.16, c1 = 0.4244, c2 = 0.5 * ar - 0.154): { sky: number; ground: number } {
  if (!(ar > 0)) throw new RangeError(`martinRuizDiffuse: ar must be > 0, got ${ar}`);
  let tilt = surfaceTilt;
  if (tilt === 0) tilt = 1e-6;
  if (tilt === 180) tilt = 180 - 1e-6;
  const beta = tilt * D2R;
  const sinBeta = tilt < 90 ? Math.sin(beta) : Math.sin(Math.PI - beta);
  const trigSky = sinBeta + (Math.PI - beta - sinBeta) / (1 + Math.cos(beta));
  const trigGround = sinBeta + (beta - sinBeta) / (1 - Math.cos(beta));
  return {
    sky: 1 - Math.exp((-(c1 + c2 * trigSky) * trigSky) / ar),
    ground: 1 - Math.exp((-(c1 + c2 * trigGround) * trigGround) / ar),
  };
}

/** Regions of Marion's integration: the sky dome, its band 89.5°–90° of zenith, the ground. */
export type MarionRegion = 'sky' | 'horizon' | 'ground';

/**
 * Marion (2017): the diffuse IAM of a region as the cos-weighted mean of the beam IAM over the solid
 * angle the surface sees there (pvlib marion_integrate, same discretisation).
 * @param iamFunction beam IAM of an angle of incidence [°] → [−]
 * @param surfaceTilt [°]
 * @param region 'sky' (zenith ≤ 90°), 'horizon' (89.5°–90°) or 'ground' (zenith ≥ 90°)
 * @param num zenith increments; default 180 (sky, ground) or 1800 (horizon)
 * @returns diffuse IAM [−]; 0 when the surface sees none of the region
 */
export function marionIntegrate(iamFunction: (aoi: number) => number, surfaceTilt: number, region: MarionRegion, num?: number): number {
  return marionSum((cosAoi) => iamFunction(Math.acos(cosAoi) * R2D), surfaceTilt, region, num);
}

/**
 * {@link marionIntegrate} with the beam IAM as a function of cos(aoi); the cosines of the azimuth
 * midpoints are tabulated once (they do not depend on the zenith ring).
 */
function marionSum(iamOfCos: (cosAoi: number) => number, surfaceTilt: number, region: MarionRegion, num?: number): number {
  const steps = num ?? (region === 'horizon' ? 1800 : 180);
  if (region !== 'sky' && region !== 'horizon' && region !== 'ground') throw new RangeError(`unknown region ${String(region)}`);
  const beta = surfaceTilt * D2R;
  const cosB = Math.cos(beta);
  const sinB = Math.sin(beta);
  const ai = Math.PI / steps;
  const lo = (89.5 * Math.PI) / 180;
  const half = Math.PI / 2;
  const cosPsi = new Float64Array(2 * steps);
  for (let j = 0; j < cosPsi.length; j++) cosPsi[j] = Math.cos(j * ai + 0.5 * ai);
  let numerator = 0;
  let denominator = 0;
  for (let k = 0; k < steps; k++) {
    const phi1 = k * ai;
    const inRegion =
      region === 'sky' ? phi1 + ai <= half : region === 'horizon' ? lo <= phi1 && phi1 + ai <= half : phi1 >= half;
    if (!inRegion) continue;
    const phi2 = phi1 + ai;
    const phiAvg = phi1 + 0.5 * ai;
    const dAs = ai * (Math.cos(phi1) - Math.cos(phi2));
    const a = cosB * Math.cos(phiAvg);
    const b = sinB * Math.sin(phiAvg);
    for (let j = 0; j < cosPsi.length; j++) {
      const cosAoi = a + b * cosPsi[j];
      // aoi < 90° (pvlib keeps the directions in front of the plane; arccos of a rounded value > 1 is NaN)
      if (!(cosAoi > 0 && cosAoi <= 1)) continue;
      const w = cosAoi * dAs;
      numerator += iamOfCos(cosAoi) * w;
      denominator += w;
    }
  }
  return denominator !== 0 ? numerator / denominator : 0;
}

/** A beam IAM model and its parameters (docs/ENGINE-API.md simulate, arrays[].iam). */
export type IamSpec =
  | { model: 'physical'; n?: number; K?: number; L?: number }
  | { model: 'ashrae'; b0?: number }
  | { model: 'martinRuiz'; ar?: number }
  | { model: 'none' };

export const iamModels = ['physical', 'ashrae', 'martinRuiz', 'none'] as const;
export type IamModel = (typeof iamModels)[number];

/**
 * The beam IAM function of a model with its parameters (defaults as the model functions); rejects an
 * unknown model name.
 */
export function iamFunction(spec: IamSpec): (aoi: number) => number {
  switch (spec.model) {
    case 'physical': {
      const { n = 1.526, K = 4, L = 0.002 } = spec;
      return (aoi) => physical(aoi, n, K, L);
    }
    case 'ashrae': {
      const b0 = spec.b0 ?? 0.05;
      return (aoi) => ashrae(aoi, b0);
    }
    case 'martinRuiz': {
      const ar = spec.ar ?? 0.16;
      if (!(ar > 0)) throw new RangeError(`martinRuiz: ar must be > 0, got ${ar}`);
      return (aoi) => martinRuiz(aoi, ar);
    }
    case 'none':
      return (aoi) => (Math.abs(aoi) < 90 ? 1 : 0);
    default:
      throw new RangeError(`unknown IAM model "${String((spec as { model: unknown }).model)}": expected one of ${iamModels.join(', ')}`);
  }
}

/**
 * The beam IAM of a model as a function of cos(aoi) instead of aoi, for hot loops that have the
 * cosine already (no inverse cosine and cosine per step): equal to `iamFunction(spec)` at
 * aoi = acos(cosAoi) up to rounding; 0 for cosAoi ≤ 0 (aoi ≥ 90°).
 */
export function iamOfCosFunction(spec: IamSpec): (cosAoi: number) => number {
  switch (spec.model) {
    case 'physical': {
      const { n = 1.526, K = 4, L = 0.002 } = spec;
      const tau0 = physicalNormal(n, K, L);
      const minusKL = -K * L;
      return (c) => (c > 0 ? physicalOfCos(c, n, minusKL, tau0) : 0);
    }
    case 'ashrae': {
      const b0 = spec.b0 ?? 0.05;
      return (c) => (c > 0 ? Math.max(0, 1 - b0 * (1 / c - 1)) : 0);
    }
    case 'martinRuiz': {
      const ar = spec.ar ?? 0.16;
      if (!(ar > 0)) throw new RangeError(`martinRuiz: ar must be > 0, got ${ar}`);
      const norm = 1 - Math.exp(-1 / ar);
      return (c) => (c > 0 ? (1 - Math.exp(-c / ar)) / norm : 0);
    }
    case 'none':
      return (c) => (c > 0 ? 1 : 0);
    default:
      throw new RangeError(`unknown IAM model "${String((spec as { model: unknown }).model)}": expected one of ${iamModels.join(', ')}`);
  }
}

/**
 * Diffuse IAMs of a surface by Marion's integration of the beam model (pvlib marion_diffuse).
 * @param spec beam IAM model
 * @param surfaceTilt [°]
 * @returns IAM for sky diffuse, the horizon band and ground-reflected diffuse [−]; 1 for 'none'
 */
export function diffuseIam(spec: IamSpec, surfaceTilt: number): { sky: number; horizon: number; ground: number } {
  if (spec.model === 'none') return { sky: 1, horizon: 1, ground: 1 };
  const f = iamOfCosFunction(spec);
  return {
    sky: marionSum(f, surfaceTilt, 'sky'),
    horizon: marionSum(f, surfaceTilt, 'horizon'),
    ground: marionSum(f, surfaceTilt, 'ground'),
  };
}
