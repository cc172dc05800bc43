// What the two module tools of the PV layout step share (module.machine.ts adds and edits modules,
// moduleSelect.machine.ts selects and edits them): reading the module selection, picking with Shift,
// and the layout changes a move, a nudge or a removal emits. Pure: each helper reads the tool input
// and returns values or events; the machines emit them.
import type { LayoutDocument } from '../../../model/design.ts';
import type { ModuleRef, Selection } from '../contracts.ts';
import { checkMove, moveModules, removeModules, type FacePlan } from '../document/layout.ts';
import { LABELS, type ToolEmitted, type ToolInput } from './types.ts';

/** What a module tool reads besides the building: the layout, the faces and their heights. */
export interface ModuleToolInput extends ToolInput {
  readonly getLayout: () => LayoutDocument;
  /** The roof faces now (the roof outputs as FacePlans); modules stay on their array's face. */
  readonly getFaces: () => readonly FacePlan[];
  /** Height of the array's face (plus its racks' lift) at plan (x, y) [m]; NaN: unknown. */
  readonly zAt: (arrayId: string, x: number, y: number) => number;
}

/** Hint shown when an add or a move is refused (overlap, off the face). */
export const MODULE_REFUSED_HINT = 'editor.hint.moduleRefused';

export type LayoutChange = Extract<ToolEmitted, { type: 'layout.change' }>;

export const sameRef = (a: ModuleRef, b: ModuleRef): boolean => a.arrayId === b.arrayId && a.index === b.index;

/** The selected modules (none when the selection is something else). */
export function selectedModules(input: ToolInput): readonly ModuleRef[] {
  const s: Selection | null = input.getSelection?.() ?? null;
  return s?.kind === 'modules' ? s.refs : [];
}

/** The selection of `refs` (null when empty), for a selection.change. */
export function modulesSelection(refs: readonly ModuleRef[]): Selection | null {
  return refs.length > 0 ? { kind: 'modules', refs } : null;
}

/**
 * The selection after a press on module `hit`: Shift toggles it in the selection; a plain press
 * selects it alone unless it is already selected (then the selection stays, to be dragged).
 */
export function pickModule(current: readonly ModuleRef[], hit: ModuleRef, shift: boolean): readonly ModuleRef[] {
  const has = current.some((r) => sameRef(r, hit));
  if (shift) return has ? current.filter((r) => !sameRef(r, hit)) : [...current, hit];
  return has ? current : [hit];
}

/** `a` with the refs of `b` it lacks added (a Shift box adds to the selection). */
export function unionRefs(a: readonly ModuleRef[], b: readonly ModuleRef[]): readonly ModuleRef[] {
  const extra = b.filter((r) => !a.some((q) => sameRef(q, r)));
  return extra.length === 0 ? a : [...a, ...extra];
}

/** The change moving `refs` by (dx, dy) [m] on their faces (all or nothing), or null with none. */
export function moveChange(input: ModuleToolInput, refs: readonly ModuleRef[], dx: number, dy: number, preview: boolean): LayoutChange | null {
  if (refs.length === 0) return null;
  const { zAt } = input;
  const faces = input.getFaces();
  return { type: 'layout.change', label: LABELS.moveModules, preview, apply: (doc) => moveModules(doc, refs, dx, dy, zAt, faces) };
}

/** Whether moving `refs` by (dx, dy) would be refused (overlap, off the face, unknown height). */
export function moveRefused(input: ModuleToolInput, refs: readonly ModuleRef[], dx: number, dy: number): boolean {
  return checkMove(input.getLayout(), refs, dx, dy, input.zAt, input.getFaces()) !== null;
}

/** The change removing `refs`: after it, the refs would name other modules (indices shift down). */
export function removeChange(refs: readonly ModuleRef[]): LayoutChange {
  return { type: 'layout.change', label: LABELS.removeModules, apply: (doc) => removeModules(doc, refs) };
}
