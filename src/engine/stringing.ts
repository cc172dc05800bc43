// The stringing command over a kernel runner (wasm or the TypeScript reference): validate with the zod
// schema (src/model/stringing.ts), encode (stringing-codec.ts), run the stringing kernel, decode the
// strings and place them on the inverters (stringing-inverters.ts).
import { stringingInputSchema, type StringingInput, type StringingOutput } from '../model/stringing.ts';
import { inputErrorFromZod } from './errors.ts';
import { decodeStringing, planStringing } from './stringing-codec.ts';
import { runSteps, type KernelSteps } from './steps.ts';
import type { KernelRunner } from './wasm.ts';

/** Automatic strings over a layout (docs/ENGINE-API.md "stringing"). Throws InputError for bad input. */
export function stringing(runner: KernelRunner, input: StringingInput): StringingOutput {
  return runSteps(runner, stringingSteps(input));
}

/** stringing as kernel steps (steps.ts): validation and coding happen once, wherever the kernel runs. */
export function* stringingSteps(input: StringingInput): KernelSteps<StringingOutput> {
  const parsed = stringingInputSchema.safeParse(input);
  if (!parsed.success) throw inputErrorFromZod(parsed.error);
  const plan = planStringing(parsed.data);
  return decodeStringing(plan, yield { kernel: 'stringing', f64: plan.f64, i32: plan.i32 });
}
