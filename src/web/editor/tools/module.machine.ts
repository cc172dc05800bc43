// The module tool of the PV layout step (issue 7 deliverable 3 "manual add/remove/move of modules"):
// a press on empty roof adds a module to the array of the face under it (document/layout.ts arrayAt,
// addModule: refused when it would overlap or leave the face — the overlay hint says so); a press on
// a module selects it (Shift adds it to / removes it from the selection); dragging moves the
// selected modules — live as a preview, committed as ONE change on release (moveModules: all or
// nothing, each module to the face height at its new centre); Delete removes them; Esc clears the
// selection (or cancels a drag); the arrow keys move the selection (keys.ts NUDGE_M), refused as a
// whole like a drag. Uses only hitModule, addModule, arrayAt and the shared module-edit.ts changes.
//
//   idle ──down on a module──▶ pointing ──move > 3 px──▶ dragging ──up──▶ idle [layout.change]
//   idle ──down on empty roof──▶ idle [layout.change: add]      idle ──Delete──▶ idle [layout.change]
//   idle ──arrow key──▶ idle [layout.change: move]
import { assign, enqueueActions, setup } from 'xstate';
import { addModule, arrayAt } from '../document/layout.ts';
import type { EditorOverlay, ModuleRef } from '../contracts.ts';
import { beyondThreshold, clearSelectionEvents, nudgeSelected, removeSelectedEvents, dragChange, isPointer, MODULE_REFUSED_HINT, moveRefused, onModule, pressOnModule, selectedModules, type ModuleToolInput } from './module-edit.ts';
import { EMPTY_OVERLAY } from './overlay.ts';
import { HINTS, LABELS, type ToolEmitted, type ToolEvent } from './types.ts';

export { MODULE_REFUSED_HINT, type ModuleToolInput };

export interface ModuleContext {
  readonly input: ModuleToolInput;
  /** The modules a drag moves and where the press was [m]. */
  readonly grabbed: readonly ModuleRef[];
  readonly press: readonly [number, number] | null;
  readonly overlay: EditorOverlay;
}


const selectedRefs = (ctx: ModuleContext): readonly ModuleRef[] => selectedModules(ctx.input);


export const moduleMachine = setup({
  types: {
    context: {} as ModuleContext,
    events: {} as ToolEvent,
    input: {} as ModuleToolInput,
    emitted: {} as ToolEmitted,
  },
  guards: {
    onModule: ({ context, event }) => onModule(context, event),
    beyondThreshold: ({ context, event }) => beyondThreshold(context, event),
    hasModules: ({ context }) => selectedRefs(context).length > 0,
  },
  actions: {
    pick: enqueueActions(({ context, event, enqueue }) => {
      const pressed = pressOnModule(context, event);
      if (!pressed) return;
      if (pressed.selection !== undefined) enqueue.emit({ type: 'selection.change', selection: pressed.selection });
      enqueue.assign(pressed.grab);
    }),
    add: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event)) return;
      const layout = context.input.getLayout();
      const faces = context.input.getFaces();
      const arrayId = arrayAt(layout, event.x, event.y, faces);
      if (selectedRefs(context).length > 0 && !event.shift) enqueue.emit({ type: 'selection.change', selection: null });
      if (arrayId === null) {
        enqueue.assign({ overlay: { ...EMPTY_OVERLAY, hint: HINTS.noRoofFace } });
        return;
      }
      const center: [number, number, number] = [event.x, event.y, context.input.zAt(arrayId, event.x, event.y)];
      if (addModule(layout, arrayId, center, faces) === layout) {
        enqueue.assign({ overlay: { ...EMPTY_OVERLAY, hint: MODULE_REFUSED_HINT } });
        return;
      }
      enqueue.emit({ type: 'layout.change', label: LABELS.addModule, apply: (doc) => addModule(doc, arrayId, center, faces) });
      enqueue.assign({ overlay: EMPTY_OVERLAY });
    }),
    previewMove: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event) || !context.press) return;
      const c = dragChange(context, event, true);
      if (c) enqueue.emit(c);
      const refused = c !== null && moveRefused(context.input, context.grabbed, event.x - context.press[0], event.y - context.press[1]);
      enqueue.assign({
        overlay: { ...EMPTY_OVERLAY, segments: [context.press[0], context.press[1], event.x, event.y], hint: refused ? MODULE_REFUSED_HINT : null },
      });
    }),
    commitMove: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event)) return;
      const c = dragChange(context, event, false);
      if (c) enqueue.emit(c);
      enqueue.assign({ grabbed: [], press: null, overlay: EMPTY_OVERLAY });
    }),
    cancelMove: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'preview.cancel' });
      enqueue.assign({ grabbed: [], press: null, overlay: EMPTY_OVERLAY });
    }),
    release: assign({ grabbed: [], press: null }),
    removeSelected: enqueueActions(({ context, enqueue }) => {
      for (const e of removeSelectedEvents(context.input)) enqueue.emit(e);
    }),
    nudge: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'key.nudge') return;
      const n = nudgeSelected(context.input, event.dx, event.dy);
      if (n.emit) enqueue.emit(n.emit);
      enqueue.assign({ overlay: n.overlay });
    }),
    clearSelection: enqueueActions(({ context, enqueue }) => {
      for (const e of clearSelectionEvents(context.input)) enqueue.emit(e);
      enqueue.assign({ overlay: EMPTY_OVERLAY });
    }),
  },
}).createMachine({
  id: 'module',
  context: ({ input }) => ({ input, grabbed: [], press: null, overlay: EMPTY_OVERLAY }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pointer.down': [{ guard: 'onModule', target: 'pointing', actions: 'pick' }, { actions: 'add' }],
        'key.delete': { guard: 'hasModules', actions: 'removeSelected' },
        'key.nudge': { guard: 'hasModules', actions: 'nudge' },
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
