// The project area under /api/web (spec 000 §7 "Project"): the project list and operations, sharing,
// screenshots, the design data of every wizard step, the compute calls, the Electrical step's calls and
// the project's weather.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import computeRoutes from './compute.ts';
import designRoutes from './design.ts';
import economicsRoutes from './economics.ts';
import electricalRoutes from './electrical.ts';
import deviceRoutes from './devices.ts';
import droneRoutes from './drone.ts';
import projectRoutes from './projects.ts';
import screenshotRoutes from './screenshots.ts';
import orthophotoRoutes from './orthophoto.ts';
import planeIrradiationRoutes from './plane-irradiation.ts';
import reportRoutes from './reports.ts';
import shareRoutes from './shares.ts';
import weatherRoutes from './weather.ts';

const projectArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(projectRoutes);
  await app.register(shareRoutes);
  await app.register(screenshotRoutes);
  await app.register(orthophotoRoutes);
  await app.register(droneRoutes);
  await app.register(designRoutes);
  await app.register(computeRoutes);
  await app.register(electricalRoutes);
  await app.register(economicsRoutes);
  await app.register(planeIrradiationRoutes);
  await app.register(weatherRoutes);
  await app.register(deviceRoutes);
  await app.register(reportRoutes);
};

export default projectArea;
