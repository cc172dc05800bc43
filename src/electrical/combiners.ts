// Combiner boxes and string fuses (docs/ELECTRICAL.md, "Inverter sizing").
//
// Sources: HelioScope's combiner rule — boxes = ceil(strings / inputs), the strings spread evenly over
// them (30 strings into 12-input boxes → 3 boxes of 10); string fuses when more than 2 strings are in
// parallel, rated at least 1.4 · Isc (IEC 62548 practice), rounded up to the next standard rating.
// Ratings: the preferred rated currents of IEC 60269-1 §5.3.1 (2, 4, 6, 8, 10, 12, 16, 20, 25, 32, 40,
// 50, 63 A …); gPV fuse-links of IEC 60269-6 are made in these ratings (10 × 38 mm up to 32 A, larger
// bodies above). The list stops at 63 A: no string current comes near 45 A (63 / 1.4).

/** Standard fuse ratings offered for string fuses, smallest first [A]. */
export const FUSE_RATINGS = [2, 4, 6, 8, 10, 12, 16, 20, 25, 32, 40, 50, 63] as const;

/** Minimum string fuse rating as a multiple of the module's Isc [-]. */
export const FUSE_ISC_FACTOR = 1.4;

/** More strings in parallel than this need string fuses. */
export const FUSE_FREE_PARALLEL_STRINGS = 2;

/**
 * Combiner boxes for a number of strings: ceil(strings / inputs) boxes, strings spread evenly (the
 * first boxes take one more when the division is not exact).
 * @param strings strings to gather [-]
 * @param inputs string inputs of one box [-], ≥ 1
 * @returns the strings of each box
 */
export function combinerBoxes(strings: number, inputs: number): number[] {
  if (!Number.isInteger(strings) || strings < 0) throw new RangeError('strings must be a whole number ≥ 0');
  if (!Number.isInteger(inputs) || inputs < 1) throw new RangeError('inputs must be a whole number ≥ 1');
  return spreadEvenly(strings, Math.ceil(strings / inputs));
}

/** `total` items over `bins` bins as evenly as possible, larger bins first. */
export function spreadEvenly(total: number, bins: number): number[] {
  if (bins <= 0) return [];
  const base = Math.floor(total / bins);
  const extra = total - base * bins;
  return Array.from({ length: bins }, (_, i) => base + (i < extra ? 1 : 0));
}

export interface StringFuse {
  /** Fuses are needed: more than 2 strings in parallel. */
  required: boolean;
  /** 1.4 · Isc [A]. */
  minimumA: number;
  /** The smallest standard rating ≥ minimumA [A]; null when above the list. */
  ratingA: number | null;
  /** ratingA ≤ the module's maximum series fuse rating, when the datasheet gives one. */
  withinModuleRating?: boolean;
}

/**
 * The string fuse of strings of a module.
 * @param isc module short-circuit current at STC [A]
 * @param parallelStrings strings in parallel on the same input or combiner bus [-]
 * @param moduleMaxSeriesFuse the module's maximum series fuse rating [A], when known
 */
export function stringFuse(isc: number, parallelStrings: number, moduleMaxSeriesFuse?: number): StringFuse {
  const minimumA = FUSE_ISC_FACTOR * isc;
  const ratingA = FUSE_RATINGS.find((r) => r >= minimumA * (1 - 1e-12)) ?? null;
  const fuse: StringFuse = { required: parallelStrings > FUSE_FREE_PARALLEL_STRINGS, minimumA, ratingA };
  if (moduleMaxSeriesFuse !== undefined) fuse.withinModuleRating = ratingA !== null && ratingA <= moduleMaxSeriesFuse;
  return fuse;
}
