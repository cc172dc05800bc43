// The equipment library's curves (web/library): a module's I–V / P–V families from its one-diode model
// — the entry's own PVsyst parameters, or PVsyst's default parameters fitted to its datasheet — and an
// inverter's efficiency curves. Values are checked against the datasheets, PVsyst's documented default
// rules and the fixtures' independently worked numbers, each with its tolerance.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pvModuleSchema } from '../../../src/model/equipment-module.ts';
import { inverterSchema } from '../../../src/model/equipment-inverter.ts';
import { parseOnd } from '../../../src/physics/pvsyst-ond.ts';
import { parsePan } from '../../../src/physics/pvsyst-pan.ts';
import { SYSTEM_INVERTERS } from '../../../src/server/library/catalogue/inverters.ts';
import { SYSTEM_MODULES } from '../../../src/server/library/catalogue/modules.ts';
import { inverterEfficiencyPlot } from '../../../src/web/library/inverter-curves.ts';
import { IRRADIANCE_STEPS, TEMPERATURE_STEPS, moduleCurve, moduleCurveSet, type ModuleCurve } from '../../../src/web/library/module-curves.ts';
import { moduleModel } from '../../../src/physics/module-fit.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/pvsyst/${name}`, import.meta.url));
const catalogueModule = (id: string) => pvModuleSchema.parse(SYSTEM_MODULES.find((m) => m.id === id));

/** Current of a sampled curve at a voltage, interpolated linearly between its points [A]. */
function currentAt(c: ModuleCurve, v: number): number {
  const k = c.v.findIndex((x) => x >= v);
  if (k <= 0) return c.i[0];
  const t = (v - c.v[k - 1]) / (c.v[k] - c.v[k - 1]);
  return c.i[k - 1] + t * (c.i[k] - c.i[k - 1]);
}

describe('module curves from the entry’s one-diode parameters', () => {
  it('reproduce the example .PAN’s independently worked STC point (tests/fixtures/pvsyst/README.md)', () => {
    // README: I_L,ref = 14.125859800 A, I_0,ref = 2.4648851e-11 A; maximum power 619.99 W at
    // 46.264 V / 13.401 A (Python bisection on the one-diode equation, k and q exact SI).
    const model = moduleModel(parsePan(fixture('example-module.PAN')));
    expect(model.origin).toBe('entry');
    expect(model.params.iLRef).toBeCloseTo(14.1258598, 6);
    expect(model.params.iORef / 2.4648851e-11).toBeCloseTo(1, 6);
    const stc = moduleCurve(model, { irradiance: 1000, temperature: 25 });
    expect(stc.pmp).toBeCloseTo(619.99, 1); // ±0.05 W
    expect(stc.vmp).toBeCloseTo(46.264, 2); // ±0.005 V
    expect(stc.imp).toBeCloseTo(13.401, 2); // ±0.005 A
    // the .PAN's datasheet points: Isc 14.12 A, Voc 55.98 V (I_L and I_0 are derived from them)
    expect(stc.i[0]).toBeCloseTo(14.12, 6);
    expect(stc.v[stc.v.length - 1]).toBeCloseTo(55.98, 6);
  });

  it('pass through the datasheet points of a catalogue module with a manufacturer .PAN (JinkoSolar JKM720N-66HL5-BDV)', () => {
    // Datasheet (the .PAN's reference values): Isc 18.67 A, Voc 49.04 V, Vmp 40.89 V, Imp 17.61 A,
    // Pmax 720 W. The curve passes through Isc and Voc exactly (I_L, I_0 derived from them) and
    // through the MPP within the one-diode fit of the manufacturer's file: 1 %.
    const m = catalogueModule('jinko-jkm720n-66hl5-bdv');
    const { model, byIrradiance } = moduleCurveSet(m);
    expect(model.origin).toBe('entry');
    const stc = byIrradiance[0];
    expect(stc.isc).toBeCloseTo(18.67, 9);
    expect(stc.voc).toBeCloseTo(49.04, 9);
    expect(Math.abs(currentAt(stc, 40.89) / 17.61 - 1)).toBeLessThan(0.01);
    expect(Math.abs(stc.pmp / 720 - 1)).toBeLessThan(0.01);
  });
});

describe('module curves of a datasheet-only entry (PVsyst default parameters)', () => {
  // LONGi LR5-72HPH-550M datasheet: Pmax 550 W, Vmp 41.95 V, Imp 13.12 A, Voc 49.8 V, Isc 13.98 A,
  // 72 cells in series, Isc +0.048 %/°C, Voc −0.27 %/°C, Pmax −0.35 %/°C.
  const m = catalogueModule('longi-lr5-72hph-550m');
  const set = moduleCurveSet(m);
  const stc = set.byIrradiance[0];

  it('passes through (0, Isc), (Vmp, Imp) and (Voc, 0) of the datasheet at STC', () => {
    expect(set.model.origin).toBe('fitted');
    expect(stc.isc).toBeCloseTo(13.98, 6);
    expect(stc.voc).toBeCloseTo(49.8, 6);
    // the fitted curve goes through the MPP of the datasheet (within 1e-6 A at Vmp)
    const p = moduleModel(m).params;
    expect(p.iLRef).toBeGreaterThan(13.98);
    const atVmp = moduleCurve(set.model, { irradiance: 1000, temperature: 25 }, 2000);
    expect(Math.abs(currentAt(atVmp, 41.95) - 13.12)).toBeLessThan(2e-3); // linear interpolation on 2000 points
    // and its maximum lies within 0.5 % of the datasheet Pmax (PVsyst imposes the point, not dP/dV = 0)
    expect(Math.abs(stc.pmp / 550 - 1)).toBeLessThan(0.005);
  });

  it('follows PVsyst’s default rules: Rsh = Vmp / (0.2·(Isc − Imp)), Rsh(0) = 4·Rsh, −3 % relative efficiency at 200 W/m²', () => {
    const p = set.model.params;
    expect(p.rShRef).toBeCloseTo(41.95 / (0.2 * (13.98 - 13.12)), 9); // 243.895 Ω
    expect(p.rSh0).toBeCloseTo(4 * p.rShRef, 9);
    const low = set.byIrradiance.find((c) => c.condition.irradiance === 200)!;
    expect(((low.pmp / 200) / (stc.pmp / 1000) - 1) * 100).toBeCloseTo(-3, 2);
  });

  it('follows the datasheet temperature coefficients at 65 °C', () => {
    const hot = set.byTemperature.find((c) => c.condition.temperature === 65)!;
    // Pmax: −0.35 %/°C × 40 K → 473.0 W (μγ is fitted to the coefficient at 25 °C; 1 % over 40 K)
    expect(Math.abs(hot.pmp / (550 * (1 - 0.0035 * 40)) - 1)).toBeLessThan(0.01);
    // Isc: +0.048 %/°C → 14.248 A (0.1 %)
    expect(Math.abs(hot.isc / (13.98 * (1 + 0.00048 * 40)) - 1)).toBeLessThan(0.001);
    // Voc is not fitted: the one-diode physics gives it; −0.27 %/°C → 44.42 V within 2.5 %
    expect(Math.abs(hot.voc / (49.8 * (1 - 0.0027 * 40)) - 1)).toBeLessThan(0.025);
  });

  it('draws the two families the library shows, each curve from 0 V to Voc with its maximum power point', () => {
    expect(set.byIrradiance.map((c) => c.condition)).toEqual(IRRADIANCE_STEPS.map((irradiance) => ({ irradiance, temperature: 25 })));
    expect(set.byTemperature.map((c) => c.condition)).toEqual(TEMPERATURE_STEPS.map((temperature) => ({ irradiance: 1000, temperature })));
    for (const c of [...set.byIrradiance, ...set.byTemperature]) {
      expect(c.v[0]).toBe(0);
      expect(c.v[c.v.length - 1]).toBeCloseTo(c.voc, 9);
      expect(c.i[c.i.length - 1]).toBe(0);
      for (let k = 1; k < c.v.length; k++) {
        expect(c.v[k]).toBeGreaterThan(c.v[k - 1]);
        expect(c.i[k]).toBeLessThanOrEqual(c.i[k - 1]);
      }
      // the P–V curve peaks at the inserted maximum power point
      expect(Math.max(...c.p)).toBeCloseTo(c.pmp, 9);
      expect(c.p[c.v.indexOf(c.vmp)]).toBeCloseTo(c.pmp, 9);
    }
    // Isc in proportion to irradiance (I_L ∝ G; the shunt drop at 0 V is nil): 0.1 %
    for (const c of set.byIrradiance) expect(Math.abs(c.isc / ((13.98 * c.condition.irradiance) / 1000) - 1)).toBeLessThan(0.001);
  });

  it('fits every datasheet-only module of the system catalogue through its STC points, maximum within 1 % of Pmax', () => {
    const fitted = SYSTEM_MODULES.map((raw) => pvModuleSchema.parse(raw)).filter((x) => x.singleDiode === undefined);
    expect(fitted.length).toBeGreaterThan(15);
    for (const x of fitted) {
      const c = moduleCurve(moduleModel(x), { irradiance: 1000, temperature: 25 }, 1500);
      expect(c.isc, x.model).toBeCloseTo(x.isc, 6);
      expect(c.voc, x.model).toBeCloseTo(x.voc, 6);
      expect(Math.abs(currentAt(c, x.vmp) - x.imp), x.model).toBeLessThan(5e-3);
      expect(Math.abs(c.pmp / x.pmax - 1), x.model).toBeLessThan(0.01);
    }
  });
});

describe('inverter efficiency curves', () => {
  const ond = parseOnd(fixture('example-inverter.OND'));
  const plot = inverterEfficiencyPlot(ond);

  it('gives one curve per DC voltage of the .OND, through its points', () => {
    // example-inverter.OND: VNomEff 300, 600, 900 V; at 600 V the point 55000 W → 54230 W is 98.6000 %
    expect(plot.mode).toBe('curves');
    expect(plot.series.map((s) => s.dcVoltage)).toEqual([300, 600, 900]);
    const at600 = plot.series[1].points.find((p) => p.dcPower === 55000)!;
    expect(at600.efficiency).toBeCloseTo((54230 / 55000) * 100, 9);
    // below the first measured point the efficiency falls to 0 at the start-up power PSeuil = 220 W
    expect(plot.series[0].points[0]).toEqual({ dcPower: 220, efficiency: 0 });
    expect(plot.maxPower).toBe(112000);
  });

  it('interpolates linearly in power between the measured points', () => {
    // 300 V curve: (5500 W, 5302 W) and (11000 W, 10714 W) → 96.3636 % and 97.4000 %
    const curve = plot.series[0].points;
    const between = curve.filter((p) => p.dcPower > 5500 && p.dcPower < 11000);
    expect(between.length).toBeGreaterThan(0);
    const e0 = (5302 / 5500) * 100;
    const e1 = (10714 / 11000) * 100;
    for (const p of between) expect(p.efficiency).toBeCloseTo(e0 + ((p.dcPower - 5500) / 5500) * (e1 - e0), 9);
    // above the last point the efficiency is held: 109760 / 112000 = 98.0000 %
    expect(curve[curve.length - 1]).toEqual({ dcPower: 112000, efficiency: (109760 / 112000) * 100 });
  });

  it('shows the peak and European efficiencies as flat lines for an entry without curves', () => {
    // SMA Sunny Boy 3.0 datasheet: max. efficiency 97.0 %, European 96.4 %, max. DC power 5500 W
    const sma = inverterSchema.parse(SYSTEM_INVERTERS.find((v) => v.id === 'sma-sb3-0-1av-41'));
    const flat = inverterEfficiencyPlot(sma);
    expect(flat.mode).toBe('flat');
    expect(flat.maxPower).toBe(5500);
    expect(flat.series.map((s) => [s.kind, s.points.map((p) => p.efficiency)])).toEqual([
      ['max', [97, 97]],
      ['euro', [96.4, 96.4]],
    ]);
  });
});
