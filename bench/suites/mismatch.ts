// Electrical shading (simulate with `electrical`): a year of 10,000 single-diode modules in 500 strings
// of 20 on 250 MPPT inputs of 63 inverters, with row-to-row and pole shading on the PVGIS Turin TMY
// (bench/mismatch-scene.ts), against the same field unshaded. Pure TypeScript, one variant per case.
// The --ci pass checks the answers — the loss tree balances, the unshaded field equals n × the module
// maximum power point (the chain without `electrical` on the same modules), shading costs energy on
// both shading lines — never the timing. Target: the shaded year in < 5 s on one core.
import { simulateInputSchema, type SimulateInputParsed, type SimulateOutput } from '../../src/model/simulate.ts';
import { simulateChain } from '../../src/physics/chain.ts';
import { readWeatherFile } from '../../src/weather/detect.ts';
import type { WeatherRecord } from '../../src/weather/record.ts';
import type { BenchCase, CaseResult, Suite, SummaryLine } from '../framework.ts';
import { FIELD, fieldInput } from '../mismatch-scene.ts';

const WEATHER = new URL('../../tests/fixtures/weather/tmy_45.000_8.000_2005_2023.json', import.meta.url);

const loss = (out: SimulateOutput, name: string) => out.losses.find((l) => l.name === name)?.kwh ?? Number.NaN;

/** The loss tree balances (1e-9 relative) and the answer is finite and plausible. */
function balanced(out: SimulateOutput): string | null {
  const total = out.losses.reduce((s, l) => s + l.kwh, 0);
  if (!(out.annual.acKwh > 0) || !Number.isFinite(out.annual.acKwh)) return `acKwh ${out.annual.acKwh}`;
  const gap = Math.abs(out.annual.nominalKwh - total - out.annual.acKwh) / out.annual.acKwh;
  if (gap > 1e-9) return `loss tree does not balance (relative gap ${gap})`;
  const pr = out.annual.performanceRatio;
  if (!(pr > 0.7 && pr < 0.95)) return `performance ratio ${pr} outside 0.7–0.95`;
  const inverters = out.electrical?.inverters ?? [];
  const sum = inverters.reduce((s, i) => s + i.acKwh, 0);
  if (Math.abs(sum / out.annual.acKwh - 1) > 1e-12) return `inverters sum to ${sum} kWh, the year is ${out.annual.acKwh}`;
  return null;
}

let record: WeatherRecord | undefined;
let shaded: SimulateInputParsed | undefined;
let clear: SimulateInputParsed | undefined;
let reference: SimulateOutput | undefined;

export const mismatchSuite: Suite = {
  name: 'mismatch',
  description: 'simulate with electrical shading: 10,000 CEC modules, 500 strings of 20, 250 MPPTs, 63 inverters, row and pole shading, Turin TMY',
  async cases() {
    record ??= await readWeatherFile(decodeURIComponent(WEATHER.pathname));
    const rec = record;
    const t0 = performance.now();
    shaded ??= simulateInputSchema.parse(fieldInput(rec));
    const parseMs = performance.now() - t0;
    clear ??= simulateInputSchema.parse(fieldInput(rec, { ...FIELD, unshaded: true }));
    // the chain without `electrical`: the same 10,000 modules as 500 alike strings on one group of inverters
    const { electrical: _e, ...plain } = clear;
    const inverters = clear.electrical!.inverters.length;
    reference ??= simulateChain(rec, { ...plain, inverter: { ...plain.inverter, count: inverters } });
    const ref = reference;
    const shadedSteps = Object.values(shaded.electrical!.moduleShading ?? {}).reduce((s, m) => s + m.steps.length, 0);
    const params = { modules: FIELD.rows * FIELD.modulesPerRow, strings: (FIELD.rows * FIELD.modulesPerRow) / FIELD.modulesPerString, hours: rec.times.length, shadedModuleSteps: shadedSteps, parseMs: Math.round(parseMs) };
    const s = shaded;
    const c = clear;
    const cases: BenchCase[] = [
      {
        name: 'electrical shading, 10,000 modules, 8760 h',
        params,
        variants: [
          {
            name: 'simulate electrical (shaded)',
            kind: 'engine',
            fn: () => simulateChain(rec, s),
            check: (r) => {
              const out = r as SimulateOutput;
              const bad = balanced(out);
              if (bad) return bad;
              if (!(loss(out, 'shadingIrradiance') > 0 && loss(out, 'shadingElectrical') > 0)) return 'shading lines not positive';
              if (!(out.annual.acKwh < ref.annual.acKwh)) return 'shading did not lower the energy';
              return null;
            },
          },
        ],
        targets: [{ variant: 'simulate electrical (shaded)', maxMs: 5000, label: 'a shaded year of 10,000 modules < 5 s' }],
      },
      {
        name: 'electrical, unshaded field, 10,000 modules, 8760 h',
        params: { ...params, shadedModuleSteps: 0 },
        variants: [
          {
            name: 'simulate electrical (unshaded)',
            kind: 'engine',
            fn: () => simulateChain(rec, c),
            check: (r) => {
              const out = r as SimulateOutput;
              const bad = balanced(out);
              if (bad) return bad;
              // unshaded alike strings: n × the module MPP, i.e. the chain without `electrical` (cables aside)
              const dc = out.annual.dcKwh + loss(out, 'wiringDc');
              const gap = Math.abs(dc / ref.annual.dcKwh - 1);
              return gap > 1e-9 ? `unshaded DC ${dc} kWh differs from the chain's ${ref.annual.dcKwh} by ${gap}` : null;
            },
          },
        ],
      },
    ];
    return cases;
  },
  summarize(results: CaseResult[]): SummaryLine[] {
    const ms = (k: number) => results[k]?.variants[0]?.meanMs ?? Number.NaN;
    const out: SummaryLine[] = [];
    if (Number.isFinite(ms(0)) && Number.isFinite(ms(1))) out.push({ label: 'cost of the shading (shaded − unshaded)', value: ms(0) - ms(1), unit: 'ms' });
    const parse = results[0]?.params?.parseMs;
    if (typeof parse === 'number') out.push({ label: 'validating the shaded input (zod)', value: parse, unit: 'ms' });
    return out;
  },
  async dispose() {
    shaded = clear = reference = undefined;
  },
};
