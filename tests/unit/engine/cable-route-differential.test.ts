// The cableRoute kernel against its TypeScript reference on random inputs (fast-check, fixed seed):
// strings with any number of modules and any row azimuth (also exact multiples of 90°), targets,
// partial assignments, runs. The wasm kernel (build/engine.debug.wasm) and
// src/engine/reference/cable-route.ts must return identical arrays; and every route's length is the
// Manhattan length of its path in its frame, its path starting at one of the string's terminals.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeCableRoute, planCableRoute, rowAxis } from '../../../src/engine/cable-route-codec.ts';
import { cableRouteRef } from '../../../src/engine/reference/cable-route.ts';
import { loadEngineNode, type WasmEngine } from '../../../src/engine/wasm.ts';
import { cableRouteInputSchema, type CableRouteInput } from '../../../src/model/stringing.ts';

let engine: WasmEngine;
beforeAll(async () => {
  engine = await loadEngineNode('debug');
});

const num = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const xy = fc.tuple(num(-500, 500), num(-500, 500));

const routeInput: fc.Arbitrary<CableRouteInput> = fc
  .record({
    strings: fc.array(fc.record({ positions: fc.array(xy, { minLength: 1, maxLength: 6 }), azimuth: fc.option(fc.oneof(num(0, 360), fc.constantFrom(0, 90, 180, 270, 360))) }), { maxLength: 30 }),
    targets: fc.array(xy, { minLength: 1, maxLength: 8 }),
    assign: fc.array(fc.option(fc.nat()), { maxLength: 30 }),
    azimuth: fc.oneof(num(0, 360), fc.constantFrom(0, 90, 180, 270)),
    runs: fc.array(fc.tuple(xy, xy), { maxLength: 6 }),
  })
  .map(({ strings, targets, assign, azimuth, runs }) => {
    const assignment: Record<string, string> = {};
    strings.forEach((_, i) => {
      const a = assign[i];
      if (a !== undefined && a !== null) assignment[`s${i}`] = `t${a % targets.length}`;
    });
    return {
      strings: strings.map((s, i) => ({ id: `s${i}`, modulePositions: s.positions, ...(s.azimuth === null ? {} : { rowAzimuth: s.azimuth }) })),
      targets: targets.map((position, i) => ({ id: `t${i}`, position })),
      assignment,
      rowAzimuth: azimuth,
      runs: runs.map(([from, to], i) => ({ id: `r${i}`, from, to })),
    };
  });

describe('cableRoute: wasm kernel = TypeScript reference', () => {
  it('random strings, azimuths, targets, assignments and runs', () => {
    fc.assert(
      fc.property(routeInput, (input) => {
        const parsed = cableRouteInputSchema.parse(input);
        const p = planCableRoute(parsed);
        const a = engine.run('cableRoute', p.f64, p.i32);
        const b = cableRouteRef(p.f64, p.i32);
        expect(Array.from(a.i32)).toEqual(Array.from(b.i32));
        expect(Array.from(a.f64)).toEqual(Array.from(b.f64));
        const out = decodeCableRoute(p, a);
        out.strings.forEach((s, i) => {
          const str = parsed.strings[i];
          const ends = [str.modulePositions[0], str.modulePositions[str.modulePositions.length - 1]];
          expect(ends).toContainEqual(s.path[0]);
          const [ax, ay] = rowAxis(str.rowAzimuth ?? parsed.rowAzimuth);
          let len = 0;
          for (let k = 1; k < s.path.length; k++) {
            const dx = s.path[k][0] - s.path[k - 1][0];
            const dy = s.path[k][1] - s.path[k - 1][1];
            len += Math.abs(dx * ax + dy * ay) + Math.abs(dy * ax - dx * ay);
          }
          expect(len).toBeCloseTo(s.length, 6);
          if (parsed.assignment[str.id] !== undefined) expect(s.targetId).toBe(parsed.assignment[str.id]);
        });
        out.runs.forEach((r, i) => expect(r.length).toBeCloseTo(Math.abs(parsed.runs[i].to[0] - parsed.runs[i].from[0]) + Math.abs(parsed.runs[i].to[1] - parsed.runs[i].from[1]), 9));
      }),
      { numRuns: 300, seed: 424242 },
    );
  });
});
