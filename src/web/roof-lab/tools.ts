// The editor's state and its one pure reducer: tools as small state machines
//   outline: idle → drawing → (close) → line tool
//   line:    idle → drawing (from a point) → drawing (from the new end) … → idle (Esc / Enter / dbl-click)
//   select:  idle (selection held beside the tool)
// plus history (undo/redo), roof settings and clearing. XState can take over the tools later; the
// events are already named `domain.verb`.
import { GEOMETRY } from '../../model/constants.ts';
import { canRedo, canUndo, createHistory, currentSnapshot, pushSnapshot, redo, undo, type SceneHistory } from '../../model/history.ts';
import {
  addLine,
  addOutlinePoint,
  addPoint,
  clearDrawing,
  closeOutline,
  deleteLine,
  deletePoint,
  emptyDocument,
  findPoint,
  setAutoRoof,
  setEaveHeight,
  setPointZ,
  type AutoRoof,
  type RoofDocument,
} from './document.ts';
import { projectOnSegment, snap, SNAP_RADIUS_PX, GRID_SNAP_M, type SnapTarget } from './snapping.ts';

export type ToolName = 'outline' | 'line' | 'select';

export type ToolState =
  | { readonly name: 'outline'; readonly state: 'idle' | 'drawing' }
  | { readonly name: 'line'; readonly state: 'idle' }
  | { readonly name: 'line'; readonly state: 'drawing'; readonly from: SnapTarget }
  | { readonly name: 'select'; readonly state: 'idle' };

export type Selection = { readonly kind: 'point' | 'line'; readonly id: string };

export interface EditorState {
  readonly history: SceneHistory<RoofDocument>;
  readonly tool: ToolState;
  readonly selection: Selection | null;
  /** Free clicks round to a 0.1 m grid. */
  readonly gridSnap: boolean;
}

export type EditorEvent =
  /** A primary-button press at world (x, y) [m]; mPerPx converts pixel tolerances to metres. */
  | { readonly type: 'pointer.down'; readonly x: number; readonly y: number; readonly mPerPx: number }
  | { readonly type: 'pointer.doubleClick' }
  | { readonly type: 'key.enter' }
  | { readonly type: 'key.escape' }
  | { readonly type: 'key.delete' }
  | { readonly type: 'tool.select'; readonly tool: ToolName }
  | { readonly type: 'history.undo' }
  | { readonly type: 'history.redo' }
  | { readonly type: 'doc.clear' }
  | { readonly type: 'doc.replace'; readonly doc: RoofDocument }
  | { readonly type: 'point.setZ'; readonly id: string; readonly z: number | undefined }
  | { readonly type: 'roof.setEave'; readonly height: number }
  | { readonly type: 'roof.setAuto'; readonly auto: AutoRoof | null }
  | { readonly type: 'selection.set'; readonly selection: Selection | null }
  | { readonly type: 'grid.toggle' };

export interface ReducerContext {
  /** A fresh id for a new point or line. */
  newId(): string;
}

export function initialEditorState(doc: RoofDocument = emptyDocument()): EditorState {
  const s: EditorState = { history: createHistory(doc), tool: { name: 'outline', state: 'idle' }, selection: null, gridSnap: true };
  return normalise(s);
}

export function currentDocument(s: EditorState): RoofDocument {
  return currentSnapshot(s.history);
}

export { canRedo, canUndo };

/** Records the next document (no snapshot when nothing changed). */
function commit(s: EditorState, next: RoofDocument): EditorState {
  if (next === currentDocument(s)) return s;
  return { ...s, history: pushSnapshot(s.history, next) };
}

/** Brings the tool and the selection back in line with the document (after undo, redo, clear). */
function normalise(s: EditorState): EditorState {
  const doc = currentDocument(s);
  let tool = s.tool;
  if (tool.name === 'outline') {
    if (doc.closed) tool = { name: 'line', state: 'idle' };
    else {
      const state = doc.outline.length > 0 ? 'drawing' : 'idle';
      if (tool.state !== state) tool = { name: 'outline', state };
    }
  } else if (tool.name === 'line' && tool.state === 'drawing') {
    const f = tool.from;
    if (f.kind === 'point' && !findPoint(doc, f.id)) tool = { name: 'line', state: 'idle' };
    if (f.kind === 'line' && !doc.lines.some((l) => l.id === f.lineId)) tool = { name: 'line', state: 'idle' };
  }
  let selection = s.selection;
  if (selection) {
    const sel = selection;
    const exists = sel.kind === 'point' ? !!findPoint(doc, sel.id) : doc.lines.some((l) => l.id === sel.id);
    if (!exists) selection = null;
  }
  if (tool === s.tool && selection === s.selection) return s;
  return { ...s, tool, selection };
}

/** The point a snap target stands for: an existing id, or a new point to add. */
function materialise(doc: RoofDocument, t: SnapTarget, ctx: ReducerContext): { doc: RoofDocument; id: string } {
  if (t.kind === 'point') return { doc, id: t.id };
  const id = ctx.newId();
  return { doc: addPoint(doc, { id, x: t.x, y: t.y }), id };
}

function outlineDown(s: EditorState, e: { x: number; y: number; mPerPx: number }, ctx: ReducerContext): EditorState {
  const doc = currentDocument(s);
  if (doc.closed) return s;
  const tolerance = SNAP_RADIUS_PX * e.mPerPx;
  const t = snap({ ...doc, points: [], lines: [] }, e.x, e.y, {
    tolerance,
    grid: s.gridSnap ? GRID_SNAP_M : 0,
    toEdges: false,
    toLines: false,
  });
  const first = doc.outline[0];
  if (t.kind === 'point') {
    // Clicking the first point closes the outline; any other vertex is ignored (no self-touching).
    if (first && t.id === first.id && doc.outline.length >= 3) return normalise(commit(s, closeOutline(doc)));
    return s;
  }
  const last = doc.outline[doc.outline.length - 1];
  // Edges shorter than the drawing minimum are filtered (this also absorbs a double-click's 2nd press).
  if (last && Math.hypot(t.x - last.x, t.y - last.y) < GEOMETRY.minDrawnLinePx * e.mPerPx) return s;
  return normalise(commit(s, addOutlinePoint(doc, { id: ctx.newId(), x: t.x, y: t.y })));
}

function lineDown(s: EditorState, e: { x: number; y: number; mPerPx: number }, ctx: ReducerContext): EditorState {
  const doc = currentDocument(s);
  const t = snap(doc, e.x, e.y, { tolerance: SNAP_RADIUS_PX * e.mPerPx, grid: s.gridSnap ? GRID_SNAP_M : 0 });
  if (s.tool.name !== 'line' || s.tool.state !== 'drawing') {
    return { ...s, tool: { name: 'line', state: 'drawing', from: t }, selection: null };
  }
  const from = s.tool.from;
  if (from.kind === 'point' && t.kind === 'point' && from.id === t.id) return s;
  // Drawn lines shorter than the minimum are filtered.
  if (Math.hypot(t.x - from.x, t.y - from.y) < GEOMETRY.minDrawnLinePx * e.mPerPx) return s;
  const a = materialise(doc, from, ctx);
  const b = materialise(a.doc, t, ctx);
  const next = addLine(b.doc, { id: ctx.newId(), idp1: a.id, idp2: b.id });
  return { ...commit(s, next), tool: { name: 'line', state: 'drawing', from: { kind: 'point', id: b.id, x: t.x, y: t.y } } };
}

function selectDown(s: EditorState, e: { x: number; y: number; mPerPx: number }): EditorState {
  const doc = currentDocument(s);
  const tol = SNAP_RADIUS_PX * e.mPerPx;
  const t = snap(doc, e.x, e.y, { tolerance: tol, toEdges: false, toLines: false });
  if (t.kind === 'point') return { ...s, selection: { kind: 'point', id: t.id } };
  let best: Selection | null = null;
  let bestD = tol;
  for (const l of doc.lines) {
    const a = findPoint(doc, l.idp1);
    const b = findPoint(doc, l.idp2);
    if (!a || !b) continue;
    const d = projectOnSegment(e.x, e.y, a.x, a.y, b.x, b.y).dist;
    if (d <= bestD) {
      bestD = d;
      best = { kind: 'line', id: l.id };
    }
  }
  return { ...s, selection: best };
}

/** Ends the current gesture (Enter, double-click): closes an outline or stops a line chain. */
function finish(s: EditorState): EditorState {
  const doc = currentDocument(s);
  if (s.tool.name === 'outline' && s.tool.state === 'drawing') return normalise(commit(s, closeOutline(doc)));
  if (s.tool.name === 'line' && s.tool.state === 'drawing') return { ...s, tool: { name: 'line', state: 'idle' } };
  return s;
}

export function reduce(s: EditorState, e: EditorEvent, ctx: ReducerContext): EditorState {
  const doc = currentDocument(s);
  switch (e.type) {
    case 'pointer.down':
      if (!Number.isFinite(e.x) || !Number.isFinite(e.y) || !(e.mPerPx > 0)) return s;
      if (s.tool.name === 'outline') return outlineDown(s, e, ctx);
      if (s.tool.name === 'line') return lineDown(s, e, ctx);
      return selectDown(s, e);
    case 'pointer.doubleClick':
    case 'key.enter':
      return finish(s);
    case 'key.escape':
      if (s.tool.name === 'line' && s.tool.state === 'drawing') return { ...s, tool: { name: 'line', state: 'idle' } };
      if (s.tool.name === 'outline' && s.tool.state === 'drawing') {
        // Discards the unfinished outline (one undoable step).
        return normalise(commit(s, { ...doc, outline: [], lines: [], points: [] }));
      }
      return s.selection ? { ...s, selection: null } : s;
    case 'key.delete': {
      const sel = s.selection;
      if (!sel) return s;
      const next = sel.kind === 'point' ? deletePoint(doc, sel.id) : deleteLine(doc, sel.id);
      return normalise(commit(s, next));
    }
    case 'tool.select': {
      if (e.tool === s.tool.name) return s;
      if (e.tool === 'outline') {
        if (doc.closed) return s;
        return normalise({ ...s, tool: { name: 'outline', state: 'idle' } });
      }
      return { ...s, tool: e.tool === 'line' ? { name: 'line', state: 'idle' } : { name: 'select', state: 'idle' } };
    }
    case 'history.undo':
      return canUndo(s.history) ? normalise({ ...s, history: undo(s.history) }) : s;
    case 'history.redo':
      return canRedo(s.history) ? normalise({ ...s, history: redo(s.history) }) : s;
    case 'doc.clear': {
      const cleared = commit(s, clearDrawing(doc));
      return normalise({ ...cleared, tool: { name: 'outline', state: 'idle' }, selection: null });
    }
    case 'doc.replace':
      return normalise({ ...commit(s, e.doc), tool: { name: 'outline', state: 'idle' } });
    case 'point.setZ':
      return commit(s, setPointZ(doc, e.id, e.z));
    case 'roof.setEave':
      return commit(s, setEaveHeight(doc, e.height));
    case 'roof.setAuto': {
      const a = doc.auto;
      const b = e.auto;
      const same =
        a === b || (a !== null && b !== null && a.type === b.type && a.pitch === b.pitch && a.ridgeAzimuth === b.ridgeAzimuth);
      return same ? s : commit(s, setAutoRoof(doc, b));
    }
    case 'selection.set':
      return normalise({ ...s, selection: e.selection });
    case 'grid.toggle':
      return { ...s, gridSnap: !s.gridSnap };
  }
}

/** Where a press at world (x, y) would land with the current tool (for the hover preview). */
export function previewSnap(s: EditorState, x: number, y: number, mPerPx: number): SnapTarget | null {
  const doc = currentDocument(s);
  const tolerance = SNAP_RADIUS_PX * mPerPx;
  const grid = s.gridSnap ? GRID_SNAP_M : 0;
  switch (s.tool.name) {
    case 'outline':
      if (doc.closed) return null;
      return snap({ ...doc, points: [], lines: [] }, x, y, { tolerance, grid, toEdges: false, toLines: false });
    case 'line':
      return snap(doc, x, y, { tolerance, grid });
    case 'select': {
      const t = snap(doc, x, y, { tolerance, toEdges: false, toLines: false });
      return t.kind === 'point' ? t : null;
    }
  }
}
