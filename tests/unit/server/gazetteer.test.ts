// The server's offline gazetteer (src/server/catalogue/gazetteer.ts) over country-state-city: world
// and Chinese cities at their coordinates, Chinese names, the Jiangsu data correction, Hong Kong's
// districts, nearest search and the map cells.
import { describe, expect, it } from 'vitest';
import { searchPlaces } from '../../../src/model/catalogue/places.ts';
import { Gazetteer, matchesFilter } from '../../../src/server/catalogue/gazetteer.ts';

const g = new Gazetteer();

// City centres (Wikipedia): Shanghai 31.2304 N 121.4737 E, Beijing 39.9042 N 116.4074 E,
// Suzhou (Jiangsu) 31.2990 N 120.5853 E; tolerance 0.5°.
describe('gazetteer', () => {
  it('holds the world’s cities and finds Shanghai and Beijing at their coordinates', async () => {
    expect((await g.all()).length).toBeGreaterThan(100_000);
    const [sh] = await g.search('Shanghai', { country: 'CN' });
    expect(sh).toMatchObject({ countryCode: 'CN', nameZh: '上海市', stateZh: '上海市', countryZh: '中国' });
    expect(Math.abs(sh.lat - 31.2304)).toBeLessThan(0.5);
    expect(Math.abs(sh.lon - 121.4737)).toBeLessThan(0.5);
    const [bj] = await g.search('北京');
    expect(Math.abs(bj.lat - 39.9042)).toBeLessThan(0.5);
    expect(Math.abs(bj.lon - 116.4074)).toBeLessThan(0.5);
  });

  it('answers through its prefix index exactly what the full scan answers', async () => {
    const all = await g.all();
    for (const q of ['Shanghai', 'spring', 'Par', 'ber', 'New York', 'zzqx', 'Taizhou, Jiangsu', 'san', 'a', 'ürümqi', '杭州', 'wood']) {
      expect((await g.search(q, {}, 10)).map((p) => p.key + p.where), q).toEqual(searchPlaces(all, q, 10).map((p) => p.key + p.where));
    }
  });

  it('files the cities of Jiangsu under Jiangsu, not Taiwan', async () => {
    const [sz] = await g.search('Suzhou', { country: 'CN', province: '江苏省' });
    expect(sz).toMatchObject({ name: 'Suzhou', state: 'Jiangsu', nameZh: '苏州市' });
    expect(Math.abs(sz.lat - 31.299)).toBeLessThan(0.5);
    const inTaiwanProvince = (await g.all()).filter((p) => p.countryCode === 'CN' && p.state === 'Taiwan');
    expect(inTaiwanProvince).toEqual([]);
  });

  it('answers Hong Kong’s districts (the dataset has no cities there)', async () => {
    const hk = (await g.all()).filter((p) => p.countryCode === 'HK');
    expect(hk.length).toBeGreaterThan(10);
    expect(hk.every((p) => p.countryZh === '中国香港')).toBe(true);
  });

  it('finds the nearest places, nearest first', async () => {
    const near = await g.nearest(31.2304, 121.4737, {}, 3);
    expect(near).toHaveLength(3);
    expect(near[0].distanceKm).toBeLessThanOrEqual(near[1].distanceKm);
    expect(near[0].distanceKm).toBeLessThan(15);
    const inJapan = await g.nearest(31.2304, 121.4737, { country: 'JP' }, 1);
    expect(inJapan[0].place.countryCode).toBe('JP');
  });

  it('filters by ISO code, English or Chinese country and province names', async () => {
    const [p] = await g.search('Hangzhou');
    expect(matchesFilter(p, { country: 'cn' })).toBe(true);
    expect(matchesFilter(p, { country: 'China' })).toBe(true);
    expect(matchesFilter(p, { country: '中国', province: '浙江' })).toBe(true);
    expect(matchesFilter(p, { province: 'Jiangsu' })).toBe(false);
  });

  it('marks the inhabited cells of a grid', async () => {
    const cells = await g.cells(1);
    const set = new Set<string>();
    for (let i = 0; i < cells.length; i += 2) set.add(`${cells[i]},${cells[i + 1]}`);
    expect(set.size).toBe(cells.length / 2);
    expect(set.has(`${Math.floor(121.47 + 180)},${Math.floor(31.23 + 90)}`)).toBe(true);
  });
});
