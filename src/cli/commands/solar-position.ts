import { solarPositionInputSchema, solarPositionOutputSchema, solarPositionTimes } from '../../model/solar.ts';
import { solarPositions } from '../../physics/solar-position.ts';
import { defineCommand } from './command.ts';

export const solarPositionCommand = defineCommand({
  name: 'solar-position',
  summary: 'sun zenith, azimuth, equation of time and declination at given times (NREL SPA)',
  input: solarPositionInputSchema,
  output: solarPositionOutputSchema,
  run: (input) => {
    const times = solarPositionTimes(input);
    const { elevation, pressure, temperature, deltaT } = input;
    const p = solarPositions(times, input.latitude, input.longitude, { elevation, pressure, temperature, deltaT });
    return {
      positions: Array.from(times, (t, i) => ({
        time: new Date(t).toISOString(),
        zenith: p.zenith[i],
        apparentZenith: p.apparentZenith[i],
        elevation: p.elevation[i],
        apparentElevation: p.apparentElevation[i],
        azimuth: p.azimuth[i],
        equationOfTime: p.equationOfTime[i],
        declination: p.declination[i],
      })),
    };
  },
});
