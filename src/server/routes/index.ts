// The route areas of the API, each a Fastify plugin registered under its prefix. To add an area:
// write `routes/<area>/index.ts` exporting a `FastifyPluginAsyncZod` (schemas on every route, answers
// through `ok()` from envelope.ts, failures by throwing `apiError(...)`), then add one line below.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import assistantRoutes from './assistant.ts';
import aiomArea from './aiom/index.ts';
import authRoutes from './auth/index.ts';
import catalogueArea, { guideRoutes } from './catalogue/index.ts';
import editorConfigRoutes from './editor-config.ts';
import enterpriseArea from './enterprise/index.ts';
import healthRoutes from './health.ts';
import libraryArea from './library/index.ts';
import mailRoutes from './mail/index.ts';
import payRoutes from './pay/index.ts';
import projectArea from './project/index.ts';
import userRoutes from './user/index.ts';

export interface RouteArea {
  prefix: string;
  plugin: FastifyPluginAsyncZod;
}

export const routeAreas: RouteArea[] = [
  { prefix: '/api', plugin: healthRoutes },
  { prefix: '/api/auth', plugin: authRoutes },
  { prefix: '/api/mail', plugin: mailRoutes },
  { prefix: '/api/user', plugin: userRoutes },
  { prefix: '/api/web', plugin: projectArea },
  { prefix: '/api/web', plugin: aiomArea },
  { prefix: '/api/web', plugin: libraryArea },
  { prefix: '/api/web', plugin: editorConfigRoutes },
  { prefix: '/api/web', plugin: catalogueArea },
  { prefix: '/api/web', plugin: assistantRoutes },
  { prefix: '/api/basic', plugin: guideRoutes },
  { prefix: '/api/pay', plugin: payRoutes },
  { prefix: '', plugin: enterpriseArea },
];
