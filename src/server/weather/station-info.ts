// A climate station as the API lists it (meteor/station, the project's weather): names, position,
// annual sums of its monthly means, and where it lies from the asked point.
import type { StationInfo } from '../../model/api/weather.ts';
import { stationTable } from '../../weather/station-table.ts';
import { annualSum, greatCircleKm, STATION_MAX_ALTITUDE_DIFF_M, STATION_MAX_DISTANCE_KM, type ClimateStation } from '../../weather/stations.ts';
import { apiError } from '../errors.ts';

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The station's API form; `at` is the asked point (and the site's elevation, when known). */
export function stationInfo(s: ClimateStation, at?: { lat: number; lng: number; elevation?: number | null }): StationInfo {
  const distance = at ? greatCircleKm(at.lat, at.lng, s.latitude, s.longitude) : null;
  const altitudeDiff = at && at.elevation !== null && at.elevation !== undefined ? s.altitude - at.elevation : null;
  return {
    id: s.id,
    nameZh: s.nameZh,
    nameEn: s.nameEn,
    provinceZh: s.provinceZh,
    provinceEn: s.provinceEn,
    lat: s.latitude,
    lng: s.longitude,
    altitude: s.altitude,
    level: s.level,
    ghiAnnual: s.ghiAnnual,
    dhiAnnual: round(annualSum(s.dhi), 1),
    tempAnnual: round(s.tempAir.reduce((a, b) => a + b, 0) / 12, 2),
    distance: distance === null ? null : round(distance, 2),
    altitudeDiff: altitudeDiff === null ? null : round(altitudeDiff, 1),
    withinRule: distance !== null && distance <= STATION_MAX_DISTANCE_KM && (altitudeDiff === null || Math.abs(altitudeDiff) <= STATION_MAX_ALTITUDE_DIFF_M),
    period: '1991–2017',
  };
}

/** 400 naming `field` when a weatherStation value is a station number the table does not have. */
export function assertKnownStation(value: string | null | undefined, field = 'weatherStation'): void {
  if (value && /^\d{5}$/.test(value) && !stationTable().byStationId(value)) {
    throw apiError('VALIDATION', { field, message: `unknown station ${value}` }, { field });
  }
}
