// 'Place on all faces' under the project's capacity cap (issue 18): the faces are ranked by their yield
// per kWp (face-yield.ts: annual POA of each face's module plane on the project's weather, or the
// geometric proxy when the server cannot answer), placeFaces fills them best first, and the result
// says which faces the cap left out or only partly filled. Without a cap, or for one face, placement
// is placeFaces as it is (every face is filled; the order changes nothing).
import { fetchPlaneIrradiation, planeKey, type Plane, type PlaneIrradiationSite, type PlaneIrradiationTable } from '../../api/plane-irradiation.ts';
import type { LayoutDocument } from '../../../model/design.ts';
import { capShortfall, modulePlane, orderByYield, orientationProxy, type CapShortfall } from './face-yield.ts';
import type { RoofFace } from './faces.ts';
import { placeFaces, type LayoutEngine, type PlaceOptions, type PlaceResult } from './place.ts';

export interface RankedPlaceOptions extends PlaceOptions {
  /** Where the project is, for its weather; null: rank by the proxy. */
  site: PlaneIrradiationSite | null;
  /** The irradiation source (default: the server, api/plane-irradiation.ts). */
  irradiation?: (site: PlaneIrradiationSite, planes: readonly Plane[]) => Promise<PlaneIrradiationTable>;
}

export interface RankedPlacement extends PlaceResult {
  /** What the cap left out; null when the faces were not ranked (no cap, one face). */
  shortfall: CapShortfall | null;
  /** How the faces were ranked: on the project's weather, by the geometric proxy, or not at all. */
  ranking: 'weather' | 'proxy' | null;
  /** The faces in the order they were filled. */
  order: RoofFace[];
  /** The weather the ranking used (ranking 'weather'), else null. */
  weather: PlaneIrradiationTable['weather'] | null;
}

export async function placeByYield(engine: LayoutEngine, doc: LayoutDocument, faces: readonly RoofFace[], options: RankedPlaceOptions): Promise<RankedPlacement> {
  const { site, irradiation = fetchPlaneIrradiation, ...place } = options;
  if (place.capKw === null || faces.length < 2) {
    const r = await placeFaces(engine, doc, faces, place);
    return { ...r, shortfall: null, ranking: null, order: [...faces], weather: null };
  }
  const planeOf = new Map(faces.map((f) => [f, modulePlane(f, doc.settings, place.placement)] as const));
  let ranking: 'weather' | 'proxy' = 'proxy';
  let weather: PlaneIrradiationTable['weather'] | null = null;
  let score = (f: RoofFace) => orientationProxy(planeOf.get(f)!, site?.latitude ?? place.latitude ?? 0);
  if (site !== null) {
    try {
      const table = await irradiation(site, [...planeOf.values()]);
      score = (f) => table.byPlane.get(planeKey(planeOf.get(f)!))?.poaKwhM2 ?? -1;
      ranking = 'weather';
      weather = table.weather;
    } catch {
      // The proxy ranks them (the panel says so).
    }
  }
  const order = orderByYield(faces, score);
  const r = await placeFaces(engine, doc, order, place);
  return { ...r, shortfall: capShortfall(r), ranking, order, weather };
}
