// Decoding and validation of roofSolve's flat input arrays (engine/abi.ts, "roofSolve").
import { RoofIn } from '../../../engine/abi.ts';

/** roofSolve's input, decoded. Coordinates in plan metres; z NaN when unknown. */
export interface RoofInputData {
  /** z of outline vertices without their own z [m]. */
  eave: number;
  /** Snap / T-junction / crossing merge distance [m]. */
  mergeTol: number;
  /** Intersection epsilon [m]: segments spreading less than this across each other are parallel. */
  intersectEps: number;
  /** Lines shorter than this are dropped [m]. */
  degenerateLen: number;
  /** Planarity angle tolerance [°]. */
  planarityDeg: number;
  /** Planarity distance tolerance relative to the face's 3D bounding-box diagonal [–]. */
  planarityRel: number;
  /** Faces of smaller plan area are degenerate [m²]. */
  degenerateArea: number;
  /** Cap on output points + lines. */
  maxEntities: number;
  nPoints: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  /** Outline ring as input point indices (first not repeated); empty in split mode. */
  outline: Int32Array;
  /** Interior lines as (a, b) input point index pairs. */
  lines: Int32Array;
}

/**
 * Decodes the input; null when the arrays are malformed (Status.BAD_INPUT): arrays shorter than
 * their counts say, negative counts, an outline of 1 or 2 points, indices out of range, non-finite
 * x/y, an infinite z, or a non-finite header value. Trailing extra values are ignored.
 */
export function decodeRoofInput(f64: Float64Array, i32: Int32Array): RoofInputData | null {
  if (i32.length < 3 || f64.length < RoofIn.HEADER) return null;
  const nPoints = i32[0];
  const nOutline = i32[1];
  const nLines = i32[2];
  if (nPoints < 0 || nOutline < 0 || nLines < 0) return null;
  if (nOutline > 0 && nOutline < 3) return null;
  if (i32.length < 3 + nOutline + 2 * nLines) return null;
  if (f64.length < RoofIn.HEADER + 3 * nPoints) return null;
  for (let h = 0; h < RoofIn.HEADER; h++) if (!Number.isFinite(f64[h])) return null;

  const x = new Float64Array(nPoints);
  const y = new Float64Array(nPoints);
  const z = new Float64Array(nPoints);
  for (let i = 0; i < nPoints; i++) {
    const o = RoofIn.HEADER + 3 * i;
    x[i] = f64[o];
    y[i] = f64[o + 1];
    z[i] = f64[o + 2];
    if (!Number.isFinite(x[i]) || !Number.isFinite(y[i])) return null;
    if (!Number.isNaN(z[i]) && !Number.isFinite(z[i])) return null;
  }
  const outline = i32.slice(3, 3 + nOutline);
  const lines = i32.slice(3 + nOutline, 3 + nOutline + 2 * nLines);
  for (const v of outline) if (v < 0 || v >= nPoints) return null;
  for (const v of lines) if (v < 0 || v >= nPoints) return null;

  return {
    eave: f64[RoofIn.EAVE_HEIGHT],
    mergeTol: f64[RoofIn.MERGE_TOL],
    intersectEps: f64[RoofIn.INTERSECT_EPS],
    degenerateLen: f64[RoofIn.DEGENERATE_LEN],
    planarityDeg: f64[RoofIn.PLANARITY_DEG],
    planarityRel: f64[RoofIn.PLANARITY_REL],
    degenerateArea: f64[RoofIn.DEGENERATE_AREA],
    maxEntities: f64[RoofIn.MAX_ENTITIES],
    nPoints,
    x,
    y,
    z,
    outline,
    lines,
  };
}
