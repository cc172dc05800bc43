// A site's weather year and what it is (docs/ENGINE-API.md "weather"): a climate station's generated year
// (by default the site's station: the nearest within 150 km and 500 m of altitude), a weather file,
// PVGIS's TMY (when the caller can reach it), or — outside the stations' coverage with nothing else —
// a rough estimate, flagged as such. Node only (the station table and files are read from disk).
import type { WeatherSourceInput, WeatherSourceUsed } from '../model/weather-command.ts';
import { readWeatherFile } from './detect.ts';
import { monthlyYear } from './generator/monthly-year.ts';
import type { WeatherRecord } from './record.ts';
import { stationTable } from './station-table.ts';
import { greatCircleKm, STATION_CITATION, STATION_MAX_ALTITUDE_DIFF_M, STATION_MAX_DISTANCE_KM, type ClimateStation, type StationDistance } from './stations.ts';
import { syntheticYear } from './synthetic.ts';

/** A station number the table does not have. */
export class UnknownStationError extends Error {
  override readonly name = 'UnknownStationError';
  constructor(readonly id: string) {
    super(`unknown station ${id}: not one of the 1,042 stations of the climate table`);
  }
}

/** No station lies within 150 km (and 500 m of altitude) of the site. */
export class NoStationError extends Error {
  override readonly name = 'NoStationError';
  constructor(site: WeatherSite) {
    super(
      `no climate station within ${STATION_MAX_DISTANCE_KM} km` +
        (site.elevation === undefined ? '' : ` and ${STATION_MAX_ALTITUDE_DIFF_M} m of altitude`) +
        ` of ${site.latitude}, ${site.longitude}: choose a station, a weather file, PVGIS or the estimate`,
    );
  }
}

/** PVGIS is asked for but the caller cannot reach it. */
export class PvgisUnavailableError extends Error {
  override readonly name = 'PvgisUnavailableError';
}

export interface WeatherSite {
  /** [°] */ latitude: number;
  /** [°] */ longitude: number;
  /** [m] above sea level; unknown when absent. */ elevation?: number;
}

export interface SiteWeather {
  record: WeatherRecord;
  source: WeatherSourceUsed;
  /** The station and where it lies from the site, for a station year. */
  station?: StationDistance;
}

export interface SiteWeatherOptions {
  /** Seed of a generated year [default 1]. */
  seed?: number;
  /** PVGIS's TMY for a site, when the caller can reach PVGIS. */
  pvgis?: (site: WeatherSite) => Promise<WeatherRecord>;
}

/** China Standard Time: the stations' years are laid out in it. */
const CHINA_UTC_OFFSET = 8;

/** The generated hourly year of a station (an estimate of its typical year from its monthly climate). */
export function stationYear(station: ClimateStation, seed = 1): WeatherRecord {
  return monthlyYear({
    latitude: station.latitude,
    longitude: station.longitude,
    elevation: station.altitude,
    utcOffset: CHINA_UTC_OFFSET,
    seed,
    climate: { ghi: station.ghi, dhi: station.dhi, tempAir: station.tempAir },
    name: `${station.nameZh} ${station.nameEn} (${station.id})`,
    source: 'station',
    estimate: false,
    dataSource: STATION_CITATION,
    notes: [`Hourly year generated from the station's monthly means (seed ${seed}).`],
  });
}

/** Monthly clearness index of the rough estimate: a world-average sky [−]. */
export const ESTIMATE_CLEARNESS = 0.5;

/**
 * Monthly mean air temperature of the rough estimate [°C]: a zonal climatology, annual mean
 * 28 − 0.35·|latitude| at sea level, a seasonal swing of ±0.25·|latitude| peaking in July north of the
 * equator (January south of it), and the standard lapse rate 6.5 °C km⁻¹ with elevation.
 */
export function estimateTemperatures(latitude: number, elevation = 0): number[] {
  const mean = 28 - 0.35 * Math.abs(latitude) - 0.0065 * Math.max(elevation, 0);
  const swing = 0.25 * Math.abs(latitude);
  const peak = latitude >= 0 ? 6 : 0; // July or January (0-based month)
  return Array.from({ length: 12 }, (_, m) => mean + swing * Math.cos(((m - peak) * Math.PI) / 6));
}

/** The flagged rough estimate for a site with no station, file or PVGIS. */
export function estimateYear(site: WeatherSite, seed = 1): WeatherRecord {
  const record = syntheticYear({
    latitude: site.latitude,
    longitude: site.longitude,
    elevation: site.elevation ?? 0,
    clearnessIndex: new Array<number>(12).fill(ESTIMATE_CLEARNESS),
    tempAir: estimateTemperatures(site.latitude, site.elevation ?? 0),
    windSpeed: 1,
    seed,
    name: 'rough estimate',
  });
  record.meta.notes = [
    `Rough estimate: no climate station within reach, no weather file and no PVGIS for this site; a monthly clearness index of ${ESTIMATE_CLEARNESS} and zonal temperatures. Upload a weather file for a real result.`,
    ...(record.meta.notes ?? []),
  ];
  return record;
}

/** The station of an id, or UnknownStationError. */
export function stationById(id: string): ClimateStation {
  const s = stationTable().byStationId(id);
  if (!s) throw new UnknownStationError(id);
  return s;
}

function stationWeather(station: ClimateStation, site: WeatherSite, seed: number): SiteWeather {
  const distanceKm = greatCircleKm(site.latitude, site.longitude, station.latitude, station.longitude);
  const altitudeDiffM = site.elevation === undefined ? null : station.altitude - site.elevation;
  return {
    record: stationYear(station, seed),
    source: { kind: 'station', id: station.id, name: `${station.nameZh} ${station.nameEn}`, distanceKm: round2(distanceKm), estimate: false, citation: STATION_CITATION },
    station: { station, distanceKm, altitudeDiffM },
  };
}

/** The site's default station, or NoStationError. */
export function defaultStation(site: WeatherSite): StationDistance {
  const near = stationTable().defaultFor(site.latitude, site.longitude, site.elevation);
  if (!near) throw new NoStationError(site);
  return near;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The weather year of a site from a source (docs/ENGINE-API.md "weather"); without a source: the site's
 * default station, else PVGIS when the caller can reach it, else the flagged estimate.
 * Throws UnknownStationError, PvgisUnavailableError, or the file reader's error.
 */
export async function siteWeather(site: WeatherSite, source: WeatherSourceInput | undefined, options: SiteWeatherOptions = {}): Promise<SiteWeather> {
  const seed = options.seed ?? 1;
  const estimate = (): SiteWeather => ({ record: estimateYear(site, seed), source: { kind: 'estimate', estimate: true } });
  const pvgis = async (): Promise<SiteWeather> => {
    if (!options.pvgis) throw new PvgisUnavailableError('PVGIS is not configured (set PVGIS_URL, or WEATHER_PROVIDER=pvgis)');
    const record = await options.pvgis(site);
    return { record, source: { kind: 'pvgis', name: 'PVGIS TMY', estimate: false, citation: 'PVGIS © European Union, 2001–2025' } };
  };
  switch (source?.kind) {
    case 'station': {
      return stationWeather(source.id ? stationById(source.id) : defaultStation(site).station, site, seed);
    }
    case 'file': {
      const record = await readWeatherFile(source.file, source.format);
      return { record, source: { kind: 'file', name: record.site.name || source.file, estimate: false } };
    }
    case 'pvgis':
      return pvgis();
    case 'estimate':
      return estimate();
    default: {
      const near = stationTable().defaultFor(site.latitude, site.longitude, site.elevation);
      if (near) return stationWeather(near.station, site, seed);
      if (options.pvgis) return pvgis();
      return estimate();
    }
  }
}
