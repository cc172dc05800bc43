// Generated layout scenes for the benchmark: a 400 m × 300 m flat roof with keep-outs (rotated boxes,
// octagons standing for round vents, triangles) scattered by a seeded generator, so that every run
// measures the same scene.
import type { LayoutInput } from '../src/model/layout.ts';

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RoofSceneOptions {
  width?: number;
  depth?: number;
  keepouts?: number;
  seed?: number;
}

/**
 * A flat roof `width` × `depth` [m] at z 10, flush 1.1 m × 1.0 m modules in portrait (about 100,000 on
 * the 400 × 300 roof), gaps 0.02 m, setback 0.5 m, and `keepouts` obstacles of 0.8–2.5 m with
 * setbacks of 0.3–0.6 m.
 */
export function flatRoofScene(o: RoofSceneOptions = {}): LayoutInput {
  const W = o.width ?? 400;
  const D = o.depth ?? 300;
  const next = rng(o.seed ?? 4242);
  const keepouts: NonNullable<LayoutInput['keepouts']> = [];
  for (let k = 0; k < (o.keepouts ?? 500); k++) {
    const cx = 2 + next() * (W - 4);
    const cy = 2 + next() * (D - 4);
    const size = 0.8 + next() * 1.7;
    const rot = next() * Math.PI;
    const kind = k % 3;
    const n = kind === 0 ? 4 : kind === 1 ? 8 : 3;
    const polygon: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      const a = rot + (2 * Math.PI * i) / n;
      const r = kind === 0 ? (size / 2) * Math.SQRT2 : size / 2;
      polygon.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
    keepouts.push({ polygon, setback: 0.3 + next() * 0.3 });
  }
  return {
    face: { vertices: [[0, 0, 10], [W, 0, 10], [W, D, 10], [0, D, 10]], tilt: 0, azimuth: 180 },
    keepouts,
    module: { length: 1.1, width: 1.0, powerW: 300 },
    orientation: 'portrait',
    mounting: { type: 'flush' },
    gap: { x: 0.02, y: 0.02 },
    setback: 0.5,
  };
}
