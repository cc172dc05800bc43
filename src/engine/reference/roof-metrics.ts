// docs/GEOMETRY.md §3–4 — a face's plane by Newell's method: the planarity check, tilt, azimuth, areas.
const DEG = 180 / Math.PI;

/** Below this tilt [°] a face is flat and its azimuth is 180. */
const FLAT_TILT_DEG = 1e-9;

export interface FacePlane {
  /** Centroid of the face's vertices [m]. */
  cx: number;
  cy: number;
  cz: number;
  /** Newell's vector: twice the vector area (upward for a counter-clockwise face) [m²]. */
  nx: number;
  ny: number;
  nz: number;
}

/** Newell's method over the face's vertices taken relative to their centroid. */
export function newellPlane(
  face: readonly number[], px: ArrayLike<number>, py: ArrayLike<number>, z: ArrayLike<number>,
): FacePlane {
  const n = face.length;
  let cx = 0;
  let cy = 0;
  let cz = 0;
  for (const p of face) {
    cx += px[p];
    cy += py[p];
    cz += z[p];
  }
  cx /= n;
  cy /= n;
  cz /= n;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < n; i++) {
    const a = face[i];
    const b = face[(i + 1) % n];
    const ax = px[a] - cx;
    const ay = py[a] - cy;
    const az = z[a] - cz;
    const bx = px[b] - cx;
    const by = py[b] - cy;
    const bz = z[b] - cz;
    nx += ay * bz - az * by;
    ny += az * bx - ax * bz;
    nz += ax * by - ay * bx;
  }
  return { cx, cy, cz, nx, ny, nz };
}

/**
 * NON_PLANAR_FACE test: the face is non-planar when some vertex lies farther from the Newell plane
 * (through the centroid) than planarityRel × the diagonal of the face's 3D bounding box AND the
 * angle atan(distance / plan distance from the centroid) exceeds planarityDeg [°].
 */
export function isPlanar(
  face: readonly number[], px: ArrayLike<number>, py: ArrayLike<number>, z: ArrayLike<number>,
  planarityRel: number, planarityDeg: number,
): boolean {
  const pl = newellPlane(face, px, py, z);
  const len = Math.hypot(pl.nx, pl.ny, pl.nz);
  if (!(len > 0)) return false;
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  for (const p of face) {
    x0 = Math.min(x0, px[p]);
    y0 = Math.min(y0, py[p]);
    z0 = Math.min(z0, z[p]);
    x1 = Math.max(x1, px[p]);
    y1 = Math.max(y1, py[p]);
    z1 = Math.max(z1, z[p]);
  }
  const diagonal = Math.hypot(x1 - x0, y1 - y0, z1 - z0);
  for (const p of face) {
    const dx = px[p] - pl.cx;
    const dy = py[p] - pl.cy;
    const d = Math.abs((dx * pl.nx + dy * pl.ny + (z[p] - pl.cz) * pl.nz) / len);
    if (d > planarityRel * diagonal && Math.atan2(d, Math.hypot(dx, dy)) * DEG > planarityDeg) return false;
  }
  return true;
}

/** [tilt °, azimuth °, area m², planArea m², nx, ny, nz] of a counter-clockwise face (FACE_F64). */
export function faceMetrics(
  face: readonly number[], px: ArrayLike<number>, py: ArrayLike<number>, z: ArrayLike<number>,
): number[] {
  // Faces run counter-clockwise seen from above, so Newell's vector already points up (nz > 0).
  const { nx, ny, nz } = newellPlane(face, px, py, z);
  const len = Math.hypot(nx, ny, nz);
  const tilt = Math.atan2(Math.hypot(nx, ny), nz) * DEG;
  let azimuth = 180;
  if (!(tilt < FLAT_TILT_DEG)) {
    azimuth = Math.atan2(nx, ny) * DEG;
    if (azimuth < 0) azimuth += 360;
    if (azimuth >= 360) azimuth -= 360;
  }
  return [tilt, azimuth, len / 2, nz / 2, nx / len, ny / len, nz / len];
}
