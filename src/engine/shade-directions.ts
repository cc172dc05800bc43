// Directions of the shade command, all computed on the host (every sine and cosine in one place, so
// the wasm kernel and the TypeScript reference see identical numbers):
//   - sun steps for a year (NREL SPA, src/physics/solar-position.ts) or given sun vectors;
//   - the sky direction set of the diffuse shading;
//   - the sun positions of the shading table (PVsyst's "fast" mode).
// Vectors: x east, y north, z up. Azimuth clockwise from north [°], elevation above the horizon [°].
import { ShadeStride } from '../../engine/abi.ts';
import { SHADE } from '../model/shade.ts';
import { solarPositions } from '../physics/solar-position.ts';

const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;
const MS_PER_MIN = 60_000;

/** The unit vector towards azimuth az [°] and elevation el [°]. */
export function sunVector(azimuthDeg: number, elevationDeg: number): [number, number, number] {
  const a = azimuthDeg * D2R;
  const e = elevationDeg * D2R;
  const c = Math.cos(e);
  return [Math.sin(a) * c, Math.cos(a) * c, Math.sin(e)];
}

/**
 * The time steps of a year: step k covers [t₀ + k·Δ, t₀ + (k + 1)·Δ) from local standard midnight
 * on 1 January (t₀ = 00:00 at UTC+timezone); the sun is taken at the middle of the step, as simulate
 * does for weather hours. The year has ⌊minutes in the year / Δ⌋ steps.
 * @returns the mid-step times [Unix ms]
 */
export function yearStepTimes(year: number, stepMinutes: number, timezone: number): Float64Array {
  const start = Date.UTC(year, 0, 1) - timezone * 3_600_000;
  const minutes = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / MS_PER_MIN;
  const n = Math.floor(minutes / stepMinutes + 1e-9);
  const t = new Float64Array(n);
  for (let k = 0; k < n; k++) t[k] = start + (k + 0.5) * stepMinutes * MS_PER_MIN;
  return t;
}

/**
 * Sun steps (ShadeStride.SUN_F64 each: dx dy dz azimuth elevation) of a year at a site, from the
 * apparent (refracted) zenith and the azimuth of the NREL SPA, as pvlib's irradiance functions use.
 */
export function yearSunSteps(
  site: { latitude: number; longitude: number; elevation: number },
  times: { year: number; stepMinutes: number; timezone: number },
): Float64Array {
  const t = yearStepTimes(times.year, times.stepMinutes, times.timezone);
  const p = solarPositions(t, site.latitude, site.longitude, { elevation: site.elevation });
  const out = new Float64Array(t.length * ShadeStride.SUN_F64);
  for (let k = 0; k < t.length; k++) {
    const el = 90 - p.apparentZenith[k];
    const az = p.azimuth[k];
    const [x, y, z] = sunVector(az, el);
    out.set([x, y, z, az, el], k * ShadeStride.SUN_F64);
  }
  return out;
}

/** Sun steps from given vectors (normalised; azimuth and elevation derived). */
export function vectorSunSteps(vectors: readonly (readonly [number, number, number])[]): Float64Array {
  const out = new Float64Array(vectors.length * ShadeStride.SUN_F64);
  vectors.forEach(([x, y, z], k) => {
    const len = Math.sqrt(x * x + y * y + z * z);
    const ux = x / len;
    const uy = y / len;
    const uz = z / len;
    const az = (Math.atan2(ux, uy) * R2D + 360) % 360;
    const el = Math.asin(Math.max(-1, Math.min(1, uz))) * R2D;
    out.set([ux, uy, uz, az, el], k * ShadeStride.SUN_F64);
  });
  return out;
}

/**
 * The sky directions of the diffuse shading, in the module frame (x along corners 0→1, y across, z
 * along the normal), all of equal weight. Nusselt's analogue: a direction's cosine-weighted solid
 * angle is the area of its projection on the unit disc, so points spread evenly over the disc and
 * lifted onto the hemisphere (Malley's method) sample the isotropic sky as a plane sees it. The points
 * are Vogel's spiral (radius √((i + ½)/N), angle i·π(3 − √5)), a low-discrepancy set with no rings
 * that could line up with a wall. With N = 512 the blocked share behind an infinitely long wall of
 * any height and orientation is within 0.0101 of the exact (1 − cos α)/2 (checked at 1° steps).
 */
export function skyDirections(count: number = SHADE.skyDirections): Float64Array {
  const out = new Float64Array(3 * count);
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < count; i++) {
    const r = Math.sqrt((i + 0.5) / count);
    const a = i * golden;
    out[3 * i] = r * Math.cos(a);
    out[3 * i + 1] = r * Math.sin(a);
    out[3 * i + 2] = Math.sqrt(1 - r * r);
  }
  return out;
}

/**
 * The shading table's input to shadeRun (engine/abi.ts): the elevation nodes, then the direction of
 * every grid position, azimuth-major (azimuth k·step from north).
 */
export function tableGrid(azimuthStep: number, elevations: readonly number[]): { nAz: number; nEl: number; f64: Float64Array } {
  const nAz = Math.round(360 / azimuthStep);
  const nEl = elevations.length;
  const f64 = new Float64Array(nEl + 3 * nAz * nEl);
  f64.set(elevations, 0);
  for (let k = 0; k < nAz; k++) {
    for (let j = 0; j < nEl; j++) f64.set(sunVector((k * 360) / nAz, elevations[j]), nEl + 3 * (k * nEl + j));
  }
  return { nAz, nEl, f64 };
}
