// O&M alarms (spec 000 §7 "Operations alarms"; issue 21 §5). Routes (under /api/web, AIOM licence):
//   GET  /api/web/alarm/getList?projectId=&level=&status=active|cleared&read=&from=&to=&page=&size=  → alarmListSchema
//   POST /api/web/alarm/readAlarm   body { ids }  → { updated }
//   POST /api/web/alarm/deleteAlarm body { ids }  → { deleted }
//   GET  /api/web/alarm/unreadCount?projectId=    → { unread }
// Rules: a device offline > N minutes, a fault (fault code ≠ 0 or SunSpec state 7), a string's current
// below X % of its peers' median while irradiance > threshold, the day's PR below Y % of expected.
// Levels: 1 critical, 2 major, 3 minor, 4 warning. An alarm is raised once while its condition holds
// and cleared (recoveredAt) when it stops.
import { z } from 'zod';
import { isoTime, pageQuery, queryBoolean, recordId } from './common.ts';

export const alarmRules = ['offline', 'fault', 'stringLow', 'prLow'] as const;
export type AlarmRule = (typeof alarmRules)[number];

export const alarmLevels = [1, 2, 3, 4] as const;
export type AlarmLevel = (typeof alarmLevels)[number];

export const alarmStatuses = ['active', 'cleared'] as const;

const alarmLevel = z.coerce.number().int().min(1, 'level must be 1 to 4').max(4, 'level must be 1 to 4');

/** GET alarm/getList (query). Without projectId: every plant the user may see. */
export const alarmListQuery = z.object({
  projectId: recordId.optional(),
  level: alarmLevel.optional(),
  status: z.enum(alarmStatuses, { error: 'status must be active or cleared' }).optional(),
  read: queryBoolean.optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO 8601 time' }).optional(),
  ...pageQuery(20),
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;

export const alarmSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  deviceSerial: z.string().nullable().describe('null for plant-level alarms (PR)'),
  rule: z.enum(alarmRules),
  level: z.number().int().min(1).max(4),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).describe('the rule\'s figures, e.g. { current, median, string }'),
  raisedAt: isoTime,
  recoveredAt: isoTime.nullable(),
  read: z.boolean(),
});
export type Alarm = z.infer<typeof alarmSchema>;

export const alarmListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  unread: z.number().int().describe('unread alarms matching projectId (all filters but read/page ignored)'),
  list: z.array(alarmSchema),
});

/** POST alarm/readAlarm and alarm/deleteAlarm (body). */
export const alarmIdsBody = z.object({
  ids: z.array(recordId, { error: 'ids must be a list of alarm ids' }).min(1, 'ids must not be empty').max(1000),
});

export const alarmReadAnswer = z.object({ updated: z.number().int() });
export const alarmDeleteAnswer = z.object({ deleted: z.number().int() });

/** GET alarm/unreadCount (query). */
export const alarmUnreadQuery = z.object({ projectId: recordId.optional() });
export const alarmUnreadAnswer = z.object({ unread: z.number().int() });
