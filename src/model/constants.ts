// Constants from the specs (spec 000 §9, docs/GEOMETRY.md §6): the one place they are written.
// The engine receives the geometry tolerances from here (host-supplied), the UI and tests import them.

export const GEOMETRY = {
  /** Drawn angles snap to multiples of this [°]. */
  angleSnapDeg: 2,
  /** A face is planar when its points are within this of the fitted plane's tilt [°]. */
  planarityDeg: 0.5,
  /** Relative distance tolerance of planarity: 1e-4 × face size. */
  planarityRel: 1e-4,
  /** Lines shorter than this are degenerate and dropped [m]. */
  degenerateLength: 1e-12,
  /** Pointer snapping distance on the drawing [px]. */
  pixelSnap: 1,
  /** Intersection arithmetic epsilon [m]. */
  intersectionEps: 1e-10,
  /** Points closer than this are merged [m]. */
  mergeTolerance: 1e-4,
  /** Faces of smaller area are degenerate [m²]. */
  degenerateArea: 1e-4,
  /** Drawn lines shorter than this are filtered [px]. */
  minDrawnLinePx: 20,
  /** The engine's cap of entities (points + lines) in one call; beyond it: TOO_MANY. */
  maxEntities: 4_000_000,
} as const;

export const CANVAS = {
  outputWidth: 1200,
  outputHeight: 1200,
  /** Default image compression quality. */
  compressionQuality: 0.05,
} as const;

/** Default box info of a face (spec 000 §9). */
export const BOX_INFO_DEFAULT = { width: 10, height: 20, scale: -30, gapX: 3, gapY: 3 } as const;

export const HISTORY = {
  /** More snapshots than this trigger pruning… */
  pruneAbove: 30,
  /** …down to the last this many. */
  keepLast: 20,
  /** The undo/redo option list holds at most this many entries. */
  maxUndoRedo: 20,
} as const;

export const IDS = {
  /** Generated ids: this many random letters followed by a timestamp. */
  randomLetters: 16,
} as const;

/** Error message raised when ids cannot be generated (too many entities). */
export const TOO_MANY_MESSAGE = '数量过多，无法计算';
