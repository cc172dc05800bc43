// Net present value, internal rate of return and static payback of yearly cash flows (year 0 first,
// undiscounted). The IRR is found by bracketing, not by Newton's method from a guess (what spreadsheet
// IRR functions and the npm ports of numpy-financial do, which can wander off or answer NaN): NPV(r)
// is sampled on a grid of rates from −99 % to 10 000 %, every sign change is refined by Brent's
// method (R. P. Brent, "Algorithms for Minimization without Derivatives", 1973, ch. 4), and the root
// nearest the guess is the answer; null when NPV never changes sign (no IRR).

/** Σ flows[t] / (1 + rate)^t [yuan]. */
export function npv(rate: number, flows: ArrayLike<number>): number {
  let v = 0;
  let d = 1;
  const k = 1 / (1 + rate);
  for (let t = 0; t < flows.length; t++) {
    v += flows[t] * d;
    d *= k;
  }
  return v;
}

/** Rates sampled for sign changes: fine near the usual range, coarse far out. */
const GRID: readonly number[] = (() => {
  const g: number[] = [-0.99, -0.95, -0.9, -0.8, -0.7, -0.6, -0.5, -0.4, -0.3, -0.2];
  for (let r = -0.15; r < 1; r += 0.01) g.push(Math.round(r * 100) / 100);
  for (let r = 1; r < 10; r += 0.25) g.push(r);
  for (let r = 10; r <= 100; r += 5) g.push(r);
  return g;
})();

/** Brent's root of f on [a, b] with f(a)·f(b) < 0, to |b − a| ≤ 1e−12. */
function brent(f: (x: number) => number, a: number, b: number, fa: number, fb: number): number {
  let c = a, fc = fa, d = b - a, e = d;
  for (let i = 0; i < 200; i++) {
    if (fb * fc > 0) [c, fc, d, e] = [a, fa, b - a, b - a];
    if (Math.abs(fc) < Math.abs(fb)) [a, b, c, fa, fb, fc] = [b, c, b, fb, fc, fb];
    const tol = 2e-16 * Math.abs(b) + 5e-13;
    const m = (c - b) / 2;
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number, q: number;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qa = fa / fc, r = fb / fc;
        p = s * (2 * m * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
  }
  return b;
}

/**
 * The internal rate of return [−]: the rate at which the NPV of `flows` is 0; among several, the one
 * nearest `guess`; null when there is none (all flows of one sign, or NPV never crosses 0 in −99 % …
 * 10 000 %).
 */
export function irr(flows: ArrayLike<number>, guess = 0.1): number | null {
  let pos = false, neg = false;
  for (let t = 0; t < flows.length; t++) {
    if (flows[t] > 0) pos = true;
    else if (flows[t] < 0) neg = true;
  }
  if (!pos || !neg) return null;
  const f = (r: number) => npv(r, flows);
  let best: number | null = null;
  let prevR = GRID[0];
  let prevV = f(prevR);
  for (let i = 1; i < GRID.length; i++) {
    const r = GRID[i];
    const v = f(r);
    let root: number | null = null;
    if (prevV === 0) root = prevR;
    else if (v !== 0 && prevV * v < 0) root = brent(f, prevR, r, prevV, v);
    if (root !== null && (best === null || Math.abs(root - guess) < Math.abs(best - guess))) best = root;
    prevR = r;
    prevV = v;
  }
  if (prevV === 0 && (best === null || Math.abs(prevR - guess) < Math.abs(best - guess))) best = prevR;
  return best;
}

/**
 * Static payback [years]: the year the cumulative flow turns ≥ 0, interpolated linearly inside that
 * year (year y − 1 + the share of year y's flow needed); 0 when year 0 is not negative; null if never.
 */
export function paybackYears(flows: ArrayLike<number>): number | null {
  let cum = flows[0] ?? 0;
  if (cum >= 0) return 0;
  for (let y = 1; y < flows.length; y++) {
    const next = cum + flows[y];
    if (next >= 0) return y - 1 + -cum / flows[y];
    cum = next;
  }
  return null;
}
