// weather (docs/ENGINE-API.md): a site's weather year — a climate station's generated year (default: the
// nearest within 150 km and 500 m of altitude), a file, PVGIS when the caller can reach it, or the
// flagged rough estimate — answered as monthly and annual sums, the hourly year on request. Bad input
// (an unknown station, no station near, a file that cannot be read, PVGIS not configured) throws
// InputError naming the field. Node only (the station table and files are read from disk).
import { weatherCommandInputSchema, type WeatherCommandInput, type WeatherCommandOutput } from '../model/weather-command.ts';
import { NoStationError, PvgisUnavailableError, siteWeather, UnknownStationError, type SiteWeatherOptions } from '../weather/site-weather.ts';
import { weatherSummary } from '../weather/summary.ts';
import { WeatherParseError } from '../weather/text.ts';
import { InputError, inputErrorFromZod } from './errors.ts';

/** A weather-source failure as InputError at `path`; anything else is rethrown. */
export function weatherInputError(e: unknown, path: (string | number)[]): never {
  if (e instanceof UnknownStationError || e instanceof NoStationError || e instanceof PvgisUnavailableError || e instanceof WeatherParseError) {
    throw new InputError(path, e.message);
  }
  if (e instanceof Error && /^cannot read weather file/.test(e.message)) throw new InputError(path, e.message);
  throw e;
}

export async function weather(input: WeatherCommandInput, options: Pick<SiteWeatherOptions, 'pvgis'> = {}): Promise<WeatherCommandOutput> {
  const parsed = weatherCommandInputSchema.safeParse(input);
  if (!parsed.success) throw inputErrorFromZod(parsed.error);
  const { site, source, seed, output } = parsed.data;
  const where = source?.kind === 'station' ? ['source', 'id'] : source?.kind === 'file' ? ['source', 'file'] : ['source'];
  const got = await siteWeather(site, source, { seed, pvgis: options.pvgis }).catch((e: unknown) => weatherInputError(e, where));
  const summary = weatherSummary(got.record);
  const r = got.record;
  return {
    source: got.source,
    ...summary,
    ...(output?.hourly
      ? {
          hourly: {
            times: Array.from(r.times, (t) => new Date(t).toISOString()),
            ghi: Array.from(r.ghi),
            dni: Array.from(r.dni),
            dhi: Array.from(r.dhi),
            tempAir: Array.from(r.tempAir),
            windSpeed: Array.from(r.windSpeed),
          },
        }
      : {}),
  };
}
