// The O&M tables of the database for Kysely (migrations 0006, 0013, 0014): plant bindings, devices,
// gateway tokens, readings, configuration, alarms, patrol tasks, the decrypt audit. See schema.ts.
import type { ColumnType, Generated } from 'kysely';
import type { Defaulted } from './schema.ts';

/** The design project an O&M power station was built from (one per station). */
export interface ProjectBindingsTable {
  aiom_project_id: number;
  design_project_id: number;
  user_id: number;
  created_at: Date;
}

/** A collector (datalogger) bound to an O&M power station; serial unique over all stations. */
export interface DeviceCollectorsTable {
  id: Generated<number>;
  project_id: number;
  /** Upper case. */
  serial: string;
  bound_at: Date;
  /** Last telemetry report; null: never reported. */
  last_seen_at: Date | null;
}

/** An inverter bound to an O&M power station behind one of its collectors; serial unique over all stations. */
export interface DeviceInvertersTable {
  id: Generated<number>;
  project_id: number;
  collector_id: number;
  serial: string;
  /** The inverter library entry of its model (null once a custom entry was deleted). */
  library_inverter_id: number | null;
  manufacturer: string;
  model: string;
  /** [W] */
  rated_ac_power: number | null;
  bound_at: Date;
  last_seen_at: Date | null;
}

/** A device of an O&M plant (migration 0013); serial unique over all plants. */
export interface AiomDevicesTable {
  id: Generated<number>;
  project_id: number;
  kind: 'inverter' | 'meter' | 'collector' | 'sensor';
  /** Upper case. */
  serial: string;
  name: Defaulted<string>;
  /** Inverters: inverter-config inverters[].id of the bound design. */
  design_inverter_id: string | null;
  /** JSON array of the designed strings' ids (jsonb; written as JSON text). */
  string_ids: ColumnType<string[], string | undefined, string>;
  protocol: Defaulted<'sunspec-modbus-tcp' | 'gateway'>;
  /** The Modbus connection, AES-256-GCM sealed by src/server/aiom/secrets.ts. */
  connection_enc: string | null;
  rated_power_w: number | null;
  /** SunSpec common model as the collector read it (jsonb). */
  identity: ColumnType<{ manufacturer: string; model: string; serial: string; sunspecModel: number } | null, string | null | undefined, string | null>;
  last_seen_at: Date | null;
  /** 'neverReported' | 'online' | 'offline' | 'fault' as last set by the collector or ingest. */
  state: Defaulted<string>;
  created_at: Date;
}

/** The ingest token of an O&M plant: its SHA-256 hash (hex). */
export interface AiomGatewayTokensTable {
  project_id: number;
  token_hash: string;
  created_at: Date;
}

/** A reading of a plant's device (migration 0013, partitioned by month on ts). */
export interface TelemetryReadingsTable {
  project_id: number;
  device_serial: string;
  ts: Date;
  ac_power_w: number | null;
  energy_kwh: number | null;
  dc_power_w: number | null;
  dc_voltage_v: number | null;
  dc_current_a: number | null;
  string_currents_a: ColumnType<number[] | null, string | null | undefined, string | null>;
  status: number | null;
  fault_code: number | null;
  temperature_c: number | null;
  irradiance_wm2: number | null;
  module_temp_c: number | null;
  ambient_temp_c: number | null;
}

/** An O&M plant's parameters (migration 0014). */
export interface AiomConfigurationsTable {
  project_id: number;
  /** P0 [kWp]; null: the design's. */
  capacity_kwp: number | null;
  /** YYYY-MM-DD. */
  commissioning_date: string | null;
  tariff_yuan_per_kwh: Defaulted<number>;
  co2_kg_per_kwh: Defaulted<number>;
  /** IANA zone; null: the site's offset. */
  time_zone: string | null;
  /** model/api/aiom-operations.ts alarmThresholdsSchema (jsonb). */
  thresholds: ColumnType<Record<string, unknown>, string | undefined, string>;
  notifications: ColumnType<Record<string, unknown>, string | undefined, string>;
  updated_at: Date;
}

/** An O&M alarm (migration 0014): raised once while its rule's condition holds, recovered when it stops. */
export interface AiomAlarmsTable {
  id: Generated<number>;
  project_id: number;
  device_serial: string | null;
  rule: 'offline' | 'fault' | 'stringLow' | 'prLow';
  level: number;
  message: string;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  raised_at: Date;
  recovered_at: Date | null;
  read_at: Date | null;
  deleted_at: Date | null;
  notified_at: Date | null;
}

/** An O&M inspection task (migration 0014). */
export interface AiomPatrolTasksTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  checklist: ColumnType<{ text: string; done: boolean }[], string | undefined, string>;
  assignee_user_id: number | null;
  due_date: string | null;
  status: Defaulted<'open' | 'inProgress' | 'done'>;
  notes: Defaulted<string>;
  photos: ColumnType<{ id: string; name: string; contentType: string; size: number; uploadedAt: string }[], string | undefined, string>;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

/** One decrypt/decryptKey call (migration 0014). */
export interface AiomDecryptAuditTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  device_id: number;
  device_serial: string;
  ip: string | null;
  created_at: Date;
}
