// A command as a sequence of kernel calls: the command is a generator that yields each kernel call it
// needs and receives its result. The same command then runs in-process (runSteps: synchronous) or with
// its kernels in a worker (runStepsRemote: the arrays move by transfer), validating and encoding once.
import { withTransfer } from './pool.ts';
import type { KernelName, KernelResult, KernelRunner } from './wasm.ts';

export interface KernelCall {
  kernel: KernelName;
  f64: Float64Array;
  i32: Int32Array;
}

/** A command's steps: yields kernel calls, receives their results, returns the command's answer. */
export type KernelSteps<T> = Generator<KernelCall, T, KernelResult>;

/** A kernel runner across a boundary (a worker's `run`). */
export interface AsyncKernelRunner {
  run(kernel: KernelName, f64: Float64Array, i32: Int32Array): Promise<KernelResult>;
}

/** Runs a command's kernels on an in-process runner. */
export function runSteps<T>(runner: KernelRunner, steps: KernelSteps<T>): T {
  let s = steps.next();
  while (!s.done) s = steps.next(runner.run(s.value.kernel, s.value.f64, s.value.i32));
  return s.value;
}

/** Runs a command's kernels on a remote runner; each call's arrays are moved, not copied. */
export async function runStepsRemote<T>(remote: AsyncKernelRunner, steps: KernelSteps<T>): Promise<T> {
  let s = steps.next();
  while (!s.done) {
    const { kernel, f64, i32 } = s.value;
    s = steps.next(await remote.run(kernel, withTransfer(f64, f64, i32), i32));
  }
  return s.value;
}
