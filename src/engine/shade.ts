// The shade command over a kernel runner (wasm or the TypeScript reference): validate with the zod
// schema, triangulate and encode (shade-codec.ts), build the scene, shade every module, free the
// scene, assemble docs/ENGINE-API.md's output. Big jobs split the modules across a worker pool instead
// (shade-job.ts), with the same codec.
import { shadeInputSchema, type ShadeInput, type ShadeInputParsed, type ShadeOutput } from '../model/shade.ts';
import { inputErrorFromZod } from './errors.ts';
import { assembleShade, decodeShadeBuild, decodeShadeRun, encodeShadeBuild, encodeShadeRun } from './shade-codec.ts';
import { runSteps, type KernelSteps } from './steps.ts';
import type { KernelRunner } from './wasm.ts';

/** Validates a shade input (InputError naming the path when the schema rejects it). */
export function parseShadeInput(input: ShadeInput): ShadeInputParsed {
  const parsed = shadeInputSchema.safeParse(input);
  if (!parsed.success) throw inputErrorFromZod(parsed.error);
  return parsed.data;
}

/** Per-module beam and diffuse shading over the sun steps (docs/ENGINE-API.md "shade"). */
export function shade(runner: KernelRunner, input: ShadeInput): ShadeOutput {
  return runSteps(runner, shadeSteps(input));
}

/** shade as kernel steps (steps.ts): build, run all modules, free. */
export function* shadeSteps(input: ShadeInput): KernelSteps<ShadeOutput> {
  const parsed = parseShadeInput(input);
  const build = encodeShadeBuild(parsed);
  const handle = decodeShadeBuild(yield { kernel: 'shadeBuild', f64: build.f64, i32: build.i32 });
  try {
    const run = encodeShadeRun(handle, 0, build.nModules, parsed);
    const chunk = decodeShadeRun(yield { kernel: 'shadeRun', f64: run.f64, i32: run.i32 }, 0, build.nModules);
    return assembleShade(parsed, build.nSteps, [chunk]);
  } finally {
    yield { kernel: 'shadeFree', f64: new Float64Array(0), i32: Int32Array.of(handle) };
  }
}
