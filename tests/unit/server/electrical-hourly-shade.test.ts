// The server's use of the shade analysis's hourly record (brief H10): decoding a stored document, the
// fallbacks to annual means with their coded notices (none kept, left out for size, unreadable, more
// shaded module-steps than the chain takes), the chain's module keys of the flat record, and its
// alignment to a weather year on the worker — each worked by hand on small cases.
import { describe, expect, it } from 'vitest';
import type { InverterConfigDocument } from '../../../src/model/electrical-design.ts';
import { packHourly } from '../../../src/engine/shade-hourly-pack.ts';
import { encodeModuleHourly, SHADE_HOURLY } from '../../../src/model/shade-hourly.ts';
import { SIMULATE_ELECTRICAL_LIMITS } from '../../../src/model/simulate.ts';
import { chainHourlyShading, hourlyUse, stringGroups } from '../../../src/server/electrical/project-simulation.ts';
import { alignedModuleShading } from '../../../src/server/electrical/project-simulation-job.ts';
import { moduleShading, type HourlyModuleShading } from '../../../src/server/electrical/shade-factors.ts';

const H = 3_600_000;
const layout = { arrays: [{ id: 'a1', tilt: 20, azimuth: 180, centers: new Array(4 * 3).fill(0) }] } as never;
const wired = (id: string, refs: string[]) => ({ id, number: 1, moduleRefs: refs, inverterId: 'inv-1', mppt: 0, combinerId: null });
const config = { strings: [wired('s1', ['a1#3', 'a1#2']), wired('s2', ['a1#1', 'a1#0'])] } as unknown as InverterConfigDocument;
const versions = { layoutVersion: 1, buildingVersion: 1 };

/** A stored shade document of the 4-module layout, with `extra` fields. */
function stored(extra: Record<string, unknown> = {}) {
  return {
    version: 5,
    data: { kind: 'shade', version: 1, ...versions, year: 2025, stepMinutes: 60, samples: { x: 2, y: 2 }, arrays: [{ arrayId: 'a1', beam: [0.1, 0, 0, 0.2], diffuse: [0, 0, 0, 0] }], finishedAt: '2025-01-01T00:00:00Z', ...extra },
  };
}
const hourlyOf = (records: Uint8Array[]) => ({ encoding: SHADE_HOURLY.encoding, year: 2025, stepMinutes: 60, timezone: 8, steps: 8760, chunks: packHourly(records)!.chunks });
const NONE = Uint8Array.of(0);

describe('hourly shading on the server', () => {
  it('decodes the record of a current analysis by module reference', () => {
    // a1#0 shaded at steps 8 and 9 (half, full); a1#3 at step 4000 (a quarter).
    const f0 = new Float64Array(8760);
    f0[8] = 0.5;
    f0[9] = 1;
    const f3 = new Float64Array(8760);
    f3[4000] = 0.25;
    const s = moduleShading(stored({ hourly: hourlyOf([encodeModuleHourly(f0), NONE, NONE, encodeModuleHourly(f3)]) }), layout, versions)!;
    expect(s.hourlyMissing).toBeNull();
    expect([...s.hourly!.records.keys()]).toEqual(['a1#0', 'a1#3']);
    expect(Array.from(s.hourly!.records.get('a1#0')!.steps)).toEqual([8, 9]);
    expect(Array.from(s.hourly!.records.get('a1#0')!.levels)).toEqual([120, 240]);
    expect(hourlyUse(s, config, layout, 8760)).toEqual({ hourly: s.hourly, notices: [] });

    // The chain's keys follow buildProjectSimulation's numbering: groups in order, each group's strings'
    // modules one after another. One group (no diffuse differences): s1 = a1#3, a1#2 → 0#0, 0#1;
    // s2 = a1#1, a1#0 → 0#2, 0#3.
    const groups = stringGroups(config, layout, s, 10, 'diffuse')!;
    expect(groups).toHaveLength(1);
    const flat = chainHourlyShading(groups, s.hourly!);
    expect(flat.keys).toEqual(['0#0', '0#3']);
    expect(Array.from(flat.offsets)).toEqual([0, 1, 3]);
    expect(Array.from(flat.steps)).toEqual([4000, 8, 9]);

    // On a PVGIS-like year in UTC (its step i is Beijing hour i + 8): analysis steps 8, 9 → weather 0, 1.
    const times = Float64Array.from({ length: 8760 }, (_, i) => Date.UTC(2019, 0, 1) + i * H);
    expect(alignedModuleShading({ times, intervalMinutes: 60 }, flat)).toEqual({ '0#0': { steps: [3992], beam: [0.25] }, '0#3': { steps: [0, 1], beam: [0.5, 1] } });
  });

  it('falls back to annual means, saying why: none kept, left out for size, unreadable, too many module-steps', () => {
    const code = (extra: Record<string, unknown>) => hourlyUse(moduleShading(stored(extra), layout, versions), config, layout, 8760);
    expect(code({})).toEqual({ hourly: null, notices: [{ code: 'shadingAnnualAverage', params: {} }] });
    expect(code({ hourlyOmitted: 'size' })).toEqual({ hourly: null, notices: [{ code: 'shadingHourlyTooLarge', params: {} }] });
    // Three records for the layout's four modules.
    const broken = moduleShading(stored({ hourly: hourlyOf([NONE, NONE, NONE]) }), layout, versions)!;
    expect(broken.hourlyMissing).toBe('unreadable');
    expect(hourlyUse(broken, config, layout, 8760).notices).toEqual([{ code: 'shadingAnnualAverage', params: {} }]);
    // No current analysis: no notice (the basis says 'none').
    expect(hourlyUse(null, config, layout, 8760)).toEqual({ hourly: null, notices: [] });
    // 4 modules shaded at every hour of the year on a weather year of 1-minute steps: each analysis hour
    // takes 60 weather steps, 4 · 8760 · 60 = 2,102,400 — within the bound; 20 modules would be
    // 10,512,000, over SIMULATE_ELECTRICAL_LIMITS.shadedModuleSteps (10,000,000).
    const year = { steps: Int32Array.from({ length: 8760 }, (_, i) => i), levels: new Uint8Array(8760).fill(240) };
    const all = (n: number): HourlyModuleShading => ({ time: { year: 2025, stepMinutes: 60, timezone: 8, steps: 8760 }, records: new Map(Array.from({ length: n }, (_, i) => [`a1#${i}`, year])) });
    const shading = { version: 1, beam: new Map(), diffuse: new Map() };
    expect(hourlyUse({ ...shading, hourly: all(4) }, config, layout, 8760 * 60).notices).toEqual([]);
    const big = { arrays: [{ id: 'a1', tilt: 20, azimuth: 180, centers: new Array(20 * 3).fill(0) }] } as never;
    const bigConfig = { strings: [wired('s1', Array.from({ length: 20 }, (_, i) => `a1#${i}`))] } as unknown as InverterConfigDocument;
    expect(hourlyUse({ ...shading, hourly: all(20) }, bigConfig, big, 8760 * 60)).toEqual({
      hourly: null,
      notices: [{ code: 'shadingHourlyTooMany', params: { steps: 10_512_000, limit: SIMULATE_ELECTRICAL_LIMITS.shadedModuleSteps } }],
    });
  });
});
