// Pure actions over the building document ('lite-re', src/model/design.ts; spec 000 §3 "Building by
// pen", "Point", "Line"): each takes the document and returns the next one — the SAME object when
// nothing changes, and untouched buildings keep their identity (the editor rebuilds the roof only of
// buildings whose object changed, and caches results by object). Ids are supplied by the caller (the
// tools draw them from src/model/ids.ts newId, injectable in tests), so every action is deterministic.
// Plus `toRoofInput` (re-exported from src/model/building-roof-input.ts): one building as the engine's roof input.
// Plan frame: x east, y north, z up [m].
import { GEOMETRY } from '../../../model/constants.ts';
import type { BuildingDocument, DesignAutoRoof, DesignBuilding, DesignLine, DesignPoint } from '../../../model/design.ts';
import { closestOnSegment, pointInRing } from '../../../model/plan-geometry.ts';

/** Eave height of a new building [m]. */
export const DEFAULT_EAVE_HEIGHT = 6;
/** Pitch offered for an automatic roof [°]. */
export const DEFAULT_PITCH = 30;
/** A roof point counts as lying on an outline edge within this distance [m] (GEOMETRY merge tolerance). */
export const ON_EDGE_TOLERANCE = GEOMETRY.mergeTolerance;

// ── queries ───────────────────────────────────────────────────────────────────────────────────

export function findBuilding(doc: BuildingDocument, id: string): DesignBuilding | undefined {
  return doc.buildings.find((b) => b.id === id);
}

/** Every point of a building, outline first. */
export function allPoints(b: DesignBuilding): readonly DesignPoint[] {
  return b.points.length === 0 ? b.outline : [...b.outline, ...b.points];
}

export function findPoint(b: DesignBuilding, id: string): DesignPoint | undefined {
  return b.outline.find((p) => p.id === id) ?? b.points.find((p) => p.id === id);
}

export function isOutlinePoint(b: DesignBuilding, id: string): boolean {
  return b.outline.some((p) => p.id === id);
}

/** Outline edges as point pairs (the closing edge only once the outline is closed). */
export function outlineEdges(b: DesignBuilding): [DesignPoint, DesignPoint][] {
  const o = b.outline;
  const edges: [DesignPoint, DesignPoint][] = [];
  for (let i = 0; i + 1 < o.length; i++) edges.push([o[i], o[i + 1]]);
  if (b.closed && o.length >= 3) edges.push([o[o.length - 1], o[0]]);
  return edges;
}

/** The roof lines with both end points resolved (lines with a missing end are skipped). */
export function resolvedLines(b: DesignBuilding): { line: DesignLine; a: DesignPoint; b: DesignPoint }[] {
  const out: { line: DesignLine; a: DesignPoint; b: DesignPoint }[] = [];
  for (const line of b.lines) {
    const p = findPoint(b, line.idp1);
    const q = findPoint(b, line.idp2);
    if (p && q) out.push({ line, a: p, b: q });
  }
  return out;
}

/** The building holding a point or a line id, if any. */
export function buildingOfPoint(doc: BuildingDocument, pointId: string): DesignBuilding | undefined {
  return doc.buildings.find((b) => findPoint(b, pointId) !== undefined);
}

export function buildingOfLine(doc: BuildingDocument, lineId: string): DesignBuilding | undefined {
  return doc.buildings.find((b) => b.lines.some((l) => l.id === lineId));
}

/** Distance from p to segment ab and the foot's parameter t ∈ [0, 1] [m] (src/model/plan-geometry.ts). */
export const segmentDistance = closestOnSegment;

/** Even-odd point-in-polygon test over {x, y} points (points exactly on an edge may go either way). */
export function pointInPolygon(x: number, y: number, poly: readonly { readonly x: number; readonly y: number }[]): boolean {
  return pointInRing(x, y, poly.map((p) => [p.x, p.y]));
}

/** Whether (x, y) lies inside the closed outline or on one of its edges (within `tolerance` [m]). */
export function insideOrOnOutline(b: DesignBuilding, x: number, y: number, tolerance: number = ON_EDGE_TOLERANCE): boolean {
  if (!b.closed || b.outline.length < 3) return false;
  for (const [p, q] of outlineEdges(b)) if (segmentDistance(x, y, p.x, p.y, q.x, q.y).dist <= tolerance) return true;
  return pointInPolygon(x, y, b.outline);
}

/** The closed building whose outline contains (x, y), the last drawn first (it is drawn on top). */
export function buildingAt(doc: BuildingDocument, x: number, y: number, tolerance: number = ON_EDGE_TOLERANCE): DesignBuilding | undefined {
  for (let i = doc.buildings.length - 1; i >= 0; i--) {
    if (insideOrOnOutline(doc.buildings[i], x, y, tolerance)) return doc.buildings[i];
  }
  return undefined;
}

// ── actions ───────────────────────────────────────────────────────────────────────────────────

/** Replaces one building through `fn` (same document when `fn` returns the same building). */
export function updateBuilding(doc: BuildingDocument, id: string, fn: (b: DesignBuilding) => DesignBuilding): BuildingDocument {
  const i = doc.buildings.findIndex((b) => b.id === id);
  if (i < 0) return doc;
  const next = fn(doc.buildings[i]);
  if (next === doc.buildings[i]) return doc;
  const buildings = doc.buildings.slice();
  buildings[i] = next;
  return { ...doc, buildings };
}

export interface NewBuilding {
  readonly id: string;
  readonly name?: string;
  /** [m] */
  readonly eaveHeight?: number;
  /** Outline vertices (may be empty: points are added one by one). */
  readonly outline?: readonly DesignPoint[];
  readonly closed?: boolean;
  readonly auto?: DesignAutoRoof | null;
}

/** Adds a building (no-op when the id is taken, or when asked closed with fewer than 3 vertices). */
export function addBuilding(doc: BuildingDocument, init: NewBuilding): BuildingDocument {
  if (findBuilding(doc, init.id)) return doc;
  const outline = init.outline ? [...init.outline] : [];
  const closed = init.closed ?? false;
  if (closed && outline.length < 3) return doc;
  const eave = init.eaveHeight ?? DEFAULT_EAVE_HEIGHT;
  if (!Number.isFinite(eave) || eave < 0) return doc;
  const b: DesignBuilding = { id: init.id, name: init.name ?? '', outline, closed, points: [], lines: [], eaveHeight: eave, auto: init.auto ?? null };
  return { ...doc, buildings: [...doc.buildings, b] };
}

/** Appends an outline vertex to an open outline. */
export function addOutlinePoint(doc: BuildingDocument, buildingId: string, p: DesignPoint): BuildingDocument {
  return updateBuilding(doc, buildingId, (b) => (b.closed || findPoint(b, p.id) ? b : { ...b, outline: [...b.outline, p] }));
}

/** Closes an outline of at least 3 vertices. */
export function closeOutline(doc: BuildingDocument, buildingId: string): BuildingDocument {
  return updateBuilding(doc, buildingId, (b) => (b.closed || b.outline.length < 3 ? b : { ...b, closed: true }));
}

/** Adds a roof point lying inside the closed outline or on one of its edges (else no-op). */
export function addRoofPoint(doc: BuildingDocument, buildingId: string, p: DesignPoint): BuildingDocument {
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return doc;
  return updateBuilding(doc, buildingId, (b) => {
    if (findPoint(b, p.id) || !insideOrOnOutline(b, p.x, p.y)) return b;
    return { ...b, points: [...b.points, p] };
  });
}

export function hasLine(b: DesignBuilding, a: string, c: string): boolean {
  return b.lines.some((l) => (l.idp1 === a && l.idp2 === c) || (l.idp1 === c && l.idp2 === a));
}

/** Adds a roof line between two distinct existing points of the building; no duplicates. */
export function addRoofLine(doc: BuildingDocument, buildingId: string, line: DesignLine): BuildingDocument {
  return updateBuilding(doc, buildingId, (b) => {
    if (line.idp1 === line.idp2 || hasLine(b, line.idp1, line.idp2) || b.lines.some((l) => l.id === line.id)) return b;
    if (!findPoint(b, line.idp1) || !findPoint(b, line.idp2)) return b;
    return { ...b, lines: [...b.lines, line] };
  });
}

function mapPoint(b: DesignBuilding, id: string, fn: (p: DesignPoint) => DesignPoint): DesignBuilding {
  const io = b.outline.findIndex((p) => p.id === id);
  if (io >= 0) {
    const next = fn(b.outline[io]);
    if (next === b.outline[io]) return b;
    const outline = b.outline.slice();
    outline[io] = next;
    return { ...b, outline };
  }
  const ip = b.points.findIndex((p) => p.id === id);
  if (ip < 0) return b;
  const next = fn(b.points[ip]);
  if (next === b.points[ip]) return b;
  const points = b.points.slice();
  points[ip] = next;
  return { ...b, points };
}

/** Sets (a finite z [m]) or clears (undefined: the engine works it out) a point's explicit height. */
export function setPointHeight(doc: BuildingDocument, buildingId: string, pointId: string, z: number | undefined): BuildingDocument {
  if (z !== undefined && !Number.isFinite(z)) return doc;
  return updateBuilding(doc, buildingId, (b) =>
    mapPoint(b, pointId, (p) => {
      if (p.z === z) return p;
      if (z === undefined) {
        const { z: _drop, ...rest } = p;
        return rest;
      }
      return { ...p, z };
    }),
  );
}

/** Sets the eave height [m] (0–500, the document's range). */
export function setEaveHeight(doc: BuildingDocument, buildingId: string, h: number): BuildingDocument {
  if (!Number.isFinite(h) || h < 0 || h > 500) return doc;
  return updateBuilding(doc, buildingId, (b) => (b.eaveHeight === h ? b : { ...b, eaveHeight: h }));
}

function sameAuto(a: DesignAutoRoof | null, b: DesignAutoRoof | null): boolean {
  return a === b || (a !== null && b !== null && a.type === b.type && a.pitch === b.pitch && a.ridgeAzimuth === b.ridgeAzimuth);
}

/** Sets an automatic roof (type and pitch [°] in [0, 90), optional ridge azimuth [°]) or clears it (null). */
export function setAutoRoof(doc: BuildingDocument, buildingId: string, auto: DesignAutoRoof | null): BuildingDocument {
  if (auto && (!Number.isFinite(auto.pitch) || auto.pitch < 0 || auto.pitch >= 90)) return doc;
  if (auto?.ridgeAzimuth !== undefined && !(auto.ridgeAzimuth >= 0 && auto.ridgeAzimuth <= 360)) return doc;
  return updateBuilding(doc, buildingId, (b) => (sameAuto(b.auto, auto) ? b : { ...b, auto: auto ? { ...auto } : null }));
}

/** Moves one point to (x, y) [m]. */
export function movePoint(doc: BuildingDocument, buildingId: string, pointId: string, x: number, y: number): BuildingDocument {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return doc;
  return updateBuilding(doc, buildingId, (b) => mapPoint(b, pointId, (p) => (p.x === x && p.y === y ? p : { ...p, x, y })));
}

/** Moves several points of one building by (dx, dy) [m]. */
export function translatePoints(doc: BuildingDocument, buildingId: string, pointIds: readonly string[], dx: number, dy: number): BuildingDocument {
  if (!Number.isFinite(dx) || !Number.isFinite(dy) || (dx === 0 && dy === 0)) return doc;
  const ids = new Set(pointIds);
  const shift = (p: DesignPoint): DesignPoint => (ids.has(p.id) ? { ...p, x: p.x + dx, y: p.y + dy } : p);
  return updateBuilding(doc, buildingId, (b) => {
    if (!allPoints(b).some((p) => ids.has(p.id))) return b;
    return { ...b, outline: b.outline.map(shift), points: b.points.map(shift) };
  });
}

/** Moves both ends of a roof line by (dx, dy) [m]. */
export function moveLine(doc: BuildingDocument, buildingId: string, lineId: string, dx: number, dy: number): BuildingDocument {
  const b = findBuilding(doc, buildingId);
  const l = b?.lines.find((q) => q.id === lineId);
  return l ? translatePoints(doc, buildingId, [l.idp1, l.idp2], dx, dy) : doc;
}

/** Moves a whole building (outline and roof points) by (dx, dy) [m]. */
export function moveBuilding(doc: BuildingDocument, buildingId: string, dx: number, dy: number): BuildingDocument {
  const b = findBuilding(doc, buildingId);
  return b ? translatePoints(doc, buildingId, allPoints(b).map((p) => p.id), dx, dy) : doc;
}

/** Removes a roof point and its lines, or an outline vertex and its lines. A closed outline keeps at
 * least 3 vertices (deleting one of its last 3 is a no-op: delete the building instead). */
export function deletePoint(doc: BuildingDocument, buildingId: string, pointId: string): BuildingDocument {
  return updateBuilding(doc, buildingId, (b) => {
    const lines = b.lines.filter((l) => l.idp1 !== pointId && l.idp2 !== pointId);
    if (b.points.some((p) => p.id === pointId)) return { ...b, points: b.points.filter((p) => p.id !== pointId), lines };
    if (!b.outline.some((p) => p.id === pointId)) return b;
    if (b.closed && b.outline.length <= 3) return b;
    return { ...b, outline: b.outline.filter((p) => p.id !== pointId), lines };
  });
}

/** Removes a roof line (its end points stay). */
export function deleteLine(doc: BuildingDocument, buildingId: string, lineId: string): BuildingDocument {
  return updateBuilding(doc, buildingId, (b) => (b.lines.some((l) => l.id === lineId) ? { ...b, lines: b.lines.filter((l) => l.id !== lineId) } : b));
}

export function deleteBuilding(doc: BuildingDocument, buildingId: string): BuildingDocument {
  if (!findBuilding(doc, buildingId)) return doc;
  return { ...doc, buildings: doc.buildings.filter((b) => b.id !== buildingId) };
}

// The engine input lives in the model (the reports use it too).
export { toRoofInput } from '../../../model/building-roof-input.ts';
