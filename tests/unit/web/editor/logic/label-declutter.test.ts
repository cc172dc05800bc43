// The plan labels' declutter: in priority order, a label is shown only when its box is clear of every
// box shown before it (boxes that only touch do not overlap); a hidden label does not hide others; and
// the width estimate grows with the text, a CJK character wider than a Latin one.
import { describe, expect, it } from 'vitest';
import { declutter, labelWidth } from '../../../../../src/web/editor/electrical/label-declutter.ts';

const box = (x: number, y: number, w = 50, h = 19) => ({ x, y, w, h });

describe('declutter', () => {
  it('keeps the first of two overlapping labels and both of two apart', () => {
    expect(declutter([box(0, 0), box(30, 10)])).toEqual([true, false]);
    expect(declutter([box(0, 0), box(60, 0)])).toEqual([true, true]);
    // Touching edges (x 0–50 and 50–100) do not overlap.
    expect(declutter([box(0, 0), box(50, 0)])).toEqual([true, true]);
  });

  it('judges a label only against the shown ones: a hidden label hides nothing', () => {
    // B overlaps A (hidden); C overlaps B but not A: shown.
    expect(declutter([box(0, 0), box(40, 0), box(80, 0)])).toEqual([true, false, true]);
  });

  it('finds overlaps across grid cells and with negative coordinates', () => {
    expect(declutter([box(-100, -40, 300, 19), box(150, -30, 10, 10), box(-500, 300), box(-480, 305)])).toEqual([true, false, true, false]);
  });

  it('of 200 labels stacked on one point shows one; of a 20 × 10 grid spaced wider than a label shows all', () => {
    expect(declutter(Array.from({ length: 200 }, () => box(10, 10))).filter(Boolean)).toHaveLength(1);
    const grid = Array.from({ length: 200 }, (_, k) => box((k % 20) * 60, Math.floor(k / 20) * 25));
    expect(declutter(grid).every(Boolean)).toBe(true);
  });
});

describe('labelWidth', () => {
  it('grows with the text; a CJK character counts wider than a Latin one', () => {
    expect(labelWidth('S12 INV-1 · MPPT 2')).toBeGreaterThan(labelWidth('S12'));
    expect(labelWidth('并网点')).toBeGreaterThan(labelWidth('abc'));
    // 11 px text: "INV-1" is at least 5 × 5 px of glyphs plus padding.
    expect(labelWidth('INV-1')).toBeGreaterThanOrEqual(5 * 5 + 8);
  });
});
