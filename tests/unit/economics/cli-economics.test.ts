// `pvstudio dispatch`, `pvstudio economics` and their schemas, run in process through main() (the same
// argument parsing, validation and exit codes as the installed command; docs/ENGINE-API.md §dispatch,
// §economics with its defaults).
import { describe, expect, it } from 'vitest';
import { EXIT, main } from '../../../src/cli/main.ts';

async function pvstudio(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdin: (async function* () {
      yield stdin;
    })(),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  });
  return { code, stdout, stderr };
}

describe('pvstudio dispatch', () => {
  it('without a battery: surplus to grid by default', async () => {
    const run = await pvstudio(['dispatch', '-'], JSON.stringify({ pv: [5, 0, 3], load: [2, 4, 3] }));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.OK);
    const out = JSON.parse(run.stdout);
    expect(out.hourly.self).toEqual([2, 0, 3]);
    expect(out.hourly.export).toEqual([3, 0, 0]);
    expect(out.hourly.import).toEqual([0, 4, 0]);
    expect(out.totals).toMatchObject({ pv: 8, load: 9, self: 5, export: 3, import: 4, charge: 0, discharge: 0 });
    expect(out.yearly).toBeUndefined();
  });

  it('a battery carries the noon surplus to the evening (ηc = ηd = 0.9)', async () => {
    // Hour 0: c = min(3, 5, (10 − 0)/0.9) = 3 → E = 2.7; hour 1: d = min(4, 5, 2.7 · 0.9 = 2.43)
    const battery = { capacity: 10, power: 5, socMin: 0, socMax: 1, socInitial: 0, etaCharge: 0.9, etaDischarge: 0.9 };
    const run = await pvstudio(['dispatch'], JSON.stringify({ pv: [5, 0], load: [2, 4], battery }));
    const out = JSON.parse(run.stdout);
    expect(out.hourly.charge[0]).toBe(3);
    expect(out.hourly.discharge[1]).toBeCloseTo(2.43, 12);
    expect(out.hourly.soc).toEqual([expect.closeTo(0.27, 12), expect.closeTo(0, 12)]);
  });

  it('bad input: exit 2, the field on stderr, nothing on stdout', async () => {
    const run = await pvstudio(['dispatch'], JSON.stringify({ pv: [1, 2], load: [1] }));
    expect(run.code).toBe(EXIT.USAGE);
    expect(run.stdout).toBe('');
    expect(JSON.parse(run.stderr).issues).toEqual([{ path: 'load', message: 'must have as many hours as pv (2)' }]);
  });
});

describe('pvstudio economics', () => {
  it('answers the 25-year cash flow with the defaults of ENGINE-API.md', async () => {
    // 100 kWp at 3 yuan/W: capex 300 000; year 1: 60 000 kWh at 0.6 + 40 000 kWh at 0.35 = 50 000 yuan.
    const doc = { capacityKw: 100, pricePerW: 3, energy: { selfKwh: 60_000, exportKwh: 40_000 }, selfPrice: 0.6, exportPrice: 0.35 };
    const run = await pvstudio(['economics', '-', '--compact'], JSON.stringify(doc));
    expect(run.code).toBe(EXIT.OK);
    const out = JSON.parse(run.stdout);
    expect(out.cashFlows).toHaveLength(26);
    expect(out.cashFlows[0]).toMatchObject({ year: 0, net: -300_000 });
    expect(out.cashFlows[1].sales).toBeCloseTo(50_000, 9);
    // 3+3 holiday: no tax in years 1–3; depreciation 300 000 / 1.13 · 0.95 / 20 over 20 years, then none.
    expect(out.cashFlows.slice(1, 4).every((r: { tax: number }) => r.tax === 0)).toBe(true);
    expect(out.cashFlows[20].depreciation).toBeCloseTo(((300_000 / 1.13) * 0.95) / 20, 6);
    expect(out.cashFlows[21].depreciation).toBe(0);
    expect(out.cashFlows[25].residual).toBeCloseTo((300_000 / 1.13) * 0.05, 6);
    expect(out.irr).toBeGreaterThan(0.1);
    expect(out.paybackYears).toBeGreaterThan(5);
    expect(out.paybackYears).toBeLessThan(8);
    expect(out.equityCashFlows).toBeUndefined();
  });

  it("bad input: 'discountRate': 'banana' is refused naming the field", async () => {
    const run = await pvstudio(['economics'], JSON.stringify({ capacityKw: 100, pricePerW: 3, energy: { selfKwh: 1, exportKwh: 0 }, selfPrice: 0.6, exportPrice: 0.35, discountRate: 'banana' }));
    expect(run.code).toBe(EXIT.USAGE);
    expect(JSON.parse(run.stderr).issues[0].path).toBe('discountRate');
  });
});

describe('pvstudio schema dispatch / economics', () => {
  it('exports both schemas with their defaults', async () => {
    const d = JSON.parse((await pvstudio(['schema', 'dispatch'])).stdout);
    expect(d.input.required).toEqual(['pv', 'load']);
    expect(d.input.properties.mode.default).toBe('surplus');
    expect(d.input.properties.strategy.default).toBe('selfConsumption');
    const e = JSON.parse((await pvstudio(['schema', 'economics'])).stdout);
    expect(e.input.properties.years.default).toBe(25);
    expect(e.input.properties.vat.default).toBe(0.13);
    expect(e.input.properties.taxHoliday.default).toBe('3+3');
    expect(e.input.properties.emissionFactor.default).toBe(0.5703);
    expect(e.output.required).toEqual(expect.arrayContaining(['npv', 'irr', 'equityIrr', 'paybackYears', 'lcoe', 'co2Tonnes', 'cashFlows']));
  });

  it('lists both commands in the help', async () => {
    const run = await pvstudio(['--help']);
    expect(run.stdout).toMatch(/\n {2}dispatch +hourly self-consumption balance/);
    expect(run.stdout).toMatch(/\n {2}economics +the 25-year cash flow/);
  });
});
