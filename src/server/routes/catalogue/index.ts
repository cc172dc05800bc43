// The catalogue area under /api/web (spec 000 §7 "Catalogues and others" and small project calls;
// spec 001 §7 get/citys, electricity-price/list). The help guides are registered separately under
// /api/basic (guides.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import catalogueRoutes from './catalogues.ts';
import placeRoutes from './places.ts';
import projectExtraRoutes from './project-extras.ts';
import tariffRoutes from './tariffs.ts';

export { default as guideRoutes } from './guides.ts';

const catalogueArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(placeRoutes);
  await app.register(catalogueRoutes);
  await app.register(tariffRoutes);
  await app.register(projectExtraRoutes);
};

export default catalogueArea;
