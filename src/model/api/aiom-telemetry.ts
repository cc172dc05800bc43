// O&M telemetry (issue 21 "aiom"): readings ingested from gateways, reading queries, energy
// summaries and the plant overview. The reading fields follow the shared table telemetry_readings
// (migration 0013) and the SunSpec inverter models 101–103 / 111–113 (SunSpec Alliance, "SunSpec
// Information Model Specification"): St operating state, Evt1 event bit field. Paths (under /api/web):
//   POST /aiom/ingest                  Authorization: Bearer <gateway token>; body ingestBody → ingestAnswerSchema
//   (MQTT, optional: topic pvstudio/ingest/<gateway id>, payload mqttIngestMessage; answer on …/<gateway id>/result)
//   GET  /aiom/readings?projectId=&serial=&from=&to=   readingsQuery → readingsAnswerSchema (oldest first, ≤ 10,000)
//   GET  /aiom/energy?projectId=&period=&from=&to=     energyQuery   → energyAnswerSchema (per local hour/day/month)
//   GET  /aiom/overview?projectId=     overviewQuery → overviewSchema
// All but ingest need the AIOM permission and access to the plant; ingest needs the plant's gateway token.
import { z } from 'zod';
import { isoTime, recordId } from './common.ts';
import { ECONOMICS_DEFAULTS } from '../economics.ts';
import { aiomDeviceStates } from './aiom-devices.ts';
import { serialNumber as serialNumberOf } from './devices.ts';

/** Most readings in one ingest batch. */
export const INGEST_MAX_READINGS = 5_000;
/** Largest ingest body [bytes]. */
export const INGEST_MAX_BYTES = 2 * 1024 * 1024;
/** Live power counts readings at most this old [min]. */
export const LIVE_MINUTES = 15;
/** kg CO₂ per kWh: the economics default (ECONOMICS_DEFAULTS.emissionFactor, t/MWh = kg/kWh). */
export const CO2_KG_PER_KWH: number = ECONOMICS_DEFAULTS.emissionFactor;

/** A finite measured value within ±1e12 (huge numbers are refused: no device measures them). */
const measured = (max = 1e12) => z.number({ error: 'must be a number' }).finite('must be finite').min(-max, `at least ${-max}`).max(max, `at most ${max}`);

/** One reading of one device (an inverter, meter or sensor); unknown fields are refused. */
export const readingSchema = z.strictObject({
  serial: serialNumberOf,
  ts: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a time zone' }).describe('the reading\'s time (UTC or with an offset)'),
  acPowerW: measured(1e10).nullish().describe('[W]'),
  energyKwh: measured(1e12).min(0, 'at least 0').nullish().describe('[kWh] lifetime counter'),
  dcPowerW: measured(1e10).nullish(),
  dcVoltageV: measured(1e5).nullish(),
  dcCurrentA: measured(1e5).nullish(),
  stringCurrentsA: z.array(measured(1e4)).max(64).nullish().describe('[A] per string input'),
  status: z.number().int().min(0).max(65_535).nullish().describe('SunSpec St'),
  faultCode: z.number().int().min(0).max(4_294_967_295).nullish().describe('SunSpec Evt1 bit field'),
  temperatureC: measured(1e3).nullish(),
  irradianceWm2: measured(1e4).nullish(),
  moduleTempC: measured(1e3).nullish(),
  ambientTempC: measured(1e3).nullish(),
});
export type Reading = z.output<typeof readingSchema>;

/** POST /aiom/ingest body: a batch of readings of the token's plant (idempotent on serial + ts). */
export const ingestBody = z.strictObject({
  readings: z.array(readingSchema).min(1, 'at least one reading').max(INGEST_MAX_READINGS, `at most ${INGEST_MAX_READINGS} readings`),
});
/**
 * An MQTT ingest message (optional transport, docs/OPERATIONS.md): published to
 * `pvstudio/ingest/<gateway id>` with the gateway token in the payload; the answer (ingestAnswerSchema,
 * or { error, field }) is published to `pvstudio/ingest/<gateway id>/result`.
 */
export const mqttIngestMessage = ingestBody.extend({ token: z.string().min(8).max(256) });

export const ingestAnswerSchema = z.object({
  projectId: z.number().int(),
  received: z.number().int(),
  stored: z.number().int().describe('new readings (a reading already stored for the same serial and time is skipped)'),
});

export const readingsQuery = z.object({
  projectId: recordId,
  serial: serialNumberOf.optional(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export const storedReadingSchema = readingSchema.extend({ ts: isoTime, serial: z.string() });
export const readingsAnswerSchema = z.object({ projectId: z.number().int(), readings: z.array(storedReadingSchema), truncated: z.boolean() });

export const energyPeriods = ['hour', 'day', 'month'] as const;
export type EnergyPeriod = (typeof energyPeriods)[number];
export const energyQuery = z.object({
  projectId: recordId,
  period: z.enum(energyPeriods),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  serial: serialNumberOf.optional(),
});
/** One bucket of the plant's local time (the site's UTC offset, model/site-time.ts). */
export const energyBucketSchema = z.object({
  start: z.string().describe("the bucket's local start 'YYYY-MM-DDTHH:00' / 'YYYY-MM-DD' / 'YYYY-MM'"),
  energyKwh: z.number().describe('Σ over devices of the counter\'s rise in the bucket [kWh]'),
  maxPowerW: z.number().nullable(),
  meanIrradianceWm2: z.number().nullable(),
  irradiationKwhM2: z.number().nullable().describe('Σ irradiance × interval [kWh m⁻²] of the sensors (mean over sensors)'),
  readings: z.number().int(),
});
export const energyAnswerSchema = z.object({
  projectId: z.number().int(),
  utcOffsetHours: z.number(),
  period: z.enum(energyPeriods),
  buckets: z.array(energyBucketSchema),
});
export type EnergyAnswer = z.infer<typeof energyAnswerSchema>;

export const overviewQuery = z.object({ projectId: recordId });
export const overviewSchema = z.object({
  projectId: z.number().int(),
  name: z.string(),
  designProjectId: z.number().int().nullable(),
  at: isoTime,
  utcOffsetHours: z.number(),
  capacityKwp: z.number().nullable().describe('the bound design\'s DC capacity [kWp]'),
  livePowerW: z.number().describe('Σ of the inverters\' last AC power within LIVE_MINUTES (meters not added)'),
  energyKwh: z.object({ today: z.number(), month: z.number(), year: z.number(), total: z.number() }).describe('from the inverters\' counters: per device, last − first reading of the period (local time)'),
  income: z.object({
    today: z.number(),
    month: z.number(),
    year: z.number(),
    total: z.number(),
    pricePerKwh: z.number(),
    currency: z.string(),
    source: z.enum(['configuration', 'economics', 'none']).describe("where the price came from; 'none': no price known, income 0"),
  }),
  co2Kg: z.object({ today: z.number(), month: z.number(), year: z.number(), total: z.number(), factorKgPerKwh: z.number() }),
  prToday: z.number().nullable().describe('AC energy / (kWp × POA irradiation / 1 kW m⁻²) today, null without an irradiance sensor or capacity'),
  irradiationTodayKwhM2: z.number().nullable(),
  health: z.object({
    devices: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    fault: z.number().int(),
    neverReported: z.number().int(),
    activeFaults: z.array(z.object({ serial: z.string(), faultCode: z.number().int(), status: z.number().int().nullable(), since: isoTime })),
  }),
  /** For the 3D view: the state of each designed inverter bound to a device. */
  inverterStates: z.array(z.object({ designInverterId: z.string(), serial: z.string(), state: z.enum(aiomDeviceStates), acPowerW: z.number().nullable() })),
});
export type Overview = z.infer<typeof overviewSchema>;
