// The solar-position and irradiance commands, driven through their command objects (the schemas
// validate the JSON exactly as `pvstudio <command>` does, then `run` computes the answer).
import { describe, expect, it } from 'vitest';
import { irradianceCommand } from '../../../src/cli/commands/irradiance.ts';
import { solarPositionCommand } from '../../../src/cli/commands/solar-position.ts';
import { commandSchemas } from '../../../src/cli/main.ts';
import { irradianceOutputSchema, solarPositionOutputSchema, type PoaResult, type SolarPositionOutput } from '../../../src/model/solar.ts';

const engine = () => Promise.reject(new Error('these commands do not need the engine'));

async function run(command: typeof solarPositionCommand, document: unknown) {
  const parsed = command.input.safeParse(document);
  if (!parsed.success) return { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
  return { output: await command.run(parsed.data, { engine }) };
}

describe('solar-position command', () => {
  it('gives the SPA paper\'s example (Reda & Andreas 2004: zenith 50.11162°, azimuth 194.34024°)', async () => {
    const { output } = await run(solarPositionCommand, {
      latitude: 39.742476,
      longitude: -105.1786,
      elevation: 1830.14,
      pressure: 82000,
      temperature: 11,
      deltaT: 67,
      times: ['2003-10-17T12:30:30-07:00'],
    });
    const out = solarPositionOutputSchema.parse(output) as SolarPositionOutput;
    expect(out.positions).toHaveLength(1);
    const p = out.positions[0];
    expect(p.time).toBe('2003-10-17T19:30:30.000Z');
    expect(Math.abs(p.apparentZenith - 50.11162)).toBeLessThan(1.5e-5);
    expect(Math.abs(p.azimuth - 194.34024)).toBeLessThan(1.5e-5);
    expect(Math.abs(p.equationOfTime - 14.64)).toBeLessThan(0.015);
  });

  it('expands a range inclusively and applies the defaults (sea level, 101325 Pa, 12 °C, ΔT 67 s)', async () => {
    const { output } = await run(solarPositionCommand, {
      latitude: 0,
      longitude: 0,
      range: { start: '2025-03-20T00:00:00Z', end: '2025-03-21T00:00:00Z', stepMinutes: 60 },
    });
    const out = output as SolarPositionOutput;
    expect(out.positions).toHaveLength(25);
    expect(out.positions[24].time).toBe('2025-03-21T00:00:00.000Z');
    // Equinox 2025-03-20 09:01 UTC: at noon on the equator and the prime meridian the Sun stands
    // within a degree of the zenith (declination ≈ +0.1°, hour angle ≈ 1.9° from the equation of time).
    expect(out.positions[12].zenith).toBeLessThan(2.5);
    expect(out.positions[0].elevation).toBeLessThan(-60);
  });

  it('rejects input with both or neither of times and range, naming the path', async () => {
    const both = await run(solarPositionCommand, {
      latitude: 0,
      longitude: 0,
      times: ['2025-01-01T00:00:00Z'],
      range: { start: '2025-01-01T00:00:00Z', end: '2025-01-02T00:00:00Z', stepMinutes: 60 },
    });
    expect(both.issues?.[0].path).toBe('times');
    const neither = await run(solarPositionCommand, { latitude: 0, longitude: 0 });
    expect(neither.issues?.[0].path).toBe('times');
  });

  it('rejects times without a zone, a latitude out of range and a reversed range', async () => {
    const local = await run(solarPositionCommand, { latitude: 0, longitude: 0, times: ['2025-01-01T00:00:00'] });
    expect(local.issues?.[0].path).toBe('times.0');
    const lat = await run(solarPositionCommand, { latitude: 91, longitude: 0, times: ['2025-01-01T00:00:00Z'] });
    expect(lat.issues?.[0].path).toBe('latitude');
    const reversed = await run(solarPositionCommand, {
      latitude: 0,
      longitude: 0,
      range: { start: '2025-01-02T00:00:00Z', end: '2025-01-01T00:00:00Z', stepMinutes: 60 },
    });
    expect(reversed.issues?.[0].path).toBe('range.end');
  });

  it('exports its JSON Schemas', () => {
    const s = commandSchemas(solarPositionCommand) as { input: { properties: Record<string, unknown> } };
    expect(Object.keys(s.input.properties)).toEqual(expect.arrayContaining(['latitude', 'longitude', 'times', 'range']));
  });
});

describe('irradiance command', () => {
  const pvlibCase = {
    // pvlib tests/test_irradiance.py test_poa_components, noon row: tilt 40° south, sand albedo 0.4
    surfaceTilt: 40,
    surfaceAzimuth: 180,
    solarZenith: 10.56413562,
    solarAzimuth: 144.76567754,
    dni: 939.95469881,
    ghi: 1042.48031487,
    dhi: 118.45831879,
    dniExtra: 1321.1655834833093,
    airmass: 1.01688136,
    albedo: 0.4,
  };

  it('gives pvlib\'s plane-of-array components for Perez', async () => {
    const { output } = await run(irradianceCommand, { model: 'perez', cases: [pvlibCase] });
    const r = irradianceOutputSchema.parse(output).results[0] as PoaResult;
    const expected = [956.18253696, 798.31939281, 157.86314414, 109.08433162, 48.77881252];
    [r.poaGlobal, r.poaDirect, r.poaDiffuse, r.poaSkyDiffuse, r.poaGroundDiffuse].forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThan(1e-6));
  });

  it('defaults albedo to 0.25, dniExtra to 1366.1 and the air mass to Kasten–Young', async () => {
    const bare = { ...pvlibCase, dniExtra: undefined, airmass: undefined, albedo: undefined };
    const explicit = { ...pvlibCase, dniExtra: 1366.1, airmass: 1 / (Math.cos((10.56413562 * Math.PI) / 180) + 0.50572 * (96.07995 - 10.56413562) ** -1.6364), albedo: 0.25 };
    const a = (await run(irradianceCommand, { model: 'haydavies', cases: [bare] })).output as { results: PoaResult[] };
    const b = (await run(irradianceCommand, { model: 'haydavies', cases: [explicit] })).output as { results: PoaResult[] };
    expect(a.results[0].poaGlobal).toBeCloseTo(b.results[0].poaGlobal, 12);
    const p = (await run(irradianceCommand, { model: 'perez', cases: [bare] })).output as { results: PoaResult[] };
    const q = (await run(irradianceCommand, { model: 'perez', cases: [explicit] })).output as { results: PoaResult[] };
    expect(p.results[0].poaSkyDiffuse).toBeCloseTo(q.results[0].poaSkyDiffuse, 12);
  });

  it('rejects an unknown model and negative irradiance', async () => {
    expect((await run(irradianceCommand, { model: 'klucher', cases: [pvlibCase] })).issues?.[0].path).toBe('model');
    expect((await run(irradianceCommand, { model: 'perez', cases: [{ ...pvlibCase, dhi: -1 }] })).issues?.[0].path).toBe('cases.0.dhi');
  });
});
