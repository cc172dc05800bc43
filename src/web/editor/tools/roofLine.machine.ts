// The roof line tool (issue 7 "roof line"; docs/GEOMETRY.md §1): chains of lines (ridges, hips, valleys)
// inside a closed building. Each press lands on a snapped position — an existing point, an outline
// edge or a roof line (a new roof point there; the engine splits at T-junctions), or free inside the
// outline (a new interior point) — and every segment is committed as one change (new end points and
// the line). Segments snap to 2° steps / axes relative to the previous one, and are filtered below
// 20 px. Drawing a line on a building with an automatic roof turns it into a drawn roof (auto: null).
//
//   idle ──pointer.down (inside a building)──▶ drawing ──pointer.down──▶ drawing [doc.change] …
//   drawing ──Esc | Enter | double-click──▶ idle
import { and, assign, enqueueActions, setup } from 'xstate';
import type { BuildingDocument } from '../../../model/design.ts';
import { addRoofLine, addRoofPoint, buildingAt, findBuilding, findPoint, hasLine, insideOrOnOutline, setAutoRoof } from '../document/building.ts';
import type { EditorOverlay } from '../contracts.ts';
import { isTooShort, snapPosition, type SnapTarget } from '../snapping.ts';
import { EMPTY_OVERLAY, hoverOverlay, idSource, segmentAngle, snapMark } from './overlay.ts';
import { HINTS, LABELS, type ToolEmitted, type ToolEvent, type ToolInput } from './types.ts';

/** Where a chain currently ends: an existing point of a building. */
export interface ChainEnd {
  readonly buildingId: string;
  readonly pointId: string;
  readonly x: number;
  readonly y: number;
}

/** The start of a chain before its first segment: a snapped position in a building. */
export interface ChainStart {
  readonly buildingId: string;
  readonly target: SnapTarget;
}

export interface RoofLineContext {
  readonly input: ToolInput;
  /** The chain's last point (after a segment) or its snapped start (before the first). */
  readonly from: ChainEnd | ChainStart | null;
  /** Direction of the previous segment [rad] (the angle snap is relative to it). */
  readonly prevAngle: number | null;
  readonly overlay: EditorOverlay;
}

type Pointer = Extract<ToolEvent, { type: 'pointer.down' | 'pointer.move' }>;
const isPointer = (e: ToolEvent): e is Pointer => e.type === 'pointer.down' || e.type === 'pointer.move';

function fromXY(f: ChainEnd | ChainStart): [number, number] {
  return 'target' in f ? [f.target.x, f.target.y] : [f.x, f.y];
}

/** The building a press starts in: the snapped element's building, else the one containing it. */
function startOf(doc: BuildingDocument, e: Pointer): ChainStart | null {
  const t = snapPosition(doc, { x: e.x, y: e.y, mPerPx: e.mPerPx, shift: e.shift }).target;
  const id = t.kind === 'point' || t.kind === 'edge' || t.kind === 'line' ? t.buildingId : buildingAt(doc, t.x, t.y)?.id;
  const b = id === undefined ? undefined : findBuilding(doc, id);
  if (!b || !b.closed) return null;
  return { buildingId: b.id, target: t };
}

function nextTarget(ctx: RoofLineContext, e: Pointer): SnapTarget | null {
  if (!ctx.from) return null;
  return snapPosition(ctx.input.getDocument(), {
    x: e.x,
    y: e.y,
    mPerPx: e.mPerPx,
    shift: e.shift,
    from: fromXY(ctx.from),
    prevAngle: ctx.prevAngle,
    buildingId: ctx.from.buildingId,
  }).target;
}

/** Whether a target is usable in the chain's building (inside the outline or on it). */
function usable(doc: BuildingDocument, buildingId: string, t: SnapTarget): boolean {
  if (t.kind === 'point') return true;
  const b = findBuilding(doc, buildingId);
  return !!b && insideOrOnOutline(b, t.x, t.y);
}

/** Whether the chain's start still exists in the document (an undo may have removed it). */
function fromExists(doc: BuildingDocument, f: ChainEnd | ChainStart | null): boolean {
  if (!f) return false;
  const b = findBuilding(doc, f.buildingId);
  if (!b || !b.closed) return false;
  if ('target' in f) return f.target.kind !== 'point' || !!findPoint(b, f.target.pointId);
  return !!findPoint(b, f.pointId);
}

/** The point id a target stands for, adding a roof point when it is not an existing point. */
function materialise(doc: BuildingDocument, buildingId: string, t: SnapTarget | ChainEnd, freshId: string): { doc: BuildingDocument; id: string } {
  if ('pointId' in t) return { doc, id: t.pointId };
  return { doc: addRoofPoint(doc, buildingId, { id: freshId, x: t.x, y: t.y }), id: freshId };
}

function drawingOverlay(ctx: RoofLineContext, e: Pointer | null, hint: string | null = null): EditorOverlay {
  if (!ctx.from) return EMPTY_OVERLAY;
  const [fx, fy] = fromXY(ctx.from);
  const t = e ? nextTarget(ctx, e) : null;
  const short = e && t ? isTooShort(fx, fy, t.x, t.y, e.mPerPx) : false;
  const outside = t ? !usable(ctx.input.getDocument(), ctx.from.buildingId, t) : false;
  return {
    segments: t ? [fx, fy, t.x, t.y] : [],
    points: [fx, fy],
    polygons: [],
    snap: snapMark(t),
    hint: hint ?? (short ? HINTS.tooShort : outside ? HINTS.outsideBuilding : null),
  };
}

export const roofLineMachine = setup({
  types: {
    context: {} as RoofLineContext,
    events: {} as ToolEvent,
    input: {} as ToolInput,
    emitted: {} as ToolEmitted,
  },
  guards: {
    startsInBuilding: ({ context, event }) => isPointer(event) && startOf(context.input.getDocument(), event) !== null,
    /** The chain's start vanished (undo): the press starts a new chain. */
    lostStart: ({ context }) => !fromExists(context.input.getDocument(), context.from),
    samePoint: ({ context, event }) => {
      if (!isPointer(event) || !context.from) return false;
      const t = nextTarget(context, event);
      if (t?.kind !== 'point') return false;
      const f = context.from;
      return 'target' in f ? f.target.kind === 'point' && f.target.pointId === t.pointId : f.pointId === t.pointId;
    },
    tooShort: ({ context, event }) => {
      if (!isPointer(event) || !context.from) return false;
      const t = nextTarget(context, event);
      const [fx, fy] = fromXY(context.from);
      return !!t && isTooShort(fx, fy, t.x, t.y, event.mPerPx);
    },
    outside: ({ context, event }) => {
      if (!isPointer(event) || !context.from) return false;
      const t = nextTarget(context, event);
      return !t || !usable(context.input.getDocument(), context.from.buildingId, t);
    },
  },
  actions: {
    hover: assign({ overlay: ({ context, event }) => (isPointer(event) ? hoverOverlay(snapPosition(context.input.getDocument(), event).target) : context.overlay) }),
    hintOutside: assign({ overlay: ({ context, event }) => (isPointer(event) ? hoverOverlay(snapPosition(context.input.getDocument(), event).target, HINTS.outsideBuilding) : context.overlay) }),
    start: assign(({ context, event }) => {
      if (!isPointer(event)) return {};
      const from = startOf(context.input.getDocument(), event);
      const next = { ...context, from, prevAngle: null };
      return { from, prevAngle: null, overlay: drawingOverlay(next, null) };
    }),
    track: assign({ overlay: ({ context, event }) => drawingOverlay(context, isPointer(event) ? event : null) }),
    hintTooShort: assign({ overlay: ({ context, event }) => drawingOverlay(context, isPointer(event) ? event : null, HINTS.tooShort) }),
    hintOutsideDrawing: assign({ overlay: ({ context, event }) => drawingOverlay(context, isPointer(event) ? event : null, HINTS.outsideBuilding) }),
    addSegment: enqueueActions(({ context, event, enqueue }) => {
      if (!isPointer(event) || !context.from) return;
      const t = nextTarget(context, event);
      if (!t) return;
      const ids = idSource(context.input);
      const from = context.from;
      const buildingId = from.buildingId;
      const startTarget: SnapTarget | ChainEnd = 'target' in from ? from.target : from;
      const startId = ids();
      const endId = t.kind === 'point' ? t.pointId : ids();
      const lineId = ids();
      const apply = (doc: BuildingDocument): BuildingDocument => {
        const a = materialise(doc, buildingId, startTarget, startId);
        const b = materialise(a.doc, buildingId, t, endId);
        const withLine = addRoofLine(b.doc, buildingId, { id: lineId, idp1: a.id, idp2: b.id });
        const built = findBuilding(withLine, buildingId);
        // All or nothing: no stray points when the line could not be added.
        if (!built || !hasLine(built, a.id, b.id)) return doc;
        return setAutoRoof(withLine, buildingId, null);
      };
      enqueue.emit({ type: 'doc.change', label: LABELS.drawRoofLine, apply });
      const [fx, fy] = fromXY(from);
      const end: ChainEnd = { buildingId, pointId: endId, x: t.x, y: t.y };
      const next: RoofLineContext = { ...context, from: end, prevAngle: segmentAngle([fx, fy], [t.x, t.y]) };
      enqueue.assign({ from: next.from, prevAngle: next.prevAngle, overlay: drawingOverlay(next, null) });
    }),
    reset: assign({ from: null, prevAngle: null, overlay: EMPTY_OVERLAY }),
  },
}).createMachine({
  id: 'roofLine',
  context: ({ input }) => ({ input, from: null, prevAngle: null, overlay: EMPTY_OVERLAY }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pointer.move': { actions: 'hover' },
        'pointer.down': [{ guard: 'startsInBuilding', target: 'drawing', actions: 'start' }, { actions: 'hintOutside' }],
      },
    },
    drawing: {
      on: {
        'pointer.move': { actions: 'track' },
        'pointer.down': [
          // The chain's start vanished (undo): this press starts a new chain, or ends the tool's gesture.
          { guard: and(['lostStart', 'startsInBuilding']), target: 'drawing', actions: 'start', reenter: true },
          { guard: 'lostStart', target: 'idle', actions: 'reset' },
          { guard: 'samePoint', actions: 'track' },
          { guard: 'tooShort', actions: 'hintTooShort' },
          { guard: 'outside', actions: 'hintOutsideDrawing' },
          { actions: 'addSegment' },
        ],
        'pointer.doubleClick': { target: 'idle', actions: 'reset' },
        'key.enter': { target: 'idle', actions: 'reset' },
        'key.escape': { target: 'idle', actions: 'reset' },
      },
    },
  },
});
