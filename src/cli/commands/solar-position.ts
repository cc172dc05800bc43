import { solarPositionInputSchema, solarPositionOutputSchema } from '../../model/solar.ts';
import { solarPosition } from '../../engine/solar.ts';
import { defineCommand } from './command.ts';

export const solarPositionCommand = defineCommand({
  name: 'solar-position',
  summary: 'sun zenith, azimuth, equation of time and declination at given times (NREL SPA)',
  input: solarPositionInputSchema,
  output: solarPositionOutputSchema,
  run: (input) => solarPosition(input),
});
