// The design editor's thin facade (docs/ARCHITECTURE.md "Editor", like tldraw's Editor): it owns
//   • the scene — the building and the layout documents — in ONE scene history (editor-history.ts over src/model/history.ts,
//     spec 000 §3/§9: snapshots keyed by index, pruned beyond 30 to the last 20, undo/redo option
//     lists of at most 20), plus a drag preview that is shown but not recorded;
//   • the selection and the active tool actor (tools/*.machine.ts), whose emitted events are the only
//     way tools change anything (tools/types.ts);
//   • the step's scope (setScope): which tools it offers and which document they edit — in the PV
//     layout step ('layout') the building is read-only: Select works on modules and a building
//     change a tool emits is dropped;
//   • the roof of every building: rebuilt through the roof engine when its building object changed,
//     batched per frame, stale answers dropped, results cached by building object (undo is instant);
//     engine failures are kept per building (`output.success: false` with its errors, or `error` when
//     the call itself failed), never thrown.
// React reads it with useSyncExternalStore(editor.subscribe, editor.getSnapshot). DOM-free.
import type { BuildingDocument, DesignBuilding, LayoutDocument } from '../../model/design.ts';
import { emptyBuildingDocument, emptyLayoutDocument } from '../../model/design.ts';
import { newId as generatedId } from '../../model/ids.ts';
import type { RoofInput, RoofOutput } from '../../model/roof.ts';
import type { EditorOverlay, Selection } from './contracts.ts';
import { toRoofInput } from './document/building.ts';
import { EditorHistory, type HistoryView, type LabelledScene } from './editor-history.ts';
import { zAtFromFaces, type FacePlan } from './document/layout.ts';
import type { EditorCommand } from './keys.ts';
import { startTool, TOOL_NAMES, type EditTarget, type RunningTool, type ToolEnvironment, type ToolName, type ToolOptions } from './tools/registry.ts';
import { sameSelection, selectionExists } from './tools/selection.ts';
import type { ToolEmitted, ToolEvent } from './tools/types.ts';

/** The part of the engine API the editor uses (a comlink Remote of EngineApi fits). */
export interface RoofEngine {
  roof(input: RoofInput): Promise<RoofOutput>;
}

/** The two documents the editor edits together. */
export interface Scene {
  readonly building: BuildingDocument;
  readonly layout: LayoutDocument;
}

/** A history snapshot: the scene and the label of the change that made it (i18n key). */
export type HistoryEntry = LabelledScene<Scene>;

export type { HistoryOption, HistoryView } from './editor-history.ts';

/** What a wizard step lets the user change (Editor.setScope). */
export interface EditorScope {
  /** The tools the step offers, the first active on entry; setTool and the tool keys ignore others. */
  readonly tools: readonly ToolName[];
  /** The document its tools edit: 'layout' leaves the building read-only (tools/registry.ts EditTarget). */
  readonly edits: EditTarget;
}

/** Label of the first snapshot (a new or loaded scene). */
export const OPEN_LABEL = 'editor.history.open';

/**
 * The roof of one building:
 *   idle     outline not closed: nothing to compute;
 *   waiting  no engine yet;
 *   running  a request is out (output: the previous answer, for display, or null);
 *   done     output is the answer for `building` (output.success false: the engine's errors);
 *   failed   the engine call threw or rejected (error).
 */
export interface BuildingRoof {
  readonly status: 'idle' | 'waiting' | 'running' | 'done' | 'failed';
  readonly output: RoofOutput | null;
  readonly error: string | null;
  /** The building object this result is for. */
  readonly building: DesignBuilding;
}

/** The open height field the point-height tool asked for. */
export interface HeightEdit {
  readonly buildingId: string;
  readonly pointId: string;
  /** [m] */
  readonly x: number;
  readonly y: number;
  /** The point's explicit height [m], or null (worked out by the engine). */
  readonly z: number | null;
}

export interface EditorSnapshot {
  /** What to draw: the committed scene with a drag preview applied. */
  readonly scene: Scene;
  /** The scene as recorded in history (what saving stores). */
  readonly committed: Scene;
  readonly selection: Selection | null;
  readonly tool: ToolName;
  /** The tool machine's state ('idle', 'drawing', 'dragging', …). */
  readonly toolState: string;
  readonly overlay: EditorOverlay;
  readonly heightEdit: HeightEdit | null;
  /** By building id, for every building of the drawn scene. */
  readonly roofs: Readonly<Record<string, BuildingRoof>>;
  readonly history: HistoryView;
  /** Whether the committed scene differs from the last saved one (either document). */
  readonly dirty: boolean;
  readonly dirtyParts: { readonly building: boolean; readonly layout: boolean };
}

export interface EditorOptions {
  readonly building?: BuildingDocument;
  readonly layout?: LayoutDocument;
  readonly engine?: RoofEngine | null;
  /** Runs the callback once per frame (requestAnimationFrame in the browser; tests flush by hand). */
  readonly schedule?: (cb: () => void) => void;
  /** Id source of the tools (src/model/ids.ts newId by default). */
  readonly newId?: () => string;
  /** The tool active at start (default: select). */
  readonly tool?: ToolName;
}

/** The next animation frame, or 100 ms if frames stall (hidden tab): whichever comes first. */
const defaultSchedule = (cb: () => void): void => {
  let done = false;
  const runOnce = () => {
    if (done) return;
    done = true;
    cb();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(runOnce);
  setTimeout(runOnce, typeof requestAnimationFrame === 'function' ? 100 : 16);
};

function modulesExist(layout: LayoutDocument, s: Extract<Selection, { kind: 'modules' }>): boolean {
  return s.refs.every((r) => {
    const a = layout.arrays.find((q) => q.id === r.arrayId);
    return !!a && Number.isInteger(r.index) && r.index >= 0 && r.index < a.centers.length / 3;
  });
}

export class Editor {
  private readonly history: EditorHistory<Scene>;
  private preview: Scene | null = null;
  private selection: Selection | null = null;
  private saved: Scene;
  private heightEdit: HeightEdit | null = null;
  private tool: RunningTool;
  private toolOptions: ToolOptions = {};
  private scope: EditorScope = { tools: TOOL_NAMES, edits: 'building' };
  private engine: RoofEngine | null;
  private readonly schedule: (cb: () => void) => void;
  private readonly newId: () => string;
  private readonly listeners = new Set<() => void>();
  private snapshot: EditorSnapshot;
  private roofs: Record<string, BuildingRoof> = {};
  /** Latest request number per building id: answers to older requests are stale. */
  private readonly requestOf = new Map<string, number>();
  private requestCount = 0;
  /** Answers by building object: an unchanged (or undone-to) building needs no new call. */
  private cache = new WeakMap<DesignBuilding, RoofOutput>();
  private frameRequested = false;
  private disposed = false;
  private batching = false;
  /** False while the constructor runs (the tool's first step must not compose a snapshot yet). */
  private ready = false;

  constructor(options: EditorOptions = {}) {
    const scene: Scene = { building: options.building ?? emptyBuildingDocument(), layout: options.layout ?? emptyLayoutDocument() };
    this.history = new EditorHistory<Scene>(scene, OPEN_LABEL);
    this.saved = scene;
    this.engine = options.engine ?? null;
    this.schedule = options.schedule ?? defaultSchedule;
    this.newId = options.newId ?? (() => generatedId());
    this.tool = this.start(options.tool ?? 'select');
    this.snapshot = this.compose();
    this.ready = true;
    this.requestRoofs();
  }

  // ── reading ─────────────────────────────────────────────────────────────────────────────────

  getSnapshot = (): EditorSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The committed scene (what history holds now). */
  get committed(): Scene {
    return this.history.scene;
  }

  /** The scene shown (committed, or the drag preview). */
  get scene(): Scene {
    return this.preview ?? this.committed;
  }

  // ── changing the documents ──────────────────────────────────────────────────────────────────

  /** Applies a change to the building document and records it (no snapshot when nothing changed). */
  change(apply: (doc: BuildingDocument) => BuildingDocument, label: string): void {
    this.commit({ ...this.committed, building: apply(this.committed.building) }, label);
  }

  /** Applies a change to the layout document and records it. */
  changeLayout(apply: (doc: LayoutDocument) => LayoutDocument, label: string): void {
    this.commit({ ...this.committed, layout: apply(this.committed.layout) }, label);
  }

  /** Loads documents (a project opened, a conflict resolved): history restarts, nothing is dirty. */
  replaceDocuments(scene: Partial<Scene>): void {
    const next: Scene = { building: scene.building ?? this.committed.building, layout: scene.layout ?? this.committed.layout };
    this.history.restart(next);
    this.saved = next;
    this.preview = null;
    this.selection = null;
    this.heightEdit = null;
    this.restartTool();
    this.afterSceneChange();
  }

  /** Tells the editor what the server now holds (default: the committed scene) — clears `dirty`. */
  markSaved(saved: Partial<Scene> = this.committed): void {
    this.saved = { building: saved.building ?? this.saved.building, layout: saved.layout ?? this.saved.layout };
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

  // ── selection and tools ─────────────────────────────────────────────────────────────────────

  setSelection(selection: Selection | null): void {
    if (sameSelection(selection, this.selection)) return;
    this.selection = selection;
    this.update();
  }

  /**
   * Enters a step's scope: its tools (the first becomes active) and the document they edit. A
   * selection of the other document is dropped (a building selected in the Building step is not
   * selected in PV layout).
   */
  setScope(scope: EditorScope): void {
    if (this.disposed || scope.tools.length === 0) return;
    this.scope = scope;
    const s = this.selection;
    if (s && (s.kind === 'modules') !== (scope.edits === 'layout')) this.selection = null;
    this.setTool(scope.tools[0]);
  }

  /** Chooses a tool (the current one is stopped: its unfinished gesture is dropped); a tool outside the scope is ignored. */
  setTool(name: ToolName, options: ToolOptions = {}): void {
    if (this.disposed || !this.scope.tools.includes(name)) return;
    this.toolOptions = options;
    this.tool.stop();
    this.preview = null;
    this.heightEdit = null;
    this.tool = this.start(name);
    this.afterSceneChange();
  }

  /** Forwards a pointer or key event (or the height field's answer) to the active tool. */
  send(event: ToolEvent): void {
    if (this.disposed) return;
    // A pointer event off the plan (NaN from a zero-sized canvas, a bad scale) is ignored.
    if ('x' in event && (!Number.isFinite(event.x) || !Number.isFinite(event.y) || !(event.mPerPx > 0))) return;
    this.batch(() => this.tool.send(event));
  }

  /** Answers the point-height tool's field: a height [m], or undefined to clear it. */
  submitHeight(z: number | undefined): void {
    this.send({ type: 'height.submit', z });
  }

  /** Runs a keyboard command (keys.ts shortcutFor). */
  command(cmd: EditorCommand): void {
    switch (cmd.type) {
      case 'history.undo':
        return this.undo();
      case 'history.redo':
        return this.redo();
      case 'tool.set':
        return this.setTool(cmd.tool);
      default:
        return this.send(cmd);
    }
  }

  // ── engine ──────────────────────────────────────────────────────────────────────────────────

  /** Connects (or replaces) the roof engine; every roof is computed again. */
  setEngine(engine: RoofEngine | null): void {
    this.engine = engine;
    this.cache = new WeakMap();
    this.requestOf.clear();
    this.roofs = {};
    this.requestRoofs();
    this.update();
  }

  /** The roof faces of the shown scene as the layout actions take them. */
  facePlans(): FacePlan[] {
    const out: FacePlan[] = [];
    for (const [buildingId, r] of Object.entries(this.roofs)) {
      for (const f of r.output?.faces ?? []) out.push({ buildingId, faceId: f.id, vertices: f.vertices });
    }
    return out;
  }

  dispose(): void {
    this.disposed = true;
    this.tool.stop();
    this.listeners.clear();
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────────

  private start(name: ToolName): RunningTool {
    const env: ToolEnvironment = {
      getDocument: () => this.committed.building,
      getLayout: () => this.committed.layout,
      getSelection: () => this.selection,
      newId: () => this.newId(),
      getFaces: () => this.facePlans(),
      zAt: (arrayId, x, y) => zAtFromFaces(this.committed.layout, this.facePlans())(arrayId, x, y),
    };
    return startTool(name, env, this.toolOptions, (e) => this.onEmitted(e), () => this.onToolStep(), this.scope.edits);
  }

  private restartTool(): void {
    const name = this.tool.name;
    this.tool.stop();
    this.tool = this.start(name);
  }

  private onEmitted(e: ToolEmitted): void {
    switch (e.type) {
      case 'doc.change':
        // The building is read-only in the PV layout step: no tool changes it there.
        if (this.scope.edits === 'layout') return;
        if (e.preview) this.showPreview({ ...this.committed, building: e.apply(this.committed.building) });
        else this.commit({ ...this.committed, building: e.apply(this.committed.building) }, e.label);
        return;
      case 'layout.change':
        if (e.preview) this.showPreview({ ...this.committed, layout: e.apply(this.committed.layout) });
        else this.commit({ ...this.committed, layout: e.apply(this.committed.layout) }, e.label);
        return;
      case 'preview.cancel':
        if (this.preview) {
          this.preview = null;
          this.afterSceneChange();
        }
        return;
      case 'selection.change':
        this.selection = e.selection;
        this.update();
        return;
      case 'point.editHeight':
        this.heightEdit = { buildingId: e.buildingId, pointId: e.pointId, x: e.x, y: e.y, z: e.z };
        this.update();
        return;
    }
  }

  private onToolStep(): void {
    if (this.heightEdit && this.tool.state() !== 'editing') this.heightEdit = null;
    this.update();
  }

  /** Records a scene (dropping any preview); no snapshot when both documents are unchanged. */
  private commit(next: Scene, label: string): void {
    const cur = this.committed;
    const hadPreview = this.preview !== null;
    this.preview = null;
    if (next.building === cur.building && next.layout === cur.layout) {
      if (hadPreview) this.afterSceneChange();
      return;
    }
    this.history.record(next, label);
    this.afterSceneChange();
  }

  private showPreview(next: Scene): void {
    this.preview = next;
    this.afterSceneChange();
  }

  private afterHistoryMove(): void {
    this.preview = null;
    this.afterSceneChange();
  }

  /** Keeps the selection valid, asks for the roofs, tells the listeners. */
  private afterSceneChange(): void {
    const s = this.selection;
    if (s) {
      const scene = this.scene;
      const ok = s.kind === 'modules' ? modulesExist(scene.layout, s) : selectionExists(scene.building, s);
      if (!ok) this.selection = null;
    }
    this.requestRoofs();
    this.update();
  }

  /** Runs `fn` with one notification at the end (a tool step may emit several events). */
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
    if (this.batching || this.disposed || !this.ready) return;
    this.snapshot = this.compose();
    for (const l of this.listeners) l();
  }

  private compose(): EditorSnapshot {
    const committed = this.committed;
    const building = committed.building !== this.saved.building;
    const layout = committed.layout !== this.saved.layout;
    return {
      scene: this.scene,
      committed,
      selection: this.selection,
      tool: this.tool.name,
      toolState: this.tool.state(),
      overlay: this.tool.overlay(),
      heightEdit: this.heightEdit,
      roofs: this.roofs,
      history: this.history.view(),
      dirty: building || layout,
      dirtyParts: { building, layout },
    };
  }

  // ── roofs ───────────────────────────────────────────────────────────────────────────────────

  /** Asks for a rebuild at the next frame: many changes within a frame make one pass. */
  private requestRoofs(): void {
    if (this.frameRequested || this.disposed) return;
    this.frameRequested = true;
    this.schedule(() => {
      this.frameRequested = false;
      this.rebuildRoofs();
    });
  }

  private rebuildRoofs(): void {
    if (this.disposed) return;
    const next: Record<string, BuildingRoof> = {};
    let changed = false;
    for (const b of this.scene.building.buildings) {
      const prev = this.roofs[b.id];
      if (prev && prev.building === b && prev.status !== 'waiting') {
        next[b.id] = prev;
        continue;
      }
      changed = true;
      next[b.id] = this.roofFor(b, prev);
    }
    if (Object.keys(this.roofs).some((id) => !(id in next))) changed = true;
    for (const id of this.requestOf.keys()) if (!(id in next)) this.requestOf.delete(id);
    if (!changed) return;
    this.roofs = next;
    this.update();
  }

  private roofFor(b: DesignBuilding, prev: BuildingRoof | undefined): BuildingRoof {
    const cached = this.cache.get(b);
    if (cached) {
      this.requestOf.delete(b.id);
      return { status: 'done', output: cached, error: null, building: b };
    }
    const input = toRoofInput(b);
    if (!input) {
      this.requestOf.delete(b.id);
      return { status: 'idle', output: null, error: null, building: b };
    }
    const engine = this.engine;
    if (!engine) return { status: 'waiting', output: null, error: null, building: b };
    const n = ++this.requestCount;
    this.requestOf.set(b.id, n);
    const current = () => this.requestOf.get(b.id) === n && !this.disposed && this.engine === engine;
    Promise.resolve()
      .then(() => engine.roof(input))
      .then(
        (output) => {
          this.cache.set(b, output);
          if (!current()) return; // stale: a newer request (or none) stands for this building
          this.requestOf.delete(b.id);
          this.setRoof(b.id, { status: 'done', output, error: null, building: b });
        },
        (err: unknown) => {
          if (!current()) return;
          this.requestOf.delete(b.id);
          this.setRoof(b.id, { status: 'failed', output: null, error: err instanceof Error ? err.message : String(err), building: b });
        },
      );
    return { status: 'running', output: prev?.output ?? null, error: null, building: b };
  }

  private setRoof(id: string, roof: BuildingRoof): void {
    this.roofs = { ...this.roofs, [id]: roof };
    this.update();
  }
}
