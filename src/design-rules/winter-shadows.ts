// Shadows on the winter solstice at 09:00, 12:00 and 15:00 true solar time, as plan polygons for the
// editor to draw over a layout: where the obstacles (docs/ENGINE-API.md "shade" scene: box, cylinder, prism,
// parapet) and the module rows throw shade during the GB 50797 window (row-spacing.ts).
//
// An obstacle is a vertical prism over its footprint from baseZ to baseZ + height. Its shadow on the
// plane z = baseZ is the footprint swept along the sun's plan offset −height·(sx, sy)/sz: the union of
// the footprint, the footprint moved by the offset and, for each footprint edge, the parallelogram
// the edge sweeps — exact for any footprint, convex or not. A module (a planar quad) throws the quad
// of its corners projected along the sun onto the plane through its lowest corner. Modules side by
// side in a row (same plane, same front line, gaps up to STRIP_GAP) are first merged into one strip,
// so that a whole layout's shadows cost a few polygons rather than one per module; the shadows of one
// time are then unioned (Clipper2).
//
// A design rule (src/design-rules): it uses the engine wrapper's plan-polygon helpers (obstacle
// footprints, Clipper2 offsets and unions — pure TypeScript, no wasm), while the engine's layout uses
// row-spacing.ts for its default pitch — no import cycle: row-spacing.ts imports src/model only.
import { signedArea } from '../model/plan-geometry.ts';
import { obstacleSchema } from '../model/shade.ts';
import { obstacleFootprint } from '../engine/obstacle-footprint.ts';
import { cleanRing, unionRings, type Ring } from '../engine/layout-regions.ts';
import { sunAngles, sunVector, winterDeclination } from './row-spacing.ts';
import type { z } from 'zod';

/** The three display times: label and hour angle [°]. */
export const WINTER_TIMES = [
  { label: '09:00', hourAngle: -45 },
  { label: '12:00', hourAngle: 0 },
  { label: '15:00', hourAngle: 45 },
] as const;

export interface WinterShadowsInput {
  /** Site latitude [°] north positive. */
  latitude: number;
  obstacles?: z.input<typeof obstacleSchema>[];
  /** Modules by their corners (the layout command's output fits). */
  modules?: { corners: readonly (readonly number[])[] }[];
}

export interface WinterShadow {
  /** True solar time. */
  label: string;
  /** [°] afternoon positive. */
  hourAngle: number;
  /** Sun elevation [°] and compass azimuth [°]. */
  elevation: number;
  azimuth: number;
  /** false: the sun is below the horizon (no shadows drawn). */
  sunUp: boolean;
  /** The union of every shadow, plan rings: outer counter-clockwise, holes clockwise. */
  shadows: Ring[];
}

/** Modules of a row closer than this along the row are drawn as one strip (gaps shaded over) [m]. */
export const STRIP_GAP = 0.05;

type V3 = [number, number, number];

/**
 * Merges modules lying side by side into strips: same direction along the row, same front line, same
 * back-edge offset (to 1e-6 m), neighbours along the row at most STRIP_GAP apart. Each strip is a
 * quad (corner order as a module's).
 */
export function moduleStrips(modules: readonly { corners: readonly (readonly number[])[] }[]): V3[][] {
  const groups = new Map<string, { t0: number; t1: number; a: V3; b: V3; back: V3 }[]>();
  const r6 = (x: number) => Math.round(x * 1e6);
  for (const m of modules) {
    const [a, b, , d] = m.corners.map((c): V3 => [c[0], c[1], c[2]]);
    const len = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    if (!(len > 0)) continue;
    const e: V3 = [(b[0] - a[0]) / len, (b[1] - a[1]) / len, (b[2] - a[2]) / len];
    const back: V3 = [d[0] - a[0], d[1] - a[1], d[2] - a[2]];
    const t0 = a[0] * e[0] + a[1] * e[1] + a[2] * e[2];
    // The front line: the foot of the origin's perpendicular onto it.
    const foot = [a[0] - t0 * e[0], a[1] - t0 * e[1], a[2] - t0 * e[2]];
    const key = [...e, ...foot, ...back].map(r6).join(',');
    const list = groups.get(key) ?? [];
    list.push({ t0, t1: t0 + len, a, b, back });
    groups.set(key, list);
  }
  const strips: V3[][] = [];
  const quad = (a: V3, b: V3, back: V3): V3[] => [a, b, [b[0] + back[0], b[1] + back[1], b[2] + back[2]], [a[0] + back[0], a[1] + back[1], a[2] + back[2]]];
  for (const list of groups.values()) {
    list.sort((p, q) => p.t0 - q.t0);
    let run = list[0];
    for (let k = 1; k <= list.length; k++) {
      const next = list[k];
      if (next !== undefined && next.t0 - run.t1 <= STRIP_GAP) {
        if (next.t1 > run.t1) run = { ...run, t1: next.t1, b: next.b };
        continue;
      }
      strips.push(quad(run.a, run.b, run.back));
      run = next;
    }
  }
  return strips;
}

/** The shadow of a vertical prism over `ring` with plan offset (dx, dy) of its top's shadow. */
function sweep(ring: Ring, dx: number, dy: number): Ring[] {
  const out: Ring[] = [ring, ring.map(([x, y]): [number, number] => [x + dx, y + dy])];
  for (let i = 0, n = ring.length; i < n; i++) {
    const [ax, ay] = ring[i];
    const [bx, by] = ring[(i + 1) % n];
    out.push([
      [ax, ay],
      [bx, by],
      [bx + dx, by + dy],
      [ax + dx, ay + dy],
    ]);
  }
  // Every piece counter-clockwise, so that the non-zero union adds them (degenerate ones drop out).
  return out.map((r) => (signedArea(r) >= 0 ? r : [...r].reverse()));
}

/**
 * Shadow polygons on the winter solstice at 09:00, 12:00 and 15:00 true solar time.
 * Throws a zod error for an obstacle its schema rejects.
 */
export function winterShadows(input: WinterShadowsInput): WinterShadow[] {
  const obstacles = (input.obstacles ?? []).map((o) => obstacleSchema.parse(o));
  const delta = winterDeclination(input.latitude);
  const strips = moduleStrips(input.modules ?? []);
  return WINTER_TIMES.map(({ label, hourAngle }) => {
    const s = sunVector(input.latitude, delta, hourAngle);
    const { elevation, azimuth } = sunAngles(s);
    if (!(s[2] > 0)) return { label, hourAngle, elevation, azimuth, sunUp: false, shadows: [] };
    // Plan offset of the shadow of a point 1 m above the plane it falls on.
    const kx = -s[0] / s[2];
    const ky = -s[1] / s[2];
    const pieces: Ring[] = [];
    for (const o of obstacles) {
      for (const ring of obstacleFootprint(o)) pieces.push(...sweep(ring, kx * o.height, ky * o.height));
    }
    for (const corners of strips) {
      const base = Math.min(...corners.map((c) => c[2]));
      const quad = corners.map(([x, y, z]): [number, number] => [x + kx * (z - base), y + ky * (z - base)]);
      const ring = cleanRing(quad);
      if (ring !== null && signedArea(ring) !== 0) pieces.push(signedArea(ring) > 0 ? ring : ring.reverse());
    }
    return { label, hourAngle, elevation, azimuth, sunUp: true, shadows: unionRings(pieces) };
  });
}
