// The monthly climate of 1,042 Chinese weather stations (datasets/climate, with its provenance):
// parsing the table, the nearest stations to a point (great-circle distance on a sphere of the
// Earth's mean radius, IUGG 6,371.0088 km), the default station of a site and search by name (Chinese,
// English or pinyin) and province. Pure: the table's text comes in; station-table.ts reads the file
// (Node). Station names without an English name in the table are romanised with pinyin-pro (tones
// dropped, syllables joined: 额尔古纳市 → "Eergunashi"), and marked as such.
import { pinyin } from 'pinyin-pro';

/** Shown wherever the product shows these values (the producers' wording, datasets/climate/README.md). */
export const STATION_CITATION = 'Station climate: CDSRD / CBED, XAUAT, from CMA observations';
export const STATION_CITATION_ZH = '站点气候：CDSRD / CBED（西安建筑科技大学），基于中国气象局观测';

/** The default station's rule: within 150 km and (site elevation known) 500 m of altitude (src/model). */
export { STATION_MAX_ALTITUDE_DIFF_M, STATION_MAX_DISTANCE_KM } from '../model/weather-notices.ts';
import { STATION_MAX_ALTITUDE_DIFF_M, STATION_MAX_DISTANCE_KM } from '../model/weather-notices.ts';

/** Mean Earth radius (IUGG) [km]. */
const EARTH_RADIUS_KM = 6371.0088;
const D2R = Math.PI / 180;
/** Days per month of the table's annual sums (February 28.25, as the README says). */
export const STATION_MONTH_DAYS = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** English names of the provincial-level divisions as the table writes them (short Chinese form). */
const PROVINCE_EN: Readonly<Record<string, string>> = {
  北京: 'Beijing', 天津: 'Tianjin', 河北: 'Hebei', 山西: 'Shanxi', 内蒙古: 'Inner Mongolia', 辽宁: 'Liaoning',
  吉林: 'Jilin', 黑龙江: 'Heilongjiang', 上海: 'Shanghai', 江苏: 'Jiangsu', 浙江: 'Zhejiang', 安徽: 'Anhui',
  福建: 'Fujian', 江西: 'Jiangxi', 山东: 'Shandong', 河南: 'Henan', 湖北: 'Hubei', 湖南: 'Hunan',
  广东: 'Guangdong', 广西: 'Guangxi', 海南: 'Hainan', 重庆: 'Chongqing', 四川: 'Sichuan', 贵州: 'Guizhou',
  云南: 'Yunnan', 西藏: 'Xizang (Tibet)', 陕西: 'Shaanxi', 甘肃: 'Gansu', 青海: 'Qinghai', 宁夏: 'Ningxia',
  新疆: 'Xinjiang',
};

export interface ClimateStation {
  /** WMO / CMA station number ('58367'). */
  id: string;
  nameZh: string;
  /** The table's English name, else the pinyin of the Chinese name. */
  nameEn: string;
  /** True when nameEn is pinyin made here, not the producers' English name. */
  nameEnIsPinyin: boolean;
  provinceZh: string;
  provinceEn: string;
  /** [°] north positive. */ latitude: number;
  /** [°] east positive. */ longitude: number;
  /** [m] above sea level. */ altitude: number;
  /** 1 capital or reference station; 2, 3 other stations. */
  level: number;
  firstYear: number;
  lastYear: number;
  /** Fewest years behind any monthly mean. */
  yearsUsedMin: number;
  /** [kWh m⁻² day⁻¹] monthly mean daily global horizontal irradiation, 1991–2017, January first. */
  ghi: number[];
  /** [kWh m⁻² day⁻¹] monthly mean daily diffuse horizontal irradiation, 1991–2017. */
  dhi: number[];
  /** [°C] monthly mean of the daily mean air temperature. */
  tempAir: number[];
  /** [kWh m⁻² a⁻¹] annual GHI 1991–2017 (the table's). */
  ghiAnnual: number;
  /** [kWh m⁻² a⁻¹] annual GHI 1970–2017 (the table's). */
  ghiAnnual1970: number;
}

/** A station with where it lies from a point. */
export interface StationDistance {
  station: ClimateStation;
  /** [km] great-circle distance. */
  distanceKm: number;
  /** [m] station altitude − site elevation; null when the site's elevation is not known. */
  altitudeDiffM: number | null;
}

const COLUMNS = ['station_id', 'name_zh', 'name_en', 'province_zh', 'lat', 'lon', 'alt_m', 'level', 'data_first_year', 'data_last_year', 'years_used_min', 'ghi_annual_kwh_m2', 'ghi_annual_kwh_m2_1970_2017'] as const;
const months = (prefix: string) => Array.from({ length: 12 }, (_, m) => `${prefix}_${String(m + 1).padStart(2, '0')}`);

/** Title-cased pinyin of a Chinese name, without tones; brackets kept as ASCII. */
export function pinyinName(zh: string): string {
  const ascii = zh.replace(/（/g, ' (').replace(/）/g, ')');
  const syllables = pinyin(ascii, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
  const words: string[] = [];
  let word = '';
  for (const s of syllables) {
    if (/^[a-zü]+$/.test(s)) word += s;
    else {
      if (word) words.push(word);
      word = '';
      if (s.trim()) words.push(s.trim());
    }
  }
  if (word) words.push(word);
  return words
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
    .replace(/\( /g, '(')
    .replace(/ \)/g, ')');
}

/** Parses the table's CSV text (datasets/climate/china-stations-monthly.csv). Throws on a malformed row. */
export function parseStationTable(text: string): ClimateStation[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = lines[0].split(',');
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`station table: no column ${name}`);
    return i;
  };
  const base = Object.fromEntries(COLUMNS.map((c) => [c, col(c)])) as Record<(typeof COLUMNS)[number], number>;
  const ghiCols = months('ghi').map(col);
  const dhiCols = months('dhi').map(col);
  const tCols = months('tavg').map(col);
  return lines.slice(1).map((line, k) => {
    const f = line.split(',');
    const num = (i: number, what: string) => {
      const v = Number(f[i]);
      if (f[i] === '' || !Number.isFinite(v)) throw new Error(`station table line ${k + 2}: ${what} '${f[i]}' is not a number`);
      return v;
    };
    const nameZh = f[base.name_zh];
    const provinceZh = f[base.province_zh];
    const nameEn = f[base.name_en];
    return {
      id: f[base.station_id],
      nameZh,
      nameEn: nameEn || pinyinName(nameZh),
      nameEnIsPinyin: !nameEn,
      provinceZh,
      provinceEn: PROVINCE_EN[provinceZh] ?? pinyinName(provinceZh),
      latitude: num(base.lat, 'lat'),
      longitude: num(base.lon, 'lon'),
      altitude: num(base.alt_m, 'alt_m'),
      level: num(base.level, 'level'),
      firstYear: num(base.data_first_year, 'data_first_year'),
      lastYear: num(base.data_last_year, 'data_last_year'),
      yearsUsedMin: num(base.years_used_min, 'years_used_min'),
      ghi: ghiCols.map((i) => num(i, header[i])),
      dhi: dhiCols.map((i) => num(i, header[i])),
      tempAir: tCols.map((i) => num(i, header[i])),
      ghiAnnual: num(base.ghi_annual_kwh_m2, 'ghi_annual_kwh_m2'),
      ghiAnnual1970: num(base.ghi_annual_kwh_m2_1970_2017, 'ghi_annual_kwh_m2_1970_2017'),
    };
  });
}

/** Annual sum of monthly mean daily values × the table's days per month [kWh m⁻² a⁻¹]. */
export function annualSum(monthlyDaily: readonly number[]): number {
  return monthlyDaily.reduce((s, v, m) => s + v * STATION_MONTH_DAYS[m], 0);
}

/** Search text of a name: lower case, no spaces or brackets. */
function folded(s: string): string {
  return s.toLowerCase().replace(/[\s()（）·'-]/g, '');
}

/** The stations with unit vectors for fast nearest-neighbour queries. */
export class StationTable {
  readonly stations: readonly ClimateStation[];
  private readonly xyz: Float64Array;
  private readonly byId = new Map<string, ClimateStation>();
  private readonly keys: string[];

  constructor(stations: readonly ClimateStation[]) {
    this.stations = stations;
    this.xyz = new Float64Array(stations.length * 3);
    stations.forEach((s, i) => {
      const [x, y, z] = unitVector(s.latitude, s.longitude);
      this.xyz[3 * i] = x;
      this.xyz[3 * i + 1] = y;
      this.xyz[3 * i + 2] = z;
      this.byId.set(s.id, s);
    });
    this.keys = stations.map((s) => [s.id, s.nameZh, folded(s.nameEn), folded(pinyinName(s.nameZh)), s.provinceZh, folded(s.provinceEn)].join('|'));
  }

  get size(): number {
    return this.stations.length;
  }

  /** The station with this id, or undefined. */
  byStationId(id: string): ClimateStation | undefined {
    return this.byId.get(id);
  }

  /**
   * The `limit` stations nearest to a point, nearest first.
   * @param latitude [°] @param longitude [°]
   * @param elevation [m] the site's, for the altitude difference (null/undefined: unknown)
   */
  nearest(latitude: number, longitude: number, limit = 1, elevation?: number | null): StationDistance[] {
    const [px, py, pz] = unitVector(latitude, longitude);
    const n = this.stations.length;
    const k = Math.max(0, Math.min(limit, n));
    // Largest dot products = smallest angles; a small sorted buffer of the best k.
    const bestDot = new Float64Array(k).fill(-Infinity);
    const bestIdx = new Int32Array(k).fill(-1);
    const xyz = this.xyz;
    for (let i = 0; i < n; i++) {
      const d = px * xyz[3 * i] + py * xyz[3 * i + 1] + pz * xyz[3 * i + 2];
      if (k === 0 || d <= bestDot[k - 1]) continue;
      let j = k - 1;
      while (j > 0 && bestDot[j - 1] < d) {
        bestDot[j] = bestDot[j - 1];
        bestIdx[j] = bestIdx[j - 1];
        j--;
      }
      bestDot[j] = d;
      bestIdx[j] = i;
    }
    const out: StationDistance[] = [];
    for (let j = 0; j < k; j++) {
      const station = this.stations[bestIdx[j]];
      out.push({
        station,
        distanceKm: greatCircleKm(latitude, longitude, station.latitude, station.longitude),
        altitudeDiffM: elevation === null || elevation === undefined ? null : station.altitude - elevation,
      });
    }
    return out;
  }

  /**
   * The default station of a site: the nearest within STATION_MAX_DISTANCE_KM whose altitude differs
   * by at most STATION_MAX_ALTITUDE_DIFF_M from the site's (not checked when the elevation is unknown);
   * null outside the table's coverage.
   */
  defaultFor(latitude: number, longitude: number, elevation?: number | null): StationDistance | null {
    for (const c of this.nearest(latitude, longitude, 30, elevation)) {
      if (c.distanceKm > STATION_MAX_DISTANCE_KM) return null;
      if (c.altitudeDiffM === null || Math.abs(c.altitudeDiffM) <= STATION_MAX_ALTITUDE_DIFF_M) return c;
    }
    return null;
  }

  /**
   * Stations whose id, Chinese name, English name, pinyin or province contains `query` (case, spaces
   * and brackets ignored), optionally only in one province (Chinese or English name); capitals and
   * reference stations first, then by id.
   */
  search(query: string, options: { province?: string; limit?: number } = {}): ClimateStation[] {
    const q = folded(query.trim());
    const province = options.province ? folded(options.province) : null;
    const hits: ClimateStation[] = [];
    this.stations.forEach((s, i) => {
      if (province && folded(s.provinceZh) !== province && folded(s.provinceEn) !== province) return;
      if (q && !this.keys[i].includes(q)) return;
      hits.push(s);
    });
    hits.sort((a, b) => a.level - b.level || a.id.localeCompare(b.id));
    return hits.slice(0, options.limit ?? 50);
  }

  /** The provinces of the table (Chinese and English names), in the table's order of first appearance. */
  provinces(): { zh: string; en: string }[] {
    const seen = new Map<string, string>();
    for (const s of this.stations) if (!seen.has(s.provinceZh)) seen.set(s.provinceZh, s.provinceEn);
    return [...seen].map(([zh, en]) => ({ zh, en }));
  }
}

function unitVector(latitude: number, longitude: number): [number, number, number] {
  const la = latitude * D2R;
  const lo = longitude * D2R;
  return [Math.cos(la) * Math.cos(lo), Math.cos(la) * Math.sin(lo), Math.sin(la)];
}

/** Great-circle distance by the haversine formula [km]. */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * D2R;
  const dLon = (lon2 - lon1) * D2R;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * D2R) * Math.cos(lat2 * D2R) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
