// /api/web/alarm: the O&M alarms (spec 000 §7 "Operations alarms": getList, readAlarm, deleteAlarm;
// plus the unread count the menu's badge shows). Schemas from src/model/api/alarms.ts.
import { alarmDeleteAnswer, alarmListSchema, alarmReadAnswer, alarmUnreadAnswer } from '../../model/api/alarms.ts';
import { request } from './http.ts';

const BASE = '/api/web/alarm';

/** The list's filters: level 1–4, active/cleared, read flag, raised between from and to (ISO 8601). */
export interface AlarmFilter {
  level?: number;
  status?: 'active' | 'cleared';
  read?: boolean;
  from?: string;
  to?: string;
}

export function listAlarms(projectId: number, filter: AlarmFilter & { page: number; size: number }) {
  return request(`${BASE}/getList`, alarmListSchema, { query: { projectId, ...filter } });
}

export function readAlarms(ids: readonly number[]) {
  return request(`${BASE}/readAlarm`, alarmReadAnswer, { method: 'POST', body: { ids } });
}

export function deleteAlarms(ids: readonly number[]) {
  return request(`${BASE}/deleteAlarm`, alarmDeleteAnswer, { method: 'POST', body: { ids } });
}

/** Unread alarms of a plant (silent: the menu badge just stays as it was on a failure). */
export async function unreadAlarms(projectId: number): Promise<number> {
  return (await request(`${BASE}/unreadCount`, alarmUnreadAnswer, { query: { projectId }, silent: true })).unread;
}
