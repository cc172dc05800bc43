// Cable resistance, drop and loss (docs/ELECTRICAL.md "Cables"), and the ampacity table's transcription.
import { describe, expect, it } from 'vitest';
import { cableDrop, maxLoopResistance, resistancePerKm, smallestSection } from '../../../src/electrical/cable.ts';
import { AMPACITY_SOURCE, STANDARD_SECTIONS, ampacity, iec60228MaxResistance } from '../../../src/electrical/cable-sections.ts';
import { cableInputSchema, type CableInput } from '../../../src/model/electrical.ts';

const run = (input: CableInput) => cableDrop(cableInputSchema.parse(input));

describe('resistance per km', () => {
  it('copper 4 mm²: 1000 · 0.017241 / 4 = 4.310 Ω/km at 20 °C, × (1 + 0.00393 · 50) at 70 °C', () => {
    expect(resistancePerKm('copper', 4, 20)).toBeCloseTo(4.31025, 5);
    // 4.31025 · 1.1965 = 5.15721 Ω/km
    expect(resistancePerKm('copper', 4, 70)).toBeCloseTo(5.157214, 5);
  });

  it('aluminium 50 mm²: 1000 · 0.028264 / 50 = 0.56528 Ω/km at 20 °C, × (1 + 0.00403 · 70) at 90 °C', () => {
    expect(resistancePerKm('aluminium', 50)).toBeCloseTo(0.56528, 6);
    // 0.56528 · 1.2821 = 0.724746 Ω/km
    expect(resistancePerKm('aluminium', 50, 90)).toBeCloseTo(0.724746, 5);
  });

  it('stays below the IEC 60228 maximum at 20 °C for every standard section it tabulates', () => {
    for (const material of ['copper', 'aluminium'] as const) {
      for (const s of STANDARD_SECTIONS) {
        const max = iec60228MaxResistance(material, s);
        if (max !== null) expect(resistancePerKm(material, s)).toBeLessThan(max);
      }
    }
    expect(iec60228MaxResistance('copper', 4)).toBe(4.95); // IEC 60228 Table 3, class 5 plain copper
  });
});

describe('DC drop (Easy PV)', () => {
  it('12 A at 157 V, 1 % → total loop resistance < 0.1308 Ω', () => {
    // ΔU ≤ 1.57 V → R_loop ≤ 1.57 / 12 = 0.130833 Ω
    expect(maxLoopResistance(12, 157, 1)).toBeCloseTo(0.130833, 6);
  });

  it('20 m one way: 4 mm² fails, 6 mm² is the smallest section', () => {
    // Loop resistance of section A at 20 °C: 2 · 0.020 km · 17.241 / A Ω = 0.68964 / A ≤ 0.130833 → A ≥ 5.27 mm².
    // 4 mm²: 0.17241 Ω → 2.069 V = 1.318 %; 6 mm²: 0.11494 Ω → 1.3793 V = 0.8785 %.
    const four = run({ material: 'copper', crossSection: 4, length: 20, current: 12, voltage: 157, circuit: 'dc', maxDropPercent: 1 });
    expect(four.dropPercent).toBeCloseTo(1.31778, 4);
    expect(four.smallestSection).toBe(6);
    const six = run({ material: 'copper', crossSection: 6, length: 20, current: 12, voltage: 157, circuit: 'dc' });
    expect(six.resistanceOhmPerKm).toBeCloseTo(2.8735, 6);
    expect(six.dropV).toBeCloseTo(1.37928, 5);
    expect(six.dropPercent).toBeCloseTo(0.878522, 5);
    // loss = 2 · 0.020 · 12² · 2.8735 = 16.5514 W; for DC the loss share equals the drop share
    expect(six.lossW).toBeCloseTo(16.55136, 4);
    expect(six.lossPercent).toBeCloseTo(six.dropPercent, 10);
    expect(six.smallestSection).toBeUndefined();
  });
});

describe('three-phase AC drop', () => {
  it('35 mm² copper, 100 m, 100 A at 400 V, cosφ 0.9, X 0.08 Ω/km', () => {
    // R = 17.241 / 35 = 0.492600 Ω/km; sinφ = √(1 − 0.81) = 0.435890
    // ΔU = √3 · 0.1 km · 100 A · (0.4926 · 0.9 + 0.08 · 0.435890) = √3 · 10 · 0.478211 = 8.28286 V = 2.0707 %
    // loss = 3 · 0.1 · 100² · 0.4926 = 1477.8 W; power = √3 · 400 · 100 · 0.9 = 62 353.8 W → 2.3700 %
    const out = run({ material: 'copper', crossSection: 35, length: 100, current: 100, voltage: 400, circuit: 'ac3', powerFactor: 0.9, reactance: 0.08 });
    expect(out.resistanceOhmPerKm).toBeCloseTo(0.4926, 6);
    expect(out.dropV).toBeCloseTo(8.28286, 4);
    expect(out.dropPercent).toBeCloseTo(2.070715, 5);
    expect(out.lossW).toBeCloseTo(1477.8, 6);
    expect(out.lossPercent).toBeCloseTo(2.370023, 5);
    // 100 A ≤ 147 A: three loaded conductors, XLPE, method C, 35 mm² copper (Table B.52.5)
    expect(out.ampacityA).toBe(147);
    expect(out.ampacityOk).toBe(true);
    expect(out.ampacitySource).toBe(AMPACITY_SOURCE);
  });

  it('single-phase AC uses 2 · L like DC', () => {
    // 10 mm² copper, 30 m, 40 A, 230 V, cosφ 1: ΔU = 2 · 0.03 · 40 · 1.7241 = 4.13784 V = 1.79906 %
    const out = run({ material: 'copper', crossSection: 10, length: 30, current: 40, voltage: 230, circuit: 'ac1' });
    expect(out.dropV).toBeCloseTo(4.13784, 5);
    expect(out.dropPercent).toBeCloseTo(1.799061, 5);
  });
});

describe('smallest section', () => {
  it('is held by the ampacity when the drop is small: 60 A over 1 m of copper needs 10 mm² (80 A), not 1.5 mm²', () => {
    const load = { circuit: 'dc' as const, length: 1, current: 60, voltage: 1000, powerFactor: 1, reactance: 0 };
    // Drop at 1.5 mm²: 2 · 0.001 · 60 · 11.494 = 1.38 V = 0.14 % — but 6 mm² carries 58 A < 60 A
    expect(smallestSection('copper', load, 1.5)).toBe(10);
  });

  it('skips aluminium sections below 16 mm² and answers null when no section fits', () => {
    const load = { circuit: 'ac3' as const, length: 10, current: 20, voltage: 400, powerFactor: 1, reactance: 0 };
    expect(smallestSection('aluminium', load, 2)).toBe(16);
    expect(smallestSection('copper', { ...load, length: 100_000 }, 0.5)).toBeNull();
    const out = run({ material: 'copper', crossSection: 300, length: 100_000, current: 20, voltage: 400, circuit: 'ac3', maxDropPercent: 0.5 });
    expect(out.smallestSection).toBeNull();
  });
});

describe('ampacity table (IEC 60364-5-52:2009, XLPE, method C, 30 °C)', () => {
  it('spot values of Tables B.52.3 and B.52.5, column C', () => {
    expect(ampacity('copper', 1.5, 'dc')).toBe(24);
    expect(ampacity('copper', 4, 'dc')).toBe(45);
    expect(ampacity('copper', 300, 'ac1')).toBe(693);
    expect(ampacity('copper', 16, 'ac3')).toBe(96);
    expect(ampacity('aluminium', 16, 'dc')).toBe(84);
    expect(ampacity('aluminium', 240, 'ac3')).toBe(382);
    expect(ampacity('aluminium', 10, 'dc')).toBeNull();
    expect(ampacity('copper', 5, 'dc')).toBeNull();
  });

  it('grows with the section', () => {
    for (const material of ['copper', 'aluminium'] as const) {
      for (const circuit of ['dc', 'ac3'] as const) {
        const values = STANDARD_SECTIONS.map((s) => ampacity(material, s, circuit)).filter((v): v is number => v !== null);
        for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
      }
    }
  });

  it('reports a section beyond its ampacity and a non-standard section as not tabulated', () => {
    expect(run({ material: 'copper', crossSection: 4, length: 10, current: 50, voltage: 600, circuit: 'dc' }).ampacityOk).toBe(false);
    const odd = run({ material: 'copper', crossSection: 5, length: 10, current: 10, voltage: 600, circuit: 'dc' });
    expect(odd.ampacityA).toBeNull();
    expect(odd.ampacityOk).toBeNull();
  });
});

describe('input schema', () => {
  const base: CableInput = { material: 'copper', crossSection: 4, length: 10, current: 10, voltage: 400, circuit: 'dc' };

  it('applies the defaults: cosφ 1, X 0, 20 °C', () => {
    expect(cableInputSchema.parse(base)).toMatchObject({ powerFactor: 1, reactance: 0, temperature: 20 });
  });

  it('names the field of bad input', () => {
    const paths = (doc: unknown) => {
      const r = cableInputSchema.safeParse(doc);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(paths({ ...base, powerFactor: 0.9 })).toEqual(['powerFactor']);
    expect(paths({ ...base, crossSection: 0 })).toEqual(['crossSection']);
    expect(paths({ ...base, material: 'gold' })).toEqual(['material']);
    expect(paths({ ...base, circuit: 'ac2' })).toEqual(['circuit']);
    expect(paths({ ...base, maxDropPercent: -1 })).toEqual(['maxDropPercent']);
  });
});
