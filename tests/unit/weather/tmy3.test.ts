// TMY3 reader on NREL's Greensboro file (723170TYA.CSV). Expected values are read straight from the
// file (raw lines quoted) and from its README; times follow the TMY3 manual (Wilcox & Marion 2008,
// NREL/TP-581-43156: local standard time, hour ENDING), normalised to interval starts in UTC.
import { describe, expect, it } from 'vitest';
import { assertValidRecord, parseTmy3, presentColumns, WeatherParseError } from '../../../src/weather/index.ts';
import { FILES, iso, readWeatherText } from './data.ts';

const text = readWeatherText(FILES.tmy3);
const rec = parseTmy3(text);

describe('TMY3 reader (Greensboro 723170TYA.CSV)', () => {
  it('reads the station line: 723170,"GREENSBORO PIEDMONT TRIAD INT",NC,-5.0,36.100,-79.950,273', () => {
    expect(rec.site).toEqual({
      name: 'GREENSBORO PIEDMONT TRIAD INT',
      latitude: 36.1,
      longitude: -79.95,
      elevation: 273,
      utcOffset: -5,
    });
    expect(rec.source).toBe('tmy3');
    expect(rec.estimate).toBe(false);
    expect(rec.meta.stationId).toBe('723170');
    expect(rec.meta.state).toBe('NC');
  });

  it('has 8760 hourly rows, evenly spaced', () => {
    expect(rec.times.length).toBe(8760);
    expect(rec.intervalMinutes).toBe(60);
    expect(() => assertValidRecord(rec)).not.toThrow();
  });

  it('turns hour-ending local standard time into interval starts in UTC, on one reference year', () => {
    // First row "01/01/1988,01:00,…" is 00:00–01:00 EST (UTC−5) → starts 05:00Z; mapped onto 1990
    // like pvlib read_tmy3(coerce_year=1990).
    expect(iso(rec.times[0])).toBe('1990-01-01T05:00:00.000Z');
    // Last row "12/31/1980,24:00,…" is 23:00–24:00 EST on 31 December → starts 04:00Z on 1 January.
    expect(iso(rec.times[8759])).toBe('1991-01-01T04:00:00.000Z');
    expect(rec.meta.coercedYear).toBe(1990);
  });

  it('records the year each month came from (README: January from 1988)', () => {
    expect(rec.meta.monthsSelected?.map((m) => m.year)).toEqual([
      1988, 1996, 1990, 1980, 1986, 1989, 1981, 2001, 2003, 1980, 1994, 1980,
    ]);
  });

  it('reads the values of a summer noon row as written', () => {
    // Line 4119: 06/21/1989,13:00,1287,1322,745,1,13,380,1,9,374,1,13,…,27.2,A,7,21.1,A,7,69,A,7,989,A,7,
    //            180,A,7,2.6,A,7,…  (row 4116 = 171 days × 24 + 12)
    const i = 4116;
    expect(iso(rec.times[i])).toBe('1990-06-21T17:00:00.000Z'); // 12:00–13:00 EST
    expect(rec.ghi[i]).toBe(745);
    expect(rec.dni[i]).toBe(380);
    expect(rec.dhi[i]).toBe(374);
    expect(rec.tempAir[i]).toBe(27.2);
    expect(rec.dewPoint?.[i]).toBe(21.1);
    expect(rec.relativeHumidity?.[i]).toBe(69);
    expect(rec.pressure?.[i]).toBe(98900); // 989 mbar → Pa
    expect(rec.windDirection?.[i]).toBe(180);
    expect(rec.windSpeed[i]).toBe(2.6);
  });

  it('reads the first and the 24:00 row', () => {
    // Line 3: 01/01/1988,01:00,0,0,0,…,10.0,A,7,6.1,A,7,77,A,7,993,A,7,200,A,7,6.2,A,7,…
    expect([rec.ghi[0], rec.tempAir[0], rec.relativeHumidity?.[0], rec.pressure?.[0], rec.windSpeed[0]]).toEqual([0, 10, 77, 99300, 6.2]);
    // Line 8762: 12/31/1980,24:00,0,0,0,…,2.2,A,7,0.6,A,7,89,A,7,980,A,7,180,A,7,2.6,A,7,…
    expect([rec.tempAir[8759], rec.dewPoint?.[8759], rec.relativeHumidity?.[8759], rec.pressure?.[8759]]).toEqual([2.2, 0.6, 89, 98000]);
  });

  it('leaves out the albedo column, which is 0.00 ("not given") in every row of this file', () => {
    // e.g. line 3 ends "…,0.000,?,0,0.00,?,0,0,1,D,9,00,C,8": AOD 0.000, Alb 0.00 with source "?".
    expect(rec.albedo).toBeUndefined();
    expect(presentColumns(rec)).toEqual(['ghi', 'dni', 'dhi', 'tempAir', 'windSpeed', 'relativeHumidity', 'pressure', 'dewPoint', 'windDirection']);
  });

  it('lays the rows on another reference year when asked', () => {
    const r = parseTmy3(text, { year: 2023 });
    expect(iso(r.times[0])).toBe('2023-01-01T05:00:00.000Z');
  });
});

describe('TMY3 reader errors', () => {
  const lines = text.split('\n');

  it('names the line and column of a value that is not a number', () => {
    const bad = [...lines];
    bad[4] = bad[4].replace(/^(01\/01\/1988,03:00,\d+,\d+,)0,/, '$1x,'); // GHI of line 5
    expect(() => parseTmy3(bad.join('\n'))).toThrow("TMY3 line 5, field GHI (W/m^2): 'x' is not a number");
  });

  it('names the line of a short row', () => {
    const bad = [...lines];
    bad[9] = bad[9].split(',').slice(0, 20).join(',');
    expect(() => parseTmy3(bad.join('\n'))).toThrow('TMY3 line 10: a data row needs 71 fields, found 20');
  });

  it('names the line of an hour out of range', () => {
    const bad = [...lines];
    bad[2] = bad[2].replace('01:00', '25:00');
    expect(() => parseTmy3(bad.join('\n'))).toThrow("TMY3 line 3, field Time (HH:MM): '25:00' is not an hour 01:00–24:00");
  });

  it('names the line of a missing hour', () => {
    const bad = [...lines];
    bad.splice(5, 1); // drop line 6 (01/01/1988 04:00)
    const err = (() => {
      try {
        parseTmy3(bad.join('\n'));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(WeatherParseError);
    expect((err as WeatherParseError).line).toBe(6);
    expect((err as Error).message).toContain('does not follow the previous row by one hour');
  });

  it('rejects a file without the TMY3 station line', () => {
    expect(() => parseTmy3('hello\n')).toThrow('TMY3 line 1:');
  });
});
