// The dashboard's province map (spec 001 §2 "province distribution on a map"), the pure part: a
// project's province as typed or stored (Chinese full or short name — '浙江省', '浙江'; English or
// pinyin, as the gazetteer (country-state-city) writes it — 'Zhejiang', 'Guangxi Zhuang', 'Xizang',
// 'Hong Kong SAR'; the GB/T 2260 code) matched to the two-digit code of the bundled GeoJSON's
// provincial-level division (src/web/geo/atlas-data.ts, DataV.GeoAtlas, `adcode`); project counts
// summed per division; equal-interval count classes coloured with ColorBrewer's sequential "Blues"
// (Cynthia Brewer, colorbrewer2.org, 3–5 classes); and the maplibre style that fills the provinces.
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { labelPoint, PROVINCE_EN, type AtlasData, type AtlasLanguage } from '../../geo/offline-atlas.ts';

/** Short Chinese names of the provincial-level divisions by the first two digits of their GB/T 2260 code. */
export const PROVINCE_ZH_SHORT: Readonly<Record<string, string>> = {
  '11': '北京', '12': '天津', '13': '河北', '14': '山西', '15': '内蒙古', '21': '辽宁', '22': '吉林', '23': '黑龙江',
  '31': '上海', '32': '江苏', '33': '浙江', '34': '安徽', '35': '福建', '36': '江西', '37': '山东', '41': '河南',
  '42': '湖北', '43': '湖南', '44': '广东', '45': '广西', '46': '海南', '50': '重庆', '51': '四川', '52': '贵州',
  '53': '云南', '54': '西藏', '61': '陕西', '62': '甘肃', '63': '青海', '64': '宁夏', '65': '新疆', '71': '台湾',
  '81': '香港', '82': '澳门',
};

/** Other English / pinyin spellings (normalised, see `latinKey`), beside PROVINCE_EN's. */
const EN_ALIASES: Readonly<Record<string, string>> = {
  xizang: '54', neimongol: '15', neimenggu: '15', macau: '82', xianggang: '81', aomen: '82',
};

/** Chinese administrative suffixes, longest first ('广西壮族自治区' → '广西'). */
const ZH_SUFFIXES = ['维吾尔自治区', '壮族自治区', '回族自治区', '特别行政区', '自治区', '省', '市'];
/** English words that do not tell provinces apart ('Ningxia Hui Autonomous Region' → 'ningxia'). */
const EN_NOISE = /\b(province|municipality|city|autonomous|region|special|administrative|sar|zhuang|hui|huizu|uyghur|uygur|uighur|weiwuer|zizhiqu|sheng|shi|of|china|prc)\b/g;

function latinKey(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(EN_NOISE, ' ')
    .replace(/\s+/g, '');
}

const BY_LATIN = new Map<string, string>([...Object.entries(PROVINCE_EN).map(([code, en]) => [latinKey(en), code] as const), ...Object.entries(EN_ALIASES)]);
const BY_ZH = new Map<string, string>(Object.entries(PROVINCE_ZH_SHORT).map(([code, zh]) => [zh, code]));

/** The two-digit GB/T 2260 code of a province name or code, or null (unknown, empty, abroad). */
export function provinceCode(name: string | null | undefined): string | null {
  const s = (name ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (!s) return null;
  const digits = /^(\d{2})(\d{4})?$/.exec(s);
  if (digits) return PROVINCE_EN[digits[1]] ? digits[1] : null;
  if (/[\u4e00-\u9fff]/.test(s)) {
    let zh = s.replace(/^中国/, '').replace(/\s/g, '');
    for (const suffix of ZH_SUFFIXES) {
      if (zh.endsWith(suffix) && zh.length > suffix.length + 1) {
        zh = zh.slice(0, -suffix.length);
        break;
      }
    }
    return BY_ZH.get(zh) ?? null;
  }
  return BY_LATIN.get(latinKey(s)) ?? null;
}

/** A division's name in the language ('浙江' / 'Zhejiang'). */
export function provinceLabel(code: string, lang: AtlasLanguage): string {
  return (lang === 'zh' ? PROVINCE_ZH_SHORT[code] : PROVINCE_EN[code]) ?? code;
}

export interface ProvinceCounts {
  /** Projects per division code (only divisions with projects). */
  byCode: Map<string, number>;
  /** Projects whose province is empty or not a division of China (listed, not mapped). */
  unmapped: number;
}

/** Sums the dashboard's province rows per division (several spellings of one province add up). */
export function countByProvince(rows: readonly { province: string; projects: number }[]): ProvinceCounts {
  const byCode = new Map<string, number>();
  let unmapped = 0;
  for (const r of rows) {
    const n = Math.max(0, r.projects);
    const code = provinceCode(r.province);
    if (code) byCode.set(code, (byCode.get(code) ?? 0) + n);
    else unmapped += n;
  }
  for (const [code, n] of byCode) if (n === 0) byCode.delete(code);
  return { byCode, unmapped };
}

/** ColorBrewer "Blues", sequential, by number of classes (colorbrewer2.org). */
export const BLUES: Readonly<Record<number, readonly string[]>> = {
  3: ['#deebf7', '#9ecae1', '#3182bd'],
  4: ['#eff3ff', '#bdd7e7', '#6baed6', '#2171b5'],
  5: ['#eff3ff', '#bdd7e7', '#6baed6', '#3182bd', '#08519c'],
};
/** The fill of a division without projects. */
export const NO_PROJECTS_FILL = '#f5f5f5';

export interface CountClass {
  /** Smallest and largest count of the class (inclusive). */
  min: number;
  max: number;
  colour: string;
}

/**
 * Equal-interval classes of whole counts from 1 to the largest: at most `n` (≤ 5) classes of width
 * ⌈max / n⌉; fewer when the largest count is small (max 3 → classes 1, 2, 3). Colours: the darker
 * end of Blues (1 class: its darkest of 3, 2 classes: the two darker of 3).
 */
export function countClasses(max: number, n = 5): CountClass[] {
  const top = Math.floor(max);
  if (top < 1) return [];
  const k0 = Math.max(1, Math.min(5, Math.floor(n)));
  const width = Math.ceil(top / k0);
  const k = Math.ceil(top / width);
  const colours = k >= 3 ? BLUES[k] : BLUES[3].slice(3 - k);
  return Array.from({ length: k }, (_, i) => ({ min: i * width + 1, max: Math.min(top, (i + 1) * width), colour: colours[i] }));
}

/** The class index of a count (−1: no projects, no class). */
export function classOf(count: number, classes: readonly CountClass[]): number {
  if (count < 1 || classes.length === 0) return -1;
  const i = classes.findIndex((c) => count <= c.max);
  return i === -1 ? classes.length - 1 : i;
}

export const PROVINCE_MAP_LAYERS = { fill: 'province-fill' } as const;

type ProvinceFeature = Feature<Polygon | MultiPolygon, { name: string; code: string; count: number; fill: string }>;

/** Label points of the divisions with projects: name and count. */
export function countLabels(data: AtlasData, counts: ProvinceCounts, lang: AtlasLanguage): { code: string; name: string; count: number; at: [number, number] }[] {
  const out: { code: string; name: string; count: number; at: [number, number] }[] = [];
  for (const f of data.china.features) {
    const code = String(f.properties.adcode).slice(0, 2);
    const count = counts.byCode.get(code);
    if (!f.properties.name || !count) continue;
    const at = f.properties.centroid?.length === 2 ? (f.properties.centroid as [number, number]) : labelPoint(f.geometry);
    if (at) out.push({ code, name: provinceLabel(code, lang), count, at });
  }
  return out;
}

/** The choropleth's style: the divisions filled by class, white borders, the South China Sea line; no server. */
export function choroplethStyle(data: AtlasData, counts: ProvinceCounts, classes: readonly CountClass[], lang: AtlasLanguage): StyleSpecification {
  const features: ProvinceFeature[] = data.china.features.map((f) => {
    const code = f.properties.name ? String(f.properties.adcode).slice(0, 2) : '';
    const count = counts.byCode.get(code) ?? 0;
    const i = classOf(count, classes);
    return {
      type: 'Feature',
      geometry: f.geometry as Polygon | MultiPolygon,
      properties: { name: code ? provinceLabel(code, lang) : '', code, count, fill: i >= 0 ? classes[i].colour : NO_PROJECTS_FILL },
    };
  });
  const provinces: FeatureCollection<Polygon | MultiPolygon> = { type: 'FeatureCollection', features };
  return {
    version: 8,
    name: 'PV Studio province distribution',
    sources: { provinces: { type: 'geojson', data: provinces } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#ffffff' } },
      { id: PROVINCE_MAP_LAYERS.fill, type: 'fill', source: 'provinces', filter: ['!=', ['get', 'code'], ''], paint: { 'fill-color': ['get', 'fill'] } },
      { id: 'province-borders', type: 'line', source: 'provinces', filter: ['!=', ['get', 'code'], ''], paint: { 'line-color': '#a3a3a3', 'line-width': 0.6 } },
      // The South China Sea's ten-dash line (the dataset's unnamed feature), as on the Information step's map.
      { id: 'dash-line', type: 'fill', source: 'provinces', filter: ['==', ['get', 'code'], ''], paint: { 'fill-color': '#8c96a3' } },
    ],
  };
}
