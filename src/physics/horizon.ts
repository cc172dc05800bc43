// Far shading from a horizon profile (mountains, distant buildings): the whole array sees the same
// horizon line, so it acts on the irradiance components, not on single modules.
//   Beam: cut off while the Sun is below the horizon line at its azimuth (apparent solar elevation ≤
//   horizon elevation), per time step. The circumsolar part of a Hay–Davies or Perez sky goes with it.
//   Sky diffuse: multiplied by the share of the plane's isotropic sky-diffuse view the horizon leaves
//   visible — a constant of the plane's tilt and azimuth:
//       share = 1 − ∫∫_{0 < e < h(a), cos θ > 0} cos θ cos e de da / (π (1 + cos β) / 2)
//   with a the azimuth, e the elevation of a sky direction, h(a) the horizon (0 where it is below 0),
//   θ the angle between the direction and the plane's normal and π(1 + cos β)/2 the plane's view of
//   the unobstructed isotropic sky. The inner integral (over elevation) is taken in closed form, the
//   outer one (over azimuth) numerically with the midpoint rule. For a horizontal plane and a constant
//   horizon h it is cos²h.
//   Ground-reflected irradiance is left as it is.
// This is PVsyst's "Far shadings / Horizon" approach (a binary cut-off of the beam; a shading factor on
// the diffuse computed once for the plane by integrating the isotropic sky over the part the horizon
// hides, each direction weighted by its incidence cosine, so that the factor depends on the plane's
// orientation — A. Mermoud, PVsyst forum, "Question about diffuse horizon shadings calculation",
// 2019, https://forum.pvsyst.com/topic/1818-question-about-diffuse-horizon-shadings-calculation/).
// The beam test is that of pvlib's gallery example "Simple irradiance adjustment for horizon shading"
// (pvlib-python, docs/examples/shading), which also uses the apparent solar elevation.
// Not modelled: a Sun that sets behind the line within a step (the test is at the step's middle), and
// the Perez horizon-brightening band, which is given the isotropic share like the rest of the sky
// (geometrically a band at elevation 0 would be hidden wherever the horizon is above 0).
//
// The profile: pairs [azimuth, elevation] [°], azimuth clockwise from north, in any order; linear in
// azimuth between points and periodic (the segment from the last point wraps round north to the
// first). A point at 360 is the one at 0: it is dropped when a point at 0 exists (as pvlib's
// get_pvgis_horizon drops PVGIS' duplicate north point), else it becomes the point at 0. Two points
// at the same azimuth make a step (a wall's edge): the line from smaller azimuths ends at the first of
// them (in the input's order), the line towards larger azimuths starts at the last; at the azimuth
// itself the higher one counts.
import type { HorizonProfile } from '../model/horizon.ts';

const D2R = Math.PI / 180;

/** A profile prepared for interpolation: azimuths ascending, one wrapped point at each end. */
export interface HorizonTable {
  /** Azimuths [°], ascending, from below 0 to 360 or above. */
  azimuth: Float64Array;
  /** Horizon elevation at each azimuth [°]. */
  elevation: Float64Array;
}

/** Azimuth folded into [0, 360) [°]. */
function fold(azimuth: number): number {
  const a = azimuth % 360;
  return a < 0 ? a + 360 : a;
}

/**
 * The interpolation table of a profile: sorted (stably) by azimuth, 360 taken as 0, wrapped round
 * north. An empty profile is a flat horizon (elevation 0 everywhere).
 * @param profile pairs [azimuth [°] clockwise from north, elevation [°]]
 */
export function horizonTable(profile: HorizonProfile): HorizonTable {
  const hasNorth = profile.some((p) => fold(p[0]) === 0 && p[0] !== 360);
  const points: { az: number; el: number; order: number }[] = [];
  profile.forEach(([az, el], order) => {
    if (az === 360 && hasNorth) return;
    points.push({ az: fold(az), el, order });
  });
  if (points.length === 0) return { azimuth: Float64Array.of(-360, 720), elevation: Float64Array.of(0, 0) };
  points.sort((p, q) => p.az - q.az || p.order - q.order);
  const n = points.length;
  const azimuth = new Float64Array(n + 2);
  const elevation = new Float64Array(n + 2);
  const first = points[0];
  const last = points[n - 1];
  azimuth[0] = last.az - 360;
  elevation[0] = last.el;
  for (let k = 0; k < n; k++) {
    azimuth[k + 1] = points[k].az;
    elevation[k + 1] = points[k].el;
  }
  azimuth[n + 1] = first.az + 360;
  elevation[n + 1] = first.el;
  return { azimuth, elevation };
}

function isTable(profile: HorizonProfile | HorizonTable): profile is HorizonTable {
  return !Array.isArray(profile);
}

/** Interpolated horizon elevation of a table at an azimuth already folded into [0, 360). */
function elevationIn(table: HorizonTable, az: number): number {
  const { azimuth, elevation } = table;
  // last index i with azimuth[i] ≤ az (azimuth[0] < 0 ≤ az < 360 ≤ azimuth[end])
  let lo = 0;
  let hi = azimuth.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (azimuth[mid] <= az) lo = mid;
    else hi = mid;
  }
  if (azimuth[lo] === az) {
    // on a point: the highest of the points at this azimuth (a step's top)
    let h = elevation[lo];
    for (let j = lo - 1; j >= 0 && azimuth[j] === az; j--) if (elevation[j] > h) h = elevation[j];
    return h;
  }
  const a0 = azimuth[lo];
  const a1 = azimuth[lo + 1];
  return elevation[lo] + ((elevation[lo + 1] - elevation[lo]) * (az - a0)) / (a1 - a0);
}

/**
 * The horizon elevation in one direction, interpolated linearly (periodic in azimuth).
 * @param profile pairs [azimuth [°], elevation [°]], or its table (`horizonTable`) when called often
 * @param azimuth compass azimuth, clockwise from north [°] (any value; folded into 0…360)
 * @returns horizon elevation [°]
 */
export function horizonElevationAt(profile: HorizonProfile | HorizonTable, azimuth: number): number {
  const table = isTable(profile) ? profile : horizonTable(profile);
  return elevationIn(table, fold(azimuth));
}

/**
 * Horizon elevations for many azimuths.
 * @param table the profile's table (`horizonTable`)
 * @param azimuth compass azimuths [°]
 * @param out optional output of the same length
 * @returns horizon elevation per azimuth [°]
 */
export function horizonElevations(table: HorizonTable, azimuth: Float64Array, out = new Float64Array(azimuth.length)): Float64Array {
  for (let i = 0; i < azimuth.length; i++) out[i] = elevationIn(table, fold(azimuth[i]));
  return out;
}

/**
 * The beam's far-shading factor per time step: 1 while the Sun is above the horizon line at its
 * azimuth, 0 while it is on or below it (and at night).
 * @param table the profile's table (`horizonTable`)
 * @param apparentZenith apparent (refracted) solar zenith per step [°]
 * @param solarAzimuth solar azimuth per step, clockwise from north [°]
 * @param out optional output of the same length
 * @returns factor per step [−], 0 or 1
 */
export function horizonBeamFactors(
  table: HorizonTable,
  apparentZenith: Float64Array,
  solarAzimuth: Float64Array,
  out = new Float64Array(apparentZenith.length),
): Float64Array {
  for (let i = 0; i < apparentZenith.length; i++) {
    const elevation = 90 - apparentZenith[i];
    out[i] = elevation > 0 && elevation > elevationIn(table, fold(solarAzimuth[i])) ? 1 : 0;
  }
  return out;
}

/**
 * ∫ max(cos θ, 0) cos e de over elevations 0 … h of one azimuth, in closed form. With
 * cos θ = A cos e + B sin e = R cos(e − φ) (A = sin β cos(a − γ), B = cos β, φ = atan2(B, A)), the
 * plane sees the directions with |e − φ| < 90°, and
 * ∫ (A cos²e + B sin e cos e) de = A (e/2 + sin 2e / 4) + B sin²e / 2.
 */
function hiddenView(a: number, b: number, h: number): number {
  if (a === 0 && b === 0) return 0;
  const phi = Math.atan2(b, a);
  const from = Math.max(0, phi - Math.PI / 2);
  const to = Math.min(h, phi + Math.PI / 2);
  if (!(to > from)) return 0;
  const primitive = (e: number) => a * (e / 2 + Math.sin(2 * e) / 4) + (b * Math.sin(e) ** 2) / 2;
  return primitive(to) - primitive(from);
}

/**
 * The share of a plane's isotropic sky-diffuse irradiance that the horizon leaves visible.
 * @param profile pairs [azimuth [°], elevation [°]], or its table (`horizonTable`)
 * @param surfaceTilt tilt of the plane from horizontal [°], 0…180
 * @param surfaceAzimuth azimuth the plane faces, clockwise from north [°]
 * @param steps azimuth steps of the numerical integration [−]; default 3600 (0.1°)
 * @returns visible share [−], 0…1 (1 for a horizon at or below 0 everywhere)
 */
export function visibleSkyShare(profile: HorizonProfile | HorizonTable, surfaceTilt: number, surfaceAzimuth: number, steps = 3600): number {
  const table = isTable(profile) ? profile : horizonTable(profile);
  const beta = surfaceTilt * D2R;
  const cosTilt = Math.cos(beta);
  const sinTilt = Math.sin(beta);
  const view = (Math.PI * (1 + cosTilt)) / 2; // ∫∫ max(cos θ, 0) dω over the sky hemisphere
  if (!(view > 0)) return 1;
  const da = (2 * Math.PI) / steps;
  let hidden = 0;
  for (let k = 0; k < steps; k++) {
    const az = (k + 0.5) * (360 / steps);
    const h = elevationIn(table, az);
    if (!(h > 0)) continue;
    const a = sinTilt * Math.cos((az - surfaceAzimuth) * D2R);
    hidden += hiddenView(a, cosTilt, Math.min(h, 90) * D2R);
  }
  const share = 1 - (hidden * da) / view;
  return share < 0 ? 0 : share > 1 ? 1 : share;
}

/** The far-shading terms the energy chain needs from a profile. */
export interface FarHorizon {
  /** The profile's table. */
  table: HorizonTable;
  /** Beam (and circumsolar) factor per time step [−], 0 or 1 (`horizonBeamFactors`). */
  beam: Float64Array;
}

/**
 * The far-shading terms of a site for its time steps.
 * @param profile pairs [azimuth [°], elevation [°]]
 * @param apparentZenith apparent solar zenith per step [°]
 * @param solarAzimuth solar azimuth per step [°]
 */
export function farHorizon(profile: HorizonProfile, apparentZenith: Float64Array, solarAzimuth: Float64Array): FarHorizon {
  const table = horizonTable(profile);
  return { table, beam: horizonBeamFactors(table, apparentZenith, solarAzimuth) };
}
