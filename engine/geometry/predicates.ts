// Adaptive-precision orientation predicate, after J. R. Shewchuk, "Adaptive Precision Floating-Point
// Arithmetic and Fast Robust Geometric Predicates", Discrete & Computational Geometry 18 (1997) 305–363,
// and his predicates.c. The sign of orient2d is exact for every finite f64 input; the magnitude is
// an approximation of twice the signed area of the triangle (a, b, c).
//
// Expansions are arrays of non-overlapping f64 components, smallest magnitude first. WebAssembly
// evaluates f64 arithmetic in strict IEEE 754 round-to-nearest without fused multiply-add, which is
// what the error-free transformations below rely on.

/** 2^-53: half an ulp of 1 (Shewchuk's `epsilon`). */
const EPSILON: f64 = 1.1102230246251565e-16;
/** 2^27 + 1: splits an f64 into two 26-bit halves (Shewchuk's `splitter`). */
const SPLITTER: f64 = 134217729.0;
const RESULTERRBOUND: f64 = (3.0 + 8.0 * EPSILON) * EPSILON;
const CCWERRBOUND_A: f64 = (3.0 + 16.0 * EPSILON) * EPSILON;
const CCWERRBOUND_B: f64 = (2.0 + 12.0 * EPSILON) * EPSILON;
const CCWERRBOUND_C: f64 = (9.0 + 64.0 * EPSILON) * EPSILON * EPSILON;

// ── error-free transformations: the high part is returned, the low part (the rounding error) is
//    left in `lo` (a module global: AssemblyScript has no multiple return values). ──
let lo: f64 = 0.0;

/** x = fl(a + b), lo = a + b − x exactly (Knuth's two-sum, no precondition on |a|, |b|). */
// @ts-ignore: decorator
@inline
function twoSum(a: f64, b: f64): f64 {
  const x = a + b;
  const bvirt = x - a;
  const avirt = x - bvirt;
  lo = a - avirt + (b - bvirt);
  return x;
}

/** x = fl(a + b), lo exact error; requires |a| ≥ |b| (Dekker's fast-two-sum). */
// @ts-ignore: decorator
@inline
function fastTwoSum(a: f64, b: f64): f64 {
  const x = a + b;
  lo = b - (x - a);
  return x;
}

/** x = fl(a − b), lo = a − b − x exactly. */
// @ts-ignore: decorator
@inline
function twoDiff(a: f64, b: f64): f64 {
  const x = a - b;
  const bvirt = a - x;
  const avirt = x + bvirt;
  lo = a - avirt + (bvirt - b);
  return x;
}

/** The rounding error of x = fl(a − b), given x. */
// @ts-ignore: decorator
@inline
function twoDiffTail(a: f64, b: f64, x: f64): f64 {
  const bvirt = a - x;
  const avirt = x + bvirt;
  return a - avirt + (bvirt - b);
}

/** x = fl(a · b), lo = a · b − x exactly (Veltkamp split + Dekker product). */
// @ts-ignore: decorator
@inline
function twoProduct(a: f64, b: f64): f64 {
  const x = a * b;
  let c = SPLITTER * a;
  const ahi = c - (c - a);
  const alo = a - ahi;
  c = SPLITTER * b;
  const bhi = c - (c - b);
  const blo = b - bhi;
  lo = alo * blo - (x - ahi * bhi - alo * bhi - ahi * blo);
  return x;
}

/**
 * (a1 + a0) − (b1 + b0) as a four-component expansion written to h[0..3] (Shewchuk's Two_Two_Diff).
 */
function twoTwoDiff(a1: f64, a0: f64, b1: f64, b0: f64, h: StaticArray<f64>): void {
  // Two_One_Diff(a1, a0, b0) → (j, k, h0)
  let i = twoDiff(a0, b0);
  unchecked((h[0] = lo));
  const j = twoSum(a1, i);
  const k = lo;
  // Two_One_Diff(j, k, b1) → (h3, h2, h1)
  i = twoDiff(k, b1);
  unchecked((h[1] = lo));
  const x3 = twoSum(j, i);
  unchecked((h[2] = lo));
  unchecked((h[3] = x3));
}

/**
 * h = e + f for expansions e (elen components) and f (flen), zero components eliminated
 * (Shewchuk's fast_expansion_sum_zeroelim). h must hold elen + flen components. Returns h's length.
 */
export function fastExpansionSumZeroelim(
  elen: i32,
  e: StaticArray<f64>,
  flen: i32,
  f: StaticArray<f64>,
  h: StaticArray<f64>,
): i32 {
  let enow = e[0];
  let fnow = f[0];
  let eindex: i32 = 0;
  let findex: i32 = 0;
  let q: f64;
  let qnew: f64;
  let hh: f64;
  // Start with the smaller-magnitude first component.
  if (fnow > enow == fnow > -enow) {
    q = enow;
    eindex++;
    enow = eindex < elen ? e[eindex] : 0.0;
  } else {
    q = fnow;
    findex++;
    fnow = findex < flen ? f[findex] : 0.0;
  }
  let hindex: i32 = 0;
  if (eindex < elen && findex < flen) {
    if (fnow > enow == fnow > -enow) {
      qnew = fastTwoSum(enow, q);
      hh = lo;
      eindex++;
      enow = eindex < elen ? e[eindex] : 0.0;
    } else {
      qnew = fastTwoSum(fnow, q);
      hh = lo;
      findex++;
      fnow = findex < flen ? f[findex] : 0.0;
    }
    q = qnew;
    if (hh != 0.0) h[hindex++] = hh;
    while (eindex < elen && findex < flen) {
      if (fnow > enow == fnow > -enow) {
        qnew = twoSum(q, enow);
        hh = lo;
        eindex++;
        enow = eindex < elen ? e[eindex] : 0.0;
      } else {
        qnew = twoSum(q, fnow);
        hh = lo;
        findex++;
        fnow = findex < flen ? f[findex] : 0.0;
      }
      q = qnew;
      if (hh != 0.0) h[hindex++] = hh;
    }
  }
  while (eindex < elen) {
    qnew = twoSum(q, enow);
    hh = lo;
    eindex++;
    enow = eindex < elen ? e[eindex] : 0.0;
    q = qnew;
    if (hh != 0.0) h[hindex++] = hh;
  }
  while (findex < flen) {
    qnew = twoSum(q, fnow);
    hh = lo;
    findex++;
    fnow = findex < flen ? f[findex] : 0.0;
    q = qnew;
    if (hh != 0.0) h[hindex++] = hh;
  }
  if (q != 0.0 || hindex == 0) h[hindex++] = q;
  return hindex;
}

/**
 * h = b · e for an expansion e (elen components) and a scalar b, zero components eliminated
 * (Shewchuk's scale_expansion_zeroelim). h must hold 2·elen components. Returns h's length.
 */
export function scaleExpansionZeroelim(elen: i32, e: StaticArray<f64>, b: f64, h: StaticArray<f64>): i32 {
  let q = twoProduct(e[0], b);
  let hh = lo;
  let hindex: i32 = 0;
  if (hh != 0.0) h[hindex++] = hh;
  for (let i: i32 = 1; i < elen; i++) {
    const product1 = twoProduct(e[i], b);
    const product0 = lo;
    const sum = twoSum(q, product0);
    hh = lo;
    if (hh != 0.0) h[hindex++] = hh;
    q = fastTwoSum(product1, sum);
    hh = lo;
    if (hh != 0.0) h[hindex++] = hh;
  }
  if (q != 0.0 || hindex == 0) h[hindex++] = q;
  return hindex;
}

/** A one-word approximation of an expansion's value (Shewchuk's estimate). */
export function estimate(elen: i32, e: StaticArray<f64>): f64 {
  let q = e[0];
  for (let i: i32 = 1; i < elen; i++) q += e[i];
  return q;
}

// Scratch expansions of orient2dAdapt (module globals: no allocation per call).
const expB = new StaticArray<f64>(4);
const expU = new StaticArray<f64>(4);
const expC1 = new StaticArray<f64>(8);
const expC2 = new StaticArray<f64>(12);
const expD = new StaticArray<f64>(16);

/** The adaptive stages B, C and D of orient2d, entered when the fast filter cannot decide. */
function orient2dAdapt(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, detsum: f64): f64 {
  const acx = ax - cx;
  const bcx = bx - cx;
  const acy = ay - cy;
  const bcy = by - cy;

  // Stage B: the determinant of the rounded differences, exactly.
  const detleft = twoProduct(acx, bcy);
  const detlefttail = lo;
  const detright = twoProduct(acy, bcx);
  const detrighttail = lo;
  twoTwoDiff(detleft, detlefttail, detright, detrighttail, expB);
  let det = estimate(4, expB);
  let errbound = CCWERRBOUND_B * detsum;
  if (det >= errbound || -det >= errbound) return det;

  // Stage C: first-order correction by the tails of the differences.
  const acxtail = twoDiffTail(ax, cx, acx);
  const bcxtail = twoDiffTail(bx, cx, bcx);
  const acytail = twoDiffTail(ay, cy, acy);
  const bcytail = twoDiffTail(by, cy, bcy);
  if (acxtail == 0.0 && acytail == 0.0 && bcxtail == 0.0 && bcytail == 0.0) return det;

  errbound = CCWERRBOUND_C * detsum + RESULTERRBOUND * Math.abs(det);
  det += acx * bcytail + bcy * acxtail - (acy * bcxtail + bcx * acytail);
  if (det >= errbound || -det >= errbound) return det;

  // Stage D: the exact determinant, summing every cross term as an expansion.
  let s1 = twoProduct(acxtail, bcy);
  let s0 = lo;
  let t1 = twoProduct(acytail, bcx);
  let t0 = lo;
  twoTwoDiff(s1, s0, t1, t0, expU);
  const c1len = fastExpansionSumZeroelim(4, expB, 4, expU, expC1);

  s1 = twoProduct(acx, bcytail);
  s0 = lo;
  t1 = twoProduct(acy, bcxtail);
  t0 = lo;
  twoTwoDiff(s1, s0, t1, t0, expU);
  const c2len = fastExpansionSumZeroelim(c1len, expC1, 4, expU, expC2);

  s1 = twoProduct(acxtail, bcytail);
  s0 = lo;
  t1 = twoProduct(acytail, bcxtail);
  t0 = lo;
  twoTwoDiff(s1, s0, t1, t0, expU);
  const dlen = fastExpansionSumZeroelim(c2len, expC2, 4, expU, expD);
  return expD[dlen - 1];
}

/**
 * Twice the signed area of the triangle (a, b, c): positive when a, b, c run counter-clockwise
 * (c left of the directed line a→b, x east / y north), negative clockwise, zero when collinear.
 * The sign is exact. (Shewchuk's orient2d; note that the `robust-predicates` npm package returns the
 * opposite sign.)
 */
export function orient2d(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64): f64 {
  const detleft = (ax - cx) * (by - cy);
  const detright = (ay - cy) * (bx - cx);
  const det = detleft - detright;
  let detsum: f64;
  if (detleft > 0.0) {
    if (detright <= 0.0) return det;
    detsum = detleft + detright;
  } else if (detleft < 0.0) {
    if (detright >= 0.0) return det;
    detsum = -detleft - detright;
  } else {
    return det;
  }
  const errbound = CCWERRBOUND_A * detsum;
  if (det >= errbound || -det >= errbound) return det;
  return orient2dAdapt(ax, ay, bx, by, cx, cy, detsum);
}
