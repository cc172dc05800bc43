// The energy chain with a thin-film PVsyst module (src/physics/chain-array.ts): its recombination term
// (d2mutau, Ns·Vbi) reaches the module model. Module: First Solar FS-495 of pvlib
// tests/test_singlediode.py get_pvsyst_fs_495 (PVsyst 6.7.2 database), whose published STC result with
// the term is Pmp = I_mp_ref·V_mp_ref = 94.99 W (test_pvsyst_recombination_loss, rtol 5e-4, atol 0.04).
import { describe, expect, it } from 'vitest';
import { simulateInputSchema, type SimulateInput, type SimulateInputParsed } from '../../../src/model/simulate.ts';
import { simulateChain } from '../../../src/physics/chain.ts';
import { arrayCapacity, moduleRecombination, moduleStcPower } from '../../../src/physics/chain-array.ts';
import { readWeatherFile } from '../../../src/weather/detect.ts';
import { resolveWeather } from '../../../src/weather/resolve.ts';
import { weatherPath, FILES } from '../weather/data.ts';

const FS_495 = {
  model: 'singleDiode' as const,
  parameterSet: 'pvsyst' as const,
  alphaSc: 0.00039,
  gammaRef: 1.48,
  muGamma: 0.001,
  iLRef: 1.5743233463848496,
  iORef: 9.62e-10,
  rShRef: 5000,
  rSh0: 12500,
  rShExp: 3.1,
  rS: 4.6,
  cellsInSeries: 108,
  egRef: 1.5,
};

/** The parsed input with every array's module given PVsyst's recombination fields. */
function withRecombination(input: SimulateInputParsed, fields: { d2mutau: number; vbi?: number }): SimulateInputParsed {
  return { ...input, arrays: input.arrays.map((a) => ({ ...a, module: Object.assign({}, a.module, fields) })) };
}

const array = (over: Partial<SimulateInput['arrays'][number]> = {}): SimulateInput['arrays'][number] => ({
  name: 'thin film',
  surfaceTilt: 0,
  surfaceAzimuth: 180,
  modulesPerString: 10,
  strings: 2,
  module: FS_495,
  iam: { model: 'none' },
  ...over,
});

describe('chain: PVsyst thin-film module with recombination', () => {
  it('the STC power of the module (array capacity) is pvlib’s 94.99 W with the term (rtol 5e-4, atol 0.04)', () => {
    const parsed = simulateInputSchema.parse({
      site: { latitude: 0, longitude: 0 },
      weather: { hourly: { times: ['2025-03-20T11:30:00Z'], ghi: [1000], dni: [0], dhi: [1000], tempAir: [25], windSpeed: [1] } },
      arrays: [array()],
      inverter: { model: 'pvwatts', pdc0: 10_000 },
    });
    const module = withRecombination(parsed, { d2mutau: 1.31 }).arrays[0].module;
    expect(moduleRecombination(module)).toEqual({ d2mutau: 1.31, nsVbi: 0.9 * 108 });
    const stc = moduleStcPower(module);
    expect(Math.abs(stc - 94.99)).toBeLessThanOrEqual(0.04 + 5e-4 * 94.99);
    expect(arrayCapacity({ ...parsed.arrays[0], module })).toBeCloseTo(20 * stc, 9);
    // without the term the same parameters give more (the recombination current is a loss)
    expect(moduleStcPower(parsed.arrays[0].module)).toBeGreaterThan(stc + 0.5);
    // a tandem junction (Vbi 1.8 V per cell) doubles Ns·Vbi and halves the loss's pull
    expect(moduleRecombination(withRecombination(parsed, { d2mutau: 1.31, vbi: 1.8 }).arrays[0].module)!.nsVbi).toBeCloseTo(194.4, 12);
  });

  it('one all-diffuse hour at 1000 W/m² and 25 °C cells: DC = 20 × the module’s pvlib Pmp with the term', async () => {
    // Horizontal plane, isotropic sky, DNI 0: POA = DHI = 1000 W/m²; no IAM, no losses; Faiman with a
    // huge u0 keeps the cells at the air's 25 °C (ΔT = 1000/1e12 K).
    const parsed = simulateInputSchema.parse({
      site: { latitude: 0, longitude: 0 },
      weather: { hourly: { times: ['2025-03-20T11:30:00Z'], ghi: [1000], dni: [0], dhi: [1000], tempAir: [25], windSpeed: [1] } },
      transposition: 'isotropic',
      arrays: [array({ temperatureModel: { model: 'faiman', u0: 1e12, u1: 0 } })],
      inverter: { model: 'pvwatts', pdc0: 10_000 },
      output: { hourly: true },
    });
    const record = await resolveWeather(parsed.weather, parsed.site);
    const out = simulateChain(record, withRecombination(parsed, { d2mutau: 1.31 }));
    expect(out.hourly!.poaGlobal[0]).toBeCloseTo(1000, 9);
    const perModule = out.hourly!.dc[0] / 20;
    expect(Math.abs(perModule - 94.99)).toBeLessThanOrEqual(0.04 + 5e-4 * 94.99);
  });

  it('over the Turin PVGIS year the term lowers the DC energy, and d2mutau = 0 changes nothing', async () => {
    const record = await readWeatherFile(weatherPath(FILES.pvgisCsv));
    const parsed = simulateInputSchema.parse({
      site: { latitude: 45, longitude: 8, elevation: 250 },
      weather: { file: weatherPath(FILES.pvgisCsv) },
      arrays: [array({ surfaceTilt: 30 })],
      inverter: { model: 'pvwatts', pdc0: 3_000 },
    });
    const plain = simulateChain(record, parsed);
    expect(simulateChain(record, withRecombination(parsed, { d2mutau: 0 }))).toEqual(plain);
    const thin = simulateChain(record, withRecombination(parsed, { d2mutau: 1.31 }));
    expect(thin.annual.dcKwh).toBeLessThan(plain.annual.dcKwh);
    expect(thin.annual.dcKwh).toBeGreaterThan(0.9 * plain.annual.dcKwh);
    expect(Number.isFinite(thin.annual.acKwh)).toBe(true);
  });
});

describe('simulate input: the recombination fields of a PVsyst module', () => {
  it('are accepted, kept, and a negative D2MuTau is refused naming the field', () => {
    const base = { site: { latitude: 45, longitude: 8 }, inverter: { model: 'pvwatts', pdc0: 2000 }, weather: { file: weatherPath(FILES.pvgisCsv) } };
    const ok = simulateInputSchema.safeParse({ ...base, arrays: [array({ module: { ...FS_495, d2mutau: 1.4, vbi: 0.9 } })] });
    if (ok.success) expect(ok.data.arrays[0].module).toMatchObject({ d2mutau: 1.4, vbi: 0.9 });
    else expect.unreachable(JSON.stringify(ok.error.issues));
    const bad = simulateInputSchema.safeParse({ ...base, arrays: [array({ module: { ...FS_495, d2mutau: -1 } })] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.some((i) => i.path.join('.').endsWith('d2mutau'))).toBe(true);
  });
});
