// The roof and split commands over a kernel runner (wasm or the TypeScript reference): validate with
// the zod schema, encode, run roofSolve, decode (roof-codec.ts).
import { roofInputSchema, splitInputSchema, type RoofInput, type RoofOutput, type SplitInput, type SplitOutput } from '../model/roof.ts';
import { autoRoofSteps } from './auto.ts';
import { inputErrorFromZod } from './errors.ts';
import { decodeRoof, decodeSplit, encodeRoof, encodeSplit, outlineRing, type EncodableBuilding } from './roof-codec.ts';
import { runSteps, type KernelSteps } from './steps.ts';
import type { KernelRunner } from './wasm.ts';

/**
 * Roof faces of a building (ENGINE-API.md "roof"). Throws InputError for input the schema rejects or
 * that names unknown or duplicate ids; engine-level failures come back as `success: false`.
 */
export function roof(runner: KernelRunner, input: RoofInput): RoofOutput {
  return runSteps(runner, roofSteps(input));
}

/** roof as kernel steps (steps.ts): validation and encoding happen once, wherever the kernels run. */
export function* roofSteps(input: RoofInput): KernelSteps<RoofOutput> {
  const parsed = roofInputSchema.safeParse(input);
  if (!parsed.success) throw inputErrorFromZod(parsed.error);
  const { building, auto } = parsed.data;
  let plan: EncodableBuilding;
  if (auto !== undefined) {
    // ── automatic roofs: the one call site (src/engine/auto.ts generates the points and lines) ──
    const generated = yield* autoRoofSteps(parsed.data);
    plan = { id: building.id, eaveHeight: building.eaveHeight, ring: generated.outerPoints, points: generated.points, lines: generated.lines };
  } else {
    const { ring, edgeIds, rest } = outlineRing(building.outerPoints, building.outerLines);
    const outer = [...ring, ...rest];
    const nOuter = outer.length;
    // Error paths, worked out only when an error needs one.
    const point = (i: number) =>
      i < nOuter ? ['building', 'outerPoints', building.outerPoints.indexOf(outer[i])] : ['building', 'points', i - nOuter];
    plan = { id: building.id, eaveHeight: building.eaveHeight, ring, ringEdgeIds: edgeIds, points: [...rest, ...building.points], lines: building.lines, paths: { point } };
  }
  const enc = encodeRoof(plan);
  const result = yield { kernel: 'roofSolve', f64: enc.f64, i32: enc.i32 };
  return decodeRoof(enc, result);
}

/** Cuts lines at the points on their interiors and at crossings (ENGINE-API.md "split / merge"). */
export function split(runner: KernelRunner, input: SplitInput): SplitOutput {
  return runSteps(runner, splitSteps(input));
}

/** split as kernel steps (steps.ts). */
export function* splitSteps(input: SplitInput): KernelSteps<SplitOutput> {
  const parsed = splitInputSchema.safeParse(input);
  if (!parsed.success) throw inputErrorFromZod(parsed.error);
  const enc = encodeSplit(parsed.data.points, parsed.data.lines);
  const result = yield { kernel: 'roofSolve', f64: enc.f64, i32: enc.i32 };
  return decodeSplit(enc, result);
}
