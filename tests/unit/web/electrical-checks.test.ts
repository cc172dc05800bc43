// The Electrical step's checks, figures and cable edits as the browser works them out
// (src/web/editor/electrical/checks.ts, summary.ts, cable-edit.ts), against values computed by hand
// from the datasheets of electrical-fixtures.ts (LONGi LR5-72HPH-550M on a Huawei SUN2000-10KTL-M1)
// and the rules of ELECTRICAL.md: V(T) = V·(1 + β/100·(T − 25)); R = 1000·ρ20/A [Ω/km],
// ΔU = 2·L/1000·I·R for DC. Tolerance: 1e-6 relative unless stated.
import { describe, expect, it } from 'vitest';
import type { CableDocument, RoutedCable } from '../../../src/model/electrical-design.ts';
import { cableName, cableTotals, setConductor, withConductor } from '../../../src/web/editor/electrical/cable-edit.ts';
import { electricalChecks } from '../../../src/web/editor/electrical/checks.ts';
import { configSummary } from '../../../src/web/editor/electrical/summary.ts';
import { configOf, MODULE, string } from './electrical-fixtures.ts';

const indices = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('string and inverter checks', () => {
  // S1: 20 modules on MPPT 1, S2: 3 modules on MPPT 2 of INV-1; at −10 °C, 60 °C and 20 °C.
  const doc = configOf([string('s1', 1, indices(0, 20), { inverterId: 'inv1', mppt: 0 }), string('s2', 2, indices(20, 3), { inverterId: 'inv1', mppt: 1 })]);
  const rows = electricalChecks(doc, MODULE, null);
  const find = (rule: string, subject: string) => rows.find((r) => r.rule === rule && r.subject === subject)!;

  it('holds 20 × Voc(−10 °C) = 20 × 49.8 × 1.0945 = 1090.122 V against min(1100 V inverter, 1500 V module)', () => {
    const c = find('vocCold', 'S1');
    expect(c.value).toBeCloseTo(1090.122, 6);
    expect(c.limit).toBe(1100);
    expect(c.severity).toBe('ok');
  });

  it('checks the MPPT window: 20 × Vmp(20 °C) = 20 × 41.95 × 1.0135 = 850.3265 V ≤ 980 V; 3 × Vmp(60 °C) = 3 × 41.95 × 0.9055 = 113.957 V < 140 V (a warning: energy only)', () => {
    expect(find('vmpCoolMax', 'S1').value).toBeCloseTo(850.3265, 6);
    expect(find('vmpCoolMax', 'S1').ok).toBe(true);
    const hot = find('vmpHotMin', 'S2');
    expect(hot.value).toBeCloseTo(113.957175, 6);
    expect(hot.limit).toBe(140);
    expect(hot.severity).toBe('warning');
  });

  it('refuses one string of Imp 13.12 A on an 11 A input (an error: the input rating) and counts the DC/AC ratio 23 × 550 W / 10 kW = 1.265', () => {
    const current = find('mpptCurrent', 'INV-1 MPPT 2');
    expect(current.value).toBeCloseTo(13.12, 9);
    expect(current.limit).toBe(11);
    expect(current.severity).toBe('error');
    // p · Isc = 13.98 A ≤ 15 A.
    expect(find('mpptShortCircuit', 'INV-1 MPPT 1').ok).toBe(true);
    const ratio = find('dcAcRatio', 'INV-1');
    expect(ratio.value).toBeCloseTo(1.265, 9);
    expect(ratio.severity).toBe('ok');
    expect(find('maxDcPower', 'INV-1')).toMatchObject({ value: 12650, limit: 15000, ok: true });
  });

  it('lists errors first, then warnings, then the passed ones', () => {
    const order = rows.map((r) => r.severity);
    const rank = { error: 0, warning: 1, ok: 2 } as const;
    expect(order.map((s) => rank[s])).toEqual([...order.map((s) => rank[s])].sort((a, b) => a - b));
    expect(order[0]).toBe('error');
  });

  it('makes 21 modules in series fail the mandatory Voc limit: 21 × 54.5061 = 1144.628 V > 1100 V', () => {
    const long = electricalChecks(configOf([string('s1', 1, indices(0, 21), { inverterId: 'inv1', mppt: 0 })]), MODULE, null);
    expect(long.find((r) => r.rule === 'vocCold')).toMatchObject({ severity: 'error', limit: 1100 });
    expect(long.find((r) => r.rule === 'vocCold')!.value).toBeCloseTo(1144.6281, 4);
  });

  it('has no string or inverter rules without the module data; an unconnected string has none, its idle inverter carries 0 W', () => {
    expect(electricalChecks(doc, null, null)).toEqual([]);
    expect(electricalChecks(configOf([string('s1', 1, [0, 1])]), MODULE, null)).toEqual([
      { rule: 'dcAcRatio', ok: true, value: 0, limit: 1.8, subject: 'INV-1', severity: 'ok' },
      { rule: 'maxDcPower', ok: true, value: 0, limit: 15000, subject: 'INV-1', severity: 'ok' },
    ]);
  });
});

/** A DC cable of S1 → INV-1: 50 m, 12 A at 600 V on copper 4 mm² (R = 17.241/4 = 4.31025 Ω/km). */
function dcCable(over: Partial<RoutedCable> = {}): RoutedCable {
  const r = 1000 * (0.017241 / 4);
  const dropV = 2 * 0.05 * 12 * r; // 5.17230 V
  return {
    id: 'c1',
    kind: 'string',
    from: { kind: 'string', id: 's1' },
    to: { kind: 'inverter', id: 'inv1' },
    path: [
      [0, 0],
      [0, -5],
    ],
    length: 50,
    material: 'copper',
    crossSection: 4,
    current: 12,
    voltage: 600,
    circuit: 'dc',
    dropV,
    dropPercent: (100 * dropV) / 600,
    lossW: 2 * 0.05 * 144 * r, // 62.0676 W
    ampacityOk: true,
    ...over,
  };
}

const cableDoc = (cables: RoutedCable[]): CableDocument => ({
  kind: 'cable',
  version: 1,
  inverterConfigVersion: 1,
  settings: { dcMaterial: 'copper', acMaterial: 'copper', dcMaxDropPercent: 0.5, acMaxDropPercent: 2 },
  cables,
});

describe('cables', () => {
  it('a changed section gets the rules\' figures: 4 → 6 mm² copper gives 2·0.05·12·2.8735 = 3.44820 V and 41.378 W', () => {
    const c = withConductor(dcCable(), 'copper', 6);
    expect(c.dropV).toBeCloseTo(3.4482, 6);
    expect(c.dropPercent).toBeCloseTo(0.5747, 4);
    expect(c.lossW).toBeCloseTo(41.3784, 4);
    expect(withConductor(c, 'copper', 6)).toBe(c);
  });

  it('aluminium 16 mm²: R = 1000·0.028264/16 = 1.7665 Ω/km, ΔU = 2·0.05·12·1.7665 = 2.11980 V, whatever figures the cable carried', () => {
    const c = withConductor(dcCable({ crossSection: 16, dropV: 1, dropPercent: 1, lossW: 1 }), 'aluminium', 16);
    expect(c.dropV).toBeCloseTo(2.1198, 6);
    expect(c.lossW).toBeCloseTo(2 * 0.05 * 144 * 1.7665, 4);
  });

  it("takes the section's tabulated ampacity (IEC 60364-5-52, XLPE, method C, 2 conductors: Cu 6 mm² 58 A, 10 mm² 80 A)", () => {
    expect(withConductor(dcCable({ current: 60 }), 'copper', 6).ampacityOk).toBe(false);
    expect(withConductor(dcCable({ current: 60 }), 'copper', 10).ampacityOk).toBe(true);
    // Aluminium starts at 16 mm² in the table: 10 mm² aluminium cannot be shown to carry anything.
    expect(withConductor(dcCable(), 'aluminium', 10).ampacityOk).toBe(false);
  });

  it('checks the drop against the DC limit and the current against the ampacity', () => {
    const doc = cableDoc([dcCable()]);
    const rows = electricalChecks(configOf([string('s1', 1, [0])]), null, doc);
    expect(rows.find((r) => r.rule === 'dropPercent')).toMatchObject({ subject: 'S1 → INV-1', limit: 0.5, severity: 'warning' });
    expect(rows.find((r) => r.rule === 'dropPercent')!.value).toBeCloseTo(0.86205, 5);
    expect(rows.find((r) => r.rule === 'ampacity')).toMatchObject({ value: 12, limit: 45, severity: 'ok' });
  });

  it('changes one cable of a document, names cables by their ends, and totals DC and AC apart', () => {
    const ac = dcCable({ id: 'c2', kind: 'ac', from: { kind: 'inverter', id: 'inv1' }, to: { kind: 'grid', id: 'grid' }, circuit: 'ac3', length: 20, lossW: 10, dropPercent: 0.3 });
    const doc = cableDoc([dcCable(), ac]);
    const next = setConductor(doc, 'c1', 'copper', 10);
    expect(next.cables[0].crossSection).toBe(10);
    expect(next.cables[1]).toBe(ac);
    expect(setConductor(doc, 'nope', 'copper', 10)).toBe(doc);
    expect(cableName(configOf([]), ac)).toBe('INV-1 → grid');
    const totals = cableTotals(doc);
    expect(totals.dcLengthM).toBe(50);
    expect(totals.acLengthM).toBe(20);
    expect(totals.dcLossW).toBeCloseTo(62.0676, 4);
    expect(totals.acLossW).toBe(10);
    expect(totals.maxDropPercent).toBeCloseTo(0.86205, 5);
  });
});

describe('configuration figures', () => {
  it('sums the strung modules against the inverters: 23 × 550 W = 12.65 kWp on 10 kW → 1.265', () => {
    const doc = configOf([string('s1', 1, indices(0, 20), { inverterId: 'inv1', mppt: 0 }), string('s2', 2, indices(20, 3))], [23, 24]);
    const s = configSummary(doc, 550);
    expect(s).toMatchObject({ strings: 2, modulesInStrings: 23, unassigned: 2, unconnected: 1, acKw: 10, lengths: { min: 3, max: 20 } });
    expect(s.dcKw).toBeCloseTo(12.65, 12);
    expect(s.dcAcRatio).toBeCloseTo(1.265, 12);
    // INV-1 only has S1: 11 kWp on 10 kW.
    expect(s.inverters).toEqual([{ id: 'inv1', name: 'INV-1', model: 'Huawei SUN2000-10KTL-M1', strings: 1, dcKw: 11, acKw: 10, dcAcRatio: 1.1 }]);
  });
});
