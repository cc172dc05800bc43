// The editor's keyboard shortcuts as data (issue 7 deliverable 2 "with keyboard shortcuts") and the
// pure lookup from a key event to an editor command. The page calls `shortcutFor(event)` on keydown
// (skipping events whose target is a text field) and hands the command to `editor.command(…)`.
//
//   Ctrl/Cmd+Z            undo                 Ctrl/Cmd+Shift+Z, Ctrl+Y   redo
//   Delete, Backspace     delete the selection Escape   cancel the gesture / clear the selection
//   Enter                 finish the shape being drawn
//   Arrow keys            move the selected modules 0.1 m (with Shift 1 m), staying on their face
//   V select · B building outline · L roof line · H point height · R box · C cylinder · P polygon
//   W parapet (wall) · T tree · M modules      (letters without Ctrl, Cmd or Alt, either case)
import type { ToolName } from './tools/registry.ts';

export type EditorCommand =
  | { readonly type: 'history.undo' }
  | { readonly type: 'history.redo' }
  | { readonly type: 'tool.set'; readonly tool: ToolName }
  | { readonly type: 'key.delete' }
  | { readonly type: 'key.escape' }
  | { readonly type: 'key.enter' }
  | { readonly type: 'key.nudge'; readonly dx: number; readonly dy: number };

/** How far an arrow key moves the selection [m]: a step, and a long step with Shift. */
export const NUDGE_M = { step: 0.1, shift: 1 } as const;

/** Plan directions of the arrow keys (x east, y north: up the screen is north). */
const ARROWS: Readonly<Record<string, readonly [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

/** The parts of a KeyboardEvent the lookup reads. */
export interface KeyLike {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
}

export interface Shortcut {
  /** The keys as shown to users. */
  readonly keys: string;
  readonly command: EditorCommand;
  /** i18n key of what it does. */
  readonly description: string;
}

/** Letters that choose a tool. */
export const TOOL_KEYS: Readonly<Record<string, ToolName>> = {
  v: 'select',
  b: 'outline',
  l: 'roofLine',
  h: 'pointHeight',
  r: 'box',
  c: 'cylinder',
  p: 'polygon',
  w: 'parapet',
  t: 'tree',
  m: 'module',
};

/** Every shortcut, for the help panel. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'Ctrl/Cmd+Z', command: { type: 'history.undo' }, description: 'editor.keys.undo' },
  { keys: 'Ctrl/Cmd+Shift+Z', command: { type: 'history.redo' }, description: 'editor.keys.redo' },
  { keys: 'Ctrl+Y', command: { type: 'history.redo' }, description: 'editor.keys.redo' },
  { keys: 'Delete', command: { type: 'key.delete' }, description: 'editor.keys.delete' },
  { keys: 'Backspace', command: { type: 'key.delete' }, description: 'editor.keys.delete' },
  { keys: 'Escape', command: { type: 'key.escape' }, description: 'editor.keys.escape' },
  { keys: 'Enter', command: { type: 'key.enter' }, description: 'editor.keys.enter' },
  { keys: '← ↑ → ↓', command: { type: 'key.nudge', dx: 0, dy: NUDGE_M.step }, description: 'editor.keys.nudge' },
  ...Object.entries(TOOL_KEYS).map(([k, tool]) => ({ keys: k.toUpperCase(), command: { type: 'tool.set', tool } as const, description: `editor.tool.${tool}` })),
];

/** The editor command a key press stands for, or null. */
export function shortcutFor(e: KeyLike): EditorCommand | null {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const mod = e.ctrlKey === true || e.metaKey === true;
  if (mod && e.altKey !== true) {
    if (key === 'z') return e.shiftKey ? { type: 'history.redo' } : { type: 'history.undo' };
    if (key === 'y' && e.ctrlKey === true && e.shiftKey !== true) return { type: 'history.redo' };
    return null;
  }
  if (mod || e.altKey === true) return null;
  switch (key) {
    case 'Delete':
    case 'Backspace':
      return { type: 'key.delete' };
    case 'Escape':
      return { type: 'key.escape' };
    case 'Enter':
      return { type: 'key.enter' };
  }
  const arrow = ARROWS[key];
  if (arrow) {
    const d = e.shiftKey === true ? NUDGE_M.shift : NUDGE_M.step;
    return { type: 'key.nudge', dx: arrow[0] * d, dy: arrow[1] * d };
  }
  const tool = key.length === 1 ? TOOL_KEYS[key] : undefined;
  return tool === undefined ? null : { type: 'tool.set', tool };
}
