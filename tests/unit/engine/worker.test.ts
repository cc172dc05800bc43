// The engine in a Node worker thread through comlink (node.ts, node-worker.ts).
import { gableRoof } from '../../fixtures/roofs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfer } from 'comlink';
import { loadEngine } from '../../../src/engine/api.ts';
import { createNodeWorker } from '../../../src/engine/node.ts';
import type { EngineApi } from '../../../src/engine/types.ts';
import type { RoofInput, RoofOutput } from '../../../src/model/index.ts';

/** docs/GEOMETRY.md gable: outline 10 × 8, eave 6, ridge (0,4)–(10,4) at z 8. */
const gable = gableRoof();


describe('engine in a Node worker', () => {
  const worker = createNodeWorker({ variant: 'debug' });
  let local: EngineApi;
  beforeAll(async () => {
    local = await loadEngine('debug');
  });
  afterAll(() => worker.terminate());

  it('answers calls made before the wasm is loaded, and reports ready', async () => {
    const early = worker.api.roof(gable);
    await expect(worker.api.ready()).resolves.toBe(true);
    expect((await early).faces).toHaveLength(2);
  });

  it('gives the same roof as the in-process engine (client: codec here, kernel there; and whole in the worker)', async () => {
    const expected = local.roof(gable);
    const remote = await worker.api.roof(gable);
    expect(remote).toEqual(expected);
    expect(await worker.remote.roof(gable)).toEqual(expected);
    expect(remote.success).toBe(true);
    expect(remote.faces.map((f) => f.tilt)).toEqual([expect.closeTo(26.565, 3), expect.closeTo(26.565, 3)]);
  });

  it('gives the same automatic roof (two kernel calls) as in-process, up to the generated ids', async () => {
    const hip: RoofInput = { building: { ...gable.building, points: [], lines: [] }, auto: { type: 'hip', pitch: 30 } };
    const strip = (r: RoofOutput) => r.faces.map((f) => [f.vertices, f.tilt, f.azimuth, f.area]);
    const remote = await worker.api.roof(hip);
    expect(remote.faces).toHaveLength(4);
    expect(strip(remote)).toEqual(strip(local.roof(hip)));
  });

  it('throws input errors on the calling side, before the boundary', async () => {
    await expect(worker.api.roof({ building: { ...gable.building, eaveHeight: Number.NaN } })).rejects.toMatchObject({
      name: 'InputError',
      path: ['building', 'eaveHeight'],
    });
  });

  it('gives the same split, merge and skeleton as in-process', async () => {
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
    const s = await worker.api.split(drawing);
    expect(s).toEqual(local.split(drawing));
    expect(await worker.remote.split(drawing)).toEqual(s);
    expect(await worker.api.merge(s)).toEqual(local.merge(s));
    expect(await worker.remote.merge(s)).toEqual(local.merge(s));
    const square: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    expect(await worker.api.skeleton(square)).toEqual(local.skeleton(square));
    expect(await worker.remote.skeleton(square)).toEqual(local.skeleton(square));
  });

  it('moves a Float64Array by transfer: the sender buffer is detached, the data comes back', async () => {
    const data = Float64Array.from({ length: 100_000 }, (_, i) => i * 0.5);
    const back = await worker.api.echo(transfer(data, [data.buffer]));
    expect(data.byteLength).toBe(0);
    expect(data.buffer.byteLength).toBe(0);
    expect(back).toBeInstanceOf(Float64Array);
    expect(back.length).toBe(100_000);
    expect(back[99_999]).toBe(99_999 * 0.5);
  });

  it('runs a kernel by transfer both ways', async () => {
    const f64 = new Float64Array(8 + 2 * 3);
    const i32 = Int32Array.from([0, 0, 0]);
    const r = await worker.api.run('roofSolve', f64, i32);
    expect(r.i32).toBeInstanceOf(Int32Array);
    expect(r.f64).toBeInstanceOf(Float64Array);
  });

  it('passes an error thrown in the worker to the caller, with its fields', async () => {
    const bad = { building: { ...gable.building, lines: [{ id: 'l1', idp1: 'r1', idp2: 'nowhere' }] } };
    let local: unknown;
    try {
      (await loadEngine('debug')).roof(bad);
    } catch (e) {
      local = e;
    }
    const remote = await worker.remote.roof(bad).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(local).toBeInstanceOf(Error);
    expect(remote).toBeInstanceOf(Error);
    const pick = (e: unknown) => {
      const { name, message, path } = e as Error & { path?: unknown };
      return { name, message, path };
    };
    expect(pick(remote)).toEqual(pick(local));
  });
});
