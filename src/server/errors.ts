// Every error the API can answer, in one place: its envelope code, HTTP status and message (English,
// and Chinese for `lang: zh…`). Spec 000 §8 / 001 §8: the envelope is `{ code, msg, data }`; code 200
// is success, 401 and 403 make the client clear its session (so they are used for session problems
// only), any other code shows `msg` as an error toast. Failures carry `data.error` (the key below)
// so that the web app can pick its own translation, and `data.field` when one input is at fault.
import { ELECTRICAL_API_MESSAGES as E } from '../model/api/electrical.ts';
import { ELECTRICAL_MESSAGES } from '../model/electrical.ts';
import { ECONOMICS_MESSAGES } from '../model/economics.ts';

/** One catalogue entry. `code` is the envelope code and also the HTTP status. */
interface ErrorSpec {
  code: number;
  en: string | ((p: Params) => string);
  zh: string | ((p: Params) => string);
}

type Params = Record<string, string | number>;

export const ERRORS = {
  // ── session (the client clears its stored keys and goes to /login) ──
  UNAUTHORIZED: { code: 401, en: 'You have been logged out. Please log in again', zh: '您已退出登录，请重新登录' },
  ACCOUNT_DISABLED: { code: 403, en: 'This account has been disabled, please contact customer service', zh: '该账号已被停用，请联系客服' },
  PASSWORD_CHANGE_REQUIRED: { code: 428, en: 'Please change the initial password first', zh: '请先修改初始密码' },

  // ── request shape ──
  VALIDATION: { code: 400, en: (p) => `${p.field}: ${p.message}`, zh: (p) => `${p.field}：${p.message}` },
  BAD_REQUEST: { code: 400, en: 'Submitted data has errors, please check', zh: '提交的数据有误，请检查' },
  NOT_FOUND: { code: 404, en: 'No relevant data was retrieved', zh: '未查询到相关数据' },
  ROUTE_NOT_FOUND: { code: 404, en: (p) => `not found: ${p.method} ${p.path}`, zh: (p) => `不存在：${p.method} ${p.path}` },
  PAYLOAD_TOO_LARGE: { code: 413, en: 'The request is too large', zh: '请求内容过大' },
  UNSUPPORTED_MEDIA_TYPE: { code: 415, en: 'Unsupported content type', zh: '不支持的内容类型' },
  INTERNAL: { code: 500, en: 'The system is busy, please try again later', zh: '系统繁忙，请稍后再试' },

  // ── security check (graphic captcha, slider) ──
  SECURITY_CHECK_REQUIRED: { code: 400, en: 'Please complete the security check first', zh: '请先完成安全验证' },
  SECURITY_CHECK_INVALID: { code: 400, en: 'The security check has expired, please try again', zh: '安全验证已失效，请重新验证' },
  CAPTCHA_INVALID: { code: 400, en: 'The graphic verification code is incorrect', zh: '图形验证码错误' },
  CAPTCHA_REQUIRED: { code: 400, en: 'Please enter the graphic verification code', zh: '请输入图形验证码' },
  SLIDER_FAILED: { code: 400, en: 'Verification failed, please drag the slider again', zh: '验证失败，请重新拖动滑块' },
  SECURITY_CHECK_TOO_FREQUENT: { code: 429, en: 'Too many security checks, please try again later', zh: '安全验证过于频繁，请稍后再试' },

  // ── verification codes ──
  CODE_TOO_FREQUENT: { code: 429, en: 'Please do not request codes frequently', zh: '请勿频繁获取验证码' },
  CODE_DAILY_LIMIT: { code: 429, en: 'Too many codes requested today, please try again tomorrow', zh: '今日获取验证码次数过多，请明天再试' },
  CODE_INVALID: { code: 400, en: 'The verification code is incorrect', zh: '验证码错误' },
  CODE_EXPIRED: { code: 400, en: 'The verification code has expired, please get a new one', zh: '验证码已失效，请重新获取' },

  // ── sign-in and passwords ──
  LOGIN_FAILED: { code: 400, en: 'Incorrect account or password', zh: '账号或密码错误' },
  SIGN_IN_TOO_FREQUENT: { code: 429, en: 'Too many attempts, please try again later', zh: '尝试次数过多，请稍后再试' },
  ACCOUNT_LOCKED: {
    code: 423,
    en: (p) => `Too many wrong passwords: try again in ${p.minutes} minutes, or sign in with a verification code`,
    zh: (p) => `密码错误次数过多，请${p.minutes}分钟后再试，或使用验证码登录`,
  },
  PASSWORD_RULE: {
    code: 400,
    en: 'The password must be 8 to 64 characters with at least two of letters, digits and symbols',
    zh: '密码须为8-64位，且至少包含字母、数字、符号中的两种',
  },
  PASSWORD_COMMON: { code: 400, en: 'This password is too common, please choose another one', zh: '该密码过于常见，请换一个' },
  PASSWORD_INITIAL: { code: 400, en: 'The new password must not be the initial system password', zh: '新密码不能与系统初始密码相同' },
  PASSWORD_MISMATCH: { code: 400, en: 'The two entered passwords are inconsistent, please re-enter!', zh: '两次输入的密码不一致，请重新输入！' },
  USER_MISMATCH: { code: 400, en: 'userId does not match the signed-in user', zh: 'userId 与当前登录用户不一致' },
  NOT_BOUND: { code: 400, en: (p) => `No ${p.what} is bound to this account`, zh: (p) => `该账号未绑定${p.what}` },

  // ── binding ──
  PHONE_TAKEN: { code: 409, en: 'This mobile number is already bound to another account', zh: '该手机号已绑定其他账号' },
  PHONE_BOUND_OTHER_WECHAT: {
    code: 409,
    en: 'This mobile number has been bound to other wechat, please change the mobile number',
    zh: '该手机号已绑定其他微信，请更换手机号',
  },
  EMAIL_TAKEN: { code: 409, en: 'This e-mail address is already bound to another account', zh: '该邮箱已绑定其他账号' },
  WECHAT_TAKEN: { code: 409, en: 'This WeChat account is already bound to another account', zh: '该微信已绑定其他账号' },
  WECHAT_STATE_INVALID: { code: 400, en: 'The WeChat QR code has expired, please scan again', zh: '微信二维码已失效，请重新扫码' },
  WECHAT_UNBIND_NEEDS_PHONE: { code: 400, en: 'Bind a mobile number before unbinding WeChat', zh: '请先绑定手机号再解绑微信' },

  // ── outside services ──
  PROVIDER_NOT_CONFIGURED: {
    code: 503,
    en: (p) => `${p.service} is not configured on this server`,
    zh: (p) => `本服务器未配置${p.service}`,
  },
  PROVIDER_FAILED: { code: 502, en: (p) => `${p.service} failed: ${p.detail}`, zh: (p) => `${p.service}调用失败：${p.detail}` },
  // ── the AI assistant (issue 22: per-user rate and daily token budget) ──
  ASSISTANT_TOO_FREQUENT: { code: 429, en: (p) => `At most ${p.max} questions a minute to the assistant: please wait a moment`, zh: (p) => `每分钟最多向助手提问${p.max}次，请稍候` },
  ASSISTANT_BUDGET: { code: 429, en: "You have used today's assistant budget: please try again tomorrow", zh: '今日助手额度已用完，请明天再试' },

  // ── projects (spec 000 §5, spec 001 §5) ──
  PROJECT_NOT_FOUND: { code: 404, en: 'No relevant data was retrieved', zh: '未查询到相关数据' },
  PROJECT_QUOTA_EXCEEDED: {
    code: 402,
    en: 'Your remaining drone project quota is 0, please purchase more',
    zh: '无人机项目额度不足，请购买',
  },
  PROJECT_LIMIT_REACHED: { code: 409, en: (p) => `An account may hold at most ${p.max} projects`, zh: (p) => `每个账号最多可创建${p.max}个项目` },
  COMPARE_TOO_FEW: { code: 400, en: 'Please select at least 2 projects for comparison!', zh: '请至少选择2个项目进行对比！' },
  COMPARE_TOO_MANY: { code: 400, en: 'Choose up to 3 items!', zh: '最多选择3项！' },
  STALE_VERSION: {
    code: 409,
    en: (p) => `This data was changed elsewhere (now version ${p.current}, your changes are based on version ${p.base}): reload and apply your changes again`,
    zh: (p) => `数据已在别处修改（当前版本 ${p.current}，您的修改基于版本 ${p.base}），请刷新后重新修改`,
  },
  SCREENSHOT_LIMIT: { code: 400, en: 'Upload a maximum of 6 screenshots!', zh: '最多上传6张截图！' },
  UPLOAD_FAILED: { code: 400, en: (p) => `Upload failure! ${p.reason}`, zh: (p) => `上传失败！${p.reason}` },
  SHARE_NOT_FOUND: { code: 404, en: 'The share link does not exist', zh: '分享链接不存在' },
  SHARE_EXPIRED: { code: 410, en: 'The share link has expired', zh: '分享链接已过期' },
  SHARE_NOT_COPYABLE: {
    code: 410,
    en: 'This shared project can no longer be copied (the copy link is valid for 2 hours)',
    zh: '该分享项目已无法复制（复制链接有效期为2小时）',
  },

  // ── drone photos and modelling (spec 001 §4–§5) ──
  DRONE_NOT_DRONE_PROJECT: { code: 400, en: 'Drone photos can only be uploaded to a project surveyed by drone', zh: '仅无人机勘测的项目可上传无人机照片' },
  DRONE_UPLOAD_CLOSED: { code: 409, en: 'This upload has already been submitted or cancelled', zh: '该上传已提交或已取消' },
  DRONE_TOO_FEW_PHOTOS: { code: 400, en: (p) => `At least ${p.min} approved photos are needed for modelling (${p.count} now)`, zh: (p) => `建模至少需要${p.min}张审核通过的照片（当前${p.count}张）` },
  DRONE_SERVICE_INACTIVE: { code: 402, en: 'The drone service is not activated: your drone photo credit is 0, please purchase more', zh: '无人机服务未开通：无人机照片额度为0，请购买' },
  DRONE_CREDIT_EXCEEDED: { code: 402, en: (p) => `Not enough drone photo credit: ${p.count} photos need ${p.count} credits, ${p.remaining} remain`, zh: (p) => `无人机照片额度不足：${p.count}张照片需要${p.count}个额度，剩余${p.remaining}个` },

  // ── equipment libraries (spec 001 §5) ──
  LIBRARY_READ_ONLY: { code: 400, en: 'System library entries cannot be changed', zh: '系统库条目不可修改' },
  PVSYST_FILE: { code: 400, en: (p) => `${p.message}`, zh: (p) => `请选择标准的PAN或OND文件：${p.message}` },

  // ── payments (spec 001 §3 Order, §7 Payment) ──
  PAY_PLAN_UNKNOWN: { code: 400, en: 'This plan is not on sale', zh: '该套餐不存在或已下架' },
  PAY_PLAN_ENTERPRISE_ONLY: { code: 400, en: 'This plan is sold to organisations: buy it in the enterprise edition as an administrator', zh: '该套餐为企业版套餐，请以企业管理员身份在企业版中购买' },
  PAY_PLAN_PERSONAL_ONLY: { code: 400, en: 'This plan is for personal accounts; an organisation buys the enterprise plan and credits', zh: '该套餐仅限个人账户购买，企业请购买企业版套餐或额度' },
  PAY_QUANTITY: { code: 400, en: (p) => `The quantity must be 1 to ${p.max}`, zh: (p) => `购买数量须为1-${p.max}` },
  ORDER_NOT_FOUND: { code: 404, en: 'The order does not exist', zh: '订单不存在' },

  // ── compute ──
  COMPUTE_FAILED: { code: 500, en: 'The calculation failed, please try again later', zh: '计算失败，请稍后再试' },
  /** Over the compute budget (src/model/compute-budget.ts); data.field names what to make smaller. */
  COMPUTE_TOO_BIG: { code: 400, en: (p) => `${p.field}: ${p.detail}`, zh: (p) => `${p.field}：计算量过大（${p.detail}）` },
  COMPUTE_BUSY: {
    code: 429,
    en: (p) => `You already have ${p.max} calculations running: wait for one of them to finish`,
    zh: (p) => `您已有${p.max}个计算正在进行，请等待其中一个完成`,
  },
  COMPUTE_TIMEOUT: {
    code: 503,
    en: (p) => `The calculation took longer than ${p.seconds} s and was stopped: make it smaller (fewer modules, samples or time steps)`,
    zh: (p) => `计算超过${p.seconds}秒，已停止：请减小计算规模（更少的组件、采样点或时间步）`,
  },
  // ── the Electrical step (spec 000 §7 "Services": inverter-config, v2/cable-auto-place, simulation) ──
  ELECTRICAL_NO_LAYOUT: { code: 400, en: 'Place modules on the roof before the electrical design', zh: '请先布置组件，再进行电气设计' },
  ELECTRICAL_MODULE_NOT_IN_LIBRARY: { code: 400, en: E.moduleNotInLibrary, zh: '请从组件库中选择组件后再进行电气设计' },
  ELECTRICAL_NO_CONFIG: { code: 400, en: 'Configure the inverters first', zh: '请先配置逆变器' },
  INVERTER_NOT_ADAPTABLE: { code: 400, en: ELECTRICAL_MESSAGES.notAdaptable.en, zh: ELECTRICAL_MESSAGES.notAdaptable.zh },
  CABLE_ROUTING_FAILED: { code: 400, en: E.routingFailed, zh: '自动布线错误：请求失败，请重试。' },
  // ── the Load, storage and Economy steps (issue 16; spec 000 §5, spec 001 §4) ──
  LOAD_XLSX_ONLY: { code: 400, en: ECONOMICS_MESSAGES.xlsxOnly, zh: '请上传xlsx格式的文件' },
  LOAD_TABLE_INVALID: { code: 400, en: (p) => `Load file, ${p.where}: ${p.message}`, zh: (p) => `负荷文件，${p.whereZh}：${p.message}` },
  LOAD_CLEARS_STORAGE: {
    code: 409,
    en: `${ECONOMICS_MESSAGES.loadClearsStorage}: confirm to save the load and clear the storage`,
    zh: '修改负荷将清除已配置的储能，确认后保存负荷并清除储能',
  },
  LOAD_MISSING: { code: 400, en: 'Set the load first (the Load step)', zh: '请先设置负荷（负荷步骤）' },
  ECONOMICS_PARAMS_MISSING: { code: 400, en: 'Save the economic parameters first', zh: '请先保存经济参数' },
  STORAGE_NEEDS_INVERTER: { code: 400, en: ECONOMICS_MESSAGES.storageNeedsInverter, zh: '储能推荐前须先选择逆变器并完成接线' },
  STORAGE_NOT_USED: { code: 400, en: 'A full grid feed-in project has no use for energy storage', zh: '全额上网项目无需配置储能' },
  /** An answer that would hold NaN or ±Infinity (an input out of any sensible range). */
  RESULT_NOT_FINITE: {
    code: 400,
    en: (p) => `The input leads to a result that is not a finite number (${p.path}): check its sizes and coordinates`,
    zh: (p) => `输入导致结果不是有限数值（${p.path}），请检查尺寸和坐标`,
  },

  // ── the enterprise edition (spec 001 §6; src/server/enterprise) ──
  /** Not 401/403 (those end the session): the client shows the message with the link to the personal edition. */
  NOT_ENTERPRISE_USER: {
    code: 402,
    en: 'The current user does not have the rights of enterprise version, you can contact customer service!',
    zh: '当前用户没有企业版权限，请联系客服！',
  },
  ENTERPRISE_ADMIN_REQUIRED: { code: 400, en: 'Only enterprise administrators can do this', zh: '仅企业管理员可进行此操作' },
  ENTERPRISE_SUPER_ADMIN_REQUIRED: { code: 400, en: 'Only the super administrator can change administrators', zh: '仅超级管理员可设置管理员' },
  ENTERPRISE_SUPER_ADMIN_FIXED: { code: 400, en: 'The super administrator cannot be removed or changed', zh: '超级管理员不可删除或修改' },
  ENTERPRISE_MEMBER_EXISTS: { code: 409, en: (p) => `${p.who} is already a member of this enterprise`, zh: (p) => `${p.who}已是本企业成员` },
  ENTERPRISE_SEATS_FULL: { code: 409, en: (p) => `All ${p.seats} seats of the enterprise are taken`, zh: (p) => `企业的${p.seats}个席位已全部占用` },
  ENTERPRISE_CREDITS_EXCEEDED: {
    code: 402,
    en: (p) => `The enterprise's drone photo credit is not enough: ${p.needed} needed, ${p.remaining} remain`,
    zh: (p) => `企业无人机照片额度不足：需要${p.needed}个，剩余${p.remaining}个`,
  },
  ENTERPRISE_QUOTA_IN_USE: {
    code: 409,
    en: (p) => `The member has used this credit: the quota can be lowered by at most ${p.max}`,
    zh: (p) => `该成员已使用部分额度：最多可减少${p.max}个`,
  },
  ENTERPRISE_NO_CREATE_PERMISSION: { code: 400, en: 'You do not have the permission to create projects in this enterprise', zh: '您没有在本企业创建项目的权限' },
  ENTERPRISE_LIBRARY_SYSTEM: { code: 400, en: 'System library entries cannot be changed; disable them instead', zh: '系统库条目不可修改，可将其停用' },
  CURVE_NO_PARAMETERS: {
    code: 400,
    en: 'This module has no one-diode parameters (ideality factor, Rs, Rsh): enter them or import its .PAN file',
    zh: '该组件缺少单二极管参数（理想因子、串联电阻、并联电阻），请填写或导入PAN文件',
  },

  // ── messages and O&M devices ──
  MESSAGE_NOT_FOUND: { code: 404, en: 'The message does not exist', zh: '消息不存在' },
  DEVICE_NOT_FOUND: { code: 404, en: (p) => `No device with serial number ${p.sn} is bound to this power station`, zh: (p) => `该电站未绑定序列号为${p.sn}的设备` },
  DEVICE_BOUND_ELSEWHERE: { code: 409, en: (p) => `The ${p.what} serial number ${p.sn} is already bound to another power station: unbind it there first`, zh: (p) => `${p.whatZh}序列号${p.sn}已绑定其他电站，请先解绑` },
  NOT_AIOM_PROJECT: { code: 400, en: 'Devices can only be bound to an O&M power station', zh: '仅运维电站可绑定设备' },
  AIOM_LICENCE_REQUIRED: { code: 402, en: 'The O&M (AIOM) licence is required for this function', zh: '此功能需要运维（AIOM）授权' },
  NOT_DESIGN_PROJECT: { code: 400, en: 'Only a design project can be linked to an O&M power station', zh: '仅设计项目可关联运维电站' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorKey = keyof typeof ERRORS;

/** Extra machine-readable details of a failure (the envelope's `data`). */
export interface ErrorDetails {
  field?: string;
  /** Seconds until the request may be repeated (rate limits, lockout). */
  retryAfter?: number;
  /** The password sign-in now needs the graphic captcha (uuid + captcha). */
  captchaRequired?: boolean;
  /** A stale save (STALE_VERSION): the version stored now. */
  currentVersion?: number;
}

/** A failure with a catalogue key; the error handler turns it into the envelope. */
export class ApiError extends Error {
  readonly key: ErrorKey;
  readonly params: Params;
  readonly details: ErrorDetails;
  constructor(key: ErrorKey, params: Params = {}, details: ErrorDetails = {}) {
    super(messageOf(key, 'en', params));
    this.key = key;
    this.params = params;
    this.details = details;
  }
  get code(): number {
    return ERRORS[this.key].code;
  }
}

/** Shorthand: `throw apiError('CODE_INVALID', {}, { field: 'code' })`. */
export function apiError(key: ErrorKey, params: Params = {}, details: ErrorDetails = {}): ApiError {
  return new ApiError(key, params, details);
}

export type Lang = 'en' | 'zh';

/** The language of a request's `lang` header (spec 000 §7): zh… → Chinese, anything else English. */
export function langOf(header: string | string[] | undefined): Lang {
  const v = Array.isArray(header) ? header[0] : header;
  return v && v.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** The message of an error key in a language. */
export function messageOf(key: ErrorKey, lang: Lang, params: Params = {}): string {
  const m: ErrorSpec['en'] = ERRORS[key][lang];
  return typeof m === 'function' ? m(params) : m;
}
