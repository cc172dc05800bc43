// Answer schemas of account calls that src/model/api does not export yet (the server declares them
// inline in src/server/routes/auth/security.ts, wechat.ts and user/credits.ts). Kept here, in one
// place, until they move to src/model/api/auth.ts — then this file is deleted and the imports switch.
import { z } from 'zod';
import { loginAnswerSchema } from '../../model/api/auth.ts';

const providerSchema = z.object({ provider: z.string(), configured: z.boolean(), notice: z.string().nullable() });

/** GET /api/auth/providers */
export const providersSchema = z.object({ sms: providerSchema, email: providerSchema, wechat: providerSchema });

/** GET /api/auth/validate-code */
export const captchaChallengeSchema = z.object({ uuid: z.string(), img: z.string(), expiresIn: z.number() });

/** GET /api/auth/slider */
export const sliderChallengeSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  pieceSize: z.number(),
  pieceY: z.number(),
  background: z.string(),
  piece: z.string(),
  expiresIn: z.number(),
});
export type SliderChallenge = z.infer<typeof sliderChallengeSchema>;

/** GET /api/auth/wechat/qr, GET /api/user/wechat-bind/qr */
export const wechatQrSchema = z.object({ state: z.string(), url: z.string(), provider: z.string(), expiresAt: z.string() });

/** POST /api/auth/wechat/exchange */
export const wechatExchangeSchema = z.union([
  loginAnswerSchema.extend({ bindRequired: z.literal(false) }),
  z.object({ bindRequired: z.literal(true), nickname: z.string().nullable() }),
]);

/** POST /api/user/user-detail/updateUserInfo */
export const completeInfoAnswerSchema = z.object({ trialExtended: z.boolean(), trialEndTime: z.string().nullable() });

/** GET /api/user/credit-log */
export const creditLogSchema = z.object({
  total: z.number(),
  list: z.array(
    z.object({
      id: z.number(),
      changeType: z.string(),
      operationTime: z.string(),
      operator: z.string(),
      photoCredits: z.number(),
      projectCredits: z.number(),
      membershipDays: z.number(),
      trialDays: z.number(),
      orderSn: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
});
export type CreditLog = z.infer<typeof creditLogSchema>;
