// The editor's saved documents (issue 7 "Saving"): the building ('lite-re'), the layout
// ('component-layout') and the shading ('shade-analysis') of a project, loaded and saved through the
// server's versioned calls (design-api.ts). Each document keeps the version it is based on; a save
// sends only the documents that changed since they were loaded or saved. A save the server refuses
// as stale (409) is a conflict that loses nothing: the local document stays, and the user chooses
// to keep theirs (saved again on the server's current version, overwriting it) or to load the
// server's (the local changes dropped). Changes can be saved on their own after a quiet moment
// (autosaveMs), and `dirty` tells the wizard's leave guard whether work is unsaved: on the leave
// flag the page awaits flush() and confirms the leave when it answers true.
//
// Documents are immutable values (document/*.ts actions), so "changed" is "not the object last
// loaded or saved".
import {
  buildingDocumentSchema,
  emptyBuildingDocument,
  emptyLayoutDocument,
  layoutDocumentSchema,
  shadeDocumentSchema,
  type BuildingDocument,
  type LayoutDocument,
  type ShadeDocument,
} from '../../../model/design.ts';
import { DESIGN_DOC_KEYS, httpDesignApi, StaleVersionError, type DesignApi, type DesignDocKey } from './design-api.ts';

/** The documents by key; the shading is null until an analysis was saved. */
export interface DesignDocs {
  building: BuildingDocument;
  layout: LayoutDocument;
  shade: ShadeDocument | null;
}

/** saved: as stored; dirty: changed locally; conflict: a save was refused as stale; error: a save failed. */
export type DocSaveState = 'saved' | 'dirty' | 'saving' | 'conflict' | 'error';

export interface DocStatus {
  state: DocSaveState;
  /** The stored version this document is based on (0: never saved). */
  version: number;
  /** On a conflict: the version stored now and the server's message. */
  conflict: { currentVersion: number; message: string } | null;
  /** The last save failure (not a conflict), or null. */
  error: string | null;
}

/** A stored document the schema rejects (loading stops: saving over it would lose it). */
export class DesignDataError extends Error {
  constructor(
    readonly key: DesignDocKey,
    readonly issues: string[],
  ) {
    super(`the stored ${key} document is not valid: ${issues.join('; ')}`);
    this.name = 'DesignDataError';
  }
}

export interface DesignStoreOptions {
  api?: DesignApi;
  /** Save this long after the last change [ms]; null: only on save()/flush(). */
  autosaveMs?: number | null;
  /** The origin a never-saved building document gets. */
  origin?: { lat: number; lng: number } | null;
}

interface Slot<K extends DesignDocKey> {
  doc: DesignDocs[K];
  /** The document as last loaded or saved. */
  saved: DesignDocs[K];
  version: number;
  saving: boolean;
  conflict: DocStatus['conflict'];
  error: string | null;
  /** The save in progress (saves of one document run one after the other). */
  chain: Promise<unknown>;
}

type Slots = { [K in DesignDocKey]: Slot<K> };

function parse<K extends DesignDocKey>(key: K, data: unknown, origin: { lat: number; lng: number } | null): DesignDocs[K] {
  const fail = (issues: { path: PropertyKey[]; message: string }[]): never => {
    throw new DesignDataError(
      key,
      issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`),
    );
  };
  switch (key) {
    case 'building': {
      if (data === null) return emptyBuildingDocument(origin) as DesignDocs[K];
      const r = buildingDocumentSchema.safeParse(data);
      return (r.success ? r.data : fail(r.error.issues)) as DesignDocs[K];
    }
    case 'layout': {
      if (data === null) return emptyLayoutDocument() as DesignDocs[K];
      const r = layoutDocumentSchema.safeParse(data);
      return (r.success ? r.data : fail(r.error.issues)) as DesignDocs[K];
    }
    default: {
      if (data === null) return null as DesignDocs[K];
      const r = shadeDocumentSchema.safeParse(data);
      return (r.success ? r.data : fail(r.error.issues)) as DesignDocs[K];
    }
  }
}

function slot<K extends DesignDocKey>(doc: DesignDocs[K]): Slot<K> {
  return { doc, saved: doc, version: 0, saving: false, conflict: null, error: null, chain: Promise.resolve() };
}

export class DesignStore {
  private readonly api: DesignApi;
  private readonly autosaveMs: number | null;
  private readonly origin: { lat: number; lng: number } | null;
  private readonly slots: Slots;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private revision = 0;

  constructor(
    readonly projectId: number,
    options: DesignStoreOptions = {},
  ) {
    this.api = options.api ?? httpDesignApi();
    this.autosaveMs = options.autosaveMs ?? null;
    this.origin = options.origin ?? null;
    this.slots = { building: slot<'building'>(emptyBuildingDocument(this.origin)), layout: slot<'layout'>(emptyLayoutDocument()), shade: slot<'shade'>(null) };
  }

  /** Reads the documents (all by default) from the server, replacing the local ones. */
  async load(keys: readonly DesignDocKey[] = DESIGN_DOC_KEYS): Promise<void> {
    const read = await Promise.all(keys.map(async (k) => [k, await this.api.read(k, this.projectId)] as const));
    // Parse them all before touching any: a bad one leaves the store as it was.
    const parsed = read.map(([k, r]) => [k, r.version, parse(k, r.data, this.origin)] as const);
    for (const [k, version, doc] of parsed) this.replace(k, doc, version);
    this.notify();
  }

  private replace<K extends DesignDocKey>(key: K, doc: DesignDocs[K], version: number): void {
    const s = this.slots[key] as Slot<K>;
    s.doc = doc;
    s.saved = doc;
    s.version = version;
    s.conflict = null;
    s.error = null;
  }

  get<K extends DesignDocKey>(key: K): DesignDocs[K] {
    return (this.slots[key] as Slot<K>).doc;
  }

  /** The stored version a document is based on. */
  version(key: DesignDocKey): number {
    return this.slots[key].version;
  }

  /** The versions a shade analysis refers to (shade-input.ts DesignVersions). */
  versions(): { layoutVersion: number; buildingVersion: number } {
    return { layoutVersion: this.slots.layout.version, buildingVersion: this.slots.building.version };
  }

  status(key: DesignDocKey): DocStatus {
    const s = this.slots[key];
    const state: DocSaveState = s.conflict ? 'conflict' : s.saving ? 'saving' : s.error ? 'error' : s.doc !== s.saved ? 'dirty' : 'saved';
    return { state, version: s.version, conflict: s.conflict, error: s.error };
  }

  /** Whether a document has changes the server does not have. */
  isDirty(key: DesignDocKey): boolean {
    const s = this.slots[key];
    return s.doc !== s.saved || s.conflict !== null;
  }

  /** Any unsaved work (the leave guard). */
  get dirty(): boolean {
    return DESIGN_DOC_KEYS.some((k) => this.isDirty(k));
  }

  /** Increases with every change of the store (documents, versions, states): for React's useSyncExternalStore. */
  get snapshot(): number {
    return this.revision;
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private notify(): void {
    this.revision++;
    for (const fn of this.listeners) fn();
  }

  /** A local change (an editor action's result); saved later by save(), flush() or the autosave. */
  set<K extends DesignDocKey>(key: K, doc: DesignDocs[K]): void {
    const s = this.slots[key] as Slot<K>;
    if (s.doc === doc) return;
    s.doc = doc;
    this.notify();
    this.schedule();
  }

  private schedule(): void {
    if (this.autosaveMs === null) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save().catch(() => {});
    }, this.autosaveMs);
  }

  /**
   * Saves the changed documents (or those given), one save per document at a time. Resolves with
   * each document's state afterwards; a conflict or failure is reported, never thrown, and the local
   * document is kept. A document in conflict is not saved again until keepMine/loadTheirs.
   */
  async save(keys: readonly DesignDocKey[] = DESIGN_DOC_KEYS): Promise<Record<DesignDocKey, DocSaveState>> {
    await Promise.all(keys.map((k) => this.enqueue(k, false)));
    return { building: this.status('building').state, layout: this.status('layout').state, shade: this.status('shade').state };
  }

  private enqueue(key: DesignDocKey, force: boolean): Promise<unknown> {
    const s = this.slots[key];
    const next = s.chain.then(() => this.saveNow(key, force));
    s.chain = next.catch(() => {});
    return next;
  }

  private async saveNow(key: DesignDocKey, force: boolean): Promise<void> {
    const s = this.slots[key];
    if (s.conflict !== null && !force) return;
    if (s.doc === s.saved && !force) return;
    const sent = s.doc;
    s.saving = true;
    s.error = null;
    this.notify();
    try {
      const r = await this.api.save(key, this.projectId, s.version, sent);
      s.version = r.version;
      s.saved = sent;
      s.conflict = null;
    } catch (e) {
      if (e instanceof StaleVersionError) s.conflict = { currentVersion: e.currentVersion, message: e.message };
      else s.error = e instanceof Error ? e.message : String(e);
    } finally {
      s.saving = false;
      this.notify();
    }
  }

  /** Conflict, "keep mine": saves the local document on the server's current version (overwriting it). */
  async keepMine(key: DesignDocKey): Promise<DocSaveState> {
    const s = this.slots[key];
    if (s.conflict === null) return this.status(key).state;
    s.version = s.conflict.currentVersion;
    s.conflict = null;
    await this.enqueue(key, true);
    return this.status(key).state;
  }

  /** Conflict, "load theirs": the server's document replaces the local one. */
  async loadTheirs(key: DesignDocKey): Promise<void> {
    await this.load([key]);
  }

  /**
   * Saves everything unsaved now (the leave guard, before a shade run): true when nothing is left
   * unsaved, false when a conflict or failure remains (the page tells the user).
   */
  async flush(): Promise<boolean> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.save();
    return !this.dirty;
  }

  /** Stops the autosave timer (the editor unmounts). */
  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }
}

/** The page's answer to the wizard's leave flag: true → send leave.confirm; false → show why. */
export function saveBeforeLeave(store: Pick<DesignStore, 'dirty' | 'flush'>): Promise<boolean> {
  return store.dirty ? store.flush() : Promise.resolve(true);
}
