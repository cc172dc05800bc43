// The types the parts of the design editor share (tools, editor facade, renderers, map, steps).
// Plan frame: x east, y north, z up [m], origin at the project's lat/lng (src/model/design.ts).

/** What the 2D plan shows: a centre, a scale and the canvas size. North is up; no rotation. */
export interface PlanView {
  /** World point at the canvas centre [m]. */
  readonly cx: number;
  readonly cy: number;
  /** Metres per CSS pixel (> 0). */
  readonly mPerPx: number;
  /** Canvas size [CSS px]. */
  readonly width: number;
  readonly height: number;
}

/** What the active tool draws over the scene (rubber bands, the shape being drawn, snap marks). */
export interface EditorOverlay {
  /** Line segments, flat [x1, y1, x2, y2, …] [m]. */
  readonly segments: readonly number[];
  /** Marked points, flat [x, y, …] [m]. */
  readonly points: readonly number[];
  /** Closed outlines of shapes being drawn or dragged, each flat [x, y, …] [m]. */
  readonly polygons: readonly (readonly number[])[];
  /** The snap that applies to the cursor (drawn distinctly), flat [x, y] or empty. */
  readonly snap: readonly number[];
  /** A message for the user about the current gesture (e.g. a line too short), i18n key or null. */
  readonly hint: string | null;
  /** Values the hint's text names (e.g. the smallest size at this zoom, `{ min: '3.2' }`). */
  readonly hintValues?: Readonly<Record<string, string | number>>;
}

export const EMPTY_OVERLAY: EditorOverlay = { segments: [], points: [], polygons: [], snap: [], hint: null };

/** A module of the layout document: its array and its index in the array's centres. */
export interface ModuleRef {
  readonly arrayId: string;
  readonly index: number;
}

/** What is selected in the editor. */
export type Selection =
  | { readonly kind: 'point'; readonly buildingId: string; readonly id: string }
  | { readonly kind: 'line'; readonly buildingId: string; readonly id: string }
  | { readonly kind: 'building'; readonly id: string }
  | { readonly kind: 'obstacle'; readonly id: string }
  | { readonly kind: 'modules'; readonly refs: readonly ModuleRef[] };

/** Pointer and key events every tool machine accepts (positions in plan metres). */
export type ToolInputEvent =
  | { readonly type: 'pointer.down'; readonly x: number; readonly y: number; readonly mPerPx: number; readonly shift?: boolean }
  | { readonly type: 'pointer.move'; readonly x: number; readonly y: number; readonly mPerPx: number; readonly shift?: boolean }
  | { readonly type: 'pointer.up'; readonly x: number; readonly y: number; readonly mPerPx: number; readonly shift?: boolean }
  | { readonly type: 'pointer.doubleClick'; readonly x: number; readonly y: number; readonly mPerPx: number }
  | { readonly type: 'key.escape' }
  | { readonly type: 'key.enter' }
  | { readonly type: 'key.delete' }
  /** An arrow key: move the selection by (dx, dy) in plan metres. */
  | { readonly type: 'key.nudge'; readonly dx: number; readonly dy: number };
