// The functions that fill the sign-in and user-information answers (spec 000 §3 "User session" and
// "Stored user info", spec 001 §3 User, Membership info, Quota); their zod schemas are shared with the
// web app in src/model/api/auth.ts (re-exported here).
import type { LoginAnswer, UserDetail, UserInfo } from '../../model/api/auth.ts';
import type { User } from '../db/schema.ts';
import type { BindState } from './accounts.ts';
import type { Entitlements } from './entitlements.ts';
import { maskEmail, maskPhone } from '../../model/account.ts';

export { entitlementsSchema, loginAnswerSchema, membershipSchema, quotaSchema, userDetailSchema, userInfoSchema, type LoginAnswer, type UserInfo } from '../../model/api/auth.ts';

export function userInfo(u: User): UserInfo {
  return {
    userId: u.id,
    id: u.id,
    user_id: u.id,
    username: u.phone ?? u.email ?? u.nick_name ?? `user${u.id}`,
    name: u.name,
    buyer_realname: u.name,
    nickName: u.nick_name,
    phone: u.phone,
    mobile: u.phone,
    email: u.email,
    contactEmail: u.contact_email,
    company: u.company,
    headImgUrl: u.head_img_url,
    icon: u.head_img_url,
    avatar: u.head_img_url,
    roles: ['user'],
    isEnableBackend: u.enabled,
    enterpriseId: null,
    isEnterprise: false,
    isAdministrator: false,
    infoCompleted: u.info_completed_at !== null,
    createdAt: u.created_at.toISOString(),
  };
}

export function userDetail(u: User, bind: BindState, ent: Entitlements): UserDetail {
  return {
    ...userInfo(u),
    bind: {
      phone: bind.phone ? maskPhone(bind.phone) : null,
      email: bind.email ? maskEmail(bind.email) : null,
      wechat: bind.wechat !== null,
      wechatNickname: bind.wechat?.nickname ?? null,
      hasPassword: bind.hasPassword,
    },
    entitlements: ent,
  };
}

export function loginAnswer(
  u: User,
  session: { token: string; expiresAt: Date },
  ent: Entitlements,
  flags: { mustChangePassword: boolean; registered: boolean },
): LoginAnswer {
  return {
    ...ent,
    accessToken: session.token,
    token: session.token,
    tokenType: 'Bearer',
    expiresAt: session.expiresAt.toISOString(),
    userId: u.id,
    phone: u.phone,
    mustChangePassword: flags.mustChangePassword,
    registered: flags.registered,
    userInfo: userInfo(u),
  };
}
