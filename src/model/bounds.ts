// The ranges of plan geometry every schema shares (issue 19): a number can be finite and still
// overflow downstream (an obstacle 1e308 m high gives Infinity in the first product), so plan
// coordinates, heights and sizes are bounded where they are read — the engine's commands, the compute
// calls and the design documents. The bounds are far beyond any real site.
import { z } from 'zod';

export const PLAN_BOUNDS = {
  /** |x| and |y| of plan coordinates [m]: 10,000 km, room for projected (UTM) coordinates too. */
  coordinate: 1e7,
  /** |z|, heights and base heights [m]: above any mountain or structure. */
  height: 1e4,
  /** Sizes: widths, depths, radii, thicknesses, lengths, setbacks, gaps [m]. */
  size: 1e5,
} as const;

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/** A plan coordinate x or y [m]. */
export const planCoordinate = finite.min(-PLAN_BOUNDS.coordinate).max(PLAN_BOUNDS.coordinate);
/** A height z or a base height [m]. */
export const planHeight = finite.min(-PLAN_BOUNDS.height).max(PLAN_BOUNDS.height);
/** A positive height [m]. */
export const positiveHeight = finite.positive().max(PLAN_BOUNDS.height);
/** A positive size [m]. */
export const positiveSize = finite.positive().max(PLAN_BOUNDS.size);
/** A size that may be 0 (setbacks, gaps, spacings) [m]. */
export const nonNegativeSize = finite.min(0).max(PLAN_BOUNDS.size);
/** A plan point [x, y] [m]. */
export const planXY = z.tuple([planCoordinate, planCoordinate]);
/** A point [x, y, z] [m]. */
export const planXYZ = z.tuple([planCoordinate, planCoordinate, planHeight]);
