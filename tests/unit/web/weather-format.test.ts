// What the weather card computes (src/web/components/weather/weather-format.ts): the weatherStation
// value in effect, station names by language, the default-station rule (150 km, 500 m — the server's
// constants), the numbers as shown, the elevation range (the server's rule) and the chart's scale.
import { describe, expect, it } from 'vitest';
import { weatherSetBody } from '../../../src/model/api/weather.ts';
import { XUJIAHUI } from './weather-fixtures.ts';
import {
  axisTicks,
  ELEVATION_RANGE_M,
  formatKm,
  formatKwh,
  formatSignedM,
  formatTemp,
  monthNames,
  niceCeiling,
  ruleBreaches,
  stationTitle,
  weatherValue,
} from '../../../src/web/components/weather/weather-format.ts';
import { STATION_MAX_ALTITUDE_DIFF_M, STATION_MAX_DISTANCE_KM } from '../../../src/weather/stations.ts';


const source = { kind: 'station' as const, id: '58367', name: '上海（徐家汇） Shanghai (Xujiahui)', estimate: false, citation: null };

describe('the weatherStation value in effect', () => {
  it('is the station number for a picked station, the choice otherwise', () => {
    expect(weatherValue({ choice: 'station', station: XUJIAHUI, source })).toBe('58367');
    expect(weatherValue({ choice: 'station', station: null, source })).toBe('58367');
    expect(weatherValue({ choice: 'auto', station: XUJIAHUI, source })).toBe('auto');
    for (const c of ['file', 'pvgis', 'estimate'] as const) expect(weatherValue({ choice: c, station: null, source })).toBe(c);
  });
});

describe('station names', () => {
  it('in the interface language, with the province', () => {
    expect(stationTitle(XUJIAHUI, true)).toBe('上海（徐家汇） · 上海');
    expect(stationTitle(XUJIAHUI, false)).toBe('Shanghai (Xujiahui) · Shanghai');
  });

  it('leave out a province equal to the name, and fall back to the other language', () => {
    expect(stationTitle({ ...XUJIAHUI, nameZh: '上海', nameEn: '' }, false)).toBe('上海 · Shanghai');
    expect(stationTitle({ ...XUJIAHUI, nameZh: '上海' }, true)).toBe('上海');
  });
});

describe('the default-station rule', () => {
  it('is the server’s: 150 km and 500 m of altitude difference', () => {
    expect(STATION_MAX_DISTANCE_KM).toBe(150);
    expect(STATION_MAX_ALTITUDE_DIFF_M).toBe(500);
  });

  it('names the rules a station breaks (the limits themselves still pass)', () => {
    expect(ruleBreaches(XUJIAHUI)).toEqual([]);
    expect(ruleBreaches({ distance: 150, altitudeDiff: -500 })).toEqual([]);
    expect(ruleBreaches({ distance: 150.01, altitudeDiff: null })).toEqual(['distance']);
    expect(ruleBreaches({ distance: 12, altitudeDiff: -501 })).toEqual(['altitude']);
    // Lhasa from Shanghai with the site's elevation given: 2,904 km and 3,642 m higher
    expect(ruleBreaches({ distance: 2904.19, altitudeDiff: 3642 })).toEqual(['distance', 'altitude']);
    expect(ruleBreaches({ distance: null, altitudeDiff: null })).toEqual([]);
  });
});

describe('numbers as shown', () => {
  it('distances: one decimal below 100 km, whole kilometres with thousands above', () => {
    expect(formatKm(4.83)).toBe('4.8');
    expect(formatKm(35.91)).toBe('35.9');
    expect(formatKm(2904.19)).toBe('2,904');
    expect(formatKm(null)).toBe('—');
  });

  it('altitude differences with their sign (a true minus)', () => {
    expect(formatSignedM(312.4)).toBe('+312');
    expect(formatSignedM(-45.2)).toBe('−45');
    expect(formatSignedM(3641.5)).toBe('+3,642');
    expect(formatSignedM(0.3)).toBe('0');
    expect(formatSignedM(null)).toBe('—');
  });

  it('irradiation in whole kWh/m², temperatures with one decimal', () => {
    expect(formatKwh(1174.3)).toBe('1,174');
    expect(formatKwh(1990.3)).toBe('1,990');
    expect(formatKwh(null)).toBe('—');
    expect(formatTemp(16.78)).toBe('16.8');
    expect(formatTemp(-3.04)).toBe('-3.0');
    expect(formatTemp(null)).toBe('—');
  });

  it('months in the interface language', () => {
    expect(monthNames('en')).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(monthNames('zh')[0]).toBe('1月');
    expect(monthNames('zh')[11]).toBe('12月');
  });
});

describe('the site elevation', () => {
  it('takes the range the server accepts', () => {
    const elevation = weatherSetBody.shape.elevation;
    expect(ELEVATION_RANGE_M).toEqual({ min: -500, max: 9000 });
    expect(elevation.safeParse(ELEVATION_RANGE_M.max).success).toBe(true);
    expect(elevation.safeParse(ELEVATION_RANGE_M.max + 1).success).toBe(false);
    expect(elevation.safeParse(ELEVATION_RANGE_M.min - 1).success).toBe(false);
  });
});

describe('the monthly chart’s axis', () => {
  it('ends at the next 1, 2, 2.5 or 5 × 10ⁿ', () => {
    expect(niceCeiling(176.4)).toBe(200);
    expect(niceCeiling(200)).toBe(200);
    expect(niceCeiling(201)).toBe(250);
    expect(niceCeiling(251)).toBe(500);
    expect(niceCeiling(90)).toBe(100);
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(Number.NaN)).toBe(1);
  });

  it('has round ticks: 25 for 100, 50 for 200 and 250, 100 for 500', () => {
    expect(axisTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(axisTicks(200)).toEqual([0, 50, 100, 150, 200]);
    expect(axisTicks(250)).toEqual([0, 50, 100, 150, 200, 250]);
    expect(axisTicks(500)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(axisTicks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});
