// The horizon profile of a site (far shading: mountains, distant buildings), as the headless contract
// carries it: `horizon: [[azimuth, elevation], …]` — the elevation of the horizon line [°] above the
// astronomical horizon, by compass azimuth [°, clockwise from north, 90 east, 180 south]. Points in
// any order; the profile is periodic in azimuth and linear between points (src/physics/horizon.ts),
// so 0 and 360 name the same direction. Elevations below 0 (a site above its surroundings) are kept
// for the beam test and count as 0 for the sky diffuse.
import { z } from 'zod';

/** The most points a profile may have: one per 0.1° of azimuth. */
export const HORIZON_MAX_POINTS = 3600;
/** The fewest points a profile may have. */
export const HORIZON_MIN_POINTS = 2;
/** Lowest horizon elevation accepted [°] (a site on a summit looks down on its horizon). */
export const HORIZON_MIN_ELEVATION = -10;
/** Highest horizon elevation accepted [°]. */
export const HORIZON_MAX_ELEVATION = 90;

/** One point of a profile: compass azimuth [°] in 0…360, horizon elevation [°] in −10…90. */
export type HorizonPoint = readonly [azimuth: number, elevation: number];
/** A horizon profile: at least two points, in any order. */
export type HorizonProfile = readonly HorizonPoint[];

/** "point 3" from an issue's path (…, 3, 0) — the index of the pair the issue is in. */
function pointOf(issue: { path?: PropertyKey[] }): string {
  const path = issue.path ?? [];
  const index = path[path.length - 2];
  return typeof index === 'number' ? `point ${index}` : 'point';
}

const azimuthSchema = z
  .number({ error: (iss) => `${pointOf(iss)}: azimuth must be a finite number [°]` })
  .min(0, { error: (iss) => `${pointOf(iss)}: azimuth must be between 0 and 360 [°]` })
  .max(360, { error: (iss) => `${pointOf(iss)}: azimuth must be between 0 and 360 [°]` });

const elevationRange = `between ${HORIZON_MIN_ELEVATION} and ${HORIZON_MAX_ELEVATION} [°]`;
const elevationSchema = z
  .number({ error: (iss) => `${pointOf(iss)}: elevation must be a finite number [°]` })
  .min(HORIZON_MIN_ELEVATION, { error: (iss) => `${pointOf(iss)}: elevation must be ${elevationRange}` })
  .max(HORIZON_MAX_ELEVATION, { error: (iss) => `${pointOf(iss)}: elevation must be ${elevationRange}` });

/** One [azimuth, elevation] pair. */
export const horizonPointSchema = z.tuple([azimuthSchema, elevationSchema], {
  error: (iss) => {
    const path = iss.path ?? [];
    const index = path[path.length - 1];
    return `${typeof index === 'number' ? `point ${index}` : 'point'}: expected a pair [azimuth, elevation] of numbers [°]`;
  },
});

/** A horizon profile: 2–3600 pairs [azimuth, elevation], azimuth clockwise from north. */
export const horizonProfileSchema = z
  .array(horizonPointSchema, { error: () => 'expected an array of [azimuth, elevation] pairs [°]' })
  .min(HORIZON_MIN_POINTS, `needs at least ${HORIZON_MIN_POINTS} points [azimuth, elevation]`)
  .max(HORIZON_MAX_POINTS, `has more than ${HORIZON_MAX_POINTS} points`);

export type HorizonProfileInput = z.input<typeof horizonProfileSchema>;
