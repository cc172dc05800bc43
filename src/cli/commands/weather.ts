import { weatherCommandInputSchema, weatherCommandOutputSchema } from '../../model/weather-command.ts';
import { weather } from '../../engine/weather.ts';
import { PvgisClient } from '../../weather/pvgis-client.ts';
import { defineCommand } from './command.ts';

/** PVGIS for `source: { kind: 'pvgis' }` and the default's fallback, when PVGIS_URL is set. */
function pvgisFromEnv() {
  const base = process.env.PVGIS_URL?.trim();
  if (!base) return undefined;
  const client = new PvgisClient({ baseUrl: base });
  return async (site: { latitude: number; longitude: number }) => (await client.tmy(site)).record;
}

export const weatherCommand = defineCommand({
  name: 'weather',
  summary: "a site's weather year: its climate station (default, nearest), a file, PVGIS (PVGIS_URL) or a flagged estimate",
  input: weatherCommandInputSchema,
  output: weatherCommandOutputSchema,
  run: (input) => weather(input, { pvgis: pvgisFromEnv() }),
});
