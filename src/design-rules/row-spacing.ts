// The GB 50797 row spacing rule, computed geometrically: the clear distance between rack rows at
// which no row shades the row behind it between 09:00 and 15:00 true solar time on the winter
// solstice (GB 50797-2012 "Code for design of photovoltaic power station", §6.8.3). The code's closed
// form for due-south rows, D = H·(0.707·tanφ + 0.4338)/(0.707 − 0.4338·tanφ), is this computation at
// the window's ends (hour angle ±45°, declination −23.45°); it is a test check here, not the method.
//
// Sun direction from the hour angle ω and declination δ at latitude φ (x east, y north, z up):
//   east = −cos δ·sin ω,  north = cos φ·sin δ − sin φ·cos δ·cos ω,  up = sin φ·sin δ + cos φ·cos δ·cos ω
// (Duffie & Beckman, Solar Engineering of Thermal Processes, 4th ed., §1.6). The winter solstice is
// December's (δ = −23.44°) for φ ≥ 0 and June's (δ = +23.44°) south of the equator.
import { LAYOUT } from '../model/layout.ts';

const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;

/** A unit vector towards the sun: x east, y north, z up. */
export type SunVector = [number, number, number];

/** The winter solstice's declination at a latitude [°]: −23.44 north of the equator, +23.44 south. */
export function winterDeclination(latitude: number): number {
  return latitude >= 0 ? -LAYOUT.solsticeDeclination : LAYOUT.solsticeDeclination;
}

/**
 * The sun's direction at an hour angle.
 * @param latitude [°] north positive
 * @param declination [°]
 * @param hourAngle [°] 15° per hour from true solar noon, afternoon positive
 */
export function sunVector(latitude: number, declination: number, hourAngle: number): SunVector {
  const phi = latitude * D2R;
  const delta = declination * D2R;
  const omega = hourAngle * D2R;
  return [
    -Math.cos(delta) * Math.sin(omega),
    Math.cos(phi) * Math.sin(delta) - Math.sin(phi) * Math.cos(delta) * Math.cos(omega),
    Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.cos(omega),
  ];
}

/** Elevation [°] and compass azimuth [°] of a sun vector. */
export function sunAngles(s: SunVector): { elevation: number; azimuth: number } {
  const azimuth = (Math.atan2(s[0], s[1]) * R2D + 360) % 360;
  return { elevation: Math.asin(Math.max(-1, Math.min(1, s[2]))) * R2D, azimuth };
}

/**
 * How far behind a rack row (along −facing direction, plan) the shadow of a horizontal edge at height
 * 1 reaches at an hour angle: (s · d)/s_z with d the rack's facing direction. ≤ 0: no shadow behind.
 * +∞ when the sun is at or below the horizon while in front of the rack.
 */
function reach(latitude: number, declination: number, azimuth: number, hourAngle: number): number {
  const s = sunVector(latitude, declination, hourAngle);
  const along = s[0] * Math.sin(azimuth * D2R) + s[1] * Math.cos(azimuth * D2R);
  if (along <= 0) return 0;
  if (s[2] <= 0) return Infinity;
  return along / s[2];
}

/** Samples over the window (every 0.05° of hour angle = 12 s), then a golden-section refinement. */
const SAMPLES = 1801;

/**
 * The clear row spacing of the winter-solstice rule for a rack whose top edge stands `height` above
 * the foot of the next row [m]: the largest plan shadow reach behind the row between hour angles −45°
 * and +45° on the winter solstice at `latitude`, for racks looking towards `azimuth`.
 * @param height top edge above the ground of the next row [m]
 * @param latitude [°] north positive
 * @param azimuth rack azimuth, clockwise from north [°]
 * @returns clear spacing [m]; +∞ when the sun is below the horizon during the window while in front
 *          of the racks (polar winter: the rule cannot be met)
 */
export function winterRowSpacing(height: number, latitude: number, azimuth: number): number {
  if (height <= 0) return 0;
  const delta = winterDeclination(latitude);
  const w = LAYOUT.windowHourAngle;
  const step = (2 * w) / (SAMPLES - 1);
  let best = 0;
  let at = -1;
  for (let k = 0; k < SAMPLES; k++) {
    const r = reach(latitude, delta, azimuth, -w + k * step);
    if (r === Infinity) return Infinity;
    if (r > best) {
      best = r;
      at = k;
    }
  }
  if (at < 0) return 0;
  // The reach is smooth: refine the sampled maximum between its neighbours (golden section).
  let lo = -w + Math.max(0, at - 1) * step;
  let hi = -w + Math.min(SAMPLES - 1, at + 1) * step;
  const g = (Math.sqrt(5) - 1) / 2;
  let a = hi - g * (hi - lo);
  let b = lo + g * (hi - lo);
  let fa = reach(latitude, delta, azimuth, a);
  let fb = reach(latitude, delta, azimuth, b);
  for (let i = 0; i < 60 && hi - lo > 1e-10; i++) {
    if (fa >= fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - g * (hi - lo);
      fa = reach(latitude, delta, azimuth, a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + g * (hi - lo);
      fb = reach(latitude, delta, azimuth, b);
    }
  }
  return height * Math.max(best, fa, fb);
}
