// Scaling a month of hourly values to a given sum while every hour stays inside its own bounds:
// find s with Σ clamp(s·wᵢ, loᵢ, hiᵢ) = target. The sum is continuous and non-decreasing in s, so the
// solution is found by a safeguarded Newton iteration on the piecewise-linear sum (a Newton step from
// the current slope, a bisection of the bracket whenever the step leaves it). Used for the month's GHI
// (0 ≤ GHI ≤ the extraterrestrial irradiance) and DHI (the least diffuse the closure allows ≤ DHI ≤ GHI).

/** What the fit reached. */
export interface BoundedSumFit {
  /** [−] the factor s (0 when the target is at or below Σ lo, Infinity when at or above the reachable maximum). */
  scale: number;
  /** Σ of the values written, in the unit of the target. */
  sum: number;
}

/**
 * Writes outᵢ = clamp(s·wᵢ, loᵢ, hiᵢ) for the s that makes Σ outᵢ = target (to 1e-12 relative), or
 * the nearest the bounds allow (all lo, or hi where wᵢ > 0 and lo elsewhere).
 * @param weights wᵢ ≥ 0, the shape to scale [any unit; s carries the conversion]
 * @param lo lower bound of each value (≤ hi) [unit of the values, e.g. W m⁻²]
 * @param hi upper bound of each value [unit of the values]
 * @param target wanted sum [unit of the values]
 * @param out the values [unit of the values]
 */
export function fitBoundedSum(weights: Float64Array, lo: Float64Array, hi: Float64Array, target: number, out: Float64Array): BoundedSumFit {
  const n = weights.length;
  const evaluate = (s: number): { sum: number; slope: number } => {
    let sum = 0;
    let slope = 0;
    for (let i = 0; i < n; i++) {
      const v = s * weights[i];
      if (v <= lo[i]) sum += lo[i];
      else if (v >= hi[i]) sum += hi[i];
      else {
        sum += v;
        slope += weights[i];
      }
    }
    return { sum, slope };
  };
  const write = (s: number): BoundedSumFit => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const v = s === Infinity ? (weights[i] > 0 ? hi[i] : lo[i]) : Math.min(Math.max(s * weights[i], lo[i]), hi[i]);
      out[i] = v;
      sum += v;
    }
    return { scale: s, sum };
  };
  let floor = 0;
  let ceiling = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    floor += lo[i];
    ceiling += weights[i] > 0 ? hi[i] : lo[i];
    total += weights[i];
  }
  if (target <= floor || total <= 0) return write(0);
  if (target >= ceiling) return write(Infinity);
  const tolerance = 1e-12 * target;
  // Bracket [a, b] with sum(a) < target ≤ sum(b).
  let a = 0;
  let b = target / total;
  let at = evaluate(b);
  while (at.sum < target) {
    a = b;
    b *= 2;
    at = evaluate(b);
  }
  let s = b;
  for (let iteration = 0; iteration < 200; iteration++) {
    if (Math.abs(at.sum - target) <= tolerance) break;
    if (at.sum < target) a = s;
    else b = s;
    let next = at.slope > 0 ? s + (target - at.sum) / at.slope : Number.NaN;
    if (!(next > a && next < b)) next = (a + b) / 2;
    s = next;
    at = evaluate(s);
  }
  return write(s);
}
