import { splitInputSchema, splitOutputSchema } from '../../model/roof.ts';
import { defineCommand } from './command.ts';

export const splitCommand = defineCommand({
  name: 'split',
  summary: 'cut lines at the points on them and at crossings (sub-lines <id>#k)',
  input: splitInputSchema,
  output: splitOutputSchema,
  run: async (input, ctx) => (await ctx.engine()).split(input),
});
