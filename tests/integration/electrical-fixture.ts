// The project the Electrical step's tests design: a 14 × 11 m flat-roofed building and 40 LONGi
// LR5-72HPH-550M modules (the catalogue's 550 W module) in 4 rows of 10 on one face, tilted 20° to the
// south, and the catalogue entries the tests choose by model.
import type { TestApp } from './harness.ts';
import { newProject } from './project-helpers.ts';

/** The building outline [m] (x east, y north). */
export const OUTLINE: [number, number][] = [
  [-1, -2],
  [13, -2],
  [13, 9],
  [-1, 9],
];

/** Module centres: row r (0–3) at y = 2.4·r, module i (0–9) at x = 0.6 + 1.2·i [m]. */
export const ROWS = 4;
export const PER_ROW = 10;
export const centre = (ref: string): [number, number] => {
  const i = Number(ref.slice(ref.indexOf('#') + 1));
  return [0.6 + 1.2 * (i % PER_ROW), 2.4 * Math.floor(i / PER_ROW)];
};

export function buildingDocument(): Record<string, unknown> {
  return {
    kind: 'building',
    version: 1,
    origin: null,
    map: { base: 'offline', orthophoto: null },
    buildings: [{ id: 'b0', name: '', outline: OUTLINE.map(([x, y], i) => ({ id: `o${i}`, x, y })), closed: true, points: [], lines: [], eaveHeight: 6, auto: null }],
    obstacles: [],
  };
}

const SETTINGS = { orientation: 'portrait', placement: 'flush', tilt: 20, azimuthSouth: 0, rowSpacing: null, modulesPerColumn: 1, gapX: 0.02, gapY: 0.02, setback: 0.5, alignX: 'center', alignY: 'center' };

/** The layout: the catalogue module (`libraryId`; null: typed in) in 4 rows of 10 on face f1. */
export function layoutDocument(libraryId: number | null): Record<string, unknown> {
  const centers: number[] = [];
  for (let k = 0; k < ROWS * PER_ROW; k++) centers.push(...centre(`a1#${k}`), 6);
  return {
    kind: 'layout',
    version: 1,
    module: { libraryId, manufacturer: 'LONGi', model: 'LR5-72HPH-550M', powerW: 550, length: 2.256, width: 1.133 },
    settings: SETTINGS,
    arrays: [{ id: 'a1', buildingId: 'b0', faceId: 'f1', settings: SETTINGS, tilt: 20, azimuth: 180, along: 1.133, up: 2.256, centers, rowPitch: 2.4 }],
  };
}

/** The library id of a system entry found by its model. */
export async function libraryId(t: TestApp, token: string, kind: 'component' | 'inverter', model: string): Promise<number> {
  const list = (await t.inject({ method: 'GET', url: `/api/web/${kind}/list?size=10&keyword=${encodeURIComponent(model)}`, headers: t.bearer(token) })).json().data.list as { id: number; model: string }[];
  const hit = list.find((e) => e.model === model);
  if (!hit) throw new Error(`no ${kind} ${model} in the library`);
  return hit.id;
}

export const MODULE_550 = 'LR5-72HPH-550M';
/** SMA Sunny Tripower 10.0: 10 kW, 2 MPPT inputs of 20 A (Isc 30 A), 2 strings each, 320–800 V, 1000 V max. */
export const STP10 = 'Sunny Tripower 10.0 (STP10.0-3AV-40)';
/** Huawei SUN2000-10KTL-M1: 11 A per MPPT input, below the module's Imp of 13.12 A. */
export const SUN2000_10K = 'SUN2000-10KTL-M1';

/** A project with the building and the layout saved (its module from the library, or typed in); its id and the headers. */
export async function placedProject(t: TestApp, token: string, project: Record<string, unknown> = {}, module: 'library' | 'typed' = 'library') {
  const h = t.bearer(token);
  const id = await newProject(t, token, project);
  const save = async (url: string, data: unknown) => {
    const r = (await t.inject({ method: 'POST', url, headers: h, payload: { projectId: id, version: 0, data } })).json();
    if (r.code !== 200) throw new Error(`${url}: ${JSON.stringify(r)}`);
  };
  await save('/api/web/project/LiteRe/save-data', buildingDocument());
  await save('/api/web/project/component-layout/save', layoutDocument(module === 'typed' ? null : await libraryId(t, token, 'component', MODULE_550)));
  return { id, h };
}
