// The undo/redo plumbing the design editor (Editor.ts) and the Electrical step's wiring editor
// (electrical/wiring-editor.ts) share: one scene history of labelled snapshots (src/model/history.ts,
// spec 000 §3/§9: pruned beyond 30 to the last 20, undo/redo option lists of at most 20), moved by
// undo, redo and goTo, and the view of it the undo/redo menus show. Each editor keeps its own instance.
import {
  canRedo,
  canUndo,
  createHistory,
  currentSnapshot,
  goTo,
  pushSnapshot,
  redo,
  redoOptions,
  undo,
  undoOptions,
  type SceneHistory,
} from '../../model/history.ts';

/** An entry of the undo or redo list (like a word processor's undo menu). */
export interface HistoryOption {
  /** Snapshot index to go to (pass to goTo). */
  readonly index: number;
  /** The change this entry undoes (the one after `index`) or redoes (the one that made `index`). */
  readonly label: string;
}

export interface HistoryView {
  readonly index: number;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Most recent first, at most 20. */
  readonly undo: readonly HistoryOption[];
  /** Nearest first, at most 20. */
  readonly redo: readonly HistoryOption[];
}

/** A history snapshot: the scene and the label of the change that made it (i18n key). */
export interface LabelledScene<S> {
  readonly scene: S;
  readonly label: string;
}

/** A scene history an editor moves through; the moves say whether the current snapshot changed. */
export class EditorHistory<S> {
  private history: SceneHistory<LabelledScene<S>>;

  /** Starts with `scene` as the only snapshot, labelled `openLabel`. */
  constructor(
    scene: S,
    private readonly openLabel: string,
  ) {
    this.history = createHistory<LabelledScene<S>>({ scene, label: openLabel });
  }

  /** The scene of the current snapshot. */
  get scene(): S {
    return currentSnapshot(this.history).scene;
  }

  /** Starts again from `scene` (a loaded scene): nothing to undo or redo. */
  restart(scene: S): void {
    this.history = createHistory<LabelledScene<S>>({ scene, label: this.openLabel });
  }

  /** Records a snapshot after the current one (what could have been redone is dropped). */
  record(scene: S, label: string): void {
    this.history = pushSnapshot(this.history, { scene, label });
  }

  /** Moves `steps` back; false when there is nothing to undo (or nothing moved). */
  undo(steps = 1): boolean {
    return canUndo(this.history) && this.move(undo(this.history, steps));
  }

  /** Moves `steps` forward; false when there is nothing to redo (or nothing moved). */
  redo(steps = 1): boolean {
    return canRedo(this.history) && this.move(redo(this.history, steps));
  }

  /** Jumps to a snapshot of the undo/redo option lists (throws RangeError for one not kept); false when already there. */
  goTo(index: number): boolean {
    return this.move(goTo(this.history, index));
  }

  /** The undo/redo menus' view. */
  view(): HistoryView {
    const h = this.history;
    const undoOption = (index: number): HistoryOption => ({ index, label: h.snapshots[index + 1].label });
    const redoOption = (index: number): HistoryOption => ({ index, label: h.snapshots[index].label });
    return { index: h.current, canUndo: canUndo(h), canRedo: canRedo(h), undo: undoOptions(h).map(undoOption), redo: redoOptions(h).map(redoOption) };
  }

  private move(h: SceneHistory<LabelledScene<S>>): boolean {
    if (h.current === this.history.current && h.first === this.history.first) return false;
    this.history = h;
    return true;
  }
}
