// /api/user: password reset and change, user detail, binding, quota and membership
// (spec 000 §7, 001 §7 "User"). Schemas from src/model/api.
import { deliverySchema, emptySchema, membershipSchema, quotaSchema, userDetailSchema, validSchema } from '../../model/api/auth.ts';
import { request } from './http.ts';
import { completeInfoAnswerSchema, creditLogSchema, wechatQrSchema } from '../../model/api/account-answers.ts';
import type { SecurityTicket } from './auth.ts';

export type AuthType = 'phone' | 'email';

export function resetPassword(body: { username: string; code: string; password: string; confirmPassword: string }) {
  return request('/api/user/reset-password', emptySchema, { method: 'POST', body });
}

export function getDetail(options: { silent?: boolean } = {}) {
  return request('/api/user/user-detail/get-detail', userDetailSchema, { silent: options.silent });
}

export function updateUserName(name: string) {
  return request('/api/user/user-detail/updateUserName', emptySchema, { method: 'PUT', query: { name } });
}

/** Sends an identity code to the signed-in user's own phone or e-mail (before a password change). */
export function sendIdentityCode(authType: AuthType, t: SecurityTicket) {
  return request('/api/auth/sms/userPhoneAuth', deliverySchema, { query: { authType, randstr: t.randstr, ticket: t.ticket } });
}

export function checkIdentityCode(authType: AuthType, code: string) {
  return request('/api/auth/sms/checkUserPhoneAuth', validSchema, { query: { authType, code } });
}

export function updatePassword(body: { code: string; password: string; confirmPassword: string; authType: AuthType }) {
  return request('/api/user/user-detail/updateUserPassword', emptySchema, { method: 'PUT', body });
}

/** Sends a binding code to a new phone or e-mail. */
export function sendBindCode(phoneOrEmail: string, authType: AuthType, t: SecurityTicket) {
  return request('/api/user/user-detail/sendPhoneAndEmailCode', deliverySchema, {
    query: { phoneOrEmail, authType, randstr: t.randstr, ticket: t.ticket },
    platform: authType === 'email' ? 'MAIL' : 'LITE',
  });
}

export function bindPhoneOrEmail(phoneOrEmail: string, code: string, authType: AuthType) {
  return request('/api/user/user-detail/bindUserPhoneAndEmail', emptySchema, { method: 'POST', body: { phoneOrEmail, code, authType } });
}

export function unbindWechat() {
  return request('/api/user/wechat-unbind', emptySchema, { method: 'PUT' });
}

export function getQuota() {
  return request('/api/user/enterprise/get-quota', quotaSchema);
}

export function getMembership() {
  return request('/api/user/membership', membershipSchema);
}

export function completeInfo(body: { name: string; company?: string; email?: string }) {
  return request('/api/user/user-detail/updateUserInfo', completeInfoAnswerSchema, { method: 'POST', body });
}

export function getCreditLog(page: number, size: number) {
  return request('/api/user/credit-log', creditLogSchema, { query: { page, size } });
}

export function startWechatBind() {
  return request('/api/user/wechat-bind/qr', wechatQrSchema);
}
