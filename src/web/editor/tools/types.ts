// What every tool machine takes and gives (docs/ARCHITECTURE.md "Editor", "Machines"): tools are pure XState
// machines. They READ the scene through the input's getters and COMMIT through emitted events
// (xstate v5 `emit`; the editor listens with `actor.on(type, …)`), never touching a document:
//
//   doc.change      { apply(doc) → nextDoc, label, preview? } — a change of the building document.
//                   preview: true shows `apply(committed)` without recording history (drags); the
//                   next non-preview change (or preview.cancel) replaces it. `apply` is pure and
//                   deterministic (the ids it uses were drawn when the event was made).
//   layout.change   the same for the layout document (the module tool).
//   preview.cancel  drop the preview (Esc during a drag).
//   selection.change { selection } — the editor owns the selection; tools ask it to change.
//   point.editHeight { buildingId, pointId, x, y, z } — the point-height tool asks the UI for a
//                   height field; the UI answers with the `height.submit` event (or Esc).
//
// Each machine keeps its overlay (EditorOverlay: rubber bands, the shape being drawn, the snap mark,
// a hint) in `snapshot.context.overlay` for the renderers.
import type { BuildingDocument, LayoutDocument } from '../../../model/design.ts';
import type { Selection, ToolInputEvent } from '../contracts.ts';

export interface ToolInput {
  /** The building document as committed (without a drag preview: previews apply to it). */
  readonly getDocument: () => BuildingDocument;
  /** The layout document as committed (module tool). */
  readonly getLayout?: () => LayoutDocument;
  /** The editor's selection now. */
  readonly getSelection?: () => Selection | null;
  /** A fresh id for a new building, point, line or obstacle (src/model/ids.ts newId by default). */
  readonly newId?: () => string;
}

export type ToolEmitted =
  | { readonly type: 'doc.change'; readonly apply: (doc: BuildingDocument) => BuildingDocument; readonly label: string; readonly preview?: boolean }
  | { readonly type: 'layout.change'; readonly apply: (doc: LayoutDocument) => LayoutDocument; readonly label: string; readonly preview?: boolean }
  | { readonly type: 'preview.cancel' }
  | { readonly type: 'selection.change'; readonly selection: Selection | null }
  | {
      readonly type: 'point.editHeight';
      readonly buildingId: string;
      readonly pointId: string;
      /** Plan position [m] (where the UI places the field). */
      readonly x: number;
      readonly y: number;
      /** The point's explicit height [m], or null when the engine works it out. */
      readonly z: number | null;
    };

/** Events of the point-height tool beyond the pointer and keys: the UI's answer to point.editHeight. */
export type HeightEvent = { readonly type: 'height.submit'; readonly z: number | undefined };

export type ToolEvent = ToolInputEvent | HeightEvent;

/** History labels the tools give their changes (i18n keys for the undo/redo lists). */
export const LABELS = {
  drawBuilding: 'editor.history.drawBuilding',
  drawRoofLine: 'editor.history.drawRoofLine',
  setPointHeight: 'editor.history.setPointHeight',
  addObstacle: 'editor.history.addObstacle',
  move: 'editor.history.move',
  delete: 'editor.history.delete',
  addModule: 'editor.history.addModule',
  moveModules: 'editor.history.moveModules',
  removeModules: 'editor.history.removeModules',
} as const;

/** Hints the tools show in the overlay (i18n keys). */
export const HINTS = {
  tooShort: 'editor.hint.tooShort',
  outsideBuilding: 'editor.hint.outsideBuilding',
  needMorePoints: 'editor.hint.needMorePoints',
  dragToDraw: 'editor.hint.dragToDraw',
  tooSmall: 'editor.hint.tooSmall',
  noRoofFace: 'editor.hint.noRoofFace',
} as const;

/** Movement past this turns a press into a drag [px]. */
export const DRAG_THRESHOLD_PX = 3;
