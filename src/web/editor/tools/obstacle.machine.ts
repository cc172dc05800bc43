// The obstacle tool (issue 7 "obstacles"; src/model/design.ts obstacles), one machine parameterised
// by the kind in its input:
//   box              press a corner, drag to the opposite corner (axis-aligned; rotate in the panel);
//   cylinder, tree   press the centre, drag out the radius;
//   polygon          click vertices; closes on the first vertex (≥ 3), Enter or double-click;
//   parapet          click a polyline (Enter / double-click ends it, ≥ 2 points), or click the
//                    interior of a building's outline edge: a parapet along the whole outline, on
//                    the wall top (baseZ = the eave height).
// Positions snap like the drawing tools (points and edges within 10 px; 2° / axis steps for polygon
// and parapet segments). Segments, box sides and radii shorter than 20 px are filtered with a hint.
// Every obstacle is one change, and is selected once made.
//
//   idle ──down (box/cylinder/tree)──▶ pointing ──move > 3 px──▶ dragging ──up──▶ idle [doc.change]
//   idle ──down (polygon/parapet)──▶ drawing ──(close | Enter | double-click)──▶ idle [doc.change]
//   idle ──down on an outline edge (parapet)──▶ idle [doc.change]        Esc: back to idle, nothing made
import { assign, enqueueActions, setup } from 'xstate';
import { GEOMETRY } from '../../../model/constants.ts';
import type { BuildingDocument, DesignObstacle, DesignObstacleKind } from '../../../model/design.ts';
import { findBuilding } from '../document/building.ts';
import { addObstacle, boxCorners, obstacleFootprint, OBSTACLE_DEFAULTS } from '../document/obstacles.ts';
import type { EditorOverlay } from '../contracts.ts';
import { isTooShort, snapPosition, type SnapTarget } from '../snapping.ts';
import { EMPTY_OVERLAY, flatPoints, hoverOverlay, idSource, lastAngle, polylineSegments, snapMark } from './overlay.ts';
import { DRAG_THRESHOLD_PX, HINTS, LABELS, type ToolEmitted, type ToolEvent, type ToolInput } from './types.ts';

export interface ObstacleToolInput extends ToolInput {
  readonly kind: DesignObstacleKind;
  /** Height of new obstacles [m] (default: OBSTACLE_DEFAULTS.height[kind]). */
  readonly height?: number;
  /** Base height of new obstacles [m] (default 0; a whole-outline parapet sits on the eave). */
  readonly baseZ?: number;
  /** Parapet thickness [m]. */
  readonly thickness?: number;
  /** Tree trunk height [m]. */
  readonly trunkHeight?: number;
}

export interface ObstacleContext {
  readonly input: ObstacleToolInput;
  /** The press that started a drag (box corner, circle centre) [m]. */
  readonly start: readonly [number, number] | null;
  /** Vertices of a polygon or parapet being drawn [m]. */
  readonly draft: readonly (readonly [number, number])[];
  readonly overlay: EditorOverlay;
}

type Pointer = Extract<ToolEvent, { type: 'pointer.down' | 'pointer.move' | 'pointer.up' }>;
const isPointer = (e: ToolEvent): e is Pointer => e.type === 'pointer.down' || e.type === 'pointer.move' || e.type === 'pointer.up';

const isDragKind = (k: DesignObstacleKind) => k === 'box' || k === 'cylinder' || k === 'tree';

function snapAt(ctx: ObstacleContext, e: Pointer, chained: boolean): SnapTarget {
  const d = ctx.draft;
  return snapPosition(ctx.input.getDocument(), {
    x: e.x,
    y: e.y,
    mPerPx: e.mPerPx,
    shift: e.shift,
    from: chained && d.length > 0 ? d[d.length - 1] : null,
    prevAngle: chained ? lastAngle(d) : null,
    draft: chained ? d : undefined,
  }).target;
}

function base(ctx: ObstacleContext, id: string): { id: string; height: number; baseZ: number } {
  return { id, height: ctx.input.height ?? OBSTACLE_DEFAULTS.height[ctx.input.kind], baseZ: ctx.input.baseZ ?? 0 };
}

/** The obstacle a drag from `start` to `end` makes (box / cylinder / tree), or null when too small. */
function dragShape(ctx: ObstacleContext, end: readonly [number, number], mPerPx: number, id: string): DesignObstacle | null {
  const s = ctx.start;
  if (!s) return null;
  const min = (len: number) => isTooShort(0, 0, len, 0, mPerPx);
  const k = ctx.input.kind;
  if (k === 'box') {
    const w = Math.abs(end[0] - s[0]);
    const h = Math.abs(end[1] - s[1]);
    if (min(w) || min(h)) return null;
    return { kind: 'box', ...base(ctx, id), center: [(s[0] + end[0]) / 2, (s[1] + end[1]) / 2], size: [w, h], rotation: 0 };
  }
  const r = Math.hypot(end[0] - s[0], end[1] - s[1]);
  if (min(r)) return null;
  if (k === 'cylinder') return { kind: 'cylinder', ...base(ctx, id), center: [s[0], s[1]], radius: r };
  if (k === 'tree') {
    return { kind: 'tree', ...base(ctx, id), center: [s[0], s[1]], radius: r, trunkHeight: ctx.input.trunkHeight ?? OBSTACLE_DEFAULTS.treeTrunkHeight };
  }
  return null;
}

/** What the "too small" hint names: the smallest side or radius at this zoom (20 px) [m]. */
function tooSmallValues(mPerPx: number): { min: string } {
  const m = GEOMETRY.minDrawnLinePx * mPerPx;
  return { min: m < 1 ? m.toFixed(2) : m.toFixed(1) };
}

/** The overlay of a drag: the shape's outline, or the raw rubber band with the "too small" hint. */
function dragOverlay(ctx: ObstacleContext, e: Pointer): EditorOverlay {
  const t = snapAt(ctx, e, false);
  const shape = dragShape(ctx, [t.x, t.y], e.mPerPx, 'preview');
  const s = ctx.start ?? [t.x, t.y];
  if (!shape) {
    const raw =
      ctx.input.kind === 'box'
        ? [s[0], s[1], t.x, s[1], t.x, t.y, s[0], t.y]
        : obstacleFootprint({ kind: 'cylinder', id: 'p', height: 1, baseZ: 0, center: [s[0], s[1]], radius: Math.max(Math.hypot(t.x - s[0], t.y - s[1]), 1e-9) });
    return { segments: [s[0], s[1], t.x, t.y], points: [s[0], s[1]], polygons: [raw], snap: snapMark(t), hint: HINTS.tooSmall, hintValues: tooSmallValues(e.mPerPx) };
  }
  const outline = shape.kind === 'box' ? boxCorners(shape) : obstacleFootprint(shape);
  return { segments: shape.kind === 'box' ? [] : [s[0], s[1], t.x, t.y], points: [s[0], s[1]], polygons: [outline], snap: snapMark(t), hint: null };
}

function drawingOverlay(ctx: ObstacleContext, e: Pointer | null, hint: string | null = null): EditorOverlay {
  const d = ctx.draft;
  const t = e ? snapAt(ctx, e, true) : null;
  const cursor: [number, number] | null = t ? [t.x, t.y] : null;
  const short = e && t && d.length > 0 ? isTooShort(d[d.length - 1][0], d[d.length - 1][1], t.x, t.y, e.mPerPx) : false;
  const polygons = ctx.input.kind === 'polygon' && d.length >= 2 && cursor ? [flatPoints([...d, cursor])] : [];
  return { segments: polylineSegments(d, cursor), points: flatPoints(d), polygons, snap: snapMark(t), hint: hint ?? (short ? HINTS.tooShort : null) };
}

/** The closed building edge under a press (parapet along the whole outline), if any. */
function edgeBuilding(ctx: ObstacleContext, e: Pointer): string | null {
  const doc = ctx.input.getDocument();
  // Points first: a press on a vertex starts a polyline there rather than running the whole outline.
  const t = snapPosition(doc, { x: e.x, y: e.y, mPerPx: e.mPerPx, toLines: false }).target;
  if (t.kind !== 'edge') return null;
  return findBuilding(doc, t.buildingId)?.closed ? t.buildingId : null;
}

function commitEvents(obstacle: DesignObstacle): ToolEmitted[] {
  return [
    { type: 'doc.change', label: LABELS.addObstacle, apply: (doc: BuildingDocument) => addObstacle(doc, obstacle) },
    { type: 'selection.change', selection: { kind: 'obstacle', id: obstacle.id } },
  ];
}

export const obstacleMachine = setup({
  types: {
    context: {} as ObstacleContext,
    events: {} as ToolEvent,
    input: {} as ObstacleToolInput,
    emitted: {} as ToolEmitted,
  },
  guards: {
    dragKind: ({ context }) => isDragKind(context.input.kind),
    onOutlineEdge: ({ context, event }) => context.input.kind === 'parapet' && isPointer(event) && edgeBuilding(context, event) !== null,
    beyondThreshold: ({ context, event }) =>
      isPointer(event) && !!context.start && Math.hypot(event.x - context.start[0], event.y - context.start[1]) > DRAG_THRESHOLD_PX * event.mPerPx,
    dragTooSmall: ({ context, event }) => {
      if (!isPointer(event)) return true;
      const t = snapAt(context, event, false);
      return dragShape(context, [t.x, t.y], event.mPerPx, 'check') === null;
    },
    closesOnFirst: ({ context, event }) => {
      if (context.input.kind !== 'polygon' || !isPointer(event) || context.draft.length < 3) return false;
      const t = snapAt(context, event, true);
      return t.kind === 'draft' && t.index === 0;
    },
    onDraftVertex: ({ context, event }) => isPointer(event) && snapAt(context, event, true).kind === 'draft',
    tooShort: ({ context, event }) => {
      if (!isPointer(event) || context.draft.length === 0) return false;
      const t = snapAt(context, event, true);
      const last = context.draft[context.draft.length - 1];
      return isTooShort(last[0], last[1], t.x, t.y, event.mPerPx);
    },
    canFinish: ({ context }) => context.draft.length >= (context.input.kind === 'polygon' ? 3 : 2),
  },
  actions: {
    hover: assign({ overlay: ({ context, event }) => (isPointer(event) ? hoverOverlay(snapAt(context, event, false)) : context.overlay) }),
    startDrag: assign(({ context, event }) => {
      if (!isPointer(event)) return {};
      const t = snapAt(context, event, false);
      return { start: [t.x, t.y] as const, overlay: { ...EMPTY_OVERLAY, points: [t.x, t.y], snap: snapMark(t) } };
    }),
    trackDrag: assign({ overlay: ({ context, event }) => (isPointer(event) ? dragOverlay(context, event) : context.overlay) }),
    hintDrag: assign({ start: null, overlay: { ...EMPTY_OVERLAY, hint: HINTS.dragToDraw } }),
    hintTooSmall: assign(({ event }) => ({
      start: null,
      overlay: { ...EMPTY_OVERLAY, hint: HINTS.tooSmall, hintValues: isPointer(event) ? tooSmallValues(event.mPerPx) : undefined },
    })),
    commitDrag: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event)) return;
      const t = snapAt(context, event, false);
      const shape = dragShape(context, [t.x, t.y], event.mPerPx, idSource(context.input)());
      if (shape) for (const e of commitEvents(shape)) enqueue.emit(e);
      enqueue.assign({ start: null, overlay: EMPTY_OVERLAY });
    }),
    addVertex: assign(({ context, event }) => {
      if (!isPointer(event)) return {};
      const t = snapAt(context, event, true);
      const next: ObstacleContext = { ...context, draft: [...context.draft, [t.x, t.y]] };
      return { draft: next.draft, overlay: drawingOverlay(next, null) };
    }),
    track: assign({ overlay: ({ context, event }) => drawingOverlay(context, isPointer(event) ? event : null) }),
    hintTooShort: assign({ overlay: ({ context, event }) => drawingOverlay(context, isPointer(event) ? event : null, HINTS.tooShort) }),
    hintNeedMore: assign({ overlay: ({ context }) => drawingOverlay(context, null, HINTS.needMorePoints) }),
    commitDraft: enqueueActions(({ context, enqueue }) => {
      const id = idSource(context.input)();
      const pts = context.draft.map(([x, y]) => [x, y] as [number, number]);
      const o: DesignObstacle =
        context.input.kind === 'polygon'
          ? { kind: 'polygon', ...base(context, id), polygon: pts }
          : { kind: 'parapet', ...base(context, id), polyline: pts, thickness: context.input.thickness ?? OBSTACLE_DEFAULTS.parapetThickness };
      for (const e of commitEvents(o)) enqueue.emit(e);
      enqueue.assign({ draft: [], overlay: EMPTY_OVERLAY });
    }),
    commitOutlineParapet: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event)) return;
      const bId = edgeBuilding(context, event);
      const b = bId === null ? undefined : findBuilding(context.input.getDocument(), bId);
      if (!b) return;
      const ring = b.outline.map((p) => [p.x, p.y] as [number, number]);
      ring.push([b.outline[0].x, b.outline[0].y]);
      const o: DesignObstacle = {
        kind: 'parapet',
        id: idSource(context.input)(),
        height: context.input.height ?? OBSTACLE_DEFAULTS.height.parapet,
        baseZ: context.input.baseZ ?? b.eaveHeight,
        polyline: ring,
        thickness: context.input.thickness ?? OBSTACLE_DEFAULTS.parapetThickness,
      };
      for (const e of commitEvents(o)) enqueue.emit(e);
      enqueue.assign({ overlay: EMPTY_OVERLAY });
    }),
    reset: assign({ start: null, draft: [], overlay: EMPTY_OVERLAY }),
  },
}).createMachine({
  id: 'obstacle',
  context: ({ input }) => ({ input, start: null, draft: [], overlay: EMPTY_OVERLAY }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pointer.move': { actions: 'hover' },
        'pointer.down': [
          { guard: 'dragKind', target: 'pointing', actions: 'startDrag' },
          { guard: 'onOutlineEdge', actions: 'commitOutlineParapet' },
          { target: 'drawing', actions: 'addVertex' },
        ],
      },
    },
    pointing: {
      on: {
        'pointer.move': { guard: 'beyondThreshold', target: 'dragging', actions: 'trackDrag' },
        'pointer.up': { target: 'idle', actions: 'hintDrag' },
        'key.escape': { target: 'idle', actions: 'reset' },
      },
    },
    dragging: {
      on: {
        'pointer.move': { actions: 'trackDrag' },
        'pointer.up': [{ guard: 'dragTooSmall', target: 'idle', actions: 'hintTooSmall' }, { target: 'idle', actions: 'commitDrag' }],
        'key.escape': { target: 'idle', actions: 'reset' },
      },
    },
    drawing: {
      on: {
        'pointer.move': { actions: 'track' },
        'pointer.down': [
          { guard: 'closesOnFirst', target: 'idle', actions: 'commitDraft' },
          { guard: 'onDraftVertex', actions: 'track' },
          { guard: 'tooShort', actions: 'hintTooShort' },
          { actions: 'addVertex' },
        ],
        'pointer.doubleClick': [{ guard: 'canFinish', target: 'idle', actions: 'commitDraft' }, { actions: 'hintNeedMore' }],
        'key.enter': [{ guard: 'canFinish', target: 'idle', actions: 'commitDraft' }, { actions: 'hintNeedMore' }],
        'key.escape': { target: 'idle', actions: 'reset' },
      },
    },
  },
});
