// The numbers of the account rules, in one place. Spec values where the specs give them (the
// 15 trial days of completing information, docs/PRODUCT.md); the others are our choices, stated here.
import { DAY, HOUR, MINUTE, SECOND } from '../clock.ts';

export const POLICY = {
  /** A verification code is valid this long [ms]. */
  codeTtl: 5 * MINUTE,
  /** One code per target and purpose per this interval ('Please do not request codes frequently') [ms]. */
  codeResendInterval: 60 * SECOND,
  /** At most this many codes to one phone or e-mail per rolling day. */
  codesPerDay: 10,
  /** Wrong entries a code survives. */
  codeMaxAttempts: 5,
  /** Graphic captcha and slider puzzle answer window [ms]. */
  challengeTtl: 2 * MINUTE,
  /** Slider answer tolerance [px]. */
  sliderTolerance: 5,
  /** A security ticket (randstr + ticket) is valid this long, for one code request [ms]. */
  ticketTtl: 5 * MINUTE,
  /** Session lifetime after sign-in [ms]. */
  sessionTtl: 7 * DAY,
  /** Wrong passwords after which the password sign-in also asks for the graphic captcha. */
  captchaAfterFailures: 3,
  /** Wrong passwords that lock the password sign-in… */
  lockAfterFailures: 5,
  /** …for this long (SMS sign-in and password reset still work) [ms]. */
  lockDuration: 15 * MINUTE,
  /** Trial of a newly registered account [days]. */
  trialDays: 15,
  /** Extra trial for completing the account information (docs/PRODUCT.md) [days]. */
  completeInfoDays: 15,
  /** WeChat QR sign-in window [ms]. */
  wechatStateTtl: 10 * MINUTE,
  /** One-time pickup ticket after the WeChat callback [ms]. */
  wechatPickupTtl: 2 * MINUTE,
  /** Sessions are touched (last_seen_at) at most this often [ms]. */
  sessionTouchInterval: HOUR,
} as const;

/**
 * The abuse limits (issue 19), in one place: for each bucket, at most `perAddress` requests from one
 * client address (IPv6: one /64) and `perAccount` for one phone or e-mail, in fixed windows of
 * `window` [ms]. Counted in the database (rate_limits), so they hold across server processes.
 * Every attempt counts, successful or not. Over the limit: 429 with `error` and Retry-After.
 * Code sends have no per-account bucket here: POLICY's per-target limits (codeResendInterval,
 * codesPerDay, checked under a lock in the database) are that limit.
 */
export const RATE_LIMITS = {
  /** Sign-in attempts: password or SMS code sign-in, password reset, code checks, WeChat phone binding. */
  signIn: { window: 15 * MINUTE, perAddress: 60, perAccount: 10, error: 'SIGN_IN_TOO_FREQUENT' },
  /** Verification codes sent by SMS or e-mail (sign-in, reset, binding, identity). */
  codeSend: { window: 15 * MINUTE, perAddress: 20, perAccount: null, error: 'CODE_TOO_FREQUENT' },
  /** New graphic captchas and slider puzzles. */
  challenge: { window: 15 * MINUTE, perAddress: 60, perAccount: null, error: 'SECURITY_CHECK_TOO_FREQUENT' },
  /** Answers to graphic captchas and slider puzzles. */
  challengeAnswer: { window: 15 * MINUTE, perAddress: 30, perAccount: null, error: 'SECURITY_CHECK_TOO_FREQUENT' },
} as const;

export type RateLimitBucket = keyof typeof RATE_LIMITS;

/** The product prefix of the licence fields (spec 000 §3 `{product}_LITE_licensePermanent`…). */
export const PRODUCT_KEY = 'PVSTUDIO';
