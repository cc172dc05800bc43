// Combiner boxes and string fuses (docs/ELECTRICAL.md "Inverter sizing").
import { describe, expect, it } from 'vitest';
import { FUSE_RATINGS, combinerBoxes, spreadEvenly, stringFuse } from '../../../src/electrical/combiners.ts';

describe('combiner boxes (HelioScope)', () => {
  it('30 strings into 12-input combiners → 3 boxes of 10', () => {
    expect(combinerBoxes(30, 12)).toEqual([10, 10, 10]);
  });

  it('spreads an uneven count: 25 strings into 12-input boxes → 3 boxes of 9, 8, 8', () => {
    expect(combinerBoxes(25, 12)).toEqual([9, 8, 8]);
    expect(combinerBoxes(12, 12)).toEqual([12]);
    expect(combinerBoxes(0, 12)).toEqual([]);
  });

  it('never puts more strings in a box than it has inputs', () => {
    for (let strings = 1; strings <= 100; strings++) {
      for (const inputs of [1, 4, 8, 12, 16, 24]) {
        const boxes = combinerBoxes(strings, inputs);
        expect(boxes.length).toBe(Math.ceil(strings / inputs));
        expect(boxes.reduce((a, b) => a + b, 0)).toBe(strings);
        expect(Math.max(...boxes)).toBeLessThanOrEqual(inputs);
        expect(Math.max(...boxes) - Math.min(...boxes)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('rejects counts that are not whole numbers', () => {
    expect(() => combinerBoxes(10, 0)).toThrow(RangeError);
    expect(() => combinerBoxes(2.5, 4)).toThrow(RangeError);
    expect(spreadEvenly(7, 3)).toEqual([3, 2, 2]);
  });
});

describe('string fuses', () => {
  it('LR5-72HPH-550M (Isc 13.98 A): 1.4 · 13.98 = 19.57 A → 20 A, needed from 3 strings in parallel', () => {
    expect(stringFuse(13.98, 2)).toEqual({ required: false, minimumA: expect.closeTo(19.572, 9), ratingA: 20 });
    expect(stringFuse(13.98, 3).required).toBe(true);
  });

  it('JKM720N-66HL5-BDV (Isc 18.67 A): 1.4 · 18.67 = 26.14 A → 32 A; above a 30 A module rating', () => {
    const fuse = stringFuse(18.67, 4, 30);
    expect(fuse.ratingA).toBe(32);
    expect(fuse.withinModuleRating).toBe(false);
    expect(stringFuse(18.67, 4, 35).withinModuleRating).toBe(true);
  });

  it('a minimum exactly on a rating takes that rating; beyond the list there is none', () => {
    expect(stringFuse(20 / 1.4, 3).ratingA).toBe(20);
    expect(stringFuse(50, 3).ratingA).toBeNull(); // 70 A > 63 A
    expect([...FUSE_RATINGS]).toEqual([...FUSE_RATINGS].sort((a, b) => a - b));
  });
});
