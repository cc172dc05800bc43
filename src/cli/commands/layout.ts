import { layoutInputSchema, layoutOutputSchema } from '../../model/layout.ts';
import { defineCommand } from './command.ts';

export const layoutCommand = defineCommand({
  name: 'layout',
  summary: 'modules on one roof face: flush or tilted racks, setbacks, keep-outs, winter-solstice row spacing, capacity cap',
  input: layoutInputSchema,
  output: layoutOutputSchema,
  run: async (input, ctx) => (await ctx.engine()).layout(input),
});
