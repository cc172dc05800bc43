// The station table (datasets/climate): parsed whole, its annual sums consistent with the producers'
// own annual column, the nearest-station choice by distance and altitude (the default rule: ≤ 150 km,
// ≤ 500 m of altitude when the site's elevation is known), and search by name, pinyin and province.
// Distances are checked against the spherical law of cosines (an independent formula for the same
// great circle, mean Earth radius 6,371.0088 km).
import { describe, expect, it } from 'vitest';
import { stationTable } from '../../../src/weather/station-table.ts';
import { annualSum, greatCircleKm, parseStationTable, pinyinName } from '../../../src/weather/stations.ts';

const table = stationTable();
const D2R = Math.PI / 180;

function lawOfCosinesKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const c = Math.sin(lat1 * D2R) * Math.sin(lat2 * D2R) + Math.cos(lat1 * D2R) * Math.cos(lat2 * D2R) * Math.cos((lon2 - lon1) * D2R);
  return 6371.0088 * Math.acos(Math.min(1, c));
}

describe('station table', () => {
  it('holds the 1,042 stations of every province, with 12 monthly values each', () => {
    expect(table.size).toBe(1042);
    expect(table.provinces()).toHaveLength(31); // no Hong Kong, Macau or Taiwan (README)
    for (const s of table.stations) {
      expect(s.ghi).toHaveLength(12);
      expect(s.dhi).toHaveLength(12);
      expect(s.tempAir).toHaveLength(12);
    }
  });

  it("reads Shanghai Xujiahui's row as the README states it (1,174 kWh/m² a year, 1991–2017)", () => {
    const s = table.byStationId('58367');
    expect(s).toMatchObject({ nameZh: '上海（徐家汇）', nameEn: 'Shanghai (Xujiahui)', nameEnIsPinyin: false, provinceEn: 'Shanghai', altitude: 8.6, level: 1 });
    expect(s?.ghiAnnual).toBeCloseTo(1174.3, 1);
    // README: Beijing 1,373, Guangzhou 1,243, Lhasa 1,990 kWh m⁻² a⁻¹
    expect(table.byStationId('54511')?.ghiAnnual).toBeCloseTo(1372.8, 1);
    expect(table.byStationId('59287')?.ghiAnnual).toBeCloseTo(1243.0, 1);
    expect(table.byStationId('55591')?.ghiAnnual).toBeCloseTo(1990.3, 1);
  });

  it("sums each station's monthly means to the producers' annual column (Feb 28.25 days) within 0.1 %", () => {
    for (const s of table.stations) expect(Math.abs(annualSum(s.ghi) / s.ghiAnnual - 1), s.id).toBeLessThan(0.001);
  });

  it('names every station in English: the producers\' name where they give one, else pinyin', () => {
    expect(table.stations.filter((s) => !s.nameEnIsPinyin)).toHaveLength(35); // README: the 35 level-1 stations
    expect(table.byStationId('50136')?.nameEn).toBe('Mohe'); // 漠河
    expect(pinyinName('乐山')).toBe('Leshan');
    expect(table.stations.filter((s) => !/^[A-Za-z0-9()' ]+$/.test(s.nameEn)).map((s) => s.nameEn)).toEqual([]); // no Chinese left
  });

  it('refuses a malformed row, naming its line', () => {
    const header = 'station_id,name_zh,name_en,province_zh,lat,lon,alt_m,level,data_first_year,data_last_year,years_used_min,ghi_annual_kwh_m2,ghi_annual_kwh_m2_1970_2017,' +
      ['ghi', 'dhi', 'tavg'].flatMap((p) => Array.from({ length: 12 }, (_, m) => `${p}_${String(m + 1).padStart(2, '0')}`)).join(',');
    const row = ['1', 'x', '', '北京', 'north', '1', '1', '1', '1', '1', '1', '1', '1', ...new Array(36).fill('1')].join(',');
    expect(() => parseStationTable(`${header}\n${row}\n`)).toThrow("station table line 2: lat 'north' is not a number");
  });
});

describe('nearest stations', () => {
  it('finds Shanghai Xujiahui 4.8 km from the city centre, then Baoshan and Nanhui', () => {
    const near = table.nearest(31.23, 121.47, 3);
    expect(near.map((n) => n.station.id)).toEqual(['58367', '58362', '58369']);
    for (const n of near) expect(n.distanceKm).toBeCloseTo(lawOfCosinesKm(31.23, 121.47, n.station.latitude, n.station.longitude), 6);
    expect(near[0].distanceKm).toBeGreaterThan(4.7);
    expect(near[0].distanceKm).toBeLessThan(4.9);
    expect(near[0].altitudeDiffM).toBeNull();
  });

  it('is the same as sorting all 1,042 stations by distance, anywhere', () => {
    const points = [
      [45.75, 126.65], [23.13, 113.26], [43.8, 87.6], [18.25, 109.5], [29.65, 91.1], [36.06, 103.83], [0, 0], [-33.9, 151.2],
    ];
    for (const [lat, lon] of points) {
      const brute = [...table.stations].sort((a, b) => greatCircleKm(lat, lon, a.latitude, a.longitude) - greatCircleKm(lat, lon, b.latitude, b.longitude));
      expect(table.nearest(lat, lon, 5).map((n) => n.station.id)).toEqual(brute.slice(0, 5).map((s) => s.id));
    }
  });

  it('takes the default station within 150 km and 500 m of altitude: Leshan, not the Emei summit 7 km away', () => {
    // A site at the foot of Mount Emei (500 m): the summit station (3,048 m) is nearer but 2,548 m higher.
    expect(table.nearest(29.55, 103.4, 1, 500)[0].station.nameZh).toBe('峨眉山');
    expect(table.defaultFor(29.55, 103.4, 500)?.station.nameZh).toBe('乐山');
    expect(table.defaultFor(29.55, 103.4, 500)?.altitudeDiffM).toBeCloseTo(-74.8, 6);
    // Without an elevation the rule cannot be checked: the nearest within 150 km.
    expect(table.defaultFor(29.55, 103.4)?.station.nameZh).toBe('峨眉山');
    // Tai'an at 150 m: Mount Tai's summit (1,536 m) is skipped for Jinan.
    expect(table.defaultFor(36.2, 117.12, 150)?.station.nameZh).toBe('济南');
  });

  it('has no default station beyond 150 km: the sea east of Shanghai, Paris, Sydney', () => {
    expect(table.defaultFor(31.0, 123.5)?.station.id).toBe('58472'); // Shengsi, 104 km
    const far = table.nearest(31.0, 124.2, 1)[0];
    expect(far.distanceKm).toBeGreaterThan(150);
    expect(table.defaultFor(31.0, 124.2)).toBeNull();
    expect(table.defaultFor(48.85, 2.35)).toBeNull();
    expect(table.defaultFor(-33.9, 151.2)).toBeNull();
  });
});

describe('station search', () => {
  it('finds by number, Chinese name, English name, pinyin and province, capitals first', () => {
    expect(table.search('55591').map((s) => s.nameZh)).toEqual(['拉萨']);
    expect(table.search('拉萨').map((s) => s.id)).toEqual(['55591']);
    expect(table.search('LHASA').map((s) => s.id)).toEqual(['55591']);
    expect(table.search('xujiahui').map((s) => s.id)).toEqual(['58367']);
    expect(table.search('leshan').map((s) => s.id)).toContain('56386');
    const shanghai = table.search('', { province: 'Shanghai', limit: 100 });
    expect(shanghai).toHaveLength(6);
    expect(shanghai[0].id).toBe('58367'); // the level-1 station first
    expect(table.search('', { province: '上海', limit: 100 })).toEqual(shanghai);
    expect(table.search('nothing-like-this')).toEqual([]);
  });
});
