import { irradianceInputSchema, irradianceOutputSchema } from '../../model/solar.ts';
import { irradiance } from '../../engine/solar.ts';
import { defineCommand } from './command.ts';

export const irradianceCommand = defineCommand({
  name: 'irradiance',
  summary: 'plane-of-array irradiance from DNI, GHI and DHI (isotropic, Hay–Davies or Perez 1990)',
  input: irradianceInputSchema,
  output: irradianceOutputSchema,
  run: (input) => irradiance(input),
});
