// The wiring tool of the Electrical step (the assign step), a state chart like the editor's tools
// (tools/*.machine.ts): it reads the configuration, the layout and the selected string through its
// input and changes them only through emitted events, which the wiring editor records.
//
// In manual mode (spec 001 §4) a click on a module:
//   no string selected  → the module's string is selected, or an unassigned module starts a new string;
//   a string selected   → the module leaves it when it is in it, else joins it at its end (taken from
//                         the string it was in: a move between strings; an emptied string goes away);
//   with Shift          → its string is selected (or a new string started) whatever is selected.
// A click off the modules clears the selection; Delete deletes the selected string (its modules
// become unassigned); Esc clears the selection or cancels a drag. In automatic mode a click only
// selects (the hint says to switch to manual). In both modes an inverter, a combiner box or the grid
// point is dragged to move it: live as a preview, one change on release.
//
//   idle ──down on a symbol──▶ pressingSymbol ──move > 3 px──▶ draggingSymbol ──up──▶ idle [wiring.change]
//   idle ──down elsewhere──▶ pointing ──up──▶ idle [wiring.change, string.select]
//   draggingSymbol ──Esc──▶ idle [preview.cancel]
import { assign, enqueueActions, setup } from 'xstate';
import { moduleRef, type InverterConfigDocument } from '../../../model/electrical-design.ts';
import type { LayoutDocument } from '../../../model/design.ts';
import type { EditorOverlay, ToolInputEvent } from '../contracts.ts';
import { EMPTY_OVERLAY } from '../contracts.ts';
import { hitModule } from '../document/layout.ts';
import { DRAG_THRESHOLD_PX } from '../tools/types.ts';
import { equipmentAt, type EquipmentSymbol } from './equipment.ts';
import { createString, deleteString, moveEquipment, stringOfModule, toggleModule } from './wiring.ts';

export interface WiringToolInput {
  /** The configuration as committed (null: none yet). */
  readonly getConfig: () => InverterConfigDocument | null;
  readonly getLayout: () => LayoutDocument;
  /** The selected string's id, or null. */
  readonly getSelected: () => string | null;
  /** A fresh id for a new string. */
  readonly newId: () => string;
}

/** History labels of the wiring changes (i18n keys of the undo/redo lists). */
export const WIRING_LABELS = {
  newString: 'electrical.history.newString',
  addModule: 'electrical.history.addModule',
  removeModule: 'electrical.history.removeModule',
  deleteString: 'electrical.history.deleteString',
  moveEquipment: 'electrical.history.moveEquipment',
} as const;

/** Hints the tool shows (i18n keys). */
export const WIRING_HINTS = {
  autoMode: 'electrical.hint.autoMode',
} as const;

export type WiringEmitted =
  | { readonly type: 'wiring.change'; readonly apply: (doc: InverterConfigDocument) => InverterConfigDocument; readonly label: string; readonly preview?: boolean }
  | { readonly type: 'preview.cancel' }
  | { readonly type: 'string.select'; readonly id: string | null };

export interface WiringContext {
  readonly input: WiringToolInput;
  /** Where the press was [m] and the scale then [m px⁻¹]. */
  readonly press: readonly [number, number] | null;
  readonly mPerPx: number;
  /** The symbol being pressed or dragged. */
  readonly grabbed: EquipmentSymbol | null;
  readonly overlay: EditorOverlay;
}

type Pointer = Extract<ToolInputEvent, { x: number }>;
const isPointer = (e: ToolInputEvent): e is Pointer => 'x' in e;

/** The wiring events of a click on (x, y) [m] (pure: the machine emits them). */
export function clickEvents(input: WiringToolInput, x: number, y: number, shift: boolean): { emit: WiringEmitted[]; hint: string | null } {
  const doc = input.getConfig();
  const selected = input.getSelected();
  const hit = hitModule(input.getLayout(), x, y);
  if (!doc || !hit) return { emit: selected !== null ? [{ type: 'string.select', id: null }] : [], hint: null };
  const ref = moduleRef(hit.arrayId, hit.index);
  const owner = stringOfModule(doc).get(ref) ?? null;
  const select = (id: string | null): WiringEmitted[] => (id === selected ? [] : [{ type: 'string.select', id }]);
  if (doc.mode === 'auto') return { emit: select(owner), hint: owner === null ? WIRING_HINTS.autoMode : null };
  const current = selected !== null && doc.strings.some((s) => s.id === selected) ? selected : null;
  if (current === null || shift) {
    if (owner !== null) return { emit: select(owner), hint: null };
    const id = input.newId();
    return { emit: [{ type: 'wiring.change', label: WIRING_LABELS.newString, apply: (d) => createString(d, [ref], id) }, { type: 'string.select', id }], hint: null };
  }
  const leaving = owner === current;
  const emptied = leaving && doc.strings.find((s) => s.id === current)!.moduleRefs.length === 1;
  const change: WiringEmitted = { type: 'wiring.change', label: leaving ? WIRING_LABELS.removeModule : WIRING_LABELS.addModule, apply: (d) => toggleModule(d, current, ref) };
  return { emit: emptied ? [change, { type: 'string.select', id: null }] : [change], hint: null };
}

function dragTo(ctx: WiringContext, e: Pointer): readonly [number, number] | null {
  const g = ctx.grabbed;
  const p = ctx.press;
  return g && p ? [g.position[0] + e.x - p[0], g.position[1] + e.y - p[1]] : null;
}

export const wiringMachine = setup({
  types: {
    context: {} as WiringContext,
    events: {} as ToolInputEvent,
    input: {} as WiringToolInput,
    emitted: {} as WiringEmitted,
  },
  guards: {
    onSymbol: ({ context, event }) => {
      const doc = context.input.getConfig();
      return isPointer(event) && doc !== null && equipmentAt(doc, event.x, event.y, event.mPerPx) !== null;
    },
    beyondThreshold: ({ context, event }) =>
      isPointer(event) && context.press !== null && Math.hypot(event.x - context.press[0], event.y - context.press[1]) / event.mPerPx > DRAG_THRESHOLD_PX,
    manualWithSelection: ({ context }) => context.input.getConfig()?.mode === 'manual' && context.input.getSelected() !== null,
  },
  actions: {
    grab: assign(({ context, event }) => {
      if (!isPointer(event)) return {};
      const doc = context.input.getConfig();
      return { press: [event.x, event.y] as const, mPerPx: event.mPerPx, grabbed: doc ? equipmentAt(doc, event.x, event.y, event.mPerPx) : null, overlay: EMPTY_OVERLAY };
    }),
    press: assign(({ event }) => (isPointer(event) ? { press: [event.x, event.y] as const, mPerPx: event.mPerPx, grabbed: null } : {})),
    previewDrag: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event)) return;
      const to = dragTo(context, event);
      const g = context.grabbed;
      if (to && g) enqueue.emit({ type: 'wiring.change', label: WIRING_LABELS.moveEquipment, preview: true, apply: (d) => moveEquipment(d, g.ref, to) });
    }),
    commitDrag: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event)) return;
      const to = dragTo(context, event);
      const g = context.grabbed;
      if (to && g) enqueue.emit({ type: 'wiring.change', label: WIRING_LABELS.moveEquipment, apply: (d) => moveEquipment(d, g.ref, to) });
      enqueue.assign({ press: null, grabbed: null });
    }),
    cancelDrag: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'preview.cancel' });
      enqueue.assign({ press: null, grabbed: null });
    }),
    click: enqueueActions(({ context, event, enqueue }) => {
      const p = context.press;
      if (!isPointer(event) || !p) return;
      const r = clickEvents(context.input, p[0], p[1], 'shift' in event && event.shift === true);
      for (const e of r.emit) enqueue.emit(e);
      enqueue.assign({ press: null, grabbed: null, overlay: r.hint ? { ...EMPTY_OVERLAY, hint: r.hint } : EMPTY_OVERLAY });
    }),
    release: assign({ press: null, grabbed: null, overlay: EMPTY_OVERLAY }),
    deleteSelected: enqueueActions(({ context, enqueue }) => {
      const id = context.input.getSelected();
      if (id === null) return;
      enqueue.emit({ type: 'wiring.change', label: WIRING_LABELS.deleteString, apply: (d) => deleteString(d, id) });
      enqueue.emit({ type: 'string.select', id: null });
    }),
    clearSelection: enqueueActions(({ context, enqueue }) => {
      if (context.input.getSelected() !== null) enqueue.emit({ type: 'string.select', id: null });
      enqueue.assign({ overlay: EMPTY_OVERLAY });
    }),
  },
}).createMachine({
  id: 'wiring',
  context: ({ input }) => ({ input, press: null, mPerPx: 1, grabbed: null, overlay: EMPTY_OVERLAY }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pointer.down': [{ guard: 'onSymbol', target: 'pressingSymbol', actions: 'grab' }, { target: 'pointing', actions: 'press' }],
        'key.delete': { guard: 'manualWithSelection', actions: 'deleteSelected' },
        'key.escape': { actions: 'clearSelection' },
      },
    },
    pointing: {
      on: {
        'pointer.up': { target: 'idle', actions: 'click' },
        'key.escape': { target: 'idle', actions: 'release' },
      },
    },
    pressingSymbol: {
      on: {
        'pointer.move': { guard: 'beyondThreshold', target: 'draggingSymbol', actions: 'previewDrag' },
        'pointer.up': { target: 'idle', actions: 'release' },
        'key.escape': { target: 'idle', actions: 'release' },
      },
    },
    draggingSymbol: {
      on: {
        'pointer.move': { actions: 'previewDrag' },
        'pointer.up': { target: 'idle', actions: 'commitDrag' },
        'key.escape': { target: 'idle', actions: 'cancelDrag' },
      },
    },
  },
});
