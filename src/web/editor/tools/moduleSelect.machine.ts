// The select tool of the PV layout step (issue 18 item 2): there the building is not editable, so
// Select works on modules only. A press on a module selects it (Shift adds it to / removes it from
// the selection) and dragging moves the selected modules — live as a preview, committed as ONE
// change on release, all or nothing and each module kept on its face (module-edit.ts moveChange);
// a press on anything else starts a box: dragging past 3 px draws it, the release selects every
// module it touches (Shift adds them to the selection); a press and release without a drag clears
// the selection (not with Shift). Delete removes the selected modules, the arrow keys move them
// (keys.ts NUDGE_M), Esc clears the selection or cancels the gesture. Never a building change.
//
//   idle ──down on a module──▶ pointing ──move > 3 px──▶ dragging ──up──▶ idle [layout.change]
//   idle ──down elsewhere──▶ pointingEmpty ──move > 3 px──▶ boxing ──up──▶ idle [selection.change]
//   pointing ──up──▶ idle (a click in a larger selection selects that module alone)
//   pointingEmpty ──up──▶ idle [selection.change null]
//   dragging | boxing ──Esc──▶ idle (nothing changed)
//   idle ──Delete──▶ idle [layout.change, selection.change null]     idle ──arrow──▶ idle [layout.change]
import { assign, enqueueActions, setup } from 'xstate';
import type { EditorOverlay, ModuleRef } from '../contracts.ts';
import { hitModule, modulesInBox } from '../document/layout.ts';
import { beyondThreshold, clearSelectionEvents, nudgeSelected, removeSelectedEvents, dragChange, isPointer, MODULE_REFUSED_HINT, modulesSelection, moveRefused, onModule, pressOnModule, sameRef, selectedModules, unionRefs, type ModuleToolInput, type Pointer } from './module-edit.ts';
import { EMPTY_OVERLAY } from './overlay.ts';
import { type ToolEmitted, type ToolEvent } from './types.ts';

export interface ModuleSelectContext {
  readonly input: ModuleToolInput;
  /** The modules a drag moves (empty: a box, or a Shift press that dropped its module). */
  readonly grabbed: readonly ModuleRef[];
  /** Where the press was [m]. */
  readonly press: readonly [number, number] | null;
  readonly overlay: EditorOverlay;
}


const selectedRefs = (ctx: ModuleSelectContext): readonly ModuleRef[] => selectedModules(ctx.input);

/** The box from the press to the pointer as a closed outline, flat [x, y, …] [m]. */
function boxOutline(p: readonly [number, number], e: Pointer): number[] {
  return [p[0], p[1], e.x, p[1], e.x, e.y, p[0], e.y];
}


export const moduleSelectMachine = setup({
  types: {
    context: {} as ModuleSelectContext,
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
    pressEmpty: assign(({ event }) => (isPointer(event) ? { grabbed: [], press: [event.x, event.y] as const, overlay: EMPTY_OVERLAY } : {})),
    previewMove: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event) || !context.press) return;
      const c = dragChange(context, event, true);
      if (c) enqueue.emit(c);
      const refused = c !== null && moveRefused(context.input, context.grabbed, event.x - context.press[0], event.y - context.press[1]);
      enqueue.assign({ overlay: { ...EMPTY_OVERLAY, segments: [context.press[0], context.press[1], event.x, event.y], hint: refused ? MODULE_REFUSED_HINT : null } });
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
    trackBox: assign({
      overlay: ({ context, event }) => (isPointer(event) && context.press ? { ...EMPTY_OVERLAY, polygons: [boxOutline(context.press, event)] } : context.overlay),
    }),
    selectBox: enqueueActions(({ context, event, enqueue }) => {
      const p = context.press;
      if (!isPointer(event) || !p) return;
      const boxed = modulesInBox(context.input.getLayout(), p[0], p[1], event.x, event.y);
      const cur = selectedRefs(context);
      const refs = event.shift === true ? unionRefs(cur, boxed) : boxed;
      const same = refs.length === cur.length && refs.every((r, i) => sameRef(r, cur[i]));
      if (!same) enqueue.emit({ type: 'selection.change', selection: modulesSelection(refs) });
      enqueue.assign({ press: null, overlay: EMPTY_OVERLAY });
    }),
    clickEmpty: enqueueActions(({ context, event, enqueue }) => {
      if (isPointer(event) && event.shift !== true && selectedRefs(context).length > 0) enqueue.emit({ type: 'selection.change', selection: null });
      enqueue.assign({ press: null, overlay: EMPTY_OVERLAY });
    }),
    release: assign({ grabbed: [], press: null, overlay: EMPTY_OVERLAY }),
    // A click (no drag) on a module of a larger selection selects that module alone.
    clickModule: enqueueActions(({ context, event, enqueue }) => {
      const p = context.press;
      const hit = p ? hitModule(context.input.getLayout(), p[0], p[1]) : null;
      const cur = selectedRefs(context);
      if (isPointer(event) && event.shift !== true && hit && cur.length > 1) enqueue.emit({ type: 'selection.change', selection: modulesSelection([hit]) });
      enqueue.assign({ grabbed: [], press: null, overlay: EMPTY_OVERLAY });
    }),
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
  id: 'moduleSelect',
  context: ({ input }) => ({ input, grabbed: [], press: null, overlay: EMPTY_OVERLAY }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pointer.down': [{ guard: 'onModule', target: 'pointing', actions: 'pick' }, { target: 'pointingEmpty', actions: 'pressEmpty' }],
        'key.delete': { guard: 'hasModules', actions: 'removeSelected' },
        'key.nudge': { guard: 'hasModules', actions: 'nudge' },
        'key.escape': { actions: 'clearSelection' },
      },
    },
    pointing: {
      on: {
        'pointer.move': { guard: 'beyondThreshold', target: 'dragging', actions: 'previewMove' },
        'pointer.up': { target: 'idle', actions: 'clickModule' },
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
    pointingEmpty: {
      on: {
        'pointer.move': { guard: 'beyondThreshold', target: 'boxing', actions: 'trackBox' },
        'pointer.up': { target: 'idle', actions: 'clickEmpty' },
        'key.escape': { target: 'idle', actions: 'release' },
      },
    },
    boxing: {
      on: {
        'pointer.move': { actions: 'trackBox' },
        'pointer.up': { target: 'idle', actions: 'selectBox' },
        'key.escape': { target: 'idle', actions: 'release' },
      },
    },
  },
});
