// The Editor in the PV layout step's scope (issue 18 item 2: Select + click on a module + Delete removed
// the whole roof): the building is read-only there — Select picks modules, Delete removes exactly the
// selected modules, undo and redo bring them back and take them again — and the building step's
// tools and keys do nothing. Synthetic pointer events through the facade, roofs from a fake engine.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS, emptyBuildingDocument, emptyLayoutDocument, type LayoutDocument } from '../../../../../src/model/design.ts';
import type { RoofOutput } from '../../../../../src/model/roof.ts';
import { addBuilding } from '../../../../../src/web/editor/document/building.ts';
import { Editor, type EditorScope } from '../../../../../src/web/editor/Editor.ts';
import { shortcutFor } from '../../../../../src/web/editor/keys.ts';
import { click, drag } from './harness.ts';

const LAYOUT_STEP: EditorScope = { tools: ['module', 'select'], edits: 'layout' };

/** One flat 10 × 8 m face at z 6: what the engine answers for the building. */
const FACE: RoofOutput = {
  success: true,
  errors: [],
  points: [],
  lines: [],
  faces: [{ id: 'f', pointIds: [], vertices: [[0, 0, 6], [10, 0, 6], [10, 8, 6], [0, 8, 6]], tilt: 0, azimuth: 180, area: 80, planArea: 80, normal: [0, 0, 1] }],
};

async function layoutStep() {
  const queue: (() => void)[] = [];
  const building = addBuilding(emptyBuildingDocument(), {
    id: 'B',
    outline: [
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: 10, y: 0 },
      { id: 'c', x: 10, y: 8 },
      { id: 'd', x: 0, y: 8 },
    ],
    closed: true,
    eaveHeight: 6,
  });
  const layout: LayoutDocument = {
    ...emptyLayoutDocument(),
    arrays: [{ id: 'A', buildingId: 'B', faceId: 'f', settings: DEFAULT_LAYOUT_SETTINGS, tilt: 0, azimuth: 180, along: 2, up: 1, centers: [2, 2, 6, 5, 2, 6, 8, 2, 6, 2, 5, 6], rowPitch: 3 }],
  };
  const editor = new Editor({ building, layout, engine: { roof: () => Promise.resolve(FACE) }, schedule: (cb) => void queue.push(cb) });
  while (queue.length > 0) queue.shift()?.();
  await new Promise((r) => setTimeout(r, 0));
  expect(editor.getSnapshot().roofs.B.status).toBe('done');
  const send = (e: Parameters<Editor['send']>[0]) => editor.send(e);
  const key = (k: Parameters<typeof shortcutFor>[0]) => {
    const c = shortcutFor(k);
    if (c) editor.command(c);
  };
  const count = () => editor.getSnapshot().committed.layout.arrays[0].centers.length / 3;
  return { editor, building, send, key, count };
}

describe('the PV layout scope', () => {
  it('Select + click on a module + Delete removes that module, not the building; undo and redo', async () => {
    const { editor, building, send, key, count } = await layoutStep();
    editor.setScope(LAYOUT_STEP);
    expect(editor.getSnapshot().tool).toBe('module');
    key({ key: 'v' });
    expect(editor.getSnapshot().tool).toBe('select');
    click(send, 5.2, 2.1);
    expect(editor.getSnapshot().selection).toEqual({ kind: 'modules', refs: [{ arrayId: 'A', index: 1 }] });
    key({ key: 'Delete' });
    expect(count()).toBe(3);
    expect(editor.getSnapshot().committed.layout.arrays[0].centers).toEqual([2, 2, 6, 8, 2, 6, 2, 5, 6]);
    expect(editor.getSnapshot().committed.building).toBe(building);
    expect(editor.getSnapshot().dirtyParts).toEqual({ building: false, layout: true });
    expect(editor.getSnapshot().history.undo[0].label).toBe('editor.history.removeModules');
    key({ key: 'z', ctrlKey: true });
    expect(count()).toBe(4);
    key({ key: 'y', ctrlKey: true });
    expect(count()).toBe(3);
    expect(editor.getSnapshot().committed.building).toBe(building);
  });

  it('a box of modules: Delete removes them all in one step, undo brings them back', async () => {
    const { editor, building, send, key, count } = await layoutStep();
    editor.setScope(LAYOUT_STEP);
    editor.setTool('select');
    drag(send, [0.5, 0.5], [9.5, 3]);
    expect(editor.getSnapshot().selection).toEqual({ kind: 'modules', refs: [0, 1, 2].map((index) => ({ arrayId: 'A', index })) });
    key({ key: 'Backspace' });
    expect(count()).toBe(1);
    key({ key: 'z', ctrlKey: true });
    expect(count()).toBe(4);
    expect(editor.getSnapshot().committed.building).toBe(building);
  });

  it('arrow keys move the selected modules on their face, one undoable step each', async () => {
    const { editor, send, key } = await layoutStep();
    editor.setScope(LAYOUT_STEP);
    editor.setTool('select');
    click(send, 2, 5);
    key({ key: 'ArrowRight', shiftKey: true });
    expect(editor.getSnapshot().committed.layout.arrays[0].centers.slice(9)).toEqual([3, 5, 6]);
    key({ key: 'ArrowUp' });
    expect(editor.getSnapshot().committed.layout.arrays[0].centers[10]).toBeCloseTo(5.1, 12);
    key({ key: 'z', ctrlKey: true });
    key({ key: 'z', ctrlKey: true });
    expect(editor.getSnapshot().committed.layout.arrays[0].centers.slice(9)).toEqual([2, 5, 6]);
  });

  it('offers only the step tools and drops building changes; the building step keeps its own Select', async () => {
    const { editor, building, send, key } = await layoutStep();
    // The building step: Select on a module's spot picks the building (the old PV-layout behaviour).
    click(send, 5.2, 2.1);
    expect(editor.getSnapshot().selection).toEqual({ kind: 'building', id: 'B' });
    editor.setScope(LAYOUT_STEP);
    expect(editor.getSnapshot().selection).toBeNull();
    key({ key: 'b' });
    key({ key: 'r' });
    expect(editor.getSnapshot().tool).toBe('module');
    editor.setTool('outline');
    expect(editor.getSnapshot().tool).toBe('module');
    send({ type: 'key.delete' });
    expect(editor.getSnapshot().committed.building).toBe(building);
    editor.setScope({ tools: ['outline', 'select'], edits: 'building' });
    expect(editor.getSnapshot().tool).toBe('outline');
  });
});
