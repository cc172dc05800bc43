// The maximum of a smooth concave function on a closed interval, from its first and second derivatives:
// the root of the (decreasing) derivative by Newton's method safeguarded by bisection on the interval
// (a maximum at an end is reached by the bracket closing on it). The string and MPPT solvers (series-curve.ts,
// parallel-curve.ts) split a power curve into pieces on which it is concave and call this on each.
// Newton's step error is of the order of the step squared, so the iteration stops once a step is below
// 1e-10 of the bracket's scale: the point is then within ~1e-20 relative of the root, and the power,
// flat at its maximum, within rounding.

const S = new Float64Array(2);

/**
 * The argument of the maximum of a concave function on [lo, hi].
 * @param lo left end of the interval
 * @param hi right end of the interval, > lo
 * @param start first point, inside (lo, hi) (else the midpoint is taken)
 * @param derivative writes f′(x) to out[0] and f″(x) to out[1]
 * @returns the x in [lo, hi] where f′(x) = 0, or the end the maximum is at
 */
export function concaveArgMax(lo: number, hi: number, start: number, derivative: (x: number, out: Float64Array) => void): number {
  let a = lo;
  let b = hi;
  let x = start > a && start < b ? start : 0.5 * (a + b);
  const scale = Math.max(Math.abs(lo), Math.abs(hi));
  for (let it = 0; it < 200; it++) {
    derivative(x, S);
    const d1 = S[0];
    const d2 = S[1];
    if (d1 === 0) return x;
    if (d1 > 0) a = x;
    else b = x;
    let xn = x - d1 / d2;
    const newton = d2 < 0 && xn > a && xn < b;
    if (!newton) xn = 0.5 * (a + b);
    if ((newton && Math.abs(xn - x) <= 1e-10 * scale) || b - a <= 1e-15 * scale) return xn;
    x = xn;
  }
  return x;
}
