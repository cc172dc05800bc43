import { simulateInputSchema, simulateOutputSchema } from '../../model/simulate.ts';
import { simulate, simulateCsv } from '../../engine/simulate.ts';
import { defineCommand } from './command.ts';

export const simulateCommand = defineCommand({
  name: 'simulate',
  summary: 'hourly energy of arrays and inverters over a weather year (file, arrays or synthetic); --format csv',
  input: simulateInputSchema,
  output: simulateOutputSchema,
  run: (input) => simulate(input),
  formats: {
    csv: {
      prepare: (input) => ({ ...input, output: { ...input.output, hourly: true } }),
      write: (output) => simulateCsv(output),
    },
  },
});
