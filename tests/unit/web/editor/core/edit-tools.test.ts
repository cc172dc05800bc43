// The obstacle, select and module tools as state charts: synthetic pointer events through
// createActor(...).send(...), the state path, and the documents their emitted changes produce.
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS, emptyBuildingDocument, emptyLayoutDocument, type DesignObstacleKind, type LayoutDocument } from '../../../../../src/model/design.ts';
import { addBuilding, addRoofLine, addRoofPoint, findBuilding } from '../../../../../src/web/editor/document/building.ts';
import { addObstacle, OBSTACLE_DEFAULTS } from '../../../../../src/web/editor/document/obstacles.ts';
import type { FacePlan } from '../../../../../src/web/editor/document/layout.ts';
import { MODULE_REFUSED_HINT, moduleMachine } from '../../../../../src/web/editor/tools/module.machine.ts';
import { obstacleMachine } from '../../../../../src/web/editor/tools/obstacle.machine.ts';
import { selectMachine } from '../../../../../src/web/editor/tools/select.machine.ts';
import { HINTS } from '../../../../../src/web/editor/tools/types.ts';
import { click, down, drag, move, TestScene, up } from './harness.ts';

function building() {
  return addBuilding(emptyBuildingDocument(), {
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
}

function obstacleTool(scene: TestScene, kind: DesignObstacleKind) {
  const actor = createActor(obstacleMachine, { input: { ...scene.input(), kind } });
  actor.on('*', scene.handle);
  return actor.start();
}

describe('obstacle tool', () => {
  it('box: idle → pointing → dragging → idle, an axis-aligned box from corner to corner', () => {
    const scene = new TestScene();
    const tool = obstacleTool(scene, 'box');
    tool.send(down(20, 20));
    expect(tool.getSnapshot().matches('pointing')).toBe(true);
    tool.send(move(21, 20.5));
    expect(tool.getSnapshot().matches('dragging')).toBe(true);
    expect(tool.getSnapshot().context.overlay.polygons).toHaveLength(1);
    tool.send(up(22, 21));
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(scene.doc.obstacles).toEqual([
      { kind: 'box', id: 'id1', height: OBSTACLE_DEFAULTS.height.box, baseZ: 0, center: [21, 20.5], size: [2, 1], rotation: 0 },
    ]);
    expect(scene.selection).toEqual({ kind: 'obstacle', id: 'id1' });
  });

  it('box: a click without a drag, or a side under 20 px, makes nothing', () => {
    const scene = new TestScene();
    const tool = obstacleTool(scene, 'box');
    click(tool.send, 20, 20);
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(tool.getSnapshot().context.overlay.hint).toBe(HINTS.dragToDraw);
    drag(tool.send, [20, 20], [22, 20.5]); // 0.5 m = 10 px deep at 0.05 m/px
    expect(tool.getSnapshot().context.overlay.hint).toBe(HINTS.tooSmall);
    expect(scene.emitted).toHaveLength(0);
  });

  it('cylinder and tree: centre, then radius', () => {
    const scene = new TestScene();
    const cyl = obstacleTool(scene, 'cylinder');
    drag(cyl.send, [30, 30], [32, 30]);
    const tree = obstacleTool(scene, 'tree');
    drag(tree.send, [40, 30], [40, 33]);
    expect(scene.doc.obstacles[0]).toMatchObject({ kind: 'cylinder', center: [30, 30], radius: 2 });
    expect(scene.doc.obstacles[1]).toMatchObject({ kind: 'tree', center: [40, 30], radius: 3, trunkHeight: OBSTACLE_DEFAULTS.treeTrunkHeight });
  });

  it('polygon: idle → drawing → idle, closing on the first vertex', () => {
    const scene = new TestScene();
    const tool = obstacleTool(scene, 'polygon');
    click(tool.send, 20, 20);
    expect(tool.getSnapshot().matches('drawing')).toBe(true);
    click(tool.send, 24, 20);
    click(tool.send, 24, 23);
    click(tool.send, 20.1, 20.1);
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(scene.doc.obstacles[0]).toMatchObject({ kind: 'polygon', polygon: [[20, 20], [24, 20], [24, 23]] });
  });

  it('parapet: a click on an outline edge runs it along the whole outline on the wall top', () => {
    const scene = new TestScene(building());
    const tool = obstacleTool(scene, 'parapet');
    click(tool.send, 5, -0.2);
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(scene.doc.obstacles[0]).toMatchObject({
      kind: 'parapet',
      baseZ: 6,
      polyline: [[0, 0], [10, 0], [10, 8], [0, 8], [0, 0]],
      thickness: OBSTACLE_DEFAULTS.parapetThickness,
    });
  });

  it('parapet: clicks a polyline from a vertex, Enter ends it; Esc drops a draft', () => {
    const scene = new TestScene(building());
    const tool = obstacleTool(scene, 'parapet');
    click(tool.send, 0, 0);
    expect(tool.getSnapshot().matches('drawing')).toBe(true);
    click(tool.send, 0, -5);
    tool.send({ type: 'key.enter' });
    expect(scene.doc.obstacles[0]).toMatchObject({ kind: 'parapet', polyline: [[0, 0], [0, -5]], baseZ: 0 });
    click(tool.send, 20, 0);
    tool.send({ type: 'key.escape' });
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(scene.doc.obstacles).toHaveLength(1);
  });
});

function selectTool(scene: TestScene) {
  const actor = createActor(selectMachine, { input: scene.input() });
  actor.on('*', scene.handle);
  return actor.start();
}

function furnished() {
  let doc = building();
  doc = addRoofPoint(doc, 'B', { id: 'p', x: 5, y: 4 });
  doc = addRoofLine(doc, 'B', { id: 'L', idp1: 'a', idp2: 'p' });
  return addObstacle(doc, { kind: 'cylinder', id: 'o', height: 1, baseZ: 6, center: [8, 2], radius: 0.5 });
}

describe('select tool', () => {
  it('picks a point, a line, an obstacle, a building, or nothing', () => {
    const scene = new TestScene(furnished());
    const tool = selectTool(scene);
    click(tool.send, 5.1, 4.1);
    expect(scene.selection).toEqual({ kind: 'point', buildingId: 'B', id: 'p' });
    click(tool.send, 2.5, 2.1);
    expect(scene.selection).toEqual({ kind: 'line', buildingId: 'B', id: 'L' });
    click(tool.send, 8.2, 2);
    expect(scene.selection).toEqual({ kind: 'obstacle', id: 'o' });
    click(tool.send, 3, 6);
    expect(scene.selection).toEqual({ kind: 'building', id: 'B' });
    click(tool.send, 30, 30);
    expect(scene.selection).toBeNull();
    expect(tool.getSnapshot().matches('idle')).toBe(true);
  });

  it('idle → pointing → dragging → idle: moves live as a preview, commits once on release', () => {
    const scene = new TestScene(furnished());
    const tool = selectTool(scene);
    tool.send(down(5, 4));
    expect(tool.getSnapshot().matches('pointing')).toBe(true);
    tool.send(move(5.05, 4)); // 1 px: still a press
    expect(tool.getSnapshot().matches('pointing')).toBe(true);
    tool.send(move(6, 5));
    expect(tool.getSnapshot().matches('dragging')).toBe(true);
    expect(findBuilding(scene.previewDoc ?? scene.doc, 'B')?.points[0]).toMatchObject({ x: 6, y: 5 });
    expect(findBuilding(scene.doc, 'B')?.points[0]).toMatchObject({ x: 5, y: 4 });
    tool.send(up(6, 4.5));
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(scene.commits()).toHaveLength(1);
    expect(findBuilding(scene.doc, 'B')?.points[0]).toMatchObject({ x: 6, y: 4.5 });
  });

  it('Esc during a drag cancels it; Delete removes the selection', () => {
    const scene = new TestScene(furnished());
    const tool = selectTool(scene);
    tool.send(down(8, 2));
    tool.send(move(9, 3));
    tool.send({ type: 'key.escape' });
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(scene.emitted.at(-1)).toEqual({ type: 'preview.cancel' });
    expect(scene.commits()).toHaveLength(0);
    tool.send({ type: 'key.delete' });
    expect(scene.doc.obstacles).toHaveLength(0);
    expect(scene.selection).toBeNull();
    click(tool.send, 5, 4);
    tool.send({ type: 'key.delete' });
    const b = findBuilding(scene.doc, 'B');
    expect(b?.points).toHaveLength(0);
    expect(b?.lines).toHaveLength(0);
  });
});

/** A flat 10 × 8 m face at z 6 with an empty array of 2 × 1 m modules facing south (azimuth 180). */
function layoutScene() {
  const layout: LayoutDocument = {
    ...emptyLayoutDocument(),
    arrays: [
      { id: 'A', buildingId: 'B', faceId: 'f', settings: DEFAULT_LAYOUT_SETTINGS, tilt: 0, azimuth: 180, along: 2, up: 1, centers: [], rowPitch: 0 },
    ],
  };
  const faces: FacePlan[] = [{ buildingId: 'B', faceId: 'f', vertices: [[0, 0, 6], [10, 0, 6], [10, 8, 6], [0, 8, 6]] }];
  const scene = new TestScene(building(), layout);
  const actor = createActor(moduleMachine, { input: { ...scene.input(), getFaces: () => faces, zAt: () => 6 } });
  actor.on('*', scene.handle);
  return { scene, tool: actor.start() };
}

describe('module tool', () => {
  it('adds modules on empty roof, refuses overlaps and presses off the roof', () => {
    const { scene, tool } = layoutScene();
    click(tool.send, 2, 2);
    expect(scene.layout.arrays[0].centers).toEqual([2, 2, 6]);
    click(tool.send, 4.1, 2); // 2.1 m from the first along the row: modules 2 m wide fit
    expect(scene.layout.arrays[0].centers).toEqual([2, 2, 6, 4.1, 2, 6]);
    tool.send(down(5.5, 2.5)); // 1.4 m along and 0.5 m up from (4.1, 2): overlaps a 2 × 1 m module
    expect(tool.getSnapshot().context.overlay.hint).toBe(MODULE_REFUSED_HINT);
    click(tool.send, 30, 30);
    expect(tool.getSnapshot().context.overlay.hint).toBe(HINTS.noRoofFace);
    expect(scene.layout.arrays[0].centers).toHaveLength(6);
  });

  it('selects (Shift adds), drags the selection as one change, Delete removes it', () => {
    const { scene, tool } = layoutScene();
    click(tool.send, 2, 2);
    click(tool.send, 5, 2);
    click(tool.send, 2.3, 2.1);
    expect(scene.selection).toEqual({ kind: 'modules', refs: [{ arrayId: 'A', index: 0 }] });
    click(tool.send, 5, 2, 0.05, true);
    expect(scene.selection).toEqual({ kind: 'modules', refs: [{ arrayId: 'A', index: 0 }, { arrayId: 'A', index: 1 }] });
    tool.send(down(5, 2));
    expect(tool.getSnapshot().matches('pointing')).toBe(true);
    tool.send(move(5, 3));
    expect(tool.getSnapshot().matches('dragging')).toBe(true);
    tool.send(move(5, 4));
    tool.send(up(5, 4));
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(scene.layout.arrays[0].centers).toEqual([2, 4, 6, 5, 4, 6]);
    // A move off the face is refused as a whole.
    drag(tool.send, [5, 4], [5, 20]);
    expect(scene.layout.arrays[0].centers).toEqual([2, 4, 6, 5, 4, 6]);
    tool.send({ type: 'key.delete' });
    expect(scene.layout.arrays[0].centers).toEqual([]);
    expect(scene.selection).toBeNull();
  });
});
