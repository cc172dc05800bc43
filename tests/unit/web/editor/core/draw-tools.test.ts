// The drawing tools as state charts (tools/outline, roofLine, pointHeight): driven with synthetic
// pointer events through createActor(...).send(...), asserting the state path and the documents the
// emitted changes produce (docs/ARCHITECTURE.md "Editor": tldraw GeoShapeTool.test.ts style).
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { emptyBuildingDocument } from '../../../../../src/model/design.ts';
import { addBuilding, findBuilding, setAutoRoof } from '../../../../../src/web/editor/document/building.ts';
import { outlineMachine } from '../../../../../src/web/editor/tools/outline.machine.ts';
import { pointHeightMachine } from '../../../../../src/web/editor/tools/pointHeight.machine.ts';
import { roofLineMachine } from '../../../../../src/web/editor/tools/roofLine.machine.ts';
import { HINTS } from '../../../../../src/web/editor/tools/types.ts';
import { click, dbl, down, move, TestScene } from './harness.ts';

function outlineTool(scene: TestScene, eaveHeight?: number) {
  const actor = createActor(outlineMachine, { input: { ...scene.input(), eaveHeight } });
  actor.on('*', scene.handle);
  return actor.start();
}

describe('outline tool', () => {
  it('idle → drawing → idle: clicks the corners of 10 × 20 m and closes on the first one', () => {
    const scene = new TestScene();
    const tool = outlineTool(scene, 5);
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    // Slightly off-axis clicks: the 2° angle snap locks each side onto an axis.
    click(tool.send, 0, 0);
    expect(tool.getSnapshot().matches('drawing')).toBe(true);
    click(tool.send, 10, 0.12);
    tool.send(move(10.1, 20));
    expect(tool.getSnapshot().context.overlay.segments).toHaveLength(8);
    click(tool.send, 10.1, 20);
    click(tool.send, 0, 20.05);
    expect(scene.commits()).toHaveLength(0);
    click(tool.send, 0.2, 0.1); // within 10 px (0.5 m) of the first vertex
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(scene.commits()).toHaveLength(1);
    const b = scene.doc.buildings[0];
    expect(b.closed).toBe(true);
    expect(b.eaveHeight).toBe(5);
    expect(b.outline.map((p) => [p.x, p.y])).toEqual([
      [0, 0],
      [10, 0],
      [10, 20],
      [0, 20],
    ]);
    expect(scene.selection).toEqual({ kind: 'building', id: b.id });
  });

  it('closes on Enter and on a double-click (whose second press is ignored), not with 2 vertices', () => {
    const scene = new TestScene();
    const tool = outlineTool(scene);
    click(tool.send, 0, 0);
    click(tool.send, 10, 0);
    tool.send({ type: 'key.enter' });
    expect(tool.getSnapshot().matches('drawing')).toBe(true);
    expect(tool.getSnapshot().context.overlay.hint).toBe(HINTS.needMorePoints);
    click(tool.send, 10, 8);
    click(tool.send, 10, 8); // a double-click's second press lands on the last vertex
    tool.send(dbl(10, 8));
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(scene.doc.buildings[0].outline).toHaveLength(3);

    click(tool.send, 20, 0);
    click(tool.send, 30, 0);
    click(tool.send, 30, 8);
    tool.send({ type: 'key.enter' });
    expect(scene.doc.buildings).toHaveLength(2);
  });

  it('Esc drops the draft without any change', () => {
    const scene = new TestScene();
    const tool = outlineTool(scene);
    click(tool.send, 0, 0);
    click(tool.send, 10, 0);
    tool.send({ type: 'key.escape' });
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(tool.getSnapshot().context.draft).toEqual([]);
    expect(scene.emitted).toHaveLength(0);
  });

  it('filters sides shorter than 20 px at the current zoom (two zoom levels)', () => {
    const scene = new TestScene();
    const tool = outlineTool(scene);
    // 0.5 m/px: 20 px = 10 m. A 5 m side is filtered with the hint; 12 m is accepted.
    click(tool.send, 0, 0, 0.5);
    click(tool.send, 5, 0, 0.5);
    expect(tool.getSnapshot().context.draft).toHaveLength(1);
    expect(tool.getSnapshot().context.overlay.hint).toBe(HINTS.tooShort);
    click(tool.send, 12, 0, 0.5);
    expect(tool.getSnapshot().context.draft).toHaveLength(2);
    // 0.05 m/px: 20 px = 1 m. A 5 m side is fine.
    click(tool.send, 12, 5, 0.05);
    expect(tool.getSnapshot().context.draft).toHaveLength(3);
    click(tool.send, 12, 5.5, 0.05);
    expect(tool.getSnapshot().context.draft).toHaveLength(3);
  });
});

function rectDoc() {
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

function roofLineTool(scene: TestScene) {
  const actor = createActor(roofLineMachine, { input: scene.input() });
  actor.on('*', scene.handle);
  return actor.start();
}

describe('roof line tool', () => {
  it('draws a chain from an edge through the inside, each segment one change', () => {
    const scene = new TestScene(rectDoc());
    const tool = roofLineTool(scene);
    click(tool.send, -0.2, 4); // on the west edge
    expect(tool.getSnapshot().matches('drawing')).toBe(true);
    click(tool.send, 5, 4.1); // inside: angle-locked east → (5, 4)
    click(tool.send, 10.3, 4); // on the east edge
    expect(tool.getSnapshot().matches('drawing')).toBe(true);
    tool.send({ type: 'key.escape' });
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(scene.commits()).toHaveLength(2);
    const b = findBuilding(scene.doc, 'B');
    expect(b?.points.map((p) => [p.x, p.y])).toEqual([
      [0, 4],
      [5, 4],
      [10, 4],
    ]);
    expect(b?.lines).toHaveLength(2);
    // The chain continues from the shared middle point.
    expect(b?.lines[1].idp1).toBe(b?.lines[0].idp2);
  });

  it('ends on Enter and on a double-click; ignores presses outside the building', () => {
    const scene = new TestScene(rectDoc());
    const tool = roofLineTool(scene);
    click(tool.send, 30, 30);
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(tool.getSnapshot().context.overlay.hint).toBe(HINTS.outsideBuilding);
    click(tool.send, 0, 0); // corner a
    click(tool.send, 30, 30);
    expect(tool.getSnapshot().context.overlay.hint).toBe(HINTS.outsideBuilding);
    click(tool.send, 5, 4);
    click(tool.send, 5, 4); // double-click's second press: same point, ignored
    tool.send(dbl(5, 4));
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(findBuilding(scene.doc, 'B')?.lines).toHaveLength(1);
    click(tool.send, 10, 8);
    click(tool.send, 5, 4);
    tool.send({ type: 'key.enter' });
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    const lines = findBuilding(scene.doc, 'B')?.lines ?? [];
    expect(lines).toHaveLength(2);
    // The second line ends on the existing point (5, 4): no duplicate point there.
    expect(findBuilding(scene.doc, 'B')?.points).toHaveLength(1);
  });

  it('filters segments shorter than 20 px and turns an automatic roof into a drawn one', () => {
    const scene = new TestScene(setAutoRoof(rectDoc(), 'B', { type: 'hip', pitch: 30 }));
    const tool = roofLineTool(scene);
    // 0.2 m/px: 20 px = 4 m, and the 10 px magnet reaches 2 m (so stay 3 m from the edges).
    click(tool.send, 3, 4, 0.2);
    click(tool.send, 6, 4, 0.2);
    expect(scene.commits()).toHaveLength(0);
    expect(tool.getSnapshot().context.overlay.hint).toBe(HINTS.tooShort);
    click(tool.send, 7.5, 4, 0.2);
    expect(scene.commits()).toHaveLength(1);
    expect(findBuilding(scene.doc, 'B')?.auto).toBeNull();
  });
});

describe('point height tool', () => {
  it('idle → editing → idle: asks for a height, then commits the submitted one', () => {
    const scene = new TestScene(rectDoc());
    const actor = createActor(pointHeightMachine, { input: scene.input() });
    actor.on('*', scene.handle);
    const tool = actor.start();
    tool.send(down(4, 4));
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    tool.send(down(10.2, 7.9));
    expect(tool.getSnapshot().matches('editing')).toBe(true);
    expect(scene.emitted.at(-1)).toEqual({ type: 'point.editHeight', buildingId: 'B', pointId: 'c', x: 10, y: 8, z: null });
    tool.send({ type: 'height.submit', z: 9.5 });
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(findBuilding(scene.doc, 'B')?.outline[2]).toEqual({ id: 'c', x: 10, y: 8, z: 9.5 });
    // Esc closes the field without a change.
    tool.send(down(0, 0));
    tool.send({ type: 'key.escape' });
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(scene.commits()).toHaveLength(1);
  });
});
