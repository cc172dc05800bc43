import { mergeInputSchema, mergeOutputSchema } from '../../model/roof.ts';
import { merge } from '../../engine/merge.ts';
import { defineCommand } from './command.ts';

export const mergeCommand = defineCommand({
  name: 'merge',
  summary: 'the inverse of split: sub-lines back into their lines, crossing points dropped',
  input: mergeInputSchema,
  output: mergeOutputSchema,
  run: (input) => merge(input),
});
