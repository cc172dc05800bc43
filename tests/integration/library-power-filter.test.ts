// The library lists' rated power range (the Electrical step's inverter search by power; spec 000 §7
// inverter list): minPower / maxPower [W] keep the inverters whose rated AC power, and the modules
// whose STC power, lie in the range — ends included — together with the word search; a bad bound is a
// 400 naming the field.
import { expect, it } from 'vitest';
import { SYSTEM_INVERTERS } from '../../src/server/library/catalogue/inverters.ts';
import { SYSTEM_MODULES } from '../../src/server/library/catalogue/modules.ts';
import { describeWithDatabases } from './harness.ts';

describeWithDatabases('library power range', (t) => {
  it('keeps the entries whose rated power lies in the range, ends included', async () => {
    const { token } = await t.signUp();
    const h = t.bearer(token);
    const list = async (url: string) => (await t.inject({ method: 'GET', url, headers: h })).json().data as { total: number; list: { model: string; ratedAcPower?: number; pmax?: number }[] };
    // 10 kW inverters of the catalogue (datasheet values), nothing at 9 or 11 kW.
    const tenKw = SYSTEM_INVERTERS.filter((v) => v.ratedAcPower >= 9000 && v.ratedAcPower <= 11000).map((v) => v.model).sort();
    expect(tenKw.length).toBeGreaterThan(1);
    const inverters = await list('/api/web/inverter/list?size=100&source=system&minPower=9000&maxPower=11000');
    expect(inverters.list.map((v) => v.model).sort()).toEqual(tenKw);
    // The ends count: exactly 10 000 W.
    expect((await list('/api/web/inverter/list?size=100&source=system&minPower=10000&maxPower=10000')).total).toBe(tenKw.length);
    // With words: only the Huawei one.
    expect((await list('/api/web/inverter/list?size=100&minPower=9000&maxPower=11000&keyword=SUN2000')).list.map((v) => v.model)).toEqual(['SUN2000-10KTL-M1']);
    // Modules by STC power.
    const big = SYSTEM_MODULES.filter((m) => m.pmax >= 540).map((m) => m.model).sort();
    expect((await list('/api/web/component/list?size=100&source=system&minPower=540')).list.map((m) => m.model).sort()).toEqual(big);
    const bad = await t.inject({ method: 'GET', url: '/api/web/inverter/list?minPower=-1', headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/minPower/);
  });
});
