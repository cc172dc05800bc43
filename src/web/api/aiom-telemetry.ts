// /api/web/aiom/overview, /energy and /readings: a plant's live overview (power, energy, income, CO₂,
// PR, health, the designed inverters' states), its energy per hour/day/month and its raw readings.
// Schemas from src/model/api/aiom-telemetry.ts.
import { energyAnswerSchema, overviewSchema, readingsAnswerSchema, type EnergyPeriod } from '../../model/api/aiom-telemetry.ts';
import { request } from './http.ts';

const BASE = '/api/web/aiom';

export function getOverview(projectId: number, options: { silent?: boolean; signal?: AbortSignal } = {}) {
  return request(`${BASE}/overview`, overviewSchema, { query: { projectId }, ...options });
}

export function getEnergy(projectId: number, period: EnergyPeriod, from: string, to: string) {
  return request(`${BASE}/energy`, energyAnswerSchema, { query: { projectId, period, from, to } });
}

export function getReadings(projectId: number, from: string, to: string, serial?: string) {
  return request(`${BASE}/readings`, readingsAnswerSchema, { query: { projectId, from, to, serial } });
}
