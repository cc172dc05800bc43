// A generated multi-bay warehouse (bench/plans.ts) solved through the public API: the heights are
// given only at the gable walls, so every inner face gets its height by planarity propagation.
// Expected values are analytic: each bay strip rises `rise` over `dy`, so every face has
// tilt atan(rise / dy), looks south (strips rising northwards) or north, and the sloped areas sum to
// width · depth / cos(tilt).
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferenceEngine, loadEngine } from '../../../src/engine/api.ts';
import type { EngineApi } from '../../../src/engine/types.ts';
import { warehousePlan } from '../../../bench/plans.ts';

const DEG = 180 / Math.PI;

describe.each([
  ['wasm', () => loadEngine('debug')],
  ['reference', async () => createReferenceEngine()],
])('warehouse roof (%s)', (_name, load) => {
  let engine: EngineApi;
  beforeAll(async () => {
    engine = await load();
  });

  it('solves a 1k-segment plan into one planar face per grid cell with the analytic tilt and areas', () => {
    const plan = warehousePlan({ segments: 1_000, width: 400, depth: 300, rise: 1.5 });
    const out = engine.roof(plan.input);
    expect(out.errors).toEqual([]);
    expect(out.success).toBe(true);
    expect(out.faces).toHaveLength(plan.expectedFaces);

    const dy = 300 / plan.rows;
    const tilt = Math.atan(1.5 / dy) * DEG;
    for (const f of out.faces) {
      expect(f.tilt).toBeCloseTo(tilt, 6);
      // Strips rising northwards face south (180), falling ones north (0).
      expect([0, 180, 360].some((a) => Math.abs(f.azimuth - a) < 1e-6)).toBe(true);
    }
    const planArea = out.faces.reduce((s, f) => s + f.planArea, 0);
    const area = out.faces.reduce((s, f) => s + f.area, 0);
    expect(planArea).toBeCloseTo(400 * 300, 6);
    expect(area / (400 * 300)).toBeCloseTo(1 / Math.cos(tilt / DEG), 9);
  });
});
