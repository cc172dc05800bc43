// The roof lab's pure parts: the document actions, the tool reducer driven by synthetic pointer
// events (state path, snapping, undo/redo, heights), the editor's engine scheduling, the plan view.
import { describe, expect, it } from 'vitest';
import { installerAzimuth } from '../../../src/web/roof-lab/format.ts';
import { azimuthHue, faceRgb } from '../../../src/web/roof-lab/colours.ts';
import {
  addLine,
  emptyDocument,
  findPoint,
  setPointZ,
  toRoofInput,
  type RoofDocument,
} from '../../../src/web/roof-lab/document.ts';
import { Editor, type RoofEngine } from '../../../src/web/roof-lab/editor.ts';
import { defaultView, fitBounds, metresPerPixel, panBy, toScreen, toWorld, zoomAt, DEFAULT_SPAN_M } from '../../../src/web/roof-lab/plan-view.ts';
import { snap } from '../../../src/web/roof-lab/snapping.ts';
import {
  canRedo,
  canUndo,
  currentDocument,
  initialEditorState,
  reduce,
  type EditorEvent,
  type EditorState,
  type ReducerContext,
} from '../../../src/web/roof-lab/tools.ts';
import type { RoofInput, RoofOutput } from '../../../src/model/index.ts';

/** Deterministic ids: p1, p2, … */
function counterCtx(): ReducerContext {
  let n = 0;
  return { newId: () => `id${++n}` };
}

/** 20 px per metre: 1 px = 0.05 m; snap radius 10 px = 0.5 m; minimum drawn line 20 px = 1 m. */
const M_PER_PX = 0.05;

function run(events: EditorEvent[], s: EditorState = initialEditorState(), ctx = counterCtx()): { s: EditorState; path: string[] } {
  const path: string[] = [`${s.tool.name}.${s.tool.state}`];
  for (const e of events) {
    s = reduce(s, e, ctx);
    const p = `${s.tool.name}.${s.tool.state}`;
    if (path[path.length - 1] !== p) path.push(p);
  }
  return { s, path };
}

const down = (x: number, y: number): EditorEvent => ({ type: 'pointer.down', x, y, mPerPx: M_PER_PX });

/** A closed 10 × 8 rectangle (0,0)–(10,8), corners id1…id4. */
const RECT: EditorEvent[] = [down(0, 0), down(10, 0), down(10, 8), down(0, 8), down(0.1, 0.1)];

describe('outline tool', () => {
  it('goes idle → drawing → closed (line tool) when the first point is clicked again', () => {
    const { s, path } = run(RECT);
    const doc = currentDocument(s);
    expect(path).toEqual(['outline.idle', 'outline.drawing', 'line.idle']);
    expect(doc.closed).toBe(true);
    expect(doc.outline.map((p) => [p.x, p.y])).toEqual([
      [0, 0],
      [10, 0],
      [10, 8],
      [0, 8],
    ]);
    // Closing adds no vertex.
    expect(doc.outline).toHaveLength(4);
  });

  it('closes with Enter or a double-click, whose second press adds no vertex', () => {
    const enter = run([down(0, 0), down(10, 0), down(10, 8), { type: 'key.enter' }]).s;
    expect(currentDocument(enter).closed).toBe(true);
    expect(currentDocument(enter).outline).toHaveLength(3);
    const dbl = run([down(0, 0), down(10, 0), down(10, 8), down(10.01, 8), { type: 'pointer.doubleClick' }]).s;
    expect(currentDocument(dbl).closed).toBe(true);
    expect(currentDocument(dbl).outline).toHaveLength(3);
  });

  it('does not close with fewer than 3 points, and rounds free clicks to the 0.1 m grid', () => {
    const { s } = run([down(0.04, -0.03), down(5.26, 0.01), { type: 'key.enter' }, down(0.1, 0.1)]);
    const doc = currentDocument(s);
    expect(doc.closed).toBe(false);
    expect(doc.outline.map((p) => [p.x, p.y])).toEqual([
      [0, 0],
      [5.3, 0],
    ]);
  });

  it('Escape discards an unfinished outline, and undo brings it back', () => {
    const { s } = run([down(0, 0), down(10, 0), { type: 'key.escape' }]);
    expect(currentDocument(s).outline).toHaveLength(0);
    expect(s.tool).toEqual({ name: 'outline', state: 'idle' });
    const back = reduce(s, { type: 'history.undo' }, counterCtx());
    expect(currentDocument(back).outline).toHaveLength(2);
    expect(back.tool).toEqual({ name: 'outline', state: 'drawing' });
  });
});

describe('line tool and snapping', () => {
  it('snaps a roof-line end near an outline edge onto that edge as a new point', () => {
    const { s } = run([...RECT, down(0.3, 4.02), down(9.8, 3.96), { type: 'key.escape' }]);
    const doc = currentDocument(s);
    expect(doc.points.map((p) => [p.x, p.y])).toEqual([
      [0, 4],
      [10, 4],
    ]);
    expect(doc.lines).toHaveLength(1);
    const [l] = doc.lines;
    expect(findPoint(doc, l.idp1)).toMatchObject({ x: 0, y: 4 });
    expect(findPoint(doc, l.idp2)).toMatchObject({ x: 10, y: 4 });
    expect(s.tool).toEqual({ name: 'line', state: 'idle' });
  });

  it('snaps to an existing point instead of creating one, and chains lines', () => {
    const { s, path } = run([...RECT, down(0.2, 0.2), down(5, 4), down(9.9, 0.1), { type: 'key.enter' }]);
    const doc = currentDocument(s);
    expect(path).toEqual(['outline.idle', 'outline.drawing', 'line.idle', 'line.drawing', 'line.idle']);
    expect(doc.points).toHaveLength(1); // only the apex (5,4) is new
    expect(doc.lines.map((l) => [l.idp1, l.idp2])).toEqual([
      ['id1', doc.points[0].id],
      [doc.points[0].id, 'id2'],
    ]);
  });

  it('filters lines shorter than the drawing minimum (20 px)', () => {
    const { s } = run([...RECT, down(5, 4), down(5.5, 4)]);
    expect(currentDocument(s).lines).toHaveLength(0);
  });

  it('snap() prefers points, then edges, then the grid', () => {
    const doc = currentDocument(run(RECT).s);
    expect(snap(doc, 0.3, 0.2, { tolerance: 0.5 })).toMatchObject({ kind: 'point', id: 'id1' });
    expect(snap(doc, 4.97, 7.7, { tolerance: 0.5, grid: 0.1 })).toEqual({ kind: 'edge', a: 'id3', b: 'id4', x: 5, y: 8 });
    expect(snap(doc, 4.97, 5.04, { tolerance: 0.5, grid: 0.1 })).toEqual({ kind: 'free', x: 5, y: 5 });
  });
});

describe('heights, roof settings and the engine input', () => {
  it('sets and clears a point height through the select tool', () => {
    let { s } = run([...RECT, down(0, 4), down(10, 4), { type: 'key.escape' }, { type: 'tool.select', tool: 'select' }, down(0.1, 4.1)]);
    expect(s.selection?.kind).toBe('point');
    const id = s.selection!.id;
    s = reduce(s, { type: 'point.setZ', id, z: 8 }, counterCtx());
    expect(findPoint(currentDocument(s), id)?.z).toBe(8);
    s = reduce(s, { type: 'point.setZ', id, z: undefined }, counterCtx());
    expect(findPoint(currentDocument(s), id)).not.toHaveProperty('z');
  });

  it('builds the engine input of the worked gable example', () => {
    let doc: RoofDocument = currentDocument(run([...RECT, down(0, 4), down(10, 4), { type: 'key.escape' }]).s);
    for (const p of doc.points) doc = setPointZ(doc, p.id, 8);
    const input = toRoofInput(doc) as RoofInput;
    expect(input.auto).toBeUndefined();
    expect(input.building.eaveHeight).toBe(6);
    expect(input.building.outerPoints).toHaveLength(4);
    expect(input.building.points).toEqual([
      { id: doc.points[0].id, x: 0, y: 4, z: 8 },
      { id: doc.points[1].id, x: 10, y: 4, z: 8 },
    ]);
    expect(input.building.lines).toHaveLength(1);
  });

  it('an automatic roof leaves the drawn lines out; no input before the outline closes', () => {
    const { s } = run([...RECT, down(0, 4), down(10, 4), { type: 'roof.setAuto', auto: { type: 'hip', pitch: 30 } }, { type: 'roof.setEave', height: 4.5 }]);
    const input = toRoofInput(currentDocument(s))!;
    expect(input.auto).toEqual({ type: 'hip', pitch: 30 });
    expect(input.building.lines).toEqual([]);
    expect(input.building.eaveHeight).toBe(4.5);
    expect(toRoofInput(emptyDocument())).toBeNull();
  });

  it('addLine refuses duplicates and self-loops', () => {
    const doc = currentDocument(run(RECT).s);
    const a = addLine(doc, { id: 'x', idp1: 'id1', idp2: 'id3' });
    expect(addLine(a, { id: 'y', idp1: 'id3', idp2: 'id1' })).toBe(a);
    expect(addLine(a, { id: 'z', idp1: 'id1', idp2: 'id1' })).toBe(a);
  });
});

describe('undo / redo', () => {
  it('steps back through every committed change and forward again', () => {
    let { s } = run([...RECT, down(0, 4), down(10, 4)]);
    const full = currentDocument(s);
    s = reduce(s, { type: 'history.undo' }, counterCtx()); // the line
    expect(currentDocument(s).lines).toHaveLength(0);
    expect(s.tool).toEqual({ name: 'line', state: 'idle' }); // its end point is gone: the chain stops
    s = reduce(s, { type: 'history.undo' }, counterCtx()); // the closing
    expect(currentDocument(s).closed).toBe(false);
    expect(s.tool).toEqual({ name: 'line', state: 'idle' });
    expect(canRedo(s.history)).toBe(true);
    s = reduce(reduce(s, { type: 'history.redo' }, counterCtx()), { type: 'history.redo' }, counterCtx());
    expect(currentDocument(s)).toBe(full);
    expect(canRedo(s.history)).toBe(false);
  });

  it('a new change after undo drops the redo branch; clear is undoable', () => {
    let { s } = run(RECT);
    s = reduce(s, { type: 'history.undo' }, counterCtx());
    s = reduce(s, { type: 'roof.setEave', height: 3 }, counterCtx());
    expect(canRedo(s.history)).toBe(false);
    s = reduce(s, { type: 'doc.clear' }, counterCtx());
    expect(currentDocument(s).outline).toHaveLength(0);
    expect(currentDocument(s).eaveHeight).toBe(3);
    expect(s.tool).toEqual({ name: 'outline', state: 'idle' });
    s = reduce(s, { type: 'history.undo' }, counterCtx());
    expect(currentDocument(s).outline).toHaveLength(4);
    expect(canUndo(s.history)).toBe(true);
  });

  it('the document stays JSON-serialisable', () => {
    const doc = currentDocument(run([...RECT, down(0, 4), down(10, 4)]).s);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});

describe('editor: engine calls debounced to frames, stale answers dropped', () => {
  const fakeOutput = (tag: string): RoofOutput => ({ success: true, errors: [], points: [], lines: [], faces: [{ id: tag, pointIds: [], vertices: [], tilt: 0, azimuth: 180, area: 0, planArea: 0, normal: [0, 0, 1] }] });

  it('sends one request per frame and keeps only the latest answer', async () => {
    const frames: (() => void)[] = [];
    const calls: { input: RoofInput; resolve: (o: RoofOutput) => void }[] = [];
    const engine: RoofEngine = { roof: (input) => new Promise((resolve) => calls.push({ input, resolve })) };
    const ed = new Editor({ engine, ctx: counterCtx(), schedule: (cb) => frames.push(cb) });
    for (const e of RECT) ed.send(e);
    frames.splice(0).forEach((f) => f());
    expect(calls).toHaveLength(1);
    ed.send({ type: 'roof.setEave', height: 5 });
    ed.send({ type: 'roof.setEave', height: 4 });
    frames.splice(0).forEach((f) => f());
    expect(calls).toHaveLength(2);
    expect(calls[1].input.building.eaveHeight).toBe(4);
    calls[1].resolve(fakeOutput('new'));
    calls[0].resolve(fakeOutput('old')); // stale: arrives last, dropped
    await new Promise((r) => setTimeout(r, 0));
    expect(ed.getSnapshot().roof.status).toBe('done');
    expect(ed.getSnapshot().roof.output?.faces[0].id).toBe('new');
  });
});

describe('plan view', () => {
  const v = defaultView(800, 600);

  it('shows about 40 m across the smaller side, origin at the centre', () => {
    expect(v.scale).toBeCloseTo(600 / DEFAULT_SPAN_M, 12);
    expect(toScreen(v, 0, 0)).toEqual([400, 300]);
    expect(metresPerPixel(v)).toBeCloseTo(DEFAULT_SPAN_M / 600, 12);
  });

  it('flips y: north is up on screen', () => {
    const [, yNorth] = toScreen(v, 0, 10);
    const [, ySouth] = toScreen(v, 0, -10);
    expect(yNorth).toBeLessThan(300);
    expect(ySouth).toBeGreaterThan(300);
    const [xEast] = toScreen(v, 10, 0);
    expect(xEast).toBeGreaterThan(400);
  });

  it('round-trips pixels ↔ metres, also after zoom and pan', () => {
    const views = [v, zoomAt(v, 123, 456, 2.5), panBy(zoomAt(v, 10, 10, 0.3), 37, -12)];
    for (const view of views) {
      for (const [x, y] of [
        [0, 0],
        [12.5, -7.25],
        [-19.9, 19.9],
      ]) {
        const [px, py] = toScreen(view, x, y);
        const [wx, wy] = toWorld(view, px, py);
        expect(wx).toBeCloseTo(x, 9);
        expect(wy).toBeCloseTo(y, 9);
      }
    }
  });

  it('zooms about the pointer, and fits bounds', () => {
    const before = toWorld(v, 200, 100);
    const z = zoomAt(v, 200, 100, 3);
    expect(z.scale).toBeCloseTo(v.scale * 3, 12);
    const after = toWorld(z, 200, 100);
    expect(after[0]).toBeCloseTo(before[0], 9);
    expect(after[1]).toBeCloseTo(before[1], 9);
    const f = fitBounds(v, { minX: 0, minY: 0, maxX: 10, maxY: 8 }, 50);
    expect(toScreen(f, 5, 4)).toEqual([400, 300]);
    expect(f.scale).toBeCloseTo(Math.min(700 / 10, 500 / 8), 9);
  });
});

describe('display conventions', () => {
  it('installer azimuth: 0 = south, east negative, west positive', () => {
    expect(installerAzimuth(180)).toBe(0);
    expect(installerAzimuth(90)).toBe(-90);
    expect(installerAzimuth(270)).toBe(90);
    expect(installerAzimuth(135)).toBe(-45);
    expect(Math.abs(installerAzimuth(0))).toBe(180);
  });

  it('colour wheel: north blue, south red, continuous at north', () => {
    expect(azimuthHue(0)).toBe(220);
    expect(azimuthHue(180)).toBe(0);
    expect(azimuthHue(359.999)).toBeCloseTo(220, 2);
    const [r, , b] = faceRgb(180, 30);
    expect(r).toBeGreaterThan(b);
    const [r2, , b2] = faceRgb(0, 30);
    expect(b2).toBeGreaterThan(r2);
  });
});
