// The Load step's document on the server (spec 001 §7 get/update-powerLoadConfig-page; spec 001 §4
// "changing the load clears configured storage"). A save is the design documents' optimistic save
// (projects/documents.ts: the project row locked, the version compared, 409 STALE_VERSION when stale)
// with one rule more: when it changes the stored load while an enabled 'energy-storage' document is
// stored, it answers 409 LOAD_CLEARS_STORAGE (field clearStorage) and changes nothing, unless the
// client has asked the user and sends clearStorage: true — then, in the same transaction, the load is
// saved and the storage document cleared (stored as null, its version counting on, so a client still
// holding the old storage gets 409 on its next save). The read adds the chart of the year's hours.
import type { FastifyInstance } from 'fastify';
import type { PowerLoadRead, PowerLoadSaved } from '../../model/api/economics.ts';
import { apiError } from '../errors.ts';
import { assertValidDocument, documentText, lockOwnProject } from '../projects/documents.ts';
import { loadChart, storedLoad } from './load-chart.ts';

/** Whether stored 'energy-storage' data is a configured storage (anything but none or enabled: false). */
export function storageConfigured(data: unknown): boolean {
  if (data === null || data === undefined) return false;
  return !(typeof data === 'object' && !Array.isArray(data) && (data as { enabled?: unknown }).enabled === false);
}

/** Saves the 'power-load' document based on version `base` (see the file's header). */
export async function savePowerLoad(app: FastifyInstance, userId: number, projectId: number, base: number, data: unknown, clearStorage: boolean): Promise<PowerLoadSaved> {
  const { documents } = app.services;
  const text = documentText(data);
  assertValidDocument('power-load', data);
  return app.db.transaction().execute(async (tx) => {
    const now = app.clock.now();
    await lockOwnProject(tx, userId, projectId, now);
    const current = await documents.read(projectId, 'power-load', tx);
    if (current.version !== base) throw apiError('STALE_VERSION', { base, current: current.version }, { currentVersion: current.version });
    const changed = current.data === null || JSON.stringify(current.data) !== text;
    let storageCleared = false;
    if (changed && storageConfigured((await documents.read(projectId, 'energy-storage', tx)).data)) {
      if (!clearStorage) throw apiError('LOAD_CLEARS_STORAGE', {}, { field: 'clearStorage' });
      await documents.put(tx, projectId, 'energy-storage', null, userId);
      storageCleared = true;
    }
    const version = await documents.put(tx, projectId, 'power-load', data, userId);
    return { projectId, step: 'power-load', version, updatedAt: now.toISOString(), storageCleared };
  });
}

/** The stored 'power-load' document with its chart (null when none is stored or it is not valid). */
export async function readPowerLoad(app: FastifyInstance, projectId: number): Promise<PowerLoadRead> {
  const doc = await app.services.documents.read(projectId, 'power-load');
  const hourly = storedLoad(doc.data);
  return { ...doc, chart: hourly ? loadChart(hourly) : null };
}
