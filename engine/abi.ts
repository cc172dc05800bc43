// The engine's binary interface: the one place where the layout of the flat arrays that cross the
// WASM boundary is defined. This file is plain TypeScript that AssemblyScript also compiles, so the
// engine (engine/**) and its host wrapper (src/engine/**) import the very same enums.
//
// Calling convention (zero copy, see docs/ARCHITECTURE.md):
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
//   ref list:                          (RefKind, index) pairs
//   per hole (HOLE_I32 ints):          output face index, offset into the hole-index list, count
//   hole-index list:                   output point indices, clockwise seen from above, each hole
//                                      starting at its smallest index ]
// Holes are the outer boundaries of islands: parts of the drawing touching neither the outline nor
// any line connected to it (a dormer, a skylight frame), given to the innermost face around them
// (rules in engine/geometry/holes.ts). A face's area and planArea are net of its holes; its tilt,
// azimuth and normal are those of its outer ring.
// Output F64: per output point (POINT_F64): x, y, z (NaN if unknown), heightPercent;
//             per face (FACE_F64): tilt, azimuth, area, planArea, nx, ny, nz.
//
// Canonical order (so that every implementation gives identical arrays):
//   points: every input point, in input order (merged and dropped ones too), then created points
//           sorted by x, then y;
//   lines:  interior lines only (outline edges are implicit), by base input line index, then sub
//           index; lines dropped entirely (zero length, wholly outside the outline) are omitted;
//   faces:  sorted lexicographically by their index lists (each list starting at its smallest index);
//   errors: by code, then by their first ref;
//   holes:  by face, then lexicographically by their index lists.
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
  N_HOLES = 7,
  N_HOLE_INDICES = 8,
  HEADER = 9,
}

export enum Stride {
  POINT_I32 = 3,
  LINE_I32 = 4,
  FACE_I32 = 2,
  ERROR_I32 = 3,
  REF_I32 = 2,
  HOLE_I32 = 3,
  POINT_F64 = 4,
  FACE_F64 = 7,
}

/** docs/GEOMETRY.md §1: how a point came to be. */
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

// ── shading: shadeBuild, shadeRun, shadeRays, shadeFree (docs/ENGINE-API.md "shade") ─────────────────────
// A shading scene lives in the engine between calls, under a handle (several may coexist: one per
// job); every worker of a pool builds its own from the same arrays.
//
// shadeBuild — triangles + modules + sun steps + sky directions → a scene with its BVH.
// Input I32: [ShadeInI32 header]
// Input F64: [ShadeIn header,
//             scene triangles × N_TRIANGLES (9: x1 y1 z1 x2 y2 z2 x3 y3 z3),
//             module corners × N_MODULES (12: x y z of corners 0..3; corners[0]→[1] is the sample
//             grid's x, [0]→[3] its y; each module is also the triangles (0,1,2), (0,2,3)),
//             sun steps × N_STEPS (SUN_F64: unit vector dx dy dz (x east, y north, z up), azimuth [°],
//             elevation [°]; the angles are used by table interpolation only),
//             sky directions × N_SKY (3: unit vector in the module frame: along corners 0→1, across,
//             along the normal; equal weights — a cosine-weighted set)]
// Output I32: [handle, BVH node count, BVH depth]
//
// shadeRun — the shading of modules [START, END) of a scene.
// Input I32: [ShadeRunI32 header]
// Input F64: table mode (TABLE_AZ > 0): [elevation nodes [°] × TABLE_EL (increasing),
//             grid directions (dx dy dz) × TABLE_AZ × TABLE_EL, azimuth-major: azimuth k·360/TABLE_AZ]
// Output F64: per module (ShadeStride.SHADE_MODULE_F64): Σ fₜ·cosθₜ, Σ cosθₜ, diffuse (sky) shading;
//             then with ShadeFlag.PER_STEP the shaded fraction fₜ per module per step (module-major,
//             0 for steps not counted)
// Output I32: per module (ShadeStride.SHADE_MODULE_I32): shaded steps, counted steps, beam rays, sky
//             rays (rays answered: samples × counted steps or table directions, samples × sky
//             directions above the horizon; many are answered by the sample's horizon bound, no traversal)
// A module's own two triangles never shade its samples; a step counts when the sun is above the
// horizon (dz > 0) and in front of the module (normal · sun > 0). The normal is
// (c2 − c0) × (c3 − c1), normalised, turned upwards (nz ≥ 0).
//
// shadeRays — any-hit of arbitrary rays against a scene (benchmarks and tests); module triangles
// count like any other.
// Input I32: [handle]; Input F64: [ox oy oz dx dy dz] × n; Output I32: [hit (0/1) per ray]
//
// shadeFree — Input I32: [handle]. Frees the scene.
export enum ShadeIn {
  /** Lift of the sample points along the module normal [m] (0.001). */
  LIFT = 0,
  HEADER = 1,
}

export enum ShadeInI32 {
  N_TRIANGLES = 0,
  N_MODULES = 1,
  N_STEPS = 2,
  N_SKY = 3,
  SAMPLES_X = 4,
  SAMPLES_Y = 5,
  HEADER = 6,
}

export enum ShadeRunI32 {
  HANDLE = 0,
  START = 1,
  END = 2,
  FLAGS = 3,
  /** Azimuths of the shading table (0: exact per-step ray casts). */
  TABLE_AZ = 4,
  /** Elevation nodes of the shading table. */
  TABLE_EL = 5,
  HEADER = 6,
}

export enum ShadeFlag {
  PER_STEP = 1,
  DIFFUSE = 2,
}

export enum ShadeStride {
  TRIANGLE_F64 = 9,
  MODULE_F64 = 12,
  SUN_F64 = 5,
  SKY_F64 = 3,
  RAY_F64 = 6,
  SHADE_MODULE_F64 = 3,
  SHADE_MODULE_I32 = 4,
}

// ── layout: module packing on one roof face (docs/ENGINE-API.md "layout"; host src/engine/layout*.ts) ────
// Input F64: [LayoutIn header, then x, y per polygon vertex, polygon after polygon (plan metres)]
// Input I32: [nPolygons, then (PolygonKind, vertex count ≥ 3) per polygon]
// Polygons are rings in either orientation, first vertex not repeated. REGION polygons together are
// the allowed area (even–odd: inside an odd number of them); every KEEPOUT polygon is forbidden on its
// own (inside = odd crossings of that polygon). The host has already inset the face by its setback
// and grown each keep-out by its own.
// Frame: u = x·UX + y·UY along a row (left → right seen from the front), v = x·VX + y·VY up the array
// (front → back), plan metres. Candidates form a grid of footprints [u, u + WIDTH] × [v, v + DEPTH]
// with u = u0 + c·PITCH_U (0 ≤ c < nCols), v = v0 + r·PITCH_V (0 ≤ r < nRows). From the REGION
// vertices' ranges [umin, umax], [vmin, vmax]:
//   nCols = floor((umax − umin − WIDTH + EPS) / PITCH_U) + 1, or 0 when umax − umin − WIDTH + EPS < 0
//   u0 = umin (Align.START) | umax − WIDTH − (nCols − 1)·PITCH_U (END)
//      | umin + (umax − umin − WIDTH − (nCols − 1)·PITCH_U)·0.5 (CENTER); rows alike with v, DEPTH.
// A candidate is placed when no polygon edge meets its footprint shrunk by EPS on every side — an
// edge clipped to the closed band [v + EPS, v + DEPTH − EPS] spans [a, b] in u (clamped to the
// edge's own u range) and blocks the candidate when a < u + WIDTH − EPS and b > u + EPS — and its
// centre (u + WIDTH·0.5, v + DEPTH·0.5) lies in the allowed area. Each placed footprint (a column of
// the rack) holds PER_COLUMN modules. MAX_MODULES ≥ 0 caps the modules: columns are filled in packing
// order — rows front → back (back → front for ALIGN_Y END), columns left → right (right → left for
// ALIGN_X END) — and the column where the cap bites is filled partly; LIMIT_REACHED is 1 when a
// placeable column got fewer than PER_COLUMN modules. More than MAX_CANDIDATES grid positions:
// Status.FAILED with only the header (N_ROWS, N_COLS set).
// Output I32: [LayoutOutI32 header, then (row r, column c, modules) per column holding ≥ 1 module,
//             sorted by r, then c]
// Output F64: [u0, v0]
export enum LayoutIn {
  UX = 0,
  UY = 1,
  VX = 2,
  VY = 3,
  /** Footprint width along the row [m]. */
  WIDTH = 4,
  /** Footprint depth up the array (plan) [m]. */
  DEPTH = 5,
  /** Column pitch: WIDTH + gap x [m]. */
  PITCH_U = 6,
  /** Row pitch (plan) [m]. */
  PITCH_V = 7,
  /** Containment tolerance [m] (src/model/layout.ts LAYOUT.containmentTolerance). */
  EPS = 8,
  /** Align of the column grid. */
  ALIGN_X = 9,
  ALIGN_Y = 10,
  /** Module cap; negative: none. */
  MAX_MODULES = 11,
  /** Modules per placed footprint (tilted racks: modulesPerColumn; flush: 1). */
  PER_COLUMN = 12,
  /** Cap on nRows × nCols. */
  MAX_CANDIDATES = 13,
  HEADER = 14,
}

export enum Align {
  START = 0,
  CENTER = 1,
  END = 2,
}

export enum PolygonKind {
  REGION = 0,
  KEEPOUT = 1,
}

export enum LayoutOutI32 {
  STATUS = 0,
  N_ROWS = 1,
  N_COLS = 2,
  /** Columns in the output. */
  N_PLACED = 3,
  N_MODULES = 4,
  LIMIT_REACHED = 5,
  HEADER = 6,
}

export enum LayoutStride {
  COLUMN_I32 = 3,
  OUT_F64 = 2,
}

// ── stringing: automatic strings over a layout (docs/ENGINE-API.md "stringing"; host src/engine/stringing*.ts) ──
// Input I32: [StringingInI32 header, then the face index of each module (0 ≤ face < N_FACES)]
// Input F64: [StringingIn header, then x, y per module (plan metres), then, with SHADING = 1, the loss
//             of each module (0..1)]
// Per face (modules in input order; coordinates taken relative to the face's first module):
// 1. Nearest neighbour of each module: the smallest (squared distance, index) over the face's others.
// 2. Grid orientation: the mean of the nearest-neighbour directions at four times their angle (unit
//    vectors (cos 4a, sin 4a) from the squared components, no trigonometry), summed in module order;
//    refined once by summing only the directions with cos(4a − 4a₀) ≥ CONE_COS. Halving the angle twice
//    (half-angle formulas with square roots) gives axis A = (cos φ, sin φ), φ ∈ (−45°, 45°], and
//    B = (−sin φ, cos φ). No direction (the sum's length ≤ 10⁻⁹ × the directions summed): A = (1, 0).
// 3. d = the lower median of the nearest-neighbour distances (sorted; index ⌊(m − 1)/2⌋).
// 4. For an axis (ax, ay): along = X·ax + Y·ay, across = Y·ax − X·ay. Modules sorted by (across,
//    index) form lines: a new line starts where across grows by more than LINE_TOLERANCE·d. Each line
//    is sorted by (along, index). The serpentine visits the lines in order, the first one by growing
//    along (variant 0; variant 1: by falling along), each next one the other way.
// 5. Row axis: the axis whose serpentine has fewer jumps (steps with squared length > (HOP_FACTOR·d)²);
//    ties: the axis more nearest-neighbour directions lie along (|v·A| ≥ |v·B| votes for A); ties: A.
// 6. String length L: LENGTH_MIN = LENGTH_MAX = n, or the L in [min, max] leaving the fewest modules
//    over (m mod L), ties the longest. k = ⌊m / L⌋ strings, r = m − k·L modules left over.
// 7. Without shading the strings are the path's consecutive chunks from its start (offset 0; the last
//    r modules are left over). With shading, candidates are (axis, variant, offset s ∈ [0, r]): the
//    axes with the fewest jumps (the row axis first), variant 0 before 1, s growing; the strings are
//    the chunks [s + j·L, s + (j + 1)·L) of that path, and the candidate kept is the first with the
//    smallest Σⱼ (max − min of the chunk's losses) (summed in j order). Modules before s and after the
//    last chunk are left over.
// Output I32: [StringingOutI32 header, then per string (STRING_I32): face, offset into the order list,
//             length; the order list (module indices, string after string, wiring order); the
//             unassigned module indices in input order]
// Strings run face by face (faces by index), along each face's path. Output F64: none.
export enum StringingIn {
  /** Line clustering tolerance, × the median nearest-neighbour distance (src/model/stringing.ts). */
  LINE_TOLERANCE = 0,
  /** Jump threshold, × the median nearest-neighbour distance. */
  HOP_FACTOR = 1,
  /** cos(4 × the orientation refinement cone). */
  CONE_COS = 2,
  HEADER = 3,
}

export enum StringingInI32 {
  N_MODULES = 0,
  N_FACES = 1,
  LENGTH_MIN = 2,
  LENGTH_MAX = 3,
  /** 1: a loss per module follows the coordinates. */
  SHADING = 4,
  HEADER = 5,
}

export enum StringingOutI32 {
  STATUS = 0,
  N_STRINGS = 1,
  /** Module indices in the order list (Σ string lengths). */
  N_ORDERED = 2,
  N_UNASSIGNED = 3,
  HEADER = 4,
}

export enum StringingStride {
  STRING_I32 = 3,
}

// ── cableRoute: Manhattan routes in a row frame (docs/ENGINE-API.md "cable-route"; host src/engine/cable-route*.ts) ──
// Input I32: [CableRouteInI32 header, then the target index of each route (−1: the target among the
//             first N_OPEN with the shortest route, ties the lowest index)]
// Input F64: [per route (ROUTE_F64): first terminal x, y; last terminal x, y; row axis ax, ay (unit);
//             then x, y per target]
// For a terminal P and a target T: da = (T − P)·a, db = (T − P)·b with b = (−ay, ax); the route runs
// P → C = P + da·a → T (C = (Tx, Py) when ay = 0, (Px, Ty) when ax = 0: exact on the plan axes) and
// its length is |da| + |db|. A route starts at the terminal with the shorter length (ties: the last);
// its return length is |(L − F)·a| + |(L − F)·b| (F, L the first and last terminals).
// Output F64: per route (ROUTE_OUT_F64): start x, y, corner x, y, length, return length.
// Output I32: [status, then per route: target index, terminal used (0 first, 1 last)].
export enum CableRouteInI32 {
  N_ROUTES = 0,
  N_TARGETS = 1,
  /** Targets [0, N_OPEN) are open to routes without a target (the others are runs' ends). */
  N_OPEN = 2,
  HEADER = 3,
}

export enum CableRouteStride {
  ROUTE_F64 = 6,
  TARGET_F64 = 2,
  ROUTE_OUT_F64 = 6,
  ROUTE_OUT_I32 = 2,
}
