// The plan's scene as flat arrays (DOM-free): what the regl and Canvas2D renderers draw. Static
// layers — the buildings (roof faces coloured by azimuth, or plain under a heat map; outlines, roof
// lines, points, obstacles) and the modules (instances) — are apart from the selection/hover layer
// and from the tool's overlay (plan-overlay.ts), so a pan or a rubber band never rebuilds them.
// `createPlanSceneBuilder` keeps each layer while its inputs are the same objects (documents are
// immutable values: a changed document is a new object).
import type { BuildingDocument, DesignBuilding, DesignPoint } from '../../../model/design.ts';
import type { RoofOutput } from '../../../model/roof.ts';
import type { LayoutDocument } from '../../../model/design.ts';
import { faceRgb } from './face-colours.ts';
import type { Selection } from '../contracts.ts';
import { obstacleRings } from './obstacle-shapes.ts';
import { EMPTY_LAYER, flatRing, hexRgba, LayerWriter, MARK_DIAMOND, MARK_DISC, MARK_RING, MARK_SQUARE, rgbRgba, type PlanLayer } from './plan-layers.ts';
import { buildModuleColours, buildModuleGeometry, type ModuleGeometry, type ModuleInstances, type ModuleShade } from './plan-modules.ts';
import type { PlanBounds } from './plan-view.ts';

/** What can be selected or hovered in the plan: a Selection, or a roof face (the layout step). */
export type PlanHighlight = Selection | { readonly kind: 'face'; readonly buildingId: string; readonly faceId: string };

/** The roof engine's answer per building id (null: not solved yet). */
export type RoofOutputs = ReadonlyMap<string, RoofOutput | null>;

export interface PlanSceneInput {
  readonly buildings: BuildingDocument;
  readonly roofs: RoofOutputs;
  readonly layout: LayoutDocument | null;
  /** The heat map: per array, per module shading loss [0–1]; null: no heat map (faces by azimuth). */
  readonly shade: ModuleShade | null;
  readonly selection: PlanHighlight | null;
  readonly hover: PlanHighlight | null;
  /** Loss at the heat map's dark end [0–1] (heat-colours.ts HEAT_MAX_LOSS by default). */
  readonly maxLoss?: number;
  /** Loss at the heat map's bright end [0–1] (default 0; the editor fits both to the values). */
  readonly minLoss?: number;
}

/** Everything the plan draws except the tool's overlay. Layers keep their identity while unchanged. */
export interface PlanScene {
  /** Faces, outlines, roof lines, points, obstacles. */
  readonly building: PlanLayer;
  readonly modules: ModuleInstances;
  /** Marks of the selection and the hovered element. */
  readonly highlight: PlanLayer;
  /** The plan box of the buildings, obstacles and modules [m]; null when empty. */
  readonly bounds: PlanBounds | null;
}

export const PLAN_COLOURS = {
  ink: '#1f2937',
  muted: '#64748b',
  accent: '#436cf5',
  hover: '#60a5fa',
  error: '#e5484d',
  roofLine: '#334155',
  plainFace: '#cbd5e1',
  obstacle: '#64748b',
  tree: '#16a34a',
} as const;

const INK = hexRgba(PLAN_COLOURS.ink);
const WHITE = hexRgba('#ffffff');
const ACCENT = hexRgba(PLAN_COLOURS.accent);
const ERROR = hexRgba(PLAN_COLOURS.error);

/** Ids the engine's errors name (points, lines, faces). */
function errorIdsOf(roof: RoofOutput | null): Set<string> {
  const ids = new Set<string>();
  for (const e of roof?.errors ?? []) for (const id of e.ids) ids.add(id);
  return ids;
}

function pointIndex(b: DesignBuilding): Map<string, DesignPoint> {
  const m = new Map<string, DesignPoint>();
  for (const p of b.outline) m.set(p.id, p);
  for (const p of b.points) m.set(p.id, p);
  return m;
}

function writeBuilding(w: LayerWriter, b: DesignBuilding, roof: RoofOutput | null, plainFaces: boolean): void {
  const errors = errorIdsOf(roof);
  const faces = roof?.faces ?? [];
  const plain = hexRgba(PLAN_COLOURS.plainFace, 0.65);
  for (const f of faces) {
    if (f.vertices.length < 3) continue;
    const ring = flatRing(f.vertices);
    const rgb = faceRgb(f.azimuth, f.tilt);
    w.polygon([ring], errors.has(f.id) ? hexRgba(PLAN_COLOURS.error, 0.35) : plainFaces ? plain : rgbRgba(rgb, 0.55));
    w.ring(ring, plainFaces ? hexRgba(PLAN_COLOURS.muted, 0.8) : rgbRgba(rgb, 1), 1);
  }
  const outline = flatRing(b.outline.map((p) => [p.x, p.y]));
  if (faces.length === 0 && b.closed) w.polygon([outline], hexRgba(PLAN_COLOURS.accent, 0.08));
  w.ring(outline, INK, 2, b.closed);

  // Roof lines: the engine's for an automatic roof, else the drawn ones.
  const lineColour = (id: string) => (errors.has(id) || errors.has(id.split('#')[0]) ? ERROR : hexRgba(PLAN_COLOURS.roofLine));
  if (b.auto) {
    for (const l of roof?.lines ?? []) w.segment(l.x1, l.y1, l.x2, l.y2, hexRgba(PLAN_COLOURS.muted, 0.8), 1.25);
  } else {
    const pts = pointIndex(b);
    for (const l of b.lines) {
      const p = pts.get(l.idp1);
      const q = pts.get(l.idp2);
      if (p && q) w.segment(p.x, p.y, q.x, q.y, lineColour(l.id), errors.has(l.id) ? 3 : 1.75);
    }
    // Pieces of split lines the engine names in its errors.
    for (const l of roof?.lines ?? []) if (l.ifSplit && errors.has(l.id)) w.segment(l.x1, l.y1, l.x2, l.y2, ERROR, 3);
  }

  // Points: outline corners (squares), roof points (discs), crossings the engine added (diamonds).
  const known = pointIndex(b);
  if (roof && !b.auto) {
    for (const p of roof.points) if (!known.has(p.id) && !p.mergedInto) w.mark(p.x, p.y, hexRgba(PLAN_COLOURS.muted), 8, MARK_DIAMOND);
  }
  for (const p of b.outline) w.mark(p.x, p.y, p.z !== undefined ? ACCENT : WHITE, 8, MARK_SQUARE);
  if (!b.auto) for (const p of b.points) w.mark(p.x, p.y, p.z !== undefined ? ACCENT : WHITE, 9, MARK_DISC);
  for (const p of roof?.points ?? []) if (errors.has(p.id)) w.mark(p.x, p.y, ERROR, 20, MARK_RING);
}

/** The buildings and obstacles as one layer; `plainFaces`: grey faces (a heat map is shown). */
export function buildBuildingLayer(doc: BuildingDocument, roofs: RoofOutputs, plainFaces: boolean): PlanLayer {
  const w = new LayerWriter();
  for (const b of doc.buildings) writeBuilding(w, b, roofs.get(b.id) ?? null, plainFaces);
  for (const o of doc.obstacles) {
    const tree = o.kind === 'tree';
    for (const ring of obstacleRings(o)) {
      const flat = flatRing(ring);
      w.polygon([flat], hexRgba(tree ? PLAN_COLOURS.tree : PLAN_COLOURS.obstacle, 0.45));
      w.ring(flat, hexRgba(tree ? PLAN_COLOURS.tree : PLAN_COLOURS.roofLine), 1.25);
    }
    if (tree) w.mark(o.center[0], o.center[1], hexRgba('#92400e'), 6, MARK_DISC);
  }
  return w.finish();
}

function writeHighlight(w: LayerWriter, doc: BuildingDocument, roofs: RoofOutputs, h: PlanHighlight, hover: boolean): void {
  const colour = hexRgba(hover ? PLAN_COLOURS.hover : PLAN_COLOURS.accent);
  const widen = hover ? 0 : 1;
  switch (h.kind) {
    case 'point': {
      const b = doc.buildings.find((x) => x.id === h.buildingId);
      const p = b && pointIndex(b).get(h.id);
      if (p) w.mark(p.x, p.y, colour, 18, MARK_RING);
      return;
    }
    case 'line': {
      const b = doc.buildings.find((x) => x.id === h.buildingId);
      const l = b?.lines.find((x) => x.id === h.id);
      const pts = b && pointIndex(b);
      const p = l && pts?.get(l.idp1);
      const q = l && pts?.get(l.idp2);
      if (p && q) w.segment(p.x, p.y, q.x, q.y, [colour[0], colour[1], colour[2], 190], 4 + widen);
      return;
    }
    case 'building': {
      const b = doc.buildings.find((x) => x.id === h.id);
      if (b) w.ring(flatRing(b.outline.map((p) => [p.x, p.y])), colour, 3 + widen, b.closed);
      return;
    }
    case 'obstacle': {
      const o = doc.obstacles.find((x) => x.id === h.id);
      if (o) for (const ring of obstacleRings(o)) w.ring(flatRing(ring), colour, 2.5 + widen);
      return;
    }
    case 'face': {
      const f = roofs.get(h.buildingId)?.faces.find((x) => x.id === h.faceId);
      if (!f) return;
      const ring = flatRing(f.vertices);
      w.polygon([ring], [colour[0], colour[1], colour[2], hover ? 40 : 60]);
      w.ring(ring, colour, 2.5 + widen);
      return;
    }
    case 'modules':
      return; // Drawn as module colours (plan-modules.ts).
    default: {
      const unknown: never = h;
      throw new Error(`unknown highlight ${JSON.stringify(unknown)}`);
    }
  }
}

/** The selection and the hovered element (modules excepted: they are coloured instances). */
export function buildHighlightLayer(doc: BuildingDocument, roofs: RoofOutputs, selection: PlanHighlight | null, hover: PlanHighlight | null): PlanLayer {
  if (!selection && !hover) return EMPTY_LAYER;
  const w = new LayerWriter();
  if (hover) writeHighlight(w, doc, roofs, hover, true);
  if (selection) writeHighlight(w, doc, roofs, selection, false);
  return w.finish();
}

/** The plan box of a layer and the modules [m]; null when both are empty. */
export function sceneBounds(layer: PlanLayer, modules: ModuleGeometry): PlanBounds | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (x: number, y: number) => {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  };
  const t = layer.triangles.positions;
  for (let i = 0; i < t.length; i += 2) add(t[i], t[i + 1]);
  const s = layer.segments.ends;
  for (let i = 0; i < s.length; i += 2) add(s[i], s[i + 1]);
  const m = layer.marks.positions;
  for (let i = 0; i < m.length; i += 2) add(m[i], m[i + 1]);
  for (let k = 0; k < modules.count; k++) {
    const ex = Math.abs(modules.axes[4 * k]) + Math.abs(modules.axes[4 * k + 2]);
    const ey = Math.abs(modules.axes[4 * k + 1]) + Math.abs(modules.axes[4 * k + 3]);
    add(modules.centres[2 * k] - ex, modules.centres[2 * k + 1] - ey);
    add(modules.centres[2 * k] + ex, modules.centres[2 * k + 1] + ey);
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

/** The whole scene at once (no reuse of earlier layers). */
export function buildPlanScene(input: PlanSceneInput): PlanScene {
  return createPlanSceneBuilder()(input);
}

/** The module part of a selection (the only part that changes module colours), or null. */
function moduleKey(h: PlanHighlight | null): PlanHighlight | null {
  return h && h.kind === 'modules' ? h : null;
}

/**
 * A scene builder that reuses each layer while its inputs are the same objects: the building layer
 * (buildings, roofs, heat map on/off), module geometry (layout), module colours (layout, shade,
 * the module part of selection and hover), the highlight layer (buildings, roofs, selection, hover).
 */
export function createPlanSceneBuilder(): (input: PlanSceneInput) => PlanScene {
  let building: { key: unknown[]; value: PlanLayer } | null = null;
  let geometry: { key: unknown[]; value: ModuleGeometry } | null = null;
  let colours: { key: unknown[]; value: ModuleInstances } | null = null;
  let highlight: { key: unknown[]; value: PlanLayer } | null = null;
  let scene: PlanScene | null = null;
  const same = (a: unknown[] | undefined, b: unknown[]) => !!a && a.length === b.length && a.every((x, i) => x === b[i]);
  return (input) => {
    const bKey = [input.buildings, input.roofs, input.shade !== null];
    if (!building || !same(building.key, bKey)) building = { key: bKey, value: buildBuildingLayer(input.buildings, input.roofs, input.shade !== null) };
    const gKey = [input.layout];
    if (!geometry || !same(geometry.key, gKey)) geometry = { key: gKey, value: buildModuleGeometry(input.layout) };
    const cKey = [geometry.value, input.shade, moduleKey(input.selection), moduleKey(input.hover), input.maxLoss, input.minLoss];
    if (!colours || !same(colours.key, cKey)) {
      const g = geometry.value;
      colours = { key: cKey, value: { ...g, colours: buildModuleColours(g, input.shade, input.selection, input.hover, input.maxLoss, input.minLoss) } };
    }
    const hKey = [input.buildings, input.roofs, input.selection, input.hover];
    if (!highlight || !same(highlight.key, hKey)) highlight = { key: hKey, value: buildHighlightLayer(input.buildings, input.roofs, input.selection, input.hover) };
    if (scene && scene.building === building.value && scene.modules === colours.value && scene.highlight === highlight.value) return scene;
    const bounds = scene && scene.building === building.value && scene.modules.centres === geometry.value.centres ? scene.bounds : sceneBounds(building.value, geometry.value);
    scene = { building: building.value, modules: colours.value, highlight: highlight.value, bounds };
    return scene;
  };
}
