// O&M plant devices (issue 21 "aiom", spec 000 §7 device/getDevices; SunSpec Alliance, "SunSpec
// Information Model Specification" v1.0 and "SunSpec Modbus" for the Modbus TCP connection fields):
// the request and answer shapes of the plant and device calls. Paths (all under /api/web, all need the
// AIOM permission and access to the plant — owner or enterprise access):
//   POST /aiom/plant/create            body aiomPlantCreateBody   → aiomPlantSchema (a new AIOM project bound to the design)
//   GET  /aiom/devices?projectId=       aiomDevicesQuery           → aiomDeviceListSchema (kind, state, last reading)
//   POST /aiom/devices/register         body aiomDeviceRegisterBody → aiomDeviceSchema (create, or update the same serial on this plant)
//   POST /aiom/devices/delete           body aiomDeviceDeleteBody   → aiomDeviceDeleteAnswer
//   POST /aiom/gateway-token            body aiomGatewayTokenBody   → aiomGatewayTokenSchema (a new per-plant ingest token, shown once; replaces the old one)
// The legacy spec calls (project/binding-project, binding-inverter, collector/unbind, device/getDevices)
// stay in devices.ts; device/getDevices answers also carry this list as `devices` (additive).
import { z } from 'zod';
import { isoTime, plainText, recordId, requiredPlainText } from './common.ts';
import { serialNumber } from './devices.ts';

/** Device kinds of a plant. */
export const aiomDeviceKinds = ['inverter', 'meter', 'collector', 'sensor'] as const;
export type AiomDeviceKind = (typeof aiomDeviceKinds)[number];

/** How the plant's readings of a device arrive: polled over SunSpec Modbus TCP by the collector, or pushed by a gateway. */
export const aiomProtocols = ['sunspec-modbus-tcp', 'gateway'] as const;
export type AiomProtocol = (typeof aiomProtocols)[number];

/**
 * A device's state: never reported; online (a reading within AIOM_ONLINE_MINUTES); offline (silent
 * longer, or the collector's poll failed); fault (the last reading's SunSpec St = 7 FAULT or Evt1 ≠ 0).
 */
export const aiomDeviceStates = ['neverReported', 'online', 'offline', 'fault'] as const;
export type AiomDeviceState = (typeof aiomDeviceStates)[number];

/** A device silent longer than this is offline [min] (the same rule as devices.ts DEVICE_ONLINE_MINUTES). */
export const AIOM_ONLINE_MINUTES = 15;

/** SunSpec operating state St (inverter models 101–103 / 111–113), SunSpec Information Model "Operating State" enum. */
export const SUNSPEC_STATES = { OFF: 1, SLEEPING: 2, STARTING: 3, MPPT: 4, THROTTLED: 5, SHUTTING_DOWN: 6, FAULT: 7, STANDBY: 8 } as const;

/** Modbus TCP connection of a device polled by the collector (kept encrypted at rest). */
export const modbusConnectionSchema = z.strictObject({
  host: requiredPlainText(253).describe('host name or IP address of the Modbus TCP server'),
  port: z.coerce.number().int().min(1).max(65_535).default(502),
  unitId: z.coerce.number().int().min(0).max(247).default(1).describe('Modbus unit (slave) id'),
});
export type ModbusConnection = z.output<typeof modbusConnectionSchema>;

/** POST /aiom/plant/create: make an O&M plant (variant AIOM) from a design project and bind it. */
export const aiomPlantCreateBody = z.strictObject({
  designProjectId: recordId.describe('the design project (LITE or LITE-RE) the plant was built from'),
  name: plainText(100).optional().describe('the plant\'s name (default: the design\'s name + " O&M")'),
});
export const aiomPlantSchema = z.object({
  projectId: z.number().int().describe('the new O&M plant'),
  designProjectId: z.number().int(),
  name: z.string(),
});
export type AiomPlant = z.infer<typeof aiomPlantSchema>;

/** POST /aiom/devices/register. */
export const aiomDeviceRegisterBody = z
  .strictObject({
    projectId: recordId.describe('the O&M plant'),
    kind: z.enum(aiomDeviceKinds),
    serial: serialNumber,
    name: plainText(100).optional(),
    designInverterId: plainText(64).optional().describe("inverters: the designed inverter's id (inverter-config inverters[].id of the bound design)"),
    stringIds: z.array(plainText(64)).max(64).optional().describe("inverters: the designed strings' ids, in the order of the device's string inputs"),
    protocol: z.enum(aiomProtocols).default('gateway'),
    modbus: modbusConnectionSchema.optional().describe("protocol 'sunspec-modbus-tcp': the connection"),
    ratedPowerW: z.number().positive().max(1e9).optional().describe('[W] inverter AC rating, or sensor/meter: omit'),
  })
  .superRefine((b, ctx) => {
    if (b.protocol === 'sunspec-modbus-tcp' && !b.modbus) ctx.addIssue({ code: 'custom', path: ['modbus'], message: 'required for the SunSpec Modbus TCP protocol' });
    if (b.kind !== 'inverter' && (b.designInverterId !== undefined || b.stringIds !== undefined))
      ctx.addIssue({ code: 'custom', path: [b.designInverterId !== undefined ? 'designInverterId' : 'stringIds'], message: 'only inverters bind to a designed inverter' });
  });
export type AiomDeviceRegister = z.output<typeof aiomDeviceRegisterBody>;

export const aiomDevicesQuery = z.object({ projectId: recordId });

/** POST /aiom/devices/delete. */
export const aiomDeviceDeleteBody = z.strictObject({ projectId: recordId, serial: serialNumber });
export const aiomDeviceDeleteAnswer = z.object({ serial: z.string(), deleted: z.boolean() });

/** The last reading of a device (a subset of the telemetry row). */
export const lastReadingSchema = z.object({
  ts: isoTime,
  acPowerW: z.number().nullable(),
  energyKwh: z.number().nullable(),
  status: z.number().int().nullable(),
  faultCode: z.number().int().nullable(),
  irradianceWm2: z.number().nullable(),
});

export const aiomDeviceSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  kind: z.enum(aiomDeviceKinds),
  serial: z.string(),
  name: z.string(),
  designInverterId: z.string().nullable(),
  stringIds: z.array(z.string()),
  protocol: z.enum(aiomProtocols),
  /** The Modbus connection without secrets beyond host/port/unit (the stored form is encrypted). */
  modbus: z.object({ host: z.string(), port: z.number().int(), unitId: z.number().int() }).nullable(),
  ratedPowerW: z.number().nullable(),
  /** SunSpec common model (model 1) as read by the collector: manufacturer, model, serial. */
  identity: z.object({ manufacturer: z.string(), model: z.string(), serial: z.string(), sunspecModel: z.number().int() }).nullable(),
  state: z.enum(aiomDeviceStates),
  lastSeen: isoTime.nullable(),
  lastReading: lastReadingSchema.nullable(),
  createdAt: isoTime,
});
export type AiomDevice = z.infer<typeof aiomDeviceSchema>;

export const aiomDeviceListSchema = z.object({
  projectId: z.number().int(),
  designProjectId: z.number().int().nullable(),
  devices: z.array(aiomDeviceSchema),
});
export type AiomDeviceList = z.infer<typeof aiomDeviceListSchema>;

/** POST /aiom/gateway-token: issue (or replace) the plant's gateway token. */
export const aiomGatewayTokenBody = z.strictObject({ projectId: recordId });
export const aiomGatewayTokenSchema = z.object({
  projectId: z.number().int(),
  token: z.string().describe('Bearer token for POST /aiom/ingest; shown once, stored only as a hash'),
  createdAt: isoTime,
});
