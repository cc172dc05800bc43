// The open design (src/web/editor/session/design-session.ts): it loads the saved documents into the
// editor, turns every committed editor change into a local change of the store (saved on demand), keeps
// the editor's dirty flag in step with the server, and resolves a 409 conflict either way without
// losing the local work until the user chooses. The server is an in-memory DesignApi that keeps
// versions like src/server/projects/documents.ts.
import { describe, expect, it } from 'vitest';
import { emptyBuildingDocument, type BuildingDocument } from '../../../../src/model/design.ts';
import { addBuilding, setEaveHeight } from '../../../../src/web/editor/document/building.ts';
import { StaleVersionError, type DesignApi, type DesignDocKey } from '../../../../src/web/editor/save/design-api.ts';
import { DesignSession } from '../../../../src/web/editor/session/design-session.ts';

class MemoryApi implements DesignApi {
  docs = new Map<DesignDocKey, { version: number; data: unknown }>();
  saves = 0;
  async read(key: DesignDocKey) {
    return this.docs.get(key) ?? { version: 0, data: null };
  }
  async save(key: DesignDocKey, _projectId: number, base: number, data: unknown) {
    const cur = this.docs.get(key) ?? { version: 0, data: null };
    if (base !== cur.version) throw new StaleVersionError(key, cur.version, 'The data has been modified by someone else, please reload');
    this.saves++;
    this.docs.set(key, { version: cur.version + 1, data: structuredClone(data) });
    return { version: cur.version + 1 };
  }
}

const square = [
  [0, 0],
  [10, 0],
  [10, 8],
  [0, 8],
].map(([x, y], i) => ({ id: `o${i}`, x, y }));

function withHouse(doc: BuildingDocument, eave = 6): BuildingDocument {
  return addBuilding(doc, { id: 'b1', outline: square, closed: true, eaveHeight: eave });
}

async function open(api: MemoryApi) {
  const s = new DesignSession({ projectId: 7, engine: null, api, origin: { lat: 31.2, lng: 121.5 }, schedule: (cb) => cb() });
  await s.opened;
  return s;
}

describe('design session', () => {
  it('opens a never-saved design as empty documents at the project origin', async () => {
    const s = await open(new MemoryApi());
    expect(s.state).toBe('ready');
    expect(s.editor.committed.building).toEqual(emptyBuildingDocument({ lat: 31.2, lng: 121.5 }));
    expect(s.editor.getSnapshot().dirty).toBe(false);
    expect(s.store.dirty).toBe(false);
  });

  it('saves an editor change, then the editor is clean and a reload finds it', async () => {
    const api = new MemoryApi();
    const s = await open(api);
    s.editor.change((d) => withHouse(d), 'editor.history.drawBuilding');
    expect(s.store.dirty).toBe(true);
    expect(s.editor.getSnapshot().dirty).toBe(true);
    expect(await s.save()).toBe(true);
    expect(s.store.dirty).toBe(false);
    expect(s.editor.getSnapshot().dirty).toBe(false);
    expect(api.docs.get('building')?.version).toBe(1);
    const again = await open(api);
    expect(again.editor.committed.building.buildings.map((b) => b.id)).toEqual(['b1']);
    // History starts afresh on a reload: nothing to undo.
    expect(again.editor.getSnapshot().history.canUndo).toBe(false);
  });

  it('undo after a save makes the design dirty again (the server holds the undone change)', async () => {
    const s = await open(new MemoryApi());
    s.editor.change((d) => withHouse(d), 'editor.history.drawBuilding');
    await s.save();
    s.editor.undo();
    expect(s.editor.committed.building.buildings).toEqual([]);
    expect(s.store.dirty).toBe(true);
  });

  it('a conflict keeps the local work; "keep mine" overwrites, "load theirs" replaces it', async () => {
    const api = new MemoryApi();
    const s = await open(api);
    s.editor.change((d) => withHouse(d), 'editor.history.drawBuilding');
    await s.save();
    // Another tab saves a different eave height meanwhile.
    api.docs.set('building', { version: 2, data: withHouse(emptyBuildingDocument({ lat: 31.2, lng: 121.5 }), 9) });
    s.editor.change((d) => setEaveHeight(d, 'b1', 7), 'editor.history.setEave');
    expect(await s.save()).toBe(false);
    expect(s.store.status('building').state).toBe('conflict');
    expect(s.editor.committed.building.buildings[0].eaveHeight).toBe(7);

    await s.keepMine();
    expect(s.store.status('building').state).toBe('saved');
    expect((api.docs.get('building')?.data as BuildingDocument).buildings[0].eaveHeight).toBe(7);

    api.docs.set('building', { version: 9, data: withHouse(emptyBuildingDocument({ lat: 31.2, lng: 121.5 }), 11) });
    s.editor.change((d) => setEaveHeight(d, 'b1', 8), 'editor.history.setEave');
    await s.save();
    expect(s.store.status('building').state).toBe('conflict');
    await s.loadTheirs();
    expect(s.editor.committed.building.buildings[0].eaveHeight).toBe(11);
    expect(s.store.dirty).toBe(false);
  });

  it('a stored document the schema refuses stops loading (nothing is overwritten)', async () => {
    const api = new MemoryApi();
    api.docs.set('building', { version: 3, data: { kind: 'building', version: 1, buildings: 'not a list' } });
    const s = await open(api);
    expect(s.state).toBe('failed');
    expect(s.error).toMatch(/building/);
    expect(api.saves).toBe(0);
  });
});
