// Helpers of the skeleton and automatic-roof tests: kernel runners, decoding, geometric checks.
import { skeletonOf } from '../../../src/engine/auto.ts';
import { autoRoofRef } from '../../../src/engine/reference/auto.ts';
import { skeletonRef } from '../../../src/engine/reference/skeleton.ts';
import type { SkeletonOutput } from '../../../src/engine/types.ts';
import { loadEngineNode, type KernelName, type KernelResult, type KernelRunner } from '../../../src/engine/wasm.ts';

export type Pt = [number, number];


/** The TypeScript reference kernels as a runner. */
export const reference: KernelRunner = {
  run(kernel: KernelName, f64: Float64Array, i32: Int32Array): KernelResult {
    if (kernel === 'skeleton') return skeletonRef(f64, i32);
    if (kernel === 'autoRoof') return autoRoofRef(f64, i32);
    throw new Error(`no reference for ${kernel} here`);
  },
};

/** The wasm engine (debug build: assertions on; tests/global-setup.ts builds it). */
export async function debugEngine(): Promise<KernelRunner> {
  return loadEngineNode('debug');
}

export function skeletonWith(runner: KernelRunner, outline: Pt[]): SkeletonOutput & { status: number } {
  const f64 = Float64Array.from(outline.flat());
  const status = runner.run('skeleton', f64, Int32Array.from([outline.length])).status;
  return { ...skeletonOf(runner, outline), status };
}

/** Signed area of a polygon (positive counter-clockwise). */
export function area(p: Pt[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    const [x1, y1] = p[i];
    const [x2, y2] = p[(i + 1) % p.length];
    s += x1 * y2 - x2 * y1;
  }
  return s / 2;
}

/** Plan size of an outline (largest bounding-box side). */
export function sizeOf(p: Pt[]): number {
  const xs = p.map((q) => q[0]);
  const ys = p.map((q) => q[1]);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

/** Face rings as plan polygons. */
export function facePolygons(s: SkeletonOutput): Pt[][] {
  return s.faces.map((f) => f.map((k) => [s.nodes[k][0], s.nodes[k][1]] as Pt));
}

/** Distance from (x, y) to the line through a and b. */
export function lineDistance(x: number, y: number, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  return Math.abs((x - a[0]) * dy - (y - a[1]) * dx) / Math.hypot(dx, dy);
}

/** Distance from (x, y) to the segment ab. */
export function segmentDistance(x: number, y: number, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / l2)) : 0;
  return Math.hypot(a[0] + t * dx - x, a[1] + t * dy - y);
}

/** Even–odd point in polygon. */
export function inside(p: Pt[], x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    const [xi, yi] = p[i];
    const [xj, yj] = p[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

/** Tilt [°] of the plane through 3D points (Newell's normal). */
export function tiltOf(pts: [number, number, number][]): number {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x1, y1, z1] = pts[i];
    const [x2, y2, z2] = pts[(i + 1) % pts.length];
    nx += (y1 - y2) * (z1 + z2);
    ny += (z1 - z2) * (x1 + x2);
    nz += (x1 - x2) * (y1 + y2);
  }
  return (Math.acos(Math.abs(nz) / Math.hypot(nx, ny, nz)) * 180) / Math.PI;
}

/** 3D area of a planar polygon (half the length of Newell's normal). */
export function area3d(pts: [number, number, number][]): number {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x1, y1, z1] = pts[i];
    const [x2, y2, z2] = pts[(i + 1) % pts.length];
    nx += (y1 - y2) * (z1 + z2);
    ny += (z1 - z2) * (x1 + x2);
    nz += (x1 - x2) * (y1 + y2);
  }
  return Math.hypot(nx, ny, nz) / 2;
}

/**
 * The skeleton's defining properties: status OK, faces tile the polygon (areas sum to its area),
 * every skeleton node strictly inside, every node's t its distance to its face's edge line. Returns
 * a list of violations (empty when all hold).
 */
export function skeletonViolations(outline: Pt[], s: SkeletonOutput & { status: number }): string[] {
  const out: string[] = [];
  const n = outline.length;
  const size = sizeOf(outline);
  const A = Math.abs(area(outline));
  if (s.status !== 0) out.push(`status ${s.status}`);
  let sum = 0;
  facePolygons(s).forEach((f, i) => {
    if (f.length === 0) return;
    const a = area(f);
    if (a < -1e-9 * A) out.push(`face ${i} is clockwise (${a})`);
    sum += a;
    const e0 = outline[i];
    const e1 = outline[(i + 1) % n];
    for (const k of s.faces[i]) {
      if (k < n) continue;
      const [x, y, t] = s.nodes[k];
      const d = lineDistance(x, y, e0, e1);
      if (Math.abs(d - t) > 1e-9 * size) out.push(`node ${k} t ${t} but ${d} from edge ${i}`);
    }
  });
  if (Math.abs(sum - A) > 1e-9 * A) out.push(`faces sum to ${sum}, polygon ${A}`);
  for (let k = n; k < s.nodes.length; k++) {
    const [x, y] = s.nodes[k];
    let d = Infinity;
    for (let i = 0; i < n; i++) d = Math.min(d, segmentDistance(x, y, outline[i], outline[(i + 1) % n]));
    if (!inside(outline, x, y) || d < 1e-9 * size) out.push(`node ${k} (${x}, ${y}) not inside`);
  }
  return out;
}
