// The select tool (issue 7 "select/move/delete"): a press picks a point, a roof line, an obstacle or a
// building (tools/selection.ts hitTest, 10 px pick radius) and asks the editor to select it (a press
// on nothing clears the selection); dragging past 3 px moves what was picked — live as a preview,
// committed as ONE change on release (Esc during the drag cancels it); Delete removes the selection;
// Esc clears it. Modules are selected and moved by the module tool.
//
//   idle ──down on something──▶ pointing ──move > 3 px──▶ dragging ──up──▶ idle [doc.change]
//   pointing ──up──▶ idle         dragging ──Esc──▶ idle [preview.cancel]
//   idle ──Delete──▶ idle [doc.change, selection.change null]
import { assign, enqueueActions, setup } from 'xstate';
import type { EditorOverlay } from '../contracts.ts';
import { snapRadius } from '../snapping.ts';
import { EMPTY_OVERLAY } from './overlay.ts';
import { deleteSelection, hitTest, moveSelection, sameSelection, selectionExists, type BuildingSelection } from './selection.ts';
import { DRAG_THRESHOLD_PX, LABELS, type ToolEmitted, type ToolEvent, type ToolInput } from './types.ts';

export interface SelectContext {
  readonly input: ToolInput;
  /** What the press picked and where it was [m]. */
  readonly grabbed: BuildingSelection | null;
  readonly press: readonly [number, number] | null;
  readonly overlay: EditorOverlay;
}

type Pointer = Extract<ToolEvent, { type: 'pointer.down' | 'pointer.move' | 'pointer.up' }>;
const isPointer = (e: ToolEvent): e is Pointer => e.type === 'pointer.down' || e.type === 'pointer.move' || e.type === 'pointer.up';

function hitOf(ctx: SelectContext, e: Pointer): BuildingSelection | null {
  return hitTest(ctx.input.getDocument(), e.x, e.y, snapRadius(e.mPerPx));
}

/** The editor's selection when it is one of the building document's and still exists. */
function currentSelection(ctx: SelectContext): BuildingSelection | null {
  const s = ctx.input.getSelection?.() ?? null;
  if (!s || s.kind === 'modules') return null;
  return selectionExists(ctx.input.getDocument(), s) ? s : null;
}

function moveChange(ctx: SelectContext, e: Pointer, preview: boolean): ToolEmitted | null {
  const g = ctx.grabbed;
  const p = ctx.press;
  if (!g || !p) return null;
  const dx = e.x - p[0];
  const dy = e.y - p[1];
  return { type: 'doc.change', label: LABELS.move, preview, apply: (doc) => moveSelection(doc, g, dx, dy) };
}

export const selectMachine = setup({
  types: {
    context: {} as SelectContext,
    events: {} as ToolEvent,
    input: {} as ToolInput,
    emitted: {} as ToolEmitted,
  },
  guards: {
    hitsSomething: ({ context, event }) => isPointer(event) && hitOf(context, event) !== null,
    beyondThreshold: ({ context, event }) =>
      isPointer(event) && !!context.press && Math.hypot(event.x - context.press[0], event.y - context.press[1]) > DRAG_THRESHOLD_PX * event.mPerPx,
    hasSelection: ({ context }) => currentSelection(context) !== null,
  },
  actions: {
    hover: assign({
      overlay: ({ context, event }) => {
        if (!isPointer(event)) return context.overlay;
        const h = hitOf(context, event);
        if (h?.kind !== 'point') return EMPTY_OVERLAY;
        const b = context.input.getDocument().buildings.find((q) => q.id === h.buildingId);
        const p = b?.outline.find((q) => q.id === h.id) ?? b?.points.find((q) => q.id === h.id);
        return p ? { ...EMPTY_OVERLAY, snap: [p.x, p.y] } : EMPTY_OVERLAY;
      },
    }),
    grab: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event)) return;
      const h = hitOf(context, event);
      if (!h) return;
      if (!sameSelection(context.input.getSelection?.() ?? null, h)) enqueue.emit({ type: 'selection.change', selection: h });
      enqueue.assign({ grabbed: h, press: [event.x, event.y] });
    }),
    clearSelection: enqueueActions(({ context, enqueue }) => {
      if ((context.input.getSelection?.() ?? null) !== null) enqueue.emit({ type: 'selection.change', selection: null });
      enqueue.assign({ grabbed: null, press: null, overlay: EMPTY_OVERLAY });
    }),
    previewMove: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event) || !context.press) return;
      const c = moveChange(context, event, true);
      if (c) enqueue.emit(c);
      enqueue.assign({ overlay: { ...EMPTY_OVERLAY, segments: [context.press[0], context.press[1], event.x, event.y] } });
    }),
    commitMove: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event)) return;
      const c = moveChange(context, event, false);
      if (c) enqueue.emit(c);
      enqueue.assign({ grabbed: null, press: null, overlay: EMPTY_OVERLAY });
    }),
    cancelMove: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'preview.cancel' });
      enqueue.assign({ grabbed: null, press: null, overlay: EMPTY_OVERLAY });
    }),
    release: assign({ grabbed: null, press: null }),
    deleteSelected: enqueueActions(({ context, enqueue }) => {
      const s = currentSelection(context);
      if (!s) return;
      enqueue.emit({ type: 'doc.change', label: LABELS.delete, apply: (doc) => deleteSelection(doc, s) });
      enqueue.emit({ type: 'selection.change', selection: null });
    }),
  },
}).createMachine({
  id: 'select',
  context: ({ input }) => ({ input, grabbed: null, press: null, overlay: EMPTY_OVERLAY }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pointer.move': { actions: 'hover' },
        'pointer.down': [{ guard: 'hitsSomething', target: 'pointing', actions: 'grab' }, { actions: 'clearSelection' }],
        'key.delete': { guard: 'hasSelection', actions: 'deleteSelected' },
        'key.escape': { actions: 'clearSelection' },
      },
    },
    pointing: {
      on: {
        'pointer.move': { guard: 'beyondThreshold', target: 'dragging', actions: 'previewMove' },
        'pointer.up': { target: 'idle', actions: 'release' },
        'key.escape': { target: 'idle', actions: 'release' },
      },
    },
    dragging: {
      on: {
        'pointer.move': { actions: 'previewMove' },
        'pointer.up': { target: 'idle', actions: 'commitMove' },
        'key.escape': { target: 'idle', actions: 'cancelMove' },
      },
    },
  },
});
