// Which roof faces get modules first when the project's capacity cap cannot fill them all (issue 18):
// faces in order of their yield per kWp, best first. A face's yield per kWp is taken as the annual
// plane-of-array irradiation of the plane its modules would lie in (flush: the face's tilt and
// azimuth; racks: the settings' tilt and azimuth) on the project's weather and horizon — one server
// call for all faces (api/plane-irradiation.ts). Energy per kWp follows POA closely; what POA leaves
// out (temperature, angle of incidence) differs little between the faces of one roof.
// Without an answer (offline, no position) a proxy ranks them: the cosine between the plane's normal
// and the normal of the plane tilted by the latitude towards the equator (1 for that plane, less the
// more a face turns away from it) — geometry only, and said so.
// After placement: the faces the cap left empty or only partly filled, for the user to be told.
import { azimuthFromSouth, type LayoutSettings } from '../../../model/design.ts';
import type { FacePlacement, PlaceResult, PlacementMode } from './place.ts';
import { resolvePlacement } from './place.ts';
import type { RoofFace } from './faces.ts';

const D2R = Math.PI / 180;

/** The plane a face's modules lie in [°]: flush on the face, or on the settings' racks. */
export function modulePlane(face: RoofFace, settings: LayoutSettings, mode: PlacementMode = 'settings'): { tilt: number; azimuth: number } {
  return resolvePlacement(face.face, settings, mode) === 'tilted'
    ? { tilt: settings.tilt, azimuth: azimuthFromSouth(settings.azimuthSouth) }
    : { tilt: face.face.tilt, azimuth: face.face.azimuth };
}

/** Unit normal of a plane (x east, y north, z up). */
function normal(tilt: number, azimuth: number): [number, number, number] {
  const t = tilt * D2R;
  const a = azimuth * D2R;
  return [Math.sin(t) * Math.sin(a), Math.sin(t) * Math.cos(a), Math.cos(t)];
}

/**
 * The geometric proxy of a plane's yield [0–1]: cos of the angle between its normal and that of the
 * plane tilted by |latitude| towards the equator (negative values count as 0).
 */
export function orientationProxy(plane: { tilt: number; azimuth: number }, latitude: number): number {
  const n = normal(plane.tilt, plane.azimuth);
  const o = normal(Math.abs(latitude), latitude >= 0 ? 180 : 0);
  return Math.max(0, n[0] * o[0] + n[1] * o[1] + n[2] * o[2]);
}

/** The faces sorted by `score`, highest first; equal scores keep their order. */
export function orderByYield(faces: readonly RoofFace[], score: (f: RoofFace) => number): RoofFace[] {
  return faces
    .map((f, i) => ({ f, i, s: score(f) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.f);
}

/** The faces the cap left out (no module) and those it stopped part way, in placement order. */
export interface CapShortfall {
  readonly left: readonly FacePlacement[];
  readonly partial: readonly FacePlacement[];
}

export function capShortfall(result: Pick<PlaceResult, 'faces'>): CapShortfall {
  const capped = result.faces.filter((f) => f.limitReached && f.error === null);
  return { left: capped.filter((f) => f.count === 0), partial: capped.filter((f) => f.count > 0) };
}

/** The eight compass directions a face can look towards (or flat). */
export type FaceDirection = 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW' | 'flat';

/** The compass direction a face looks towards: 'flat' below `flatTilt` [°]. */
export function faceDirection(face: { tilt: number; azimuth: number }, flatTilt = 3): FaceDirection {
  if (face.tilt < flatTilt) return 'flat';
  const dirs: FaceDirection[] = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  return dirs[Math.round((((face.azimuth % 360) + 360) % 360) / 45) % 8];
}
