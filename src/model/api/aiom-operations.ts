// O&M operations (issue 21 §6): patrol (inspection tasks), plant configuration, drone flight plans
// (fly) and the device credential call (spec 000 §7 decrypt/decryptKey). Routes (under /api/web,
// AIOM licence + access to the plant):
//   GET    /api/web/aiom/patrol/list?projectId=&status=&page=&size=   → patrolListSchema
//   GET    /api/web/aiom/patrol/get?id=                               → patrolTaskSchema
//   POST   /api/web/aiom/patrol/create   body patrolCreateBody         → patrolTaskSchema
//   POST   /api/web/aiom/patrol/update   body patrolUpdateBody         → patrolTaskSchema
//   POST   /api/web/aiom/patrol/delete   body { id }                   → { deleted }
//   POST   /api/web/aiom/patrol/photo?id=   multipart file (image)     → patrolTaskSchema
//   GET    /api/web/aiom/patrol/photo?id=&photoId=                     → the image
//   GET    /api/web/aiom/configuration?projectId=                     → plantConfigurationSchema
//   POST   /api/web/aiom/configuration  body plantConfigurationBody    → plantConfigurationSchema
//   POST   /api/web/aiom/fly/plan       body flyPlanBody               → flyPlanSchema
//   GET    /api/web/aiom/fly/export?projectId=&format=kml|kmz&…flyPlan params → file
//   GET    /api/web/decrypt/decryptKey?id=  (device id)               → decryptKeySchema
import { z } from 'zod';

/** A fixed UTC offset label, e.g. "UTC+08:00" (what the configuration answers when no zone was chosen). */
export const UTC_OFFSET_LABEL = /^UTC([+-])(\d{2}):(\d{2})$/;
import { isoTime, pageQuery, plainText, recordId, requiredPlainText } from './common.ts';

// ---------------------------------------------------------------- patrol

export const patrolStatuses = ['open', 'inProgress', 'done'] as const;
export type PatrolStatus = (typeof patrolStatuses)[number];

export const checklistItemSchema = z.object({
  text: requiredPlainText(200),
  done: z.boolean().default(false),
});

export const patrolPhotoSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: isoTime,
});

export const patrolTaskSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  title: z.string(),
  checklist: z.array(z.object({ text: z.string(), done: z.boolean() })),
  assigneeUserId: z.number().int().nullable().describe('a user (the owner or an enterprise member)'),
  assigneeName: z.string().nullable(),
  dueDate: z.string().nullable().describe('YYYY-MM-DD'),
  status: z.enum(patrolStatuses),
  notes: z.string(),
  photos: z.array(patrolPhotoSchema),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type PatrolTask = z.infer<typeof patrolTaskSchema>;

const dueDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dueDate must be YYYY-MM-DD');

export const patrolCreateBody = z.object({
  projectId: recordId,
  title: requiredPlainText(200),
  checklist: z.array(checklistItemSchema).max(200).default([]),
  assigneeUserId: recordId.nullable().optional(),
  dueDate: dueDate.nullable().optional(),
  status: z.enum(patrolStatuses, { error: 'status must be open, inProgress or done' }).default('open'),
  notes: plainText(4000).default(''),
});

export const patrolUpdateBody = z.object({
  id: recordId,
  title: requiredPlainText(200).optional(),
  checklist: z.array(checklistItemSchema).max(200).optional(),
  assigneeUserId: recordId.nullable().optional(),
  dueDate: dueDate.nullable().optional(),
  status: z.enum(patrolStatuses, { error: 'status must be open, inProgress or done' }).optional(),
  notes: plainText(4000).optional(),
});

export const patrolListQuery = z.object({
  projectId: recordId,
  status: z.enum(patrolStatuses, { error: 'status must be open, inProgress or done' }).optional(),
  ...pageQuery(20),
});

export const patrolListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(patrolTaskSchema),
});

export const patrolIdQuery = z.object({ id: recordId });
export const patrolPhotoQuery = z.object({ id: recordId, photoId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'photoId is invalid') });
export const patrolDeleteBody = z.object({ id: recordId });
export const patrolDeleteAnswer = z.object({ deleted: z.number().int() });

// ---------------------------------------------------------------- configuration

export const alarmThresholdsSchema = z.object({
  offlineMinutes: z.number().int().min(5).max(10_080).default(30).describe('device silent longer → offline alarm [min]'),
  offlineLevel: z.number().int().min(1).max(4).default(2),
  faultLevel: z.number().int().min(1).max(4).default(1),
  stringLowPercent: z.number().min(1).max(99).default(70).describe('string current below this % of its peers\' median [%]'),
  stringLowLevel: z.number().int().min(1).max(4).default(3),
  irradianceThresholdWm2: z.number().min(0).max(1500).default(200).describe('string and availability checks only above [W m⁻²]'),
  prLowPercent: z.number().min(1).max(99).default(80).describe('day\'s PR below this % of the expected PR [%]'),
  prLowLevel: z.number().int().min(1).max(4).default(3),
});
export type AlarmThresholds = z.infer<typeof alarmThresholdsSchema>;

export const notificationSwitchesSchema = z.object({
  sms: z.boolean().default(false),
  email: z.boolean().default(true),
});

export const plantConfigurationSchema = z.object({
  projectId: z.number().int(),
  capacityKwp: z.number().describe('P0 [kWp]; the design\'s DC capacity unless set'),
  capacityFromDesign: z.boolean().describe('true when capacityKwp was not set and comes from the design'),
  commissioningDate: z.string().nullable().describe('YYYY-MM-DD'),
  tariffYuanPerKwh: z.number().describe('[yuan/kWh]'),
  co2KgPerKwh: z.number().describe('grid emission factor [kg CO₂/kWh]'),
  timeZone: z.string().describe('IANA zone for days/months of the statistics'),
  thresholds: alarmThresholdsSchema,
  notifications: notificationSwitchesSchema,
  updatedAt: isoTime.nullable(),
});
export type PlantConfiguration = z.infer<typeof plantConfigurationSchema>;

/** Whether alarm notices reach people on a channel on this server, and if not why. */
const noticeChannelSchema = z.object({
  ready: z.boolean(),
  /** Why not: no provider, the dev outbox (logged only), an SMS provider without a notice template. */
  reason: z.enum(['notConfigured', 'devOutbox', 'noNoticeTemplate']).nullable(),
  notice: z.string().nullable(),
});
export type NoticeChannel = z.infer<typeof noticeChannelSchema>;

/** The configuration's answer: the plant's configuration and what the server's channels can deliver. */
export const plantConfigurationAnswerSchema = plantConfigurationSchema.extend({
  channels: z.object({ sms: noticeChannelSchema, email: noticeChannelSchema }),
});

export const configurationQuery = z.object({ projectId: recordId });

/** POST aiom/configuration (body): every field optional except projectId; null capacity = from the design. */
export const plantConfigurationBody = z.object({
  projectId: recordId,
  capacityKwp: z.number().positive('capacityKwp must be > 0').max(10_000_000).nullable().optional(),
  commissioningDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'commissioningDate must be YYYY-MM-DD').nullable().optional(),
  tariffYuanPerKwh: z.number().min(0, 'tariffYuanPerKwh must be ≥ 0').max(100).optional(),
  co2KgPerKwh: z.number().min(0, 'co2KgPerKwh must be ≥ 0').max(5).optional(),
  // An IANA zone, or the fixed offset the configuration answers by default ("UTC+08:00").
  timeZone: z.string().max(64).refine((tz) => { if (UTC_OFFSET_LABEL.test(tz)) return true; try { new Intl.DateTimeFormat('en', { timeZone: tz }); return true; } catch { return false; } }, 'timeZone must be an IANA time zone or UTC±HH:MM').optional(),
  thresholds: alarmThresholdsSchema.partial().optional(),
  notifications: notificationSwitchesSchema.partial().optional(),
});

// ---------------------------------------------------------------- fly

export const cameraSchema = z.object({
  sensorWidthMm: z.number().positive('sensorWidthMm must be > 0').max(100).default(13.2).describe('[mm]'),
  focalLengthMm: z.number().positive('focalLengthMm must be > 0').max(500).default(8.8).describe('[mm]'),
  imageWidthPx: z.number().int().positive('imageWidthPx must be > 0').max(100_000).default(5472).describe('[px]'),
  imageHeightPx: z.number().int().positive().max(100_000).default(3648).describe('[px]'),
});

export const flyPlanBody = z.object({
  projectId: recordId.describe('the O&M plant (its bound design gives the buildings) or a design project'),
  altitudeM: z.coerce.number().min(5, 'altitudeM must be 5 to 500').max(500, 'altitudeM must be 5 to 500').default(40).describe('above take-off [m]'),
  frontOverlapPercent: z.coerce.number().min(0, 'frontOverlapPercent must be 0 to 95').max(95, 'frontOverlapPercent must be 0 to 95').default(80),
  sideOverlapPercent: z.coerce.number().min(0, 'sideOverlapPercent must be 0 to 95').max(95, 'sideOverlapPercent must be 0 to 95').default(70),
  marginM: z.coerce.number().min(0).max(200).default(5).describe('added around the outline\'s box [m]'),
  speedMs: z.coerce.number().min(1).max(15).default(5).describe('[m/s]'),
  camera: cameraSchema.default({ sensorWidthMm: 13.2, focalLengthMm: 8.8, imageWidthPx: 5472, imageHeightPx: 3648 }),
});
export type FlyPlanInput = z.infer<typeof flyPlanBody>;

export const waypointSchema = z.object({
  lon: z.number(), lat: z.number(), altM: z.number(),
  x: z.number().describe('local east [m]'), y: z.number().describe('local north [m]'),
});

export const flyPlanSchema = z.object({
  projectId: z.number().int(),
  gsdCmPerPx: z.number().describe('ground sampling distance [cm/px]'),
  footprintWidthM: z.number().describe('[m] across track'),
  footprintHeightM: z.number().describe('[m] along track'),
  lineSpacingM: z.number(),
  photoIntervalM: z.number(),
  headingDeg: z.number().describe('flight lines\' bearing, clockwise from north [°]'),
  lines: z.number().int(),
  lengthM: z.number(),
  photos: z.number().int(),
  durationS: z.number(),
  outline: z.array(z.object({ lon: z.number(), lat: z.number() })).describe('the roof outlines\' box (with margin)'),
  waypoints: z.array(waypointSchema),
});
export type FlyPlan = z.infer<typeof flyPlanSchema>;

/** GET aiom/fly/export (query): the plan's parameters (flat) and the format. */
export const flyExportQuery = z.object({
  projectId: recordId,
  format: z.enum(['kml', 'kmz'], { error: 'format must be kml or kmz' }),
  altitudeM: flyPlanBody.shape.altitudeM,
  frontOverlapPercent: flyPlanBody.shape.frontOverlapPercent,
  sideOverlapPercent: flyPlanBody.shape.sideOverlapPercent,
  marginM: flyPlanBody.shape.marginM,
  speedMs: flyPlanBody.shape.speedMs,
  sensorWidthMm: z.coerce.number().positive().max(100).default(13.2),
  focalLengthMm: z.coerce.number().positive().max(500).default(8.8),
  imageWidthPx: z.coerce.number().int().positive().max(100_000).default(5472),
  imageHeightPx: z.coerce.number().int().positive().max(100_000).default(3648),
});

// ---------------------------------------------------------------- decrypt

export const decryptKeyQuery = z.object({ id: recordId.describe('the device id') });
export const decryptKeySchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  credential: z.record(z.string(), z.unknown()).nullable().describe('the decrypted credential (Modbus host/port/unit, gateway token …); null when none is kept'),
});
