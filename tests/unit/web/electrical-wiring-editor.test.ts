// The Electrical step's wiring editor driven like the plan drives it (synthetic pointer and key
// events in plan metres, src/web/editor/electrical/wiring-editor.ts and wiring.machine.ts): strings
// built click by click, a module moved between strings, undo / redo through the scene history, the
// automatic mode only selecting, equipment dragged with a preview and one history step; and the store
// that saves what changed on the version it is based on, a stale save (409) kept as a conflict.
import { describe, expect, it } from 'vitest';
import type { InverterConfigDocument } from '../../../src/model/electrical-design.ts';
import { StaleDocumentError, type ElectricalApi } from '../../../src/web/editor/electrical/electrical-api.ts';
import { ElectricalStore } from '../../../src/web/editor/electrical/electrical-store.ts';
import { WIRING_HINTS } from '../../../src/web/editor/electrical/wiring.machine.ts';
import { WiringEditor } from '../../../src/web/editor/electrical/wiring-editor.ts';
import { configOf, ref, rowLayout } from './electrical-fixtures.ts';

/** 0.05 m per pixel: the 3 px drag threshold is 0.15 m, the 12 px symbol radius 0.6 m. */
const M_PER_PX = 0.05;

function editorOf(config: InverterConfigDocument = configOf([], [0, 1, 2, 3, 4, 5])) {
  let n = 0;
  const e = new WiringEditor({ config, layout: rowLayout(6), newId: () => `n${++n}` });
  const at = (x: number, y: number, shift = false) => ({ x, y, mPerPx: M_PER_PX, shift });
  const click = (i: number, shift = false) => {
    e.send({ type: 'pointer.down', ...at(1.2 * i, 0, shift) });
    e.send({ type: 'pointer.up', ...at(1.2 * i, 0, shift) });
  };
  const strings = () => e.getSnapshot().committed.config!.strings.map((s) => [s.number, s.moduleRefs.map((r) => Number(r.split('#')[1]))]);
  return { e, at, click, strings };
}

describe('manual wiring on the plan', () => {
  it('starts a string on an unassigned module and adds the modules clicked next, in click order', () => {
    const { e, click, strings } = editorOf();
    click(3);
    expect(strings()).toEqual([[1, [3]]]);
    expect(e.getSnapshot().selected).toBe('n1');
    click(1);
    click(2);
    expect(strings()).toEqual([[1, [3, 1, 2]]]);
    expect(e.getSnapshot().committed.config!.unassigned).toEqual([ref(0), ref(4), ref(5)]);
    expect(e.getSnapshot().history.undo.map((o) => o.label)).toEqual(['electrical.history.addModule', 'electrical.history.addModule', 'electrical.history.newString']);
  });

  it('moves a module from another string into the selected one (Shift+click selects or starts a string), and undo puts it back', () => {
    const { e, click, strings } = editorOf();
    click(0);
    click(1);
    click(2, true); // a new string S2 with module 2, now selected
    expect(strings()).toEqual([
      [1, [0, 1]],
      [2, [2]],
    ]);
    click(1); // module 1 leaves S1 for S2
    expect(strings()).toEqual([
      [1, [0]],
      [2, [2, 1]],
    ]);
    e.undo();
    expect(strings()).toEqual([
      [1, [0, 1]],
      [2, [2]],
    ]);
    e.redo();
    // Module 0 joins S2 too: S1 is emptied and goes away, S2 keeps its number.
    click(0);
    expect(strings()).toEqual([[2, [2, 1, 0]]]);
    click(0, true); // Shift on a module of the selected string: stays selected
    expect(e.getSnapshot().selected).toBe('n2');
  });

  it('takes a module of the selected string out again; the last one out removes the string and the selection', () => {
    const { e, click, strings } = editorOf();
    click(4);
    click(5);
    click(4);
    expect(strings()).toEqual([[1, [5]]]);
    click(5);
    expect(strings()).toEqual([]);
    expect(e.getSnapshot().selected).toBeNull();
  });

  it('selects a string by a click on its module; a click off the modules and Esc clear the selection; Delete deletes the selected string', () => {
    const { e, at, click, strings } = editorOf();
    click(0);
    click(1);
    e.send({ type: 'pointer.down', ...at(3, 6) });
    e.send({ type: 'pointer.up', ...at(3, 6) });
    expect(e.getSnapshot().selected).toBeNull();
    click(1);
    expect(e.getSnapshot().selected).toBe('n1');
    e.command({ type: 'key.escape' });
    expect(e.getSnapshot().selected).toBeNull();
    click(0);
    e.command({ type: 'key.delete' });
    expect(strings()).toEqual([]);
    expect(e.getSnapshot().committed.config!.unassigned).toHaveLength(6);
    // Ctrl+Z through the keyboard command.
    e.command({ type: 'history.undo' });
    expect(strings()).toEqual([[1, [0, 1]]]);
  });

  it('in automatic mode a click only selects, and an unassigned module says to switch to manual', () => {
    const { e, click, strings } = editorOf({ ...configOf([], [0, 1, 2, 3, 4, 5]), mode: 'auto' });
    click(2);
    expect(strings()).toEqual([]);
    expect(e.getSnapshot().overlay.hint).toBe(WIRING_HINTS.autoMode);
    expect(e.getSnapshot().history.canUndo).toBe(false);
  });
});

describe('equipment on the plan', () => {
  it('drags an inverter: a preview while moving, one history step on release', () => {
    const { e, at } = editorOf();
    e.send({ type: 'pointer.down', ...at(0.2, -5) });
    e.send({ type: 'pointer.move', ...at(0.25, -5) }); // 1 px: still a press
    expect(e.getSnapshot().toolState).toBe('pressingSymbol');
    e.send({ type: 'pointer.move', ...at(1.2, -5) });
    expect(e.getSnapshot().toolState).toBe('draggingSymbol');
    expect(e.getSnapshot().scene.config!.inverters[0].position).toEqual([1, -5]);
    expect(e.getSnapshot().committed.config!.inverters[0].position).toEqual([0, -5]);
    e.send({ type: 'pointer.up', ...at(3.2, -4) });
    expect(e.getSnapshot().committed.config!.inverters[0].position).toEqual([3, -4]);
    expect(e.getSnapshot().history.undo.map((o) => o.label)).toEqual(['electrical.history.moveEquipment']);
  });

  it('Esc during a drag leaves the inverter where it was', () => {
    const { e, at } = editorOf();
    e.send({ type: 'pointer.down', ...at(0, -8) });
    e.send({ type: 'pointer.move', ...at(2, -8) });
    expect(e.getSnapshot().scene.config!.gridPoint).toEqual([2, -8]);
    e.command({ type: 'key.escape' });
    expect(e.getSnapshot().scene.config!.gridPoint).toEqual([0, -8]);
    expect(e.getSnapshot().history.canUndo).toBe(false);
  });
});

describe('saving the step', () => {
  function fakeApi(stale = false) {
    const saves: { part: string; version: number }[] = [];
    let version = { config: 4, cables: 0 };
    const api: ElectricalApi = {
      read: async (part) => (part === 'config' ? { version: version.config, data: configOf([], [0, 1, 2, 3, 4, 5]) } : { version: 0, data: null }) as never,
      async save(part, _projectId, base) {
        saves.push({ part, version: base });
        if (stale) {
          stale = false;
          throw new StaleDocumentError(9, 'stale');
        }
        version = { ...version, [part]: version[part] + 1 };
        return version[part];
      },
    };
    return { api, saves };
  }

  it('saves only what changed, on the version it was loaded at; the editor is then clean', async () => {
    const { api, saves } = fakeApi();
    const e = new WiringEditor({ layout: rowLayout(6), newId: () => 'x' });
    const store = new ElectricalStore(1, e, api);
    await store.load();
    expect(await store.save()).toBe(true);
    expect(saves).toEqual([]);
    e.send({ type: 'pointer.down', x: 0, y: 0, mPerPx: M_PER_PX });
    e.send({ type: 'pointer.up', x: 0, y: 0, mPerPx: M_PER_PX });
    expect(store.getState().state).toBe('dirty');
    expect(await store.save()).toBe(true);
    expect(saves).toEqual([{ part: 'config', version: 4 }]);
    expect(store.version('config')).toBe(5);
    expect(e.getSnapshot().dirty).toBe(false);
    expect(store.getState().state).toBe('saved');
  });

  it('keeps a stale save as a conflict that loses nothing; "keep mine" saves on the version stored now', async () => {
    const { api, saves } = fakeApi(true);
    const e = new WiringEditor({ layout: rowLayout(6), newId: () => 'x' });
    const store = new ElectricalStore(1, e, api);
    await store.load();
    e.send({ type: 'pointer.down', x: 0, y: 0, mPerPx: M_PER_PX });
    e.send({ type: 'pointer.up', x: 0, y: 0, mPerPx: M_PER_PX });
    expect(await store.save()).toBe(false);
    expect(store.getState()).toMatchObject({ state: 'conflict', conflict: { part: 'config', currentVersion: 9 } });
    expect(e.getSnapshot().committed.config!.strings).toHaveLength(1);
    expect(await store.keepMine()).toBe(true);
    expect(saves.at(-1)).toEqual({ part: 'config', version: 9 });
    expect(store.getState().state).toBe('saved');
  });

  it('takes a document the server made as one undoable step that is already saved', async () => {
    const { api } = fakeApi();
    const e = new WiringEditor({ layout: rowLayout(6) });
    const store = new ElectricalStore(1, e, api);
    await store.load();
    const made = { ...configOf([], [0, 1, 2, 3, 4, 5]), mode: 'auto' as const };
    store.applyServer('config', 12, made, 'electrical.history.configure');
    expect(store.version('config')).toBe(12);
    expect(e.getSnapshot()).toMatchObject({ dirty: false, committed: { config: made } });
    e.undo();
    expect(e.getSnapshot().dirty).toBe(true);
  });
});
