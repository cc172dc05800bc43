// Roof face colours by azimuth, for the 2D plan and the 3D view: a fixed hue wheel, N blue → E green →
// S red → W purple → N, so a face's colour says where it looks. Flat faces (no meaningful azimuth) are
// neutral grey. (Moved here from the retired roof lab.)

/** Faces flatter than this are drawn as flat [°]. */
export const FLAT_TILT_DEG = 0.5;

/** Hue [°] of a compass azimuth [°]: piecewise linear, continuous around the circle. */
export function azimuthHue(azimuth: number): number {
  const a = ((azimuth % 360) + 360) % 360;
  // N (0) 220 → E (90) 110 → S (180) 0; S (180) 360 → W (270) 290 → N (360) 220.
  return a <= 180 ? 220 - (a * 220) / 180 : 360 - ((a - 180) * 140) / 180;
}

const SATURATION = 0.68;
const LIGHTNESS = 0.55;

/** HSL → RGB, all in [0, 1] (h in degrees). */
export function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)];
}

/** RGB in [0, 1] of a face of the given azimuth and tilt [°]. */
export function faceRgb(azimuth: number, tilt: number): [number, number, number] {
  if (tilt < FLAT_TILT_DEG) return [0.66, 0.69, 0.73];
  return hslToRgb(azimuthHue(azimuth), SATURATION, LIGHTNESS);
}
