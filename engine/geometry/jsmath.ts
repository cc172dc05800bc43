// Math.hypot as V8 computes it (src/builtins/math.tq: normalise by the largest magnitude, then a
// compensated sum), so that lengths in the engine and in the TypeScript reference
// (src/engine/reference) are bit-identical and downstream decisions agree. Plain
// sqrt(x² + y²) differs from it in the last bit for about a third of all inputs.

/** Math.hypot(x, y) for finite x, y. */
export function hypot2(x: f64, y: f64): f64 {
  const a = Math.abs(x);
  const b = Math.abs(y);
  const m = Math.max(a, b);
  if (m == 0.0) return 0.0;
  const p = a / m;
  const q = b / m;
  return Math.sqrt(p * p + q * q) * m;
}

/** Math.hypot(x, y, z) for finite x, y, z. */
export function hypot3(x: f64, y: f64, z: f64): f64 {
  const a = Math.abs(x);
  const b = Math.abs(y);
  const c = Math.abs(z);
  const m = Math.max(Math.max(a, b), c);
  if (m == 0.0) return 0.0;
  const pa = (a / m) * (a / m);
  const pb = (b / m) * (b / m);
  const compensation = pa + pb - pa - pb;
  const pc = (c / m) * (c / m) - compensation;
  return Math.sqrt(pa + pb + pc) * m;
}
