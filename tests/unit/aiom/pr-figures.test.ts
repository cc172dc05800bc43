// PR, temperature-corrected PR, specific yield, availability and expected energy on a day worked by
// hand (IEC 61724-1:2017 §10; PVWatts DC model, Dobos 2014).
import { describe, expect, it } from 'vitest';
import { designLossFactor, expectedFromDesignHour, expectedFromIrradiance, localHourIndex, PVWATTS_DEFAULT_LOSS } from '../../../src/server/aiom/expected-energy.ts';
import { figures, hourModuleTemp, yearOnYear, type PlantHour } from '../../../src/server/aiom/pr-figures.ts';
import { faiman } from '../../../src/physics/temperature.ts';

const P0 = 10; // kWp
const GAMMA = -0.004; // −0.4 %/°C
const LOSS = 0.9; // the design's losses after the irradiance

/** A sensor at a constant 800 W/m² and 45 °C module temperature for 6 hours (10:00–16:00 UTC). */
function sunnyDay(actualPerHour: (i: number) => number): PlantHour[] {
  return Array.from({ length: 6 }, (_, i) => {
    const h = { start: new Date(Date.UTC(2025, 5, 1, 10 + i)), actualKwh: actualPerHour(i), produced: actualPerHour(i) > 0, poaWm2: 800, moduleTempC: 45, ambientTempC: null, expectedKwh: null as number | null };
    h.expectedKwh = expectedFromIrradiance(800, 45, P0, GAMMA, LOSS);
    return h;
  });
}

describe('expected energy on measured irradiance', () => {
  it('is P0 · G/1000 · (1 + γ (T − 25)) · losses per hour', () => {
    // By hand: 10 kWp × 0.8 × (1 − 0.004 × 20) × 0.9 = 8 × 0.92 × 0.9 = 6.624 kWh per hour.
    expect(expectedFromIrradiance(800, 45, P0, GAMMA, LOSS)).toBeCloseTo(6.624, 9);
    expect(expectedFromIrradiance(0, 45, P0, GAMMA, LOSS)).toBe(0);
  });

  it('takes the design loss tree without the far horizon and the irradiance-temperature line', () => {
    const losses = [
      { name: 'horizon' as const, kwh: 0, percent: 2 },
      { name: 'irradianceAndTemperature' as const, kwh: 0, percent: 5 },
      { name: 'soiling' as const, kwh: 0, percent: 2 },
      { name: 'inverter' as const, kwh: 0, percent: 3 },
      { name: 'wiring' as const, kwh: 0, percent: 1 },
    ];
    // 1 − (2 + 3 + 1) % = 0.94
    expect(designLossFactor({ losses })).toBeCloseTo(0.94, 12);
    expect(designLossFactor(null)).toBeCloseTo(1 - PVWATTS_DEFAULT_LOSS, 12);
  });
});

describe('figures of a day worked by hand', () => {
  it('6 h at 800 W/m², 45 °C, 6 kWh each hour on 10 kWp', () => {
    const hours = sunnyDay(() => 6);
    const f = figures(hours, { capacityKwp: P0, gammaPerC: GAMMA, irradianceThresholdWm2: 200 }, (h) => h.moduleTempC);
    // Actual 6 × 6 = 36 kWh; expected 6 × 6.624 = 39.744 kWh.
    expect(f.actualKwh).toBeCloseTo(36, 9);
    expect(f.expectedKwh).toBeCloseTo(39.744, 9);
    // H = 6 × 0.8 = 4.8 kWh/m² → Yr = 4.8 h; Yf = 36 / 10 = 3.6 kWh/kWp; PR = 3.6 / 4.8 = 0.75.
    expect(f.irradiationKwhM2).toBeCloseTo(4.8, 9);
    expect(f.specificYield).toBeCloseTo(3.6, 9);
    expect(f.pr).toBeCloseTo(0.75, 9);
    // PR'_STC = 36 / (6 × 10 × 0.8 × (1 − 0.004 × 20)) = 36 / 44.16 = 0.815217…
    expect(f.prTempCorrected).toBeCloseTo(36 / 44.16, 9);
    expect(f.prTempCorrected).toBeCloseTo(0.8152, 4);
    expect(f.availability).toBe(1);
  });

  it('availability counts the sun hours in which the plant produced', () => {
    const f = figures(sunnyDay((i) => (i === 2 ? 0 : 6)), { capacityKwp: P0, gammaPerC: GAMMA, irradianceThresholdWm2: 200 }, (h) => h.moduleTempC);
    expect(f.availability).toBeCloseTo(5 / 6, 12);
    // 30 kWh / 10 kWp / 4.8 h = 0.625
    expect(f.pr).toBeCloseTo(0.625, 12);
  });

  it('has no PR without irradiance, and no corrected PR without γ', () => {
    const hours = sunnyDay(() => 6).map((h) => ({ ...h, poaWm2: null }));
    const f = figures(hours, { capacityKwp: P0, gammaPerC: GAMMA, irradianceThresholdWm2: 200 }, () => 45);
    expect(f.pr).toBeNull();
    expect(f.prTempCorrected).toBeNull();
    expect(figures(sunnyDay(() => 6), { capacityKwp: P0, gammaPerC: null, irradianceThresholdWm2: 200 }, () => 45).prTempCorrected).toBeNull();
  });

  it('estimates the module temperature with Faiman from the ambient when not measured', () => {
    // Faiman (2008), U0 = 25, U1 = 6.84, wind 1 m/s: 25 + 800 / 31.84 = 50.1256 °C (pvlib temperature.faiman).
    expect(hourModuleTemp({ poaWm2: 800, moduleTempC: null, ambientTempC: 25 }, (g, ta) => faiman(g, ta))).toBeCloseTo(50.1256, 3);
    expect(hourModuleTemp({ poaWm2: 800, moduleTempC: 40, ambientTempC: 25 }, (g, ta) => faiman(g, ta))).toBe(40);
  });
});

describe('the design\'s kept hours', () => {
  it('indexes the local hour of a non-leap year', () => {
    // 2025-03-01 00:00 UTC at UTC+8 is 08:00 on 1 March: (59 days) × 24 + 8 = 1424.
    expect(localHourIndex(new Date(Date.UTC(2025, 2, 1, 0)), 8)).toBe(1424);
    // 29 February takes the 28th: (31 + 27) × 24 + 10 = 1402.
    expect(localHourIndex(new Date(Date.UTC(2024, 1, 29, 2)), 8)).toBe(1402);
    expect(localHourIndex(new Date(Date.UTC(2025, 11, 31, 23)), 0)).toBe(8759);
  });

  it('scales the design hour to P0', () => {
    const kwh = new Array<number>(8760).fill(0);
    kwh[1424] = 3;
    const kept = { pvHourly: { utcOffset: 8, kwh }, annual: { capacityKwp: 5, acKwh: 0, dcKwh: 0, poaKwhM2: 0, specificYield: 0, performanceRatio: 0, nominalKwh: 0 } };
    expect(expectedFromDesignHour(kept, new Date(Date.UTC(2025, 2, 1, 0)), 10)).toBeCloseTo(6, 12);
  });
});

describe('year-on-year PR', () => {
  it('compares the same month of consecutive years', () => {
    const d = yearOnYear([
      { year: 2024, month: 6, pr: 0.8 },
      { year: 2025, month: 6, pr: 0.792 },
      { year: 2025, month: 7, pr: 0.81 },
    ]);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ month: '06', fromYear: 2024, toYear: 2025 });
    // (0.792 − 0.8) / 0.8 = −1 %
    expect(d[0].changePerYear).toBeCloseTo(-0.01, 12);
  });
});
