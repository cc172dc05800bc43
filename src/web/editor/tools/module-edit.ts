// What the two module tools of the PV layout step share (module.machine.ts adds and edits modules,
// moduleSelect.machine.ts selects and edits them): reading the module selection, picking with Shift,
// and the layout changes a move, a nudge or a removal emits. Pure: each helper reads the tool input
// and returns values or events; the machines emit them.
import type { LayoutDocument } from '../../../model/design.ts';
import type { EditorOverlay, ModuleRef, Selection } from '../contracts.ts';
import { checkMove, hitModule, moveModules, removeModules, type FacePlan } from '../document/layout.ts';
import { EMPTY_OVERLAY } from './overlay.ts';
import { DRAG_THRESHOLD_PX, LABELS, type ToolEmitted, type ToolEvent, type ToolInput } from './types.ts';

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

/** The pointer events of a module tool. */
export type Pointer = Extract<ToolEvent, { type: 'pointer.down' | 'pointer.move' | 'pointer.up' }>;
export const isPointer = (e: ToolEvent): e is Pointer => e.type === 'pointer.down' || e.type === 'pointer.move' || e.type === 'pointer.up';

/** What both module tools keep of a press: the modules grabbed and where the press was [m]. */
export interface ModuleGrab {
  readonly input: ModuleToolInput;
  readonly grabbed: readonly ModuleRef[];
  readonly press: readonly [number, number] | null;
}

/** The pointer is on a module. */
export function onModule(ctx: ModuleGrab, e: ToolEvent): boolean {
  return isPointer(e) && hitModule(ctx.input.getLayout(), e.x, e.y) !== null;
}

/** The pointer has moved past the drag threshold since the press. */
export function beyondThreshold(ctx: ModuleGrab, e: ToolEvent): boolean {
  return isPointer(e) && !!ctx.press && Math.hypot(e.x - ctx.press[0], e.y - ctx.press[1]) > DRAG_THRESHOLD_PX * e.mPerPx;
}

/**
 * A press on a module: the new selection (with Shift: the module added or taken out; undefined when
 * unchanged) and what the tool keeps — a Shift press that took the module out drags nothing.
 */
export function pressOnModule(ctx: ModuleGrab, e: ToolEvent): { selection?: Selection | null; grab: Pick<ModuleGrab, 'grabbed' | 'press'> & { overlay: EditorOverlay } } | null {
  if (!isPointer(e)) return null;
  const hit = hitModule(ctx.input.getLayout(), e.x, e.y);
  if (!hit) return null;
  const cur = selectedModules(ctx.input);
  const refs = pickModule(cur, hit, e.shift === true);
  return {
    ...(refs !== cur ? { selection: modulesSelection(refs) } : {}),
    grab: { grabbed: refs.some((r) => sameRef(r, hit)) ? refs : [], press: [e.x, e.y], overlay: EMPTY_OVERLAY },
  };
}

/** The move of the grabbed modules by the drag so far (a preview while dragging). */
export function dragChange(ctx: ModuleGrab, e: Pointer, preview: boolean): ToolEmitted | null {
  const p = ctx.press;
  return p ? moveChange(ctx.input, ctx.grabbed, e.x - p[0], e.y - p[1], preview) : null;
}

/** Delete: the removal of the selected modules and the cleared selection (indices shift down after a removal, so the old refs would name other modules); nothing without a selection. */
export function removeSelectedEvents(input: ToolInput): ToolEmitted[] {
  const refs = selectedModules(input);
  return refs.length === 0 ? [] : [removeChange(refs), { type: 'selection.change', selection: null }];
}

/** An arrow-key nudge of the selected modules: the move, or the refusal hint when it would leave a face or overlap. */
export function nudgeSelected(input: ModuleToolInput, dx: number, dy: number): { emit: ToolEmitted | null; overlay: EditorOverlay } {
  const refs = selectedModules(input);
  if (moveRefused(input, refs, dx, dy)) return { emit: null, overlay: { ...EMPTY_OVERLAY, hint: MODULE_REFUSED_HINT } };
  return { emit: moveChange(input, refs, dx, dy, false), overlay: EMPTY_OVERLAY };
}

/** Escape: the cleared selection, when there is one. */
export function clearSelectionEvents(input: ToolInput): ToolEmitted[] {
  return selectedModules(input).length > 0 ? [{ type: 'selection.change', selection: null }] : [];
}
