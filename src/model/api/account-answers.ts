// Answer schemas of the account calls around sign-in (spec 001 §2 security check, WeChat QR sign-in,
// complete-info, credit log): the server's response schemas and the web client's parsers, one place.
import { z } from 'zod';
import { loginAnswerSchema } from './auth.ts';

export const providerSchema = z.object({ provider: z.string(), configured: z.boolean(), notice: z.string().nullable() });

/** GET /api/auth/providers: which SMS, e-mail and WeChat providers this server has. */
export const providersSchema = z.object({ sms: providerSchema, email: providerSchema, wechat: providerSchema });
export type Providers = z.infer<typeof providersSchema>;

/** GET /api/auth/validate-code: a graphic captcha. */
export const captchaChallengeSchema = z.object({ uuid: z.string(), img: z.string(), expiresIn: z.number().int() });

/** GET /api/auth/slider: a slider puzzle (drag the piece from x = 0 into the gap). */
export const sliderChallengeSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
  pieceY: z.number().int(),
  background: z.string().describe('PNG data URL: the picture with the gap (and decoys) drawn in'),
  piece: z.string().describe('PNG data URL: the piece strip, as tall as the background, shown from x = 0'),
  expiresIn: z.number().int(),
});
export type SliderChallenge = z.infer<typeof sliderChallengeSchema>;

/** GET /api/auth/wechat/qr, GET /api/user/wechat-bind/qr */
export const wechatQrSchema = z.object({
  state: z.string(),
  url: z.string().describe('open this page (full-page redirect: the COEP header forbids a cross-origin iframe)'),
  provider: z.enum(['sandbox', 'open']),
  expiresAt: z.string(),
});

/** POST /api/auth/wechat/exchange: signed in, or a phone must be bound first. */
export const wechatExchangeSchema = z.union([
  loginAnswerSchema.extend({ bindRequired: z.literal(false) }),
  z.object({ bindRequired: z.literal(true), nickname: z.string().nullable() }),
]);

/** POST /api/user/user-detail/updateUserInfo */
export const completeInfoAnswerSchema = z.object({ trialExtended: z.boolean(), trialEndTime: z.string().nullable() });

/** GET /api/user/credit-log, newest first. */
export const creditLogSchema = z.object({
  total: z.number().int(),
  list: z.array(
    z.object({
      id: z.number().int(),
      changeType: z.string(),
      operationTime: z.string(),
      operator: z.string(),
      photoCredits: z.number().int(),
      projectCredits: z.number().int(),
      membershipDays: z.number().int(),
      trialDays: z.number().int(),
      orderSn: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
});
export type CreditLog = z.infer<typeof creditLogSchema>;
