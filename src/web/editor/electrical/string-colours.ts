// Colours of the strings on the plan: string n gets the hue (n − 1) × the golden angle (360° × (1 − 1/φ)
// ≈ 137.508°) at a fixed saturation and lightness — strings numbered one after the other differ by
// about 137.5° of hue, and no two of the first dozens repeat a colour (the golden-angle sequence of
// phyllotaxis, used for categorical colours that need no fixed palette). The colour follows the
// string's number, which stays while the wiring is edited (wiring.ts), so a string keeps its colour.

/** The golden angle [°]. */
export const GOLDEN_ANGLE_DEG = 360 * (1 - 2 / (1 + Math.sqrt(5)));
/** Saturation and lightness of string colours [0–1]: vivid, readable over the dark module fill. */
const SATURATION = 0.85;
const LIGHTNESS = 0.55;

/** The hue of string `number` (1-based) [°, 0–360). */
export function stringHue(number: number): number {
  return ((((number - 1) * GOLDEN_ANGLE_DEG) % 360) + 360) % 360;
}

/** HSL [°, 0–1, 0–1] → sRGB [0–1] (CSS Color 4 §7.1 hslToRgb). */
export function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

/** The colour of string `number` as sRGB [0–1]. */
export function stringRgb(number: number): [number, number, number] {
  return hslToRgb(stringHue(number), SATURATION, LIGHTNESS);
}

/** The colour of string `number` as '#rrggbb'. */
export function stringCss(number: number): string {
  return `#${stringRgb(number)
    .map((c) => Math.round(c * 255).toString(16).padStart(2, '0'))
    .join('')}`;
}
