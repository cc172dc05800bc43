// The O&M operations' services, built once per app from its database, clock and services (the plant
// configuration, statistics, alarms, patrol) — shared by the operations' routes and the
// 'alarm-evaluation' job handler, without touching the app's service registry.
import type { FastifyInstance } from 'fastify';
import { AlarmService } from './alarm-service.ts';
import { PlantConfigurations } from './configuration.ts';
import { PatrolTasks } from './patrol-tasks.ts';
import { aiomTelemetry } from './devices-context.ts';
import type { SecretBox } from './secrets.ts';
import { PlantStatistics } from './statistics.ts';

export interface OperationsServices {
  configurations: PlantConfigurations;
  statistics: PlantStatistics;
  alarms: AlarmService;
  patrol: PatrolTasks;
  /** The device credential box the device registry seals with (devices-context.ts). */
  secrets: () => SecretBox;
}

/** Keyed by the app's service registry (one object shared by the root and its plugin instances). */
const built = new WeakMap<object, OperationsServices>();

export function operationsOf(app: FastifyInstance): OperationsServices {
  const root = app.services;
  let s = built.get(root);
  if (s) return s;
  const { documents, library, messenger, blobs } = app.services;
  const configurations = new PlantConfigurations(app.db, app.clock, documents);
  const statistics = new PlantStatistics(app.db, documents, library, configurations);
  s = {
    configurations,
    statistics,
    alarms: new AlarmService(app.db, app.clock, configurations, statistics, messenger),
    patrol: new PatrolTasks(app.db, app.clock, blobs),
    secrets: () => aiomTelemetry(app).box,
  };
  built.set(root, s);
  return s;
}

