// The package entry (`pv-studio/engine`) answers the physics commands with the JSON shapes of
// docs/ENGINE-API.md, as the CLI does.
import { describe, expect, it } from 'vitest';
import { irradiance, solarPosition } from '../../../src/engine/index.ts';

describe('engine entry: solarPosition and irradiance', () => {
  it('solarPosition gives the SPA paper example (Reda & Andreas 2004, NREL/TP-560-34302, Table A5.1)', () => {
    // 2003-10-17 12:30:30 at −7 h, 39.742476 N, −105.1786 E, 1830.14 m, 820 mbar, 11 °C, ΔT 67 s:
    // zenith 50.11162°, azimuth 194.34024° (published to 5 decimals).
    const out = solarPosition({
      latitude: 39.742476,
      longitude: -105.1786,
      elevation: 1830.14,
      pressure: 82000,
      temperature: 11,
      deltaT: 67,
      times: ['2003-10-17T19:30:30Z'],
    });
    expect(out.positions).toHaveLength(1);
    expect(Math.abs(out.positions[0].apparentZenith - 50.11162)).toBeLessThan(1e-5);
    expect(Math.abs(out.positions[0].azimuth - 194.34024)).toBeLessThan(1e-5);
  });

  it('irradiance on a horizontal plane is GHI for the isotropic model; bad input names the field', () => {
    // Horizontal plane, Sun at 30° zenith: POA = DNI·cos 30° + DHI = 800·0.8660 + 100 (no ground view).
    const out = irradiance({ model: 'isotropic', cases: [{ surfaceTilt: 0, surfaceAzimuth: 180, solarZenith: 30, solarAzimuth: 180, dni: 800, ghi: 792.82, dhi: 100 }] });
    expect(out.results[0].poaGlobal).toBeCloseTo(800 * Math.cos(Math.PI / 6) + 100, 9);
    expect(() => irradiance({ model: 'isotropic', cases: [{ surfaceTilt: 0, surfaceAzimuth: 180, solarZenith: 30, solarAzimuth: 180, dni: -1, ghi: 0, dhi: 0 }] })).toThrow(
      expect.objectContaining({ name: 'InputError' }),
    );
  });
});
