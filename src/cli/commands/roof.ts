import { roofInputSchema, roofOutputSchema } from '../../model/roof.ts';
import { defineCommand } from './command.ts';

export const roofCommand = defineCommand({
  name: 'roof',
  summary: 'roof faces (tilt, azimuth, area) from a drawn building or an automatic roof',
  input: roofInputSchema,
  output: roofOutputSchema,
  run: async (input, ctx) => (await ctx.engine()).roof(input),
});
