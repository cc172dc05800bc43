// PVGIS TMY client against a local HTTP server (127.0.0.1, port 0) that replays the shared PVGIS TMY
// JSON as PVGIS's answer, and PVGIS's error shape for a refused request: HTTP 400 with
// {"message": …, "status": 400} (pvlib get_pvgis_tmy raises that message the same way). Checks the
// query PVGIS receives (lat, lon, outputformat=json, usehorizon, userhorizon, startyear, endyear —
// PVGIS 5.3 API, tmy tool), the parsed record and the cache.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryWeatherCache,
  PVGIS_API_BASE,
  PvgisClient,
  PvgisError,
  pvgisTmyUrl,
  type PvgisCacheEntry,
  type WeatherCache,
} from '../../../src/weather/index.ts';
import { FILES, iso, readWeatherText } from './data.ts';

const body = readWeatherText(FILES.pvgisJson);
/** An example of PVGIS's refusal message for a point with no data. */
const SEA = 'Location over the sea. Please, select another location';

let server: Server;
let base: string;
const requests: URL[] = [];
/** Responses still open (the "never answers" route), closed after the tests. */
const hanging: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    if (url.pathname === '/slow/tmy') {
      hanging.push(req);
      return; // never answers
    }
    if (url.pathname === '/broken/tmy') {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
      return;
    }
    if (url.pathname === '/garbled/tmy') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"inputs": {}}');
      return;
    }
    if (url.pathname !== '/api/v5_3/tmy') {
      res.writeHead(404).end();
      return;
    }
    if (url.searchParams.get('lat') === '40' && url.searchParams.get('lon') === '-30') {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: SEA, status: 400 }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const req of hanging) req.socket.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('pvgisTmyUrl', () => {
  it('builds the PVGIS 5.3 tmy query', () => {
    expect(pvgisTmyUrl({ latitude: 45, longitude: 8 })).toBe(
      'https://re.jrc.ec.europa.eu/api/v5_3/tmy?lat=45&lon=8&outputformat=json&usehorizon=1',
    );
    expect(PVGIS_API_BASE).toBe('https://re.jrc.ec.europa.eu/api/v5_3/');
  });

  it('refuses impossible requests before sending them', () => {
    expect(() => pvgisTmyUrl({ latitude: 95, longitude: 8 })).toThrow('latitude 95 is not within −90…90°');
    expect(() => pvgisTmyUrl({ latitude: 45, longitude: 8, startYear: 2020, endYear: 2010 })).toThrow('endYear 2010 is before startYear 2020');
    expect(() => pvgisTmyUrl({ latitude: 45, longitude: 8, useHorizon: false, userHorizon: [0, 5] })).toThrow('userHorizon needs useHorizon');
  });
});

describe('PvgisClient against a local PVGIS', () => {
  it('sends the query parameters, parses the answer, and serves the second call from the cache', async () => {
    const cache = new MemoryWeatherCache();
    const client = new PvgisClient({ baseUrl: `${base}/api/v5_3/`, cache });
    const before = requests.length;
    const first = await client.tmy({ latitude: 45, longitude: 8, startYear: 2005, endYear: 2023 });
    expect(requests.length).toBe(before + 1);
    const q = requests[requests.length - 1];
    expect(q.pathname).toBe('/api/v5_3/tmy');
    expect(Object.fromEntries(q.searchParams)).toEqual({
      lat: '45', lon: '8', outputformat: 'json', usehorizon: '1', startyear: '2005', endyear: '2023',
    });
    expect(first.fromCache).toBe(false);
    // The replayed file: 8760 hours, location 45/8/250 m, first hour "20180101:0000" T2m 2.04.
    expect(first.record.source).toBe('pvgis-json');
    expect(first.record.times.length).toBe(8760);
    expect(first.record.site).toMatchObject({ latitude: 45, longitude: 8, elevation: 250 });
    expect(iso(first.record.times[0])).toBe('1990-01-01T00:00:00.000Z');
    expect(first.record.tempAir[0]).toBe(2.04);
    expect(cache.size).toBe(1);

    const second = await client.tmy({ latitude: 45, longitude: 8, startYear: 2005, endYear: 2023 });
    expect(requests.length).toBe(before + 1); // nothing sent
    expect(second.fromCache).toBe(true);
    expect(second.record.ghi).toEqual(first.record.ghi);
  });

  it('sends usehorizon=0 and a user horizon', async () => {
    const client = new PvgisClient({ baseUrl: `${base}/api/v5_3` }); // no trailing slash
    await client.tmy({ latitude: 45.123456, longitude: 8.5, useHorizon: true, userHorizon: [0, 5.5, 10] });
    const q = requests[requests.length - 1];
    expect(q.searchParams.get('lat')).toBe('45.1235'); // 4 decimals
    expect(q.searchParams.get('userhorizon')).toBe('0,5.5,10');
    await client.tmy({ latitude: 45, longitude: 8, useHorizon: false });
    expect(requests[requests.length - 1].searchParams.get('usehorizon')).toBe('0');
  });

  it("turns HTTP 400 into an error carrying PVGIS's message, and caches nothing", async () => {
    const cache = new MemoryWeatherCache();
    const client = new PvgisClient({ baseUrl: `${base}/api/v5_3/`, cache });
    const err = await client.tmy({ latitude: 40, longitude: -30 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PvgisError);
    expect((err as PvgisError).status).toBe(400);
    expect((err as Error).message).toBe(`PVGIS refused the request (HTTP 400): ${SEA}`);
    expect(cache.size).toBe(0);
  });

  it('reports a non-JSON error answer with its status', async () => {
    const client = new PvgisClient({ baseUrl: `${base}/broken/` });
    await expect(client.tmy({ latitude: 45, longitude: 8 })).rejects.toThrow('PVGIS answered HTTP 502 Bad Gateway: <html>Bad Gateway</html>');
  });

  it('reports an answer that is not a TMY', async () => {
    const client = new PvgisClient({ baseUrl: `${base}/garbled/` });
    await expect(client.tmy({ latitude: 45, longitude: 8 })).rejects.toThrow(/^PVGIS answered with a TMY that cannot be read: PVGIS JSON field inputs\.location/);
  });

  it('gives up after the timeout', async () => {
    const client = new PvgisClient({ baseUrl: `${base}/slow/`, timeoutMs: 300 });
    await expect(client.tmy({ latitude: 45, longitude: 8 })).rejects.toThrow('PVGIS did not answer within 0.3 s');
  });

  it('reports a server that cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = new PvgisClient({ baseUrl: `http://127.0.0.1:${port}/api/` });
    await expect(client.tmy({ latitude: 45, longitude: 8 })).rejects.toThrow(`cannot reach PVGIS at http://127.0.0.1:${port}/api/tmy?`);
  });

  it('uses any WeatherCache implementation, and never calls PVGIS on a hit', async () => {
    const url = pvgisTmyUrl({ latitude: 45, longitude: 8 }, 'https://pvgis.invalid/api/');
    const store = new Map<string, PvgisCacheEntry>([[url, { url, body, fetchedAt: '2025-01-01T00:00:00.000Z' }]]);
    const gets: string[] = [];
    const cache: WeatherCache = {
      async get(key) {
        gets.push(key);
        return store.get(key);
      },
      async put(key, value) {
        store.set(key, value);
      },
    };
    const client = new PvgisClient({
      baseUrl: 'https://pvgis.invalid/api/',
      cache,
      fetch: () => Promise.reject(new Error('must not be called')),
    });
    const r = await client.tmy({ latitude: 45, longitude: 8 });
    expect(r.fromCache).toBe(true);
    expect(gets).toEqual([url]);
    expect(r.record.times.length).toBe(8760);
  });

  it('shares one download between simultaneous identical requests', async () => {
    const client = new PvgisClient({ baseUrl: `${base}/api/v5_3/` });
    const before = requests.length;
    const [a, b] = await Promise.all([client.tmy({ latitude: 44, longitude: 7 }), client.tmy({ latitude: 44, longitude: 7 })]);
    expect(requests.length).toBe(before + 1);
    expect(a.record.times.length).toBe(b.record.times.length);
  });
});
