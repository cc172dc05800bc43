// The engine's exported functions: flat arrays in, flat arrays out (engine/abi.ts).
export { inputF64, inputI32, outputF64Ptr, outputF64Len, outputI32Ptr, outputI32Len } from './buffers';
export { roofSolve } from './geometry/roof';
export { autoRoof } from './geometry/auto';
export { skeleton } from './geometry/skeleton';
/** Shewchuk's adaptive orient2d (positive counter-clockwise), exported for the predicate tests. */
export { orient2d } from './geometry/predicates';
// ── shading (engine/shading) ──
export { shadeBuild, shadeRun, shadeRays, shadeFree } from './shading/shade';
// ── placement (engine/placement) ──
export { layout } from './placement/layout';
