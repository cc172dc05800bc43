// Any-hit shadow rays in packets of four through the BVH (bvh.ts).
//   Boxes: the slab test (Kay & Kajiya 1986), four rays per v128 (f32x4) against one box.
//   Triangles: Möller, T. & Trumbore, B. (1997) Fast, minimum storage ray/triangle intersection.
//   Journal of Graphics Tools 2(1), 21–28 — in f64, edges inclusive (u ≥ 0, v ≥ 0, u + v ≤ 1), a hit
//   needs t > 0. The TypeScript reference (src/engine/reference/shade.ts) evaluates the very same
//   expressions in the same order, so both decide every ray–triangle pair identically.
//
// The packet: ray lanes 0..3 in `packet` (f64): ox[4] oy[4] oz[4] dx[4] dy[4] dz[4]. Directions need
// not be unit; a hit anywhere along t > 0 counts (shadow rays towards the sun or the sky).
import { NODE_BYTES } from './bvh';
import { Scene, TRI_F64 } from './scene';

/** The rays of the next trace call (see the header). */
export const packet = new StaticArray<f64>(24);
let stack = new StaticArray<i32>(64);

/** Grows the traversal stack for a BVH of the given depth. */
export function reserveStack(depth: i32): void {
  if (stack.length < depth + 2) stack = new StaticArray<i32>(depth + 2);
}

/** |det| below this: the ray is parallel to the triangle's plane (or the triangle is degenerate). */
const DET_MIN: f64 = 1e-30;

/** Möller–Trumbore for lane `lane` of the packet against the triangle record at `t`. */
@inline function hitTriangle(t: usize, r: usize, lane: usize): bool {
  const l = lane << 3;
  const ox = load<f64>(r + l, 0);
  const oy = load<f64>(r + l, 32);
  const oz = load<f64>(r + l, 64);
  const dx = load<f64>(r + l, 96);
  const dy = load<f64>(r + l, 128);
  const dz = load<f64>(r + l, 160);
  const e1x = load<f64>(t, 24);
  const e1y = load<f64>(t, 32);
  const e1z = load<f64>(t, 40);
  const e2x = load<f64>(t, 48);
  const e2y = load<f64>(t, 56);
  const e2z = load<f64>(t, 64);
  const px = dy * e2z - dz * e2y;
  const py = dz * e2x - dx * e2z;
  const pz = dx * e2y - dy * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (Math.abs(det) < DET_MIN) return false;
  const inv = 1.0 / det;
  const tx = ox - load<f64>(t, 0);
  const ty = oy - load<f64>(t, 8);
  const tz = oz - load<f64>(t, 16);
  const u = (tx * px + ty * py + tz * pz) * inv;
  if (u < 0.0 || u > 1.0) return false;
  const qx = ty * e1z - tz * e1y;
  const qy = tz * e1x - tx * e1z;
  const qz = tx * e1y - ty * e1x;
  const v = (dx * qx + dy * qy + dz * qz) * inv;
  if (v < 0.0 || u + v > 1.0) return false;
  return (e2x * qx + e2y * qy + e2z * qz) * inv > 0.0;
}

/** Lanes (bit mask) of the packet whose rays enter the box at `p` at some t ≥ 0. */
@inline function boxMask(p: usize, ox: v128, oy: v128, oz: v128, ix: v128, iy: v128, iz: v128): i32 {
  const ax = f32x4.mul(f32x4.sub(f32x4.splat(load<f32>(p, 0)), ox), ix);
  const bx = f32x4.mul(f32x4.sub(f32x4.splat(load<f32>(p, 12)), ox), ix);
  const ay = f32x4.mul(f32x4.sub(f32x4.splat(load<f32>(p, 4)), oy), iy);
  const by = f32x4.mul(f32x4.sub(f32x4.splat(load<f32>(p, 16)), oy), iy);
  const az = f32x4.mul(f32x4.sub(f32x4.splat(load<f32>(p, 8)), oz), iz);
  const bz = f32x4.mul(f32x4.sub(f32x4.splat(load<f32>(p, 20)), oz), iz);
  const near = f32x4.pmax(f32x4.pmax(f32x4.pmin(ax, bx), f32x4.pmin(ay, by)), f32x4.pmax(f32x4.pmin(az, bz), f32x4.splat(0)));
  const far = f32x4.pmin(f32x4.pmin(f32x4.pmax(ax, bx), f32x4.pmax(ay, by)), f32x4.pmax(az, bz));
  return i32x4.bitmask(f32x4.le(near, far));
}

@inline function lanes4(p: usize): v128 {
  let v = f32x4.splat(<f32>load<f64>(p));
  v = f32x4.replace_lane(v, 1, <f32>load<f64>(p + 8));
  v = f32x4.replace_lane(v, 2, <f32>load<f64>(p + 16));
  v = f32x4.replace_lane(v, 3, <f32>load<f64>(p + 24));
  return v;
}

@inline function inverse(d: f64): f32 {
  const f = <f32>d;
  // A zero component would give ∞ and, on a slab plane, 0·∞ = NaN: use a huge finite slope instead.
  return <f32>1.0 / (f != 0 ? f : <f32>1e-30);
}

@inline function inverse4(p: usize): v128 {
  let v = f32x4.splat(inverse(load<f64>(p)));
  v = f32x4.replace_lane(v, 1, inverse(load<f64>(p + 8)));
  v = f32x4.replace_lane(v, 2, inverse(load<f64>(p + 16)));
  v = f32x4.replace_lane(v, 3, inverse(load<f64>(p + 24)));
  return v;
}

/**
 * Any-hit of the packet's rays in `lanes` (bit mask of lanes 0..3) against the scene, ignoring the
 * triangles owned by module `skip` (−2: none). Returns the mask of lanes whose ray hits a triangle.
 */
export function tracePacket(s: Scene, lanes: i32, skip: i32): i32 {
  const r = changetype<usize>(packet);
  const ox = lanes4(r);
  const oy = lanes4(r + 32);
  const oz = lanes4(r + 64);
  const ix = inverse4(r + 96);
  const iy = inverse4(r + 128);
  const iz = inverse4(r + 160);
  // Near child first by lane 0's direction on the node's split axis.
  const negX = load<f64>(r, 96) < 0.0;
  const negY = load<f64>(r, 128) < 0.0;
  const negZ = load<f64>(r, 160) < 0.0;
  const nodes = changetype<usize>(s.bvh.nodes);
  const tris = changetype<usize>(s.tri);
  const owners = changetype<usize>(s.owner);
  const st = changetype<usize>(stack);
  let sp: i32 = 0;
  let node: i32 = 0;
  let live = lanes;
  let hit: i32 = 0;
  if ((boxMask(nodes, ox, oy, oz, ix, iy, iz) & live) == 0) return 0;
  while (true) {
    const p = nodes + <usize>node * NODE_BYTES;
    const b = load<i32>(p, 28);
    if (b >= 0) {
      let k = load<i32>(p, 24);
      const e = k + b;
      for (; k < e; k++) {
        if (load<i32>(owners + (<usize>k << 2)) == skip) continue;
        const t = tris + <usize>k * (TRI_F64 << 3);
        let m = live;
        while (m != 0) {
          const lane = ctz(m);
          m &= m - 1;
          if (hitTriangle(t, r, <usize>lane)) {
            hit |= 1 << lane;
            live &= ~(1 << lane);
          }
        }
        if (live == 0) return hit;
      }
    } else {
      const a = load<i32>(p, 24);
      const pa = nodes + <usize>a * NODE_BYTES;
      const ma = boxMask(pa, ox, oy, oz, ix, iy, iz) & live;
      const mb = boxMask(pa + NODE_BYTES, ox, oy, oz, ix, iy, iz) & live;
      if (ma != 0 && mb != 0) {
        const axis = -b - 1;
        const neg = axis == 0 ? negX : axis == 1 ? negY : negZ;
        store<i32>(st + (<usize>sp << 2), neg ? a : a + 1);
        sp++;
        node = neg ? a + 1 : a;
        continue;
      }
      if (ma != 0) {
        node = a;
        continue;
      }
      if (mb != 0) {
        node = a + 1;
        continue;
      }
    }
    if (sp == 0) break;
    sp--;
    node = load<i32>(st + (<usize>sp << 2));
  }
  return hit;
}
