// A drone orthophoto on the plan (issue 7), as plain geometry: the document keeps where the image lies
// (src/model/design.ts OrthophotoPlacement: centre [m], ground size of a pixel [m], turn [°]); the
// base map (styles.ts orthophotoStyle) wants the image's four corners as lng/lat. The image is a
// rectangle of widthPx·metresPerPixel × heightPx·metresPerPixel plan metres around its centre, top
// edge facing north before the turn, turned counter-clockwise seen from above (x east, y north:
// the usual rotation x' = x cos θ − y sin θ, y' = x sin θ + y cos θ). DOM-free.
import { ORTHOPHOTO_FILE_PATH, type OrthophotoUpload } from '../../../model/api/orthophoto.ts';
import type { BuildingDocument, OrthophotoPlacement } from '../../../model/design.ts';
import type { LngLat, PlanProjection } from './projection.ts';

/** Ground resolution a new orthophoto starts with [m px⁻¹]: typical of a roof survey flown at ~60–100 m. */
export const DEFAULT_METRES_PER_PIXEL = 0.05;

/** The four corners in plan metres, in the order the map wants them: top-left, top-right, bottom-right, bottom-left. */
export type PlanCorners = readonly [readonly [number, number], readonly [number, number], readonly [number, number], readonly [number, number]];

/** The image's corners on the plan [m] (TL, TR, BR, BL of the image as it is stored). */
export function orthophotoPlanCorners(p: OrthophotoPlacement): PlanCorners {
  const hw = (p.widthPx * p.metresPerPixel) / 2;
  const hh = (p.heightPx * p.metresPerPixel) / 2;
  const a = (p.rotation * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const at = (x: number, y: number): [number, number] => [p.centerX + x * c - y * s, p.centerY + x * s + y * c];
  return [at(-hw, hh), at(hw, hh), at(hw, -hh), at(-hw, -hh)];
}

/** The image's corners as lng/lat [°] for the map's image source: TL, TR, BR, BL. */
export function orthophotoCorners(p: OrthophotoPlacement, projection: PlanProjection): [LngLat, LngLat, LngLat, LngLat] {
  const [tl, tr, br, bl] = orthophotoPlanCorners(p).map(([x, y]) => {
    const [lng, lat] = projection.toLngLat(x, y);
    return { lng, lat };
  });
  return [tl, tr, br, bl];
}

/** The ground size of the image [m]: width (its top edge) and height. */
export function orthophotoGroundSize(p: OrthophotoPlacement): { width: number; height: number } {
  return { width: p.widthPx * p.metresPerPixel, height: p.heightPx * p.metresPerPixel };
}

/** Where the owner downloads an orthophoto (GET, signed in). */
export function orthophotoUrl(projectId: number, id: string): string {
  return `${ORTHOPHOTO_FILE_PATH}?projectId=${encodeURIComponent(projectId)}&id=${encodeURIComponent(id)}`;
}

/**
 * The placement of a newly uploaded image: centred on `center` [m] (the view's centre, or the plan
 * origin), unturned, at `metresPerPixel` (the previous image's if there was one, else the default).
 */
export function newPlacement(upload: OrthophotoUpload, center: { x: number; y: number }, metresPerPixel: number = DEFAULT_METRES_PER_PIXEL): OrthophotoPlacement {
  return { id: upload.id, widthPx: upload.widthPx, heightPx: upload.heightPx, centerX: center.x, centerY: center.y, metresPerPixel, rotation: 0 };
}

/** The building document with `placement` as its orthophoto, shown under the drawing. */
export function withOrthophoto(doc: BuildingDocument, placement: OrthophotoPlacement): BuildingDocument {
  return { ...doc, map: { ...doc.map, orthophoto: placement, base: 'orthophoto' } };
}

/** The building document without an orthophoto (the map goes back to the plan grid if it showed it). */
export function withoutOrthophoto(doc: BuildingDocument): BuildingDocument {
  return { ...doc, map: { ...doc.map, orthophoto: null, base: doc.map.base === 'orthophoto' ? 'offline' : doc.map.base } };
}
