// /api/web/aiom/plant and /api/web/aiom/devices: an O&M plant made from a design project, its devices
// (inverters, meters, sensors, collectors) listed with their state and last reading, registered and
// removed; the device credential (decrypt/decryptKey, owner only). Schemas from
// src/model/api/aiom-devices.ts and aiom-operations.ts.
import { z } from 'zod';
import { aiomDeviceDeleteAnswer, aiomDeviceListSchema, aiomDeviceSchema, aiomPlantSchema, type aiomDeviceRegisterBody } from '../../model/api/aiom-devices.ts';
import { decryptKeySchema } from '../../model/api/aiom-operations.ts';
import { request } from './http.ts';

const BASE = '/api/web/aiom';

/** What the add-device form sends (the body before the server's defaults). */
export type DeviceRegisterInput = z.input<typeof aiomDeviceRegisterBody>;

/** A new O&M plant from a design project (bound to it). */
export function createPlant(designProjectId: number, name?: string) {
  return request(`${BASE}/plant/create`, aiomPlantSchema, { method: 'POST', body: { designProjectId, name } });
}

export function listDevices(projectId: number) {
  return request(`${BASE}/devices`, aiomDeviceListSchema, { query: { projectId } });
}

export function registerDevice(body: DeviceRegisterInput) {
  return request(`${BASE}/devices/register`, aiomDeviceSchema, { method: 'POST', body });
}

export function deleteDevice(projectId: number, serial: string) {
  return request(`${BASE}/devices/delete`, aiomDeviceDeleteAnswer, { method: 'POST', body: { projectId, serial } });
}

/** The device's decrypted credential (decrypt/decryptKey; the plant's owner only). */
export function decryptKey(deviceId: number) {
  return request('/api/web/decrypt/decryptKey', decryptKeySchema, { query: { id: deviceId } });
}
