// The engine's exported functions: flat arrays in, flat arrays out (engine/abi.ts).
export { inputF64, inputI32, outputF64Ptr, outputF64Len, outputI32Ptr, outputI32Len } from './buffers';
export { roofSolve } from './geometry/roof';
export { autoRoof } from './geometry/auto';
export { skeleton } from './geometry/skeleton';
