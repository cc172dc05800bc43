// Test polygons for the skeleton and automatic-roof tests: random star polygons, random orthogonal
// polygons (simply connected polyominoes without pinch points), combs and stairs.

/** A small deterministic PRNG (mulberry32) so that a fast-check seed gives one polygon. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A star-shaped polygon around (cx, cy): n vertices at increasing angles, radii in [rMin, 1]·r. */
export function starPolygon(seed: number, n: number, r = 10, rMin = 0.2, cx = 0, cy = 0): [number, number][] {
  const rand = rng(seed);
  const angles: number[] = [];
  for (let i = 0; i < n; i++) angles.push((2 * Math.PI * (i + 0.1 + 0.8 * rand())) / n);
  return angles.map((a) => {
    const rad = r * (rMin + (1 - rMin) * rand());
    return [cx + rad * Math.cos(a), cy + rad * Math.sin(a)];
  });
}

/** Signed area (positive counter-clockwise). */
export function signedArea(p: [number, number][]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    const [x1, y1] = p[i];
    const [x2, y2] = p[(i + 1) % p.length];
    s += x1 * y2 - x2 * y1;
  }
  return s / 2;
}

/**
 * A random orthogonal polygon: a simply connected set of unit cells grown at random in a w × h grid,
 * holes filled and diagonal-only contacts removed, traced counter-clockwise, corners only.
 */
export function orthogonalPolygon(seed: number, w: number, h: number, cells: number, size = 1): [number, number][] {
  const rand = rng(seed);
  const inside = new Uint8Array(w * h);
  const at = (x: number, y: number) => (x >= 0 && y >= 0 && x < w && y < h ? inside[y * w + x] : 0);
  const start = [Math.floor(w / 2), Math.floor(h / 2)];
  inside[start[1] * w + start[0]] = 1;
  let count = 1;
  const target = Math.min(cells, w * h);
  for (let guard = 0; count < target && guard < 100 * target; guard++) {
    const x = Math.floor(rand() * w);
    const y = Math.floor(rand() * h);
    if (at(x, y)) continue;
    if (at(x - 1, y) || at(x + 1, y) || at(x, y - 1) || at(x, y + 1)) {
      inside[y * w + x] = 1;
      count++;
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    // Fill holes: cells not reachable from outside.
    const W = w + 2;
    const H = h + 2;
    const seen = new Uint8Array(W * H);
    const stack = [0];
    seen[0] = 1;
    while (stack.length) {
      const k = stack.pop()!;
      const x = (k % W) - 1;
      const y = Math.floor(k / W) - 1;
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < -1 || ny < -1 || nx > w || ny > h) continue;
        const kk = (ny + 1) * W + nx + 1;
        if (seen[kk] || at(nx, ny)) continue;
        seen[kk] = 1;
        stack.push(kk);
      }
    }
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        if (!at(x, y) && !seen[(y + 1) * W + x + 1]) {
          inside[y * w + x] = 1;
          changed = true;
        }
    // Remove pinch points: 2 × 2 blocks with only a diagonal pair inside.
    for (let y = -1; y < h; y++)
      for (let x = -1; x < w; x++) {
        const a = at(x, y);
        const b = at(x + 1, y);
        const c = at(x, y + 1);
        const d = at(x + 1, y + 1);
        if ((a && d && !b && !c) || (b && c && !a && !d)) {
          const [fx, fy] = !b ? [x + 1, y] : [x, y];
          if (fx >= 0 && fy >= 0 && fx < w && fy < h) inside[fy * w + fx] = 1;
          else {
            const [gx, gy] = !c ? [x, y + 1] : [x + 1, y + 1];
            inside[gy * w + gx] = 1;
          }
          changed = true;
        }
      }
  }
  // Directed boundary edges with the inside on the left, then chain them.
  const next = new Map<string, [number, number]>();
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!at(x, y)) continue;
      if (!at(x, y - 1)) next.set(`${x},${y}`, [x + 1, y]);
      if (!at(x + 1, y)) next.set(`${x + 1},${y}`, [x + 1, y + 1]);
      if (!at(x, y + 1)) next.set(`${x + 1},${y + 1}`, [x, y + 1]);
      if (!at(x - 1, y)) next.set(`${x},${y + 1}`, [x, y]);
    }
  const [k0] = next.keys();
  let [x, y] = k0.split(',').map(Number);
  const ring: [number, number][] = [];
  do {
    ring.push([x, y]);
    [x, y] = next.get(`${x},${y}`)!;
  } while (`${x},${y}` !== k0);
  const corners = ring.filter((p, i) => {
    const a = ring[(i + ring.length - 1) % ring.length];
    const b = ring[(i + 1) % ring.length];
    return (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]) !== 0;
  });
  return corners.map(([px, py]) => [px * size, py * size]);
}

/** A comb: `teeth` teeth of width 1 and height `len` on a base of height 1, gaps of width 1. */
export function comb(teeth: number, len = 5): [number, number][] {
  const p: [number, number][] = [
    [0, 0],
    [2 * teeth - 1, 0],
  ];
  for (let k = teeth - 1; k >= 0; k--) {
    const x0 = 2 * k;
    p.push([x0 + 1, 1 + len], [x0, 1 + len]);
    if (k > 0) p.push([x0, 1], [x0 - 1, 1]);
  }
  // Right edge of the last tooth rises from the base.
  return p;
}

/** A staircase: `steps` steps of size 1 rising to the right, closed below. */
export function stairs(steps: number): [number, number][] {
  const p: [number, number][] = [[0, 0]];
  p.push([steps, 0]);
  for (let k = steps; k >= 1; k--) {
    p.push([k, k], [k - 1, k]);
  }
  return p;
}

/**
 * A random simple polygon (generally neither star-shaped nor orthogonal): n random points joined in
 * random order, then untangled by 2-opt moves (reversing the chain between two crossing edges) until
 * no two edges cross.
 */
export function simplePolygon(seed: number, n: number, size = 10): [number, number][] {
  const rand = rng(seed);
  const p: [number, number][] = [];
  for (let i = 0; i < n; i++) p.push([size * rand(), size * rand()]);
  const orient = (a: [number, number], b: [number, number], c: [number, number]) =>
    Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  const cross = (a: [number, number], b: [number, number], c: [number, number], d: [number, number]) =>
    orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0;
  for (let changed = true, guard = 0; changed && guard < 100 * n * n; guard++) {
    changed = false;
    for (let i = 0; i < n && !changed; i++)
      for (let j = i + 2; j < n && !changed; j++) {
        if (i === 0 && j === n - 1) continue;
        if (cross(p[i], p[i + 1], p[j], p[(j + 1) % n])) {
          // reverse p[i+1..j]
          for (let a = i + 1, b = j; a < b; a++, b--) [p[a], p[b]] = [p[b], p[a]];
          changed = true;
        }
      }
  }
  return p;
}
