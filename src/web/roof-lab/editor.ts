// The thin Editor facade: owns the editor state (document history, tool, selection) and delegates
// — the pure reducer (tools.ts) for every change, and the roof engine (in a Worker) for the faces.
// React reads it through `subscribe` / `getSnapshot`; nothing else mutates it.
import type { RoofInput, RoofOutput } from '../../model/index.ts';
import { newId } from '../../model/ids.ts';
import { toRoofInput, type RoofDocument } from './document.ts';
import { currentDocument, initialEditorState, reduce, type EditorEvent, type EditorState, type ReducerContext } from './tools.ts';

/** The part of the engine API the editor uses (a comlink Remote of EngineApi fits). */
export interface RoofEngine {
  roof(input: RoofInput): Promise<RoofOutput>;
}

export type RoofStatus = 'loading' | 'idle' | 'running' | 'done' | 'failed';

export interface RoofResult {
  readonly status: RoofStatus;
  /** The latest output that belongs to the latest request (stale answers are dropped). */
  readonly output: RoofOutput | null;
  /** How long the last computation took, worker round trip included [ms]. */
  readonly ms: number | null;
  /** A thrown error (bad input, engine not loaded); engine failures come in `output.errors`. */
  readonly error: string | null;
  /** The document this result belongs to (the current one once the answer is fresh). */
  readonly doc: RoofDocument | null;
}

export interface EditorSnapshot {
  readonly state: EditorState;
  readonly roof: RoofResult;
}

export interface EditorOptions {
  doc?: RoofDocument;
  engine?: RoofEngine | null;
  ctx?: ReducerContext;
  /** Frame scheduler (requestAnimationFrame in the browser). */
  schedule?: (cb: () => void) => unknown;
  now?: () => number;
}

/** The next animation frame, or 100 ms if frames stall (hidden tab, a slow software-GL frame):
 * whichever comes first. Many changes within one frame still make one engine call. */
const defaultSchedule = (cb: () => void) => {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cb();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  setTimeout(run, typeof requestAnimationFrame === 'function' ? 100 : 16);
};

export class Editor {
  private snapshot: EditorSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly ctx: ReducerContext;
  private readonly schedule: (cb: () => void) => unknown;
  private readonly now: () => number;
  private engine: RoofEngine | null;
  private frameRequested = false;
  /** Request counter: only the answer to the latest request is kept. */
  private requestId = 0;
  private computedDoc: RoofDocument | null = null;
  private disposed = false;

  constructor(options: EditorOptions = {}) {
    this.ctx = options.ctx ?? { newId: () => newId() };
    this.schedule = options.schedule ?? defaultSchedule;
    this.now = options.now ?? (() => performance.now());
    this.engine = options.engine ?? null;
    this.snapshot = {
      state: initialEditorState(options.doc),
      roof: { status: this.engine ? 'idle' : 'loading', output: null, ms: null, error: null, doc: null },
    };
    this.requestCompute();
  }

  getSnapshot = (): EditorSnapshot => this.snapshot;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  get state(): EditorState {
    return this.snapshot.state;
  }

  get document(): RoofDocument {
    return currentDocument(this.snapshot.state);
  }

  /** Applies one event through the pure reducer. */
  send = (event: EditorEvent): void => {
    if (this.disposed) return;
    const next = reduce(this.snapshot.state, event, this.ctx);
    if (next === this.snapshot.state) return;
    this.set({ ...this.snapshot, state: next });
    this.requestCompute();
  };

  /** Connects (or replaces) the engine; recomputes the current document. */
  setEngine(engine: RoofEngine | null, loadError?: string): void {
    this.engine = engine;
    this.computedDoc = null;
    if (!engine) {
      this.setRoof({ status: loadError ? 'failed' : 'loading', output: null, ms: null, error: loadError ?? null, doc: null });
      return;
    }
    this.requestCompute();
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }

  private set(snapshot: EditorSnapshot): void {
    this.snapshot = snapshot;
    for (const l of this.listeners) l();
  }

  private setRoof(roof: RoofResult): void {
    this.set({ ...this.snapshot, roof });
  }

  /** Debounces to the next animation frame: many changes in one frame make one engine call. */
  private requestCompute(): void {
    if (this.frameRequested || this.disposed) return;
    this.frameRequested = true;
    this.schedule(() => {
      this.frameRequested = false;
      this.compute();
    });
  }

  private compute(): void {
    if (this.disposed) return;
    const doc = this.document;
    if (doc === this.computedDoc) return;
    const engine = this.engine;
    if (!engine) return;
    this.computedDoc = doc;
    const id = ++this.requestId;
    const input = toRoofInput(doc);
    if (!input) {
      this.setRoof({ status: 'idle', output: null, ms: null, error: null, doc });
      return;
    }
    const started = this.now();
    this.setRoof({ ...this.snapshot.roof, status: 'running' });
    engine.roof(input).then(
      (output) => {
        if (id !== this.requestId || this.disposed) return; // stale
        this.setRoof({ status: 'done', output, ms: this.now() - started, error: null, doc });
      },
      (err: unknown) => {
        if (id !== this.requestId || this.disposed) return;
        const message = err instanceof Error ? err.message : String(err);
        this.setRoof({ status: 'failed', output: null, ms: null, error: message, doc });
      },
    );
  }
}
