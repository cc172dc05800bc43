// The Editor facade: one scene history for the building and layout documents (spec 000 §3/§9: pruned
// beyond 30 snapshots to the last 20, undo/redo option lists ≤ 20), drag previews kept out of it, the
// selection kept valid, dirty/markSaved, and the live roof rebuild (batched per frame, stale answers
// dropped, failures kept per building) with a fake engine and with the real reference engine.
import { describe, expect, it } from 'vitest';
import { createReferenceEngine } from '../../../../../src/engine/api.ts';
import { HISTORY } from '../../../../../src/model/constants.ts';
import { emptyBuildingDocument, emptyLayoutDocument } from '../../../../../src/model/design.ts';
import type { RoofInput, RoofOutput } from '../../../../../src/model/roof.ts';
import { addBuilding, setAutoRoof, setEaveHeight } from '../../../../../src/web/editor/document/building.ts';
import { Editor, type RoofEngine } from '../../../../../src/web/editor/Editor.ts';
import { shortcutFor } from '../../../../../src/web/editor/keys.ts';
import { LABELS } from '../../../../../src/web/editor/tools/types.ts';
import { click, counterIds, down, move, up } from './harness.ts';

/** A frame scheduler the test flushes by hand. */
function frames() {
  const queue: (() => void)[] = [];
  return {
    schedule: (cb: () => void) => void queue.push(cb),
    flush: () => {
      while (queue.length > 0) queue.shift()?.();
    },
    pending: () => queue.length,
  };
}

const settle = () => new Promise<void>((r) => setTimeout(r, 0));

/** An engine whose answers the test releases one by one. */
function fakeEngine() {
  const calls: { input: RoofInput; resolve: (o: RoofOutput) => void; reject: (e: Error) => void }[] = [];
  const engine: RoofEngine = {
    roof: (input) => new Promise<RoofOutput>((resolve, reject) => calls.push({ input, resolve, reject })),
  };
  return { engine, calls };
}

const answer = (faces: number): RoofOutput => ({
  success: true,
  errors: [],
  points: [],
  lines: [],
  faces: Array.from({ length: faces }, (_, i) => ({ id: `f${i}`, pointIds: [], vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], tilt: 0, azimuth: 180, area: 0.5, planArea: 0.5, normal: [0, 0, 1] })),
});

function drawRect(editor: Editor, w: number, h: number, x0 = 0, y0 = 0) {
  editor.setTool('outline');
  const send = (e: Parameters<Editor['send']>[0]) => editor.send(e);
  click(send, x0, y0);
  click(send, x0 + w, y0);
  click(send, x0 + w, y0 + h);
  click(send, x0, y0 + h);
  editor.send({ type: 'key.enter' });
}

describe('scene history through the editor', () => {
  it('records a drawn building as one step; undo and redo move through it', () => {
    const editor = new Editor({ newId: counterIds(), schedule: frames().schedule });
    drawRect(editor, 10, 20);
    let s = editor.getSnapshot();
    expect(s.committed.building.buildings).toHaveLength(1);
    expect(s.history.undo).toEqual([{ index: 0, label: LABELS.drawBuilding }]);
    expect(s.selection).toEqual({ kind: 'building', id: 'id1' });
    editor.undo();
    s = editor.getSnapshot();
    expect(s.committed.building.buildings).toHaveLength(0);
    // The selected building is gone: the selection is cleared.
    expect(s.selection).toBeNull();
    expect(s.history.redo).toEqual([{ index: 1, label: LABELS.drawBuilding }]);
    editor.redo();
    expect(editor.getSnapshot().committed.building.buildings).toHaveLength(1);
  });

  it('keeps one history for both documents', () => {
    const editor = new Editor({ schedule: frames().schedule });
    editor.change((d) => addBuilding(d, { id: 'B', outline: [{ id: 'a', x: 0, y: 0 }, { id: 'b', x: 5, y: 0 }, { id: 'c', x: 0, y: 5 }], closed: true }), 'x');
    editor.changeLayout((l) => ({ ...l, module: { libraryId: null, manufacturer: 'm', model: 'n', powerW: 400, length: 1.7, width: 1 } }), 'y');
    editor.undo();
    expect(editor.getSnapshot().committed.layout.module).toBeNull();
    expect(editor.getSnapshot().committed.building.buildings).toHaveLength(1);
    editor.undo();
    expect(editor.getSnapshot().committed.building.buildings).toHaveLength(0);
  });

  it('prunes beyond 30 snapshots to the last 20; the undo list holds at most 20', () => {
    const editor = new Editor({ schedule: frames().schedule, building: addBuilding(emptyBuildingDocument(), { id: 'B' }) });
    // 30 changes → 31 snapshots (> 30): the oldest are dropped, the last 20 kept (indices 11…30).
    for (let h = 1; h <= 30; h++) editor.change((d) => setEaveHeight(d, 'B', h), `eave ${h}`);
    let s = editor.getSnapshot();
    expect(s.history.index).toBe(30);
    expect(s.history.undo).toHaveLength(19);
    expect(s.history.undo.at(-1)).toEqual({ index: 11, label: 'eave 12' });
    expect(s.history.undo[0]).toEqual({ index: 29, label: 'eave 30' });
    for (let h = 31; h <= 35; h++) editor.change((d) => setEaveHeight(d, 'B', h), `eave ${h}`);
    s = editor.getSnapshot();
    expect(s.history.undo).toHaveLength(HISTORY.maxUndoRedo);
    editor.undo(100);
    s = editor.getSnapshot();
    expect(s.committed.building.buildings[0].eaveHeight).toBe(11);
    expect(s.history.canUndo).toBe(false);
    expect(s.history.redo).toHaveLength(20);
    expect(s.history.redo[0]).toEqual({ index: 12, label: 'eave 12' });
    editor.goTo(33);
    expect(editor.getSnapshot().committed.building.buildings[0].eaveHeight).toBe(33);
    expect(() => editor.goTo(3)).toThrow(RangeError);
    // No snapshot for a change that changes nothing.
    editor.change((d) => setEaveHeight(d, 'B', 33), 'same');
    expect(editor.getSnapshot().history.index).toBe(33);
  });

  it('a drag shows a preview without recording it; the release is one step', () => {
    const editor = new Editor({ schedule: frames().schedule, newId: counterIds() });
    drawRect(editor, 10, 8);
    editor.setTool('select');
    editor.send(down(5, 4));
    editor.send(move(6, 4));
    editor.send(move(7, 5));
    let s = editor.getSnapshot();
    expect(s.toolState).toBe('dragging');
    expect(s.scene.building.buildings[0].outline[0]).toMatchObject({ x: 2, y: 1 });
    expect(s.committed.building.buildings[0].outline[0]).toMatchObject({ x: 0, y: 0 });
    expect(s.history.index).toBe(1);
    editor.send(up(7, 5));
    s = editor.getSnapshot();
    expect(s.history.index).toBe(2);
    expect(s.scene).toBe(s.committed);
    expect(s.committed.building.buildings[0].outline[0]).toMatchObject({ x: 2, y: 1 });
  });

  it('ignores pointer events off the plan (non-finite position or scale)', () => {
    const editor = new Editor({ schedule: frames().schedule, newId: counterIds(), tool: 'outline' });
    editor.send({ type: 'pointer.down', x: Number.NaN, y: 0, mPerPx: 0.05 });
    editor.send({ type: 'pointer.down', x: 0, y: 0, mPerPx: 0 });
    expect(editor.getSnapshot().toolState).toBe('idle');
  });

  it('dirty until saved; replaceDocuments restarts history clean', () => {
    const editor = new Editor({ schedule: frames().schedule, building: addBuilding(emptyBuildingDocument(), { id: 'B' }) });
    expect(editor.getSnapshot().dirty).toBe(false);
    editor.change((d) => setEaveHeight(d, 'B', 9), 'x');
    expect(editor.getSnapshot().dirtyParts).toEqual({ building: true, layout: false });
    const saved = editor.getSnapshot().committed.building;
    editor.change((d) => setEaveHeight(d, 'B', 10), 'y');
    editor.markSaved({ building: saved });
    expect(editor.getSnapshot().dirty).toBe(true);
    editor.undo();
    expect(editor.getSnapshot().dirty).toBe(false);
    editor.replaceDocuments({ building: emptyBuildingDocument(), layout: emptyLayoutDocument() });
    const s = editor.getSnapshot();
    expect(s.dirty).toBe(false);
    expect(s.history.canUndo).toBe(false);
    expect(s.history.undo).toEqual([]);
  });

  it('runs keyboard commands: tool letters, Ctrl+Z, Ctrl+Shift+Z', () => {
    const editor = new Editor({ schedule: frames().schedule, newId: counterIds() });
    const key = (k: Parameters<typeof shortcutFor>[0]) => {
      const c = shortcutFor(k);
      if (c) editor.command(c);
    };
    key({ key: 'b' });
    expect(editor.getSnapshot().tool).toBe('outline');
    const send = (e: Parameters<Editor['send']>[0]) => editor.send(e);
    click(send, 0, 0);
    click(send, 4, 0);
    click(send, 4, 4);
    key({ key: 'Enter' });
    expect(editor.getSnapshot().committed.building.buildings).toHaveLength(1);
    key({ key: 'z', ctrlKey: true });
    expect(editor.getSnapshot().committed.building.buildings).toHaveLength(0);
    key({ key: 'Z', metaKey: true, shiftKey: true });
    expect(editor.getSnapshot().committed.building.buildings).toHaveLength(1);
    key({ key: 'v' });
    click(send, 2, 1);
    key({ key: 'Delete' });
    expect(editor.getSnapshot().committed.building.buildings).toHaveLength(0);
  });

  it('opens the height field for the point-height tool and commits the answer', () => {
    const editor = new Editor({ schedule: frames().schedule, newId: counterIds() });
    drawRect(editor, 10, 8);
    editor.setTool('pointHeight');
    editor.send(down(10, 8));
    expect(editor.getSnapshot().heightEdit).toMatchObject({ x: 10, y: 8, z: null });
    editor.submitHeight(8.5);
    const s = editor.getSnapshot();
    expect(s.heightEdit).toBeNull();
    expect(s.committed.building.buildings[0].outline[2].z).toBe(8.5);
    expect(s.history.undo[0].label).toBe(LABELS.setPointHeight);
  });
});

describe('live roof rebuild', () => {
  it('batches changes per frame, drops stale answers and reuses answers on undo', async () => {
    const f = frames();
    const { engine, calls } = fakeEngine();
    const editor = new Editor({ schedule: f.schedule, engine, newId: counterIds() });
    drawRect(editor, 10, 8);
    editor.change((d) => setEaveHeight(d, 'id1', 5), 'eave 5');
    editor.change((d) => setEaveHeight(d, 'id1', 4), 'eave 4');
    f.flush();
    await settle();
    // Three changes within one frame: one engine call, for the latest building.
    expect(calls).toHaveLength(1);
    expect(calls[0].input.building.eaveHeight).toBe(4);
    expect(editor.getSnapshot().roofs.id1.status).toBe('running');
    editor.change((d) => setEaveHeight(d, 'id1', 3), 'eave 3');
    f.flush();
    await settle();
    expect(calls).toHaveLength(2);
    calls[1].resolve(answer(2));
    await settle();
    calls[0].resolve(answer(7)); // stale: for eave 4
    await settle();
    let roof = editor.getSnapshot().roofs.id1;
    expect(roof.status).toBe('done');
    expect(roof.output?.faces).toHaveLength(2);
    expect(roof.building.eaveHeight).toBe(3);
    // Undo to eave 4: its (stale, cached) answer is used without a call.
    editor.undo();
    f.flush();
    await settle();
    roof = editor.getSnapshot().roofs.id1;
    expect(calls).toHaveLength(2);
    expect(roof.status).toBe('done');
    expect(roof.output?.faces).toHaveLength(7);
  });

  it('keeps failures per building and never throws', async () => {
    const f = frames();
    const { engine, calls } = fakeEngine();
    const editor = new Editor({ schedule: f.schedule, engine, newId: counterIds() });
    drawRect(editor, 10, 8);
    drawRect(editor, 10, 8, 20, 0);
    f.flush();
    await settle();
    expect(calls).toHaveLength(2);
    calls[0].reject(new Error('worker crashed'));
    calls[1].resolve({ ...answer(0), success: false, errors: [{ code: 'UNKNOWN_HEIGHT', message: 'no height', ids: ['x'] }] });
    await settle();
    const roofs = editor.getSnapshot().roofs;
    expect(roofs.id1).toMatchObject({ status: 'failed', error: 'worker crashed', output: null });
    expect(roofs.id6.status).toBe('done');
    expect(roofs.id6.output?.success).toBe(false);
    expect(roofs.id6.output?.errors[0].code).toBe('UNKNOWN_HEIGHT');
  });

  it('waits for an engine, and computes once one is connected', async () => {
    const f = frames();
    const editor = new Editor({ schedule: f.schedule, newId: counterIds() });
    drawRect(editor, 10, 8);
    f.flush();
    expect(editor.getSnapshot().roofs.id1.status).toBe('waiting');
    const { engine, calls } = fakeEngine();
    editor.setEngine(engine);
    f.flush();
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('with the reference engine: a hip roof (pitch 30°) on a 10 × 20 m rectangle drawn by the tools', async () => {
    const reference = createReferenceEngine();
    const engine: RoofEngine = { roof: (input) => Promise.resolve(reference.roof(input)) };
    const f = frames();
    const editor = new Editor({ schedule: f.schedule, engine, newId: counterIds() });
    drawRect(editor, 10, 20);
    const id = editor.getSnapshot().committed.building.buildings[0].id;
    editor.change((d) => setAutoRoof(d, id, { type: 'hip', pitch: 30 }), 'hip');
    f.flush();
    await settle();
    const roof = editor.getSnapshot().roofs[id];
    expect(roof.status).toBe('done');
    const out = roof.output;
    expect(out?.success).toBe(true);
    const areas = (out?.faces ?? []).map((x) => x.area).sort((a, b) => a - b);
    // By hand: every face at 30°, so area = plan area / cos 30°. Plan: two triangles of 10 × 5 / 2 =
    // 25 m² (→ 28.868 m²) and two trapezoids (20 + 10) / 2 × 5 = 75 m² (→ 86.603 m²); total
    // 200 / cos 30° = 230.940 m².
    const c30 = Math.cos((30 * Math.PI) / 180);
    expect(areas).toHaveLength(4);
    expect(areas[0]).toBeCloseTo(25 / c30, 2);
    expect(areas[1]).toBeCloseTo(25 / c30, 2);
    expect(areas[2]).toBeCloseTo(75 / c30, 2);
    expect(areas[3]).toBeCloseTo(75 / c30, 2);
    expect(Math.abs(areas.reduce((a, b) => a + b, 0) - 230.94)).toBeLessThanOrEqual(0.01);
    for (const face of out?.faces ?? []) expect(face.tilt).toBeCloseTo(30, 6);
  });
});
