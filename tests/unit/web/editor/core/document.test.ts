// The building document's pure actions (src/web/editor/document/building.ts, obstacles.ts): each
// returns the next document — the same object when nothing changes, untouched buildings keep their
// identity — and the conversions to the engine's roof input and shade obstacles.
import { describe, expect, it } from 'vitest';
import { buildingDocumentSchema, emptyBuildingDocument, type BuildingDocument, type DesignObstacle } from '../../../../../src/model/design.ts';
import { obstacleSchema } from '../../../../../src/model/shade.ts';
import { roofInputSchema } from '../../../../../src/model/roof.ts';
import {
  addBuilding,
  addOutlinePoint,
  addRoofLine,
  addRoofPoint,
  closeOutline,
  deleteBuilding,
  deleteLine,
  deletePoint,
  findBuilding,
  moveBuilding,
  movePoint,
  setAutoRoof,
  setEaveHeight,
  setPointHeight,
  toRoofInput,
} from '../../../../../src/web/editor/document/building.ts';
import {
  addObstacle,
  deleteObstacle,
  moveObstacle,
  obstacleAt,
  toShadeObstacles,
  TREE_TRUNK_RATIO,
  updateObstacle,
} from '../../../../../src/web/editor/document/obstacles.ts';

const rect = (w: number, h: number) => [
  { id: 'a', x: 0, y: 0 },
  { id: 'b', x: w, y: 0 },
  { id: 'c', x: w, y: h },
  { id: 'd', x: 0, y: h },
];

function withRect(): BuildingDocument {
  return addBuilding(emptyBuildingDocument(), { id: 'B', outline: rect(10, 8), closed: true, eaveHeight: 6 });
}

describe('building actions', () => {
  it('draws an outline point by point and closes it only with at least 3 vertices', () => {
    let doc = addBuilding(emptyBuildingDocument(), { id: 'B' });
    doc = addOutlinePoint(doc, 'B', { id: 'a', x: 0, y: 0 });
    doc = addOutlinePoint(doc, 'B', { id: 'b', x: 10, y: 0 });
    expect(closeOutline(doc, 'B')).toBe(doc);
    doc = addOutlinePoint(doc, 'B', { id: 'c', x: 10, y: 8 });
    const closed = closeOutline(doc, 'B');
    expect(findBuilding(closed, 'B')?.closed).toBe(true);
    // A closed outline takes no more vertices.
    expect(addOutlinePoint(closed, 'B', { id: 'e', x: 5, y: 5 })).toBe(closed);
    expect(buildingDocumentSchema.safeParse(closed).success).toBe(true);
  });

  it('adds roof points inside the outline or on an edge, never outside', () => {
    const doc = withRect();
    const inside = addRoofPoint(doc, 'B', { id: 'p', x: 5, y: 4 });
    expect(findBuilding(inside, 'B')?.points).toHaveLength(1);
    const onEdge = addRoofPoint(doc, 'B', { id: 'q', x: 0, y: 4 });
    expect(findBuilding(onEdge, 'B')?.points).toHaveLength(1);
    expect(addRoofPoint(doc, 'B', { id: 'r', x: 11, y: 4 })).toBe(doc);
  });

  it('adds roof lines between existing distinct points, without duplicates', () => {
    let doc = withRect();
    doc = addRoofPoint(doc, 'B', { id: 'p', x: 0, y: 4 });
    doc = addRoofPoint(doc, 'B', { id: 'q', x: 10, y: 4 });
    const one = addRoofLine(doc, 'B', { id: 'L', idp1: 'p', idp2: 'q' });
    expect(findBuilding(one, 'B')?.lines).toHaveLength(1);
    expect(addRoofLine(one, 'B', { id: 'L2', idp1: 'q', idp2: 'p' })).toBe(one);
    expect(addRoofLine(one, 'B', { id: 'L3', idp1: 'p', idp2: 'p' })).toBe(one);
    expect(addRoofLine(one, 'B', { id: 'L4', idp1: 'p', idp2: 'nope' })).toBe(one);
  });

  it('keeps the identity of untouched buildings and returns the same document for no-ops', () => {
    let doc = withRect();
    doc = addBuilding(doc, { id: 'C', outline: rect(4, 4).map((p) => ({ ...p, id: `c${p.id}`, x: p.x + 20 })), closed: true });
    const c = findBuilding(doc, 'C');
    const next = setEaveHeight(doc, 'B', 7);
    expect(findBuilding(next, 'C')).toBe(c);
    expect(setEaveHeight(next, 'B', 7)).toBe(next);
    expect(setEaveHeight(next, 'B', Number.NaN)).toBe(next);
    expect(setPointHeight(next, 'B', 'missing', 3)).toBe(next);
    expect(movePoint(next, 'B', 'a', 0, 0)).toBe(next);
  });

  it('sets and clears a point height', () => {
    const doc = setPointHeight(withRect(), 'B', 'a', 9);
    expect(findBuilding(doc, 'B')?.outline[0]).toEqual({ id: 'a', x: 0, y: 0, z: 9 });
    const cleared = setPointHeight(doc, 'B', 'a', undefined);
    expect(findBuilding(cleared, 'B')?.outline[0]).toEqual({ id: 'a', x: 0, y: 0 });
  });

  it('deletes a roof point with its lines; a closed outline keeps 3 vertices', () => {
    let doc = withRect();
    doc = addRoofPoint(doc, 'B', { id: 'p', x: 5, y: 4 });
    doc = addRoofLine(doc, 'B', { id: 'L', idp1: 'a', idp2: 'p' });
    const noP = deletePoint(doc, 'B', 'p');
    expect(findBuilding(noP, 'B')?.points).toHaveLength(0);
    expect(findBuilding(noP, 'B')?.lines).toHaveLength(0);
    const noA = deletePoint(doc, 'B', 'a');
    expect(findBuilding(noA, 'B')?.outline.map((q) => q.id)).toEqual(['b', 'c', 'd']);
    expect(findBuilding(noA, 'B')?.lines).toHaveLength(0);
    expect(deletePoint(noA, 'B', 'b')).toBe(noA);
    expect(findBuilding(deleteLine(doc, 'B', 'L'), 'B')?.lines).toHaveLength(0);
    expect(deleteBuilding(doc, 'B').buildings).toHaveLength(0);
  });

  it('moves a whole building', () => {
    const doc = moveBuilding(withRect(), 'B', 2, -1);
    expect(findBuilding(doc, 'B')?.outline[2]).toEqual({ id: 'c', x: 12, y: 7 });
  });
});

describe('toRoofInput', () => {
  it('is null until the outline is closed', () => {
    const doc = addBuilding(emptyBuildingDocument(), { id: 'B', outline: rect(10, 8) });
    expect(toRoofInput(doc.buildings[0])).toBeNull();
  });

  it('sends the drawn roof (only points that lines use) with explicit heights', () => {
    let doc = withRect();
    doc = addRoofPoint(doc, 'B', { id: 'p', x: 0, y: 4, z: 8 });
    doc = addRoofPoint(doc, 'B', { id: 'q', x: 10, y: 4, z: 8 });
    doc = addRoofPoint(doc, 'B', { id: 'lonely', x: 5, y: 2 });
    doc = addRoofLine(doc, 'B', { id: 'L', idp1: 'p', idp2: 'q' });
    const input = toRoofInput(doc.buildings[0]);
    expect(roofInputSchema.safeParse(input).success).toBe(true);
    expect(input?.building.eaveHeight).toBe(6);
    expect(input?.building.points?.map((p) => p.id)).toEqual(['p', 'q']);
    expect(input?.building.points?.[0]).toEqual({ id: 'p', x: 0, y: 4, z: 8 });
    expect(input?.building.lines).toEqual([{ id: 'L', idp1: 'p', idp2: 'q' }]);
    expect(input?.auto).toBeUndefined();
  });

  it('sends an automatic roof without drawn points or lines', () => {
    let doc = withRect();
    doc = addRoofPoint(doc, 'B', { id: 'p', x: 0, y: 4 });
    doc = addRoofPoint(doc, 'B', { id: 'q', x: 10, y: 4 });
    doc = addRoofLine(doc, 'B', { id: 'L', idp1: 'p', idp2: 'q' });
    doc = setAutoRoof(doc, 'B', { type: 'gable', pitch: 25, ridgeAzimuth: 90 });
    const input = toRoofInput(doc.buildings[0]);
    expect(input?.auto).toEqual({ type: 'gable', pitch: 25, ridgeAzimuth: 90 });
    expect(input?.building.points).toEqual([]);
    expect(input?.building.lines).toEqual([]);
    expect(setAutoRoof(doc, 'B', { type: 'gable', pitch: 25, ridgeAzimuth: 90 })).toBe(doc);
    expect(setAutoRoof(doc, 'B', { type: 'hip', pitch: 95 })).toBe(doc);
  });
});

describe('obstacles', () => {
  const box: DesignObstacle = { kind: 'box', id: 'o1', height: 2, baseZ: 0, center: [5, 5], size: [2, 1], rotation: 0 };
  const tree: DesignObstacle = { kind: 'tree', id: 't1', height: 10, baseZ: 0.5, center: [20, 0], radius: 3, trunkHeight: 4 };

  it('adds, updates, moves and deletes', () => {
    let doc = addObstacle(emptyBuildingDocument(), box);
    expect(addObstacle(doc, box)).toBe(doc);
    doc = updateObstacle(doc, 'o1', { height: 3, radius: 9 });
    expect(doc.obstacles[0]).toMatchObject({ kind: 'box', height: 3 });
    expect(doc.obstacles[0]).not.toHaveProperty('radius');
    expect(updateObstacle(doc, 'o1', { height: 3 })).toBe(doc);
    expect(updateObstacle(doc, 'o1', { height: -1 })).toBe(doc);
    doc = moveObstacle(doc, 'o1', 1, 2);
    expect(doc.obstacles[0]).toMatchObject({ center: [6, 7] });
    expect(deleteObstacle(doc, 'o1').obstacles).toHaveLength(0);
    expect(buildingDocumentSchema.safeParse(doc).success).toBe(true);
  });

  it('finds the obstacle under a point (inside, or near a parapet wall)', () => {
    let doc = addObstacle(emptyBuildingDocument(), box);
    doc = addObstacle(doc, { kind: 'parapet', id: 'w', height: 1, baseZ: 6, polyline: [[0, 20], [10, 20]], thickness: 0.2 });
    expect(obstacleAt(doc, 5.9, 5.4, 0.01)?.id).toBe('o1');
    expect(obstacleAt(doc, 6.2, 5, 0.1)).toBeUndefined();
    expect(obstacleAt(doc, 5, 20.15, 0.1)?.id).toBe('w');
  });

  it('converts to the shade engine: polygon → prism, tree → trunk + crown from baseZ + trunkHeight', () => {
    let doc = addObstacle(emptyBuildingDocument(), box);
    doc = addObstacle(doc, { kind: 'polygon', id: 'pg', height: 3, baseZ: 0, polygon: [[0, 0], [1, 0], [0, 1]] });
    doc = addObstacle(doc, tree);
    const out = toShadeObstacles(doc);
    for (const o of out) expect(obstacleSchema.safeParse(o).success).toBe(true);
    expect(out.map((o) => o.kind)).toEqual(['box', 'prism', 'cylinder', 'cylinder']);
    // Trunk: baseZ 0.5 up to 0.5 + 4; crown: from 4.5 up to 0.5 + 10 = 10.5, crown radius 3.
    expect(out[2]).toEqual({ kind: 'cylinder', center: [20, 0], radius: 3 * TREE_TRUNK_RATIO, height: 4, baseZ: 0.5 });
    expect(out[3]).toEqual({ kind: 'cylinder', center: [20, 0], radius: 3, height: 6, baseZ: 4.5 });
  });

  it('a tree without a trunk is one crown cylinder from the ground', () => {
    const doc = addObstacle(emptyBuildingDocument(), { ...tree, trunkHeight: 0 });
    expect(toShadeObstacles(doc)).toEqual([{ kind: 'cylinder', center: [20, 0], radius: 3, height: 10, baseZ: 0.5 }]);
  });
});
