// The enterprise dashboard's province map, pure part (src/web/components/enterprise/province-map.ts;
// issue 20 item 2 "province distribution on a map"): province names as projects store them matched
// to the bundled GeoJSON's divisions — checked against two independent tables, the GeoJSON's own
// Chinese names with their GB/T 2260 codes (DataV.GeoAtlas) and the gazetteer's English names
// (country-state-city) with their ISO 3166-2:CN codes paired with GB/T 2260 names
// (src/model/catalogue/china-names.ts); counts summed per division; equal-interval classes coloured
// with ColorBrewer "Blues" (values as published on colorbrewer2.org); the style a valid offline one.
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { State } from 'country-state-city';
import { describe, expect, it } from 'vitest';
import { PROVINCE_ZH } from '../../../src/model/catalogue/china-names.ts';
import { choroplethStyle, classOf, countByProvince, countClasses, countLabels, NO_PROJECTS_FILL, provinceCode, provinceLabel } from '../../../src/web/components/enterprise/province-map.ts';
import { china, world } from '../../../src/web/geo/atlas-data.ts';
import type { AtlasData } from '../../../src/web/geo/offline-atlas.ts';

const data = { world, china } as unknown as AtlasData;

describe('province names', () => {
  it('matches every division of the GeoJSON by its full Chinese name, its short name and its code', () => {
    const named = data.china.features.filter((f) => f.properties.name);
    expect(named).toHaveLength(34);
    for (const f of named) {
      const code = String(f.properties.adcode).slice(0, 2);
      expect(provinceCode(f.properties.name), f.properties.name).toBe(code);
      expect(provinceCode(String(f.properties.adcode))).toBe(code);
      expect(provinceCode(provinceLabel(code, 'zh'))).toBe(code);
      expect(provinceCode(provinceLabel(code, 'en'))).toBe(code);
    }
  });

  it('matches the gazetteer’s English names to the division of the same Chinese name', () => {
    const states = State.getStatesOfCountry('CN');
    expect(states).toHaveLength(34);
    for (const s of states) {
      const zh = PROVINCE_ZH[s.isoCode];
      expect(zh, s.isoCode).toBeTruthy();
      const code = provinceCode(zh);
      expect(code, zh).not.toBeNull();
      expect(provinceCode(s.name), s.name).toBe(code);
    }
  });

  it('reads other spellings and keeps Shanxi and Shaanxi apart', () => {
    expect(provinceCode('Shanxi')).toBe('14');
    expect(provinceCode('Shaanxi')).toBe('61');
    expect(provinceCode('山西省')).toBe('14');
    expect(provinceCode('陕西')).toBe('61');
    expect(provinceCode('Guangxi Zhuang Autonomous Region')).toBe('45');
    expect(provinceCode('Xinjiang Uyghur Autonomous Region')).toBe('65');
    expect(provinceCode('Tibet')).toBe('54');
    expect(provinceCode('Xizang')).toBe('54');
    expect(provinceCode('Nei Mongol')).toBe('15');
    expect(provinceCode('  zhejiang province ')).toBe('33');
    expect(provinceCode('Shanghai Shi')).toBe('31');
    expect(provinceCode('Macao')).toBe('82');
    expect(provinceCode('Macau SAR')).toBe('82');
    expect(provinceCode('中国台湾')).toBe('71');
    expect(provinceCode('ＳＨＡＮＧＨＡＩ')).toBe('31'); // full-width letters
  });

  it('finds no division for empty, foreign or unknown names', () => {
    for (const s of ['', '   ', 'California', 'Bavaria', '省', '990000', '市', 'Unknown']) expect(provinceCode(s), s).toBeNull();
    expect(provinceCode(null)).toBeNull();
  });
});

describe('province counts', () => {
  it('adds several spellings of one province and keeps the unmapped apart', () => {
    const c = countByProvince([
      { province: '浙江省', projects: 2 },
      { province: 'Zhejiang', projects: 1 },
      { province: 'Shanghai', projects: 4 },
      { province: '', projects: 3 },
      { province: 'Bavaria', projects: 1 },
      { province: '广东省', projects: 0 },
    ]);
    expect([...c.byCode].sort()).toEqual([
      ['31', 4],
      ['33', 3],
    ]);
    expect(c.unmapped).toBe(4);
  });

  it('labels each division with projects at its label point, in the language', () => {
    const c = countByProvince([{ province: '浙江省', projects: 3 }]);
    const [zh] = countLabels(data, c, 'zh');
    expect(zh).toMatchObject({ code: '33', name: '浙江', count: 3 });
    // Zhejiang lies between 118°–123° E and 27°–31.5° N
    expect(zh.at[0]).toBeGreaterThan(118);
    expect(zh.at[0]).toBeLessThan(123);
    expect(zh.at[1]).toBeGreaterThan(27);
    expect(zh.at[1]).toBeLessThan(31.5);
    expect(countLabels(data, c, 'en')[0].name).toBe('Zhejiang');
  });
});

describe('count classes', () => {
  // ColorBrewer 2.0, sequential single hue "Blues" (colorbrewer2.org)
  const BLUES_3 = ['#deebf7', '#9ecae1', '#3182bd'];
  const BLUES_4 = ['#eff3ff', '#bdd7e7', '#6baed6', '#2171b5'];
  const BLUES_5 = ['#eff3ff', '#bdd7e7', '#6baed6', '#3182bd', '#08519c'];

  it('splits 1…10 into five classes of two with Blues-5', () => {
    const k = countClasses(10);
    expect(k.map((c) => [c.min, c.max])).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
    ]);
    expect(k.map((c) => c.colour)).toEqual(BLUES_5);
    expect([1, 2, 3, 7, 10].map((n) => classOf(n, k))).toEqual([0, 0, 1, 3, 4]);
  });

  it('uses fewer classes when fewer are needed (1…12 in widths of 3: four classes, Blues-4)', () => {
    const k = countClasses(12);
    expect(k.map((c) => [c.min, c.max])).toEqual([
      [1, 3],
      [4, 6],
      [7, 9],
      [10, 12],
    ]);
    expect(k.map((c) => c.colour)).toEqual(BLUES_4);
  });

  it('gives small maxima one class per count, from the dark end of Blues-3', () => {
    expect(countClasses(3).map((c) => [c.min, c.max, c.colour])).toEqual([
      [1, 1, BLUES_3[0]],
      [2, 2, BLUES_3[1]],
      [3, 3, BLUES_3[2]],
    ]);
    expect(countClasses(2).map((c) => c.colour)).toEqual(BLUES_3.slice(1));
    expect(countClasses(1).map((c) => c.colour)).toEqual([BLUES_3[2]]);
  });

  it('has no class for no projects', () => {
    expect(countClasses(0)).toEqual([]);
    expect(classOf(0, countClasses(5))).toBe(-1);
    expect(classOf(1, [])).toBe(-1);
  });
});

describe('choropleth style', () => {
  it('is a valid offline maplibre style filling each division by its class', () => {
    const counts = countByProvince([
      { province: '浙江省', projects: 10 },
      { province: 'Sichuan', projects: 1 },
    ]);
    const classes = countClasses(10);
    for (const lang of ['zh', 'en'] as const) {
      const style = choroplethStyle(data, counts, classes, lang);
      expect(validateStyleMin(style).map((e) => e.message)).toEqual([]);
      expect(style.glyphs).toBeUndefined();
      expect(JSON.stringify(style.sources)).not.toMatch(/https?:\/\//);
      const src = style.sources.provinces as unknown as { data: { features: { properties: { code: string; count: number; fill: string; name: string } }[] } };
      const byCode = new Map(src.data.features.map((f) => [f.properties.code, f.properties]));
      expect(byCode.get('33')).toMatchObject({ count: 10, fill: '#08519c' });
      expect(byCode.get('51')).toMatchObject({ count: 1, fill: '#eff3ff' });
      expect(byCode.get('44')).toMatchObject({ count: 0, fill: NO_PROJECTS_FILL });
      expect(byCode.get('33')?.name).toBe(lang === 'zh' ? '浙江' : 'Zhejiang');
      // the South China Sea line is kept
      expect(byCode.has('')).toBe(true);
    }
  });
});
