// The glTF scene's colours: a palette of distinguishable string colours (cycled for more strings), a
// green → yellow → red heat ramp of the modules' annual shading loss in 5 % bins, and the building's
// neutral colours. glTF's baseColorFactor is linear, so sRGB hex colours are linearised (IEC 61966-2-1).

/** sRGB hex (#rrggbb) → linear RGBA. */
export function linearRgba(hex: string, alpha = 1): [number, number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return [lin((n >> 16) & 255), lin((n >> 8) & 255), lin(n & 255), alpha];
}

/** Ten string colours (Tableau 10), cycled. */
export const STRING_PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'] as const;

export const SCENE_COLOURS = {
  roof: '#b0a89c',
  wall: '#e6e1d8',
  obstacle: '#8d6e63',
  module: '#1f3a5f',
  inverter: '#9c27b0',
  combiner: '#00acc1',
  grid: '#c62828',
  cableDc: '#e53935',
  cableAc: '#fbc02d',
} as const;

/** Shading loss bin width and the last bin (≥ 50 %). */
export const SHADING_BIN = 0.05;
export const SHADING_BINS = 11;

/** The 5 % bin of an annual shading loss [0–1], 0 … 10 (10: 50 % and more). */
export function shadingBin(loss: number): number {
  return Math.min(SHADING_BINS - 1, Math.max(0, Math.floor(loss / SHADING_BIN + 1e-9)));
}

/** The heat colour of a bin: green (no loss) → yellow (25 %) → red (≥ 50 %), as sRGB hex. */
export function shadingColour(bin: number): string {
  const t = bin / (SHADING_BINS - 1);
  const [r, g] = t < 0.5 ? [Math.round(510 * t), 200] : [255, Math.round(200 * (2 - 2 * t))];
  const hex = (v: number) => v.toString(16).padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(40)}`;
}
