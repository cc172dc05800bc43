// /api/auth and /api/mail: security check, verification codes, sign-in, sign-out, WeChat
// (spec 000 §7 "Auth and user", 001 §7 "Auth"). Request and answer schemas come from src/model/api.
import {
  deliverySchema,
  emptySchema,
  loginAnswerSchema,
  ticketSchema,
  validSchema,
  type LoginBody,
} from '../../model/api/auth.ts';
import { request } from './http.ts';
import { captchaChallengeSchema, providersSchema, sliderChallengeSchema, wechatExchangeSchema, wechatQrSchema } from '../../model/api/account-answers.ts';

/** A passed security check (slider puzzle or graphic captcha): spent by one code request. */
export interface SecurityTicket {
  randstr: string;
  ticket: string;
}

export type CodeScene = 'login' | 'reset' | 'bind';

/** The client label sent with sign-ins (spec 000 §7 "body of username and password plus source"). */
const SOURCE = 'LITE';

export function login(body: LoginBody) {
  return request('/api/auth/login', loginAnswerSchema, { method: 'POST', body: { ...body, source: SOURCE } });
}

/** Sign out (succeeds without a session too). Silent: the caller clears storage whatever happens. */
export function exit() {
  return request('/api/auth/exit', emptySchema, { method: 'POST', silent: true });
}

export function changeInitialPassword(password: string, confirmPassword: string) {
  return request('/api/auth/change-initial-password', loginAnswerSchema, { method: 'POST', body: { password, confirmPassword } });
}

export function sendSmsCode(phone: string, scene: CodeScene, t: SecurityTicket) {
  return request('/api/auth/sms', deliverySchema, { method: 'POST', query: { randstr: t.randstr, ticket: t.ticket }, body: { phone, scene } });
}

export function checkSmsCode(phone: string, code: string, scene: CodeScene) {
  return request('/api/auth/sms-check', validSchema, { method: 'POST', body: { phone, code, scene } });
}

export function sendMailCode(email: string, scene: 'reset' | 'bind', t: SecurityTicket) {
  return request('/api/mail/sendMailCode', deliverySchema, { query: { email, scene, randstr: t.randstr, ticket: t.ticket }, platform: 'MAIL' });
}

export function checkMailCode(email: string, code: string, scene: 'reset' | 'bind') {
  return request('/api/mail/checkMailCode', validSchema, { query: { email, code, scene }, platform: 'MAIL' });
}

export function verifyCaptcha(uuid: string, code: string) {
  return request('/api/auth/validate-code/verify', ticketSchema, { method: 'POST', body: { uuid, code }, silent: true });
}

export function verifySlider(id: string, x: number) {
  return request('/api/auth/slider/verify', ticketSchema, { method: 'POST', body: { id, x }, silent: true });
}

export function wechatBindPhone(wechatTicket: string, phone: string, code: string) {
  return request('/api/auth/wechat/bind-phone', loginAnswerSchema, { method: 'POST', body: { wechatTicket, phone, code } });
}

// ── security check, providers and WeChat (schemas: src/model/api/account-answers.ts) ──

export function getProviders() {
  return request('/api/auth/providers', providersSchema, { silent: true });
}

export function newCaptcha() {
  return request('/api/auth/validate-code', captchaChallengeSchema);
}

export function newSlider() {
  return request('/api/auth/slider', sliderChallengeSchema);
}

export function startWechatLogin() {
  return request('/api/auth/wechat/qr', wechatQrSchema);
}

export function exchangeWechatTicket(wechatTicket: string) {
  return request('/api/auth/wechat/exchange', wechatExchangeSchema, { method: 'POST', body: { wechatTicket } });
}
