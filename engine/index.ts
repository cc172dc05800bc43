// The engine's exported functions: flat arrays in, flat arrays out (engine/abi.ts).
//
// Memory: the minimal runtime (asconfig.json: TLSF + a two-colour mark & sweep collector without a
// shadow stack) never collects on its own; every kernel below ends with a full collection, when no
// managed value is left on the stack. What survives is what the globals hold: the I/O buffers
// (buffers.ts) and the shading scenes. A kernel's temporaries are freed when it returns.
import { autoRoof as autoRoofKernel } from './geometry/auto';
import { roofSolve as roofSolveKernel } from './geometry/roof';
import { skeleton as skeletonKernel } from './geometry/skeleton';
import { layout as layoutKernel } from './placement/layout';
import { cableRoute as cableRouteKernel } from './electrical/routing';
import { stringing as stringingKernel } from './electrical/stringing';
import { shadeBuild as shadeBuildKernel, shadeFree as shadeFreeKernel, shadeRays as shadeRaysKernel, shadeRun as shadeRunKernel } from './shading/shade';

export { inputF64, inputI32, outputF64Ptr, outputF64Len, outputI32Ptr, outputI32Len } from './buffers';
/** Shewchuk's adaptive orient2d (positive counter-clockwise), exported for the predicate tests. */
export { orient2d } from './geometry/predicates';

/** Runs a kernel, then frees its garbage (see above); returns the kernel's status. */
// @ts-ignore: decorator
@inline
function collected(status: i32): i32 {
  __collect();
  return status;
}

export function roofSolve(): i32 {
  return collected(roofSolveKernel());
}
export function autoRoof(): i32 {
  return collected(autoRoofKernel());
}
export function skeleton(): i32 {
  return collected(skeletonKernel());
}
// ── shading (engine/shading) ──
export function shadeBuild(): i32 {
  return collected(shadeBuildKernel());
}
export function shadeRun(): i32 {
  return collected(shadeRunKernel());
}
export function shadeRays(): i32 {
  return collected(shadeRaysKernel());
}
export function shadeFree(): i32 {
  return collected(shadeFreeKernel());
}
// ── placement (engine/placement) ──
export function layout(): i32 {
  return collected(layoutKernel());
}
// ── electrical (engine/electrical) ──
export function stringing(): i32 {
  return collected(stringingKernel());
}
export function cableRoute(): i32 {
  return collected(cableRouteKernel());
}
