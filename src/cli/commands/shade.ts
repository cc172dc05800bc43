import { shadeInputSchema, shadeOutputSchema } from '../../model/shade.ts';
import { defineCommand } from './command.ts';

export const shadeCommand = defineCommand({
  name: 'shade',
  summary: 'per-module beam and diffuse shading over a year of sun positions (shadow ray casts)',
  input: shadeInputSchema,
  output: shadeOutputSchema,
  run: async (input, ctx) => (await ctx.engine()).shade(input),
});
