// The record built from simulate's hourly arrays (docs/ENGINE-API.md: times are interval starts with a
// zone) and the record shape checks every consumer relies on.
import { describe, expect, it } from 'vitest';
import { assertValidRecord, recordFromHourly, type WeatherSite } from '../../../src/weather/index.ts';

const site: WeatherSite = { name: 'test', latitude: 45, longitude: 8, elevation: 250, utcOffset: 0 };
const hourly = {
  times: ['2025-06-21T10:00:00Z', '2025-06-21T11:00:00Z', '2025-06-21T13:00:00+01:00'],
  ghi: [700, 800, 820],
  dni: [600, 700, 710],
  dhi: [120, 110, 115],
  tempAir: [24, 26, 27],
  windSpeed: [1, 2, 3],
  albedo: [0.2, 0.2, 0.2],
};

describe('recordFromHourly', () => {
  it('turns ISO instants (any zone) into UTC interval starts and keeps the values', () => {
    const r = recordFromHourly(hourly, site);
    expect(Array.from(r.times, (t) => new Date(t).toISOString())).toEqual([
      '2025-06-21T10:00:00.000Z',
      '2025-06-21T11:00:00.000Z',
      '2025-06-21T12:00:00.000Z',
    ]);
    expect(r.intervalMinutes).toBe(60);
    expect(Array.from(r.ghi)).toEqual([700, 800, 820]);
    expect(Array.from(r.albedo ?? [])).toEqual([0.2, 0.2, 0.2]);
    expect(r.pressure).toBeUndefined();
    expect(r.source).toBe('hourly');
  });

  it('names a column of the wrong length', () => {
    expect(() => recordFromHourly({ ...hourly, dhi: [1, 2] }, site)).toThrow('weather.hourly.dhi has 2 values, times has 3');
  });

  it('names a time without a zone', () => {
    expect(() => recordFromHourly({ ...hourly, times: ['2025-06-21T10:00:00Z', '2025-06-21 11:00', '2025-06-21T12:00:00Z'] }, site)).toThrow(
      "weather.hourly.times.1: '2025-06-21 11:00' is not an ISO 8601 date-time with a zone",
    );
  });

  it('refuses a gap in the times', () => {
    expect(() => recordFromHourly({ ...hourly, times: ['2025-06-21T10:00:00Z', '2025-06-21T11:00:00Z', '2025-06-21T13:00:00Z'] }, site)).toThrow(
      'weather times are not spaced by 60 min at index 2',
    );
  });

  it('refuses a non-finite required value', () => {
    const r = recordFromHourly(hourly, site);
    r.dni[1] = NaN;
    expect(() => assertValidRecord(r)).toThrow('weather column dni is not a finite number at index 1');
  });
});
