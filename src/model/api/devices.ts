// O&M device binding (spec 000 §7 "Project": binding-project, binding-inverter, collector/unbind;
// "Catalogues": device/getDevices; docs/PRODUCT.md "O&M (aiom) … devices (bind inverters/collectors)"):
// an O&M power station (a project whose reOrAiom is AIOM) is linked to the design project it was
// built from, and its inverters are registered by serial number, each behind a collector (the
// datalogger that will report its telemetry). A serial number belongs to one power station at a time.
import { z } from 'zod';
import { API_MESSAGES, isoTime, recordId } from './common.ts';

/** Serial numbers: 4–64 letters, digits, '-' or '_' (stored in upper case). */
export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;
export const SERIAL_MESSAGE = 'The serial number must be 4 to 64 letters, digits, - or _';

/** A device serial number from a query string: trimmed, checked, upper-cased. */
export const serialNumber = z
  .string({ error: API_MESSAGES.required })
  .trim()
  .min(1, API_MESSAGES.required)
  .regex(SERIAL_PATTERN, SERIAL_MESSAGE)
  .transform((s) => s.toUpperCase());

/** Device state: nothing reported yet, reporting (last report within DEVICE_ONLINE_MINUTES), or silent. */
export const deviceStatuses = ['neverReported', 'online', 'offline'] as const;
export type DeviceStatus = (typeof deviceStatuses)[number];

/** A device whose last report is older than this is offline [min]. */
export const DEVICE_ONLINE_MINUTES = 15;

/** The status of a device from its last report time and now. */
export function deviceStatus(lastSeen: Date | null, now: Date): DeviceStatus {
  if (!lastSeen) return 'neverReported';
  return now.getTime() - lastSeen.getTime() <= DEVICE_ONLINE_MINUTES * 60_000 ? 'online' : 'offline';
}

/** POST binding-project (query): the design project and the O&M power station built from it. */
export const bindingProjectQuery = z.object({
  projectId: recordId.describe('the design project (LITE or LITE-RE)'),
  aiomProjectId: recordId.describe('the O&M power station (reOrAiom AIOM)'),
});

export const projectBindingSchema = z.object({
  aiomProjectId: z.number().int(),
  designProjectId: z.number().int(),
  designProjectName: z.string(),
  bindTime: isoTime,
});

/** POST binding-inverter (query). */
export const bindingInverterQuery = z.object({
  projectId: recordId.describe('the O&M power station'),
  inverterSn: serialNumber.describe('the inverter serial number'),
  inverterId: recordId.describe('the inverter model: an id of the inverter library (system or own)'),
  collectorSn: serialNumber.describe('the serial number of the collector (datalogger) the inverter reports through'),
});

/** POST collector/unbind (query). */
export const unbindCollectorQuery = z.object({ projectId: recordId, collectorSn: serialNumber });

export const deviceInverterSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  inverterId: z.number().int().nullable().describe('library entry (null once the custom entry was deleted)'),
  manufacturer: z.string(),
  model: z.string(),
  ratedAcPower: z.number().nullable().describe('[W]'),
  bindTime: isoTime,
  lastSeen: isoTime.nullable(),
  status: z.enum(deviceStatuses),
});

export const deviceCollectorSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  bindTime: isoTime,
  lastSeen: isoTime.nullable(),
  status: z.enum(deviceStatuses),
  inverters: z.array(deviceInverterSchema),
});

export const devicesSchema = z.object({
  projectId: z.number().int(),
  designProject: z.object({ projectId: z.number().int(), name: z.string(), bindTime: isoTime }).nullable(),
  collectors: z.array(deviceCollectorSchema),
});
export type Devices = z.infer<typeof devicesSchema>;

export const bindInverterAnswerSchema = z.object({ collector: deviceCollectorSchema });
export const unbindAnswerSchema = z.object({ collectorSn: z.string(), inverters: z.number().int().describe('inverters unbound with it') });
