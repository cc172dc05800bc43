// Helpers of the project tests: a new project through the API, drone quota through the service layer
// (as an administrator or a paid order grants it).
import type { TestApp } from './harness.ts';

/** POST /api/web/project/new; returns the id. */
export async function newProject(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<number> {
  const res = await t.inject({ method: 'POST', url: '/api/web/project/new', headers: t.bearer(token), payload: { name: 'Roof A', powerStationType: 'RESIDENTIAL', ...body } });
  const json = res.json<{ code: number; data: { projectId: number } }>();
  if (json.code !== 200) throw new Error(`new project: ${res.body}`);
  return json.data.projectId;
}

/** Adds drone project quota to a user. */
export async function grantDroneQuota(t: TestApp, userId: number, projects: number): Promise<void> {
  await t.db.transaction().execute((tx) =>
    t.app.services.entitlements.grant(tx, userId, { products: [], permanent: false, membershipDays: null, plan: 'annual', photoCredits: 0, projectCredits: projects, changeType: 'grant', operator: 'test' }),
  );
}

/** A 1 × 1 px PNG (signature, IHDR, IDAT, IEND); the server only looks at its magic bytes. */
export const PNG_1PX = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** A multipart/form-data body with files under one field. */
export function multipartBody(files: Array<{ name: string; bytes: Buffer; type?: string }>, field = 'file'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pvstudio${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(f.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A design editor building document ('lite-re', src/model/design.ts) with `closed` closed 10 × 10 m
 * buildings; `extra` fields are kept as sent (the schema checks the fields it names).
 */
export function buildingDoc(closed = 0, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const square = [[0, 0], [10, 0], [10, 10], [0, 10]];
  const buildings = Array.from({ length: closed }, (_, b) => ({
    id: `b${b}`,
    name: '',
    outline: square.map(([x, y], i) => ({ id: `b${b}o${i}`, x: x + 20 * b, y })),
    closed: true,
    points: [],
    lines: [],
    eaveHeight: 6,
    auto: null,
  }));
  return { kind: 'building', version: 1, origin: null, map: { base: 'offline', orthophoto: null }, buildings, obstacles: [], ...extra };
}

/** A design editor layout document ('component-layout') with `modules` modules in one array (id `a1`). */
export function layoutDoc(modules = 1, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const settings = { orientation: 'portrait', placement: 'flush', tilt: 20, azimuthSouth: 0, rowSpacing: null, modulesPerColumn: 1, gapX: 0.02, gapY: 0.02, setback: 0.5, alignX: 'center', alignY: 'center' };
  const centers = Array.from({ length: modules }, (_, i) => [1 + 1.2 * i, 2, 6]).flat();
  return {
    kind: 'layout',
    version: 1,
    module: { libraryId: null, manufacturer: 'M', model: 'X', powerW: 550, length: 2.278, width: 1.134 },
    settings,
    arrays: modules === 0 ? [] : [{ id: 'a1', buildingId: 'b0', faceId: 'f1', settings, tilt: 0, azimuth: 180, along: 1.134, up: 2.278, centers, rowPitch: 0 }],
    ...extra,
  };
}

/** An Electrical-step inverter configuration ('inverter-config', src/model/electrical-design.ts) wiring nothing yet. */
export function inverterConfigDoc(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'inverter-config',
    version: 1,
    mode: 'manual',
    layoutVersion: 0,
    targetDcAcRatio: 1.2,
    modulesPerString: { min: 9, max: 18 },
    temperatures: { tempMin: -10, tempCellHot: 60, tempCellCool: 20 },
    inverterModels: [],
    inverters: [],
    combiners: [],
    strings: [],
    unassigned: [],
    gridPoint: null,
    ...extra,
  };
}

/** An Electrical-step cable document ('cable') without cables. */
export function cableDoc(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'cable',
    version: 1,
    inverterConfigVersion: 0,
    settings: { dcMaterial: 'copper', acMaterial: 'copper', dcMaxDropPercent: 1.5, acMaxDropPercent: 2 },
    cables: [],
    ...extra,
  };
}
