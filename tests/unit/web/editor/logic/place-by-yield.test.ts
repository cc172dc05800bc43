// 'Place on all faces' under the capacity cap (issue 18; src/web/editor/layout/place-by-yield.ts,
// face-yield.ts): the faces are filled best yield per kWp first — the south face of a hip roof gets the
// modules, the north and west faces are left out and said so — on the project's weather (a stubbed
// answer here) or, when the server cannot answer, by the geometric proxy.
import { describe, expect, it } from 'vitest';
import { createReferenceEngine } from '../../../../../src/engine/api.ts';
import type { PlaneIrradiationTable } from '../../../../../src/web/api/plane-irradiation.ts';
import { planeKey } from '../../../../../src/web/api/plane-irradiation.ts';
import { DEFAULT_LAYOUT_SETTINGS, emptyLayoutDocument, type LayoutDocument } from '../../../../../src/model/design.ts';
import { faceDirection, modulePlane, orientationProxy } from '../../../../../src/web/editor/layout/face-yield.ts';
import type { RoofFace } from '../../../../../src/web/editor/layout/faces.ts';
import { placeByYield } from '../../../../../src/web/editor/layout/place-by-yield.ts';
import { placeFaces } from '../../../../../src/web/editor/layout/place.ts';

const engine = createReferenceEngine();
const MODULE = { libraryId: 7, manufacturer: 'Test', model: 'M450', powerW: 450, length: 2.278, width: 1.134 };
const doc: LayoutDocument = { ...emptyLayoutDocument(), module: MODULE, settings: { ...DEFAULT_LAYOUT_SETTINGS, placement: 'flush', setback: 0 } };

/** A 20 m × 10 m hip roof at 30°, its faces given north, west, east, south (the order that hurt). */
function hipFaces(): RoofFace[] {
  const roof = engine.roof({
    building: { id: 'b', eaveHeight: 6, outerPoints: [{ id: 'o1', x: -10, y: -5 }, { id: 'o2', x: 10, y: -5 }, { id: 'o3', x: 10, y: 5 }, { id: 'o4', x: -10, y: 5 }] },
    auto: { type: 'hip', pitch: 30 },
  });
  const by = (az: number) => ({ buildingId: 'b', face: roof.faces.find((f) => Math.abs(f.azimuth - az) < 1e-6)! });
  return [by(0), by(270), by(90), by(180)];
}

/** Annual POA of Shanghai-like planes at 30° [kWh/m²]: south 1300, east and west 1100, north 850. */
async function stubIrradiation(_site: unknown, planes: readonly { tilt: number; azimuth: number }[]): Promise<PlaneIrradiationTable> {
  const poa = (az: number) => (az === 180 ? 1300 : az === 0 ? 850 : 1100);
  const answer = (p: { tilt: number; azimuth: number }) => ({ ...p, poaKwhM2: poa(p.azimuth), beamKwhM2: 0, skyDiffuseKwhM2: 0, groundKwhM2: 0 });
  return {
    byPlane: new Map(planes.map((p) => [planeKey(p), answer(p)])),
    optimal: answer({ tilt: 25, azimuth: 180 }),
    weather: { source: 'station', id: '58367', name: 'Shanghai', distanceKm: 5, citation: null, estimate: false, fromCache: false, notice: null, notices: [] },
  };
}

const countOn = (d: LayoutDocument, az: number, faces: RoofFace[]) => {
  const f = faces.find((x) => Math.abs(x.face.azimuth - az) < 1e-6)!;
  return d.arrays.filter((a) => a.faceId === f.face.id).reduce((n, a) => n + a.centers.length / 3, 0);
};

describe('placing on all faces under a 5 kW cap (11 modules of 450 W)', () => {
  it('in the given order the north face takes them and the south face stays empty (the fault)', async () => {
    const faces = hipFaces();
    const r = await placeFaces(engine, doc, faces, { latitude: 31.23, capKw: 5 });
    expect(countOn(r.doc, 0, faces)).toBe(11);
    expect(countOn(r.doc, 180, faces)).toBe(0);
  });

  it("ranked on the project's weather: the south face first, the others left out and named", async () => {
    const faces = hipFaces();
    const r = await placeByYield(engine, doc, faces, { latitude: 31.23, capKw: 5, site: { projectId: 1, latitude: 31.23, longitude: 121.47 }, irradiation: stubIrradiation });
    expect(r.ranking).toBe('weather');
    expect(r.order.map((f) => faceDirection(f.face))).toEqual(['S', 'W', 'E', 'N']);
    expect(countOn(r.doc, 180, faces)).toBe(11);
    expect(r.count).toBe(11);
    expect(r.message).not.toBeNull();
    expect(r.shortfall!.partial.map((f) => f.faceId)).toEqual([faces[3].face.id]);
    expect(r.shortfall!.left.map((f) => f.faceId)).toEqual([faces[1].face.id, faces[2].face.id, faces[0].face.id]);
  });

  it('when the server cannot answer, the geometric proxy still puts the south face first', async () => {
    const faces = hipFaces();
    const r = await placeByYield(engine, doc, faces, {
      latitude: 31.23,
      capKw: 5,
      site: { latitude: 31.23, longitude: 121.47 },
      irradiation: () => Promise.reject(new Error('offline')),
    });
    expect(r.ranking).toBe('proxy');
    expect(faceDirection(r.order[0].face)).toBe('S');
    expect(faceDirection(r.order[3].face)).toBe('N');
    expect(countOn(r.doc, 180, faces)).toBe(11);
  });

  it('without a cap every face is filled in the given order, nothing ranked', async () => {
    const faces = hipFaces();
    const r = await placeByYield(engine, doc, faces, { latitude: 31.23, capKw: null, site: null });
    expect(r.ranking).toBeNull();
    expect(r.shortfall).toBeNull();
    for (const az of [0, 90, 180, 270]) expect(countOn(r.doc, az, faces)).toBeGreaterThan(0);
  });
});

describe('the yield proxy and the face names', () => {
  it('cos of the angle to the latitude-tilted south plane: 1 for it, cos 90° tilt apart for a wall', () => {
    expect(orientationProxy({ tilt: 31.23, azimuth: 180 }, 31.23)).toBeCloseTo(1, 12);
    // A 30° west face at 31.23° N: cos30·cos31.23 + sin30·sin31.23·cos 90° = 0.7405.
    expect(orientationProxy({ tilt: 30, azimuth: 270 }, 31.23)).toBeCloseTo(Math.cos(Math.PI / 6) * Math.cos((31.23 * Math.PI) / 180), 12);
    // A 30° north face: cos(30° + 31.23°) = 0.4813.
    expect(orientationProxy({ tilt: 30, azimuth: 0 }, 31.23)).toBeCloseTo(Math.cos(((30 + 31.23) * Math.PI) / 180), 12);
  });

  it('racks on a flat face lie in the settings’ plane; flush modules in the face’s', () => {
    const [north] = hipFaces();
    expect(modulePlane(north, { ...DEFAULT_LAYOUT_SETTINGS, placement: 'flush' })).toEqual({ tilt: north.face.tilt, azimuth: 0 });
    expect(modulePlane(north, { ...DEFAULT_LAYOUT_SETTINGS, placement: 'tilted', tilt: 20, azimuthSouth: 0 })).toEqual({ tilt: 20, azimuth: 180 });
    expect(faceDirection({ tilt: 1, azimuth: 0 })).toBe('flat');
    expect(faceDirection({ tilt: 30, azimuth: 337.6 })).toBe('N');
    expect(faceDirection({ tilt: 30, azimuth: 225 })).toBe('SW');
  });
});
