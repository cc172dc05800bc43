// Zero-copy I/O buffers shared by every kernel (see engine/abi.ts for the calling convention).
// The host asks for input buffers of a size, writes into views over wasm memory, calls a kernel,
// then reads the output buffers through views. Buffers live in globals, so the GC keeps them.

let inF64: StaticArray<f64> = new StaticArray<f64>(0);
let inI32: StaticArray<i32> = new StaticArray<i32>(0);
let outF64: Array<f64> = new Array<f64>(0);
let outI32: Array<i32> = new Array<i32>(0);

/** Allocates the F64 input buffer of n values; returns its address in memory. */
export function inputF64(n: i32): usize {
  inF64 = new StaticArray<f64>(n);
  return changetype<usize>(inF64);
}

/** Allocates the I32 input buffer of n values; returns its address in memory. */
export function inputI32(n: i32): usize {
  inI32 = new StaticArray<i32>(n);
  return changetype<usize>(inI32);
}

export function outputF64Ptr(): usize {
  return outF64.dataStart;
}
export function outputF64Len(): i32 {
  return outF64.length;
}
export function outputI32Ptr(): usize {
  return outI32.dataStart;
}
export function outputI32Len(): i32 {
  return outI32.length;
}

// ── for kernels (not exported to the host) ──
export function getInputF64(): StaticArray<f64> {
  return inF64;
}
export function getInputI32(): StaticArray<i32> {
  return inI32;
}
export function setOutputF64(a: Array<f64>): void {
  outF64 = a;
}
export function setOutputI32(a: Array<i32>): void {
  outI32 = a;
}
