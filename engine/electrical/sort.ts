// Sorting for the electrical kernels: index arrays ordered by an f64 key with the index as tie-break
// — a total order, so any correct sort gives the one answer the TypeScript reference's
// Array.prototype.sort gives (src/engine/reference/stringing.ts). Bottom-up merge sort: insertion
// sort on runs of RUN, then merge passes through a scratch array.

const RUN: i32 = 16;

/** (key[a], a) < (key[b], b). */
// @ts-ignore: decorator
@inline
function less(key: StaticArray<f64>, a: i32, b: i32): bool {
  const ka = unchecked(key[a]);
  const kb = unchecked(key[b]);
  return ka < kb || (ka == kb && a < b);
}

/**
 * Sorts idx[lo, hi) by (key[idx], idx), ascending. `key` is indexed by the values of idx; `tmp` is
 * scratch of at least hi entries. The caller guarantees 0 ≤ lo ≤ hi ≤ idx.length, tmp.length, and
 * every value of idx[lo, hi) is an index of key.
 */
export function sortByKey(idx: StaticArray<i32>, lo: i32, hi: i32, key: StaticArray<f64>, tmp: StaticArray<i32>): void {
  const n = hi - lo;
  if (n < 2) return;
  for (let s = lo; s < hi; s += RUN) {
    const e = s + RUN < hi ? s + RUN : hi;
    for (let k = s + 1; k < e; k++) {
      const x = unchecked(idx[k]);
      let j = k - 1;
      while (j >= s && less(key, x, unchecked(idx[j]))) {
        unchecked((idx[j + 1] = idx[j]));
        j--;
      }
      unchecked((idx[j + 1] = x));
    }
  }
  let src = idx;
  let dst = tmp;
  let inTmp = false;
  for (let w = RUN; w < n; w <<= 1) {
    for (let s = lo; s < hi; s += w << 1) {
      const mid = s + w < hi ? s + w : hi;
      const e = s + (w << 1) < hi ? s + (w << 1) : hi;
      let a = s;
      let b = mid;
      let o = s;
      while (a < mid && b < e) {
        const va = unchecked(src[a]);
        const vb = unchecked(src[b]);
        if (less(key, vb, va)) {
          unchecked((dst[o++] = vb));
          b++;
        } else {
          unchecked((dst[o++] = va));
          a++;
        }
      }
      while (a < mid) unchecked((dst[o++] = src[a++]));
      while (b < e) unchecked((dst[o++] = src[b++]));
    }
    const t = src;
    src = dst;
    dst = t;
    inTmp = !inTmp;
  }
  if (inTmp) for (let k = lo; k < hi; k++) unchecked((idx[k] = tmp[k]));
}
