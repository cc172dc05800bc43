// /api/auth: security check, codes, sign-in and sign-out, WeChat.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import codeRoutes from './codes.ts';
import loginRoutes from './login.ts';
import securityRoutes from './security.ts';
import wechatRoutes from './wechat.ts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(securityRoutes);
  await app.register(codeRoutes);
  await app.register(loginRoutes);
  await app.register(wechatRoutes);
};

export default authRoutes;
