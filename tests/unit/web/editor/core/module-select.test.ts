// The PV layout step's Select tool (moduleSelect.machine.ts, issue 18 item 2) as a state chart:
// synthetic pointer and key events through createActor(...).send(...), the state path, the selection
// and the layout its emitted changes produce — and never a building change.
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS, emptyBuildingDocument, emptyLayoutDocument, type LayoutDocument } from '../../../../../src/model/design.ts';
import { addBuilding } from '../../../../../src/web/editor/document/building.ts';
import type { FacePlan } from '../../../../../src/web/editor/document/layout.ts';
import { MODULE_REFUSED_HINT } from '../../../../../src/web/editor/tools/module-edit.ts';
import { moduleSelectMachine } from '../../../../../src/web/editor/tools/moduleSelect.machine.ts';
import { click, down, drag, move, TestScene, up } from './harness.ts';

/** Two rows of three 2 × 1 m modules facing south on a flat 10 × 8 m face at z 6. */
const CENTERS = [2, 2, 6, 5, 2, 6, 8, 2, 6, 2, 5, 6, 5, 5, 6, 8, 5, 6];

function scene() {
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
    arrays: [{ id: 'A', buildingId: 'B', faceId: 'f', settings: DEFAULT_LAYOUT_SETTINGS, tilt: 0, azimuth: 180, along: 2, up: 1, centers: CENTERS, rowPitch: 3 }],
  };
  const faces: FacePlan[] = [{ buildingId: 'B', faceId: 'f', vertices: [[0, 0, 6], [10, 0, 6], [10, 8, 6], [0, 8, 6]] }];
  const s = new TestScene(building, layout);
  const actor = createActor(moduleSelectMachine, { input: { ...s.input(), getFaces: () => faces, zAt: () => 6 } });
  actor.on('*', s.handle);
  return { s, tool: actor.start(), building };
}

const refs = (...indices: number[]) => ({ kind: 'modules', refs: indices.map((index) => ({ arrayId: 'A', index })) });

describe('module select tool', () => {
  it('idle → pointing → idle: a click selects one module; Shift adds and removes; a click in the selection picks that one', () => {
    const { s, tool } = scene();
    tool.send(down(2.3, 2.1));
    expect(tool.getSnapshot().matches('pointing')).toBe(true);
    tool.send(up(2.3, 2.1));
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(s.selection).toEqual(refs(0));
    click(tool.send, 5, 5, 0.05, true);
    expect(s.selection).toEqual(refs(0, 4));
    click(tool.send, 2, 2, 0.05, true);
    expect(s.selection).toEqual(refs(4));
    click(tool.send, 8, 2, 0.05, true);
    click(tool.send, 5, 5);
    expect(s.selection).toEqual(refs(4));
    expect(s.commits()).toEqual([]);
  });

  it('idle → pointingEmpty → boxing → idle: a box selects the modules it touches; Shift adds; a click on empty roof clears', () => {
    const { s, tool } = scene();
    tool.send(down(0.5, 0.5));
    expect(tool.getSnapshot().matches('pointingEmpty')).toBe(true);
    tool.send(move(3, 1.5));
    expect(tool.getSnapshot().matches('boxing')).toBe(true);
    tool.send(move(6, 3));
    expect(tool.getSnapshot().context.overlay.polygons).toEqual([[0.5, 0.5, 6, 0.5, 6, 3, 0.5, 3]]);
    tool.send(up(6, 3));
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(tool.getSnapshot().context.overlay.polygons).toEqual([]);
    // 0.5…6 × 0.5…3: the first two modules of the front row (the third starts at x = 7).
    expect(s.selection).toEqual(refs(0, 1));
    drag(tool.send, [9.5, 6], [7.5, 4.8], 0.05, true);
    expect(s.selection).toEqual(refs(0, 1, 5));
    click(tool.send, 9.5, 7.5);
    expect(s.selection).toBeNull();
    expect(s.commits()).toEqual([]);
  });

  it('Delete removes exactly the selected modules, never the building; Escape clears the selection', () => {
    const { s, tool, building } = scene();
    drag(tool.send, [0.5, 0.5], [6, 3]);
    tool.send({ type: 'key.delete' });
    expect(s.layout.arrays[0].centers).toEqual([8, 2, 6, 2, 5, 6, 5, 5, 6, 8, 5, 6]);
    expect(s.selection).toBeNull();
    expect(s.doc).toBe(building);
    expect(s.emitted.some((e) => e.type === 'doc.change')).toBe(false);
    click(tool.send, 8, 5);
    tool.send({ type: 'key.escape' });
    expect(s.selection).toBeNull();
    tool.send({ type: 'key.delete' });
    expect(s.layout.arrays[0].centers).toHaveLength(12);
  });

  it('idle → pointing → dragging → idle moves the selection as one change on its face; Esc cancels a drag', () => {
    const { s, tool } = scene();
    click(tool.send, 2, 2);
    click(tool.send, 5, 2, 0.05, true);
    tool.send(down(5, 2));
    tool.send(move(5, 2.5));
    expect(tool.getSnapshot().matches('dragging')).toBe(true);
    expect(s.previewLayout?.arrays[0].centers.slice(0, 6)).toEqual([2, 2.5, 6, 5, 2.5, 6]);
    tool.send(move(5, 3));
    tool.send(up(5, 3));
    expect(s.commits()).toHaveLength(1);
    expect(s.layout.arrays[0].centers.slice(0, 6)).toEqual([2, 3, 6, 5, 3, 6]);
    // Onto the back row: overlaps, refused as a whole (hint while dragging), nothing committed.
    tool.send(down(5, 3));
    tool.send(move(5, 4.5));
    expect(tool.getSnapshot().context.overlay.hint).toBe(MODULE_REFUSED_HINT);
    tool.send(up(5, 4.5));
    expect(s.layout.arrays[0].centers.slice(0, 6)).toEqual([2, 3, 6, 5, 3, 6]);
    tool.send(down(5, 3));
    tool.send(move(5, 3.5));
    tool.send({ type: 'key.escape' });
    expect(tool.getSnapshot().matches('idle')).toBe(true);
    expect(s.emitted.at(-1)).toEqual({ type: 'preview.cancel' });
    expect(s.commits()).toHaveLength(2);
  });

  it('arrow keys move the selection (kept on the face: off it is refused with a hint)', () => {
    const { s, tool } = scene();
    click(tool.send, 8, 2);
    tool.send({ type: 'key.nudge', dx: 0.1, dy: 0 });
    expect(s.layout.arrays[0].centers.slice(6, 9)).toEqual([8.1, 2, 6]);
    tool.send({ type: 'key.nudge', dx: 1, dy: 0 }); // the right edge would reach 10.1 m
    expect(s.layout.arrays[0].centers.slice(6, 9)).toEqual([8.1, 2, 6]);
    expect(tool.getSnapshot().context.overlay.hint).toBe(MODULE_REFUSED_HINT);
    tool.send({ type: 'key.nudge', dx: 0, dy: -0.1 });
    expect(s.layout.arrays[0].centers[7]).toBeCloseTo(1.9, 12);
    expect(tool.getSnapshot().context.overlay.hint).toBeNull();
  });
});
