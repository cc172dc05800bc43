// A local server speaking the Nominatim search API (nominatim.org/release-docs/latest/api/Search):
// GET /search?q=…&format=jsonv2 answers a JSON array of places (lat/lon as decimal strings). Queries
// the fake knows: 'oriental pearl tower' (one place), 'broken' (HTTP 500 with Nominatim's error
// object), 'garbage' (a body that is not JSON), 'slow' (no answer for 5 s); anything else: [].
// Every answer closes its connection (no keep-alive reuse racing the server's idle close under load).
import { startFake, type FakeServer } from './http.ts';

/** The answer of the real server for "Oriental Pearl Tower" (format=jsonv2), trimmed to one place. */
export const PEARL_TOWER = {
  place_id: 1234567,
  licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
  osm_type: 'way',
  osm_id: 30949547,
  lat: '31.2397470',
  lon: '121.4998280',
  category: 'tourism',
  type: 'attraction',
  place_rank: 30,
  importance: 0.52,
  addresstype: 'tourism',
  name: 'Oriental Pearl Tower',
  display_name: 'Oriental Pearl Tower, 1, Century Avenue, Lujiazui, Pudong, Shanghai, 200120, China',
  boundingbox: ['31.2390', '31.2404', '121.4991', '121.5005'],
};

export async function startFakeNominatim(): Promise<FakeServer> {
  return startFake((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
      res.end(JSON.stringify(body));
    };
    if (req.url.pathname !== '/search') return json(404, { error: { code: 404, message: 'Not found' } });
    if (req.url.searchParams.get('format') !== 'jsonv2') return json(400, { error: { code: 400, message: 'Parameter format: unsupported' } });
    const q = (req.url.searchParams.get('q') ?? '').toLowerCase();
    if (q === 'broken') return json(500, { error: { code: 500, message: 'Internal Server Error' } });
    if (q === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html', connection: 'close' });
      return res.end('<html>maintenance</html>');
    }
    if (q === 'slow') {
      setTimeout(() => json(200, []), 5000);
      return;
    }
    if (q === 'oriental pearl tower') return json(200, [PEARL_TOWER, { ...PEARL_TOWER, lat: 'x', name: 'broken coordinates' }]);
    return json(200, []);
  });
}
