// Row-band arithmetic of the layout kernel (engine/abi.ts, section layout): the u-range of an edge
// inside a row's band, the grid columns that range blocks, and the sort of a row's crossings.
// The TypeScript reference (src/engine/reference/layout.ts) evaluates the very same expressions per
// candidate, so that every placement decision is bit-identical between the two.

/** Lower end of the u-range set by clipEdge [m]. */
export let clipLo: f64 = 0.0;
/** Upper end of the u-range set by clipEdge [m]. */
export let clipHi: f64 = 0.0;
/** First grid column blocked, set by blockedColumns. */
export let blockFrom: i32 = 0;
/** Last grid column blocked (< blockFrom: none), set by blockedColumns. */
export let blockTo: i32 = -1;

/**
 * Clips the edge (ua, va)–(ub, vb) to the closed band bl ≤ v ≤ bh. Returns false when the edge misses
 * the band; otherwise sets clipLo/clipHi to the u-range of the part inside it, clamped to the edge's
 * own u-range (so that a polygon's bounding box bounds every clipped range exactly).
 */
export function clipEdge(ua: f64, va: f64, ub: f64, vb: f64, bl: f64, bh: f64): bool {
  if (va < bl && vb < bl) return false;
  if (va > bh && vb > bh) return false;
  let pa = ua;
  let pb = ub;
  if (va != vb) {
    const slope = (ub - ua) / (vb - va);
    if (va < bl) pa = ua + (bl - va) * slope;
    else if (va > bh) pa = ua + (bh - va) * slope;
    if (vb < bl) pb = ua + (bl - va) * slope;
    else if (vb > bh) pb = ua + (bh - va) * slope;
  }
  let lo = pa < pb ? pa : pb;
  let hi = pa < pb ? pb : pa;
  const emin = ua < ub ? ua : ub;
  const emax = ua < ub ? ub : ua;
  if (lo < emin) lo = emin;
  if (hi > emax) hi = emax;
  clipLo = lo;
  clipHi = hi;
  return true;
}

/** u of grid column c [m]. */
// @ts-ignore: decorator
@inline
export function columnU(u0: f64, pitch: f64, c: i32): f64 {
  return u0 + <f64>c * pitch;
}

/** An f64 estimate of a column index, clamped to [lo, hi] before the integer conversion. */
function clampIndex(x: f64, lo: i32, hi: i32): i32 {
  if (!(x > <f64>lo)) return lo;
  if (x > <f64>hi) return hi;
  return <i32>x;
}

/**
 * The grid columns whose footprint [u + eps, u + width − eps] the clipped range [a, b] meets:
 * a < u + width − eps and b > u + eps. Sets blockFrom..blockTo (empty when blockTo < blockFrom).
 * The division only guesses; the predicate itself decides at the ends, as the reference does.
 */
export function blockedColumns(a: f64, b: f64, u0: f64, pitch: f64, width: f64, eps: f64, nCols: i32): void {
  // First column with a < u + width − eps (true from some column on: u grows with c).
  let from = clampIndex(Math.floor((a - width + eps - u0) / pitch), 0, nCols);
  while (from > 0 && a < columnU(u0, pitch, from - 1) + width - eps) from--;
  while (from < nCols && !(a < columnU(u0, pitch, from) + width - eps)) from++;
  // Last column with b > u + eps (true up to some column).
  let to = clampIndex(Math.ceil((b - eps - u0) / pitch) - 1.0, -1, nCols - 1);
  while (to < nCols - 1 && b > columnU(u0, pitch, to + 1) + eps) to++;
  while (to >= 0 && !(b > columnU(u0, pitch, to) + eps)) to--;
  blockFrom = from;
  blockTo = to;
}

/** Sorts the first n crossings by u (shell sort, Ciura's gaps), carrying their polygon indices. */
export function sortCrossings(u: StaticArray<f64>, poly: StaticArray<i32>, n: i32): void {
  let gi = 0;
  while (gi < GAPS.length && unchecked(GAPS[gi]) >= n) gi++;
  for (; gi < GAPS.length; gi++) {
    const gap = unchecked(GAPS[gi]);
    for (let i = gap; i < n; i++) {
      const x = unchecked(u[i]);
      const p = unchecked(poly[i]);
      let j = i;
      while (j >= gap && unchecked(u[j - gap]) > x) {
        unchecked((u[j] = u[j - gap]));
        unchecked((poly[j] = poly[j - gap]));
        j -= gap;
      }
      unchecked((u[j] = x));
      unchecked((poly[j] = p));
    }
  }
}

/** Shell-sort gaps (Ciura 2001, extended by ×2.25), largest first, ending with 1. */
const GAPS: StaticArray<i32> = [
  1730427, 769079, 341813, 151917, 67519, 30008, 13337, 5928, 2634, 1171, 520, 233, 102, 45, 18, 8, 3, 1,
];
