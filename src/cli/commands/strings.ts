import { stringsInputSchema, stringsOutputSchema } from '../../model/electrical.ts';
import { sizeStrings } from '../../electrical/string-sizing.ts';
import { defineCommand } from './command.ts';

export const stringsCommand = defineCommand({
  name: 'strings',
  summary: 'string length limits of a module on an inverter (Voc at the lowest temperature, MPPT window, input currents)',
  input: stringsInputSchema,
  output: stringsOutputSchema,
  run: (input) => sizeStrings(input),
});
