// The engine's orient2d (engine/geometry/predicates.ts, Shewchuk's adaptive predicate) against
// `robust-predicates` and against exact rational arithmetic (BigInt), on random and adversarial
// near-collinear inputs. Sign convention: the engine returns a positive value when a, b, c run
// counter-clockwise with y pointing north; `robust-predicates` v3 returns the opposite sign (it
// assumes y pointing down), so the engine's sign must equal −sign(robust-predicates).
// Like Shewchuk's original, the predicate is exact as long as no product underflows (or overflows):
// the generators keep magnitudes either 0 or within [1e-100, 1e100].
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { orient2d as rpOrient2d } from 'robust-predicates';
import { beforeAll, describe, expect, it } from 'vitest';

type Orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => number;

let orient2d: Orient;

beforeAll(async () => {
  const bytes = await readFile(new URL('../../../build/engine.debug.wasm', import.meta.url));
  const { instance } = await WebAssembly.instantiate(bytes, {
    env: {
      abort() {
        throw new Error('engine.wasm aborted');
      },
      trace() {},
      seed: () => 0,
    },
  });
  orient2d = instance.exports.orient2d as Orient;
});

/** x · 2^1074 as an exact BigInt (every finite double is an integer multiple of 2^-1074). */
function scaled(x: number): bigint {
  if (x === 0) return 0n;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign = hi >>> 31 ? -1n : 1n;
  const exp = (hi >>> 20) & 0x7ff;
  const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  const mant = exp === 0 ? frac : frac | (1n << 52n);
  const shift = BigInt((exp === 0 ? 1 : exp) - 1075 + 1074);
  return sign * (mant << shift);
}

/** The exact sign of (ax − cx)(by − cy) − (ay − cy)(bx − cx). */
function exactSign(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const [Ax, Ay, Bx, By, Cx, Cy] = [ax, ay, bx, by, cx, cy].map(scaled);
  const det = (Ax - Cx) * (By - Cy) - (Ay - Cy) * (Bx - Cx);
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}

const sign = (v: number) => Math.sign(v) + 0; // +0 for −0

/** Doubles in [min, max] with magnitudes below 1e-100 flushed to 0 (no underflow in products). */
const coordIn = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((v) => (Math.abs(v) < 1e-100 ? 0 : v));

function checkAgainstBoth(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): void {
  const ours = sign(orient2d(ax, ay, bx, by, cx, cy));
  const theirs = -sign(rpOrient2d(ax, ay, bx, by, cx, cy));
  const exact = exactSign(ax, ay, bx, by, cx, cy);
  if (ours !== theirs || ours !== exact) {
    throw new Error(`orient2d(${[ax, ay, bx, by, cx, cy].join(', ')}): engine ${ours}, robust-predicates ${theirs}, exact ${exact}`);
  }
}

describe('orient2d (wasm) ≡ robust-predicates ≡ exact arithmetic', () => {
  it('is positive counter-clockwise, negative clockwise, zero when collinear', () => {
    expect(orient2d(0, 0, 1, 0, 0, 1)).toBeGreaterThan(0);
    expect(orient2d(0, 0, 0, 1, 1, 0)).toBeLessThan(0);
    expect(orient2d(0, 0, 1, 1, 2, 2)).toBe(0);
    // Twice the signed area when the fast filter decides: triangle (0,0), (4,0), (0,3) has area 6.
    expect(orient2d(0, 0, 4, 0, 0, 3)).toBe(12);
  });

  it('agrees on random points (wide exponent range)', () => {
    const coord = coordIn(-1e6, 1e6);
    fc.assert(
      fc.property(fc.tuple(coord, coord, coord, coord, coord, coord), ([ax, ay, bx, by, cx, cy]) => {
        checkAgainstBoth(ax, ay, bx, by, cx, cy);
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees on points on a line perturbed by a few ulps (the adaptive stages decide)', () => {
    const unit = coordIn(-100, 100);
    fc.assert(
      fc.property(unit, unit, unit, unit, fc.double({ min: -3, max: 3, noNaN: true }), fc.integer({ min: -4, max: 4 }), fc.integer({ min: -4, max: 4 }), (ax, ay, bx, by, t, dx, dy) => {
        // c = a + t (b − a), rounded, then nudged by dx, dy ulps.
        let cx = ax + t * (bx - ax);
        let cy = ay + t * (by - ay);
        const ulp = (v: number) => Math.max(1e-90, Math.abs(v) * Number.EPSILON);
        cx += dx * ulp(cx);
        cy += dy * ulp(cy);
        if (Math.abs(cx) < 1e-100) cx = 0;
        if (Math.abs(cy) < 1e-100) cy = 0;
        checkAgainstBoth(ax, ay, bx, by, cx, cy);
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees on the classic grid 0.5 + i·2⁻⁵³ against the line (12, 12)–(24, 24)', () => {
    // Kettner et al., "Classroom examples of robustness problems in geometric computations" (2008):
    // the naive determinant gets the sign wrong on a large part of this 256 × 256 grid.
    const u = 2 ** -53;
    let naiveWrong = 0;
    for (let i = 0; i < 256; i++) {
      for (let j = 0; j < 256; j++) {
        const px = 0.5 + i * u;
        const py = 0.5 + j * u;
        checkAgainstBoth(px, py, 12, 12, 24, 24);
        const naive = sign((px - 24) * (12 - 24) - (py - 24) * (12 - 24));
        if (naive !== exactSign(px, py, 12, 12, 24, 24)) naiveWrong++;
      }
    }
    // The grid is adversarial: the plain formula errs, the predicate never does.
    expect(naiveWrong).toBeGreaterThan(0);
  });

  it('agrees on exactly collinear integer and dyadic points, and is antisymmetric', () => {
    const small = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(small, small, small, small, small, fc.integer({ min: -20, max: 20 }), (ax, ay, dx, dy, k, e) => {
        const s = 2 ** e;
        const [Ax, Ay, Bx, By, Cx, Cy] = [ax * s, ay * s, (ax + dx) * s, (ay + dy) * s, (ax + k * dx) * s, (ay + k * dy) * s];
        expect(sign(orient2d(Ax, Ay, Bx, By, Cx, Cy))).toBe(0);
        checkAgainstBoth(Ax, Ay, Bx, By, Cx + s, Cy);
        const o = sign(orient2d(Ax, Ay, Bx, By, Cx + s, Cy));
        expect(sign(orient2d(Bx, By, Ax, Ay, Cx + s, Cy))).toBe(sign(-o));
        expect(sign(orient2d(Bx, By, Cx + s, Cy, Ax, Ay))).toBe(o);
      }),
      { numRuns: 5_000 },
    );
  });

  it('agrees on nearly parallel long segments far from the origin (plan coordinates in a UTM-like frame)', () => {
    const big = fc.double({ min: 3e5, max: 6e6, noNaN: true });
    const tiny = fc.double({ min: -1e-9, max: 1e-9, noNaN: true });
    fc.assert(
      fc.property(big, big, fc.double({ min: -1000, max: 1000, noNaN: true }), fc.double({ min: -1000, max: 1000, noNaN: true }), tiny, (x, y, dx, dy, eps) => {
        checkAgainstBoth(x, y, x + dx, y + dy, x + 2 * dx + eps, y + 2 * dy - eps);
      }),
      { numRuns: 10_000 },
    );
  });
});
