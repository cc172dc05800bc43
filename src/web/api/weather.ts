// The weather calls of the web app (server: src/server/routes/project/weather.ts and meteor/station in
// src/server/routes/catalogue/catalogues.ts): the climate stations near a point or found by name, the
// project's weather (source, station, annual and monthly sums, notice, horizon), choosing the source
// and the site elevation, uploading a weather file, and setting or uploading the horizon. Schemas from
// src/model/api/weather.ts. Uploads are not toasted: the caller shows the server's reason in place.
import { projectWeatherSchema, stationListSchema, type ProjectWeather, type StationList } from '../../model/api/weather.ts';
import type { HorizonProfile } from '../../model/horizon.ts';
import { request } from './http.ts';

/** A weatherStation value the client sends: 'auto', a 5-digit station number, 'file', 'pvgis' or 'estimate'. */
export type WeatherStationValue = 'auto' | 'file' | 'pvgis' | 'estimate' | (string & {});

export interface StationQuery {
  /** [°] with lng: the nearest stations first, with distance and altitude difference. */
  lat?: number;
  /** [°] */
  lng?: number;
  /** [m] the site's elevation, for the altitude difference. */
  elevation?: number | null;
  /** Station number, Chinese, English or pinyin name, or province. */
  keyword?: string;
  province?: string;
  limit?: number;
}

export function fetchStations(query: StationQuery, signal?: AbortSignal): Promise<StationList> {
  return request('/api/web/meteor/station', stationListSchema, { query: { ...query }, signal });
}

export function fetchProjectWeather(projectId: number, signal?: AbortSignal): Promise<ProjectWeather> {
  return request('/api/web/project/weather', projectWeatherSchema, { query: { projectId }, signal });
}

/** Chooses the source; `elevation` [m] sets the site elevation (null clears it, undefined keeps it). */
export function setProjectWeather(projectId: number, weatherStation: WeatherStationValue, elevation?: number | null): Promise<ProjectWeather> {
  return request('/api/web/project/weather', projectWeatherSchema, { method: 'POST', body: { projectId, weatherStation, elevation } });
}

/** Uploads an EPW / TMY3 / PVGIS file as the project's weather (rejects with the server's reason, not toasted). */
export function uploadWeatherFile(projectId: number, file: Blob, fileName: string): Promise<ProjectWeather> {
  const form = new FormData();
  form.append('file', file, fileName);
  return request('/api/web/project/weather/upload', projectWeatherSchema, { query: { projectId }, form, silent: true });
}

/** Sets the horizon profile ([[azimuth, elevation]] [°]) or removes it (null). */
export function setHorizon(projectId: number, profile: HorizonProfile | null): Promise<ProjectWeather> {
  return request('/api/web/project/horizon', projectWeatherSchema, { method: 'POST', body: { projectId, profile } });
}

/** Uploads a horizon file (PVGIS horizon JSON/CSV, or azimuth,elevation rows; not toasted). */
export function uploadHorizon(projectId: number, file: Blob, fileName: string): Promise<ProjectWeather> {
  const form = new FormData();
  form.append('file', file, fileName);
  return request('/api/web/project/horizon/upload', projectWeatherSchema, { query: { projectId }, form, silent: true });
}
