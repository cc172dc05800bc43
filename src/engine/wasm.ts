// Loads build/engine.wasm and calls its kernels with zero-copy buffers (engine/abi.ts).
// The only code that touches wasm memory. Works in Node, in a browser page and in workers.
import { Status } from '../../engine/abi.ts';

/** The raw exports of engine.wasm that the host uses. */
interface EngineExports {
  memory: WebAssembly.Memory;
  inputF64(n: number): number;
  inputI32(n: number): number;
  outputF64Ptr(): number;
  outputF64Len(): number;
  outputI32Ptr(): number;
  outputI32Len(): number;
  __collect(): void;
  [kernel: string]: unknown;
}

/** The shading kernels (engine/shading; engine/abi.ts "shading"). */
export type ShadeKernelName = 'shadeBuild' | 'shadeRun' | 'shadeRays' | 'shadeFree';

/** The kernels that follow the buffer calling convention. */
export type KernelName = 'roofSolve' | 'autoRoof' | 'skeleton' | ShadeKernelName | 'layout' | 'stringing' | 'cableRoute';

export interface KernelResult {
  status: Status;
  f64: Float64Array;
  i32: Int32Array;
}

/** Something that runs kernels: the WASM module, or the pure-TypeScript reference. */
export interface KernelRunner {
  run(kernel: KernelName, f64: Float64Array, i32: Int32Array): KernelResult;
}

export class WasmEngine implements KernelRunner {
  private readonly x: EngineExports;

  constructor(instance: WebAssembly.Instance) {
    this.x = instance.exports as unknown as EngineExports;
  }

  /** Copies the inputs in, runs the kernel, copies the outputs out (owned by the caller). */
  run(kernel: KernelName, f64: Float64Array, i32: Int32Array): KernelResult {
    const x = this.x;
    const fn = x[kernel] as (() => number) | undefined;
    if (typeof fn !== 'function') throw new Error(`engine.wasm has no kernel ${kernel}`);
    // Allocate both before taking views: the second allocation may grow memory.
    const pF = x.inputF64(f64.length);
    const pI = x.inputI32(i32.length);
    new Float64Array(x.memory.buffer, pF, f64.length).set(f64);
    new Int32Array(x.memory.buffer, pI, i32.length).set(i32);
    const status = fn() as Status;
    const outF = new Float64Array(x.memory.buffer, x.outputF64Ptr(), x.outputF64Len()).slice();
    const outI = new Int32Array(x.memory.buffer, x.outputI32Ptr(), x.outputI32Len()).slice();
    return { status, f64: outF, i32: outI };
  }
}

function imports(): WebAssembly.Imports {
  return {
    env: {
      abort(msgPtr: number, filePtr: number, line: number, col: number) {
        throw new Error(`engine.wasm aborted at ${line}:${col} (message @${msgPtr}, file @${filePtr})`);
      },
      trace() {},
      seed() {
        return Date.now();
      },
    },
  };
}

/** Instantiates the engine from bytes or a compiled module. */
export async function instantiateEngine(source: BufferSource | WebAssembly.Module): Promise<WasmEngine> {
  const instance =
    source instanceof WebAssembly.Module
      ? await WebAssembly.instantiate(source, imports())
      : (await WebAssembly.instantiate(source, imports())).instance;
  return new WasmEngine(instance);
}

/** Node: reads build/engine.wasm (or engine.debug.wasm) next to the package root. */
export async function loadEngineNode(variant: 'release' | 'debug' = 'release'): Promise<WasmEngine> {
  const { readFile } = await import('node:fs/promises');
  const file = variant === 'release' ? 'engine.wasm' : 'engine.debug.wasm';
  // Not a literal URL on purpose: Vite must not bundle build/ into the web app (Node-only path).
  const url = new URL(/* @vite-ignore */ `../../build/${file}`, import.meta.url);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(url);
  } catch {
    throw new Error(`build/${file} is missing: run \`npm run build:wasm\` first`);
  }
  return instantiateEngine(bytes);
}

/** Browser (page or worker): fetches and compiles the wasm from a URL. */
export async function loadEngineUrl(url: string | URL): Promise<WasmEngine> {
  const module = await WebAssembly.compileStreaming(fetch(url));
  return instantiateEngine(module);
}
