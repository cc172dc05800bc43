// The pvstudio command (docs/ENGINE-API.md, "the command line"), run as a real process.
import { gableRoof } from '../fixtures/roofs.ts';
import { FILES, weatherPath } from './weather/data.ts';
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** docs/GEOMETRY.md gable: outline 10 × 8, eave 6, ridge (0,4)–(10,4) at z 8. */
const gable = gableRoof() as { building: { outerPoints: object[]; points: { x: number; z?: number }[] } & Record<string, unknown> };

const BIN = fileURLToPath(new URL('../../src/cli/pvstudio.mjs', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function pvstudio(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, PVSTUDIO_ENGINE: 'debug' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}


function expectGableRoof(out: { success: boolean; faces: { tilt: number; azimuth: number; area: number }[] }) {
  expect(out.success).toBe(true);
  expect(out.faces).toHaveLength(2);
  for (const f of out.faces) {
    expect(Math.abs(f.tilt - 26.565)).toBeLessThan(1e-3);
    expect(f.area).toBeCloseTo(44.721, 3);
  }
  expect(out.faces.map((f) => Math.round(f.azimuth)).sort((a, b) => a - b)).toEqual([0, 180]);
}

/** The stderr error document, with its issues' paths. */
function errorOf(run: Run): { error: string; issues?: { path: string; message: string }[] } {
  return JSON.parse(run.stderr);
}

describe('pvstudio', () => {
  let dir = '';
  const tmp = async (name: string) => {
    dir ||= await mkdtemp(join(tmpdir(), 'pvstudio-'));
    return join(dir, name);
  };

  it('roof from a file', async () => {
    const file = await tmp('gable.json');
    await writeFile(file, JSON.stringify(gable));
    const run = await pvstudio(['roof', file]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expectGableRoof(JSON.parse(run.stdout));
  });

  it('roof from stdin, with - and with no file', async () => {
    for (const args of [['roof', '-'], ['roof']]) {
      const run = await pvstudio(args, JSON.stringify(gable));
      expect(run.code).toBe(0);
      expectGableRoof(JSON.parse(run.stdout));
    }
  });

  it('-o writes the output file and nothing to stdout', async () => {
    const out = await tmp('roof.json');
    const run = await pvstudio(['roof', '-', '-o', out], JSON.stringify(gable));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expectGableRoof(JSON.parse(await readFile(out, 'utf8')));
  });

  it('split then merge through pipes gives the drawing back', async () => {
    const drawing = {
      points: [
        { id: 'a', x: 0, y: 0 },
        { id: 'b', x: 4, y: 4 },
        { id: 'c', x: 0, y: 4 },
        { id: 'd', x: 4, y: 0 },
      ],
      lines: [
        { id: 'l1', idp1: 'a', idp2: 'b' },
        { id: 'l2', idp1: 'c', idp2: 'd' },
      ],
    };
    const split = await pvstudio(['split', '--compact'], JSON.stringify(drawing));
    expect(split.code).toBe(0);
    expect(JSON.parse(split.stdout).lines).toHaveLength(4);
    const merged = await pvstudio(['merge'], split.stdout);
    expect(merged.code).toBe(0);
    const out = JSON.parse(merged.stdout);
    expect(out.points).toEqual(drawing.points);
    expect(out.lines.map((l: { id: string; idp1: string; idp2: string }) => [l.id, l.idp1, l.idp2])).toEqual([
      ['l1', 'a', 'b'],
      ['l2', 'c', 'd'],
    ]);
  });

  it('invalid input: exit 2, the zod path on stderr, nothing on stdout', async () => {
    const bad = structuredClone(gable) as { building: { outerPoints: { x: unknown }[] } };
    bad.building.outerPoints[0].x = 'east';
    const run = await pvstudio(['roof'], JSON.stringify(bad));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const err = errorOf(run);
    expect(err.error).toBe('invalid input');
    expect(err.issues?.map((i) => i.path)).toContain('building.outerPoints.0.x');
    expect(err.issues?.[0].message).toBeTruthy();
  });

  it('a missing field is named too', async () => {
    const run = await pvstudio(['roof'], JSON.stringify({ building: { ...gable.building, eaveHeight: undefined } }));
    expect(run.code).toBe(2);
    expect(errorOf(run).issues?.map((i) => i.path)).toEqual(['building.eaveHeight']);
  });

  it('input the schema cannot judge (an unknown point id) is exit 2 too, with its path', async () => {
    const drawing = { points: [{ id: 'a', x: 0, y: 0 }], lines: [{ id: 'l', idp1: 'a', idp2: 'nowhere' }] };
    const run = await pvstudio(['split'], JSON.stringify(drawing));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(errorOf(run)).toMatchObject({ error: 'invalid input', issues: [{ path: 'lines.0.idp2' }] });
  });

  it('malformed JSON: exit 2, a JSON error, nothing on stdout', async () => {
    const run = await pvstudio(['roof'], '{ "building": ');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(errorOf(run).error).toBe('invalid JSON');
  });

  it('a missing input file: exit 2', async () => {
    const run = await pvstudio(['roof', join(tmpdir(), 'no-such-pvstudio-input.json')]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(errorOf(run).error).toBe('cannot read input');
  });

  it('an engine-level failure is exit 0 with success false', async () => {
    // A ridge with no height anywhere: its points stay UNKNOWN_HEIGHT.
    const input = structuredClone(gable);
    for (const p of input.building.points) delete (p as { z?: number }).z;
    input.building.points[0].x = 3;
    input.building.points[1].x = 7;
    const run = await pvstudio(['roof'], JSON.stringify(input));
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.success).toBe(false);
    expect(out.errors.length).toBeGreaterThan(0);
  });

  it('schema roof prints the JSON Schemas of input and output', async () => {
    const run = await pvstudio(['schema', 'roof']);
    expect(run.code).toBe(0);
    const { input, output } = JSON.parse(run.stdout);
    expect(input.type).toBe('object');
    expect(input.properties).toHaveProperty('building');
    expect(input.required).toEqual(['building']);
    expect(input.properties.building.required).not.toContain('points');
    expect(output.properties).toHaveProperty('faces');
  });

  it('unknown command, unknown schema command and no command: exit 2 with usage', async () => {
    for (const args of [['frobnicate'], ['schema', 'frobnicate'], [], ['roof', 'a.json', 'b.json']]) {
      const run = await pvstudio(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('Usage: pvstudio');
    }
  });

  it('--help lists the commands', async () => {
    const run = await pvstudio(['--help']);
    expect(run.code).toBe(0);
    for (const c of ['roof', 'split', 'merge', 'solar-position', 'irradiance', 'weather', 'simulate', 'schema']) expect(run.stdout).toMatch(new RegExp(`^  ${c}\\b`, 'm'));
  });

  it('simulate writes the 8760-hour result as CSV with --format csv', async () => {
    // The Greensboro TMY3 (tests/fixtures/weather): 8760 hour-ending rows → interval starts.
    const input = {
      site: { latitude: 36.1, longitude: -79.95, elevation: 273 },
      weather: { file: weatherPath(FILES.tmy3) },
      arrays: [{ name: 'roof', surfaceTilt: 25, surfaceAzimuth: 180, modulesPerString: 10, strings: 1, module: { model: 'pvwatts', pdc0: 400 } }],
      inverter: { model: 'pvwatts', pdc0: 4000 },
    };
    const run = await pvstudio(['simulate', '-', '--format', 'csv'], JSON.stringify(input));
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('time,ac_w,dc_w,poa_global_w_m2,cell_temperature_c');
    expect(lines).toHaveLength(8761);
    // TMY3 row '01/01/1988,01:00' (local standard time UTC−5, hour ending) is the interval 00:00–01:00
    // local, i.e. 05:00Z, in the coerced year 1990.
    expect(lines[1].startsWith('1990-01-01T05:00:00.000Z,')).toBe(true);
    const json = await pvstudio(['simulate', '-', '--compact'], JSON.stringify(input));
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout) as { annual: { acKwh: number }; hourly?: unknown };
    expect(out.hourly).toBeUndefined();
    const csvAc = lines.slice(1).reduce((sum, l) => sum + Number(l.split(',')[1]), 0) / 1000;
    expect(Math.abs(csvAc - out.annual.acKwh) / out.annual.acKwh).toBeLessThan(1e-6);
  });

  it('simulate: an invalid field is exit 2 naming it; an unknown format is a usage error', async () => {
    const bad = { site: { latitude: 95, longitude: 0 }, weather: { synthetic: {} }, arrays: [], inverter: { model: 'pvwatts', pdc0: 1 } };
    const run = await pvstudio(['simulate', '-'], JSON.stringify(bad));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const paths = errorOf(run).issues!.map((i) => i.path);
    expect(paths).toContain('site.latitude');
    expect(paths).toContain('arrays');
    const fmt = await pvstudio(['simulate', '-', '--format', 'xml'], '{}');
    expect(fmt.code).toBe(2);
    expect(fmt.stderr).toMatch(/no format xml/);
  });

  it("weather: a site's climate station by default, with distance, citation and the table's monthly sums", async () => {
    const run = await pvstudio(['weather', '-'], JSON.stringify({ site: { latitude: 31.23, longitude: 121.47, elevation: 5 } }));
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.source).toMatchObject({ kind: 'station', id: '58367', estimate: false, citation: 'Station climate: CDSRD / CBED, XAUAT, from CMA observations' });
    expect(out.source.distanceKm).toBeGreaterThan(4.7);
    expect(out.source.distanceKm).toBeLessThan(4.9);
    // datasets/climate: Shanghai Xujiahui's July mean is 4.669 kWh/m²/day, 2.555 diffuse, 28.17 °C.
    expect(out.monthly[6].ghiKwhM2 / 31).toBeCloseTo(4.669, 2);
    expect(out.monthly[6].dhiKwhM2 / 31).toBeCloseTo(2.555, 2);
    expect(out.monthly[6].tempAir).toBeCloseTo(28.17, 1);
    expect(out.annual.ghiKwhM2).toBeGreaterThan(1170);
    expect(out.annual.ghiKwhM2).toBeLessThan(1175);
    expect(out.hourly).toBeUndefined();
  });

  it('weather: the hourly year on request, a flagged estimate outside coverage, exit 2 naming an unknown station', async () => {
    const hourly = JSON.parse((await pvstudio(['weather', '-'], JSON.stringify({ site: { latitude: 29.65, longitude: 91.1 }, source: { kind: 'station', id: '55591' }, output: { hourly: true } }))).stdout);
    expect(hourly.hourly.ghi).toHaveLength(8760);
    expect(hourly.hourly.times[0]).toBe('1989-12-31T16:00:00.000Z'); // local midnight, China Standard Time
    expect(hourly.hourly.dhi.every((d: number, i: number) => d <= hourly.hourly.ghi[i] + 1e-9)).toBe(true);
    const paris = JSON.parse((await pvstudio(['weather', '-'], JSON.stringify({ site: { latitude: 48.85, longitude: 2.35 } }))).stdout);
    expect(paris.source).toEqual({ kind: 'estimate', estimate: true });
    const unknown = await pvstudio(['weather', '-'], JSON.stringify({ site: { latitude: 31, longitude: 121 }, source: { kind: 'station', id: '12345' } }));
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(errorOf(unknown).issues).toEqual([{ path: 'source.id', message: 'unknown station 12345: not one of the 1,042 stations of the climate table' }]);
    const noPvgis = await pvstudio(['weather', '-'], JSON.stringify({ site: { latitude: 31, longitude: 121 }, source: { kind: 'pvgis' } }));
    expect(noPvgis.code).toBe(2);
    expect(errorOf(noPvgis).issues?.[0].message).toMatch(/PVGIS is not configured/);
  });

  it('simulate: weather { station: "auto" } runs on the nearest station; an unknown one is exit 2 naming weather.station', async () => {
    const input = {
      site: { latitude: 31.23, longitude: 121.47 },
      weather: { station: 'auto' },
      arrays: [{ name: 'roof', surfaceTilt: 25, surfaceAzimuth: 180, modulesPerString: 2, strings: 1, module: { model: 'pvwatts', pdc0: 500 } }],
      inverter: { model: 'pvwatts', pdc0: 1000 },
    };
    const run = await pvstudio(['simulate', '-'], JSON.stringify(input));
    expect(run.code).toBe(0);
    // Issue 14: 2,204 kWh/kWp on the clear sky; Shanghai's real sky gives 900–1,200.
    const yieldKwhKwp = JSON.parse(run.stdout).annual.specificYield;
    expect(yieldKwhKwp).toBeGreaterThan(900);
    expect(yieldKwhKwp).toBeLessThan(1200);
    const bad = await pvstudio(['simulate', '-'], JSON.stringify({ ...input, weather: { station: '99999' } }));
    expect(bad.code).toBe(2);
    expect(errorOf(bad).issues?.[0].path).toBe('weather.station');
    const shape = await pvstudio(['simulate', '-'], JSON.stringify({ ...input, weather: { station: 'nearby' } }));
    expect(shape.code).toBe(2);
  });

  it('cleans up', async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
});
