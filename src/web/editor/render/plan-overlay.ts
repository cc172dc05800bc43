// The interactive layer of the plan, rebuilt on every gesture (small: a handful of primitives): what the
// active tool draws (contracts.ts EditorOverlay) and the winter-solstice shadows
// (src/design-rules/winter-shadows.ts WinterShadow: plan rings, outer counter-clockwise, holes clockwise).
import type { WinterShadow } from '../../../design-rules/winter-shadows.ts';
import { pointInRing } from '../../../model/plan-geometry.ts';
import type { EditorOverlay } from '../contracts.ts';
import { ringArea } from './obstacle-shapes.ts';
import { EMPTY_LAYER, flatRing, hexRgba, LayerWriter, MARK_DIAMOND, MARK_DISC, type PlanLayer, type Rgba } from './plan-layers.ts';
import { PLAN_COLOURS } from './plan-scene.ts';

/** Translucent shadow fill: overlapping shadows of the three times read darker. */
export const SHADOW_COLOUR: Rgba = [15, 23, 42, 56];
const SNAP_COLOUR = hexRgba('#f59e0b');

/**
 * Groups rings into polygons: each counter-clockwise ring is an outer boundary, each clockwise ring a
 * hole of the smallest outer ring holding its first vertex.
 */
export function polygonsOfRings(rings: readonly (readonly (readonly number[])[])[]): number[][][] {
  const outers: { ring: readonly (readonly number[])[]; area: number; rings: number[][] }[] = [];
  const holes: (readonly (readonly number[])[])[] = [];
  for (const r of rings) {
    if (r.length < 3) continue;
    const a = ringArea(r);
    if (a > 0) outers.push({ ring: r, area: a, rings: [flatRing(r)] });
    else if (a < 0) holes.push(r);
  }
  outers.sort((p, q) => p.area - q.area);
  for (const h of holes) {
    const owner = outers.find((o) => pointInRing(h[0][0], h[0][1], o.ring));
    owner?.rings.push(flatRing(h));
  }
  return outers.map((o) => o.rings);
}

/** The tool's overlay and the winter shadows as one layer (shadows under the tool's marks). */
export function buildOverlayLayer(overlay: EditorOverlay | null, shadows: readonly WinterShadow[] | null = null): PlanLayer {
  const emptyOverlay = !overlay || (overlay.segments.length === 0 && overlay.points.length === 0 && overlay.polygons.length === 0 && overlay.snap.length === 0);
  if (emptyOverlay && (!shadows || shadows.length === 0)) return EMPTY_LAYER;
  const w = new LayerWriter();
  for (const s of shadows ?? []) {
    if (!s.sunUp) continue;
    for (const rings of polygonsOfRings(s.shadows)) w.polygon(rings, SHADOW_COLOUR);
  }
  if (overlay) {
    const accent = hexRgba(PLAN_COLOURS.accent);
    for (const poly of overlay.polygons) {
      w.polygon([[...poly]], hexRgba(PLAN_COLOURS.accent, 0.12));
      w.ring([...poly], accent, 1.5);
    }
    const seg = overlay.segments;
    for (let i = 0; i + 3 < seg.length; i += 4) w.segment(seg[i], seg[i + 1], seg[i + 2], seg[i + 3], accent, 1.5);
    const pts = overlay.points;
    for (let i = 0; i + 1 < pts.length; i += 2) w.mark(pts[i], pts[i + 1], accent, 7, MARK_DISC);
    if (overlay.snap.length >= 2) w.mark(overlay.snap[0], overlay.snap[1], SNAP_COLOUR, 13, MARK_DIAMOND);
  }
  return w.finish();
}
