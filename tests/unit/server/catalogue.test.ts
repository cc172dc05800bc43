// The system equipment library: every entry passes the library schema (the same rules as the custom
// module/inverter forms), the library covers the market users design with, and each entry is
// physically consistent with itself — checks a datasheet always satisfies, so a mistyped value fails.
import { describe, expect, it } from 'vitest';
import { SYSTEM_MODULES } from '../../../src/server/library/catalogue/modules.ts';
import { SYSTEM_INVERTERS } from '../../../src/server/library/catalogue/inverters.ts';
import { moduleArea, pvModuleSchema } from '../../../src/model/equipment-module.ts';
import { inverterSchema } from '../../../src/model/equipment-inverter.ts';

const modules = SYSTEM_MODULES.map((entry) => ({ id: entry.id, result: pvModuleSchema.safeParse(entry) }));
const inverters = SYSTEM_INVERTERS.map((entry) => ({ id: entry.id, result: inverterSchema.safeParse(entry) }));

describe('system module library', () => {
  it('validates every entry with the module schema', () => {
    const failures = modules.filter((m) => !m.result.success).map((m) => `${m.id}: ${JSON.stringify(m.result.error?.issues)}`);
    expect(failures).toEqual([]);
  });

  it('has unique ids and unique manufacturer + model pairs', () => {
    expect(new Set(SYSTEM_MODULES.map((m) => m.id)).size).toBe(SYSTEM_MODULES.length);
    expect(new Set(SYSTEM_MODULES.map((m) => `${m.manufacturer}|${m.model}`)).size).toBe(SYSTEM_MODULES.length);
  });

  it('holds at least 20 modules from at least 8 manufacturers', () => {
    expect(SYSTEM_MODULES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(SYSTEM_MODULES.map((m) => m.manufacturer)).size).toBeGreaterThanOrEqual(8);
  });

  it('names the datasheet of every entry', () => {
    for (const m of SYSTEM_MODULES) expect(m.datasheet?.document, m.id).toMatch(/\S/);
  });

  describe.each(SYSTEM_MODULES.map((m) => [m.id, m] as const))('%s', (_id, m) => {
    it('has Pmax = Vmp·Imp within 1.5 % (datasheet rounding)', () => {
      expect(Math.abs(m.vmp * m.imp - m.pmax) / m.pmax).toBeLessThanOrEqual(0.015);
    });

    it('has Voc > Vmp and Isc > Imp', () => {
      expect(m.voc).toBeGreaterThan(m.vmp);
      expect(m.isc).toBeGreaterThan(m.imp);
    });

    it('has the printed efficiency = Pmax / (area · 1000 W m⁻²) within 0.5 pt', () => {
      if (m.efficiency === undefined) return;
      expect(Math.abs((m.pmax / (moduleArea(m) * 1000)) * 100 - m.efficiency)).toBeLessThanOrEqual(0.5);
    });

    it('has a silicon cell voltage at open circuit (0.6–0.8 V per cell in series)', () => {
      const perCell = m.voc / m.cellsInSeries;
      expect(perCell).toBeGreaterThan(0.6);
      expect(perCell).toBeLessThan(0.8);
    });

    it('has the signs of crystalline-silicon temperature coefficients (Pmax, Voc < 0 < Isc)', () => {
      expect(m.tempCoeffPmax).toBeLessThan(0);
      expect(m.tempCoeffVoc).toBeLessThan(0);
      expect(m.tempCoeffIsc).toBeGreaterThan(0);
    });
  });
});

describe('system inverter library', () => {
  it('validates every entry with the inverter schema', () => {
    const failures = inverters.filter((v) => !v.result.success).map((v) => `${v.id}: ${JSON.stringify(v.result.error?.issues)}`);
    expect(failures).toEqual([]);
  });

  it('has unique ids and unique manufacturer + model pairs', () => {
    expect(new Set(SYSTEM_INVERTERS.map((v) => v.id)).size).toBe(SYSTEM_INVERTERS.length);
    expect(new Set(SYSTEM_INVERTERS.map((v) => `${v.manufacturer}|${v.model}`)).size).toBe(SYSTEM_INVERTERS.length);
  });

  it('holds at least 15 inverters spanning 3 kW residential to 350 kVA utility', () => {
    expect(SYSTEM_INVERTERS.length).toBeGreaterThanOrEqual(15);
    const rated = SYSTEM_INVERTERS.map((v) => v.ratedAcPower);
    const maxAc = SYSTEM_INVERTERS.map((v) => v.maxAcPower ?? v.ratedAcPower);
    expect(Math.min(...rated)).toBeLessThanOrEqual(3000);
    expect(Math.max(...maxAc)).toBeGreaterThanOrEqual(350000);
    expect(new Set(SYSTEM_INVERTERS.map((v) => v.manufacturer)).size).toBeGreaterThanOrEqual(6);
  });

  it('names the datasheet of every entry', () => {
    for (const v of SYSTEM_INVERTERS) expect(v.datasheet?.document, v.id).toMatch(/\S/);
  });

  describe.each(SYSTEM_INVERTERS.map((v) => [v.id, v] as const))('%s', (_id, v) => {
    it('has max efficiency ≥ European and CEC weighted efficiency', () => {
      if (v.euroEfficiency !== undefined) expect(v.maxEfficiency).toBeGreaterThanOrEqual(v.euroEfficiency);
      if (v.cecEfficiency !== undefined) expect(v.maxEfficiency).toBeGreaterThanOrEqual(v.cecEfficiency);
    });

    it('has its MPPT window inside the DC input voltage limit, and the rated DC voltage inside the window', () => {
      expect(v.mpptMinVoltage).toBeLessThan(v.mpptMaxVoltage);
      expect(v.mpptMaxVoltage).toBeLessThanOrEqual(v.maxDcVoltage);
      if (v.ratedDcVoltage !== undefined) {
        expect(v.ratedDcVoltage).toBeGreaterThanOrEqual(v.mpptMinVoltage);
        expect(v.ratedDcVoltage).toBeLessThanOrEqual(v.mpptMaxVoltage);
      }
    });

    it('can take its rated power through its MPPT inputs (MPPT count × current × MPPT max voltage ≥ rated AC power)', () => {
      expect(v.mpptCount * v.maxInputCurrentPerMppt * v.mpptMaxVoltage).toBeGreaterThanOrEqual(v.ratedAcPower);
    });

    it('allows at least its rated AC power as DC input when a maximum DC power is given', () => {
      if (v.maxDcPower !== undefined) expect(v.maxDcPower).toBeGreaterThanOrEqual(v.ratedAcPower);
    });
  });
});
