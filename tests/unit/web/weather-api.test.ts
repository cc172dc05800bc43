// The weather calls of the typed client (src/web/api/weather.ts): paths, methods, query and bodies as
// the server's routes take them (src/model/api/weather.ts), answers checked by the shared schemas, and
// uploads sent as multipart field `file` without a toast (the card shows the server's reason).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { horizonSetBody, weatherSetBody, type ProjectWeather, type StationList } from '../../../src/model/api/weather.ts';
import { onApiEvent, type ApiEvent } from '../../../src/web/api/events.ts';
import { ApiError, setClientStore } from '../../../src/web/api/http.ts';
import { XUJIAHUI } from './weather-fixtures.ts';
import { fetchProjectWeather, fetchStations, setHorizon, setProjectWeather, uploadHorizon, uploadWeatherFile } from '../../../src/web/api/weather.ts';

const STATIONS: StationList = {
  list: [XUJIAHUI],
  defaultId: '58367',
  pvgis: false,
  citation: 'Station climate: CDSRD / CBED, XAUAT, from CMA observations',
  citationZh: '站点气候：CDSRD / CBED（西安建筑科技大学），基于中国气象局观测',
};

const WEATHER: ProjectWeather = {
  projectId: 7,
  choice: 'auto',
  source: { kind: 'station', id: '58367', name: '上海（徐家汇） Shanghai (Xujiahui)', estimate: false, citation: STATIONS.citation },
  station: STATIONS.list[0],
  file: null,
  elevation: null,
  horizon: null,
  annual: { ghiKwhM2: 1174.3, dhiKwhM2: 691.2, tempAir: 16.78 },
  monthly: Array.from({ length: 12 }, (_, k) => ({ month: k + 1, ghiKwhM2: 100, dhiKwhM2: 55, tempAir: 16 })),
  notice: null,
  notices: [],
  pvgis: false,
  needsLocation: false,
};

type Call = [string, RequestInit];

describe('weather client', () => {
  const events: ApiEvent[] = [];
  let off: () => void;
  let calls: Call[];
  const answer = (status: number, body: unknown) => {
    const f = vi.fn(async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', f);
  };
  const ok = (data: unknown) => answer(200, { code: 200, msg: 'ok', data });
  const jsonBody = (k = 0) => JSON.parse(String(calls[k][1].body)) as unknown;

  beforeEach(() => {
    calls = [];
    events.length = 0;
    off = onApiEvent((e) => events.push(e));
    const map = new Map([['token', 'tok']]);
    setClientStore({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) });
  });
  afterEach(() => {
    off();
    vi.unstubAllGlobals();
  });

  it('asks meteor/station for the nearest stations, leaving an unknown elevation out', async () => {
    ok(STATIONS);
    expect(await fetchStations({ lat: 31.23, lng: 121.47, elevation: null, limit: 20 })).toEqual(STATIONS);
    expect(calls[0][0]).toBe('/api/web/meteor/station?lat=31.23&lng=121.47&limit=20');
    ok(STATIONS);
    await fetchStations({ lat: 31.23, lng: 121.47, elevation: 12, keyword: 'Lhasa', limit: 30 });
    expect(calls[1][0]).toBe('/api/web/meteor/station?lat=31.23&lng=121.47&elevation=12&keyword=Lhasa&limit=30');
  });

  it("reads the project's weather, checked by the shared schema", async () => {
    ok({ ...WEATHER, extra: 'dropped' });
    expect(await fetchProjectWeather(7)).toEqual(WEATHER);
    expect(calls[0][0]).toBe('/api/web/project/weather?projectId=7');
    ok({ ...WEATHER, choice: 'synthetic' });
    await expect(fetchProjectWeather(7)).rejects.toBeInstanceOf(ApiError);
  });

  it('posts the choice and the elevation as the route takes them', async () => {
    ok(WEATHER);
    await setProjectWeather(7, '55591');
    expect(calls[0][0]).toBe('/api/web/project/weather');
    expect(calls[0][1].method).toBe('POST');
    expect(jsonBody()).toEqual({ projectId: 7, weatherStation: '55591' });
    expect(weatherSetBody.safeParse(jsonBody()).success).toBe(true);
    ok(WEATHER);
    await setProjectWeather(7, 'auto', null);
    expect(jsonBody(1)).toEqual({ projectId: 7, weatherStation: 'auto', elevation: null });
    expect(weatherSetBody.safeParse(jsonBody(1)).success).toBe(true);
  });

  it('sets and removes the horizon', async () => {
    ok(WEATHER);
    await setHorizon(7, [
      [0, 3],
      [180, 2],
    ]);
    expect(calls[0][0]).toBe('/api/web/project/horizon');
    expect(jsonBody()).toEqual({ projectId: 7, profile: [[0, 3], [180, 2]] });
    expect(horizonSetBody.safeParse(jsonBody()).success).toBe(true);
    ok(WEATHER);
    await setHorizon(7, null);
    expect(jsonBody(1)).toEqual({ projectId: 7, profile: null });
  });

  it('uploads a weather file as multipart field `file`', async () => {
    ok({ ...WEATHER, choice: 'file' });
    await uploadWeatherFile(7, new Blob(['LOCATION,Amsterdam']), 'NLD_Amsterdam062400_IWEC.epw');
    expect(calls[0][0]).toBe('/api/web/project/weather/upload?projectId=7');
    expect(calls[0][1].method).toBe('POST');
    const form = calls[0][1].body as FormData;
    expect((form.get('file') as File).name).toBe('NLD_Amsterdam062400_IWEC.epw');
    ok(WEATHER);
    await uploadHorizon(7, new Blob(['0,3\n180,2']), 'horizon.csv');
    expect(calls[1][0]).toBe('/api/web/project/horizon/upload?projectId=7');
    expect(((calls[1][1].body as FormData).get('file') as File).name).toBe('horizon.csv');
  });

  it("rejects a refused upload with the server's reason and no toast", async () => {
    const msg = "file: weather file line 1: format not recognised: 'hello' …";
    answer(400, { code: 400, msg, data: { error: 'VALIDATION', field: 'file' } });
    const e = await uploadWeatherFile(7, new Blob(['hello']), 'hello.txt').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).message).toBe(msg);
    expect(events).toEqual([]);
  });
});
