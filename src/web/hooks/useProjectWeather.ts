// The Information step's weather (docs/PRODUCT.md "weather"): the project's weather as the server describes
// it (source, station, sums, notice, horizon) and the calls that change it — the source, the site
// elevation, a weather file, the horizon — each answering the new description; and the climate
// stations around the site (nearest first, or found by name, number or province) for the picker and
// for the preview of an unsaved project. An older answer never replaces a newer one (aborted).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProjectWeather, StationList } from '../../model/api/weather.ts';
import type { HorizonProfile } from '../../model/horizon.ts';
import { ApiError } from '../api/http.ts';
import { fetchProjectWeather, fetchStations, setHorizon, setProjectWeather, uploadHorizon, uploadWeatherFile, type WeatherStationValue } from '../api/weather.ts';
import { weatherValue } from '../components/weather/weather-format.ts';

/** A site on the globe [°]. */
export interface Site {
  lat: number;
  lng: number;
}

/** Wait after the last keystroke before searching stations [ms]. */
export const STATION_SEARCH_DELAY_MS = 250;
/** How many of the nearest stations the picker lists. */
export const NEAREST_STATIONS = 20;
/** How many stations a search lists. */
export const SEARCH_STATIONS = 30;

/** The message of a failed call (the server's reason). */
function reason(e: unknown): string {
  return e instanceof ApiError ? e.message : String(e);
}

/** The weather of a saved project at `site` (refetched when the project or its saved site changes). */
export function useProjectWeather(projectId: number | null, site: Site | null) {
  const [weather, setWeather] = useState<ProjectWeather | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<'choice' | 'file' | 'horizon' | null>(null);
  const lat = site?.lat;
  const lng = site?.lng;

  useEffect(() => {
    setWeather(null);
    if (projectId === null) return;
    const ctrl = new AbortController();
    setLoading(true);
    fetchProjectWeather(projectId, ctrl.signal)
      .then((w) => !ctrl.signal.aborted && setWeather(w))
      .catch(() => undefined)
      .finally(() => !ctrl.signal.aborted && setLoading(false));
    return () => ctrl.abort();
  }, [projectId, lat, lng]);

  /** Runs a call that answers the new weather; resolves to null, or the reason it failed. */
  const run = useCallback(async (kind: 'choice' | 'file' | 'horizon', call: (projectId: number) => Promise<ProjectWeather>): Promise<string | null> => {
    if (projectId === null) return null;
    setBusy(kind);
    try {
      setWeather(await call(projectId));
      return null;
    } catch (e) {
      return reason(e);
    } finally {
      setBusy(null);
    }
  }, [projectId]);

  const choose = useCallback((value: WeatherStationValue) => run('choice', (id) => setProjectWeather(id, value)), [run]);
  const setElevation = useCallback(
    (elevation: number | null) => run('choice', (id) => setProjectWeather(id, weather ? weatherValue(weather) : 'auto', elevation)),
    [run, weather],
  );
  const uploadFile = useCallback((file: File) => run('file', (id) => uploadWeatherFile(id, file, file.name)), [run]);
  const saveHorizon = useCallback((profile: HorizonProfile | null) => run('horizon', (id) => setHorizon(id, profile)), [run]);
  const uploadHorizonFile = useCallback((file: File) => run('horizon', (id) => uploadHorizon(id, file, file.name)), [run]);

  return { weather, loading, busy, choose, setElevation, uploadFile, saveHorizon, uploadHorizonFile };
}

export type ProjectWeatherHandle = ReturnType<typeof useProjectWeather>;

/**
 * The climate stations around `site`: the nearest first, or those a typed keyword finds (number,
 * Chinese, English or pinyin name, province), nearest first. `elevation` [m] gives the altitude
 * differences. Null without a site.
 */
export function useStations(site: Site | null, elevation: number | null, limit = NEAREST_STATIONS) {
  const [answer, setAnswer] = useState<StationList | null>(null);
  const [keyword, setKeyword] = useState('');
  const [searching, setSearching] = useState(false);
  const lat = site?.lat;
  const lng = site?.lng;
  const pending = useRef<AbortController | null>(null);

  useEffect(() => {
    pending.current?.abort();
    if (lat === undefined || lng === undefined) {
      setAnswer(null);
      return;
    }
    const ctrl = new AbortController();
    pending.current = ctrl;
    setSearching(true);
    const timer = setTimeout(() => {
      const query = keyword ? { lat, lng, elevation, keyword, limit: SEARCH_STATIONS } : { lat, lng, elevation, limit };
      fetchStations(query, ctrl.signal)
        .then((a) => !ctrl.signal.aborted && setAnswer(a))
        .catch(() => undefined)
        .finally(() => !ctrl.signal.aborted && setSearching(false));
    }, STATION_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [lat, lng, elevation, keyword, limit]);

  const search = useCallback((text: string) => setKeyword(text.trim()), []);
  return { answer, keyword, search, searching };
}
