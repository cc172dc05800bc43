// Keyboard shortcuts (issue 7 deliverable 2): the lookup from a key event to an editor command.
import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutFor, TOOL_KEYS } from '../../../../../src/web/editor/keys.ts';
import { TOOL_NAMES } from '../../../../../src/web/editor/tools/registry.ts';

describe('shortcutFor', () => {
  it('undo is Ctrl/Cmd+Z; redo is Ctrl/Cmd+Shift+Z or Ctrl+Y', () => {
    expect(shortcutFor({ key: 'z', ctrlKey: true })).toEqual({ type: 'history.undo' });
    expect(shortcutFor({ key: 'z', metaKey: true })).toEqual({ type: 'history.undo' });
    expect(shortcutFor({ key: 'Z', ctrlKey: true, shiftKey: true })).toEqual({ type: 'history.redo' });
    expect(shortcutFor({ key: 'Z', metaKey: true, shiftKey: true })).toEqual({ type: 'history.redo' });
    expect(shortcutFor({ key: 'y', ctrlKey: true })).toEqual({ type: 'history.redo' });
    expect(shortcutFor({ key: 'z', ctrlKey: true, altKey: true })).toBeNull();
    expect(shortcutFor({ key: 'c', ctrlKey: true })).toBeNull();
  });

  it('Delete and Backspace delete, Escape cancels, Enter finishes', () => {
    expect(shortcutFor({ key: 'Delete' })).toEqual({ type: 'key.delete' });
    expect(shortcutFor({ key: 'Backspace' })).toEqual({ type: 'key.delete' });
    expect(shortcutFor({ key: 'Escape' })).toEqual({ type: 'key.escape' });
    expect(shortcutFor({ key: 'Enter' })).toEqual({ type: 'key.enter' });
  });

  it('letters choose tools (either case), never with Ctrl, Cmd or Alt', () => {
    expect(shortcutFor({ key: 'b' })).toEqual({ type: 'tool.set', tool: 'outline' });
    expect(shortcutFor({ key: 'L' })).toEqual({ type: 'tool.set', tool: 'roofLine' });
    expect(shortcutFor({ key: 'm' })).toEqual({ type: 'tool.set', tool: 'module' });
    expect(shortcutFor({ key: 'b', altKey: true })).toBeNull();
    expect(shortcutFor({ key: 'q' })).toBeNull();
    expect(shortcutFor({ key: 'Home' })).toBeNull();
  });

  it('arrow keys nudge the selection north, south, east, west: 0.1 m, with Shift 1 m', () => {
    expect(shortcutFor({ key: 'ArrowUp' })).toEqual({ type: 'key.nudge', dx: 0, dy: 0.1 });
    expect(shortcutFor({ key: 'ArrowDown' })).toEqual({ type: 'key.nudge', dx: 0, dy: -0.1 });
    expect(shortcutFor({ key: 'ArrowLeft', shiftKey: true })).toEqual({ type: 'key.nudge', dx: -1, dy: 0 });
    expect(shortcutFor({ key: 'ArrowRight' })).toEqual({ type: 'key.nudge', dx: 0.1, dy: 0 });
    expect(shortcutFor({ key: 'ArrowRight', ctrlKey: true })).toBeNull();
  });

  it('every tool has exactly one letter, and the help list names every shortcut', () => {
    expect(Object.values(TOOL_KEYS).sort()).toEqual([...TOOL_NAMES].sort());
    for (const s of SHORTCUTS) {
      const first = s.keys.split(',')[0];
      if (first.length === 1) expect(shortcutFor({ key: first })).toEqual(s.command);
    }
  });
});
