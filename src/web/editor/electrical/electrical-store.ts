// What the server holds of the Electrical step: the 'inverter-config' and 'cable' documents of a
// project, each with the version it is based on (like editor/save/design-store.ts for the design
// documents). It loads them into the wiring editor, saves the parts the editor has changed (each with
// its base version), records a refused stale save (409) as a conflict that loses nothing — the user
// keeps theirs (saved again on the server's version) or loads the server's — and takes the documents
// the server made itself (automatic configuration, cable routing) with their new versions.
// DOM-free; the HTTP calls come in through ElectricalApi (electrical-api.ts, or fakes in tests).
import { StaleDocumentError, type ElectricalApi, type ElectricalDocs, type ElectricalPart } from './electrical-api.ts';
import type { WiringEditor } from './wiring-editor.ts';

export type ElectricalSaveState = 'saved' | 'dirty' | 'saving' | 'conflict' | 'error';

export interface ElectricalStoreState {
  readonly state: ElectricalSaveState;
  readonly versions: { readonly config: number; readonly cables: number };
  /** The part refused as stale, with the version stored now. */
  readonly conflict: { readonly part: ElectricalPart; readonly currentVersion: number } | null;
  readonly error: string | null;
}

const PARTS: readonly ElectricalPart[] = ['config', 'cables'];

export class ElectricalStore {
  private versions = { config: 0, cables: 0 };
  private conflict: ElectricalStoreState['conflict'] = null;
  private error: string | null = null;
  private saving = false;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private unsubscribe: () => void;
  private stateNow: ElectricalStoreState;

  constructor(
    readonly projectId: number,
    readonly editor: WiringEditor,
    private readonly api: ElectricalApi,
  ) {
    this.stateNow = this.compose();
    this.unsubscribe = editor.subscribe(() => this.refresh());
  }

  getState = (): ElectricalStoreState => this.stateNow;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  version(part: ElectricalPart): number {
    return this.versions[part];
  }

  /** Reads both documents and loads them into the editor (history restarts). */
  async load(): Promise<void> {
    const [config, cables] = await Promise.all([this.api.read('config', this.projectId), this.api.read('cables', this.projectId)]);
    this.versions = { config: config.version, cables: cables.version };
    this.conflict = null;
    this.error = null;
    this.editor.replaceDocuments({ config: config.data, cables: cables.data });
    this.refresh();
  }

  /** A document the server made and stored at `version` (one undoable step in the editor). */
  applyServer<P extends ElectricalPart>(part: P, version: number, doc: ElectricalDocs[P], label: string): void {
    this.versions = { ...this.versions, [part]: version };
    if (this.conflict?.part === part) this.conflict = null;
    this.editor.applyServer(part, doc, label);
    this.refresh();
  }

  /** Saves the changed parts now (one save at a time); true when nothing is left unsaved. */
  save(): Promise<boolean> {
    const run = this.chain.then(() => this.saveNow(false));
    this.chain = run.catch(() => {});
    return run;
  }

  /** Conflict, "keep mine": saves the local document on the server's current version. */
  keepMine(): Promise<boolean> {
    const c = this.conflict;
    if (!c) return Promise.resolve(!this.editor.getSnapshot().dirty);
    this.versions = { ...this.versions, [c.part]: c.currentVersion };
    this.conflict = null;
    const run = this.chain.then(() => this.saveNow(true));
    this.chain = run.catch(() => {});
    return run;
  }

  /** Conflict, "load theirs": the server's documents replace the local ones. */
  loadTheirs(): Promise<void> {
    return this.load();
  }

  dispose(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  private async saveNow(force: boolean): Promise<boolean> {
    if (this.conflict && !force) return false;
    const snap = this.editor.getSnapshot();
    const parts = PARTS.filter((p) => snap.dirtyParts[p] && snap.committed[p] !== null);
    if (parts.length === 0) return !snap.dirty;
    this.saving = true;
    this.error = null;
    this.refresh();
    try {
      for (const part of parts) {
        const doc = snap.committed[part]!;
        try {
          const version = await this.api.save(part, this.projectId, this.versions[part], doc);
          this.versions = { ...this.versions, [part]: version };
          this.editor.markSaved({ [part]: doc });
        } catch (e) {
          if (e instanceof StaleDocumentError) this.conflict = { part, currentVersion: e.currentVersion };
          else this.error = e instanceof Error ? e.message : String(e);
          return false;
        }
      }
    } finally {
      this.saving = false;
      this.refresh();
    }
    return !this.editor.getSnapshot().dirty;
  }

  private compose(): ElectricalStoreState {
    const dirty = this.editor.getSnapshot().dirty;
    const state: ElectricalSaveState = this.conflict ? 'conflict' : this.saving ? 'saving' : this.error ? 'error' : dirty ? 'dirty' : 'saved';
    return { state, versions: this.versions, conflict: this.conflict, error: this.error };
  }

  private refresh(): void {
    const next = this.compose();
    const cur = this.stateNow;
    if (next.state === cur.state && next.versions === cur.versions && next.conflict === cur.conflict && next.error === cur.error) return;
    this.stateNow = next;
    for (const fn of this.listeners) fn();
  }
}
