import { dispatchInputSchema, dispatchOutputSchema } from '../../model/economics.ts';
import { dispatch } from '../../economics/dispatch.ts';
import { defineCommand } from './command.ts';

export const dispatchCommand = defineCommand({
  name: 'dispatch',
  summary: 'hourly self-consumption balance with or without a battery (selfConsumption or peak-valley tou strategy), over one year or many',
  input: dispatchInputSchema,
  output: dispatchOutputSchema,
  run: (input) => dispatch(input),
});
