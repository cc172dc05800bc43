import { cableInputSchema, cableOutputSchema } from '../../model/electrical.ts';
import { cableDrop } from '../../electrical/cable.ts';
import { defineCommand } from './command.ts';

export const cableCommand = defineCommand({
  name: 'cable',
  summary: 'cable resistance, voltage drop and loss, and the smallest standard section for a drop limit',
  input: cableInputSchema,
  output: cableOutputSchema,
  run: (input) => cableDrop(input),
});
