// Planes of roof faces (docs/GEOMETRY.md §3, §4): least-squares plane through known heights, Newell's
// normal, planarity, tilt, azimuth and areas.

import { hypot2, hypot3 } from './jsmath';

const RAD2DEG: f64 = 180.0 / Math.PI;

/** A plane z = z0 + a·(x − x0) + b·(y − y0), from fitPlane. */
export class PlaneFit {
  x0: f64 = 0.0;
  y0: f64 = 0.0;
  z0: f64 = 0.0;
  a: f64 = 0.0;
  b: f64 = 0.0;

  zAt(x: f64, y: f64): f64 {
    return this.z0 + this.a * (x - this.x0) + this.b * (y - this.y0);
  }
}

/**
 * Least-squares plane z(x, y) through the points pts[0 .. n) (all with known z), sums centred on
 * their mean.
 * Returns false when it is singular (det of the plan scatter matrix not > 0).
 */
export function fitPlane(xs: Array<f64>, ys: Array<f64>, zs: StaticArray<f64>, pts: StaticArray<i32>, n: i32, out: PlaneFit): bool {
  if (n < 3 || n > pts.length) return false;
  let mx: f64 = 0.0;
  let my: f64 = 0.0;
  let mz: f64 = 0.0;
  // pts holds vertex indices of the graph (in range of xs, ys, zs).
  for (let k: i32 = 0; k < n; k++) {
    const v = unchecked(pts[k]);
    mx += unchecked(xs[v]);
    my += unchecked(ys[v]);
    mz += unchecked(zs[v]);
  }
  mx /= <f64>n;
  my /= <f64>n;
  mz /= <f64>n;
  let sxx: f64 = 0.0;
  let sxy: f64 = 0.0;
  let syy: f64 = 0.0;
  let sxz: f64 = 0.0;
  let syz: f64 = 0.0;
  for (let k: i32 = 0; k < n; k++) {
    const v = unchecked(pts[k]);
    const dx = unchecked(xs[v]) - mx;
    const dy = unchecked(ys[v]) - my;
    const dz = unchecked(zs[v]) - mz;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
    sxz += dx * dz;
    syz += dy * dz;
  }
  const det = sxx * syy - sxy * sxy;
  if (!(det > 0.0)) return false;
  out.x0 = mx;
  out.y0 = my;
  out.z0 = mz;
  out.a = (sxz * syy - syz * sxy) / det;
  out.b = (syz * sxx - sxz * sxy) / det;
  return true;
}

/** Properties of a face polygon (vertices counter-clockwise in plan). */
export class FaceProps {
  tilt: f64 = 0.0;
  azimuth: f64 = 180.0;
  area: f64 = 0.0;
  planArea: f64 = 0.0;
  nx: f64 = 0.0;
  ny: f64 = 0.0;
  nz: f64 = 1.0;
  planar: bool = true;
}

/**
 * Newell's normal about the centroid (upwards), tilt [°], azimuth [°, compass: 0 north, 90 east;
 * 180 for a flat face, tilt < 1e-9], sloped and plan areas [m²], and planarity.
 *
 * Planarity (docs/GEOMETRY.md §3: "within 0.5° of the fitted plane's tilt and within 1e-4·(face size) in
 * distance"), read as: the fitted plane passes through the vertices' centroid with Newell's normal;
 * face size is the diagonal of the face's 3D bounding box. A vertex at distance d from that plane and
 * at plan distance r from the centroid breaks planarity when BOTH d > planRel·size AND the slope
 * needed to reach it from the centroid, atan(d / r), exceeds planDeg. (Either tolerance alone
 * accepts the vertex: tiny absolute offsets on large faces, or small angular ones far from the
 * centroid.)
 */
export function faceProps(
  xs: Array<f64>,
  ys: Array<f64>,
  zs: StaticArray<f64>,
  verts: Array<i32>,
  from: i32,
  n: i32,
  planRel: f64,
  planDeg: f64,
  out: FaceProps,
): void {
  let cx: f64 = 0.0;
  let cy: f64 = 0.0;
  let cz: f64 = 0.0;
  let x0 = Infinity;
  let y0 = Infinity;
  let z0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let z1 = -Infinity;
  assert(from >= 0 && from + n <= verts.length);
  // (verts holds vertex indices of the graph, in range of xs, ys, zs)
  for (let q = from; q < from + n; q++) {
    const v = unchecked(verts[q]);
    const x = unchecked(xs[v]);
    const y = unchecked(ys[v]);
    const z = unchecked(zs[v]);
    cx += x;
    cy += y;
    cz += z;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    z0 = Math.min(z0, z);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
    z1 = Math.max(z1, z);
  }
  cx /= <f64>n;
  cy /= <f64>n;
  cz /= <f64>n;
  let nx: f64 = 0.0;
  let ny: f64 = 0.0;
  let nz: f64 = 0.0;
  for (let q: i32 = 0; q < n; q++) {
    const i = unchecked(verts[from + q]);
    const j = unchecked(verts[from + ((q + 1) % n)]);
    const xi = unchecked(xs[i]) - cx;
    const yi = unchecked(ys[i]) - cy;
    const zi = unchecked(zs[i]) - cz;
    const xj = unchecked(xs[j]) - cx;
    const yj = unchecked(ys[j]) - cy;
    const zj = unchecked(zs[j]) - cz;
    // Newell's sums as cross products of consecutive centred vertices.
    nx += yi * zj - zi * yj;
    ny += zi * xj - xi * zj;
    nz += xi * yj - yi * xj;
  }
  if (nz < 0.0) {
    nx = -nx;
    ny = -ny;
    nz = -nz;
  }
  const len = hypot3(nx, ny, nz);
  // A face without a normal (no area) is not a plane.
  let planar = len > 0.0;
  out.area = len / 2.0;
  out.planArea = nz / 2.0;
  out.nx = nx / len;
  out.ny = ny / len;
  out.nz = nz / len;
  const tilt = Math.atan2(hypot2(nx, ny), nz) * RAD2DEG;
  out.tilt = tilt;
  if (tilt < 1e-9) {
    out.azimuth = 180.0;
  } else {
    let az = Math.atan2(nx, ny) * RAD2DEG;
    if (az < 0.0) az += 360.0;
    if (az >= 360.0) az -= 360.0;
    out.azimuth = az;
  }
  // Planarity.
  const dTol = planRel * hypot3(x1 - x0, y1 - y0, z1 - z0);
  for (let q = from; q < from + n && planar; q++) {
    const v = unchecked(verts[q]);
    const px = unchecked(xs[v]) - cx;
    const py = unchecked(ys[v]) - cy;
    const d = Math.abs((px * nx + py * ny + (unchecked(zs[v]) - cz) * nz) / len);
    if (d > dTol && Math.atan2(d, hypot2(px, py)) * RAD2DEG > planDeg) planar = false;
  }
  out.planar = planar;
}

/**
 * Areas net of a face's holes (holes.ts rule 4): holesArea2 is twice the holes' summed signed plan
 * area (negative: clockwise rings). planArea loses the holes' footprint, area its projection onto
 * the face's plane (footprint / cos tilt, cos tilt = nz).
 */
export function subtractHoles(out: FaceProps, holesArea2: f64): void {
  const plan = -holesArea2 / 2.0;
  out.area -= plan / out.nz;
  out.planArea -= plan;
}
