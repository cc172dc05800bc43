// Horizon profile files (src/weather/horizon-file.ts): pvlib's CSV fixture read exactly; the PVGIS
// printhorizon JSON and text forms converted to compass azimuth as pvlib's iotools.get_pvgis_horizon
// documents it ("The horizon azimuths are specified clockwise from north, e.g., south=180 … although
// the PVGIS website specifies south=0"; PVGIS: 0 = south, 90 = west, −90 = east), on small samples
// whose expected values are worked out by hand below; typed two-column text; and the errors.
import { describe, expect, it } from 'vitest';
import { detectHorizonFormat, parseHorizonFile, pvgisAzimuthToCompass } from '../../../src/weather/horizon-file.ts';
import { WeatherParseError } from '../../../src/weather/text.ts';
import { readWeatherText } from './data.ts';

/** The fixture's rows as printed in the file (pvlib tests/data/test_read_pvgis_horizon.csv). */
const FIXTURE_ELEVATIONS = [
  9.9, 13, 14.5, 15.7, 14.9, 15.3, 15.7, 15.7, 13, 11.5, 11.1, 11.5, 10.3, 11.5, 10.3, 9.5, 10.7, 11.8, 11.8, 8.8, 8.4, 7.3, 5.7, 5.7, 4.6, 3.4, 0.8, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 1.1, 1.9, 3.8, 5, 6.5, 9.2,
];

function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('did not throw');
}

describe('pvlib CSV (the fixture)', () => {
  it('reads the 48 rows exactly: azimuth 0, 7.5, …, 352.5 and the file’s elevations', () => {
    const text = readWeatherText('test_read_pvgis_horizon.csv');
    expect(detectHorizonFormat(text)).toBe('pvlib-csv');
    const profile = parseHorizonFile(text);
    expect(profile).toHaveLength(48);
    expect(profile.map((p) => p[0])).toEqual(Array.from({ length: 48 }, (_, k) => k * 7.5));
    expect(profile.map((p) => p[1])).toEqual(FIXTURE_ELEVATIONS);
    expect(profile[0]).toEqual([0, 9.9]);
    expect(profile[47]).toEqual([352.5, 9.2]);
  });

  it('names the line of a bad value', () => {
    const e = thrown(() => parseHorizonFile('horizon_azimuth,horizon_elevation\n0,1\n7.5,abc\n'));
    expect(e).toBeInstanceOf(WeatherParseError);
    expect(e.message).toMatch(/line 3/);
    expect(thrown(() => parseHorizonFile('horizon_azimuth,horizon_elevation\n0,1\n7.5,95\n')).message).toMatch(/line 3.*elevation 95/);
  });
});

describe('PVGIS printhorizon', () => {
  // A hand-made profile in PVGIS' convention, A from south (0 = S, 90 = W, −90 = E, ±180 = N):
  //   A −180 (N) 5, −90 (E) 10, 0 (S) 2, 90 (W) 8, 180 (N again) 5.
  // Compass azimuth = A + 180: N 0 → 5, E 90 → 10, S 180 → 2, W 270 → 8; the 360 duplicate of north is
  // dropped (pvlib keeps index < 360).
  const expected = [
    [0, 5],
    [90, 10],
    [180, 2],
    [270, 8],
  ];

  it('converts A to compass azimuth: south 0 → 180, west 90 → 270, east −90 → 90, north ±180 → 0', () => {
    expect(pvgisAzimuthToCompass(0)).toBe(180);
    expect(pvgisAzimuthToCompass(90)).toBe(270);
    expect(pvgisAzimuthToCompass(-90)).toBe(90);
    expect(pvgisAzimuthToCompass(-180)).toBe(0);
    expect(pvgisAzimuthToCompass(172.5)).toBe(352.5);
  });

  it('JSON (outputs.horizon_profile)', () => {
    const json = JSON.stringify({
      inputs: { location: { latitude: 45.809, longitude: 8.632, elevation: 223 }, horizon_db: 'DEM-calculated' },
      outputs: {
        horizon_profile: [
          { A: -180, H_hor: 5 },
          { A: -90, H_hor: 10 },
          { A: 0, H_hor: 2 },
          { A: 90, H_hor: 8 },
          { A: 180, H_hor: 5 },
        ],
        winter_solstice: [{ 'A_sun(w)': -52.9, 'H_sun(w)': 0 }],
        summer_solstice: [{ 'A_sun(s)': -120.1, 'H_sun(s)': 0 }],
      },
      meta: {},
    });
    expect(detectHorizonFormat(json)).toBe('pvgis-json');
    expect(parseHorizonFile(json)).toEqual(expected);
  });

  it('JSON of the fixture’s site: the fixture itself (what pvlib’s get_pvgis_horizon test asserts)', () => {
    // PVGIS' answer for 35.171051, −106.465158 is the fixture with A = azimuth − 180, plus A = 180.
    const rows = FIXTURE_ELEVATIONS.map((h, k) => ({ A: k * 7.5 - 180, H_hor: h }));
    rows.push({ A: 180, H_hor: FIXTURE_ELEVATIONS[0] });
    const profile = parseHorizonFile(JSON.stringify({ outputs: { horizon_profile: rows } }));
    expect(profile).toEqual(FIXTURE_ELEVATIONS.map((h, k) => [k * 7.5, h]));
  });

  it('text output: header lines, the tab-separated table, legend and footer', () => {
    const text = [
      'Latitude (decimal degrees):\t45.809',
      'Longitude (decimal degrees):\t8.632',
      '',
      'A\tH_hor\tA_sun(w)\tH_sun(w)\tA_sun(s)\tH_sun(s)',
      '-180.0\t5.0\t-52.9\t0.0\t-120.1\t0.0',
      '-90.0\t10.0\t-45.3\t4.6\t-112.4\t5.0',
      '0.0\t2.0\t-37.2\t9.6\t-104.4\t10.6',
      '90.0\t8.0\t-28.5\t14.0\t-95.9\t16.4',
      '180.0\t5.0\t-19.1\t17.7\t-86.4\t22.3',
      '',
      'A: Azimuth (0 = S, 90 = W, -90 = E) (degree)',
      'H_hor: Horizon height (degree)',
      'A_sun(w): Sun azimuth in the winter solstice (Dec 21) (degree)',
      'H_sun(w): Sun height in the winter solstice (Dec 21) (degree)',
      'A_sun(s): Sun azimuth in the summer solstice (June 21) (degree)',
      'H_sun(s): Sun height in the summer solstice (June 21) (degree)',
      '',
      'PVGIS (c) European Union, 2001-2024',
      '',
    ].join('\r\n');
    expect(detectHorizonFormat(text)).toBe('pvgis-text');
    expect(parseHorizonFile(text)).toEqual(expected);
  });

  it('names the line of an azimuth outside −180…180 in the text form', () => {
    const text = 'A\tH_hor\n-180\t1\n200\t3\n';
    expect(thrown(() => parseHorizonFile(text)).message).toMatch(/line 3/);
  });

  it('a JSON document that is not a horizon is not recognised', () => {
    const e = thrown(() => parseHorizonFile('{"outputs": {"tmy_hourly": []}}'));
    expect(e.message.startsWith('format not recognised')).toBe(true);
  });
});

describe('typed two-column text', () => {
  it('comma, semicolon, tab or blanks; an optional header; # comments', () => {
    const profile = [
      [0, 5],
      [90, 12.5],
      [180, 0],
      [270, 3],
    ];
    expect(parseHorizonFile('0,5\n90,12.5\n180,0\n270,3\n')).toEqual(profile);
    expect(parseHorizonFile('azimuth;elevation\n0;5\n90;12.5\n180;0\n270;3')).toEqual(profile);
    expect(parseHorizonFile('# measured 2025-03-02\n0\t5\n90\t12.5\n\n180\t0\n270 3\n')).toEqual(profile);
    expect(detectHorizonFormat('0 5\n90 12.5')).toBe('plain');
  });

  it('checks ranges and the point count, naming the line', () => {
    expect(thrown(() => parseHorizonFile('0,5\n400,1\n')).message).toMatch(/line 2.*azimuth 400/);
    expect(thrown(() => parseHorizonFile('0,5\n90,-20\n')).message).toMatch(/line 2.*elevation -20/);
    expect(thrown(() => parseHorizonFile('0,5\n')).message).toMatch(/needs at least 2/);
  });
});

describe('unrecognised text', () => {
  it("throws 'format not recognised …' naming the line", () => {
    const first = thrown(() => parseHorizonFile('Dear installer,\nplease find the horizon attached\n'));
    expect(first).toBeInstanceOf(WeatherParseError);
    expect(first.message.startsWith('format not recognised')).toBe(true);
    expect(first.message).toMatch(/line 1\b/);
    const third = thrown(() => parseHorizonFile('azimuth,elevation\n0,5\n90 degrees east,12\n180,3\n'));
    expect(third.message.startsWith('format not recognised')).toBe(true);
    expect(third.message).toMatch(/line 3\b/);
    expect(third.message).toContain('90 degrees east');
    expect(thrown(() => parseHorizonFile('\n\n   \n')).message.startsWith('format not recognised')).toBe(true);
  });
});
