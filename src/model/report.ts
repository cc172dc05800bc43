// The report model (issue 17): every figure and drawing of a project's report, worked out once from
// the project file (model/project-export.ts) by src/reports/report-model.ts, and read by the Report
// step, the share report page and every file writer (PDF, Word, PowerPoint, DXF, xlsx, glTF). Plan
// coordinates are metres, x east, y north, z up, as in the design documents. Texts in the model are
// data (names, addresses); the writers translate their own labels (zh / en).
import { z } from 'zod';
import { lossNames } from './simulate.ts';

const xy = z.tuple([z.number(), z.number()]);
const xyz = z.tuple([z.number(), z.number(), z.number()]);

export const reportLanguages = ['zh', 'en'] as const;
export type ReportLanguage = (typeof reportLanguages)[number];

/** The files a report is written as (ENGINE-API `report --format`, and the documents of issue 17 §2). */
export const reportFormats = ['pdf', 'docx', 'pptx', 'dxf', 'xlsx', 'gltf'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** Which document a PDF / Word file is: the full design report, the evaluation, the feasibility study, the advanced economic report. */
export const reportKinds = ['design', 'evaluation', 'feasibility', 'economic'] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportGeometrySchema = z.object({
  /** Building outlines (plan rings, closed implicitly). */
  buildings: z.array(z.object({ id: z.string(), outline: z.array(xy), eaveHeight: z.number() })),
  /** Roof faces in 3D (rings). */
  faces: z.array(z.object({ id: z.string(), buildingId: z.string(), ring: z.array(xyz), tilt: z.number(), azimuth: z.number() })),
  /** Obstacles as plan rings with their height [m]. */
  obstacles: z.array(z.object({ id: z.string(), kind: z.string(), ring: z.array(xy), height: z.number() })),
  /**
   * Every module: its 4 corners in 3D (counter-clockwise seen from above), its ref "arrayId#index",
   * its string's number (null: not in a string) and its annual shading loss [0–1] (null: no analysis).
   */
  modules: z.array(z.object({ ref: z.string(), corners: z.array(xyz).length(4), string: z.int().nullable(), shading: z.number().nullable() })),
  /** Strings in wiring order: the module centres the string passes through. */
  strings: z.array(z.object({ number: z.int(), inverter: z.string().nullable(), mppt: z.int().nullable(), path: z.array(xyz) })),
  inverters: z.array(z.object({ id: z.string(), name: z.string(), model: z.string(), position: xy.nullable() })),
  combiners: z.array(z.object({ id: z.string(), name: z.string(), inverterId: z.string(), position: xy.nullable() })),
  cables: z.array(z.object({ id: z.string(), kind: z.string(), path: z.array(xy), crossSection: z.number(), material: z.string(), lengthM: z.number() })),
  gridPoint: xy.nullable(),
  /** Plan bounds of everything above [m]. */
  bounds: z.object({ minX: z.number(), minY: z.number(), maxX: z.number(), maxY: z.number() }),
});
export type ReportGeometry = z.infer<typeof reportGeometrySchema>;

export const reportModelSchema = z.object({
  kind: z.literal('report'),
  version: z.literal(1),
  generatedAt: z.string(),
  project: z.object({ name: z.string(), address: z.string().nullable(), latitude: z.number(), longitude: z.number(), elevation: z.number().nullable() }),
  weather: z.object({
    /** Where the year comes from: station name / uploaded file name / "synthetic clear sky". */
    source: z.string(),
    citation: z.string().nullable(),
    estimate: z.boolean(),
    ghiKwhM2: z.number().nullable(),
    meanTempC: z.number().nullable(),
  }),
  system: z.object({
    capacityKwp: z.number(),
    acCapacityKw: z.number(),
    dcAcRatio: z.number().nullable(),
    modules: z.int(),
    module: z.object({ manufacturer: z.string(), model: z.string(), powerW: z.number(), efficiency: z.number().nullable() }).nullable(),
    arrays: z.array(z.object({ id: z.string(), tilt: z.number(), azimuth: z.number(), modules: z.int(), kwp: z.number() })),
    inverters: z.array(z.object({ manufacturer: z.string(), model: z.string(), acKw: z.number(), count: z.int() })),
    strings: z.int(),
    modulesPerString: z.object({ min: z.int(), max: z.int() }).nullable(),
    combiners: z.int(),
  }),
  /** The yield; null before the project's yield was simulated. */
  energy: z
    .object({
      acKwh: z.number(),
      dcKwh: z.number(),
      poaKwhM2: z.number(),
      specificYield: z.number(),
      performanceRatio: z.number(),
      nominalKwh: z.number(),
      monthly: z.array(z.object({ month: z.int(), acKwh: z.number(), poaKwhM2: z.number() })).length(12),
      /** The PVsyst-style loss diagram, top (nominal) to bottom (AC), each line's energy and share of the nominal. */
      losses: z.array(z.object({ name: z.enum(lossNames), kwh: z.number(), percent: z.number() })),
      shading: z.enum(['none', 'annualUniform', 'hourly']),
    })
    .nullable(),
  electrical: z
    .object({
      checks: z.array(z.object({ name: z.string(), ok: z.boolean(), value: z.string(), limit: z.string() })),
      cables: z.object({ dcLengthM: z.number(), acLengthM: z.number(), dcLossW: z.number(), acLossW: z.number(), maxDropPercent: z.number() }).nullable(),
      inverters: z.array(z.object({ name: z.string(), model: z.string(), strings: z.int(), dcKwp: z.number(), acKwh: z.number().nullable() })),
    })
    .nullable(),
  /** Load, storage and the balance; null without a load. */
  balance: z
    .object({
      loadKwh: z.number(),
      selfConsumptionRate: z.number(),
      selfSufficiencyRate: z.number(),
      exportKwh: z.number(),
      importKwh: z.number(),
      storage: z.object({ capacityKwh: z.number(), powerKw: z.number() }).nullable(),
      monthly: z.array(z.object({ month: z.int(), pvKwh: z.number(), loadKwh: z.number(), selfKwh: z.number(), exportKwh: z.number(), importKwh: z.number() })).length(12),
    })
    .nullable(),
  /** The economics; null before they were run. */
  economics: z
    .object({
      capex: z.number(),
      npv: z.number(),
      irr: z.number().nullable(),
      equityIrr: z.number().nullable(),
      paybackYears: z.number().nullable(),
      lcoe: z.number().nullable(),
      cashFlows: z.array(z.object({ year: z.int(), energy: z.number(), sales: z.number(), net: z.number(), cumulative: z.number() })),
    })
    .nullable(),
  /** CO₂ avoided over the first year and over 25 years [t] (emission factor of the economics, else 0.5703 kg/kWh). */
  co2: z.object({ firstYearTonnes: z.number(), lifetimeTonnes: z.number(), factorKgPerKwh: z.number() }).nullable(),
  geometry: reportGeometrySchema,
});
export type ReportModel = z.infer<typeof reportModelSchema>;

/** The 8760 hours of year 1 (local standard time of the site), for the xlsx export; null series are left out. */
export interface ReportHours {
  utcOffset: number;
  /** Plane-of-array irradiance, capacity-weighted [W/m²]. */
  poa: number[] | null;
  /** DC and AC energy of each hour [kWh]. */
  dc: number[] | null;
  ac: number[];
  load: number[] | null;
  /** PV used on site (directly and through the battery) [kWh]. */
  self: number[] | null;
  /** State of charge at the end of each hour [0–1]. */
  soc: number[] | null;
}
