// The Information step's offline location map (src/web/geo/offline-atlas.ts over the bundled data of
// src/web/geo/atlas-data.ts): a valid maplibre style that asks no server for anything, country and
// province names in both languages at sensible places, and the city labels' thinning.
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { china, world } from '../../../src/web/geo/atlas-data.ts';
import { atlasStyle, cityCellDeg, cityFeatures, countryLabels, labelPoint, provinceLabels, PROVINCE_EN, type AtlasData } from '../../../src/web/geo/offline-atlas.ts';

const data = { world, china } as unknown as AtlasData;

describe('offline atlas', () => {
  it('is a valid maplibre style with no glyphs, sprites, tiles or URLs: nothing leaves the browser', () => {
    for (const lang of ['zh', 'en'] as const) {
      const style = atlasStyle(data, lang);
      expect(validateStyleMin(style).map((e) => e.message)).toEqual([]);
      expect(style.glyphs).toBeUndefined();
      expect(style.sprite).toBeUndefined();
      for (const s of Object.values(style.sources)) expect(s.type).toBe('geojson');
      expect(JSON.stringify(style.sources)).not.toMatch(/https?:\/\//);
    }
  });

  it('has the 34 provincial-level divisions of China, each with an English name', () => {
    const named = data.china.features.filter((f) => f.properties.name);
    expect(named).toHaveLength(34);
    for (const f of named) expect(PROVINCE_EN[String(f.properties.adcode).slice(0, 2)], f.properties.name).toBeTruthy();
    expect(Object.keys(PROVINCE_EN)).toHaveLength(34);
  });

  it('names countries and provinces in the language, near where they are', () => {
    const near = (fc: ReturnType<typeof countryLabels>, name: string) => fc.features.find((f) => f.properties.name === name)?.geometry.coordinates;
    const [lonZh, latZh] = near(countryLabels(data, 'zh'), '中国')!;
    expect(lonZh).toBeGreaterThan(95);
    expect(lonZh).toBeLessThan(115);
    expect(latZh).toBeGreaterThan(28);
    expect(latZh).toBeLessThan(40);
    expect(near(countryLabels(data, 'en'), 'France')).toBeDefined();
    const [lon, lat] = near(provinceLabels(data, 'en'), 'Sichuan')!;
    expect(lon).toBeGreaterThan(100);
    expect(lon).toBeLessThan(106);
    expect(lat).toBeGreaterThan(27);
    expect(lat).toBeLessThan(33);
    expect(near(provinceLabels(data, 'zh'), '四川省')).toBeDefined();
  });

  it('labels a polygon at its largest part (hand-computed: a 2 × 2 square beats a far 1 × 1 one)', () => {
    const g = {
      type: 'MultiPolygon',
      coordinates: [
        [[[10, 10], [11, 10], [11, 11], [10, 11], [10, 10]]],
        [[[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]]],
      ],
    };
    expect(labelPoint(g)).toEqual([1, 1]);
  });

  it('thins cities to about 90 px cells and names them in the language', () => {
    expect(cityCellDeg(4)).toBeCloseTo((90 * 360) / (512 * 16), 12);
    expect(cityCellDeg(20)).toBe(0.02);
    const fc = cityFeatures([{ name: 'Chengdu', nameZh: '成都', lat: 30.66, lng: 104.06 }, { name: 'Kunshan', nameZh: null, lat: 31.38, lng: 120.95 }], 'zh');
    expect(fc.features.map((f) => f.properties.name)).toEqual(['成都', 'Kunshan']);
    expect(fc.features[0].geometry.coordinates).toEqual([104.06, 30.66]);
  });
});
