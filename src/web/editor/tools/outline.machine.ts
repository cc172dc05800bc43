// The building outline tool (issue 7 "outline"; spec 000 §3 "Building by pen"): click the footprint's
// vertices; the outline closes on a click on the first vertex (with ≥ 3 vertices), on Enter or on a
// double-click, and is committed then as ONE change (a new closed building). Esc drops the draft.
// Segments snap to 2° steps / axes (snapping.ts); segments shorter than 20 px are not created (the
// overlay hint says so); a double-click's second press lands on the last vertex and is ignored.
//
//   idle ──pointer.down──▶ drawing ──(first vertex | Enter | double-click, ≥ 3)──▶ idle  [doc.change]
//                          drawing ──Esc──▶ idle
import { assign, enqueueActions, setup } from 'xstate';
import { addBuilding, DEFAULT_EAVE_HEIGHT } from '../document/building.ts';
import type { EditorOverlay } from '../contracts.ts';
import { snapPosition, isTooShort, type SnapResult } from '../snapping.ts';
import { EMPTY_OVERLAY, flatPoints, hoverOverlay, idSource, lastAngle, polylineSegments, snapMark } from './overlay.ts';
import { HINTS, LABELS, type ToolEmitted, type ToolEvent, type ToolInput } from './types.ts';

export interface OutlineToolInput extends ToolInput {
  /** Eave height of the new building [m]. */
  readonly eaveHeight?: number;
}

export interface OutlineContext {
  readonly input: OutlineToolInput;
  /** Vertices placed so far [m]. */
  readonly draft: readonly (readonly [number, number])[];
  readonly overlay: EditorOverlay;
}

type Pointer = Extract<ToolEvent, { type: 'pointer.down' | 'pointer.move' }>;

function snapOf(ctx: OutlineContext, e: Pointer): SnapResult {
  const d = ctx.draft;
  return snapPosition(ctx.input.getDocument(), {
    x: e.x,
    y: e.y,
    mPerPx: e.mPerPx,
    shift: e.shift,
    from: d.length > 0 ? d[d.length - 1] : null,
    prevAngle: lastAngle(d),
    draft: d,
    toLines: false,
  });
}

function drawingOverlay(ctx: OutlineContext, e: Pointer | null, hint: string | null = null): EditorOverlay {
  const s = e ? snapOf(ctx, e).target : null;
  const cursor: [number, number] | null = s ? [s.x, s.y] : null;
  const d = ctx.draft;
  const tooShort = e && s && d.length > 0 && isTooShort(d[d.length - 1][0], d[d.length - 1][1], s.x, s.y, e.mPerPx);
  return {
    segments: polylineSegments(d, cursor),
    points: flatPoints(d),
    polygons: d.length >= 2 && cursor ? [flatPoints([...d, cursor])] : [],
    snap: snapMark(s),
    hint: hint ?? (tooShort ? HINTS.tooShort : null),
  };
}

const isPointer = (e: ToolEvent): e is Pointer => e.type === 'pointer.down' || e.type === 'pointer.move';

export const outlineMachine = setup({
  types: {
    context: {} as OutlineContext,
    events: {} as ToolEvent,
    input: {} as OutlineToolInput,
    emitted: {} as ToolEmitted,
  },
  guards: {
    /** The press lands on the first vertex and the outline has ≥ 3 vertices. */
    closesOnFirst: ({ context, event }) => {
      if (!isPointer(event) || context.draft.length < 3) return false;
      const t = snapOf(context, event).target;
      return t.kind === 'draft' && t.index === 0;
    },
    /** The press lands on another vertex of the draft (e.g. a double-click's second press). */
    onDraftVertex: ({ context, event }) => isPointer(event) && snapOf(context, event).target.kind === 'draft',
    tooShort: ({ context, event }) => {
      if (!isPointer(event) || context.draft.length === 0) return false;
      const t = snapOf(context, event).target;
      const last = context.draft[context.draft.length - 1];
      return isTooShort(last[0], last[1], t.x, t.y, event.mPerPx);
    },
    canClose: ({ context }) => context.draft.length >= 3,
  },
  actions: {
    hover: assign({ overlay: ({ context, event }) => (isPointer(event) ? hoverOverlay(snapOf(context, event).target) : context.overlay) }),
    addVertex: assign(({ context, event }) => {
      if (!isPointer(event)) return {};
      const t = snapOf(context, event).target;
      const next: OutlineContext = { ...context, draft: [...context.draft, [t.x, t.y]] };
      return { draft: next.draft, overlay: drawingOverlay(next, null) };
    }),
    track: assign({ overlay: ({ context, event }) => drawingOverlay(context, isPointer(event) ? event : null) }),
    hintTooShort: assign({ overlay: ({ context, event }) => drawingOverlay(context, isPointer(event) ? event : null, HINTS.tooShort) }),
    hintNeedMore: assign({ overlay: ({ context }) => ({ ...drawingOverlay(context, null), hint: HINTS.needMorePoints }) }),
    reset: assign({ draft: [], overlay: EMPTY_OVERLAY }),
    commit: enqueueActions(({ context, enqueue }) => {
      const ids = idSource(context.input);
      const buildingId = ids();
      const outline = context.draft.map(([x, y]) => ({ id: ids(), x, y }));
      const eaveHeight = context.input.eaveHeight ?? DEFAULT_EAVE_HEIGHT;
      enqueue.emit({
        type: 'doc.change',
        label: LABELS.drawBuilding,
        apply: (doc) => addBuilding(doc, { id: buildingId, outline, closed: true, eaveHeight }),
      });
      enqueue.emit({ type: 'selection.change', selection: { kind: 'building', id: buildingId } });
      enqueue.assign({ draft: [], overlay: EMPTY_OVERLAY });
    }),
  },
}).createMachine({
  id: 'outline',
  context: ({ input }) => ({ input, draft: [], overlay: EMPTY_OVERLAY }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pointer.move': { actions: 'hover' },
        'pointer.down': { target: 'drawing', actions: 'addVertex' },
      },
    },
    drawing: {
      on: {
        'pointer.move': { actions: 'track' },
        'pointer.down': [
          { guard: 'closesOnFirst', target: 'idle', actions: 'commit' },
          { guard: 'onDraftVertex', actions: 'track' },
          { guard: 'tooShort', actions: 'hintTooShort' },
          { actions: 'addVertex' },
        ],
        'pointer.doubleClick': [{ guard: 'canClose', target: 'idle', actions: 'commit' }, { actions: 'hintNeedMore' }],
        'key.enter': [{ guard: 'canClose', target: 'idle', actions: 'commit' }, { actions: 'hintNeedMore' }],
        'key.escape': { target: 'idle', actions: 'reset' },
      },
    },
  },
});
