// The cable-route command over a kernel runner (wasm or the TypeScript reference): validate with the
// zod schema (src/model/stringing.ts), encode (cable-route-codec.ts), run the cableRoute kernel, decode
// the routes.
import { cableRouteInputSchema, type CableRouteInput, type CableRouteOutput } from '../model/stringing.ts';
import { decodeCableRoute, planCableRoute } from './cable-route-codec.ts';
import { inputErrorFromZod } from './errors.ts';
import { runSteps, type KernelSteps } from './steps.ts';
import type { KernelRunner } from './wasm.ts';

/** Manhattan cable routes of strings and single runs (docs/ENGINE-API.md "cable-route"). Throws InputError for bad input. */
export function cableRoute(runner: KernelRunner, input: CableRouteInput): CableRouteOutput {
  return runSteps(runner, cableRouteSteps(input));
}

/** cableRoute as kernel steps (steps.ts). */
export function* cableRouteSteps(input: CableRouteInput): KernelSteps<CableRouteOutput> {
  const parsed = cableRouteInputSchema.safeParse(input);
  if (!parsed.success) throw inputErrorFromZod(parsed.error);
  const plan = planCableRoute(parsed.data);
  return decodeCableRoute(plan, yield { kernel: 'cableRoute', f64: plan.f64, i32: plan.i32 });
}
