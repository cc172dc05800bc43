// Seedable random numbers for the weather generator: the same seed gives the same year on every
// machine and every run (integer arithmetic only, no platform randomness).
//   mulberry32 — a 32-bit generator by Tommy Ettinger (2017, public domain): one 32-bit state word,
//     period 2³², far longer than the ~20 000 draws a year needs.
//   Box, G. E. P. & Muller, M. E. (1958) A note on the generation of random normal deviates.
//     Annals of Mathematical Statistics 29(2), 610–611 — standard normal deviates in pairs.

/** A source of uniform deviates in [0, 1). */
export type Uniform = () => number;

/**
 * mulberry32: a small, fast, seedable generator.
 * @param seed any number; its low 32 bits are the state [−]
 * @returns a function giving uniform deviates in [0, 1)
 */
export function mulberry32(seed: number): Uniform {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Standard normal deviates (mean 0, standard deviation 1) by the Box–Muller transform; the second
 * deviate of each pair is kept for the next call.
 * @param uniform a source of uniform deviates in [0, 1)
 * @returns a function giving N(0, 1) deviates [−]
 */
export function normalDeviates(uniform: Uniform): () => number {
  let spare = Number.NaN;
  return () => {
    if (!Number.isNaN(spare)) {
      const z = spare;
      spare = Number.NaN;
      return z;
    }
    const r = Math.sqrt(-2 * Math.log(1 - uniform()));
    const theta = 2 * Math.PI * uniform();
    spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  };
}
