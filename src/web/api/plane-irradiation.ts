// The plane-irradiation call (server: src/server/routes/project/plane-irradiation.ts, schemas in
// src/model/api/plane-irradiation.ts): the annual irradiation, by component, of the planes a design's
// modules lie in and of the optimal plane, on the project's weather. Distinct planes only (rounded to
// 0.1°); answers are kept for a few minutes per project and plane set, so that the PV layout panel,
// the heat map and the shade table share one call. Failures are not toasted: callers fall back.
import { PLANE_IRRADIATION_MAX_PLANES, planeIrradiationResult, type PlaneIrradiationAnswer, type PlaneIrradiationResult } from '../../model/api/plane-irradiation.ts';
import { request } from './http.ts';

export const PLANE_IRRADIATION_PATH = '/api/web/project/plane-irradiation';

/** How long an answer is reused [ms]. */
const KEEP_MS = 5 * 60_000;
const cache = new Map<string, { at: number; answer: Promise<PlaneIrradiationResult> }>();

export interface Plane {
  /** [°] */
  readonly tilt: number;
  /** Compass [°] clockwise from north. */
  readonly azimuth: number;
}

/** The plane rounded as the call sends it (0.1°, azimuth in [0, 360)). */
export function roundPlane(p: Plane): Plane {
  const r = (v: number) => Math.round(v * 10) / 10;
  return { tilt: Math.min(90, Math.max(0, r(p.tilt))), azimuth: ((r(p.azimuth) % 360) + 360) % 360 };
}

/** A plane's key (rounded). */
export function planeKey(p: Plane): string {
  const q = roundPlane(p);
  return `${q.tilt}/${q.azimuth}`;
}

export interface PlaneIrradiationSite {
  projectId?: number;
  latitude: number;
  longitude: number;
}

/** The irradiation of each distinct plane by key, the optimal plane and the weather used. */
export interface PlaneIrradiationTable {
  readonly byPlane: ReadonlyMap<string, PlaneIrradiationAnswer>;
  readonly optimal: PlaneIrradiationAnswer;
  readonly weather: PlaneIrradiationResult['weather'];
}

/** Asks the server for the planes' annual irradiation (one call; at most PLANE_IRRADIATION_MAX_PLANES distinct planes). */
export async function fetchPlaneIrradiation(site: PlaneIrradiationSite, planes: readonly Plane[]): Promise<PlaneIrradiationTable> {
  const distinct = new Map<string, Plane>();
  for (const p of planes) distinct.set(planeKey(p), roundPlane(p));
  const keys = [...distinct.keys()].sort().slice(0, PLANE_IRRADIATION_MAX_PLANES);
  const id = JSON.stringify([site.projectId ?? null, site.latitude, site.longitude, keys]);
  const now = Date.now();
  let hit = cache.get(id);
  if (!hit || now - hit.at > KEEP_MS) {
    const body = { ...(site.projectId === undefined ? {} : { projectId: site.projectId }), latitude: site.latitude, longitude: site.longitude, planes: keys.map((k) => distinct.get(k)!) };
    hit = { at: now, answer: request(PLANE_IRRADIATION_PATH, planeIrradiationResult, { method: 'POST', body, silent: true }) };
    cache.set(id, hit);
    hit.answer.catch(() => cache.delete(id));
    if (cache.size > 32) cache.delete(cache.keys().next().value as string);
  }
  const r = await hit.answer;
  return { byPlane: new Map(r.planes.map((p, i) => [keys[i], p])), optimal: r.optimal, weather: r.weather };
}
