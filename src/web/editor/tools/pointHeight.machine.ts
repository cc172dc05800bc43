// The point height tool (issue 7 "point height"; docs/GEOMETRY.md §3 "Heights"): a press on a point of a
// building (outline vertex or roof point, within the 10 px pick radius) emits `point.editHeight`; the
// UI shows a height field there and answers with `height.submit` { z } (a number [m] sets the
// explicit height, undefined clears it: the engine works it out), which commits one change. Esc, or
// a press off any point, closes the field without a change.
//
//   idle ──pointer.down on a point──▶ editing ──height.submit──▶ idle [doc.change]
//   editing ──pointer.down on another point──▶ editing (retargeted) ; ──Esc | press elsewhere──▶ idle
import { assign, enqueueActions, setup } from 'xstate';
import { findBuilding, findPoint, setPointHeight } from '../document/building.ts';
import type { EditorOverlay } from '../contracts.ts';
import { snapPosition, type SnapTarget } from '../snapping.ts';
import { EMPTY_OVERLAY, hoverOverlay } from './overlay.ts';
import { LABELS, type ToolEmitted, type ToolEvent, type ToolInput } from './types.ts';

export interface HeightTarget {
  readonly buildingId: string;
  readonly pointId: string;
}

export interface PointHeightContext {
  readonly input: ToolInput;
  /** The point whose height field is open. */
  readonly target: HeightTarget | null;
  readonly overlay: EditorOverlay;
}

type Pointer = Extract<ToolEvent, { type: 'pointer.down' | 'pointer.move' }>;
const isPointer = (e: ToolEvent): e is Pointer => e.type === 'pointer.down' || e.type === 'pointer.move';

function pointUnder(ctx: PointHeightContext, e: Pointer): Extract<SnapTarget, { kind: 'point' }> | null {
  const t = snapPosition(ctx.input.getDocument(), { x: e.x, y: e.y, mPerPx: e.mPerPx, toEdges: false, toLines: false }).target;
  return t.kind === 'point' ? t : null;
}

function targetOverlay(ctx: PointHeightContext, target: HeightTarget | null): EditorOverlay {
  if (!target) return EMPTY_OVERLAY;
  const b = findBuilding(ctx.input.getDocument(), target.buildingId);
  const p = b && findPoint(b, target.pointId);
  return p ? { ...EMPTY_OVERLAY, points: [p.x, p.y] } : EMPTY_OVERLAY;
}

export const pointHeightMachine = setup({
  types: {
    context: {} as PointHeightContext,
    events: {} as ToolEvent,
    input: {} as ToolInput,
    emitted: {} as ToolEmitted,
  },
  guards: {
    onPoint: ({ context, event }) => isPointer(event) && pointUnder(context, event) !== null,
  },
  actions: {
    hover: assign({
      overlay: ({ context, event }) => {
        if (!isPointer(event)) return context.overlay;
        const base = targetOverlay(context, context.target);
        const t = pointUnder(context, event);
        return t ? { ...base, snap: [t.x, t.y] } : base === EMPTY_OVERLAY ? hoverOverlay(null) : base;
      },
    }),
    open: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event)) return;
      const t = pointUnder(context, event);
      if (!t) return;
      const b = findBuilding(context.input.getDocument(), t.buildingId);
      const p = b && findPoint(b, t.pointId);
      if (!p) return;
      const target = { buildingId: t.buildingId, pointId: t.pointId };
      enqueue.assign({ target, overlay: targetOverlay(context, target) });
      enqueue.emit({ type: 'point.editHeight', buildingId: t.buildingId, pointId: t.pointId, x: p.x, y: p.y, z: p.z ?? null });
    }),
    submit: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'height.submit' || !context.target) return;
      const { buildingId, pointId } = context.target;
      const z = event.z;
      enqueue.emit({ type: 'doc.change', label: LABELS.setPointHeight, apply: (doc) => setPointHeight(doc, buildingId, pointId, z) });
      enqueue.assign({ target: null, overlay: EMPTY_OVERLAY });
    }),
    close: assign({ target: null, overlay: EMPTY_OVERLAY }),
  },
}).createMachine({
  id: 'pointHeight',
  context: ({ input }) => ({ input, target: null, overlay: EMPTY_OVERLAY }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pointer.move': { actions: 'hover' },
        'pointer.down': { guard: 'onPoint', target: 'editing', actions: 'open' },
      },
    },
    editing: {
      on: {
        'pointer.move': { actions: 'hover' },
        'pointer.down': [{ guard: 'onPoint', target: 'editing', actions: 'open', reenter: true }, { target: 'idle', actions: 'close' }],
        'height.submit': { target: 'idle', actions: 'submit' },
        'key.escape': { target: 'idle', actions: 'close' },
      },
    },
  },
});
