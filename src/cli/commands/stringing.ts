import { stringingInputSchema, stringingOutputSchema } from '../../model/stringing.ts';
import { defineCommand } from './command.ts';

export const stringingCommand = defineCommand({
  name: 'stringing',
  summary: 'automatic strings over a layout: serpentine paths along the rows of each face, string lengths, shading groups, inverter inputs',
  input: stringingInputSchema,
  output: stringingOutputSchema,
  run: async (input, ctx) => (await ctx.engine()).stringing(input),
});
