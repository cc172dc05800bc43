import { economicsInputSchema, economicsOutputSchema } from '../../model/economics.ts';
import { economics } from '../../economics/cash-flow.ts';
import { defineCommand } from './command.ts';

export const economicsCommand = defineCommand({
  name: 'economics',
  summary: 'the 25-year cash flow after tax (VAT pool, 3+3 holiday, loss carry-forward, loan): NPV, project and equity IRR, payback, LCOE, CO₂',
  input: economicsInputSchema,
  output: economicsOutputSchema,
  run: (input) => economics(input),
});
