// The demo plant (issue 21 "aiom" §7) and the server's collector. When the demo account exists
// (app.demoAccount) and PVSTUDIO_DEMO_PLANT is not '0', the demo account gets an O&M plant bound to
// its design project (made once), with one simulated inverter: a SunSpec Modbus TCP simulator
// (model 103, rated at the design's capacity, on 127.0.0.1 at a free port) started in-process, so `npm start` shows live
// power. The collector polls every SunSpec device of every plant each PVSTUDIO_COLLECTOR_INTERVAL_S
// seconds (default 30; PVSTUDIO_COLLECTOR=off: no polling); both stop when the server closes.
import type { FastifyInstance } from 'fastify';
import { siteUtcOffset } from '../../model/site-time.ts';
import { aiomTelemetry } from './devices-context.ts';
import { SunSpecSimulator } from './sunspec-simulator.ts';

export const DEMO_INVERTER_SERIAL = 'DEMO-SIM-0001';

/** The demo account's plant (made once from its first design project), or null. */
async function demoPlant(app: FastifyInstance): Promise<{ plantId: number; lat: number | null; lng: number | null; capacityKw: number | null } | null> {
  const demo = app.config.demo;
  if (!demo) return null;
  const user = await app.db.selectFrom('users').select('id').where('phone', '=', demo.phone).executeTakeFirst();
  if (!user) return null;
  const t = aiomTelemetry(app);
  const existing = await app.db
    .selectFrom('aiom_devices as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select(['d.project_id', 'p.lat', 'p.lng', 'p.capacity_kw'])
    .where('d.serial', '=', DEMO_INVERTER_SERIAL)
    .executeTakeFirst();
  if (existing) return { plantId: existing.project_id, lat: existing.lat, lng: existing.lng, capacityKw: existing.capacity_kw };
  const design = await app.db
    .selectFrom('projects')
    .select(['id', 'lat', 'lng', 'capacity_kw'])
    .where('user_id', '=', user.id)
    .where('re_or_aiom', '<>', 'AIOM')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!design) return null;
  const plant = await t.devices.createPlant(user.id, app.services.projects, design.id);
  return { plantId: plant.projectId, lat: design.lat, lng: design.lng, capacityKw: design.capacity_kw };
}

/** The first designed inverter of the bound design's inverter-config, if any. */
async function designedInverter(app: FastifyInstance, plantId: number): Promise<{ id?: string; strings?: string[] }> {
  const b = await app.db.selectFrom('project_bindings').select('design_project_id').where('aiom_project_id', '=', plantId).executeTakeFirst();
  if (!b) return {};
  const doc = (await app.services.documents.read(b.design_project_id, 'inverter-config')).data as { inverters?: { id?: unknown; strings?: { id?: unknown }[] }[] } | null;
  const inv = doc?.inverters?.[0];
  if (!inv || typeof inv.id !== 'string') return {};
  const strings = (inv.strings ?? []).map((s) => s.id).filter((s): s is string => typeof s === 'string');
  return { id: inv.id, strings };
}

export async function startDemoPlant(app: FastifyInstance): Promise<void> {
  const collectorOn = (process.env.PVSTUDIO_COLLECTOR ?? 'on').toLowerCase() !== 'off';
  const intervalS = Math.max(5, Number(process.env.PVSTUDIO_COLLECTOR_INTERVAL_S) || 30);
  let simulator: SunSpecSimulator | null = null;
  app.addHook('onReady', async () => {
    const t = aiomTelemetry(app);
    if (app.demoAccount && process.env.PVSTUDIO_DEMO_PLANT !== '0') {
      try {
        const plant = await demoPlant(app);
        if (plant) {
          const off = plant.lat !== null && plant.lng !== null ? siteUtcOffset(plant.lat, plant.lng) : 8;
          // Rated at the design's capacity (DC/AC 1); the counter runs from 2025-01-01 local, so it
          // keeps rising across restarts.
          const ratedPowerW = Math.round((plant.capacityKw ?? 10) * 1000);
          const epoch = new Date(Date.UTC(2025, 0, 1) - off * 3_600_000);
          simulator = new SunSpecSimulator({ modelId: 103, serial: DEMO_INVERTER_SERIAL, ratedPowerW, utcOffsetHours: off, now: () => app.clock.now(), energyEpoch: epoch, energyAtEpochWh: 0 });
          const port = await simulator.start(0, '127.0.0.1');
          const inv = await designedInverter(app, plant.plantId);
          await t.devices.register({
            projectId: plant.plantId,
            kind: 'inverter',
            serial: DEMO_INVERTER_SERIAL,
            name: 'Demo inverter (simulated)',
            designInverterId: inv.id,
            stringIds: inv.strings,
            protocol: 'sunspec-modbus-tcp',
            modbus: { host: '127.0.0.1', port, unitId: 1 },
            ratedPowerW,
          });
          app.log.info({ plantId: plant.plantId, port }, 'demo plant: simulated SunSpec inverter started');
        }
      } catch (err) {
        app.log.warn({ err }, 'demo plant: not started');
      }
    }
    if (collectorOn) t.collector.start(intervalS * 1000);
  });
  app.addHook('onClose', async () => {
    await aiomTelemetry(app).collector.stop();
    await simulator?.stop();
  });
}
