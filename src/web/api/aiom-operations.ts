// /api/web/aiom/patrol, /configuration and /fly: inspection tasks (with photos), the plant's
// parameters, tariff, alarm thresholds and notification switches, and drone flight plans with their
// KML / KMZ (DJI WPML) files. Schemas from src/model/api/aiom-operations.ts.
import type { z } from 'zod';
import {
  flyPlanSchema,
  patrolDeleteAnswer,
  patrolListSchema,
  patrolTaskSchema,
  plantConfigurationAnswerSchema,
  type flyPlanBody,
  type patrolCreateBody,
  type patrolUpdateBody,
  type plantConfigurationBody,
  type PatrolStatus,
} from '../../model/api/aiom-operations.ts';
import { request, requestBlob } from './http.ts';

const BASE = '/api/web/aiom';

export type PatrolCreate = z.input<typeof patrolCreateBody>;
export type PatrolUpdate = z.input<typeof patrolUpdateBody>;
export type ConfigurationUpdate = z.input<typeof plantConfigurationBody>;
export type FlyPlanRequest = z.output<typeof flyPlanBody>;

export function listPatrols(projectId: number, query: { status?: PatrolStatus; page: number; size: number }) {
  return request(`${BASE}/patrol/list`, patrolListSchema, { query: { projectId, ...query } });
}

export function createPatrol(body: PatrolCreate) {
  return request(`${BASE}/patrol/create`, patrolTaskSchema, { method: 'POST', body });
}

export function updatePatrol(body: PatrolUpdate) {
  return request(`${BASE}/patrol/update`, patrolTaskSchema, { method: 'POST', body });
}

export function deletePatrol(id: number) {
  return request(`${BASE}/patrol/delete`, patrolDeleteAnswer, { method: 'POST', body: { id } });
}

export function uploadPatrolPhoto(id: number, file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  return request(`${BASE}/patrol/photo`, patrolTaskSchema, { form, query: { id } });
}

export function downloadPatrolPhoto(id: number, photoId: string): Promise<Blob> {
  return requestBlob(`${BASE}/patrol/photo`, { query: { id, photoId }, silent: true });
}

export function getConfiguration(projectId: number) {
  return request(`${BASE}/configuration`, plantConfigurationAnswerSchema, { query: { projectId } });
}

export function saveConfiguration(body: ConfigurationUpdate) {
  return request(`${BASE}/configuration`, plantConfigurationAnswerSchema, { method: 'POST', body });
}

export function planFlight(body: FlyPlanRequest) {
  return request(`${BASE}/fly/plan`, flyPlanSchema, { method: 'POST', body });
}

/** The plan's file: KML (waypoints as a LineString) or KMZ (DJI WPML template + waylines). */
export function exportFlight(body: FlyPlanRequest, format: 'kml' | 'kmz'): Promise<Blob> {
  const { camera, ...rest } = body;
  return requestBlob(`${BASE}/fly/export`, { query: { ...rest, ...camera, format } });
}
