// EPW reader on the ASHRAE IWEC Amsterdam file. Field numbers follow the EnergyPlus EPW data
// dictionary (Auxiliary Programs, "EnergyPlus Weather File (EPW) Data Dictionary"); expected values are
// read straight from the file (raw lines quoted).
import { describe, expect, it } from 'vitest';
import { assertValidRecord, isPvgisEpw, parseEpw, presentColumns } from '../../../src/weather/index.ts';
import { FILES, iso, readWeatherText } from './data.ts';

const text = readWeatherText(FILES.epw);
const rec = parseEpw(text);

describe('EPW reader (NLD_Amsterdam062400_IWEC.epw)', () => {
  it('reads LOCATION,AMSTERDAM,-,NLD,IWEC Data,062400,52.30,4.77,1.0,-2.0', () => {
    expect(rec.site).toEqual({ name: 'AMSTERDAM', latitude: 52.3, longitude: 4.77, elevation: -2, utcOffset: 1 });
    expect(rec.source).toBe('epw');
    expect(rec.meta).toMatchObject({ stationId: '062400', country: 'NLD', dataSource: 'IWEC Data' });
    expect(rec.meta.state).toBeUndefined(); // '-' in the file
    expect(rec.meta.notes?.[0]).toMatch(/^"?IWEC- WMO#062400/);
    expect(isPvgisEpw(text)).toBe(false);
  });

  it('has 8760 hourly rows after the 8 header lines', () => {
    expect(rec.times.length).toBe(8760);
    expect(() => assertValidRecord(rec)).not.toThrow();
  });

  it('turns hour-ending local standard time (UTC+1) into interval starts in UTC on 1990', () => {
    // Line 9 "1995,1,1,1,60,…": 00:00–01:00 local on 1 January → 23:00Z the day before.
    expect(iso(rec.times[0])).toBe('1989-12-31T23:00:00.000Z');
    // Line 8768 "1990,12,31,24,60,…": 23:00–24:00 local → 22:00Z.
    expect(iso(rec.times[8759])).toBe('1990-12-31T22:00:00.000Z');
    expect(rec.meta.coercedYear).toBe(1990);
    expect(rec.meta.monthsSelected?.map((m) => m.year)).toEqual([1995, 1999, 1982, 1985, 1995, 1996, 1985, 1982, 1985, 1983, 1983, 1990]);
  });

  it('reads the fields of a summer noon row as written', () => {
    // Line 4125: 1996,6,21,13,60,A7A7E8E8*0G9…,12.1,7.5,73,100900,1155,1322,340,411,13,399,47700,1200,46700,
    //            17100,280,6.2,9,9,25.0,1500,0,939999999,0,0.2450,0,88,0.000,0.0,0.0
    const i = 4116; // 171 days × 24 + 12
    expect(iso(rec.times[i])).toBe('1990-06-21T11:00:00.000Z');
    expect(rec.tempAir[i]).toBe(12.1); // field 7
    expect(rec.dewPoint?.[i]).toBe(7.5); // field 8
    expect(rec.relativeHumidity?.[i]).toBe(73); // field 9
    expect(rec.pressure?.[i]).toBe(100900); // field 10 [Pa]
    expect(rec.infraredHorizontal?.[i]).toBe(340); // field 13
    expect(rec.ghi[i]).toBe(411); // field 14
    expect(rec.dni[i]).toBe(13); // field 15
    expect(rec.dhi[i]).toBe(399); // field 16
    expect(rec.windDirection?.[i]).toBe(280); // field 21
    expect(rec.windSpeed[i]).toBe(6.2); // field 22
  });

  it('reads the first row', () => {
    // Line 9: 1995,1,1,1,60,…,5.1,1.8,79,100100,0,1415,288,0,0,0,0,0,0,0,340,6.7,…
    expect([rec.tempAir[0], rec.dewPoint?.[0], rec.relativeHumidity?.[0], rec.pressure?.[0]]).toEqual([5.1, 1.8, 79, 100100]);
    expect([rec.infraredHorizontal?.[0], rec.ghi[0], rec.windDirection?.[0], rec.windSpeed[0]]).toEqual([288, 0, 340, 6.7]);
  });

  it('leaves out albedo, which this file gives as 0.000 ("not given") in every row (field 33)', () => {
    expect(rec.albedo).toBeUndefined();
    expect(presentColumns(rec)).toEqual([
      'ghi', 'dni', 'dhi', 'tempAir', 'windSpeed', 'relativeHumidity', 'pressure', 'dewPoint', 'windDirection', 'infraredHorizontal',
    ]);
  });

  it('keeps the years of an actual (consecutive) year instead of mapping it onto 1990', () => {
    // The same rows with every year set to 2021: hour after hour in real time, so nothing is coerced.
    const lines = text.split('\n').map((l, i) => (i >= 8 && l ? l.replace(/^\d{4},/, '2021,') : l));
    const r = parseEpw(lines.join('\n'));
    expect(iso(r.times[0])).toBe('2020-12-31T23:00:00.000Z');
    expect(iso(r.times[8759])).toBe('2021-12-31T22:00:00.000Z');
    expect(r.meta.coercedYear).toBeUndefined();
    expect(r.meta.monthsSelected).toBeUndefined();
  });

  it('reads a real albedo and marks the EPW missing code 999 as NaN', () => {
    const lines = text.split('\n');
    const f9 = lines[8].split(',');
    f9[32] = '0.180';
    const f10 = lines[9].split(',');
    f10[32] = '999';
    lines[8] = f9.join(',');
    lines[9] = f10.join(',');
    const r = parseEpw(lines.join('\n'));
    expect(r.albedo?.[0]).toBe(0.18);
    expect(r.albedo?.[1]).toBeNaN();
  });
});

describe('EPW reader errors', () => {
  const lines = text.split('\n');
  const withField = (lineNo: number, field: number, value: string): string => {
    const copy = [...lines];
    const f = copy[lineNo - 1].split(',');
    f[field - 1] = value;
    copy[lineNo - 1] = f.join(',');
    return copy.join('\n');
  };

  it('names the line and field of a value that is not a number', () => {
    expect(() => parseEpw(withField(9, 14, 'abc'))).toThrow("EPW line 9, field 14 (global horizontal radiation): 'abc' is not a number");
  });

  it('names the line and field of a missing value in a required field', () => {
    expect(() => parseEpw(withField(12, 15, '9999'))).toThrow('EPW line 12, field 15 (direct normal radiation): missing value 9999 in a required field');
  });

  it('refuses sub-hourly data', () => {
    expect(() => parseEpw(withField(9, 5, '30'))).toThrow('EPW line 9, field 5 (minute): minute 30: only hourly EPW');
  });

  it('names the line of a short row', () => {
    const copy = [...lines];
    copy[100] = copy[100].split(',').slice(0, 10).join(',');
    expect(() => parseEpw(copy.join('\n'))).toThrow('EPW line 101: a data row needs at least 22 fields, found 10');
  });

  it('refuses a text without the LOCATION line', () => {
    expect(() => parseEpw(lines.slice(1).join('\n'))).toThrow('EPW line 1: the first line must start with LOCATION');
  });
});
