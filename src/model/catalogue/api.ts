// Request and answer schemas of the catalogue calls and small project calls (spec 000 §7 "Project":
// poi-location-search, powerComparison, update-showInverterLine; "Catalogues and others": company/list,
// config/value, bracket/list, power-load/type-list, getActivity, /api/basic/guide/{id};
// spec 001 §7 "Project-related": get/citys, electricity-price/list). Shared by the server routes and
// the web client (src/web/api/places.ts).
import { z } from 'zod';
import { API_MESSAGES, plainText, queryBoolean, recordId } from '../api/common.ts';
import { shareKeyQuery } from '../api/projects.ts';
import { bracketIds, bracketSchema } from './brackets.ts';
import { loadTypeSchema } from './load-types.ts';

const latitude = z.coerce.number({ error: API_MESSAGES.latLng }).min(-90, API_MESSAGES.latLng).max(90, API_MESSAGES.latLng);
const longitude = z.coerce.number({ error: API_MESSAGES.latLng }).min(-180, API_MESSAGES.latLng).max(180, API_MESSAGES.latLng);

// ── places ──

export const citiesQuery = z
  .object({
    keyword: plainText(100).optional().describe('part of a city name: pinyin/English, or Chinese for Chinese cities'),
    country: plainText(60).optional().describe('ISO code (CN), English or Chinese name'),
    province: plainText(60).optional().describe('province or state, English or Chinese name'),
    /** [°] with lat: the nearest cities instead of a keyword. */
    lng: longitude.optional(),
    lat: latitude.optional(),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .refine((q) => Boolean(q.keyword) || (q.lng !== undefined && q.lat !== undefined), { message: API_MESSAGES.required, path: ['keyword'] });
export type CitiesQuery = z.input<typeof citiesQuery>;

export const citySchema = z.object({
  name: z.string(),
  nameZh: z.string().nullable(),
  province: z.string(),
  provinceZh: z.string().nullable(),
  country: z.string(),
  countryZh: z.string().nullable(),
  countryCode: z.string(),
  /** [°] */ lat: z.number(),
  /** [°] */ lng: z.number(),
  /** 'Hangzhou, Zhejiang, China' */
  label: z.string(),
  /** '杭州市, 浙江省, 中国' (English parts where no Chinese name is known) */
  labelZh: z.string(),
  /** [km] from the point asked for (nearest search), else null */
  distance: z.number().nullable(),
});
export type City = z.infer<typeof citySchema>;
export const cityListSchema = z.object({ list: z.array(citySchema) });

export const cityCellsQuery = z.object({ cellDeg: z.coerce.number().min(0.25).max(5).default(0.5) });
export const cityCellsSchema = z.object({
  cellDeg: z.number().describe('[°] cell size'),
  cells: z.array(z.number().int()).describe('flat [column, row] pairs: lon = column × cellDeg − 180, lat = row × cellDeg − 90 (the cell’s south-west corner)'),
});

/** The gazetteer cities labelled on the Information step's map: those in a box, thinned to one per cell. */
export const mapCitiesQuery = z.object({
  west: longitude,
  south: latitude,
  east: longitude,
  north: latitude,
  cellDeg: z.coerce.number().min(0.02).max(20).describe('[°] at most one city per cell of this size'),
  limit: z.coerce.number().int().min(1).max(400).default(200),
});
export type MapCitiesQuery = z.input<typeof mapCitiesQuery>;
export const mapCitiesSchema = z.object({
  list: z.array(z.object({ name: z.string(), nameZh: z.string().nullable(), lat: z.number(), lng: z.number() })),
});

export const poiQuery = z.object({
  keyword: z.string({ error: API_MESSAGES.required }).trim().min(1, API_MESSAGES.required).max(200, 'at most 200 characters').refine((s) => !s.includes('\u0000'), API_MESSAGES.format),
  limit: z.coerce.number().int().min(1).max(20).default(10),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 two-letter code')
    .optional(),
});
export type PoiQuery = z.input<typeof poiQuery>;
export const poiSchema = z.object({ name: z.string(), address: z.string(), lng: z.number(), lat: z.number(), kind: z.string().nullable() });
export type Poi = z.infer<typeof poiSchema>;
export const poiListSchema = z.object({
  provider: z.enum(['offline', 'nominatim']).describe('who answered'),
  configured: z.boolean().describe('an online geocoder is configured'),
  notice: z.string().nullable().describe('why the offline gazetteer answered'),
  list: z.array(poiSchema),
});
export type PoiList = z.infer<typeof poiListSchema>;

// ── configuration values ──

export const configKeyQuery = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9.]{0,63}$/, API_MESSAGES.format)
    .optional()
    .describe('absent: every value'),
});
export const configValueSchema = z.object({ key: z.string(), value: z.json(), description: z.string(), source: z.string() });
export const configValueListSchema = z.object({ list: z.array(configValueSchema) });

// ── companies (equipment manufacturers) ──

export const companyQuery = z.object({
  type: z.enum(['module', 'inverter']).optional().describe('absent: both'),
  enabled: queryBoolean.optional().describe('absent: both'),
  source: z.enum(['all', 'system', 'custom']).default('all'),
  keyword: plainText(100).optional(),
});
export const companySchema = z.object({
  id: z.number().int(),
  type: z.enum(['module', 'inverter']),
  source: z.enum(['system', 'custom']),
  nameEn: z.string().nullable(),
  nameZh: z.string().nullable(),
  enabled: z.boolean(),
});
export const companyListSchema = z.object({ list: z.array(companySchema) });

// ── brackets and load types ──

export const bracketQuery = z.object({ surface: z.enum(['pitched-roof', 'metal-roof', 'flat-roof', 'ground']).optional() });
export const bracketListSchema = z.object({ list: z.array(bracketSchema) });
export const bracketIdSchema = z.enum(bracketIds);
export const loadTypeListSchema = z.object({ list: z.array(loadTypeSchema) });

// ── project: comparison and the inverter-line flag ──

export const powerComparisonBody = z.object({
  projectIds: z.array(recordId).min(1).max(10),
  /** Share keys of projects shared with the caller (each opens exactly its own project). */
  shareKeys: z.array(shareKeyQuery.shape.shareKey).max(3).optional(),
});
export const comparedResultSchema = z.object({
  /** [kWp] STC DC capacity simulated */
  capacityKwp: z.number(),
  /** [kWh] */
  annualKwh: z.number(),
  /** [kWh] twelve months */
  monthlyKwh: z.array(z.number()),
  /** [kWh/kWp] */
  specificYield: z.number(),
  /** [−] IEC 61724 */
  performanceRatio: z.number(),
  /** the weather was the synthetic year (an estimate) */
  estimate: z.boolean(),
  weatherSource: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export const comparedProjectSchema = z.object({
  projectId: z.number().int(),
  name: z.string(),
  access: z.enum(['own', 'shared']),
  /** [kW] the project's stated capacity */
  capacity: z.number().nullable(),
  hasResult: z.boolean(),
  result: comparedResultSchema.nullable(),
  notice: z.string().nullable(),
});
export const powerComparisonSchema = z.object({ list: z.array(comparedProjectSchema) });
export const showInverterLineBody = z.object({ projectId: recordId, show: z.boolean({ error: API_MESSAGES.required }) });

// ── activities and guides ──

export const activitySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string().nullable(),
});
export const activityListSchema = z.object({ list: z.array(activitySchema) });

export const guideIds = ['drawing-a-roof', 'pv-layout', 'shading', 'sharing'] as const;
export const guideParams = z.object({ id: z.enum(guideIds, { error: 'No relevant data was retrieved' }) });
export const guideQuery = z.object({ lang: z.enum(['en', 'zh']).optional().describe('absent: the lang header') });
export const guideSchema = z.object({ id: z.enum(guideIds), lang: z.enum(['en', 'zh']), title: z.string(), markdown: z.string() });
export const guideListSchema = z.object({ list: z.array(guideSchema.omit({ markdown: true })) });
