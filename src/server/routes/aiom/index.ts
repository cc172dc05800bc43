// The O&M area under /api/web (issue 21 "aiom"). O2 (analytics, alarms, patrol, configuration, fly):
// add your route files here with one import line and one `await app.register(…)` line each.
// The demo plant (demo-plant.ts) starts with the server and stops on close.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startDemoPlant } from '../../aiom/demo-plant.ts';
import aiomDeviceRoutes from './devices.ts';
import aiomIngestRoutes from './ingest.ts';
import aiomOverviewRoutes from './overview.ts';
import aiomStatisticsRoutes from './statistics.ts';
import aiomAlarmRoutes from './alarms.ts';
import aiomPatrolRoutes from './patrol.ts';
import aiomConfigurationRoutes from './configuration.ts';
import aiomFlyRoutes from './fly.ts';
import aiomDecryptRoutes from './decrypt.ts';

const aiomArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(aiomDeviceRoutes);
  await app.register(aiomIngestRoutes);
  await app.register(aiomOverviewRoutes);
  await app.register(aiomStatisticsRoutes);
  await app.register(aiomAlarmRoutes);
  await app.register(aiomPatrolRoutes);
  await app.register(aiomConfigurationRoutes);
  await app.register(aiomFlyRoutes);
  await app.register(aiomDecryptRoutes);
  await startDemoPlant(app);
};

export default aiomArea;
