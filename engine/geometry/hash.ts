// Hashing helpers of the plan graph: a map from integer pairs to non-negative i32 values (grid cells,
// undirected edges), and a uniform hash grid of points for snapping within a tolerance.

/** Open-addressing hash map (linear probing) from an (i64, i64) pair to a non-negative i32. */
export class PairMap {
  ka: StaticArray<i64>;
  kb: StaticArray<i64>;
  val: StaticArray<i32>;
  mask: i32;
  size: i32 = 0;

  constructor(expected: i32) {
    let cap: i32 = 16;
    while (cap < expected * 2 + 16) cap <<= 1;
    this.ka = new StaticArray<i64>(cap);
    this.kb = new StaticArray<i64>(cap);
    this.val = new StaticArray<i32>(cap);
    this.mask = cap - 1;
    for (let i: i32 = 0; i < cap; i++) unchecked((this.val[i] = -1));
  }

  private slot(a: i64, b: i64): i32 {
    let h: u64 = <u64>a * 0x9e3779b97f4a7c15 + <u64>b * 0xc2b2ae3d27d4eb4f;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9;
    h ^= h >> 32;
    return <i32>h & this.mask;
  }

  /** The slot holding (a, b), or the empty slot where it would go (the table is never full). */
  // @ts-ignore: decorator
  @inline
  private probe(a: i64, b: i64): i32 {
    let s = this.slot(a, b);
    const mask = this.mask;
    while (unchecked(this.val[s]) >= 0 && (unchecked(this.ka[s]) != a || unchecked(this.kb[s]) != b)) s = (s + 1) & mask;
    return s;
  }

  /** The value stored for (a, b), or -1. */
  get(a: i64, b: i64): i32 {
    return unchecked(this.val[this.probe(a, b)]);
  }

  /** Stores v (≥ 0) for (a, b), replacing any earlier value. */
  set(a: i64, b: i64, v: i32): void {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    const s = this.probe(a, b);
    if (unchecked(this.val[s]) < 0) {
      unchecked((this.ka[s] = a));
      unchecked((this.kb[s] = b));
      this.size++;
    }
    unchecked((this.val[s] = v));
  }

  /** The value stored for (a, b); when there is none, stores v (≥ 0) for it and returns -1. */
  getOrSet(a: i64, b: i64, v: i32): i32 {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    const s = this.probe(a, b);
    const old = unchecked(this.val[s]);
    if (old >= 0) return old;
    unchecked((this.ka[s] = a));
    unchecked((this.kb[s] = b));
    unchecked((this.val[s] = v));
    this.size++;
    return -1;
  }

  private grow(): void {
    const oka = this.ka;
    const okb = this.kb;
    const oval = this.val;
    const cap = (this.mask + 1) << 1;
    this.ka = new StaticArray<i64>(cap);
    this.kb = new StaticArray<i64>(cap);
    this.val = new StaticArray<i32>(cap);
    this.mask = cap - 1;
    this.size = 0;
    for (let i: i32 = 0; i < cap; i++) unchecked((this.val[i] = -1));
    for (let i: i32 = 0, n = oval.length; i < n; i++) {
      const v = unchecked(oval[i]);
      if (v >= 0) this.set(unchecked(oka[i]), unchecked(okb[i]), v);
    }
  }
}

const CELL_LIMIT: f64 = 4.0e18;

/** The cell coordinate of x for a cell size whose inverse is inv (clamped: monotone, never overflows). */
// @ts-ignore: decorator
@inline
function cellOf(x: f64, inv: f64): i64 {
  let c = Math.floor(x * inv);
  if (c > CELL_LIMIT) c = CELL_LIMIT;
  if (c < -CELL_LIMIT) c = -CELL_LIMIT;
  return <i64>c;
}

/**
 * Points hashed into square cells of side h ≥ 2.5·tol. All points within tol of a query lie in the 2 × 2
 * cells around it on the side of its nearer cell borders (tol ≤ 0.4·h, leaving 0.1·h for rounding).
 * Points are identified by their index in the caller's coordinate arrays.
 */
export class PointSnap {
  inv: f64;
  tol2: f64;
  heads: PairMap;
  next: Array<i32> = new Array<i32>(0);
  xs: Array<f64>;
  ys: Array<f64>;

  /** h: the cell size, at least 2.5·tol. */
  constructor(xs: Array<f64>, ys: Array<f64>, tol: f64, h: f64, expected: i32) {
    this.xs = xs;
    this.ys = ys;
    this.tol2 = tol * tol;
    this.inv = 1.0 / h;
    this.heads = new PairMap(expected);
  }

  /** Registers point id (its coordinates are read from xs, ys). */
  add(id: i32): void {
    const next = this.next;
    if (next.length <= id) {
      // Grow geometrically; entries of ids never added stay -1 (and are never read).
      const from = next.length;
      const to = max(id + 1, from << 1);
      next.length = to;
      for (let k = from; k < to; k++) unchecked((next[k] = -1));
    }
    const cx = cellOf(this.xs[id], this.inv);
    const cy = cellOf(this.ys[id], this.inv);
    unchecked((next[id] = this.heads.get(cx, cy)));
    this.heads.set(cx, cy, id);
  }

  /** The smallest registered id within tol of (x, y), or -1. */
  nearest(x: f64, y: f64): i32 {
    const fx = x * this.inv;
    const fy = y * this.inv;
    const cx = cellOf(x, this.inv);
    const cy = cellOf(y, this.inv);
    const ox: i64 = fx - Math.floor(fx) < 0.5 ? -1 : 1;
    const oy: i64 = fy - Math.floor(fy) < 0.5 ? -1 : 1;
    let best = this.scan(cx, cy, x, y, -1);
    best = this.scan(cx + ox, cy, x, y, best);
    best = this.scan(cx, cy + oy, x, y, best);
    return this.scan(cx + ox, cy + oy, x, y, best);
  }

  private scan(cx: i64, cy: i64, x: f64, y: f64, best: i32): i32 {
    const xs = this.xs;
    const ys = this.ys;
    let p = this.heads.get(cx, cy);
    while (p >= 0) {
      const dx = unchecked(xs[p]) - x;
      const dy = unchecked(ys[p]) - y;
      if (dx * dx + dy * dy <= this.tol2 && (best < 0 || p < best)) best = p;
      p = unchecked(this.next[p]);
    }
    return best;
  }
}
