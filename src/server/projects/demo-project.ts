// The demo project of the demo account (seeded with it on the first start): a 12 m × 8 m gable-roof
// house in Shanghai (31.23° N, 121.47° E), eave 6 m, ridge 8.5 m running east–west, its two roof
// faces from the engine's roof command, and the library's LONGi LR5-72HPH-550M modules laid flush on
// the south face by the layout command (0.5 m setback), and its year simulated on the weather of its
// climate station (the nearest, Shanghai Xujiahui: the hourly year generated from the station's
// monthly means). The engine runs in-process on the TypeScript reference kernels (same answers as the
// wasm, no worker needed for one small roof).
// With the app (issue 17 §6) the design is completed by the services the routes call
// (demo-design.ts): the automatic electrical configuration, routed cables, the kept yield, a load, a
// battery, the economics and a ready report.
import { createReferenceEngine } from '../../engine/api.ts';
import { DEFAULT_LAYOUT_SETTINGS, emptyBuildingDocument, type BuildingDocument, type LayoutDocument } from '../../model/design.ts';
import type { LayoutOutput } from '../../model/layout.ts';
import type { RoofInput, RoofOutput } from '../../model/roof.ts';
import { simulateInputSchema, type SimulateOutput } from '../../model/simulate.ts';
import type { WeatherUsed } from '../../model/api/compute.ts';
import { simulateChain } from '../../physics/chain.ts';
import { stationYear } from '../../weather/site-weather.ts';
import { stationTable } from '../../weather/station-table.ts';
import { greatCircleKm, STATION_CITATION } from '../../weather/stations.ts';
import type { DesignDocuments } from './documents.ts';
import type { ProjectService } from './projects.ts';

export const DEMO_PROJECT_NAME = 'Demo: gable roof house, Shanghai';

/** The drawn building of the demo (plan metres, x east, y north). */
export const DEMO_BUILDING: RoofInput = {
  building: {
    id: 'demo-house',
    eaveHeight: 6,
    outerPoints: [
      { id: 'o1', x: 0, y: 0 },
      { id: 'o2', x: 12, y: 0 },
      { id: 'o3', x: 12, y: 8 },
      { id: 'o4', x: 0, y: 8 },
    ],
    points: [
      { id: 'r1', x: 0, y: 4, z: 8.5 },
      { id: 'r2', x: 12, y: 4, z: 8.5 },
    ],
    lines: [{ id: 'ridge', idp1: 'r1', idp2: 'r2' }],
  },
};

export interface DemoDesign {
  roof: RoofOutput;
  layout: LayoutOutput;
  southFaceId: string;
}

/** The demo's roof faces and the layout on its south face. */
export function demoDesign(): DemoDesign {
  const engine = createReferenceEngine();
  const roof = engine.roof(DEMO_BUILDING);
  if (!roof.success || roof.faces.length === 0) throw new Error(`the demo roof did not solve: ${JSON.stringify(roof.errors)}`);
  const south = roof.faces.reduce((best, f) => (Math.abs(f.azimuth - 180) < Math.abs(best.azimuth - 180) ? f : best));
  const layout = engine.layout({
    face: { vertices: south.vertices, tilt: south.tilt, azimuth: south.azimuth },
    module: { length: DEMO_MODULE.length, width: DEMO_MODULE.width, powerW: DEMO_MODULE.powerW },
    orientation: 'portrait',
    mounting: { type: 'flush' },
    setback: 0.5,
    site: { latitude: 31.23 },
  });
  return { roof, layout, southFaceId: south.id };
}

/** The editor's building document of the demo (src/model/design.ts), origin at the project's position. */
export function demoBuildingDocument(): BuildingDocument {
  const b = DEMO_BUILDING.building;
  return {
    ...emptyBuildingDocument({ lat: 31.23, lng: 121.47 }),
    buildings: [
      {
        id: b.id,
        name: 'House',
        outline: b.outerPoints.map((p) => ({ id: p.id, x: p.x, y: p.y })),
        closed: true,
        points: (b.points ?? []).map((p) => ({ id: p.id, x: p.x, y: p.y, ...(p.z === undefined ? {} : { z: p.z }) })),
        lines: (b.lines ?? []).map((l) => ({ ...l })),
        eaveHeight: b.eaveHeight ?? 6,
        auto: null,
      },
    ],
  };
}

/** The demo's module: the library's LONGi LR5-72HPH-550M (catalogue entry longi-lr5-72hph-550m) [m, W]. */
export const DEMO_MODULE = { systemKey: 'longi-lr5-72hph-550m', manufacturer: 'LONGi', model: 'LR5-72HPH-550M', powerW: 550, length: 2.256, width: 1.133 } as const;

/** The editor's layout document of the demo: the south face's modules (portrait: the long side up); `libraryId`: the module's library entry (null: typed in). */
export function demoLayoutDocument(design: DemoDesign, libraryId: number | null = null): LayoutDocument {
  const { layout } = design;
  return {
    kind: 'layout',
    version: 1,
    module: { libraryId, manufacturer: DEMO_MODULE.manufacturer, model: DEMO_MODULE.model, powerW: DEMO_MODULE.powerW, length: DEMO_MODULE.length, width: DEMO_MODULE.width },
    settings: { ...DEFAULT_LAYOUT_SETTINGS, setback: 0.5, alignX: 'start', alignY: 'start' },
    arrays: [
      {
        id: 'array-south',
        buildingId: DEMO_BUILDING.building.id,
        faceId: design.southFaceId,
        settings: { ...DEFAULT_LAYOUT_SETTINGS, setback: 0.5, alignX: 'start', alignY: 'start' },
        tilt: layout.modules[0]?.tilt ?? 0,
        azimuth: layout.modules[0]?.azimuth ?? 180,
        along: DEMO_MODULE.width,
        up: DEMO_MODULE.length,
        centers: layout.modules.flatMap((m) => m.center),
        rowPitch: layout.rowPitch,
      },
    ],
  };
}

/** The demo's position. */
const DEMO_SITE = { latitude: 31.23, longitude: 121.47 };

/** The demo's year on its default station (PVWatts modules, one inverter at a DC/AC ratio of 1.1). */
export function demoSimulation(design: DemoDesign): SimulateOutput & { weather: WeatherUsed } {
  const near = stationTable().defaultFor(DEMO_SITE.latitude, DEMO_SITE.longitude);
  if (!near) throw new Error('the demo site has no climate station');
  const s = near.station;
  const input = simulateInputSchema.parse({
    site: { ...DEMO_SITE, elevation: 4 },
    weather: { station: s.id },
    arrays: [
      {
        name: 'South roof',
        surfaceTilt: design.layout.modules[0]?.tilt ?? 0,
        surfaceAzimuth: design.layout.modules[0]?.azimuth ?? 180,
        modulesPerString: design.layout.count,
        strings: 1,
        module: { model: 'pvwatts', pdc0: 550, gammaPdc: -0.0035 },
      },
    ],
    inverter: { model: 'pvwatts', pdc0: (design.layout.capacityKw * 1000) / 1.1, etaInvNom: 0.96 },
  });
  const out = simulateChain(stationYear(s), input);
  const distanceKm = Math.round(greatCircleKm(DEMO_SITE.latitude, DEMO_SITE.longitude, s.latitude, s.longitude) * 100) / 100;
  return { ...out, weather: { source: 'station', id: s.id, name: `${s.nameZh} ${s.nameEn}`, distanceKm, citation: STATION_CITATION, estimate: false, fromCache: false, notice: null, notices: [] } };
}

/** Creates the demo project for a user (its module the library entry `moduleLibraryId`, null: typed in); returns its id. */
export async function seedDemoProject(userId: number, projects: ProjectService, documents: DesignDocuments, moduleLibraryId: number | null = null): Promise<{ id: number; name: string; modules: number; capacityKw: number }> {
  const design = demoDesign();
  const project = await projects.create(userId, {
    name: DEMO_PROJECT_NAME,
    powerStationType: 'RESIDENTIAL',
    surveyType: 'SATELLITE',
    reOrAiom: 'LITE',
    gridType: '220V',
    address: 'Shanghai',
    province: 'Shanghai',
    city: 'Shanghai',
    lat: DEMO_SITE.latitude,
    lng: DEMO_SITE.longitude,
    weatherStation: 'auto',
    capacity: Math.round(design.layout.capacityKw * 100) / 100,
    maxCapacity: 20,
    description: 'Seeded with the demo account: a drawn gable roof, a flush layout on its south face, its inverter, cables, load, battery, economics and report.',
    basicInfo: { powerStatOperationMode: 1, invConfigModel: 'auto' },
  });
  const id = project.projectId;
  await documents.save(userId, id, 'lite-re', 0, demoBuildingDocument());
  await documents.save(userId, id, 'component-layout', 0, demoLayoutDocument(design, moduleLibraryId));
  const { hourly: _hourly, ...simulation } = demoSimulation(design);
  await documents.save(userId, id, 'simulation', 0, simulation);
  return { id, name: DEMO_PROJECT_NAME, modules: design.layout.count, capacityKw: design.layout.capacityKw };
}
