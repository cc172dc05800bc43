// /api/user: password reset, user detail, binding, membership, quota and credit log.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import accountRoutes from './account.ts';
import bindingRoutes from './binding.ts';
import creditRoutes from './credits.ts';
import messageRoutes from './messages.ts';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(accountRoutes);
  await app.register(bindingRoutes);
  await app.register(creditRoutes);
  await app.register(messageRoutes);
};

export default userRoutes;
