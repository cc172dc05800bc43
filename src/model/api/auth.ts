// Request and answer schemas of the account routes (/api/auth, /api/user, /api/mail), shared by the
// server and the web app (spec 000 §3 "User session" and "Stored user info", spec 001 §3 User,
// Membership info, Quota). The field rules themselves are in src/model/account.ts.
import { z } from 'zod';
import { MESSAGES, PHONE_PATTERN, codeSchema, emailSchema, phoneSchema } from '../account.ts';

export { codeSchema, emailSchema, phoneSchema };
export { emptySchema, queryId } from './envelope.ts';

export const ticketQuery = {
  randstr: z.string().max(128).optional().describe('from the security check (slider or graphic captcha)'),
  ticket: z.string().max(256).optional().describe('from the security check; spent by this request'),
};

export const deliverySchema = z.object({
  channel: z.enum(['sms', 'email']),
  provider: z.string().describe('dev (outbox only), tencent, smtp'),
  delivered: z.boolean().describe('false: not sent to the person (dev outbox)'),
  notice: z.string().nullable(),
  /** Seconds until the next code may be requested. */
  resendAfter: z.number().int(),
});

export const ticketSchema = z.object({ randstr: z.string(), ticket: z.string(), expiresIn: z.number().int().describe('[s]') });

export const validSchema = z.object({ valid: z.literal(true) });


/** A password field: any string up to 256 characters (the rule itself, 8–64, answers PASSWORD_RULE). */
export const passwordField = z.string({ error: 'This field is required' }).max(256, 'The password must be 8 to 64 characters');

/** 'phone' | 'email' (authType of the user-detail calls; 'sms' and 'mail' are accepted too). */
export const authTypeSchema = z
  .enum(['phone', 'email', 'sms', 'mail'])
  .transform((t): 'phone' | 'email' => (t === 'sms' ? 'phone' : t === 'mail' ? 'email' : t));

/** POST /api/auth/login: password or SMS code sign-in. */
export const loginBody = z
  .object({
    loginType: z.enum(['password', 'sms']).optional().describe('default: sms when code is given without password, else password'),
    username: z.string().max(254).optional().describe('phone or e-mail (trimmed)'),
    password: z.string().max(256).optional(),
    phone: z.string().max(32).optional().describe('SMS sign-in: the phone (username is accepted too)'),
    code: z.string().max(16).optional().describe('SMS sign-in: the 6-digit code'),
    uuid: z.string().max(64).optional().describe('graphic captcha id, needed after repeated wrong passwords'),
    captcha: z.string().max(16).optional().describe('graphic captcha text'),
    source: z.string().max(64).optional().describe('client label, e.g. LITE'),
  })
  .superRefine((b, ctx) => {
    const type = b.loginType ?? (b.code !== undefined && b.password === undefined ? 'sms' : 'password');
    const required = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: MESSAGES.required });
    if (type === 'password') {
      if (!b.username?.trim()) required('username');
      else if (!b.password) required('password');
    } else {
      const phone = (b.phone ?? b.username ?? '').trim();
      if (!phone) required('phone');
      else if (!PHONE_PATTERN.test(phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phoneFormat });
      else if (!/^\d{6}$/.test((b.code ?? '').trim())) ctx.addIssue({ code: 'custom', path: ['code'], message: 'The verification code is 6 digits' });
    }
  });

export type LoginBody = z.infer<typeof loginBody>;

export const quotaSchema = z.object({
  allCapacity: z.number().int().describe('drone photo credit bought in total'),
  surplusCapacity: z.number().int().describe('remaining drone photo credit'),
  useCapacity: z.number().int(),
  projectCapacity: z.number().int().describe('drone project quota bought in total'),
  projectLimit: z.number().int().describe('remaining project quota'),
});

export const membershipSchema = z.object({
  expiredDate: z.string().nullable().describe('ISO 8601; null and not expired = permanent'),
  isExpired: z.boolean(),
  plan: z.string().nullable(),
  edition: z.enum(['member', 'free']),
});

export const entitlementsSchema = z.object({
  licenses: z.record(z.string(), z.union([z.boolean(), z.string(), z.null()])).describe('PVSTUDIO_LITE_licensePermanent, …_licenseExpired, …_expiredDate, and AIOM'),
  litePermission: z.boolean(),
  aiomPermission: z.boolean(),
  trialEndTime: z.string().nullable(),
  accountStatus: z.enum(['trial', 'active', 'expired']).describe("expired: 'Your account has expired'"),
  membership: membershipSchema,
  quota: quotaSchema,
  droneServiceActive: z.boolean(),
});

export const userInfoSchema = z.object({
  userId: z.number().int(),
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string().describe('phone, else e-mail, else the WeChat nickname'),
  name: z.string().nullable(),
  buyer_realname: z.string().nullable(),
  nickName: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  contactEmail: z.string().nullable(),
  company: z.string().nullable(),
  headImgUrl: z.string().nullable(),
  icon: z.string().nullable(),
  avatar: z.string().nullable(),
  roles: z.array(z.string()),
  isEnableBackend: z.boolean(),
  enterpriseId: z.number().nullable(),
  isEnterprise: z.boolean(),
  isAdministrator: z.boolean(),
  infoCompleted: z.boolean(),
  createdAt: z.string(),
});

export const userDetailSchema = userInfoSchema.extend({
  bind: z.object({
    phone: z.string().nullable().describe('masked'),
    email: z.string().nullable().describe('masked'),
    wechat: z.boolean(),
    wechatNickname: z.string().nullable(),
    hasPassword: z.boolean(),
  }),
  entitlements: entitlementsSchema,
});

export const loginAnswerSchema = entitlementsSchema.extend({
  accessToken: z.string(),
  token: z.string().describe('same as accessToken'),
  tokenType: z.literal('Bearer'),
  expiresAt: z.string(),
  userId: z.number().int(),
  phone: z.string().nullable(),
  /** The initial system password was used: only the change-password call is allowed. */
  mustChangePassword: z.boolean(),
  /** First sign-in of this phone: the account was just created. */
  registered: z.boolean(),
  userInfo: userInfoSchema,
});

export type UserInfo = z.infer<typeof userInfoSchema>;
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export type UserDetail = z.infer<typeof userDetailSchema>;
