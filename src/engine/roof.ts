// The roof and split commands over a kernel runner (wasm or the TypeScript reference): validate (roof:
// the schema's rules checked in place, roof-validate.ts; split: the zod schema), encode, run roofSolve,
// decode (roof-codec.ts) — as JSON objects (the command's output) or packed in typed arrays
// (roofPacked: roof-packed.ts, for the engine's own callers).
import { splitInputSchema, type RoofInput, type RoofInputParsed, type RoofOutput, type SplitInput, type SplitOutput } from '../model/roof.ts';
import { autoRoofSteps } from './auto.ts';
import { inputErrorFromZod } from './errors.ts';
import { decodeRoof, decodeSplit, encodeRoof, encodeSplit, outlineRing, type EncodableBuilding, type RoofEncoding } from './roof-codec.ts';
import { decodeRoofPacked, type RoofPacked } from './roof-packed.ts';
import { parseRoofInputFast } from './roof-validate.ts';
import { runSteps, type KernelSteps } from './steps.ts';
import type { KernelRunner } from './wasm.ts';

/**
 * Roof faces of a building (docs/ENGINE-API.md "roof"). Throws InputError for input the schema rejects or
 * that names unknown or duplicate ids; engine-level failures come back as `success: false`.
 */
export function roof(runner: KernelRunner, input: RoofInput): RoofOutput {
  return runSteps(runner, roofSteps(input));
}

/** roof as kernel steps (steps.ts): validation and encoding happen once, wherever the kernels run. */
export function* roofSteps(input: RoofInput): KernelSteps<RoofOutput> {
  // The schema's rules checked in place (roof-validate.ts); an input they reject goes to the schema,
  // so an invalid input fails with the schema's own path and message.
  const enc = yield* roofEncodingSteps(parseRoofInputFast(input));
  const result = yield { kernel: 'roofSolve', f64: enc.f64, i32: enc.i32 };
  return decodeRoof(enc, result);
}

/**
 * The same roof with its points, lines and faces in typed arrays (roof-packed.ts), for the engine's
 * own callers: the input is checked by a fast validator (roof-validate.ts: the schema's rules, the
 * schema's errors) and no object is built per point, line or face. Same answer as `roof`.
 */
export function roofPacked(runner: KernelRunner, input: RoofInput): RoofPacked {
  return runSteps(runner, roofPackedSteps(input));
}

/** roofPacked as kernel steps. */
export function* roofPackedSteps(input: RoofInput): KernelSteps<RoofPacked> {
  const enc = yield* roofEncodingSteps(parseRoofInputFast(input));
  const result = yield { kernel: 'roofSolve', f64: enc.f64, i32: enc.i32 };
  return decodeRoofPacked(enc, result);
}

/** A validated input → roofSolve's input arrays (an automatic roof generates its lines first). */
function* roofEncodingSteps(data: RoofInputParsed): KernelSteps<RoofEncoding> {
  const { building, auto } = data;
  let plan: EncodableBuilding;
  if (auto !== undefined) {
    // ── automatic roofs: the one call site (src/engine/auto.ts generates the points and lines) ──
    const generated = yield* autoRoofSteps(data);
    plan = { id: building.id, eaveHeight: building.eaveHeight, ring: generated.outerPoints, points: generated.points, lines: generated.lines };
  } else {
    const { ring, edgeIds, rest } = outlineRing(building.outerPoints, building.outerLines);
    const outer = [...ring, ...rest];
    const nOuter = outer.length;
    // Error paths, worked out only when an error needs one.
    const point = (i: number) =>
      i < nOuter ? ['building', 'outerPoints', building.outerPoints.indexOf(outer[i])] : ['building', 'points', i - nOuter];
    plan = { id: building.id, eaveHeight: building.eaveHeight, ring, ringEdgeIds: edgeIds, points: rest.length > 0 ? [...rest, ...building.points] : building.points, lines: building.lines, paths: { point } };
  }
  return encodeRoof(plan);
}

/** Cuts lines at the points on their interiors and at crossings (docs/ENGINE-API.md "split / merge"). */
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

export type { RoofPacked } from './roof-packed.ts';
