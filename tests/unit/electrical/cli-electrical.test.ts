// `pvstudio strings`, `pvstudio cable` and `pvstudio schema strings`, run in process through main()
// (the same argument parsing, validation and exit codes as the installed command).
import { describe, expect, it } from 'vitest';
import { EXIT, main } from '../../../src/cli/main.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function pvstudio(args: string[], stdin = ''): Promise<Run> {
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

/** LONGi LR5-72HPH-550M datasheet values; Huawei SUN2000-100KTL-M1 datasheet values. */
const stringsDoc = {
  module: { voc: 49.8, vmp: 41.95, isc: 13.98, imp: 13.12, betaVoc: -0.27, maxSystemVoltage: 1500 },
  inverter: { mpptMin: 200, mpptMax: 1000, maxDcVoltage: 1100, maxInputCurrent: 26, maxShortCircuitCurrent: 40, stringsPerMppt: 2 },
};

describe('pvstudio strings', () => {
  it('answers the limits at the default temperatures (6 … 20 modules, 1 string per MPPT)', async () => {
    // n ≤ 1100 / 54.5061 → 20; n ≥ 200 / 37.9857 → 6; 2 · 13.12 A > 26 A → 1 string per input
    const run = await pvstudio(['strings', '-'], JSON.stringify({ ...stringsDoc, modulesPerString: 18 }));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.OK);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({ minModulesPerString: 6, maxModulesPerString: 20, maxStringsPerMppt: 1, adaptable: true });
    expect(out.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
  });

  it('a site temperature of −25 °C lowers the maximum to 19', async () => {
    // Voc(−25) = 49.8 · (1 + 0.0027 · 50) = 56.523 V; 1100 / 56.523 = 19.46 → 19
    const run = await pvstudio(['strings'], JSON.stringify({ ...stringsDoc, site: { tempMin: -25 } }));
    expect(run.code).toBe(EXIT.OK);
    expect(JSON.parse(run.stdout).maxModulesPerString).toBe(19);
  });

  it('not adaptable: exit 0 with adaptable false and the message', async () => {
    const doc = { ...stringsDoc, inverter: { ...stringsDoc.inverter, mpptMin: 880, mpptMax: 1000 }, module: { ...stringsDoc.module, maxSystemVoltage: 1000 } };
    // n ≥ 880 / 37.9857 → 24; n ≤ 1000 / 54.5061 → 18
    const run = await pvstudio(['strings'], JSON.stringify(doc));
    expect(run.code).toBe(EXIT.OK);
    expect(JSON.parse(run.stdout)).toMatchObject({ adaptable: false, message: 'The selected inverter model cannot be adapted' });
  });

  it('bad input: exit 2, the field named on stderr, nothing on stdout', async () => {
    const doc = { ...stringsDoc, module: { ...stringsDoc.module, betaVoc: 0.27 } };
    const run = await pvstudio(['strings'], JSON.stringify(doc));
    expect(run.code).toBe(EXIT.USAGE);
    expect(run.stdout).toBe('');
    const error = JSON.parse(run.stderr);
    expect(error.error).toBe('invalid input');
    expect(error.issues.map((i: { path: string }) => i.path)).toEqual(['module.betaVoc']);

    const missing = await pvstudio(['strings'], JSON.stringify({ module: stringsDoc.module }));
    expect(missing.code).toBe(EXIT.USAGE);
    expect(JSON.parse(missing.stderr).issues[0].path).toBe('inverter');
  });
});

describe('pvstudio cable', () => {
  it('Easy PV: 12 A at 157 V over 20 m of copper, 1 % → 6 mm²', async () => {
    const doc = { material: 'copper', crossSection: 4, length: 20, current: 12, voltage: 157, circuit: 'dc', maxDropPercent: 1 };
    const run = await pvstudio(['cable', '-', '--compact'], JSON.stringify(doc));
    expect(run.code).toBe(EXIT.OK);
    const out = JSON.parse(run.stdout);
    // 4 mm²: 2 · 0.02 · 12 · 4.31025 = 2.0689 V = 1.318 %
    expect(out.resistanceOhmPerKm).toBeCloseTo(4.31025, 5);
    expect(out.dropPercent).toBeCloseTo(1.31778, 4);
    expect(out.smallestSection).toBe(6);
    expect(out.ampacityOk).toBe(true);
  });

  it('bad input: a power factor on a DC circuit is refused, naming powerFactor', async () => {
    const doc = { material: 'copper', crossSection: 4, length: 20, current: 12, voltage: 157, circuit: 'dc', powerFactor: 0.9 };
    const run = await pvstudio(['cable'], JSON.stringify(doc));
    expect(run.code).toBe(EXIT.USAGE);
    expect(run.stdout).toBe('');
    expect(JSON.parse(run.stderr).issues).toEqual([{ path: 'powerFactor', message: 'must be 1 for a DC circuit' }]);
  });
});

describe('pvstudio schema', () => {
  it('prints the JSON Schemas of strings, with the defaults and the required fields', async () => {
    const run = await pvstudio(['schema', 'strings']);
    expect(run.code).toBe(EXIT.OK);
    const { input, output } = JSON.parse(run.stdout);
    expect(input.required).toEqual(['module', 'inverter']);
    expect(input.additionalProperties).toBe(false);
    expect(input.properties.site.properties.tempMin.default).toBe(-10);
    expect(output.required).toContain('adaptable');
  });

  it('prints the JSON Schemas of cable', async () => {
    const run = await pvstudio(['schema', 'cable']);
    expect(run.code).toBe(EXIT.OK);
    const { input } = JSON.parse(run.stdout);
    expect(input.properties.circuit.enum).toEqual(['dc', 'ac1', 'ac3']);
  });

  it('lists both commands in the help', async () => {
    const run = await pvstudio(['--help']);
    expect(run.stdout).toMatch(/\n {2}strings +string length limits/);
    expect(run.stdout).toMatch(/\n {2}cable +cable resistance/);
  });
});
