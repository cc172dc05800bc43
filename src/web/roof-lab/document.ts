// The roof-lab drawing document: a readonly, JSON-serialisable value, and the pure actions that
// return the next document. No DOM, no React: the editor, the tests and (later) saving share it.
import type { AutoRoofType, RoofInput } from '../../model/index.ts';

export interface DocPoint {
  readonly id: string;
  /** Plan position [m], x east, y north. */
  readonly x: number;
  readonly y: number;
  /** Explicit height [m]; absent: the engine works it out (eave, interpolation, planarity). */
  readonly z?: number;
}

export interface DocLine {
  readonly id: string;
  readonly idp1: string;
  readonly idp2: string;
}

export interface AutoRoof {
  readonly type: AutoRoofType;
  /** [°] */
  readonly pitch: number;
  /** Compass bearing of the ridge [°]; absent: the engine picks (the longer axis). */
  readonly ridgeAzimuth?: number;
}

export interface RoofDocument {
  readonly version: 1;
  readonly buildingId: string;
  /** Footprint vertices in drawing order. */
  readonly outline: readonly DocPoint[];
  /** Whether the footprint is a closed polygon (the engine only runs on a closed one). */
  readonly closed: boolean;
  /** Roof points: interior points and points lying on outline edges. */
  readonly points: readonly DocPoint[];
  /** Roof lines between any two points (outline or roof points). */
  readonly lines: readonly DocLine[];
  /** z of outline points without their own z [m]. */
  readonly eaveHeight: number;
  /** An automatic roof replaces the drawn points and lines; null: the drawn roof. */
  readonly auto: AutoRoof | null;
}

export const DEFAULT_EAVE_HEIGHT = 6;
export const DEFAULT_PITCH = 30;

export function emptyDocument(buildingId = 'b1'): RoofDocument {
  return { version: 1, buildingId, outline: [], closed: false, points: [], lines: [], eaveHeight: DEFAULT_EAVE_HEIGHT, auto: null };
}

/** Every point of the document, outline first. */
export function allPoints(doc: RoofDocument): readonly DocPoint[] {
  return doc.points.length === 0 ? doc.outline : [...doc.outline, ...doc.points];
}

export function findPoint(doc: RoofDocument, id: string): DocPoint | undefined {
  return doc.outline.find((p) => p.id === id) ?? doc.points.find((p) => p.id === id);
}

export function isOutlinePoint(doc: RoofDocument, id: string): boolean {
  return doc.outline.some((p) => p.id === id);
}

/** Outline edges as point pairs (the closing edge only once the outline is closed). */
export function outlineEdges(doc: RoofDocument): [DocPoint, DocPoint][] {
  const o = doc.outline;
  const edges: [DocPoint, DocPoint][] = [];
  for (let i = 0; i + 1 < o.length; i++) edges.push([o[i], o[i + 1]]);
  if (doc.closed && o.length >= 3) edges.push([o[o.length - 1], o[0]]);
  return edges;
}

// ── actions: each returns the next document (the same object when nothing changes) ──────────────

export function addOutlinePoint(doc: RoofDocument, p: DocPoint): RoofDocument {
  if (doc.closed) return doc;
  return { ...doc, outline: [...doc.outline, p] };
}

export function closeOutline(doc: RoofDocument): RoofDocument {
  if (doc.closed || doc.outline.length < 3) return doc;
  return { ...doc, closed: true };
}

export function addPoint(doc: RoofDocument, p: DocPoint): RoofDocument {
  return { ...doc, points: [...doc.points, p] };
}

export function hasLine(doc: RoofDocument, a: string, b: string): boolean {
  return doc.lines.some((l) => (l.idp1 === a && l.idp2 === b) || (l.idp1 === b && l.idp2 === a));
}

/** Adds a line between two existing, distinct points; no duplicates. */
export function addLine(doc: RoofDocument, line: DocLine): RoofDocument {
  if (line.idp1 === line.idp2 || hasLine(doc, line.idp1, line.idp2)) return doc;
  if (!findPoint(doc, line.idp1) || !findPoint(doc, line.idp2)) return doc;
  return { ...doc, lines: [...doc.lines, line] };
}

/** Sets (a finite number) or clears (undefined) the explicit height of a point. */
export function setPointZ(doc: RoofDocument, id: string, z: number | undefined): RoofDocument {
  if (z !== undefined && !Number.isFinite(z)) return doc;
  const upd = (p: DocPoint): DocPoint => {
    if (p.id !== id) return p;
    if (z === undefined) {
      const { z: _drop, ...rest } = p;
      return rest;
    }
    return { ...p, z };
  };
  if (doc.outline.some((p) => p.id === id)) return { ...doc, outline: doc.outline.map(upd) };
  if (doc.points.some((p) => p.id === id)) return { ...doc, points: doc.points.map(upd) };
  return doc;
}

export function setEaveHeight(doc: RoofDocument, h: number): RoofDocument {
  if (!Number.isFinite(h) || h === doc.eaveHeight) return doc;
  return { ...doc, eaveHeight: h };
}

export function setAutoRoof(doc: RoofDocument, auto: AutoRoof | null): RoofDocument {
  return { ...doc, auto };
}

/** Removes a roof point and its lines, or an outline point (reopening nothing: a closed outline
 * keeps at least 3 vertices). */
export function deletePoint(doc: RoofDocument, id: string): RoofDocument {
  const lines = doc.lines.filter((l) => l.idp1 !== id && l.idp2 !== id);
  if (doc.points.some((p) => p.id === id)) {
    return { ...doc, points: doc.points.filter((p) => p.id !== id), lines };
  }
  if (doc.outline.some((p) => p.id === id)) {
    if (doc.closed && doc.outline.length <= 3) return doc;
    return { ...doc, outline: doc.outline.filter((p) => p.id !== id), lines };
  }
  return doc;
}

export function deleteLine(doc: RoofDocument, id: string): RoofDocument {
  if (!doc.lines.some((l) => l.id === id)) return doc;
  return { ...doc, lines: doc.lines.filter((l) => l.id !== id) };
}

/** The document without any drawing (keeps the eave height and the roof settings). */
export function clearDrawing(doc: RoofDocument): RoofDocument {
  return { ...emptyDocument(doc.buildingId), eaveHeight: doc.eaveHeight, auto: doc.auto };
}

// ── the engine input ──────────────────────────────────────────────────────────────────────────

const pointIn = (p: DocPoint) => (p.z === undefined ? { id: p.id, x: p.x, y: p.y } : { id: p.id, x: p.x, y: p.y, z: p.z });

/** The engine's roof input, or null while there is no closed outline. Roof points that no line
 * uses are left out (they would only be noise for the engine). */
export function toRoofInput(doc: RoofDocument): RoofInput | null {
  if (!doc.closed || doc.outline.length < 3) return null;
  const used = new Set<string>();
  for (const l of doc.lines) {
    used.add(l.idp1);
    used.add(l.idp2);
  }
  const building = {
    id: doc.buildingId,
    eaveHeight: doc.eaveHeight,
    outerPoints: doc.outline.map(pointIn),
    points: doc.auto ? [] : doc.points.filter((p) => used.has(p.id)).map(pointIn),
    lines: doc.auto ? [] : doc.lines.map((l) => ({ id: l.id, idp1: l.idp1, idp2: l.idp2 })),
  };
  if (!doc.auto) return { building };
  const auto: NonNullable<RoofInput['auto']> = { type: doc.auto.type, pitch: doc.auto.pitch };
  if (doc.auto.ridgeAzimuth !== undefined) auto.ridgeAzimuth = doc.auto.ridgeAzimuth;
  return { building, auto };
}

/** Loose runtime check of a stored document (localStorage); null when it does not fit. */
export function parseDocument(value: unknown): RoofDocument | null {
  if (typeof value !== 'object' || value === null) return null;
  const d = value as Partial<RoofDocument>;
  const isPt = (p: unknown): p is DocPoint => {
    const q = p as DocPoint;
    return (
      typeof q === 'object' && q !== null && typeof q.id === 'string' && Number.isFinite(q.x) && Number.isFinite(q.y) &&
      (q.z === undefined || Number.isFinite(q.z))
    );
  };
  const isLine = (l: unknown): l is DocLine => {
    const q = l as DocLine;
    return typeof q === 'object' && q !== null && typeof q.id === 'string' && typeof q.idp1 === 'string' && typeof q.idp2 === 'string';
  };
  if (d.version !== 1 || typeof d.buildingId !== 'string' || typeof d.closed !== 'boolean') return null;
  if (!Array.isArray(d.outline) || !d.outline.every(isPt)) return null;
  if (!Array.isArray(d.points) || !d.points.every(isPt)) return null;
  if (!Array.isArray(d.lines) || !d.lines.every(isLine)) return null;
  if (!Number.isFinite(d.eaveHeight)) return null;
  const a = d.auto;
  if (a !== null && (typeof a !== 'object' || typeof a.type !== 'string' || !Number.isFinite(a.pitch))) return null;
  return d as RoofDocument;
}
