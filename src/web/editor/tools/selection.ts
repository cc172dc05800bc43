// The selection's pure helpers: what a press picks (hitTest), whether a selection still exists
// (after undo), and moving / deleting what is selected as document actions.
// hitTest looks within the 10 px pick radius (snapping.ts SNAP_RADIUS_PX, a UI tolerance), in this
// order: a point (outline vertex or roof point), a roof line, an obstacle (inside or near its
// outline), a building (inside its outline or near an edge). Positions and radius in plan metres.
import type { BuildingDocument } from '../../../model/design.ts';
import {
  allPoints,
  deleteBuilding,
  deleteLine,
  deletePoint,
  findBuilding,
  findPoint,
  insideOrOnOutline,
  moveBuilding,
  moveLine,
  outlineEdges,
  resolvedLines,
  segmentDistance,
  translatePoints,
} from '../document/building.ts';
import { deleteObstacle, findObstacle, moveObstacle, obstacleAt } from '../document/obstacles.ts';
import type { Selection } from '../contracts.ts';

/** Selections of the building document (modules live in the layout document). */
export type BuildingSelection = Exclude<Selection, { kind: 'modules' }>;

export function hitTest(doc: BuildingDocument, x: number, y: number, radius: number): BuildingSelection | null {
  let best: BuildingSelection | null = null;
  let bestD = radius;
  for (const b of doc.buildings) {
    for (const p of allPoints(b)) {
      const d = Math.hypot(p.x - x, p.y - y);
      if (d <= bestD) {
        bestD = d;
        best = { kind: 'point', buildingId: b.id, id: p.id };
      }
    }
  }
  if (best) return best;
  for (const b of doc.buildings) {
    for (const { line, a, b: c } of resolvedLines(b)) {
      const d = segmentDistance(x, y, a.x, a.y, c.x, c.y).dist;
      if (d <= bestD) {
        bestD = d;
        best = { kind: 'line', buildingId: b.id, id: line.id };
      }
    }
  }
  if (best) return best;
  const o = obstacleAt(doc, x, y, radius);
  if (o) return { kind: 'obstacle', id: o.id };
  for (let i = doc.buildings.length - 1; i >= 0; i--) {
    const b = doc.buildings[i];
    if (insideOrOnOutline(b, x, y, radius)) return { kind: 'building', id: b.id };
    if (!b.closed && outlineEdges(b).some(([p, q]) => segmentDistance(x, y, p.x, p.y, q.x, q.y).dist <= radius)) return { kind: 'building', id: b.id };
  }
  return null;
}

/** Whether two selections name the same thing. */
export function sameSelection(a: Selection | null, b: Selection | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.kind !== b.kind) return false;
  if (a.kind === 'modules' && b.kind === 'modules') {
    return a.refs.length === b.refs.length && a.refs.every((r, i) => r.arrayId === b.refs[i].arrayId && r.index === b.refs[i].index);
  }
  if (a.kind === 'modules' || b.kind === 'modules') return false;
  return a.id === b.id && ('buildingId' in a ? a.buildingId : null) === ('buildingId' in b ? b.buildingId : null);
}

/** Whether the selected element exists in the document (modules: not checked here). */
export function selectionExists(doc: BuildingDocument, s: BuildingSelection): boolean {
  switch (s.kind) {
    case 'point': {
      const b = findBuilding(doc, s.buildingId);
      return !!b && !!findPoint(b, s.id);
    }
    case 'line':
      return !!findBuilding(doc, s.buildingId)?.lines.some((l) => l.id === s.id);
    case 'building':
      return !!findBuilding(doc, s.id);
    case 'obstacle':
      return !!findObstacle(doc, s.id);
  }
}

/** The document with the selected element moved by (dx, dy) [m]. */
export function moveSelection(doc: BuildingDocument, s: BuildingSelection, dx: number, dy: number): BuildingDocument {
  switch (s.kind) {
    case 'point':
      return translatePoints(doc, s.buildingId, [s.id], dx, dy);
    case 'line':
      return moveLine(doc, s.buildingId, s.id, dx, dy);
    case 'building':
      return moveBuilding(doc, s.id, dx, dy);
    case 'obstacle':
      return moveObstacle(doc, s.id, dx, dy);
  }
}

/** The document without the selected element (a point takes its lines along). */
export function deleteSelection(doc: BuildingDocument, s: BuildingSelection): BuildingDocument {
  switch (s.kind) {
    case 'point':
      return deletePoint(doc, s.buildingId, s.id);
    case 'line':
      return deleteLine(doc, s.buildingId, s.id);
    case 'building':
      return deleteBuilding(doc, s.id);
    case 'obstacle':
      return deleteObstacle(doc, s.id);
  }
}
