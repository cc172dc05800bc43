// The layout command over a kernel runner (wasm or the TypeScript reference): validate with the zod
// schema, plan the footprint grid and polygons (layout-codec.ts, layout-regions.ts, src/design-rules/row-spacing.ts),
// run the layout kernel, build the modules in 3D — as JSON objects (the command's output) or packed
// in typed arrays (layoutPacked: for drawing and shading hundreds of thousands of modules).
import { layoutInputSchema, type LayoutInput, type LayoutOutput } from '../model/layout.ts';
import { inputErrorFromZod } from './errors.ts';
import { decodeLayoutPacked, layoutOutputOf, planLayout, type LayoutPacked } from './layout-codec.ts';
import { runSteps, type KernelSteps } from './steps.ts';
import type { KernelRunner } from './wasm.ts';

/**
 * Modules on one roof face (docs/ENGINE-API.md "layout"). Throws InputError for input the schema rejects,
 * for a row-spacing rule that cannot be met (polar winter) and for faces holding more module
 * positions than LAYOUT.maxCandidates.
 */
export function layout(runner: KernelRunner, input: LayoutInput): LayoutOutput {
  return runSteps(runner, layoutSteps(input));
}

/** layout as kernel steps (steps.ts): validation and planning happen once, wherever the kernel runs. */
export function* layoutSteps(input: LayoutInput): KernelSteps<LayoutOutput> {
  return layoutOutputOf(yield* layoutPackedSteps(input));
}

/** The same layout with the modules in typed arrays (no object per module). */
export function layoutPacked(runner: KernelRunner, input: LayoutInput): LayoutPacked {
  return runSteps(runner, layoutPackedSteps(input));
}

/** layoutPacked as kernel steps. */
export function* layoutPackedSteps(input: LayoutInput): KernelSteps<LayoutPacked> {
  const parsed = layoutInputSchema.safeParse(input);
  if (!parsed.success) throw inputErrorFromZod(parsed.error);
  const plan = planLayout(parsed.data);
  const result = yield { kernel: 'layout', f64: plan.f64, i32: plan.i32 };
  return decodeLayoutPacked(plan, result);
}

export type { LayoutPacked } from './layout-codec.ts';
