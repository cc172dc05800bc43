// Saving the editor's documents (src/web/editor/save/design-store.ts, design-api.ts; issue 7 "Saving":
// versioned calls, a conflict tells the user and loses nothing; spec 000 §2 leave flag). fetch is
// replaced by a fake server that keeps versioned documents like src/server/projects/documents.ts:
// GET answers { version, data } (0 and null when never saved), a save based on a stale version
// answers 409 STALE_VERSION with data.currentVersion and changes nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClientStore } from '../../../../../src/web/api/http.ts';
import type { KeyValueStore } from '../../../../../src/web/session/storage.ts';
import { DESIGN_DOC_ROUTES } from '../../../../../src/web/editor/save/design-api.ts';
import { DesignDataError, DesignStore, saveBeforeLeave } from '../../../../../src/web/editor/save/design-store.ts';
import { emptyBuildingDocument, emptyLayoutDocument, type LayoutDocument } from '../../../../../src/model/design.ts';
import { setSettings } from '../../../../../src/web/editor/document/layout.ts';

const PROJECT = 42;

/** The server's documents by path of their GET call. */
class FakeServer {
  docs = new Map<string, { version: number; data: unknown }>();
  requests: { method: string; path: string; body?: { projectId: number; version: number; data: unknown } }[] = [];
  failNextSave = false;

  stored(getPath: string) {
    return this.docs.get(getPath) ?? { version: 0, data: null };
  }

  /** Someone else saves (another tab): the version moves on. */
  saveElsewhere(getPath: string, data: unknown) {
    const cur = this.stored(getPath);
    this.docs.set(getPath, { version: cur.version + 1, data });
  }

  fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as { projectId: number; version: number; data: unknown }) : undefined;
    this.requests.push({ method, path: url.pathname, body });
    const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    for (const route of Object.values(DESIGN_DOC_ROUTES)) {
      if (method === 'GET' && url.pathname === route.get) {
        expect(url.searchParams.get('projectId')).toBe(String(PROJECT));
        const d = this.stored(route.get);
        return json(200, { code: 200, msg: '', data: { projectId: PROJECT, step: 's', version: d.version, updatedAt: d.version ? '2025-01-01T00:00:00.000Z' : null, data: d.data } });
      }
      if (method === 'POST' && url.pathname === route.save && body) {
        if (this.failNextSave) {
          this.failNextSave = false;
          return json(500, { code: 500, msg: 'The system is busy, please try again later', data: null });
        }
        const cur = this.stored(route.get);
        if (body.version !== cur.version) {
          return json(409, { code: 409, msg: `This data was changed elsewhere (now version ${cur.version})`, data: { error: 'STALE_VERSION', currentVersion: cur.version } });
        }
        this.docs.set(route.get, { version: cur.version + 1, data: body.data });
        return json(200, { code: 200, msg: 'Saved', data: { projectId: PROJECT, step: 's', version: cur.version + 1, updatedAt: '2025-01-01T00:00:00.000Z' } });
      }
    }
    return json(404, { code: 404, msg: 'not found', data: null });
  };
}

function memoryStore(): KeyValueStore {
  const map = new Map<string, string>([['token', 't']]);
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

let server: FakeServer;
beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
  setClientStore(memoryStore());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const L = DESIGN_DOC_ROUTES.layout;
const B = DESIGN_DOC_ROUTES.building;

const posts = () => server.requests.filter((r) => r.method === 'POST');

describe('loading', () => {
  it('a project never saved gives empty documents at version 0 (no shading yet)', async () => {
    const store = new DesignStore(PROJECT, { origin: { lat: 31, lng: 121 } });
    await store.load();
    expect(store.get('building')).toEqual(emptyBuildingDocument({ lat: 31, lng: 121 }));
    expect(store.get('layout')).toEqual(emptyLayoutDocument());
    expect(store.get('shade')).toBeNull();
    expect(store.version('layout')).toBe(0);
    expect(store.dirty).toBe(false);
  });

  it('stored documents come back exactly, with their versions', async () => {
    const layout = setSettings(emptyLayoutDocument(), { tilt: 33 });
    server.docs.set(L.get, { version: 7, data: layout });
    const store = new DesignStore(PROJECT);
    await store.load();
    expect(store.get('layout')).toEqual(layout);
    expect(store.version('layout')).toBe(7);
  });

  it('a stored document the schema rejects stops loading rather than being replaced by an empty one', async () => {
    server.docs.set(L.get, { version: 2, data: { kind: 'layout', version: 1, arrays: 'nope' } });
    const store = new DesignStore(PROJECT);
    await expect(store.load()).rejects.toBeInstanceOf(DesignDataError);
  });
});

describe('saving', () => {
  it('saves only the documents that changed, on the version they were based on', async () => {
    const store = new DesignStore(PROJECT);
    await store.load();
    store.set('layout', setSettings(store.get('layout'), { tilt: 25 }));
    expect(store.dirty).toBe(true);
    expect(store.status('layout').state).toBe('dirty');
    expect(await store.save()).toEqual({ building: 'saved', layout: 'saved', shade: 'saved' });
    expect(posts().map((p) => [p.path, p.body?.version])).toEqual([[L.save, 0]]);
    expect(store.version('layout')).toBe(1);
    expect(store.dirty).toBe(false);
    expect(server.stored(L.get).data).toEqual(store.get('layout'));
    // Nothing changed: nothing sent.
    await store.save();
    expect(posts()).toHaveLength(1);
    // The next change goes on version 1.
    store.set('layout', setSettings(store.get('layout'), { tilt: 26 }));
    await store.save();
    expect(posts()[1].body?.version).toBe(1);
    expect(store.version('layout')).toBe(2);
  });

  it('a failed save keeps the document dirty and reports the error; the next save retries', async () => {
    const store = new DesignStore(PROJECT);
    await store.load();
    store.set('layout', setSettings(store.get('layout'), { tilt: 25 }));
    server.failNextSave = true;
    expect((await store.save()).layout).toBe('error');
    expect(store.status('layout').error).toBe('The system is busy, please try again later');
    expect(store.dirty).toBe(true);
    expect((await store.save()).layout).toBe('saved');
  });
});

describe('conflicts (409 STALE_VERSION)', () => {
  async function conflicted() {
    server.docs.set(L.get, { version: 3, data: emptyLayoutDocument() });
    const store = new DesignStore(PROJECT);
    await store.load();
    const mine: LayoutDocument = setSettings(store.get('layout'), { tilt: 12 });
    store.set('layout', mine);
    const theirs = setSettings(emptyLayoutDocument(), { tilt: 40 });
    server.saveElsewhere(L.get, theirs);
    const state = await store.save();
    return { store, mine, theirs, state };
  }

  it('reports a conflict with the version stored now, keeping the local document', async () => {
    const { store, mine, state } = await conflicted();
    expect(state.layout).toBe('conflict');
    expect(store.status('layout').conflict).toEqual({ currentVersion: 4, message: expect.stringContaining('changed elsewhere') });
    expect(store.get('layout')).toBe(mine);
    expect(store.dirty).toBe(true);
    // The server's document is untouched; further saves wait for the user's choice.
    await store.save();
    expect(posts()).toHaveLength(1);
    expect(server.stored(L.get).version).toBe(4);
  });

  it('"keep mine" saves the local document on the current version', async () => {
    const { store, mine } = await conflicted();
    expect(await store.keepMine('layout')).toBe('saved');
    expect(posts().map((p) => p.body?.version)).toEqual([3, 4]);
    expect(server.stored(L.get)).toEqual({ version: 5, data: mine });
    expect(store.version('layout')).toBe(5);
    expect(store.dirty).toBe(false);
  });

  it('"load theirs" replaces the local document with the stored one', async () => {
    const { store, theirs } = await conflicted();
    await store.loadTheirs('layout');
    expect(store.get('layout')).toEqual(theirs);
    expect(store.version('layout')).toBe(4);
    expect(store.status('layout').state).toBe('saved');
    expect(store.dirty).toBe(false);
  });
});

describe('autosave and the leave guard', () => {
  it('saves once after a quiet moment, however many changes came before', async () => {
    vi.useFakeTimers();
    const store = new DesignStore(PROJECT, { autosaveMs: 1000 });
    await store.load();
    let doc = store.get('layout');
    for (const tilt of [10, 11, 12]) {
      doc = setSettings(doc, { tilt });
      store.set('layout', doc);
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(posts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(posts()).toHaveLength(1);
    expect((server.stored(L.get).data as LayoutDocument).settings.tilt).toBe(12);
    store.dispose();
  });

  it('the leave guard saves unsaved work first and lets the user leave when all is saved', async () => {
    const store = new DesignStore(PROJECT, { autosaveMs: 60_000 });
    await store.load();
    expect(await saveBeforeLeave(store)).toBe(true);
    expect(posts()).toHaveLength(0);
    store.set('building', { ...store.get('building'), origin: { lat: 1, lng: 2 } });
    expect(await saveBeforeLeave(store)).toBe(true);
    expect(posts().map((p) => p.path)).toEqual([B.save]);
    store.dispose();
  });

  it('the leave guard holds the user when a conflict remains', async () => {
    server.docs.set(B.get, { version: 1, data: emptyBuildingDocument() });
    const store = new DesignStore(PROJECT);
    await store.load();
    store.set('building', { ...store.get('building'), origin: { lat: 1, lng: 2 } });
    server.saveElsewhere(B.get, emptyBuildingDocument());
    expect(await saveBeforeLeave(store)).toBe(false);
    expect(store.status('building').state).toBe('conflict');
  });

  it('notifies subscribers of changes and saves', async () => {
    const store = new DesignStore(PROJECT);
    await store.load();
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.snapshot));
    store.set('layout', setSettings(store.get('layout'), { tilt: 5 }));
    await store.save();
    // set, saving, saved.
    expect(seen.length).toBe(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
