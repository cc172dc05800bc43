// The Information step's location map, offline (issue 18 item 5): a maplibre style built from bundled
// GeoJSON — country boundaries and names, China's provincial boundaries and names, the South China
// Sea islands — with no tile server, no glyph server and no sprites (maplibre draws text with the
// browser's own fonts when a style has no `glyphs`). City names come from the server's gazetteer as
// the view moves (a GeoJSON source the component refills). Pure: data in, style and features out.
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Point, Polygon, Position } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { ringCentroid, signedArea } from '../../model/plan-geometry.ts';

export type AtlasLanguage = 'zh' | 'en';

/** A country of the world dataset: Chinese short name and ISO 3166 codes (-99 where none exists). */
export interface CountryProperties {
  name: string;
  iso_a2: string;
}

/** A provincial-level division: Chinese name, GB/T 2260 code, label point. */
export interface ProvinceProperties {
  name: string;
  adcode: number | string;
  centroid?: number[];
  center?: number[];
}

export interface AtlasData {
  world: { features: readonly { properties: CountryProperties; geometry: { type: string; coordinates: unknown } }[] };
  china: { features: readonly { properties: ProvinceProperties; geometry: { type: string; coordinates: unknown } }[] };
}

/** English names of China's provincial-level divisions by the first two digits of their GB/T 2260 code. */
export const PROVINCE_EN: Readonly<Record<string, string>> = {
  '11': 'Beijing',
  '12': 'Tianjin',
  '13': 'Hebei',
  '14': 'Shanxi',
  '15': 'Inner Mongolia',
  '21': 'Liaoning',
  '22': 'Jilin',
  '23': 'Heilongjiang',
  '31': 'Shanghai',
  '32': 'Jiangsu',
  '33': 'Zhejiang',
  '34': 'Anhui',
  '35': 'Fujian',
  '36': 'Jiangxi',
  '37': 'Shandong',
  '41': 'Henan',
  '42': 'Hubei',
  '43': 'Hunan',
  '44': 'Guangdong',
  '45': 'Guangxi',
  '46': 'Hainan',
  '50': 'Chongqing',
  '51': 'Sichuan',
  '52': 'Guizhou',
  '53': 'Yunnan',
  '54': 'Tibet',
  '61': 'Shaanxi',
  '62': 'Gansu',
  '63': 'Qinghai',
  '64': 'Ningxia',
  '65': 'Xinjiang',
  '71': 'Taiwan',
  '81': 'Hong Kong',
  '82': 'Macao',
};

/** Colours of the map. */
export const ATLAS_COLOURS = {
  sea: '#dbe8f7',
  land: '#f7f7f2',
  china: '#fbf6ea',
  country: '#8c96a3',
  province: '#b9a98a',
  countryText: '#3d4653',
  provinceText: '#7a6a48',
  cityText: '#1f2937',
  city: '#436cf5',
  picked: '#e5484d',
} as const;

export const ATLAS_SOURCES = { countries: 'countries', provinces: 'provinces', countryLabels: 'country-labels', provinceLabels: 'province-labels', cities: 'cities', picked: 'picked' } as const;

/** The polygons of a Polygon or MultiPolygon geometry (others: none). */
function polygonsOf(g: { type: string; coordinates: unknown }): Position[][][] {
  if (g.type === 'Polygon') return [g.coordinates as Position[][]];
  if (g.type === 'MultiPolygon') return g.coordinates as Position[][][];
  return [];
}

/** Where to write a polygon feature's name: the area centroid of its largest part's outer ring [°]. */
export function labelPoint(g: { type: string; coordinates: unknown }): [number, number] | null {
  let best: Position[] | null = null;
  let bestArea = 0;
  for (const poly of polygonsOf(g)) {
    const outer = poly[0];
    if (!outer || outer.length < 3) continue;
    const a = Math.abs(signedArea(outer));
    if (a > bestArea) {
      bestArea = a;
      best = outer;
    }
  }
  return best ? ringCentroid(best) : null;
}

/** An English country name from its ISO code (the browser's CLDR data), or null. */
export function englishCountryName(isoA2: string): string | null {
  if (!/^[A-Z]{2}$/.test(isoA2)) return null;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(isoA2) ?? null;
  } catch {
    return null;
  }
}

type Labelled = Feature<Point, { name: string; rank: number }>;

/** Label points of the countries, in the language, larger countries ranked first (rank = −log area). */
export function countryLabels(data: AtlasData, lang: AtlasLanguage): FeatureCollection<Point, { name: string; rank: number }> {
  const features: Labelled[] = [];
  for (const f of data.world.features) {
    const at = labelPoint(f.geometry);
    if (!at) continue;
    const name = lang === 'zh' ? f.properties.name : (englishCountryName(f.properties.iso_a2) ?? f.properties.name);
    const area = polygonsOf(f.geometry).reduce((s, p) => s + Math.abs(signedArea(p[0] ?? [])), 0);
    features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: at }, properties: { name, rank: -Math.log10(Math.max(area, 1e-6)) } });
  }
  return { type: 'FeatureCollection', features };
}

/** Label points of China's provincial-level divisions (their centroid), in the language. */
export function provinceLabels(data: AtlasData, lang: AtlasLanguage): FeatureCollection<Point, { name: string; rank: number }> {
  const features: Labelled[] = [];
  for (const f of data.china.features) {
    const p = f.properties;
    if (!p.name) continue; // the South China Sea islands' frame has no name
    const at = p.centroid?.length === 2 ? (p.centroid as [number, number]) : labelPoint(f.geometry);
    if (!at) continue;
    const code = String(p.adcode).slice(0, 2);
    const name = lang === 'zh' ? p.name : (PROVINCE_EN[code] ?? p.name);
    features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: at }, properties: { name, rank: 0 } });
  }
  return { type: 'FeatureCollection', features };
}

/** Gazetteer cities as label points. */
export function cityFeatures(cities: readonly { name: string; nameZh: string | null; lat: number; lng: number }[], lang: AtlasLanguage): FeatureCollection<Point, { name: string }> {
  return {
    type: 'FeatureCollection',
    features: cities.map((c) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [c.lng, c.lat] }, properties: { name: lang === 'zh' ? (c.nameZh ?? c.name) : c.name } })),
  };
}

/** The picked point (or nothing). */
export function pickedFeatures(picked: { lon: number; lat: number } | null): FeatureCollection<Point> {
  return { type: 'FeatureCollection', features: picked ? [{ type: 'Feature', geometry: { type: 'Point', coordinates: [picked.lon, picked.lat] }, properties: {} }] : [] };
}

/** The size of the cells the city labels are thinned to at a zoom [°]: about 90 px on screen. */
export function cityCellDeg(zoom: number): number {
  return Math.min(20, Math.max(0.02, (90 * 360) / (512 * 2 ** zoom)));
}

/** Cities are fetched and shown from this zoom on (below it the country and province names suffice). */
export const CITY_MIN_ZOOM = 4;

const EMPTY: FeatureCollection<Geometry> = { type: 'FeatureCollection', features: [] };

/** The whole offline style. */
export function atlasStyle(data: AtlasData, lang: AtlasLanguage): StyleSpecification {
  const countries = data.world as unknown as FeatureCollection<Polygon | MultiPolygon>;
  const provinces = data.china as unknown as FeatureCollection<Polygon | MultiPolygon>;
  const text = (colour: string) => ({ 'text-color': colour, 'text-halo-color': '#ffffff', 'text-halo-width': 1.4 });
  return {
    version: 8,
    name: 'PV Studio offline atlas',
    sources: {
      [ATLAS_SOURCES.countries]: { type: 'geojson', data: countries },
      [ATLAS_SOURCES.provinces]: { type: 'geojson', data: provinces },
      [ATLAS_SOURCES.countryLabels]: { type: 'geojson', data: countryLabels(data, lang) },
      [ATLAS_SOURCES.provinceLabels]: { type: 'geojson', data: provinceLabels(data, lang) },
      [ATLAS_SOURCES.cities]: { type: 'geojson', data: EMPTY },
      [ATLAS_SOURCES.picked]: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': ATLAS_COLOURS.sea } },
      // China's land from its provinces, whose coast is far finer than the world layer's (1:50m, simplified).
      { id: 'land', type: 'fill', source: ATLAS_SOURCES.countries, filter: ['!=', ['get', 'iso_a2'], 'CN'], paint: { 'fill-color': ATLAS_COLOURS.land } },
      { id: 'china-land', type: 'fill', source: ATLAS_SOURCES.provinces, filter: ['!=', ['get', 'name'], ''], paint: { 'fill-color': ATLAS_COLOURS.china } },
      // The South China Sea's ten-dash line (the dataset's unnamed feature), drawn solid.
      { id: 'dash-line', type: 'fill', source: ATLAS_SOURCES.provinces, filter: ['==', ['get', 'name'], ''], paint: { 'fill-color': ATLAS_COLOURS.country } },
      {
        id: 'province-boundaries',
        type: 'line',
        source: ATLAS_SOURCES.provinces,
        minzoom: 2.5,
        paint: { 'line-color': ATLAS_COLOURS.province, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.2], 'line-dasharray': [3, 2] },
      },
      { id: 'country-boundaries', type: 'line', source: ATLAS_SOURCES.countries, filter: ['!=', ['get', 'iso_a2'], 'CN'], paint: { 'line-color': ATLAS_COLOURS.country, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 8, 1.5] } },
      // China's border and coast: the world layer's when zoomed out, the provinces' outer edges (above) when closer.
      { id: 'china-boundary', type: 'line', source: ATLAS_SOURCES.countries, maxzoom: 4, filter: ['==', ['get', 'iso_a2'], 'CN'], paint: { 'line-color': ATLAS_COLOURS.country, 'line-width': 0.8 } },
      {
        id: 'country-names',
        type: 'symbol',
        source: ATLAS_SOURCES.countryLabels,
        maxzoom: 7,
        layout: { 'text-field': ['get', 'name'], 'text-size': ['interpolate', ['linear'], ['zoom'], 1, 10, 5, 14], 'symbol-sort-key': ['get', 'rank'], 'text-max-width': 7 },
        paint: text(ATLAS_COLOURS.countryText),
      },
      {
        id: 'province-names',
        type: 'symbol',
        source: ATLAS_SOURCES.provinceLabels,
        minzoom: 3,
        maxzoom: 9,
        layout: { 'text-field': ['get', 'name'], 'text-size': ['interpolate', ['linear'], ['zoom'], 3, 10, 7, 13] },
        paint: text(ATLAS_COLOURS.provinceText),
      },
      { id: 'city-dots', type: 'circle', source: ATLAS_SOURCES.cities, minzoom: CITY_MIN_ZOOM, paint: { 'circle-radius': 2.5, 'circle-color': ATLAS_COLOURS.city, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 } },
      {
        id: 'city-names',
        type: 'symbol',
        source: ATLAS_SOURCES.cities,
        minzoom: CITY_MIN_ZOOM,
        layout: { 'text-field': ['get', 'name'], 'text-size': 11, 'text-anchor': 'left', 'text-offset': [0.5, 0], 'text-optional': true },
        paint: text(ATLAS_COLOURS.cityText),
      },
      { id: 'picked', type: 'circle', source: ATLAS_SOURCES.picked, paint: { 'circle-radius': 6, 'circle-color': ATLAS_COLOURS.picked, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 } },
    ],
  };
}
