// simulate with `electrical` (src/physics/chain-electrical.ts): strings on MPPT inputs of several
// inverters, per-module shading through bypass substrings, DC and AC cables. Worked by hand: one hour at
// the equator with the Sun near the zenith, where every irradiance on a horizontal plane is known; the
// unshaded year equal to the chain without `electrical`; the loss tree's balance; the input's errors.
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/engine/errors.ts';
import { simulate } from '../../../src/engine/simulate.ts';
import type { SimulateElectrical, SimulateInput } from '../../../src/model/simulate.ts';
import { calcparamsCec } from '../../../src/physics/single-diode-params.ts';
import { maxPowerPoint, vFromI } from '../../../src/physics/single-diode.ts';
import { weatherPath, FILES } from '../weather/data.ts';

/** SAM CEC entry "Canadian Solar Inc. CS5P-220M" (pvlib's tests). */
const CS5P_220M = { model: 'singleDiode', parameterSet: 'cec', alphaSc: 0.004539, aRef: 2.6373, iLRef: 5.114, iORef: 8.196e-10, rShRef: 381.68, rS: 1.065, adjust: 8.7 } as const;
const TURIN = { latitude: 45, longitude: 8, elevation: 250 };

/** One hour at the equinox noon on the equator, DNI and DHI given; a horizontal plane sees DNI·cos z + DHI. */
const noonHour = (dni: number, dhi: number) => ({
  hourly: { times: ['2025-03-20T11:30:00Z'], ghi: [dni + dhi], dni: [dni], dhi: [dhi], tempAir: [25], windSpeed: [1] },
});

/** Maximum of a unimodal f on [a, b] by golden-section search. */
function golden(f: (x: number) => number, a: number, b: number): { x: number; y: number } {
  const r = (Math.sqrt(5) - 1) / 2;
  let c = b - r * (b - a);
  let d = a + r * (b - a);
  while (b - a > 1e-12 * Math.max(1, Math.abs(b))) {
    if (f(c) > f(d)) b = d;
    else a = c;
    c = b - r * (b - a);
    d = a + r * (b - a);
  }
  const x = (a + b) / 2;
  return { x, y: f(x) };
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, k) => from + k);
const rel = (a: number, b: number) => Math.abs(a / b - 1);
/** The module's STC power (1000 W/m², 25 °C) [W]: 219.96 W. */
const STC = (() => {
  const p = calcparamsCec(1000, 25, CS5P_220M);
  return maxPowerPoint(p.photocurrent, p.saturationCurrent, p.resistanceSeries, p.resistanceShunt, p.nNsVth).pmp;
})();
const loss = (out: { losses: { name: string; kwh: number }[] }, name: string) => out.losses.find((l) => l.name === name)!.kwh;

describe('unshaded, the electrical chain is the chain', () => {
  const base = (inverter: SimulateInput['inverter']): SimulateInput => ({
    site: TURIN,
    weather: { file: weatherPath(FILES.pvgisJson) },
    arrays: [{ name: 'a', surfaceTilt: 30, surfaceAzimuth: 180, modulesPerString: 10, strings: 4, module: CS5P_220M }],
    inverter,
    output: { hourly: true },
  });
  // two inverters of two inputs, one string of 10 on each: the chain's 4 strings on 2 inverters
  const electrical: SimulateElectrical = { inverters: [0, 1].map((k) => ({ id: `INV-${k + 1}`, mppts: [0, 1].map((j) => ({ strings: [{ array: 0, modules: range((2 * k + j) * 10, 10) }] })) })) };

  it.each([
    ['pvwatts', { model: 'pvwatts', pdc0: 4400, count: 2 }],
    ['sandia', { model: 'sandia', paco: 4000, pdco: 4150, vdco: 400, pso: 20, c0: -2.48e-6, c1: -9.01e-5, c2: 6.69e-4, c3: -0.0189, pnt: 1.5, count: 2 }],
  ] as const)('%s inverters: the same year, month by month and hour by hour (1e-9): n × the module MPP, no curve work', async (_name, inverter) => {
    const chain = await simulate(base(inverter));
    const el = await simulate({ ...base(inverter), electrical });
    expect(rel(el.annual.acKwh, chain.annual.acKwh)).toBeLessThan(1e-9);
    expect(rel(el.annual.dcKwh, chain.annual.dcKwh)).toBeLessThan(1e-9);
    expect(el.annual.capacityKwp).toBeCloseTo(chain.annual.capacityKwp, 12);
    el.monthly.forEach((m, k) => expect(rel(m.acKwh, chain.monthly[k].acKwh)).toBeLessThan(1e-9));
    const h = el.hourly!;
    const hc = chain.hourly!;
    for (let i = 0; i < h.ac.length; i++) expect(Math.abs(h.ac[i] - hc.ac[i])).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(hc.ac[i])));
    for (const name of ['shadingIrradiance', 'shadingElectrical', 'wiringDc', 'wiringAc']) expect(Math.abs(loss(el, name))).toBeLessThan(1e-9 * el.annual.acKwh);
    // the two inverters share the year equally
    const [a, b] = el.electrical!.inverters;
    expect(a.id).toBe('INV-1');
    expect(rel(a.acKwh, b.acKwh)).toBeLessThan(1e-12);
    expect(rel(a.acKwh + b.acKwh, el.annual.acKwh)).toBeLessThan(1e-12);
  });
});

describe('one hour by hand', () => {
  it('PVWatts modules: the Martínez-Moreno preview, the irradiance and electrical shading lines, the AC cable', async () => {
    // 4 modules of 300 W (γ = 0) in one string, landscape, 3 bypass diodes; module 0 shaded over a
    // quarter of its height: its lowest substring is shaded (N_SB = 1 of N_TB = 12), the string's
    // shaded fraction F_GS = 0.25/4. Beam factor (1 − 0.0625)·(1 − 1/13).
    const out = await simulate({
      site: { latitude: 0, longitude: 0 },
      weather: noonHour(800, 200),
      transposition: 'isotropic',
      arrays: [{ name: 'a', surfaceTilt: 0, surfaceAzimuth: 180, modulesPerString: 4, strings: 1, module: { model: 'pvwatts', pdc0: 300, gammaPdc: 0 }, iam: { model: 'none' } }],
      inverter: { model: 'pvwatts', pdc0: 2000 },
      electrical: {
        inverters: [{ id: 'i', mppts: [{ strings: [{ array: 0, modules: [0, 1, 2, 3] }] }], acWiringOhm: 0.5, acVoltage: 400, acPhases: 3 }],
        moduleShading: { '0#0': { steps: [0], beam: [0.25] } },
        orientation: 'landscape',
      },
      output: { hourly: true },
    });
    const poa = out.hourly!.poaGlobal[0];
    const beam = poa - 200; // horizontal, isotropic: the sky diffuse is the DHI, no ground
    expect(beam).toBeGreaterThan(790);
    const factor = (1 - 0.25 / 4) * (1 - 1 / 13);
    const dc = (4 * 300 * (200 + beam * factor)) / 1000;
    expect(out.hourly!.dc[0]).toBeCloseTo(dc, 9);
    expect(loss(out, 'shadingIrradiance')).toBeCloseTo((0.25 * beam * 300) / 1000 / 1000, 12);
    const ideal = (4 * 300 * poa) / 1000 - (0.25 * beam * 300) / 1000;
    expect(loss(out, 'shadingElectrical')).toBeCloseTo((ideal - dc) / 1000, 12);
    // PVWatts inverter (Dobos 2014 eq. 4): η = η_nom/η_ref·(−0.0162ζ − 0.0059/ζ + 0.9858)
    const zeta = dc / 2000;
    const ac = (0.96 / 0.9637) * (-0.0162 * zeta - 0.0059 / zeta + 0.9858) * dc;
    // three phases: I = P/(√3·400 V), loss 3·I²·0.5 Ω
    const cable = 3 * (ac / (Math.sqrt(3) * 400)) ** 2 * 0.5;
    expect(loss(out, 'wiringAc')).toBeCloseTo(cable / 1000, 12);
    expect(out.hourly!.ac[0]).toBeCloseTo(ac - cable, 9);
    const total = out.losses.reduce((s, l) => s + l.kwh, 0);
    expect(out.annual.nominalKwh - total).toBeCloseTo(out.annual.acKwh, 12);
  });

  it('single-diode modules: the shaded substring is bypassed, the string cable takes I²R at the string current', async () => {
    // 10 modules in one string; module 3 shaded over a tenth of its height in landscape: its lowest
    // substring sees the diffuse only (100 W/m²), the 29 others the beam too.
    const n = 10;
    const R = 1.2;
    const out = await simulate({
      site: { latitude: 0, longitude: 0 },
      weather: noonHour(800, 100),
      transposition: 'isotropic',
      arrays: [{ name: 'a', surfaceTilt: 0, surfaceAzimuth: 180, modulesPerString: n, strings: 1, module: CS5P_220M, iam: { model: 'none' } }],
      inverter: { model: 'pvwatts', pdc0: 5000 },
      electrical: {
        inverters: [{ id: 'i', mppts: [{ strings: [{ array: 0, modules: range(0, n), wiringOhm: R }] }] }],
        moduleShading: { '0#3': { steps: [0], beam: [0.1] } },
        orientation: 'landscape',
      },
      output: { hourly: true },
    });
    const g0 = out.hourly!.poaGlobal[0];
    const t = out.hourly!.cellTemperature[0];
    const p0 = calcparamsCec(g0, t, CS5P_220M);
    const p1 = calcparamsCec(100, t, CS5P_220M);
    const vSub = (p: typeof p0, i: number) => vFromI(i, p.photocurrent, p.saturationCurrent, p.resistanceSeries / 3, p.resistanceShunt / 3, p.nNsVth / 3);
    // A: 29 substrings at full light, the shaded one's diode at −0.5 V; B (all at the shaded current) is far below
    const a = golden((i) => i * ((3 * n - 1) * vSub(p0, i) - 0.5), 0, p0.photocurrent);
    const b = golden((i) => i * ((3 * n - 1) * vSub(p0, i) + vSub(p1, i)), 0, p1.photocurrent);
    expect(a.y).toBeGreaterThan(b.y);
    expect(out.hourly!.dc[0]).toBeCloseTo(a.y - a.x * a.x * R, 6);
    expect(loss(out, 'wiringDc')).toBeCloseTo((a.x * a.x * R) / 1000, 9);
    const total = out.losses.reduce((s, l) => s + l.kwh, 0);
    expect(out.annual.nominalKwh - total).toBeCloseTo(out.annual.acKwh, 12);
    // the electrical line is about one substring of ten modules less the shaded module's own mean-irradiance loss
    expect(loss(out, 'shadingElectrical')).toBeGreaterThan(0);
  });
});

describe('one hour by hand, portrait', () => {
  it('a row shadow across the lower edge of every module: every substring on the diffuse only, the string at n × that module', async () => {
    const n = 10;
    const out = await simulate({
      site: { latitude: 0, longitude: 0 },
      weather: noonHour(800, 100),
      transposition: 'isotropic',
      arrays: [{ name: 'a', surfaceTilt: 0, surfaceAzimuth: 180, modulesPerString: n, strings: 1, module: CS5P_220M, iam: { model: 'none' } }],
      inverter: { model: 'pvwatts', pdc0: 5000 },
      electrical: {
        inverters: [{ id: 'i', mppts: [{ strings: [{ array: 0, modules: range(0, n) }] }] }],
        moduleShading: Object.fromEntries(range(0, n).map((m) => [`0#${m}`, { steps: [0], beam: [0.1] }])),
      },
      output: { hourly: true },
    });
    const g0 = out.hourly!.poaGlobal[0];
    const t = out.hourly!.cellTemperature[0];
    const mppAt = (g: number) => {
      const p = calcparamsCec(g, t, CS5P_220M);
      return maxPowerPoint(p.photocurrent, p.saturationCurrent, p.resistanceSeries, p.resistanceShunt, p.nNsVth).pmp;
    };
    // Deline et al. 2013: a uniformly row-shaded portrait string runs at the diffuse current
    expect(out.hourly!.dc[0] / (n * mppAt(100)) - 1).toBeCloseTo(0, 9);
    // the irradiance line takes 0.1 of the beam; the electrical line the rest down to the diffuse
    const beam = g0 - 100;
    expect(loss(out, 'shadingIrradiance')).toBeCloseTo((n * 0.1 * beam * STC) / 1e6, 9);
    expect(loss(out, 'shadingElectrical') / ((n * (mppAt(g0 - 0.1 * beam) - mppAt(100))) / 1000) - 1).toBeCloseTo(0, 9);
  });
});

describe('a year with shading, cables and two inverters', () => {
  // 3 inverters: a small one that clips, two of 2 inputs × 2 strings; rows shaded at the ends of the day
  const shading: NonNullable<SimulateElectrical['moduleShading']> = {};
  const steps = range(0, 365).flatMap((d) => [d * 24 + 7, d * 24 + 8, d * 24 + 16]);
  for (const m of range(0, 20)) shading[`0#${m}`] = { steps, beam: steps.map((s, k) => (m < 10 ? 0.3 : k % 3 === 0 ? 0.05 * (1 + (s % 5)) : 0)) };
  shading['1#4'] = { steps: range(3000, 500), substrings: range(0, 500).map((k) => [1, k % 2, 0]) };
  const input: SimulateInput = {
    site: TURIN,
    weather: { file: weatherPath(FILES.pvgisJson) },
    arrays: [
      { name: 'south', surfaceTilt: 30, surfaceAzimuth: 180, modulesPerString: 10, strings: 8, module: CS5P_220M, losses: { mismatch: 1, lid: 1.5, wiring: 0.5, soiling: 2, availability: 1 } },
      { name: 'west', surfaceTilt: 20, surfaceAzimuth: 260, modulesPerString: 10, strings: 2, module: CS5P_220M },
    ],
    inverter: { model: 'pvwatts', pdc0: 9000 },
    electrical: {
      inverters: [
        { id: 'big', mppts: [{ strings: [{ array: 0, modules: range(0, 10), wiringOhm: 0.4 }, { array: 0, modules: range(10, 10), wiringOhm: 0.6 }] }, { strings: [{ array: 0, modules: range(20, 10) }, { array: 0, modules: range(30, 10) }], wiringOhm: 0.1 }], acWiringOhm: 0.05 },
        { id: 'mixed', mppts: [{ strings: [{ array: 0, modules: range(40, 10) }, { array: 1, modules: range(0, 10) }] }, { strings: [{ array: 0, modules: range(50, 12) }] }] },
        { id: 'small', model: { model: 'pvwatts', pdc0: 1500 }, mppts: [{ strings: [{ array: 1, modules: range(10, 10), wiringOhm: 0.3 }] }], acPhases: 1, acVoltage: 230, acWiringOhm: 0.1 },
      ],
      moduleShading: shading,
      orientation: 'landscape',
    },
  };

  it('balances: nominal − Σ losses = AC (1e-9), the inverters add up to the year, only the small one clips', async () => {
    const out = await simulate(input);
    const total = out.losses.reduce((s, l) => s + l.kwh, 0);
    expect(Math.abs(out.annual.nominalKwh - total - out.annual.acKwh) / out.annual.acKwh).toBeLessThan(1e-9);
    const inv = out.electrical!.inverters;
    expect(inv.map((i) => i.id)).toEqual(['big', 'mixed', 'small']);
    expect(rel(inv.reduce((s, i) => s + i.acKwh, 0), out.annual.acKwh)).toBeLessThan(1e-12);
    expect(rel(inv.reduce((s, i) => s + i.dcKwh, 0), out.annual.dcKwh)).toBeLessThan(1e-12);
    expect(inv[2].clippingKwh).toBeGreaterThan(0);
    expect(inv[0].clippingKwh).toBe(0);
    expect(rel(inv.reduce((s, i) => s + i.clippingKwh, 0), loss(out, 'clipping'))).toBeLessThan(1e-12);
    // capacity: the 82 modules in strings (array 0: 62, array 1: 20), not modulesPerString × strings
    expect(out.annual.capacityKwp).toBeCloseTo((82 * STC) / 1000, 9);
    for (const name of ['shadingIrradiance', 'shadingElectrical', 'wiringDc', 'wiringAc', 'soiling', 'mismatch', 'lid', 'wiring', 'availability']) {
      expect(loss(out, name), name).toBeGreaterThan(0);
    }
    // the list is the chain's, with the electrical lines in their place
    expect(out.losses.map((l) => l.name)).toEqual([
      'shading', 'shadingIrradiance', 'iam', 'soiling', 'irradianceAndTemperature', 'shadingElectrical', 'mismatch', 'lid', 'wiring', 'wiringDc', 'inverter', 'clipping', 'wiringAc', 'availability',
    ]);
  });

  it('shading only lowers the energy, and the electrical loss exceeds nothing it should not', async () => {
    const shaded = await simulate(input);
    const clear = await simulate({ ...input, electrical: { ...input.electrical!, moduleShading: undefined } });
    expect(shaded.annual.acKwh).toBeLessThan(clear.annual.acKwh);
    // what shading costs in DC is at least its irradiance line and at most the two shading lines plus rounding
    expect(loss(clear, 'shadingIrradiance')).toBe(0);
    expect(loss(shaded, 'shadingIrradiance')).toBeGreaterThan(0);
    // unequal strings on one input cost a little even unshaded (the mixed inverter's 10 + 10 on two planes)
    expect(loss(clear, 'shadingElectrical')).toBeGreaterThan(0);
    expect(loss(shaded, 'shadingElectrical')).toBeGreaterThan(loss(clear, 'shadingElectrical'));
  });

  it('an inverter without a model takes the top-level one', async () => {
    const out = await simulate({
      ...input,
      electrical: { ...input.electrical!, inverters: input.electrical!.inverters.map((i) => ({ ...i, model: { model: 'pvwatts' as const, pdc0: 9000 } })) },
    });
    const base = await simulate({ ...input, electrical: { ...input.electrical!, inverters: input.electrical!.inverters.map((i) => ({ ...i, model: i.model ?? { model: 'pvwatts' as const, pdc0: 9000 } })) } });
    const implicit = await simulate(input);
    expect(implicit.electrical!.inverters[0].acKwh).toBe(base.electrical!.inverters[0].acKwh);
    expect(implicit.electrical!.inverters[1].acKwh).toBe(base.electrical!.inverters[1].acKwh);
    // the small inverter with the big model no longer clips
    expect(implicit.electrical!.inverters[2].clippingKwh).toBeGreaterThan(0);
    expect(out.electrical!.inverters[2].clippingKwh).toBe(0);
  });
});

describe('bad input is refused naming the field', () => {
  const ok = (electrical: SimulateElectrical): SimulateInput => ({
    site: { latitude: 0, longitude: 0 },
    weather: noonHour(800, 100),
    arrays: [
      { name: 'a', surfaceTilt: 0, surfaceAzimuth: 180, modulesPerString: 4, strings: 1, module: CS5P_220M },
      { name: 'p', surfaceTilt: 0, surfaceAzimuth: 180, modulesPerString: 4, strings: 1, module: { model: 'pvwatts', pdc0: 300 } },
    ],
    inverter: { model: 'pvwatts', pdc0: 5000 },
    electrical,
  });
  const fails = async (electrical: SimulateElectrical, path: string, message: RegExp) => {
    const e = await simulate(ok(electrical)).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).path.join('.')).toBe(path);
    expect((e as InputError).message).toMatch(message);
  };
  const one = (strings: NonNullable<SimulateElectrical['inverters'][number]['mppts'][number]['strings']>) => [{ id: 'i', mppts: [{ strings }] }];

  it('an array index beyond the arrays', () => fails({ inverters: one([{ array: 5, modules: [0] }]) }, 'electrical.inverters.0.mppts.0.strings.0.array', /2 arrays/));
  it('a module in two strings', () =>
    fails({ inverters: one([{ array: 0, modules: [0, 1] }, { array: 0, modules: [2, 1] }]) }, 'electrical.inverters.0.mppts.0.strings.1.modules.1', /another string/));
  it('a cable on PVWatts modules (no current)', () => fails({ inverters: one([{ array: 1, modules: [0], wiringOhm: 0.5 }]) }, 'electrical.inverters.0.mppts.0.strings.0.wiringOhm', /single-diode/));
  it('PVWatts and single-diode modules on one input', () =>
    fails({ inverters: one([{ array: 0, modules: [0] }, { array: 1, modules: [0] }]) }, 'electrical.inverters.0.mppts.0.strings', /mixes/));
  it('two inverters with one id', () =>
    fails({ inverters: [...one([{ array: 0, modules: [0] }]), ...one([{ array: 0, modules: [1] }])] }, 'electrical.inverters.1.id', /used twice/));
  it('shading steps not ascending', () =>
    fails({ inverters: one([{ array: 0, modules: [0] }]), moduleShading: { '0#0': { steps: [3, 2], beam: [0.1, 0.2] } } }, 'electrical.moduleShading.0#0.steps.1', /ascending/));
  it('a shading step beyond the weather', () =>
    fails({ inverters: one([{ array: 0, modules: [0] }]), moduleShading: { '0#0': { steps: [1], beam: [0.1] } } }, 'electrical.moduleShading.0#0.steps', /beyond the weather's 1 steps/));
  it('a beam fraction above 1', () =>
    fails({ inverters: one([{ array: 0, modules: [0] }]), moduleShading: { '0#0': { steps: [0], beam: [1.5] } } }, 'electrical.moduleShading.0#0.beam.0', /between 0 and 1/));
  it('beam and steps of different lengths', () =>
    fails({ inverters: one([{ array: 0, modules: [0] }]), moduleShading: { '0#0': { steps: [0], beam: [0.1, 0.2] } } }, 'electrical.moduleShading.0#0.beam', /steps has 1/));
  it('substrings that are not one per bypass diode', () =>
    fails({ inverters: one([{ array: 0, modules: [0] }]), moduleShading: { '0#0': { steps: [0], substrings: [[1, 0]] } } }, 'electrical.moduleShading.0#0.substrings.0', /per bypass diode/));
  it('a malformed module key', () =>
    fails({ inverters: one([{ array: 0, modules: [0] }]), moduleShading: { 'a#0': { steps: [0], beam: [0.1] } } }, 'electrical.moduleShading.a#0', /key/));
  it('more strings than a project may hold', () =>
    fails({ inverters: [{ id: 'i', mppts: range(0, 11).map((m) => ({ strings: range(0, 1000).map((s) => ({ array: 0, modules: [m * 1000 + s] })) })) }] }, 'electrical.inverters', /11000 strings, at most 10000/));
  it('an unknown field', () => fails({ inverters: one([{ array: 0, modules: [0] }]), cells: 60 } as SimulateElectrical, 'electrical', /cells/));
});
