// One open design: the editor (scene, history, tools, live roofs), the store that loads and saves
// the three documents through the server's versioned calls, the engine worker (roofs, layouts) and,
// once a shade analysis starts, a pool of engine workers. The building and PV-layout steps share it,
// so moving between them keeps the scene, the history and the engine warm. DOM-free apart from the
// workers it is handed (tests pass fakes).
import type { LayoutDocument } from '../../../model/design.ts';
import type { KernelName, KernelResult } from '../../../engine/wasm.ts';
import type { WorkerPool } from '../../../engine/pool.ts';
import type { EngineClient } from '../../../engine/api.ts';
import type { RoofInput, RoofOutput } from '../../../model/roof.ts';
import { Editor, type Scene } from '../Editor.ts';
import { DesignStore, type DesignStoreOptions } from '../save/design-store.ts';

/** The engine calls a design needs (an EngineClient of src/engine/api.ts fits). */
export interface DesignEngine {
  roof(input: RoofInput): Promise<RoofOutput>;
  run(kernel: KernelName, f64: Float64Array, i32: Int32Array): Promise<KernelResult>;
}

export interface DesignSessionOptions extends DesignStoreOptions {
  projectId: number;
  engine: DesignEngine | null;
  /** Frame scheduler of the editor (tests flush by hand). */
  schedule?: (cb: () => void) => void;
  /** Makes the worker pool a shade analysis runs on (created at the first run). */
  createPool?: () => WorkerPool<EngineClient>;
}

export type SessionState = 'loading' | 'ready' | 'failed';

export class DesignSession {
  readonly editor: Editor;
  readonly store: DesignStore;
  readonly engine: DesignEngine | null;
  readonly projectId: number;
  private stateNow: SessionState = 'loading';
  private failure: string | null = null;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private lastPushed: Scene | null = null;
  private disposed = false;
  private pool: WorkerPool<EngineClient> | null = null;
  private readonly createPool: (() => WorkerPool<EngineClient>) | null;
  readonly opened: Promise<void>;

  constructor(options: DesignSessionOptions) {
    this.engine = options.engine;
    this.projectId = options.projectId;
    this.createPool = options.createPool ?? null;
    this.store = new DesignStore(options.projectId, options);
    this.editor = new Editor({ engine: options.engine, schedule: options.schedule });
    this.opened = this.open();
  }

  get state(): SessionState {
    return this.stateNow;
  }

  /** Why loading failed (a stored document the schema refuses, the server unreachable). */
  get error(): string | null {
    return this.failure;
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private notify(): void {
    for (const fn of this.listeners) fn();
  }

  private async open(): Promise<void> {
    try {
      await this.store.load();
    } catch (e) {
      this.stateNow = 'failed';
      this.failure = e instanceof Error ? e.message : String(e);
      this.notify();
      return;
    }
    if (this.disposed) return;
    this.loadIntoEditor();
    // Every committed change of the editor becomes a local change of the store (saved by autosave,
    // by the step's Save button and before leaving).
    this.unsubscribe = this.editor.subscribe(() => this.push());
    this.store.subscribe(() => this.onStoreChange());
    this.stateNow = 'ready';
    this.notify();
  }

  private loadIntoEditor(): void {
    const scene: Scene = { building: this.store.get('building'), layout: this.store.get('layout') };
    this.lastPushed = scene;
    this.editor.replaceDocuments(scene);
  }

  private push(): void {
    const c = this.editor.committed;
    if (this.lastPushed && c.building === this.lastPushed.building && c.layout === this.lastPushed.layout) return;
    this.lastPushed = c;
    this.store.set('building', c.building);
    this.store.set('layout', c.layout);
  }

  /** The editor's dirty flag follows what the server holds. */
  private onStoreChange(): void {
    const building = this.store.status('building').state === 'saved' ? this.store.get('building') : undefined;
    const layout = this.store.status('layout').state === 'saved' ? this.store.get('layout') : undefined;
    if (building || layout) this.editor.markSaved({ building, layout });
  }

  /** Saves what changed now; true when nothing is left unsaved. */
  save(): Promise<boolean> {
    return this.store.flush();
  }

  /** Conflict, "load theirs": the server's documents replace the scene (history restarts). */
  async loadTheirs(): Promise<void> {
    for (const k of ['building', 'layout'] as const) if (this.store.status(k).state === 'conflict') await this.store.loadTheirs(k);
    this.loadIntoEditor();
  }

  /** Conflict, "keep mine": the local documents overwrite the server's. */
  async keepMine(): Promise<void> {
    for (const k of ['building', 'layout', 'shade'] as const) if (this.store.status(k).state === 'conflict') await this.store.keepMine(k);
  }

  /** Replaces the layout with the result of an engine placement (one undoable step). */
  applyLayout(doc: LayoutDocument, label: string): void {
    this.editor.changeLayout(() => doc, label);
  }

  /** The pool shade analyses run on (null when none can be made). */
  shadePool(): WorkerPool<EngineClient> | null {
    if (!this.pool && this.createPool) this.pool = this.createPool();
    return this.pool;
  }

  dispose(): void {
    this.disposed = true;
    void this.pool?.terminate();
    this.unsubscribe?.();
    this.editor.dispose();
    this.store.dispose();
    this.listeners.clear();
  }
}
