// simulate (docs/ENGINE-API.md): validates the input, resolves its weather (a file, hourly arrays or the
// synthetic year) and runs the energy chain of src/physics. Pure TypeScript, no wasm: it runs the
// same in-process, in a worker and on the server.
import { electricalIssues, simulateInputSchema, type SimulateInput, type SimulateInputParsed, type SimulateOutput } from '../model/simulate.ts';
import { simulateChain } from '../physics/chain.ts';
import type { WeatherRecord } from '../weather/record.ts';
import { resolveWeather } from '../weather/resolve.ts';
import { InputError } from './errors.ts';

/**
 * The hourly energy chain for a validated or raw input.
 * Throws InputError (path, message) for input the schema rejects or a weather file that cannot be read.
 */
export async function simulate(input: SimulateInput): Promise<SimulateOutput> {
  const parsed = simulateInputSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    throw new InputError(parsed.error.issues[0].path as (string | number)[], issues[0].message, issues);
  }
  const data = parsed.data;
  let record: WeatherRecord;
  try {
    record = await resolveWeather(data.weather, data.site);
  } catch (e) {
    const w = data.weather;
    const where = 'file' in w ? ['weather', 'file'] : 'hourly' in w ? ['weather', 'hourly'] : 'station' in w ? ['weather', 'station'] : ['weather', 'synthetic'];
    throw new InputError(where, e instanceof Error ? e.message : String(e));
  }
  checkAgainstWeather(data, record.times.length);
  return simulateChain(record, data);
}

/**
 * The checks of a parsed input that need its weather's length: per-step shading series and the
 * electrical block's shading steps (arrays × steps). Throws InputError naming the field.
 */
export function checkAgainstWeather(data: SimulateInputParsed, steps: number): void {
  data.arrays.forEach((a, k) => {
    const beam = a.shading?.beam;
    if (beam && beam.length !== steps) {
      throw new InputError(['arrays', k, 'shading', 'beam'], `has ${beam.length} values, the weather has ${steps} steps`);
    }
  });
  if (data.electrical) {
    const issues = electricalIssues(data.arrays, data.electrical, steps);
    if (issues.length > 0) throw new InputError(issues[0].path, issues[0].message, issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
  }
}

/** The hourly result as CSV (one row per step; W, W/m², °C), for `pvstudio simulate --format csv`. */
export function simulateCsv(output: SimulateOutput): string {
  const h = output.hourly;
  if (!h) throw new Error('the CSV needs the hourly result (output.hourly: true)');
  const rows = ['time,ac_w,dc_w,poa_global_w_m2,cell_temperature_c'];
  const f = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(3));
  for (let i = 0; i < h.times.length; i++) rows.push(`${h.times[i]},${f(h.ac[i])},${f(h.dc[i])},${f(h.poaGlobal[i])},${f(h.cellTemperature[i])}`);
  return rows.join('\n') + '\n';
}
