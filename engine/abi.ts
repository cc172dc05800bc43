// The engine's binary interface: the one place where the layout of the flat arrays that cross the
// WASM boundary is defined. This file is plain TypeScript that AssemblyScript also compiles, so the
// engine (engine/**) and its host wrapper (src/engine/**) import the very same enums.
//
// Calling convention (zero copy, see TOOLCHAIN.md):
//   host: p = inputF64(n) / inputI32(n)  → writes into new Float64Array(memory.buffer, p, n) etc.
//   host: call the kernel (e.g. roofSolve()) → returns a Status
//   host: outputF64Ptr()/outputF64Len(), outputI32Ptr()/outputI32Len() → views; copy them out before
//         the next call (memory may grow: always re-create views after a call).
//
// ── roofSolve ────────────────────────────────────────────────────────────────────────────────────
// Input F64: [RoofIn.* header (RoofIn.HEADER values), then x, y, z per input point]; z = NaN: unknown.
// Input I32: [nPoints, nOutline, nLines, outline point indices (ring, in drawing order, first not
//             repeated) × nOutline, (a, b) input point indices × nLines]
// Output I32: [RoofOutI32 header (RoofOutI32.HEADER ints), then
//   per output point (POINT_I32 ints): relation (Relation), mergedInto (output point index or -1),
//                                      origin (input point index or -1 for a point the engine created)
//   per output line (LINE_I32 ints):  a, b (output point indices), base input line index,
//                                      sub index (0: not split, else 1..k from the base line's a to b)
//   per face (FACE_I32 ints):          offset into the face-index list, count
//   face-index list:                   output point indices, counter-clockwise seen from above, each
//                                      face starting at its smallest index
//   per error (ERROR_I32 ints):        code (RoofError), offset into the ref list, count of refs
//   ref list:                          (RefKind, index) pairs ]
// Output F64: per output point (POINT_F64): x, y, z (NaN if unknown), heightPercent;
//             per face (FACE_F64): tilt, azimuth, area, planArea, nx, ny, nz.
//
// Canonical order (so that every implementation gives identical arrays):
//   points: every input point, in input order (merged and dropped ones too), then created points
//           sorted by x, then y;
//   lines:  interior lines only (outline edges are implicit), by base input line index, then sub
//           index; lines dropped entirely (zero length, wholly outside the outline) are omitted;
//   faces:  sorted lexicographically by their index lists (each list starting at its smallest index);
//   errors: by code, then by their first ref.
// Only solved faces (all heights known, planar, not degenerate) are output; failing faces appear in
// errors with their points as refs.

/** Status returned by every kernel. */
export enum Status {
  OK = 0,
  /** Solved with errors (engine-level failures listed in the output; not a crash). */
  FAILED = 1,
  /** The input arrays are malformed (wrong counts, indices out of range). */
  BAD_INPUT = 2,
}

/** Header of roofSolve's F64 input: tolerances are host-supplied from src/model/constants.ts. */
export enum RoofIn {
  EAVE_HEIGHT = 0,
  /** Snap/merge distance [m] (1e-4). */
  MERGE_TOL = 1,
  /** Intersection epsilon [m] (1e-10). */
  INTERSECT_EPS = 2,
  /** Degenerate line length [m] (1e-12). */
  DEGENERATE_LEN = 3,
  /** Planarity tolerance [°] (0.5). */
  PLANARITY_DEG = 4,
  /** Relative planarity distance tolerance (1e-4 × face size). */
  PLANARITY_REL = 5,
  /** Degenerate face area [m²] (1e-4). */
  DEGENERATE_AREA = 6,
  /** Cap on output points + lines; beyond it the solve fails with TOO_MANY. */
  MAX_ENTITIES = 7,
  HEADER = 8,
}

export enum RoofOutI32 {
  STATUS = 0,
  N_POINTS = 1,
  N_LINES = 2,
  N_FACES = 3,
  N_FACE_INDICES = 4,
  N_ERRORS = 5,
  N_REFS = 6,
  HEADER = 7,
}

export enum Stride {
  POINT_I32 = 3,
  LINE_I32 = 4,
  FACE_I32 = 2,
  ERROR_I32 = 3,
  REF_I32 = 2,
  POINT_F64 = 4,
  FACE_F64 = 7,
}

/** GEOMETRY.md §1: how a point came to be. */
export enum Relation {
  OUTER = 0,
  LINK = 1,
  INTERLINE = 2,
  INTERPOINT1 = 3,
  INTERPOINT2 = 4,
  INTERPOINT3 = 5,
  INTERPOINT_ = 6,
}

export enum RoofError {
  SELF_INTERSECTING_OUTLINE = 1,
  DANGLING_LINE = 2,
  UNKNOWN_HEIGHT = 3,
  NON_PLANAR_FACE = 4,
  DEGENERATE_FACE = 5,
  TOO_MANY = 6,
}

/** What an error ref's index points at. */
export enum RefKind {
  /** An output point index. */
  POINT = 0,
  /** An input line index. */
  LINE = 1,
  /** An input outline position (edge from outline[i] to outline[i+1]). */
  OUTLINE_EDGE = 2,
}

// ── autoRoof ─────────────────────────────────────────────────────────────────────────────────────
// Input F64: [AutoIn header, then x, y per outline vertex]
// Input I32: [nOutline]
// Output F64: [x, y, z per generated point]  (the first nOutline points are the outline vertices,
//             in input order, with their z; then generated interior points / points on the outline)
// Output I32: [nPoints, nLines, nOutline', outline ring as point indices × nOutline',
//              (a, b) × nLines]
// The output is exactly a roofSolve input (points with explicit z, outline ring, interior lines).
// A gable inserts the points where its ridge meets the outline into the ring (nOutline' > n): they
// reach roofSolve as OUTER points, so a caller substituting the generated points drops `outerLines`.
// A hip over an outline the skeleton cannot complete returns FAILED with what was computed.
export enum AutoIn {
  TYPE = 0,
  /** Roof pitch [°]. */
  PITCH = 1,
  /** Ridge azimuth [°] clockwise from north; NaN: the longer axis (gable) / 180 (shed). */
  RIDGE_AZIMUTH = 2,
  EAVE_HEIGHT = 3,
  HEADER = 4,
}

export enum AutoType {
  HIP = 0,
  GABLE = 1,
  SHED = 2,
  FLAT = 3,
}

// ── skeleton ─────────────────────────────────────────────────────────────────────────────────────
// Input F64: [x, y per outline vertex] (simple polygon, either orientation)
// Input I32: [nOutline]
// Output F64: [x, y, t per skeleton node] — the first nOutline nodes are the outline vertices (t 0),
//             in input order; t is the wavefront time (the plan distance to the outline edges).
// Output I32: [nNodes, nArcs, (a, b) × nArcs, then per outline edge i (from vertex i to i+1) the
//              face ring: count, node indices (counter-clockwise)]
// Canonical order: nodes — the outline vertices in input order (t 0), then the skeleton nodes sorted
// by t, ties (|Δ| ≤ 1e-9 × outline size) by x, then y; skeleton nodes closer than that are one node.
// Arcs — (a, b) with a < b, sorted by a then b; no outline edges, no duplicates. Faces — per input
// edge i, counter-clockwise, starting with the edge's vertices in counter-clockwise order (i, i+1 for
// a counter-clockwise outline; i+1, i for a clockwise one), then the skeleton nodes. Consecutive
// collinear (or repeated) outline edges share one face, reported at the run's first edge with all the
// run's outline vertices; the run's other edges get an empty ring (count 0).
