import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createHistory,
  currentSnapshot,
  goTo,
  pushSnapshot,
  redo,
  redoOptions,
  snapshotCount,
  undo,
  undoOptions,
} from '../../../src/model/history.ts';
import { HISTORY } from '../../../src/model/constants.ts';

function historyOf(n: number) {
  let h = createHistory(0);
  for (let i = 1; i < n; i++) h = pushSnapshot(h, i);
  return h;
}

describe('scene history (spec 000 §3, §9)', () => {
  it('uses the spec constants: prune beyond 30 to the last 20, undo/redo lists of at most 20', () => {
    expect(HISTORY).toEqual({ pruneAbove: 30, keepLast: 20, maxUndoRedo: 20 });
  });

  it('keeps up to 30 snapshots without pruning', () => {
    const h = historyOf(30);
    expect(snapshotCount(h)).toBe(30);
    expect(h.first).toBe(0);
    expect(currentSnapshot(h)).toBe(29);
  });

  it('drops snapshots older than the last 20 when a 31st is recorded', () => {
    const h = historyOf(31);
    expect(snapshotCount(h)).toBe(20);
    expect(h.first).toBe(11);
    expect(h.last).toBe(30);
    expect(h.snapshots[10]).toBeUndefined();
    expect(h.snapshots[11]).toBe(11);
  });

  it('undo and redo walk the kept snapshots and stop at their ends', () => {
    let h = historyOf(5);
    expect(canRedo(h)).toBe(false);
    h = undo(h, 2);
    expect(currentSnapshot(h)).toBe(2);
    expect(canRedo(h)).toBe(true);
    h = undo(h, 10);
    expect(currentSnapshot(h)).toBe(0);
    expect(canUndo(h)).toBe(false);
    h = redo(h, 3);
    expect(currentSnapshot(h)).toBe(3);
  });

  it('a new snapshot after an undo discards what could have been redone', () => {
    let h = undo(historyOf(5), 2);
    h = pushSnapshot(h, 99);
    expect(currentSnapshot(h)).toBe(99);
    expect(h.last).toBe(3);
    expect(canRedo(h)).toBe(false);
  });

  it('lists at most 20 undo and redo options, nearest first', () => {
    let h = historyOf(30);
    expect(undoOptions(h)).toHaveLength(20);
    expect(undoOptions(h)[0]).toBe(28);
    h = undo(h, 25);
    expect(redoOptions(h)).toHaveLength(20);
    expect(redoOptions(h)[0]).toBe(5);
    expect(undoOptions(h)).toEqual([3, 2, 1, 0]);
  });

  it('jumps only to kept snapshots', () => {
    const h = historyOf(31);
    expect(currentSnapshot(goTo(h, 15))).toBe(15);
    expect(() => goTo(h, 3)).toThrow(/not kept/);
  });

  it('never mutates the history it was given', () => {
    const h = historyOf(3);
    const copy = JSON.stringify(h);
    pushSnapshot(h, 7);
    undo(h);
    expect(JSON.stringify(h)).toBe(copy);
  });
});
