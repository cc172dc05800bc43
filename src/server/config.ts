// Server configuration from the environment. Nothing configured = the embedded defaults of
// docs/PRODUCT.md ("Real components behind outside services"): PGlite in DATA_DIR/pglite, SMS and e-mail
// codes to the dev outbox (server log + outbox table), WeChat through the sandbox provider.
// Every provider that is switched on by its variables is checked here, so a half-configured provider
// stops the start with a message naming the missing variable instead of failing on the first user.
// NODE_ENV=production refuses the embedded stand-ins (dev outboxes, sandboxes) in one message.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { COMPUTE_BUDGET } from '../model/compute-budget.ts';
import { catalogueSchema, DEFAULT_CATALOGUE, type Plan } from '../model/pricing.ts';
import { assistantConfig, type AssistantConfig } from './assistant/config.ts';

/** Tencent Cloud SMS (API 2021-01-11, action SendSms, TC3-HMAC-SHA256 signature). */
export interface TencentSmsConfig {
  kind: 'tencent';
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId of the SMS application. */
  sdkAppId: string;
  /** Approved signature (SignName). */
  signName: string;
  /** Approved template whose parameters are {1} the code and {2} its validity [min]. */
  templateId: string;
  /** Approved notice template for O&M alarms, parameters {1} plant, {2} level, {3} alarm; null: none (alarm SMS not sent). */
  noticeTemplateId?: string | null;
  region: string;
  /** API origin; a local server in tests. */
  endpoint: string;
}

/** Aliyun (Alibaba Cloud) SMS, Dysmsapi 2017-05-25, action SendSms (RPC style, HMAC-SHA1 signature). */
export interface AliyunSmsConfig {
  kind: 'aliyun';
  accessKeyId: string;
  accessKeySecret: string;
  /** Approved signature (SignName). */
  signName: string;
  /** Approved template (TemplateCode, e.g. SMS_123456789) whose variable ${code} is the code. */
  templateCode: string;
  /** Approved notice template for O&M alarms, variables ${plant}, ${level}, ${alarm}; null: none (alarm SMS not sent). */
  noticeTemplateCode?: string | null;
  /** API origin (https://dysmsapi.aliyuncs.com); a local server in tests. */
  endpoint: string;
}

/** SMTP through nodemailer. */
export interface SmtpConfig {
  kind: 'smtp';
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string | null;
  pass: string | null;
  /** The From header, e.g. `PV Studio <noreply@example.com>`. */
  from: string;
}

/** WeChat Open Platform website application (QR code sign-in, scope snsapi_login). */
export interface WeChatOpenConfig {
  kind: 'open';
  appId: string;
  appSecret: string;
  /** https://open.weixin.qq.com/connect/qrconnect (a local server in tests). */
  authorizeUrl: string;
  /** https://api.weixin.qq.com (a local server in tests). */
  apiUrl: string;
}

/** WeChat Pay API v3, Native payment (a directly connected merchant). */
export interface WeChatPayConfig {
  kind: 'wechatpay';
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate (serial_no of every request signature). */
  serialNo: string;
  /** Merchant API private key, PEM (read from WECHATPAY_PRIVATE_KEY_FILE). */
  privateKeyPem: string;
  /** APIv3 key (32 characters): decrypts the payment notifications. */
  apiV3Key: string;
  /** WeChat Pay public key or platform certificate, PEM: verifies answers and notifications. */
  platformPublicKeyPem: string;
  /** https://api.mch.weixin.qq.com (a local server in tests). */
  endpoint: string;
}

export type PayConfig = { kind: 'sandbox' } | { kind: 'none' } | WeChatPayConfig;

export type SmsConfig = { kind: 'dev' } | { kind: 'none' } | TencentSmsConfig | AliyunSmsConfig;
export type MailConfig = { kind: 'dev' } | { kind: 'none' } | SmtpConfig;
export type WeChatConfig = { kind: 'sandbox' } | { kind: 'none' } | WeChatOpenConfig;

/**
 * Weather for the compute calls: the PVGIS TMY API (cached in the database), or only the synthetic
 * clear-sky year (an estimate, docs/PRODUCT.md's embedded default).
 */
export type WeatherConfig = { kind: 'synthetic' } | { kind: 'pvgis'; baseUrl: string; timeoutMs: number };

/** Online place search (poi-location-search): none (offline gazetteer only) or a Nominatim-compatible API. */
export type GeocoderConfig = { kind: 'offline' } | { kind: 'nominatim'; baseUrl: string; timeoutMs: number; userAgent: string; email: string | null; minIntervalMs: number };

export type DatabaseConfig =
  /** Embedded PostgreSQL (wasm). `dataDir` is a folder, or `memory://` for a throw-away database. */
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string };

export interface AppConfig {
  /**
   * NODE_ENV=production: 'production' (every development stand-in refused at start, the cookie Secure);
   * anything else: 'development' (stand-ins allowed, announced at start).
   */
  mode: 'development' | 'production';
  port: number;
  host: string;
  /** Root of the server's files (PGlite database, blobs). */
  dataDir: string;
  database: DatabaseConfig;
  /** Origin users reach the server at (WeChat redirect_uri, links in e-mails). */
  publicUrl: string;
  /** Mark the loginToken cookie Secure (always in production; else true when publicUrl is https). */
  cookieSecure: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The password the system gives accounts it creates; its holders must change it at sign-in. */
  initialPassword: string;
  /** The demo account created on the first start (no users yet); null: none. */
  demo: { phone: string; password: string } | null;
  sms: SmsConfig;
  mail: MailConfig;
  wechat: WeChatConfig;
  /** Payments (spec 001 §7 Payment): sandbox by default, WeChat Pay Native when configured. */
  pay: PayConfig;
  /** The price list of the pay page (src/model/pricing.ts, or PAY_CATALOGUE_FILE). */
  payCatalogue: readonly Plan[];
  /** Folder of the local blob store (screenshots, uploads). */
  blobDir: string;
  /** Engine worker threads of the compute calls (started on first use). */
  computeWorkers: number;
  /** A compute call running longer is stopped, its worker replaced [ms] (COMPUTE_TIMEOUT_MS). */
  computeTimeoutMs: number;
  /** Compute calls one user may have in flight at once (COMPUTE_USER_CONCURRENCY). */
  computeUserConcurrency: number;
  /**
   * The largest project yield answered while its user waits [module-steps: modules in strings ×
   * weather steps] (YIELD_SYNC_MODULE_STEPS); a larger one is queued (src/server/electrical/yield-queue.ts).
   */
  yieldSyncModuleSteps: number;
  weather: WeatherConfig;
  geocoder: GeocoderConfig;
  /** Most projects one account may hold (satellite and drone together). */
  maxProjectsPerUser: number;
  /** Drone modelling: the NodeODM node and the job worker. */
  drone: DroneConfig;
  /** Background jobs (pg-boss on the app's database): workers, polling, maintenance. */
  jobs: JobsConfig;
  /** The AI assistant (AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_MODEL: assistant/config.ts); null: not configured. */
  assistant: AssistantConfig | null;
}

type Env = Record<string, string | undefined>;

/** Thrown when the environment is inconsistent; the message names the variable. */
export class ConfigError extends Error {}

/** The http(s) URL in `name` (else `fallback`; undefined when neither); trailing slashes cut with `trimSlash`. */
function httpUrl(env: Env, name: string, fallback: string, trimSlash?: boolean): string;
function httpUrl(env: Env, name: string, fallback?: undefined, trimSlash?: boolean): string | undefined;
function httpUrl(env: Env, name: string, fallback?: string, trimSlash = false): string | undefined {
  const given = env[name]?.trim() || fallback;
  if (given === undefined) return undefined;
  const url = trimSlash ? given.replace(/\/+$/, '') : given;
  if (!/^https?:\/\//.test(url)) throw new ConfigError(`${name} must be an http(s) URL, not ${url}`);
  return url;
}

function required(env: Env, name: string, why: string): string {
  const v = env[name]?.trim();
  if (!v) throw new ConfigError(`${name} is required ${why}`);
  return v;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function parsePort(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`${name} must be an integer 0–65535, not ${raw}`);
  return n;
}

/**
 * SMS_PROVIDER (dev | tencent | aliyun | none). Unset: tencent when TENCENT_SMS_SECRET_ID is set,
 * aliyun when any ALIYUN_SMS_* credential is set, dev when neither; both without SMS_PROVIDER stops
 * the start (the choice must be explicit).
 */
function smsConfig(env: Env): SmsConfig {
  const tencent = Boolean(env.TENCENT_SMS_SECRET_ID?.trim());
  // any of the Aliyun credentials switches it on, so a half-configured block names what is missing
  const aliyun = ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'].some((n) => Boolean(env[n]?.trim()));
  let kind = env.SMS_PROVIDER?.trim();
  if (!kind) {
    if (tencent && aliyun) throw new ConfigError('Both TENCENT_SMS_* and ALIYUN_SMS_* are set: choose one with SMS_PROVIDER=tencent or SMS_PROVIDER=aliyun');
    kind = tencent ? 'tencent' : aliyun ? 'aliyun' : 'dev';
  }
  if (kind === 'dev' || kind === 'none') return { kind };
  if (kind === 'aliyun') return aliyunSmsConfig(env);
  if (kind !== 'tencent') throw new ConfigError(`SMS_PROVIDER must be dev, tencent, aliyun or none, not ${kind}`);
  const why = 'for SMS_PROVIDER=tencent';
  return {
    kind: 'tencent',
    secretId: required(env, 'TENCENT_SMS_SECRET_ID', why),
    secretKey: required(env, 'TENCENT_SMS_SECRET_KEY', why),
    sdkAppId: required(env, 'TENCENT_SMS_SDK_APP_ID', why),
    signName: required(env, 'TENCENT_SMS_SIGN_NAME', why),
    templateId: required(env, 'TENCENT_SMS_TEMPLATE_ID', why),
    noticeTemplateId: env.TENCENT_SMS_NOTICE_TEMPLATE_ID?.trim() || null,
    region: env.TENCENT_SMS_REGION?.trim() || 'ap-guangzhou',
    endpoint: env.TENCENT_SMS_ENDPOINT?.trim() || 'https://sms.tencentcloudapi.com',
  };
}

function aliyunSmsConfig(env: Env): AliyunSmsConfig {
  const why = 'for SMS_PROVIDER=aliyun';
  const endpoint = httpUrl(env, 'ALIYUN_SMS_ENDPOINT', 'https://dysmsapi.aliyuncs.com', true);
  return {
    kind: 'aliyun',
    accessKeyId: required(env, 'ALIYUN_SMS_ACCESS_KEY_ID', why),
    accessKeySecret: required(env, 'ALIYUN_SMS_ACCESS_KEY_SECRET', why),
    signName: required(env, 'ALIYUN_SMS_SIGN_NAME', why),
    templateCode: required(env, 'ALIYUN_SMS_TEMPLATE_CODE', why),
    noticeTemplateCode: env.ALIYUN_SMS_NOTICE_TEMPLATE_CODE?.trim() || null,
    endpoint,
  };
}

function mailConfig(env: Env): MailConfig {
  const kind = env.MAIL_PROVIDER?.trim() || (env.SMTP_HOST ? 'smtp' : 'dev');
  if (kind === 'dev' || kind === 'none') return { kind };
  if (kind !== 'smtp') throw new ConfigError(`MAIL_PROVIDER must be dev, smtp or none, not ${kind}`);
  const why = 'for MAIL_PROVIDER=smtp';
  const secure = (env.SMTP_SECURE ?? '').toLowerCase() === 'true';
  return {
    kind: 'smtp',
    host: required(env, 'SMTP_HOST', why),
    port: parsePort(env.SMTP_PORT, 'SMTP_PORT', secure ? 465 : 587),
    secure,
    user: env.SMTP_USER?.trim() || null,
    pass: env.SMTP_PASS ?? null,
    from: required(env, 'MAIL_FROM', why),
  };
}

function wechatConfig(env: Env): WeChatConfig {
  const kind = env.WECHAT_PROVIDER?.trim() || (env.WECHAT_APP_ID ? 'open' : 'sandbox');
  if (kind === 'sandbox' || kind === 'none') return { kind };
  if (kind !== 'open') throw new ConfigError(`WECHAT_PROVIDER must be sandbox, open or none, not ${kind}`);
  const why = 'for WECHAT_PROVIDER=open';
  return {
    kind: 'open',
    appId: required(env, 'WECHAT_APP_ID', why),
    appSecret: required(env, 'WECHAT_APP_SECRET', why),
    authorizeUrl: env.WECHAT_AUTHORIZE_URL?.trim() || 'https://open.weixin.qq.com/connect/qrconnect',
    apiUrl: env.WECHAT_API_URL?.trim() || 'https://api.weixin.qq.com',
  };
}

function readPem(env: Env, name: string, why: string, kind: RegExp): string {
  const file = required(env, name, why);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`${name}: cannot read ${file}`);
  }
  if (!kind.test(text)) throw new ConfigError(`${name}: ${file} is not the expected PEM file`);
  return text;
}

function payConfig(env: Env): PayConfig {
  const kind = env.PAY_PROVIDER?.trim() || (env.WECHATPAY_MCHID ? 'wechatpay' : 'sandbox');
  if (kind === 'sandbox' || kind === 'none') return { kind };
  if (kind !== 'wechatpay') throw new ConfigError(`PAY_PROVIDER must be sandbox, wechatpay or none, not ${kind}`);
  const why = 'for PAY_PROVIDER=wechatpay';
  const apiV3Key = required(env, 'WECHATPAY_APIV3_KEY', why);
  if (Buffer.byteLength(apiV3Key, 'utf8') !== 32) throw new ConfigError('WECHATPAY_APIV3_KEY must be the 32-character APIv3 key');
  const endpoint = httpUrl(env, 'WECHATPAY_ENDPOINT', 'https://api.mch.weixin.qq.com', true);
  return {
    kind: 'wechatpay',
    mchId: required(env, 'WECHATPAY_MCHID', why),
    appId: required(env, 'WECHATPAY_APPID', why),
    serialNo: required(env, 'WECHATPAY_SERIAL', why),
    privateKeyPem: readPem(env, 'WECHATPAY_PRIVATE_KEY_FILE', why, /BEGIN (RSA )?PRIVATE KEY/),
    apiV3Key,
    platformPublicKeyPem: readPem(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE', why, /BEGIN (PUBLIC KEY|CERTIFICATE)/),
    endpoint,
  };
}

function payCatalogue(env: Env): readonly Plan[] {
  const file = env.PAY_CATALOGUE_FILE?.trim();
  if (!file) return DEFAULT_CATALOGUE;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new ConfigError(`PAY_CATALOGUE_FILE: cannot read JSON from ${file}`);
  }
  const parsed = catalogueSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(`PAY_CATALOGUE_FILE: ${parsed.error.issues[0].path.join('.')} ${parsed.error.issues[0].message}`);
  return parsed.data;
}

function positiveInt(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new ConfigError(`${name} must be an integer 1–${max}, not ${raw}`);
  return n;
}

function weatherConfig(env: Env): WeatherConfig {
  const kind = env.WEATHER_PROVIDER?.trim() || (env.PVGIS_URL ? 'pvgis' : 'synthetic');
  if (kind === 'synthetic') return { kind };
  if (kind !== 'pvgis') throw new ConfigError(`WEATHER_PROVIDER must be synthetic or pvgis, not ${kind}`);
  const baseUrl = httpUrl(env, 'PVGIS_URL', 'https://re.jrc.ec.europa.eu/api/v5_3/');
  return { kind, baseUrl, timeoutMs: positiveInt(env.PVGIS_TIMEOUT_MS, 'PVGIS_TIMEOUT_MS', 30_000, 600_000) };
}

/**
 * Drone modelling (NodeODM API, https://github.com/OpenDroneMap/NodeODM/blob/master/docs/index.adoc):
 * the node's origin and token (NODEODM_URL, NODEODM_TOKEN), null when not configured (uploads and
 * checks still work, submitting answers "not configured"); whether this process works the drone
 * modelling jobs (DRONE_WORKER, on by default; JOB_WORKERS=off turns off every queue) and how often
 * it polls a task [ms] (DRONE_POLL_MS, 15 s).
 */
export interface DroneConfig {
  nodeodm: { url: string; token: string | null } | null;
  worker: boolean;
  pollMs: number;
}

function droneConfig(env: Env): DroneConfig {
  const url = httpUrl(env, 'NODEODM_URL', undefined, true);
  const worker = (env.DRONE_WORKER?.trim() || 'on').toLowerCase();
  if (!['on', 'off', 'true', 'false'].includes(worker)) throw new ConfigError(`DRONE_WORKER must be on or off, not ${worker}`);
  return {
    nodeodm: url ? { url, token: env.NODEODM_TOKEN?.trim() || null } : null,
    worker: worker === 'on' || worker === 'true',
    pollMs: positiveInt(env.DRONE_POLL_MS, 'DRONE_POLL_MS', 15_000, 3_600_000),
  };
}

/**
 * Background jobs (src/server/jobs/, pg-boss on the app's database): whether this process works any
 * job queue (JOB_WORKERS, on by default; off: it only queues jobs, other processes work them), how
 * long an idle worker waits before asking for work again [ms] (JOB_POLL_MS, 2000, at least 500) and
 * how often jobs whose worker died are failed for their retry and finished ones archived [s]
 * (JOB_MAINTENANCE_SECONDS, 60).
 */
export interface JobsConfig {
  workers: boolean;
  pollMs: number;
  maintenanceSeconds: number;
}

function jobsConfig(env: Env): JobsConfig {
  const workers = (env.JOB_WORKERS?.trim() || 'on').toLowerCase();
  if (!['on', 'off', 'true', 'false'].includes(workers)) throw new ConfigError(`JOB_WORKERS must be on or off, not ${workers}`);
  const pollMs = positiveInt(env.JOB_POLL_MS, 'JOB_POLL_MS', 2000, 3_600_000);
  if (pollMs < 500) throw new ConfigError(`JOB_POLL_MS must be at least 500, not ${pollMs}`);
  return {
    workers: workers === 'on' || workers === 'true',
    pollMs,
    maintenanceSeconds: positiveInt(env.JOB_MAINTENANCE_SECONDS, 'JOB_MAINTENANCE_SECONDS', 60, 3600),
  };
}

/** GEOCODER_URL (a Nominatim-compatible search API) + GEOCODER_TIMEOUT_MS, GEOCODER_USER_AGENT, GEOCODER_EMAIL, GEOCODER_MIN_INTERVAL_MS (1000 for the public OSM server, else 0). */
function geocoderConfig(env: Env): GeocoderConfig {
  const baseUrl = httpUrl(env, 'GEOCODER_URL');
  if (!baseUrl) return { kind: 'offline' };
  const publicOsm = /^https:\/\/nominatim\.openstreetmap\.org/.test(baseUrl);
  const interval = env.GEOCODER_MIN_INTERVAL_MS?.trim();
  return {
    kind: 'nominatim',
    baseUrl,
    timeoutMs: positiveInt(env.GEOCODER_TIMEOUT_MS, 'GEOCODER_TIMEOUT_MS', 10_000, 600_000),
    userAgent: env.GEOCODER_USER_AGENT?.trim() || 'PV Studio (photovoltaic design; self-hosted)',
    email: env.GEOCODER_EMAIL?.trim() || null,
    minIntervalMs: interval === undefined || interval === '' ? (publicOsm ? 1000 : 0) : interval === '0' ? 0 : positiveInt(interval, 'GEOCODER_MIN_INTERVAL_MS', 0, 60_000),
  };
}

const phoneForDemo = z.string().regex(/^1[2-9]\d{9}$/, 'DEMO_PHONE must be an 11-digit mobile number starting with 1');

/**
 * The configuration from environment variables:
 * NODE_ENV (production: refuses every development stand-in, see standIns(); no demo account unless
 * DEMO_PHONE and DEMO_PASSWORD are set; the cookie Secure), PORT (8080), HOST (127.0.0.1), DATA_DIR
 * (./data), DATABASE_URL (PostgreSQL; default PGlite in DATA_DIR/pglite), PUBLIC_URL, COOKIE_SECURE,
 * LOG_LEVEL (info), INITIAL_PASSWORD, DEMO_PHONE, DEMO_PASSWORD (random when unset; DEMO_PHONE=off
 * for none), SMS_PROVIDER + TENCENT_SMS_* or ALIYUN_SMS_*,
 * MAIL_PROVIDER + SMTP_* + MAIL_FROM, WECHAT_PROVIDER + WECHAT_*, BLOB_DIR (DATA_DIR/blobs),
 * COMPUTE_WORKERS (min(cores, 4)), WEATHER_PROVIDER (synthetic | pvgis; pvgis when PVGIS_URL is set)
 * + PVGIS_URL + PVGIS_TIMEOUT_MS, MAX_PROJECTS_PER_USER (1000), PAY_PROVIDER (sandbox | wechatpay | none;
 * wechatpay when WECHATPAY_MCHID is set) + WECHATPAY_MCHID, _APPID, _SERIAL, _PRIVATE_KEY_FILE,
 * _APIV3_KEY, _PLATFORM_PUBLIC_KEY_FILE, _ENDPOINT, PAY_CATALOGUE_FILE (the price list, JSON),
 * NODEODM_URL + NODEODM_TOKEN + DRONE_WORKER + DRONE_POLL_MS, JOB_WORKERS + JOB_POLL_MS +
 * JOB_MAINTENANCE_SECONDS (background jobs).
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const port = parsePort(env.PORT, 'PORT', 8080);
  const host = env.HOST?.trim() || '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR?.trim() || './data');
  const url = env.DATABASE_URL?.trim();
  const database: DatabaseConfig = url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') };
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://${shownHost}:${port}`).replace(/\/+$/, '');
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const mode: AppConfig['mode'] = env.NODE_ENV?.trim() === 'production' ? 'production' : 'development';
  // Production has no demo account unless DEMO_PHONE names one.
  const demoPhone = env.DEMO_PHONE?.trim() || (mode === 'production' ? 'off' : '13800000000');
  let demo: AppConfig['demo'] = null;
  if (demoPhone !== 'off') {
    const parsed = phoneForDemo.safeParse(demoPhone);
    if (!parsed.success) throw new ConfigError(parsed.error.issues[0].message);
    demo = { phone: demoPhone, password: env.DEMO_PASSWORD || randomDemoPassword() };
  }
  const config: AppConfig = {
    mode,
    port,
    host,
    dataDir,
    database,
    publicUrl,
    cookieSecure: mode === 'production' || (env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : publicUrl.startsWith('https:')),
    logLevel,
    initialPassword: env.INITIAL_PASSWORD || 'Pv123456',
    demo,
    sms: smsConfig(env),
    mail: mailConfig(env),
    wechat: wechatConfig(env),
    pay: payConfig(env),
    payCatalogue: payCatalogue(env),
    blobDir: resolve(env.BLOB_DIR?.trim() || join(dataDir, 'blobs')),
    computeWorkers: positiveInt(env.COMPUTE_WORKERS, 'COMPUTE_WORKERS', Math.max(1, Math.min(availableParallelism(), 4)), 64),
    computeTimeoutMs: positiveInt(env.COMPUTE_TIMEOUT_MS, 'COMPUTE_TIMEOUT_MS', COMPUTE_BUDGET.timeoutMs, 3_600_000),
    yieldSyncModuleSteps: positiveInt(env.YIELD_SYNC_MODULE_STEPS, 'YIELD_SYNC_MODULE_STEPS', COMPUTE_BUDGET.projectSimulationMaxModuleSteps, COMPUTE_BUDGET.projectSimulationQueuedMaxModuleSteps),
    computeUserConcurrency: positiveInt(env.COMPUTE_USER_CONCURRENCY, 'COMPUTE_USER_CONCURRENCY', COMPUTE_BUDGET.perUserConcurrency, 64),
    weather: weatherConfig(env),
    geocoder: geocoderConfig(env),
    maxProjectsPerUser: positiveInt(env.MAX_PROJECTS_PER_USER, 'MAX_PROJECTS_PER_USER', 1000, 1_000_000),
    drone: droneConfig(env),
    jobs: jobsConfig(env),
    assistant: assistantConfig(env, (m) => new ConfigError(m)),
  };
  if (mode === 'production') refuseDevelopmentSettings(config, env);
  return config;
}

/** A development stand-in of an outside service that is active: what it does and how to replace it. */
export interface StandIn {
  service: string;
  /** What the stand-in does instead of the real service. */
  standIn: string;
  /** The environment variables of the real service (or of switching the service off). */
  variables: string;
}

/** The development stand-ins (dev outboxes, sandbox providers) a configuration uses. */
export function standIns(config: Pick<AppConfig, 'sms' | 'mail' | 'wechat' | 'pay'>): StandIn[] {
  const out: StandIn[] = [];
  if (config.sms.kind === 'dev') {
    out.push({
      service: 'SMS codes',
      standIn: 'dev outbox (codes go to the server log and the outbox table; no SMS is sent)',
      variables:
        'TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID (Tencent Cloud) ' +
        'or ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE (Aliyun); or SMS_PROVIDER=none',
    });
  }
  if (config.mail.kind === 'dev') {
    out.push({ service: 'E-mail', standIn: 'dev outbox (codes go to the server log and the outbox table; no e-mail is sent)', variables: 'SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, MAIL_FROM; or MAIL_PROVIDER=none' });
  }
  if (config.wechat.kind === 'sandbox') {
    out.push({ service: 'WeChat sign-in', standIn: 'sandbox provider (a page of this server stands in for the scan)', variables: 'WECHAT_APP_ID, WECHAT_APP_SECRET; or WECHAT_PROVIDER=none' });
  }
  if (config.pay.kind === 'sandbox') {
    out.push({
      service: 'Payments',
      standIn: 'sandbox provider (orders are completed by a button; no money moves)',
      variables: 'WECHATPAY_MCHID, WECHATPAY_APPID, WECHATPAY_SERIAL, WECHATPAY_PRIVATE_KEY_FILE, WECHATPAY_APIV3_KEY, WECHATPAY_PLATFORM_PUBLIC_KEY_FILE; or PAY_PROVIDER=none',
    });
  }
  return out;
}

/** NODE_ENV=production: every stand-in and development setting in one message, or nothing. */
function refuseDevelopmentSettings(config: AppConfig, env: Env): void {
  const problems = standIns(config).map((s) => `${s.service}: ${s.standIn}. Set ${s.variables}`);
  if (config.demo && !env.DEMO_PASSWORD) problems.push(`Demo account: DEMO_PHONE=${config.demo.phone} without a password (production never prints one). Set DEMO_PASSWORD; or DEMO_PHONE=off`);
  if (env.COOKIE_SECURE?.trim() === 'false') problems.push('Sign-in cookie: COOKIE_SECURE=false, but production always marks it Secure. Remove COOKIE_SECURE');
  if (problems.length > 0) {
    throw new ConfigError(`NODE_ENV=production: the server does not start with development stand-ins or settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** A password that satisfies the password rule: 4 letters, 4 digits, one symbol. */
function randomDemoPassword(): string {
  const bytes = randomBytes(9);
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  let s = '';
  for (let i = 0; i < 4; i++) s += letters[bytes[i] % letters.length];
  for (let i = 4; i < 8; i++) s += String(bytes[i] % 10);
  return s + '!@#%'[bytes[8] % 4];
}

let testBlobs = 0;

/**
 * The defaults for a test: an in-memory database, no demo, quiet log, every provider embedded, blobs
 * in a new folder under the temp directory, one compute worker, the synthetic weather.
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ DEMO_PHONE: 'off' }),
    database: { kind: 'pglite', dataDir: 'memory://' },
    logLevel: 'silent',
    blobDir: join(tmpdir(), `pvstudio-test-blobs-${process.pid}-${Date.now().toString(36)}-${testBlobs++}`),
    computeWorkers: 1,
    ...overrides,
  };
}
