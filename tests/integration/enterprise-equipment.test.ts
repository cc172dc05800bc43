// The organisation's equipment libraries and the curve queries on both databases (issue 20 item 5):
// system and enterprise entries side by side, source filters (admin list = system, enterprise list =
// own), enable / disable per organisation ('Status Updated Successfully'), add / update / delete of
// own entries by administrators, and the I–V and efficiency curves checked against datasheet values
// and hand-worked model values.
import { describe, expect, it } from 'vitest';
import { ENTERPRISE_MESSAGES } from '../../src/model/api/enterprise.ts';
import { joinedMember, makeOrg, type Org } from './enterprise-helpers.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';

async function systemModule(t: TestApp, org: Org, keyword: string) {
  const list = (await t.inject({ method: 'GET', url: `/api/web/enterprise/device/component/admin-list?keyword=${encodeURIComponent(keyword)}`, headers: org.h })).json().data;
  expect(list.total).toBe(1);
  const detail = (await t.inject({ method: 'GET', url: `/api/web/enterprise/device/component/detail?source=system&id=${list.list[0].id}`, headers: org.h })).json().data;
  return detail as { id: number; module: Record<string, unknown> };
}

async function systemInverter(t: TestApp, org: Org, keyword: string) {
  const list = (await t.inject({ method: 'GET', url: `/api/web/enterprise/device/inverter/admin-list?keyword=${encodeURIComponent(keyword)}`, headers: org.h })).json().data;
  expect(list.total).toBe(1);
  const detail = (await t.inject({ method: 'GET', url: `/api/web/enterprise/device/inverter/detail?source=system&id=${list.list[0].id}`, headers: org.h })).json().data;
  return detail as { id: number; inverter: Record<string, unknown> };
}

describeWithDatabases('enterprise: equipment', (t) => {
  describe('libraries', () => {
    it('system entries beside the organisation’s; add, update, delete own entries; enable / disable for the organisation only', async () => {
      const org = await makeOrg(t, 'Devices');
      const other = await makeOrg(t, 'Other devices');
      const sys = await systemModule(t, org, 'JKM720N');
      const all0 = (await t.inject({ method: 'GET', url: '/api/web/enterprise/device/component/list', headers: org.h })).json().data;
      expect(all0.total).toBeGreaterThan(1);
      expect(all0.list.every((m: { source: string; enabled: boolean }) => m.source === 'system' && m.enabled)).toBe(true);

      const own = { ...sys.module, model: 'ACME-700-TEST' };
      const add = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/component/add', headers: org.h, payload: { module: own } });
      expect(add.json()).toMatchObject({ code: 200, msg: 'Added successfully', data: { id: expect.any(Number) } });
      const id = add.json().data.id as number;
      const mine = (await t.inject({ method: 'GET', url: '/api/web/enterprise/device/component/enterprise-list', headers: org.h })).json().data;
      expect(mine.list.map((m: { model: string; source: string }) => [m.model, m.source])).toEqual([['ACME-700-TEST', 'enterprise']]);
      const first = (await t.inject({ method: 'GET', url: '/api/web/enterprise/device/component/list?size=1', headers: org.h })).json().data.list[0];
      expect(first).toMatchObject({ id, source: 'enterprise', model: 'ACME-700-TEST', pmax: 720 });
      expect((await t.inject({ method: 'GET', url: '/api/web/enterprise/device/component/enterprise-list', headers: other.h })).json().data.total).toBe(0);

      // The manufacturer of a new entry is in the organisation's company library if not known.
      const companies = (await t.inject({ method: 'GET', url: '/api/web/enterprise/device/company/list?type=module&keyword=JinkoSolar', headers: org.h })).json().data;
      expect(companies.list.map((c: { source: string }) => c.source)).toContain('system');

      const upd = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/component/update', headers: org.h, payload: { id, module: { ...own, model: 'ACME-700-B' } } });
      expect(upd.json()).toMatchObject({ code: 200, msg: 'Updated' });
      expect((await t.inject({ method: 'GET', url: `/api/web/enterprise/device/component/detail?id=${id}`, headers: org.h })).json().data.model).toBe('ACME-700-B');
      const bad = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/component/add', headers: org.h, payload: { module: { ...own, pmax: undefined } } });
      expect(bad.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION', field: 'module.pmax' } });
      expect((await t.inject({ method: 'POST', url: '/api/web/enterprise/device/component/update', headers: other.h, payload: { id, module: own } })).json().code).toBe(404);

      // Disable a system entry: this organisation only.
      const off = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/component/status', headers: org.h, payload: { id: sys.id, source: 'system', enabled: false } });
      expect(off.json()).toEqual({ code: 200, msg: ENTERPRISE_MESSAGES.statusUpdated, data: {} });
      const disabled = (await t.inject({ method: 'GET', url: '/api/web/enterprise/device/component/list?enabled=false', headers: org.h })).json().data;
      expect(disabled.list.map((m: { id: number; source: string }) => [m.id, m.source])).toEqual([[sys.id, 'system']]);
      expect((await t.inject({ method: 'GET', url: '/api/web/enterprise/device/component/list?enabled=false', headers: other.h })).json().data.total).toBe(0);
      await t.inject({ method: 'POST', url: '/api/web/enterprise/device/component/status', headers: org.h, payload: { id: sys.id, source: 'system', enabled: true } });
      expect((await t.inject({ method: 'GET', url: '/api/web/enterprise/device/component/list?enabled=false', headers: org.h })).json().data.total).toBe(0);

      // A system entry cannot be deleted (it is not the organisation's); an own one can.
      expect((await t.inject({ method: 'POST', url: '/api/web/enterprise/device/component/delete', headers: other.h, payload: { id } })).json().code).toBe(404);
      expect((await t.inject({ method: 'POST', url: '/api/web/enterprise/device/component/delete', headers: org.h, payload: { id } })).json()).toMatchObject({ code: 200, msg: 'Deleted' });
      expect((await t.inject({ method: 'GET', url: '/api/web/enterprise/device/component/enterprise-list', headers: org.h })).json().data.total).toBe(0);
    });

    it('inverters and manufacturers: add, update, status; members read but cannot change', async () => {
      const org = await makeOrg(t, 'Inverters');
      const member = await joinedMember(t, org);
      const sys = await systemInverter(t, org, 'SB3.0');
      const add = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/inverter/add', headers: org.h, payload: { inverter: { ...sys.inverter, model: 'ACME INV 3K' } } });
      expect(add.json().code).toBe(200);
      const invId = add.json().data.id as number;
      const upd = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/inverter/update', headers: org.h, payload: { id: invId, inverter: { ...sys.inverter, model: 'ACME INV 3K2' } } });
      expect(upd.json().code).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/api/web/enterprise/device/inverter/enterprise-list', headers: member.h })).json().data.list[0]).toMatchObject({ id: invId, model: 'ACME INV 3K2', source: 'enterprise', enabled: true });
      const denied = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/inverter/status', headers: member.h, payload: { id: invId, source: 'enterprise', enabled: false } });
      expect(denied.json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_ADMIN_REQUIRED' } });

      const c = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/company/add', headers: org.h, payload: { type: 'inverter', nameEn: 'Acme Power', nameZh: '阿克米' } });
      expect(c.json()).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
      const again = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/company/add', headers: org.h, payload: { type: 'inverter', nameEn: 'acme power', nameZh: '阿克米' } });
      expect(again.json().data.id).toBe(c.json().data.id);
      expect((await t.inject({ method: 'POST', url: '/api/web/enterprise/device/company/add', headers: org.h, payload: { type: 'inverter' } })).json()).toMatchObject({ code: 400, data: { field: 'nameEn' } });
      const st = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/company/status', headers: org.h, payload: { id: c.json().data.id, source: 'enterprise', enabled: false } });
      expect(st.json().msg).toBe(ENTERPRISE_MESSAGES.statusUpdated);
      const own = (await t.inject({ method: 'GET', url: '/api/web/enterprise/device/company/enterprise-list?type=inverter', headers: org.h })).json().data.list;
      expect(own.find((x: { nameEn: string }) => x.nameEn === 'Acme Power')).toMatchObject({ enabled: false, nameZh: '阿克米', type: 'inverter' });
      const ren = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/company/update', headers: org.h, payload: { id: c.json().data.id, type: 'inverter', nameEn: 'Acme Power Co' } });
      expect(ren.json().code).toBe(200);
    });
  });

  describe('curves', () => {
    it('module I–V at STC passes through the datasheet Isc and Voc, with Pmax near the rating; Voc follows the datasheet temperature coefficient', async () => {
      const org = await makeOrg(t, 'Curves');
      const sys = await systemModule(t, org, 'JKM720N');
      const r = await t.inject({ method: 'GET', url: `/api/web/enterprise/algorithm/iv-curve?source=system&id=${sys.id}&irradiance=1000,200&temperature=25,65&points=40`, headers: org.h });
      const d = r.json().data;
      expect(d.curves).toHaveLength(4);
      const stc = d.curves.find((c: { irradiance: number; temperature: number }) => c.irradiance === 1000 && c.temperature === 25);
      // JinkoSolar JKM720N-66HL5-BDV .PAN (PVsyst 7.2.3): Isc 18.67 A, Voc 49.04 V, Pmpp 720 W at STC.
      expect(stc.isc).toBeCloseTo(18.67, 3);
      expect(stc.voc).toBeCloseTo(49.04, 3);
      expect(Math.abs(stc.pmp - 720) / 720).toBeLessThan(0.01);
      expect(stc.points).toHaveLength(40);
      expect(stc.points[0]).toMatchObject({ v: 0 });
      expect(stc.points[0].i).toBeCloseTo(18.67, 3);
      expect(stc.points[39].v).toBeCloseTo(49.04, 3);
      expect(stc.points[39].i).toBe(0);
      // Voc at 65 °C from the datasheet coefficient −0.281 %/°C: 49.04·(1 − 0.00281·40) = 43.53 V (±2 %).
      const hot = d.curves.find((c: { irradiance: number; temperature: number }) => c.irradiance === 1000 && c.temperature === 65);
      expect(Math.abs(hot.voc - 43.53) / 43.53).toBeLessThan(0.02);
      // Low light: Isc scales with irradiance (I_L = E/E_ref·I_L,ref at 25 °C): 18.67·0.2 = 3.734 A (±0.5 %).
      const low = d.curves.find((c: { irradiance: number; temperature: number }) => c.irradiance === 200 && c.temperature === 25);
      expect(Math.abs(low.isc - 3.734) / 3.734).toBeLessThan(0.005);
      // A datasheet-only module (Jinko JKM540M: Isc 13.85 A, Voc 49.42 V, 540 W at 41.22 V / 13.10 A) gets
      // PVsyst's default one-diode parameters fitted through its three STC points.
      const plain = await systemModule(t, org, 'JKM540M');
      const fitted = (await t.inject({ method: 'GET', url: `/api/web/enterprise/algorithm/iv-curve?source=system&id=${plain.id}`, headers: org.h })).json();
      expect(fitted).toMatchObject({ code: 200, data: { parameters: 'fitted' } });
      const fitStc = fitted.data.curves.find((c: { irradiance: number; temperature: number }) => c.irradiance === 1000 && c.temperature === 25);
      expect(fitStc.isc).toBeCloseTo(13.85, 2);
      expect(fitStc.voc).toBeCloseTo(49.42, 2);
      expect(Math.abs(fitStc.pmp - 540) / 540).toBeLessThan(0.01);
      const bad = await t.inject({ method: 'GET', url: `/api/web/enterprise/algorithm/iv-curve?source=system&id=${sys.id}&irradiance=5000`, headers: org.h });
      expect(bad.json()).toMatchObject({ code: 400, data: { field: 'irradiance' } });
    });

    it('inverter efficiency: measured curves interpolated linearly (PVsyst), else the PVWatts curve with the peak efficiency as nominal', async () => {
      const org = await makeOrg(t, 'Eff');
      const sys = await systemInverter(t, org, 'SB3.0');
      const { maxDcPower: _drop, ...noDcMax } = sys.inverter;
      const flat = await t.inject({ method: 'POST', url: '/api/web/enterprise/device/inverter/add', headers: org.h, payload: { inverter: { ...noDcMax, model: 'PVWatts 3K' } } });
      const pv = (await t.inject({ method: 'GET', url: `/api/web/enterprise/algorithm/efficiency-curve?source=enterprise&id=${flat.json().data.id}&points=10`, headers: org.h })).json().data;
      expect(pv.mode).toBe('pvwatts');
      const pts = pv.curves[0].points;
      // PVWatts (Dobos 2014 eq. 4): P_dc0 = 3000 W / 0.97; at ζ = 1, η = η_nom = 97 %; at ζ = 0.5,
      // η = 0.97/0.9637·(−0.0162·0.5 − 0.0059/0.5 + 0.9858) = 0.97/0.9637·0.9659 = 97.2214 %.
      expect(pts[9].dcPower).toBeCloseTo(3000 / 0.97, 6);
      expect(pts[9].efficiency).toBeCloseTo(97, 6);
      expect(pts[4].efficiency).toBeCloseTo(97.2214, 3);

      const curve = { dcVoltage: 365, points: [ { dcPower: 500, efficiency: 90 }, { dcPower: 1000, efficiency: 95 }, { dcPower: 2500, efficiency: 97 }, { dcPower: 5000, efficiency: 96 } ] };
      const measured = await t.inject({
        method: 'POST',
        url: '/api/web/enterprise/device/inverter/add',
        headers: org.h,
        payload: { inverter: { ...sys.inverter, model: 'Curve 5K', ratedAcPower: 5000, maxAcPower: 5000, hasEfficiencyCurve: true, efficiencyCurves: [curve] } },
      });
      expect(measured.json().code).toBe(200);
      const ec = (await t.inject({ method: 'GET', url: `/api/web/enterprise/algorithm/efficiency-curve?source=enterprise&id=${measured.json().data.id}&points=10`, headers: org.h })).json().data;
      expect(ec.mode).toBe('curves');
      expect(ec.curves).toHaveLength(1);
      const at = (p: number) => ec.curves[0].points.find((x: { dcPower: number }) => Math.abs(x.dcPower - p) < 1e-6);
      // At the measured points the curve is the measurement; between them linear: 95 + 2·500/1500 = 95.6667 %.
      expect(at(1000).efficiency).toBeCloseTo(95, 6);
      expect(at(2500).efficiency).toBeCloseTo(97, 6);
      expect(at(1500).efficiency).toBeCloseTo(95.6667, 3);
      expect(at(5000).acPower).toBeCloseTo(4800, 6);
      // The personal library's own and system entries are open to any signed-in user.
      const personal = await t.signUp();
      const sysCurve = await t.inject({ method: 'GET', url: `/api/web/enterprise/algorithm/efficiency-curve?source=system&id=${sys.id}`, headers: t.bearer(personal.token) });
      expect(sysCurve.json()).toMatchObject({ code: 200, data: { mode: 'pvwatts' } });
      const foreign = await t.inject({ method: 'GET', url: `/api/web/enterprise/algorithm/efficiency-curve?source=enterprise&id=${measured.json().data.id}`, headers: t.bearer(personal.token) });
      expect(foreign.json()).toMatchObject({ code: 402, data: { error: 'NOT_ENTERPRISE_USER' } });
    });
  });
});
