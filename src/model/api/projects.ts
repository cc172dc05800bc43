// Request and answer schemas of the project calls (spec 000 §3 "Project (basic data)", §5, §7
// "Project"; spec 001 §2 "Home and project list", §3 "Project (list-level)", "Share", §9), with the
// constants of the project list, comparison, screenshots and sharing.
import { z } from 'zod';
import { weatherStationValue } from './weather.ts';
import { API_MESSAGES, isoTime, listOf, pageQuery, plainText, recordId, requiredPlainText } from './common.ts';

/** Spec 000 §9 / 001 §9: comparison of 2 to 3 projects, at most 6 screenshots, the copy link valid 2 h. */
export const PROJECT_LIMITS = {
  compareMin: 2,
  compareMax: 3,
  maxScreenshots: 6,
  /** [bytes] largest screenshot. */
  screenshotMaxBytes: 5 * 1024 * 1024,
  /** [px] largest side of a screenshot (read from its header before anything decodes it: browsers' canvas limit). */
  screenshotMaxSidePx: 16_384,
  /** [px] largest width × height of a screenshot (40 MP: 160 MB once decoded to RGBA). */
  screenshotMaxPixels: 40_000_000,
  /** [h] validity of a copyable share link. */
  copyLinkHours: 2,
  /** [h] validity of a report share link. */
  reportLinkHours: 7 * 24,
  /** Project names longer than this show in a popover (spec 001 §2). */
  namePopoverLength: 20,
  nameMax: 100,
} as const;

/** Share link validity options [days] (spec 001 §3 Share). */
export const SHARE_DAYS = [1, 3, 7, 30] as const;

export const powerStationTypes = ['COMMERCIAL', 'RESIDENTIAL'] as const;
export const surveyTypes = ['SATELLITE', 'DRONE'] as const;
export const gridTypes = ['220V', '380V'] as const;
/** LITE (design), LITE-RE (manual variant, hides economics), AIOM (operation). */
export const projectVariants = ['LITE', 'LITE-RE', 'AIOM'] as const;
export const projectTypes = ['normal', 'copy', 'shared-copy'] as const;
export const invConfigModels = ['auto', 'manual'] as const;

/** An enum that accepts any letter case ('SatelLite' → 'SATELLITE'). */
function upperEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(values, { error: API_MESSAGES.required }));
}

const latitude = z.number({ error: API_MESSAGES.latLng }).min(-90, API_MESSAGES.latLng).max(90, API_MESSAGES.latLng);
const longitude = z.number({ error: API_MESSAGES.latLng }).min(-180, API_MESSAGES.latLng).max(180, API_MESSAGES.latLng);
const capacity = z.number({ error: API_MESSAGES.format }).min(0, 'needs to be between 0 and 999999').max(999_999, 'needs to be between 0 and 999999');

/** "longitude,latitude" (spec 000 §3 address, §5): both in range, decimal numbers. */
export const LOCATION_PATTERN = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,2}(?:\.\d+)?)\s*$/;

/** Parses "lon,lat"; null when the format or a range is wrong. */
export function parseLocation(text: string): { lng: number; lat: number } | null {
  const m = LOCATION_PATTERN.exec(text);
  if (!m) return null;
  const lng = Number(m[1]);
  const lat = Number(m[2]);
  if (Math.abs(lng) > 180 || Math.abs(lat) > 90) return null;
  return { lng, lat };
}

export const locationText = z
  .string({ error: API_MESSAGES.latLng })
  .refine((s) => parseLocation(s) !== null, API_MESSAGES.latLng)
  .describe('"longitude,latitude", e.g. "121.47,31.23"');

/** The basicInfo extras of a project (spec 000 §3 "Project state during design"). */
export const basicInfoSchema = z.object({
  /** Power station operation mode: 1 surplus to grid, 2 full self-use, 3 full feed-in (spec 001 §9). */
  powerStatOperationMode: z.number().int().min(1, API_MESSAGES.format).max(3, API_MESSAGES.format).optional(),
  powerLoadConfigType: plainText(50).optional(),
  schemeForm: plainText(50).optional(),
  invConfigModel: z.enum(invConfigModels).optional(),
  showInverterLine: z.boolean().optional(),
});
export type BasicInfo = z.infer<typeof basicInfoSchema>;

/** The editable fields of a project. */
export const projectFields = {
  name: requiredPlainText(PROJECT_LIMITS.nameMax),
  company: plainText(100).optional(),
  description: plainText(2000).optional(),
  powerStationType: upperEnum(powerStationTypes).describe('COMMERCIAL (C&I) or RESIDENTIAL'),
  surveyType: upperEnum(surveyTypes).default('SATELLITE').describe('SATELLITE (default) or DRONE (uses the drone project quota)'),
  gridType: z.enum(gridTypes).optional(),
  reOrAiom: upperEnum(projectVariants).default('LITE'),
  /** Installed capacity [kW]. */
  capacity: capacity.optional(),
  /** Maximum installed capacity [kW]. */
  maxCapacity: capacity.optional(),
  address: plainText(500).optional(),
  province: plainText(100).optional(),
  city: plainText(100).optional(),
  /** [°] */ lat: latitude.optional(),
  /** [°] */ lng: longitude.optional(),
  /** "lon,lat" instead of lat and lng. */
  location: locationText.optional(),
  /** 'auto' (the nearest climate station), a station number, 'file', 'pvgis' or 'estimate'. */
  weatherStation: weatherStationValue.optional(),
  basicInfo: basicInfoSchema.optional(),
};

export const newProjectBody = z.object(projectFields);
export type NewProjectBody = z.input<typeof newProjectBody>;
export type NewProject = z.output<typeof newProjectBody>;

/** POST update: the project id and the fields to change. */
export const updateProjectBody = z.object({
  projectId: recordId,
  name: projectFields.name.optional(),
  company: projectFields.company.nullable(),
  description: projectFields.description.nullable(),
  powerStationType: upperEnum(powerStationTypes).optional(),
  gridType: z.enum(gridTypes).nullable().optional(),
  reOrAiom: upperEnum(projectVariants).optional(),
  capacity: capacity.nullable().optional(),
  maxCapacity: capacity.nullable().optional(),
  address: plainText(500).nullable().optional(),
  province: plainText(100).nullable().optional(),
  city: plainText(100).nullable().optional(),
  lat: latitude.nullable().optional(),
  lng: longitude.nullable().optional(),
  location: locationText.optional(),
  weatherStation: weatherStationValue.nullable().optional(),
  basicInfo: basicInfoSchema.optional(),
});
export type UpdateProjectBody = z.input<typeof updateProjectBody>;
export type ProjectPatch = z.output<typeof updateProjectBody>;

export const projectIdQuery = z.object({ projectId: recordId });
export const projectIdBody = z.object({ projectId: recordId });

export const projectListQuery = z.object({
  ...pageQuery(10),
  powerStationType: upperEnum(powerStationTypes).optional().describe('absent: all'),
  surveyType: upperEnum(surveyTypes).optional(),
  reOrAiom: upperEnum(projectVariants).optional().describe('LITE lists LITE and LITE-RE'),
  name: plainText(100).optional().describe('part of the name, any case'),
});

export const projectSummarySchema = z.object({
  projectId: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  powerStationType: z.enum(powerStationTypes),
  projectType: z.enum(projectTypes),
  surveyType: z.enum(surveyTypes),
  gridType: z.enum(gridTypes).nullable(),
  reOrAiom: z.enum(projectVariants),
  capacity: z.number().nullable().describe("[kW] installed capacity: the layout's modules [kWp] once the design is saved, else as entered"),
  maxCapacity: z.number().nullable().describe('[kW]'),
  annualKwh: z.number().nullable().describe("[kWh] annual AC yield of the project's last simulation (kept when the design is saved)"),
  status: z.string(),
  creator: z.string(),
  updater: z.string().nullable(),
  createTime: isoTime,
  updateTime: isoTime,
  thumbnailUrl: z.string().nullable().describe('the first screenshot'),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectListSchema = listOf(projectSummarySchema);

export const projectDetailSchema = projectSummarySchema.extend({
  description: z.string().nullable(),
  weatherStation: z.string().nullable(),
  location: z.string().nullable().describe('"lon,lat"'),
  basicInfo: basicInfoSchema,
  copiedFrom: z.number().int().nullable(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** Capabilities of the wizard (spec 000 §3, §4). */
export const capabilitiesSchema = z.object({
  canDraw: z.boolean(),
  canSetComponent: z.boolean(),
  canElectrical: z.boolean(),
  canReport: z.boolean(),
});

export const stepStateSchema = z.object({ version: z.number().int(), updatedAt: isoTime });

export const projectOverviewSchema = z.object({
  project: projectDetailSchema,
  steps: z.record(z.string(), stepStateSchema).describe('saved design documents by step'),
  capabilities: capabilitiesSchema,
  content: z.object({ buildings: z.number().int(), modules: z.number().int() }).describe('closed buildings drawn and modules arranged'),
  screenshots: z.number().int(),
  simulation: z
    .object({ acKwh: z.number(), specificYield: z.number(), performanceRatio: z.number(), capacityKwp: z.number(), estimate: z.boolean() })
    .nullable()
    .describe('the last simulation run for the project'),
  monthlyKwh: z.array(z.number()).nullable(),
});
export type ProjectOverview = z.infer<typeof projectOverviewSchema>;

export const compareQuery = z.object({
  projectIds: z
    .string({ error: 'Please select at least 2 projects for comparison!' })
    .max(200)
    .describe('comma-separated project ids (2 or 3)'),
});
export const compareSchema = z.object({ list: z.array(projectOverviewSchema) });

export const copyProjectBody = z.object({ projectId: recordId, name: projectFields.name.optional().describe("default: '<name> copy'") });

export const quotaProjectSchema = z.object({
  projectCapacity: z.number().int().describe('drone project quota bought in total'),
  projectLimit: z.number().int().describe('remaining drone project quota'),
  projectCount: z.number().int().describe('projects held now'),
  maxProjects: z.number().int(),
});

export const plantCapacitySchema = z.object({ projectId: z.number().int(), capacity: z.number().nullable(), maxCapacity: z.number().nullable() });

// ── sharing ──

export const shareBody = z.object({
  projectId: recordId,
  days: z.union(SHARE_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<1>, z.ZodLiteral<3>, z.ZodLiteral<7>, z.ZodLiteral<30>], {
    error: 'The validity must be 1, 3, 7 or 30 days',
  }),
});

export const shareAnswerSchema = z.object({
  shareKey: z.string().describe('32 hex digits'),
  url: z.string(),
  kind: z.enum(['view', 'copy', 'report']),
  expiresAt: isoTime,
});

export const shareKeyQuery = z.object({
  shareKey: z
    .string({ error: API_MESSAGES.required })
    .regex(/^[0-9a-f]{32}$/, 'The share link does not exist')
    .describe('from the share link'),
});

export const sharedProjectSchema = z.object({
  project: projectDetailSchema,
  sharer: z.object({ name: z.string(), headImgUrl: z.string().nullable() }),
  kind: z.enum(['view', 'copy', 'report']),
  expiresAt: isoTime,
  copyable: z.boolean(),
});

// ── screenshots ──

export const screenshotSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  contentType: z.string(),
  size: z.number().int().describe('[bytes]'),
  fileName: z.string().nullable(),
  createTime: isoTime,
});
export const screenshotListSchema = z.object({ list: z.array(screenshotSchema), max: z.number().int() });
export const screenshotIdQuery = z.object({ projectId: recordId, id: recordId });
