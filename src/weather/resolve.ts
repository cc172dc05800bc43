// The weather of a simulate input as a record: a file (Node only: read through readWeatherFile), the
// hourly arrays, a climate station's generated year (Node only: the station table), or the synthetic
// year (an estimate, flagged as such in the record).
import type { WeatherInputParsed } from '../model/weather.ts';
import { readWeatherFile } from './detect.ts';
import { recordFromHourly, type WeatherRecord } from './record.ts';
import { siteWeather } from './site-weather.ts';
import { syntheticYear } from './synthetic.ts';

/** Where the arrays and the synthetic year are laid: the simulate site. */
export interface ResolveSite {
  /** [°] */ latitude: number;
  /** [°] */ longitude: number;
  /** [m] */ elevation: number;
}

/**
 * Resolves simulate's `weather` to a record.
 * @param weather the validated `weather` input
 * @param site the simulate site (the hourly arrays and the synthetic year are placed there)
 */
export async function resolveWeather(weather: WeatherInputParsed, site: ResolveSite): Promise<WeatherRecord> {
  if ('file' in weather) return readWeatherFile(weather.file, weather.format);
  if ('hourly' in weather) {
    return recordFromHourly(weather.hourly, { name: '', latitude: site.latitude, longitude: site.longitude, elevation: site.elevation, utcOffset: 0 });
  }
  if ('station' in weather) {
    const id = weather.station === 'auto' ? undefined : weather.station;
    return (await siteWeather(site, { kind: 'station', id }, { seed: weather.seed })).record;
  }
  return syntheticYear({
    latitude: site.latitude,
    longitude: site.longitude,
    elevation: site.elevation,
    clearnessIndex: weather.synthetic.clearnessIndex,
    seed: weather.synthetic.seed,
  });
}
