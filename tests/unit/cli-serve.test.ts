// `pvstudio serve --stdio` (docs/ENGINE-API.md, "serve"): one JSON request per line in, one response
// line per request out, in order; a bad line is answered and the process goes on; the end of the input
// is exit 0. Driven in process through main() with streams, and once through the real bin. Also the
// command registry that lets `--help` start without loading any command.
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.ts';
import { lazyEngine } from '../../src/cli/execute.ts';
import { main } from '../../src/cli/main.ts';
import { lines } from '../../src/cli/serve.ts';
import { gableRoof } from '../fixtures/roofs.ts';

const BIN = fileURLToPath(new URL('../../src/cli/pvstudio.mjs', import.meta.url));

/** docs/GEOMETRY.md gable: outline 10 × 8, eave 6, ridge (0,4)–(10,4) at z 8: two faces of 44.721 m². */
const gable = gableRoof();

interface Response {
  id: unknown;
  ok: boolean;
  output?: { success?: boolean; faces?: { area: number; tilt: number }[]; errors?: unknown[] };
  error?: { code: string; message: string; path?: string; issues?: { path: string; message: string }[] };
}

/** Runs main() in process with the given stdin chunks; the exit code and what was written. */
async function run(argv: string[], chunks: (string | Uint8Array)[] = []) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdin: Readable.from(chunks, { objectMode: true }),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  });
  return { code, stdout, stderr };
}

async function serveLines(requestLines: string[]): Promise<Response[]> {
  const { code, stdout, stderr } = await run(['serve', '--stdio'], [requestLines.join('\n') + '\n']);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Response);
}

const request = (id: unknown, command: string, input: unknown) => JSON.stringify({ id, command, input });

describe('pvstudio serve --stdio, in process', () => {
  it('answers every request line in order, the good and the bad alike, then exits 0', async () => {
    const badX = structuredClone(gable) as { building: { outerPoints: { x: unknown }[] } };
    badX.building.outerPoints[0].x = 'east';
    const out = await serveLines([
      request(1, 'roof', gable),
      '{ "id": 2, "command": ',
      request('three', 'frobnicate', {}),
      request(4, 'roof', badX),
      '',
      '[1, 2]',
      JSON.stringify({ id: 6, command: 'roof' }),
      request({ nested: true }, 'roof', gable),
    ]);
    expect(out.map((r) => r.id)).toEqual([1, null, 'three', 4, null, 6, { nested: true }]);
    expect(out.map((r) => r.ok)).toEqual([true, false, false, false, false, false, true]);
    // The gable's two faces: tilt atan(2/4) = 26.565°, area 10 × √(4² + 2²) = 44.721 m² each.
    for (const r of [out[0], out[6]]) {
      expect(r.output?.success).toBe(true);
      expect(r.output?.faces).toHaveLength(2);
      for (const f of r.output!.faces!) {
        expect(f.tilt).toBeCloseTo(26.565, 3);
        expect(f.area).toBeCloseTo(44.721, 3);
      }
    }
    expect(out[1].error?.code).toBe('INVALID_JSON');
    expect(out[2].error).toMatchObject({ code: 'UNKNOWN_COMMAND', path: 'command' });
    expect(out[3].error).toMatchObject({ code: 'INVALID_INPUT', path: 'building.outerPoints.0.x' });
    expect(out[4].error).toMatchObject({ code: 'INVALID_REQUEST', path: '' });
    expect(out[5].error).toMatchObject({ code: 'INVALID_REQUEST', path: 'input' });
  });

  it('validates exactly as the one-shot form: the same issues for the same input', async () => {
    const inputs: [string, unknown][] = [
      ['roof', { building: { ...gable.building, eaveHeight: undefined } }],
      ['split', { points: [{ id: 'a', x: 0, y: 0 }], lines: [{ id: 'l', idp1: 'a', idp2: 'nowhere' }] }],
      ['simulate', { site: { latitude: 95, longitude: 0 }, weather: { synthetic: {} }, arrays: [], inverter: { model: 'pvwatts', pdc0: 1 } }],
    ];
    for (const [command, input] of inputs) {
      const once = await run([command], [JSON.stringify(input)]);
      expect(once.code, command).toBe(2);
      const { issues } = JSON.parse(once.stderr) as { issues: { path: string; message: string }[] };
      const [served] = await serveLines([request(command, command, input)]);
      expect(served.ok).toBe(false);
      expect(served.error?.code).toBe('INVALID_INPUT');
      expect(served.error?.issues).toEqual(issues);
      expect(served.error?.path).toBe(issues[0].path);
      expect(served.error?.message).toBe(issues[0].message);
    }
  });

  it('an engine-level failure is an answer (ok, success false), as exit 0 is in the one-shot form', async () => {
    // A ridge with no height anywhere: its points stay UNKNOWN_HEIGHT.
    const input = structuredClone(gable);
    const points = input.building.points!;
    for (const p of points) delete (p as { z?: number }).z;
    points[0].x = 3;
    points[1].x = 7;
    const [r] = await serveLines([request(1, 'roof', input)]);
    expect(r.ok).toBe(true);
    expect(r.output?.success).toBe(false);
    expect(r.output?.errors?.length).toBeGreaterThan(0);
  });

  it('reads lines across chunk boundaries, split UTF-8 characters and CRLF endings', async () => {
    const text = `${request('日照', 'roof', gable)}\r\n${request(2, 'roof', gable)}`;
    const bytes = new TextEncoder().encode(text);
    // Cut inside the first line's multi-byte id and again in the middle of the second request.
    const cut1 = new TextEncoder().encode('{"id":"日').length - 1;
    const cut2 = Math.floor(bytes.length * 0.8);
    const { code, stdout } = await run(['serve', '--stdio'], [bytes.subarray(0, cut1), bytes.subarray(cut1, cut2), bytes.subarray(cut2)]);
    expect(code).toBe(0);
    const out = stdout.trim().split('\n').map((l) => JSON.parse(l) as Response);
    expect(out.map((r) => [r.id, r.ok])).toEqual([
      ['日照', true],
      [2, true],
    ]);
  });

  it('empty input: no answer, exit 0', async () => {
    expect(await run(['serve', '--stdio'], [])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('serve needs --stdio, takes no file, and --stdio belongs to serve: usage errors, exit 2', async () => {
    for (const argv of [['serve'], ['serve', '--stdio', 'input.json'], ['serve', '--stdio', '-o', 'x.json'], ['roof', '--stdio']]) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('Usage: pvstudio');
    }
  });

  it('one engine for the whole session: the context hands every request the same instance', async () => {
    const engine = lazyEngine();
    const [a, b] = await Promise.all([engine(), engine()]);
    expect(a).toBe(b);
    expect(await engine()).toBe(a);
  });
});

describe('lines', () => {
  it('splits on \\n, drops one trailing \\r, keeps a last line without newline', async () => {
    const got: string[] = [];
    for await (const l of lines(Readable.from(['a\r\nb', '\n\nc'], { objectMode: true }))) got.push(l);
    expect(got).toEqual(['a', 'b', '', 'c']);
  });
});

describe('the command registry', () => {
  it("lists each command's own name and summary, and loads it", async () => {
    expect(new Set(commands.map((c) => c.name)).size).toBe(commands.length);
    for (const entry of commands) {
      const command = await entry.load();
      expect(command.name).toBe(entry.name);
      expect(command.summary, entry.name).toBe(entry.summary);
      expect(await entry.load()).toBe(command);
    }
  });
});

describe('pvstudio serve --stdio, the real bin', () => {
  it('answers three lines in order and exits 0 at the end of its input', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--stdio'], { env: { ...process.env, PVSTUDIO_ENGINE: 'debug' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const closed = new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    child.stdin.write(`${request(1, 'roof', gable)}\n`);
    child.stdin.write('not json\n');
    child.stdin.end(`${request(3, 'solar-position', { latitude: 39.742476, longitude: -105.1786, elevation: 1830.14, pressure: 82000, temperature: 11, times: ['2003-10-17T19:30:30Z'] })}\n`);
    const code = await closed;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const out = stdout.trim().split('\n').map((l) => JSON.parse(l) as Response & { output?: { positions?: { apparentZenith: number; azimuth: number }[] } });
    expect(out.map((r) => [r.id, r.ok])).toEqual([
      [1, true],
      [null, false],
      [3, true],
    ]);
    // The SPA paper's example (Reda & Andreas 2004, NREL/TP-560-34302): zenith 50.11162°, azimuth 194.34024°.
    const p = out[2].output!.positions![0];
    expect(Math.abs(p.apparentZenith - 50.11162)).toBeLessThan(1.5e-5);
    expect(Math.abs(p.azimuth - 194.34024)).toBeLessThan(1.5e-5);
  });
});
