// The Electrical step's thin facade, like the design editor's (Editor.ts): it owns
//   • the electrical scene — the 'inverter-config' and 'cable' documents — in ONE scene history of its
//     own (editor-history.ts, the design editor's plumbing: snapshots pruned beyond 30 to the last 20, undo/redo
//     option lists of at most 20), plus a drag preview that is shown but not recorded;
//   • the selected string and the wiring tool (wiring.machine.ts), whose emitted events are the only
//     way the plan changes the wiring;
//   • what the server holds (markSaved): `dirty` tells the leave flag whether wiring is unsaved.
// The layout is read-only here (set with setLayout). It takes the plan's pointer events and keyboard
// commands (components/editor/EditorViewport.tsx PlanInput). React reads it with
// useSyncExternalStore(editor.subscribe, editor.getSnapshot). DOM-free.
import { createActor, type Actor } from 'xstate';
import type { CableDocument, InverterConfigDocument } from '../../../model/electrical-design.ts';
import { emptyLayoutDocument, type LayoutDocument } from '../../../model/design.ts';
import { newId as generatedId } from '../../../model/ids.ts';
import type { EditorOverlay, ToolInputEvent } from '../contracts.ts';
import { EditorHistory, type HistoryView } from '../editor-history.ts';
import type { EditorCommand } from '../keys.ts';
import type { ElectricalPart } from './electrical-api.ts';
import { wiringMachine, type WiringEmitted } from './wiring.machine.ts';

/** The two documents of the step, edited together. */
export interface ElectricalScene {
  readonly config: InverterConfigDocument | null;
  readonly cables: CableDocument | null;
}

export type { ElectricalPart } from './electrical-api.ts';

/** Label of the first snapshot (a loaded scene). */
export const WIRING_OPEN_LABEL = 'electrical.history.open';

export interface WiringSnapshot {
  /** What to draw: the committed scene with a drag preview applied. */
  readonly scene: ElectricalScene;
  /** The scene as recorded in history (what saving stores). */
  readonly committed: ElectricalScene;
  /** The selected string's id (null: none). */
  readonly selected: string | null;
  /** The tool machine's state ('idle', 'pointing', 'draggingSymbol', …). */
  readonly toolState: string;
  readonly overlay: EditorOverlay;
  readonly history: HistoryView;
  /** Whether the committed scene differs from what the server holds (either document). */
  readonly dirty: boolean;
  readonly dirtyParts: { readonly config: boolean; readonly cables: boolean };
}

export interface WiringEditorOptions {
  readonly config?: InverterConfigDocument | null;
  readonly cables?: CableDocument | null;
  readonly layout?: LayoutDocument;
  /** Id source of new strings (src/model/ids.ts newId by default). */
  readonly newId?: () => string;
}

export class WiringEditor {
  private readonly history: EditorHistory<ElectricalScene>;
  private preview: ElectricalScene | null = null;
  private saved: ElectricalScene;
  private selected: string | null = null;
  private layout: LayoutDocument;
  private readonly newId: () => string;
  private readonly listeners = new Set<() => void>();
  private readonly tool: Actor<typeof wiringMachine>;
  private snapshot: WiringSnapshot;
  private batching = false;
  private disposed = false;

  constructor(options: WiringEditorOptions = {}) {
    const scene: ElectricalScene = { config: options.config ?? null, cables: options.cables ?? null };
    this.history = new EditorHistory<ElectricalScene>(scene, WIRING_OPEN_LABEL);
    this.saved = scene;
    this.layout = options.layout ?? emptyLayoutDocument();
    this.newId = options.newId ?? (() => generatedId());
    this.tool = createActor(wiringMachine, {
      input: { getConfig: () => this.committed.config, getLayout: () => this.layout, getSelected: () => this.selected, newId: () => this.newId() },
    });
    this.tool.on('*', (e) => this.onEmitted(e as WiringEmitted));
    this.tool.subscribe(() => this.update());
    this.tool.start();
    this.snapshot = this.compose();
  }

  // ── reading ─────────────────────────────────────────────────────────────────────────────────

  getSnapshot = (): WiringSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get committed(): ElectricalScene {
    return this.history.scene;
  }

  // ── changing ────────────────────────────────────────────────────────────────────────────────

  /** The layout the modules are picked on (read-only here). */
  setLayout(layout: LayoutDocument): void {
    if (layout === this.layout) return;
    this.layout = layout;
    this.update();
  }

  /** Applies a change to the configuration and records it (no snapshot when nothing changed or there is none). */
  change(apply: (doc: InverterConfigDocument) => InverterConfigDocument, label: string): void {
    const c = this.committed.config;
    if (c) this.commit({ ...this.committed, config: apply(c) }, label);
  }

  /** Applies a change to the cables and records it. */
  changeCables(apply: (doc: CableDocument) => CableDocument, label: string): void {
    const c = this.committed.cables;
    if (c) this.commit({ ...this.committed, cables: apply(c) }, label);
  }

  /**
   * A document the server made and stored (automatic configuration, cable routing): one undoable
   * step, and what the server now holds for that part.
   */
  applyServer<P extends ElectricalPart>(part: P, doc: ElectricalScene[P], label: string): void {
    this.commit({ ...this.committed, [part]: doc }, label);
    this.saved = { ...this.saved, [part]: doc };
    this.update();
  }

  /** Loads documents (the step opened, a conflict resolved): history restarts, nothing is dirty. */
  replaceDocuments(scene: Partial<ElectricalScene>): void {
    const next: ElectricalScene = { config: scene.config !== undefined ? scene.config : this.committed.config, cables: scene.cables !== undefined ? scene.cables : this.committed.cables };
    this.history.restart(next);
    this.saved = next;
    this.preview = null;
    this.keepSelectionValid();
    this.update();
  }

  /** Tells the editor what the server now holds (default: the committed scene) — clears `dirty`. */
  markSaved(saved: Partial<ElectricalScene> = this.committed): void {
    this.saved = { config: saved.config !== undefined ? saved.config : this.saved.config, cables: saved.cables !== undefined ? saved.cables : this.saved.cables };
    this.update();
  }

  undo(steps = 1): void {
    if (this.history.undo(steps)) this.afterHistoryMove();
  }

  redo(steps = 1): void {
    if (this.history.redo(steps)) this.afterHistoryMove();
  }

  /** Jumps to a snapshot of the undo/redo option lists (throws RangeError for one not kept). */
  goTo(index: number): void {
    if (this.history.goTo(index)) this.afterHistoryMove();
  }

  /** Selects a string (null: none); an id the configuration does not hold selects nothing. */
  select(id: string | null): void {
    const next = id !== null && this.committed.config?.strings.some((s) => s.id === id) ? id : null;
    if (next === this.selected) return;
    this.selected = next;
    this.update();
  }

  // ── input (the plan's PlanInput) ────────────────────────────────────────────────────────────

  /** A pointer or key event for the wiring tool. */
  send = (event: ToolInputEvent): void => {
    if (this.disposed) return;
    if ('x' in event && (!Number.isFinite(event.x) || !Number.isFinite(event.y) || !(event.mPerPx > 0))) return;
    this.batch(() => this.tool.send(event));
  };

  /** A keyboard command (keys.ts shortcutFor): undo and redo are the step's, tool letters do nothing here. */
  command = (cmd: EditorCommand): void => {
    switch (cmd.type) {
      case 'history.undo':
        return this.undo();
      case 'history.redo':
        return this.redo();
      case 'tool.set':
      case 'key.nudge':
        return;
      default:
        return this.send(cmd);
    }
  };

  /** The arrow keys keep scrolling the page: nothing here moves by key. */
  nudges = (): boolean => false;

  dispose(): void {
    this.disposed = true;
    this.tool.stop();
    this.listeners.clear();
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────────

  private onEmitted(e: WiringEmitted): void {
    const config = this.committed.config;
    switch (e.type) {
      case 'wiring.change':
        if (!config) return;
        if (e.preview) {
          this.preview = { ...this.committed, config: e.apply(config) };
          this.update();
        } else this.commit({ ...this.committed, config: e.apply(config) }, e.label);
        return;
      case 'preview.cancel':
        if (this.preview) {
          this.preview = null;
          this.update();
        }
        return;
      case 'string.select':
        this.select(e.id);
        return;
    }
  }

  private commit(next: ElectricalScene, label: string): void {
    const cur = this.committed;
    this.preview = null;
    if (next.config === cur.config && next.cables === cur.cables) return this.update();
    this.history.record(next, label);
    this.keepSelectionValid();
    this.update();
  }

  private afterHistoryMove(): void {
    this.preview = null;
    this.keepSelectionValid();
    this.update();
  }

  private keepSelectionValid(): void {
    const id = this.selected;
    if (id !== null && !this.committed.config?.strings.some((s) => s.id === id)) this.selected = null;
  }

  private batch(fn: () => void): void {
    if (this.batching) return fn();
    this.batching = true;
    try {
      fn();
    } finally {
      this.batching = false;
    }
    this.update();
  }

  private update(): void {
    if (this.batching || this.disposed || !this.tool) return;
    this.snapshot = this.compose();
    for (const l of this.listeners) l();
  }

  private compose(): WiringSnapshot {
    const committed = this.committed;
    const config = committed.config !== this.saved.config;
    const cables = committed.cables !== this.saved.cables;
    const tool = this.tool.getSnapshot();
    return {
      scene: this.preview ?? committed,
      committed,
      selected: this.selected,
      toolState: typeof tool.value === 'string' ? tool.value : JSON.stringify(tool.value),
      overlay: tool.context.overlay,
      history: this.history.view(),
      dirty: config || cables,
      dirtyParts: { config, cables },
    };
  }
}
