// The polygons a layout packs against, in plan: the face inset by its setback and each keep-out grown
// by its own, offset with Clipper2 (Angus Johnson; the clipper2-ts port) — miter joins, so a setback
// line runs parallel to each edge and corners stay sharp (squared off beyond LAYOUT.miterLimit × the
// setback). Also the shadow unions of src/design-rules/winter-shadows.ts.
import { ClipType, Clipper, EndType, FillRule, JoinType, type PathD, type PathsD } from 'clipper2-ts';
import { LAYOUT } from '../model/layout.ts';
import { signedArea } from '../model/plan-geometry.ts';

/** A plan ring [[x, y]], first point not repeated. */
export type Ring = [number, number][];

/** Twice the signed area of a ring (positive counter-clockwise) [m²] (src/model/plan-geometry.ts). */
export function signedArea2(ring: Ring): number {
  return 2 * signedArea(ring);
}

/** The ring without repeated consecutive points (nor a closing repeat); null if fewer than 3 remain. */
export function cleanRing(points: readonly (readonly number[])[]): Ring | null {
  const ring: Ring = [];
  for (const p of points) {
    const last = ring[ring.length - 1];
    if (last === undefined || last[0] !== p[0] || last[1] !== p[1]) ring.push([p[0], p[1]]);
  }
  while (ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]) ring.pop();
  return ring.length >= 3 ? ring : null;
}

export function toPath(ring: readonly (readonly number[])[]): PathD {
  return ring.map(([x, y]) => ({ x, y }));
}

export function fromPaths(paths: PathsD): Ring[] {
  const out: Ring[] = [];
  for (const p of paths) {
    const ring = cleanRing(p.map((q) => [q.x, q.y]));
    if (ring !== null && signedArea2(ring) !== 0) out.push(ring);
  }
  return out;
}

/** Offsets a ring outwards (delta > 0) or inwards (delta < 0) by |delta| [m], miter joins. */
export function offsetRing(ring: Ring, delta: number): Ring[] {
  if (delta === 0) return [ring];
  const ccw = signedArea2(ring) >= 0 ? ring : [...ring].reverse();
  const out = Clipper.inflatePathsD([toPath(ccw)], delta, JoinType.Miter, EndType.Polygon, LAYOUT.miterLimit, LAYOUT.offsetPrecision);
  return fromPaths(out);
}

/** The face's plan outline inset by the setback [m]: zero or more rings (a narrow waist splits it). */
export function insetFace(vertices: readonly (readonly number[])[], setback: number): Ring[] {
  const ring = cleanRing(vertices);
  if (ring === null || signedArea2(ring) === 0) return [];
  return offsetRing(ring, -setback);
}

/** A keep-out grown by its setback [m]. */
export function growKeepout(polygon: readonly (readonly number[])[], setback: number): Ring[] {
  const ring = cleanRing(polygon);
  if (ring === null || signedArea2(ring) === 0) return [];
  return offsetRing(ring, setback);
}

/** A polyline buffered to a band of the given total thickness (butt ends, miter joins) [m]. */
export function bufferPolyline(polyline: readonly (readonly number[])[], thickness: number): Ring[] {
  const out = Clipper.inflatePathsD([toPath(polyline)], thickness / 2, JoinType.Miter, EndType.Butt, LAYOUT.miterLimit, LAYOUT.offsetPrecision);
  return fromPaths(out);
}

/** The union (non-zero fill) of rings: outer rings counter-clockwise, holes clockwise. */
export function unionRings(rings: readonly Ring[]): Ring[] {
  if (rings.length === 0) return [];
  return fromPaths(Clipper.booleanOpD(ClipType.Union, rings.map(toPath), null, FillRule.NonZero, LAYOUT.offsetPrecision));
}
