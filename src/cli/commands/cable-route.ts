import { cableRouteInputSchema, cableRouteOutputSchema } from '../../model/stringing.ts';
import { defineCommand } from './command.ts';

export const cableRouteCommand = defineCommand({
  name: 'cable-route',
  summary: 'Manhattan cable routes: strings to their combiner or inverter along their rows, and single runs (combiner → inverter → grid)',
  input: cableRouteInputSchema,
  output: cableRouteOutputSchema,
  run: async (input, ctx) => (await ctx.engine()).cableRoute(input),
});
