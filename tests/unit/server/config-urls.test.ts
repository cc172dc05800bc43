// The outside services' URLs in the environment (README "Outside services"): a URL that is not
// http(s) stops the start with a message naming its variable; defaults and trailing slashes as each
// service's client expects them (PVGIS keeps its path's slash, NodeODM's origin loses it).
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';

const base = { DEMO_PHONE: 'off' };

describe('service URLs in the configuration', () => {
  it('refuses a URL that is not http(s), naming the variable', () => {
    for (const name of ['PVGIS_URL', 'NODEODM_URL', 'GEOCODER_URL']) {
      expect(() => loadConfig({ ...base, [name]: 'ftp://example.org/' }), name).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, [name]: 'ftp://example.org/' }), name).toThrow(`${name} must be an http(s) URL, not ftp://example.org`);
    }
  });

  it('takes the defaults and the given URLs as each client needs them', () => {
    expect(loadConfig({ ...base, WEATHER_PROVIDER: 'pvgis' }).weather).toMatchObject({ kind: 'pvgis', baseUrl: 'https://re.jrc.ec.europa.eu/api/v5_3/' });
    expect(loadConfig({ ...base, NODEODM_URL: ' http://127.0.0.1:3000// ' }).drone.nodeodm).toEqual({ url: 'http://127.0.0.1:3000', token: null });
    expect(loadConfig(base).drone.nodeodm).toBeNull();
    expect(loadConfig(base).geocoder).toEqual({ kind: 'offline' });
    expect(loadConfig({ ...base, GEOCODER_URL: 'https://nominatim.example/' }).geocoder).toMatchObject({ kind: 'nominatim', baseUrl: 'https://nominatim.example/' });
  });
});
