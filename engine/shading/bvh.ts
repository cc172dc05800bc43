// Bounding volume hierarchy over triangles, built top-down with the binned surface area heuristic.
//   Wald, I. (2007) On fast Construction of SAH-based Bounding Volume Hierarchies. IEEE Symposium on
//   Interactive Ray Tracing, 33–40 (binning: 16 bins per axis, all three axes; O(n log n)).
//   MacDonald, J. D. & Booth, K. S. (1990) Heuristics for ray tracing using space subdivision.
//
// Node layout (32 bytes, NODE_BYTES): f32 minX minY minZ maxX maxY maxZ, then i32 a, i32 b.
//   Leaf:     b = triangle count (≥ 0; 0 only for an empty scene), a = first triangle (in BVH order).
//   Interior: b = −(split axis + 1), a = left child; the right child is a + 1 (children adjacent).
// Boxes are f32 (half the bytes of f64, four rays per v128 in the packet test) and conservative: each
// is rounded outwards and grown by `pad`, so a ray that truly touches a triangle always enters every
// box on the way; the hit itself is decided in f64 (trace.ts). f32 only costs a few extra box visits.

export const NODE_BYTES: i32 = 32;
const BINS: i32 = 16;
/** Leaves hold at most this many triangles (larger sets are always split). */
const MAX_LEAF: i32 = 8;
/** SAH cost of one traversal step relative to one triangle test. */
const C_TRAVERSAL: f64 = 1.0;

export class Bvh {
  /** NODE_BYTES per node. */
  nodes: StaticArray<u8> = new StaticArray<u8>(0);
  nNodes: i32 = 0;
  /** Triangle index (input order) at each BVH position. */
  order: StaticArray<i32> = new StaticArray<i32>(0);
  /** Longest root-to-leaf path (the traversal stack needs no more). */
  depth: i32 = 0;
}

@inline function surface(dx: f64, dy: f64, dz: f64): f64 {
  return dx * dy + dy * dz + dz * dx;
}

/**
 * Builds the BVH of n triangles given by their bounds (6 f64 per triangle: min xyz, max xyz).
 * `pad` [m] grows every box (see the header).
 */
export function buildBvh(bounds: StaticArray<f64>, n: i32, pad: f64): Bvh {
  const bvh = new Bvh();
  const order = new StaticArray<i32>(n);
  const cx = new StaticArray<f64>(n);
  const cy = new StaticArray<f64>(n);
  const cz = new StaticArray<f64>(n);
  for (let i: i32 = 0; i < n; i++) {
    unchecked((order[i] = i));
    const b = i * 6;
    unchecked((cx[i] = 0.5 * (bounds[b] + bounds[b + 3])));
    unchecked((cy[i] = 0.5 * (bounds[b + 1] + bounds[b + 4])));
    unchecked((cz[i] = 0.5 * (bounds[b + 2] + bounds[b + 5])));
  }
  const cap = n > 0 ? 2 * n - 1 : 1;
  const nodes = new StaticArray<u8>(cap * NODE_BYTES);
  const base = changetype<usize>(nodes);
  // Work stack: node, start, end, depth.
  const stack = new Array<i32>(0);
  let used: i32 = 1;
  let maxDepth: i32 = 1;
  stack.push(0);
  stack.push(0);
  stack.push(n);
  stack.push(1);
  // Bin accumulators.
  const binCount = new StaticArray<i32>(BINS);
  const binBox = new StaticArray<f64>(BINS * 6);
  const rightArea = new StaticArray<f64>(BINS);
  const rightCount = new StaticArray<i32>(BINS);
  while (stack.length > 0) {
    const depth = stack.pop();
    const end = stack.pop();
    const start = stack.pop();
    const node = stack.pop();
    if (depth > maxDepth) maxDepth = depth;
    // Bounds of the triangles and of their centroids.
    let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
    let cx0 = Infinity, cy0 = Infinity, cz0 = Infinity, cx1 = -Infinity, cy1 = -Infinity, cz1 = -Infinity;
    for (let k = start; k < end; k++) {
      const t = unchecked(order[k]);
      const b = t * 6;
      x0 = Math.min(x0, unchecked(bounds[b]));
      y0 = Math.min(y0, unchecked(bounds[b + 1]));
      z0 = Math.min(z0, unchecked(bounds[b + 2]));
      x1 = Math.max(x1, unchecked(bounds[b + 3]));
      y1 = Math.max(y1, unchecked(bounds[b + 4]));
      z1 = Math.max(z1, unchecked(bounds[b + 5]));
      const px = unchecked(cx[t]), py = unchecked(cy[t]), pz = unchecked(cz[t]);
      cx0 = Math.min(cx0, px);
      cy0 = Math.min(cy0, py);
      cz0 = Math.min(cz0, pz);
      cx1 = Math.max(cx1, px);
      cy1 = Math.max(cy1, py);
      cz1 = Math.max(cz1, pz);
    }
    const p = base + <usize>node * NODE_BYTES;
    store<f32>(p, <f32>(x0 - pad), 0);
    store<f32>(p, <f32>(y0 - pad), 4);
    store<f32>(p, <f32>(z0 - pad), 8);
    store<f32>(p, <f32>(x1 + pad), 12);
    store<f32>(p, <f32>(y1 + pad), 16);
    store<f32>(p, <f32>(z1 + pad), 20);
    const count = end - start;
    // Best split over the three axes.
    let bestCost = Infinity;
    let bestAxis: i32 = -1;
    let bestBin: i32 = 0;
    const parentArea = surface(x1 - x0, y1 - y0, z1 - z0);
    if (count > 2) {
      for (let axis: i32 = 0; axis < 3; axis++) {
        const lo = axis == 0 ? cx0 : axis == 1 ? cy0 : cz0;
        const hi = axis == 0 ? cx1 : axis == 1 ? cy1 : cz1;
        if (!(hi > lo)) continue;
        const cs = axis == 0 ? cx : axis == 1 ? cy : cz;
        const scale = <f64>BINS / (hi - lo);
        for (let q: i32 = 0; q < BINS; q++) {
          unchecked((binCount[q] = 0));
          const o = q * 6;
          unchecked((binBox[o] = Infinity));
          unchecked((binBox[o + 1] = Infinity));
          unchecked((binBox[o + 2] = Infinity));
          unchecked((binBox[o + 3] = -Infinity));
          unchecked((binBox[o + 4] = -Infinity));
          unchecked((binBox[o + 5] = -Infinity));
        }
        for (let k = start; k < end; k++) {
          const t = unchecked(order[k]);
          const q = min(BINS - 1, <i32>((unchecked(cs[t]) - lo) * scale));
          unchecked((binCount[q] += 1));
          const o = q * 6;
          const b = t * 6;
          for (let c: i32 = 0; c < 3; c++) {
            unchecked((binBox[o + c] = Math.min(binBox[o + c], bounds[b + c])));
            unchecked((binBox[o + 3 + c] = Math.max(binBox[o + 3 + c], bounds[b + 3 + c])));
          }
        }
        // Sweep from the right: areas and counts of bins q.. BINS-1.
        let ax0 = Infinity, ay0 = Infinity, az0 = Infinity, ax1 = -Infinity, ay1 = -Infinity, az1 = -Infinity;
        let acc: i32 = 0;
        for (let q = BINS - 1; q > 0; q--) {
          const o = q * 6;
          acc += unchecked(binCount[q]);
          ax0 = Math.min(ax0, unchecked(binBox[o]));
          ay0 = Math.min(ay0, unchecked(binBox[o + 1]));
          az0 = Math.min(az0, unchecked(binBox[o + 2]));
          ax1 = Math.max(ax1, unchecked(binBox[o + 3]));
          ay1 = Math.max(ay1, unchecked(binBox[o + 4]));
          az1 = Math.max(az1, unchecked(binBox[o + 5]));
          unchecked((rightCount[q] = acc));
          unchecked((rightArea[q] = acc > 0 ? surface(ax1 - ax0, ay1 - ay0, az1 - az0) : 0.0));
        }
        ax0 = Infinity; ay0 = Infinity; az0 = Infinity; ax1 = -Infinity; ay1 = -Infinity; az1 = -Infinity;
        acc = 0;
        // Split between bin q-1 and q: left = bins < q.
        for (let q: i32 = 1; q < BINS; q++) {
          const o = (q - 1) * 6;
          acc += unchecked(binCount[q - 1]);
          ax0 = Math.min(ax0, unchecked(binBox[o]));
          ay0 = Math.min(ay0, unchecked(binBox[o + 1]));
          az0 = Math.min(az0, unchecked(binBox[o + 2]));
          ax1 = Math.max(ax1, unchecked(binBox[o + 3]));
          ay1 = Math.max(ay1, unchecked(binBox[o + 4]));
          az1 = Math.max(az1, unchecked(binBox[o + 5]));
          const nr = unchecked(rightCount[q]);
          if (acc == 0 || nr == 0) continue;
          const cost = <f64>acc * surface(ax1 - ax0, ay1 - ay0, az1 - az0) + <f64>nr * unchecked(rightArea[q]);
          if (cost < bestCost) {
            bestCost = cost;
            bestAxis = axis;
            bestBin = q;
          }
        }
      }
    }
    const leafCost = <f64>count;
    const splitCost = parentArea > 0.0 ? C_TRAVERSAL + bestCost / parentArea : C_TRAVERSAL + <f64>count * 0.5;
    const wantLeaf = count <= 2 || (count <= MAX_LEAF && (bestAxis < 0 || leafCost <= splitCost));
    if (wantLeaf) {
      store<i32>(p, start, 24);
      store<i32>(p, count, 28);
      continue;
    }
    let mid: i32;
    let axisOut: i32;
    if (bestAxis >= 0) {
      // Partition by bin, in place.
      const lo = bestAxis == 0 ? cx0 : bestAxis == 1 ? cy0 : cz0;
      const hi = bestAxis == 0 ? cx1 : bestAxis == 1 ? cy1 : cz1;
      const cs = bestAxis == 0 ? cx : bestAxis == 1 ? cy : cz;
      const scale = <f64>BINS / (hi - lo);
      let i = start;
      let j = end - 1;
      while (i <= j) {
        const t = unchecked(order[i]);
        const q = min(BINS - 1, <i32>((unchecked(cs[t]) - lo) * scale));
        if (q < bestBin) i++;
        else {
          unchecked((order[i] = order[j]));
          unchecked((order[j] = t));
          j--;
        }
      }
      mid = i;
      axisOut = bestAxis;
    } else {
      // All centroids coincide: split the list in half.
      mid = start + (count >> 1);
      axisOut = 0;
    }
    const left = used;
    used += 2;
    store<i32>(p, left, 24);
    store<i32>(p, -(axisOut + 1), 28);
    stack.push(left);
    stack.push(start);
    stack.push(mid);
    stack.push(depth + 1);
    stack.push(left + 1);
    stack.push(mid);
    stack.push(end);
    stack.push(depth + 1);
  }
  bvh.nodes = nodes;
  bvh.nNodes = used;
  bvh.order = order;
  bvh.depth = maxDepth;
  return bvh;
}
