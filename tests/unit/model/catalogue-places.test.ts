// Place search of the gazetteer (src/model/catalogue/places.ts): ranking, the comma qualifier, Chinese
// names with and without their administrative suffix, labels and the great-circle distance.
import { describe, expect, it } from 'vitest';
import { distanceKm, EARTH_RADIUS_KM, isChinese, makePlace, placeLabel, searchPlaces, zhStem } from '../../../src/model/catalogue/places.ts';

const places = [
  makePlace('Hangzhou', 'Zhejiang', 'China', 'CN', 30.29, 120.16, { name: '杭州市', state: '浙江省', country: '中国' }),
  makePlace('Huzhou', 'Zhejiang', 'China', 'CN', 30.87, 120.09, { name: '湖州市', state: '浙江省', country: '中国' }),
  makePlace('Taizhou', 'Zhejiang', 'China', 'CN', 28.66, 121.43, { name: '台州市', state: '浙江省', country: '中国' }),
  makePlace('Taizhou', 'Jiangsu', 'China', 'CN', 32.49, 119.91, { name: '泰州市', state: '江苏省', country: '中国' }),
  makePlace('Springfield', 'Illinois', 'United States', 'US', 39.8, -89.64),
];

describe('gazetteer search', () => {
  it('matches Chinese names with or without 市/省, and narrows by a Chinese province after a comma', () => {
    expect(searchPlaces(places, '杭州').map((p) => p.name)).toEqual(['Hangzhou']);
    expect(searchPlaces(places, '杭州市').map((p) => p.name)).toEqual(['Hangzhou']);
    expect(searchPlaces(places, '台州').map((p) => p.state)).toEqual(['Zhejiang']);
    expect(searchPlaces(places, 'Taizhou，江苏').map((p) => p.nameZh)).toEqual(['泰州市']);
    expect(searchPlaces(places, 'Taizhou, 浙江省').map((p) => p.nameZh)).toEqual(['台州市']);
    // Places without a Chinese name are not found by Chinese text.
    expect(searchPlaces(places, '春田')).toEqual([]);
  });

  it('applies a filter and a limit', () => {
    expect(searchPlaces(places, 'h', 10, (p) => p.countryCode === 'CN').map((p) => p.name)).toEqual(['Huzhou', 'Hangzhou', 'Taizhou', 'Taizhou']);
    expect(searchPlaces(places, 'zhou', 2)).toHaveLength(2);
  });

  it('strips administrative suffixes but keeps two-character names whole', () => {
    expect(zhStem('新疆维吾尔自治区')).toBe('新疆');
    expect(zhStem('香港特别行政区')).toBe('香港');
    expect(zhStem('上海市')).toBe('上海');
    expect(zhStem('沙市')).toBe('沙市');
    expect(isChinese('Hangzhou 杭州')).toBe(true);
    expect(isChinese('Hangzhou')).toBe(false);
  });

  it('labels in English or Chinese, without repeating a municipality', () => {
    const sh = makePlace('Shanghai', 'Shanghai', 'China', 'CN', 31.22, 121.46, { name: '上海市', state: '上海市', country: '中国' });
    expect(placeLabel(sh)).toBe('Shanghai, China');
    expect(placeLabel(sh, 'zh')).toBe('上海市, 中国');
    expect(placeLabel(places[4], 'zh')).toBe('Springfield, Illinois, United States');
  });
});

describe('great-circle distance', () => {
  it('matches the Rosetta Code haversine example: BNA → LAX = 2887.2599506 km on a 6372.8 km sphere', () => {
    // Rosetta Code "Haversine formula": (36.12, −86.67) to (33.94, −118.40) with R = 6372.8 km.
    const d = distanceKm(36.12, -86.67, 33.94, -118.4) * (6372.8 / EARTH_RADIUS_KM);
    expect(d).toBeCloseTo(2887.2599506, 6);
  });

  it('is zero at the same point and half the circumference between antipodes', () => {
    expect(distanceKm(31.2, 121.5, 31.2, 121.5)).toBe(0);
    expect(distanceKm(0, 0, 0, 180)).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 9);
  });
});
