// Scene history (spec 000 §3, §9): snapshots keyed by index. When more than 30 snapshots exist, those
// older than the last 20 steps are dropped; the undo/redo option lists hold at most 20 entries.
// Pure and immutable: every operation returns the next history, so the editor's undo/redo is free.
import { HISTORY } from './constants.ts';

export interface SceneHistory<T> {
  /** Snapshots by index; indices run from `first` to `last` without holes. */
  readonly snapshots: Readonly<Record<number, T>>;
  readonly first: number;
  readonly last: number;
  /** Index of the snapshot the scene currently shows. */
  readonly current: number;
}

/** A history holding one initial snapshot at index 0. */
export function createHistory<T>(initial: T): SceneHistory<T> {
  return { snapshots: { 0: initial }, first: 0, last: 0, current: 0 };
}

export function snapshotCount(h: SceneHistory<unknown>): number {
  return h.last - h.first + 1;
}

/** Records a new snapshot after the current one; anything that could have been redone is dropped. */
export function pushSnapshot<T>(h: SceneHistory<T>, snapshot: T): SceneHistory<T> {
  const index = h.current + 1;
  let first = h.first;
  if (index - first + 1 > HISTORY.pruneAbove) first = index - HISTORY.keepLast + 1;
  const snapshots: Record<number, T> = {};
  for (let i = first; i < index; i++) snapshots[i] = h.snapshots[i];
  snapshots[index] = snapshot;
  return { snapshots, first, last: index, current: index };
}

export function canUndo(h: SceneHistory<unknown>): boolean {
  return h.current > h.first;
}

export function canRedo(h: SceneHistory<unknown>): boolean {
  return h.current < h.last;
}

/** Moves `steps` back (clamped to what is kept). */
export function undo<T>(h: SceneHistory<T>, steps = 1): SceneHistory<T> {
  return { ...h, current: Math.max(h.first, h.current - steps) };
}

/** Moves `steps` forward (clamped to what exists). */
export function redo<T>(h: SceneHistory<T>, steps = 1): SceneHistory<T> {
  return { ...h, current: Math.min(h.last, h.current + steps) };
}

export function currentSnapshot<T>(h: SceneHistory<T>): T {
  return h.snapshots[h.current];
}

/** Indices the user can go back to, most recent first, at most 20. */
export function undoOptions(h: SceneHistory<unknown>): number[] {
  const out: number[] = [];
  for (let i = h.current - 1; i >= h.first && out.length < HISTORY.maxUndoRedo; i--) out.push(i);
  return out;
}

/** Indices the user can go forward to, nearest first, at most 20. */
export function redoOptions(h: SceneHistory<unknown>): number[] {
  const out: number[] = [];
  for (let i = h.current + 1; i <= h.last && out.length < HISTORY.maxUndoRedo; i++) out.push(i);
  return out;
}

/** Jumps to a kept snapshot index (from the undo/redo option lists). */
export function goTo<T>(h: SceneHistory<T>, index: number): SceneHistory<T> {
  if (!Number.isInteger(index) || index < h.first || index > h.last) {
    throw new RangeError(`snapshot ${index} is not kept (kept: ${h.first}–${h.last})`);
  }
  return { ...h, current: index };
}
