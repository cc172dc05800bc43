// The hourly energy chain (simulate) over a typical year: one array with Perez + SAPM + single diode
// (CEC), then 10 and 200 arrays of distinct orientations on one inverter group. Pure TypeScript (no
// wasm, no JavaScript peer: pvlib and PVsyst are not JavaScript), so each case has one variant; the
// summary gives the cost per added array (growth with the array count).
import { simulateInputSchema, type SimulateInput, type SimulateOutput } from '../../src/model/simulate.ts';
import { simulateChain } from '../../src/physics/chain.ts';
import { readWeatherFile } from '../../src/weather/detect.ts';
import type { WeatherRecord } from '../../src/weather/record.ts';
import type { BenchCase, CaseResult, Suite, SummaryLine } from '../framework.ts';

const WEATHER = new URL('../../tests/fixtures/weather/tmy_45.000_8.000_2005_2023.json', import.meta.url);
const COUNTS = [1, 10, 200];

/** SAM CEC entry "Canadian Solar Inc. CS5P-220M" (as in pvlib's tests). */
const MODULE = { model: 'singleDiode', parameterSet: 'cec', alphaSc: 0.004539, aRef: 2.6373, iLRef: 5.114, iORef: 8.196e-10, rShRef: 381.68, rS: 1.065, adjust: 8.7 } as const;

function input(arrays: number): ReturnType<typeof simulateInputSchema.parse> {
  const raw: SimulateInput = {
    site: { latitude: 45, longitude: 8, elevation: 250 },
    weather: { synthetic: {} }, // replaced by the record below
    transposition: 'perez',
    arrays: Array.from({ length: arrays }, (_, k) => ({
      name: `a${k}`,
      surfaceTilt: 5 + ((k * 37) % 55),
      surfaceAzimuth: 90 + ((k * 53) % 180),
      modulesPerString: 12,
      strings: 2,
      module: MODULE,
      temperatureModel: { model: 'sapm', a: -3.56, b: -0.075, deltaT: 3 },
    })),
    inverter: { model: 'pvwatts', pdc0: arrays * 24 * 220, count: 1 },
  };
  return simulateInputSchema.parse(raw);
}

/** The answer must be finite, positive and balance: nominal − Σ losses = AC (1e-9 relative). */
function check(r: unknown): string | null {
  const out = r as SimulateOutput;
  const total = out.losses.reduce((s, l) => s + l.kwh, 0);
  if (!(out.annual.acKwh > 0) || !Number.isFinite(out.annual.acKwh)) return `acKwh ${out.annual.acKwh}`;
  const gap = Math.abs(out.annual.nominalKwh - total - out.annual.acKwh) / out.annual.acKwh;
  if (gap > 1e-9) return `loss tree does not balance (relative gap ${gap})`;
  const pr = out.annual.performanceRatio;
  if (!(pr > 0.7 && pr < 0.95)) return `performance ratio ${pr} outside 0.7–0.95`;
  return null;
}

let record: WeatherRecord | undefined;

export const chainSuite: Suite = {
  name: 'chain',
  description: 'simulate: the 8760-hour energy chain (Perez, SAPM, CEC single diode, PVWatts inverter) on the PVGIS Turin TMY',
  async cases({ ci }) {
    record ??= await readWeatherFile(decodeURIComponent(WEATHER.pathname));
    const rec = record;
    const counts = ci ? [1, 10] : COUNTS;
    return counts.map((n): BenchCase => {
      const data = input(n);
      const name = n === 1 ? 'chain 1 array 8760 h' : `chain ${n} arrays 8760 h`;
      const variant = `simulate (${n} array${n === 1 ? '' : 's'})`;
      const targets = n === 1 ? [{ variant, maxMs: 15, label: '1 array < 15 ms' }] : n === 200 ? [{ variant, maxMs: 1000, label: '200 arrays < 1 s' }] : [];
      return { name, params: { arrays: n, hours: rec.times.length }, variants: [{ name: variant, kind: 'engine', fn: () => simulateChain(rec, data), check }], targets };
    });
  },
  summarize(results: CaseResult[]): SummaryLine[] {
    const ms = (n: number) => results.find((r) => r.params?.arrays === n)?.variants[0]?.meanMs ?? NaN;
    const out: SummaryLine[] = [];
    const present = COUNTS.filter((n) => Number.isFinite(ms(n)));
    for (let i = 1; i < present.length; i++) {
      const [a, b] = [present[i - 1], present[i]];
      out.push({ label: `cost per added array ${a} → ${b}`, value: (ms(b) - ms(a)) / (b - a), unit: 'ms' });
      out.push({ label: `growth ${a} → ${b} arrays`, value: ms(b) / ms(a), unit: '×' });
    }
    return out;
  },
};
