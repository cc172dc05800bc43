// The typed shape of the database for Kysely: one interface per table, as the migrations in
// ./migrations create them. Timestamps are `timestamptz` (Date in and out on PGlite and PostgreSQL),
// ids are `integer` identities (a JavaScript number on both drivers; int8 would come back as a
// string from pg). A new migration that adds a table adds its interface here (or in the area's
// schema-<area>.ts: O&M, enterprise, assistant) and a key to Database.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ProjectBindingsTable, DeviceCollectorsTable, DeviceInvertersTable, AiomDevicesTable, AiomGatewayTokensTable, TelemetryReadingsTable, AiomConfigurationsTable, AiomAlarmsTable, AiomPatrolTasksTable, AiomDecryptAuditTable } from './schema-aiom.ts';
import type { EnterprisesTable, EnterpriseMembersTable, EnterpriseCompaniesTable, EnterpriseProjectsTable, EnterpriseProjectGrantsTable, EnterpriseCreditLogTable, EnterpriseManufacturersTable, EnterpriseModulesTable, EnterpriseInvertersTable, EnterpriseLibraryDisabledTable, EnterpriseMemberImportsTable, EnterpriseLiveConnectionsTable } from './schema-enterprise.ts';
import type { AssistantConversationsTable, AssistantMessagesTable, AssistantUsageTable } from './schema-assistant.ts';

export type * from './schema-aiom.ts';
export type * from './schema-enterprise.ts';
export type * from './schema-assistant.ts';

/** A column the database fills (identity, default) but the code may also set. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A person's account: profile only; the secrets live in password_credentials and user_identities. */
export interface UsersTable {
  id: Generated<number>;
  /** 11-digit mainland mobile number, unique; null for a WeChat user who has not bound one yet. */
  phone: string | null;
  /** Verified e-mail (lower case), unique; usable to sign in with the password. */
  email: string | null;
  /** E-mail given on the complete-information form (not verified, not a sign-in name). */
  contact_email: string | null;
  name: string | null;
  nick_name: string | null;
  company: string | null;
  head_img_url: string | null;
  /** When the complete-information form was first submitted (its trial bonus is given once). */
  info_completed_at: Date | null;
  /** false: signing in is refused (isEnableBackend). */
  enabled: Defaulted<boolean>;
  created_at: Date;
  updated_at: Date;
}

/** The password of a user (Argon2id PHC string) and the wrong-password counter of the lockout. */
export interface PasswordCredentialsTable {
  user_id: number;
  password_hash: string;
  /** The system's initial password: signing in with it forces a change. */
  is_initial: Defaulted<boolean>;
  changed_at: Date;
  failed_attempts: Defaulted<number>;
  locked_until: Date | null;
}

/** An outside identity linked to a user (WeChat: subject = unionid, else openid). */
export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  openid: string | null;
  nickname: string | null;
  head_img_url: string | null;
  created_at: Date;
}

/** A sign-in session; the token itself is never stored, only its SHA-256. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** 'full', or 'password_change' (holder of the initial password: may only change it). */
  scope: string;
  /** Client label from the login body (`source`). */
  source: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  expires_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

/** A verification code sent by SMS or e-mail (only its SHA-256 is kept). */
export interface VerificationCodesTable {
  id: Generated<number>;
  /** 'sms' | 'email'. */
  channel: string;
  /** Phone number or lower-case e-mail address. */
  target: string;
  /** What the code may be used for: login, reset, bind, identity. */
  purpose: string;
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  /** Wrong entries so far; the code dies at the limit. */
  attempts: Defaulted<number>;
  consumed_at: Date | null;
  ip: string | null;
}

/** A graphic captcha or slider puzzle waiting for its answer. */
export interface SecurityChallengesTable {
  id: string;
  /** 'captcha' | 'slider'. */
  kind: string;
  /** Captcha text (lower case) or the slider gap's left edge [px]. */
  answer: string;
  created_at: Date;
  expires_at: Date;
  attempts: Defaulted<number>;
  solved_at: Date | null;
}

/** A fixed-window counter of @fastify/rate-limit (db/rate-limit-store.ts): bucket + address or account. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  window_ends: Date;
}

/** Wrong passwords given for a sign-in name without a password (it answers like a real account). */
export interface SignInFailuresTable {
  username: string;
  failed_attempts: Defaulted<number>;
  locked_until: Date | null;
  updated_at: Date;
}

/** The proof of a passed security check (randstr + ticket), spent by one code request. */
export interface SecurityTicketsTable {
  ticket_hash: string;
  randstr: string;
  challenge_id: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** Every SMS and e-mail the server sends (the dev outbox holds the whole text). */
export interface OutboxTable {
  id: Generated<number>;
  /** 'sms' | 'email'. */
  channel: string;
  /** 'dev' | 'tencent' | 'smtp'. */
  provider: string;
  recipient: string;
  subject: string | null;
  body: string;
  /** 'logged' (dev outbox) | 'sent' | 'failed'. */
  status: string;
  error: string | null;
  provider_message_id: string | null;
  purpose: string | null;
  created_at: Date;
}

/** A WeChat QR sign-in or binding in progress (OAuth `state`). */
export interface WechatStatesTable {
  state: string;
  /** 'login' | 'bind'. */
  purpose: string;
  /** The signed-in user for 'bind'. */
  user_id: number | null;
  /** 'pending' → 'authorized' (callback done) → 'used'. */
  status: string;
  /** SHA-256 of the one-time pickup ticket the callback hands to the browser. */
  pickup_hash: string | null;
  subject: string | null;
  openid: string | null;
  nickname: string | null;
  head_img_url: string | null;
  created_at: Date;
  expires_at: Date;
}

/** A product licence: LITE (design) or AIOM (operation); permanent or until expires_at. */
export interface LicencesTable {
  id: Generated<number>;
  user_id: number;
  /** 'LITE' | 'AIOM'. */
  product: string;
  permanent: Defaulted<boolean>;
  expires_at: Date | null;
  /** 'trial' | 'purchase' | 'grant' | 'demo'. */
  source: string;
  created_at: Date;
}

/** Satellite membership: one row per member; expires_at null = permanent. */
export interface MembershipsTable {
  user_id: number;
  /** 'monthly' | 'annual' | 'enterprise'. */
  plan: string;
  expires_at: Date | null;
  updated_at: Date;
}

/** Drone credits: photo credit and project quota (spec 001 §3 Quota). */
export interface QuotasTable {
  user_id: number;
  photo_total: Defaulted<number>;
  photo_used: Defaulted<number>;
  project_total: Defaulted<number>;
  project_used: Defaulted<number>;
  updated_at: Date;
}

/** The credit log (spec 001 §3): every change of credits, quota, membership or trial. */
export interface CreditLogTable {
  id: Generated<number>;
  user_id: number;
  /** register, complete_info, purchase, consume, refund, grant, demo. */
  change_type: string;
  /** Who made the change: a user id as text, or 'system'. */
  operator: string;
  photo_credits: Defaulted<number>;
  project_credits: Defaulted<number>;
  membership_days: Defaulted<number>;
  trial_days: Defaulted<number>;
  order_sn: string | null;
  note: string | null;
  created_at: Date;
}

/** A project (power station) of a user: the basic data of spec 000 §3 and the list fields of spec 001 §3. */
export interface ProjectsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  company: string | null;
  description: string | null;
  /** 'normal' | 'copy' (copyProject) | 'shared-copy' (copied from a share link). */
  project_type: Defaulted<string>;
  /** 'COMMERCIAL' (C&I) | 'RESIDENTIAL'. */
  power_station_type: string;
  /** 'SATELLITE' | 'DRONE'. */
  survey_type: string;
  /** '220V' | '380V'. */
  grid_type: string | null;
  /** 'LITE' | 'LITE-RE' (manual variant) | 'AIOM'. */
  re_or_aiom: Defaulted<string>;
  /** Installed capacity [kW]. */
  capacity_kw: number | null;
  /** Maximum installed capacity [kW] (the layout's cap). */
  max_capacity_kw: number | null;
  /** Annual AC yield of the last simulation [kWh] (kept with capacity_kw, migration 0011). */
  annual_kwh: ColumnType<number | null, number | null | undefined, number | null>;
  address: string | null;
  province: string | null;
  city: string | null;
  /** [°] north positive. */
  lat: number | null;
  /** [°] east positive. */
  lng: number | null;
  weather_station: string | null;
  status: Defaulted<string>;
  /** JSON text of the basicInfo extras (powerLoadConfigType, powerStatOperationMode, schemeForm, …). */
  settings: Defaulted<string>;
  /** The project this one was copied from. */
  copied_from: number | null;
  created_at: Date;
  updated_at: Date;
  updated_by: number | null;
  /** The project's list entry (ProjectSummary) as JSON text, written by triggers (migration 0007). */
  list_item: Generated<string>;
}

/** The design data of one wizard step of a project, as JSON text, with its optimistic-concurrency version. */
/** A queued run of a project's yield (migration 0016, src/server/electrical/yield-queue.ts). */
export interface ProjectYieldRunsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  modules: number;
  error_code: string | null;
  /** JSON of the error's parameters (errors.ts), for its message in the reader's language. */
  error_params: string | null;
  queued_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface ProjectDocumentsTable {
  project_id: number;
  /** Document name (src/model/api/design.ts DESIGN_STEPS). */
  step: string;
  /** 1 after the first save, +1 on every save. */
  version: number;
  data: string;
  updated_at: Date;
  updated_by: number | null;
}

/** A share link: only the SHA-256 of its md5-format key is kept. */
export interface ProjectSharesTable {
  id: Generated<number>;
  key_hash: string;
  project_id: number;
  user_id: number;
  /** 'view' (1/3/7/30 days), 'copy' (copyable, 2 h), 'report'. */
  kind: string;
  days: number | null;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** A project screenshot; the image bytes live in the blob store under blob_key. */
export interface ProjectScreenshotsTable {
  id: Generated<number>;
  project_id: number;
  blob_key: string;
  content_type: string;
  /** [bytes] */
  size: number;
  file_name: string | null;
  created_at: Date;
}

/** The PVGIS client's cache (WeatherCache): raw answers by request URL. */
export interface WeatherCacheTable {
  key: string;
  url: string;
  body: string;
  fetched_at: Date;
}

/** A module or inverter manufacturer: system (built in) or a user's own. */
export interface ManufacturersTable {
  id: Generated<number>;
  /** 'module' | 'inverter'. */
  kind: string;
  /** 'system' | 'custom'. */
  source: string;
  user_id: number | null;
  name_en: string | null;
  name_zh: string | null;
  created_at: Date;
}

/** A PV module of the library: system catalogue (system_key) or a user's custom entry; data = validated JSON. */
export interface LibraryModulesTable {
  id: Generated<number>;
  source: string;
  system_key: string | null;
  user_id: number | null;
  manufacturer: string;
  model: string;
  module_type: string;
  /** [W] at STC. */
  pmax: number;
  data: string;
  created_at: Date;
  updated_at: Date;
}

/** An inverter of the library (as library_modules). */
export interface LibraryInvertersTable {
  id: Generated<number>;
  source: string;
  system_key: string | null;
  user_id: number | null;
  manufacturer: string;
  model: string;
  inverter_type: string;
  /** [W] */
  rated_ac_power: number;
  data: string;
  created_at: Date;
  updated_at: Date;
}

/** Library entries a user has disabled ('module' | 'inverter' | 'manufacturer'). */
export interface LibraryDisabledTable {
  user_id: number;
  kind: string;
  item_id: number;
  created_at: Date;
}

/** Idempotent seeds: the hash of the data last applied under a name. */
export interface SeedStateTable {
  name: string;
  hash: string;
  applied_at: Date;
}

/** A user's own settings (migration 0010): the imagery setting as JSON text (src/model/base-map.ts). */
export interface UserSettingsTable {
  user_id: number;
  base_map: string | null;
  updated_at: Date;
}

export interface Database {
  users: UsersTable;
  password_credentials: PasswordCredentialsTable;
  user_identities: UserIdentitiesTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  security_challenges: SecurityChallengesTable;
  security_tickets: SecurityTicketsTable;
  rate_limits: RateLimitsTable;
  sign_in_failures: SignInFailuresTable;
  outbox: OutboxTable;
  wechat_states: WechatStatesTable;
  licences: LicencesTable;
  memberships: MembershipsTable;
  quotas: QuotasTable;
  credit_log: CreditLogTable;
  projects: ProjectsTable;
  project_documents: ProjectDocumentsTable;
  project_yield_runs: ProjectYieldRunsTable;
  project_shares: ProjectSharesTable;
  project_screenshots: ProjectScreenshotsTable;
  weather_cache: WeatherCacheTable;
  manufacturers: ManufacturersTable;
  library_modules: LibraryModulesTable;
  library_inverters: LibraryInvertersTable;
  library_disabled: LibraryDisabledTable;
  seed_state: SeedStateTable;
  drone_uploads: DroneUploadsTable;
  drone_photos: DronePhotosTable;
  drone_jobs: DroneJobsTable;
  user_messages: UserMessagesTable;
  project_bindings: ProjectBindingsTable;
  device_collectors: DeviceCollectorsTable;
  device_inverters: DeviceInvertersTable;
  aiom_devices: AiomDevicesTable;
  aiom_gateway_tokens: AiomGatewayTokensTable;
  telemetry_readings: TelemetryReadingsTable;
  aiom_configurations: AiomConfigurationsTable;
  aiom_alarms: AiomAlarmsTable;
  aiom_patrol_tasks: AiomPatrolTasksTable;
  aiom_decrypt_audit: AiomDecryptAuditTable;
  pay_orders: PayOrdersTable;
  tariffs: TariffsTable;
  activities: ActivitiesTable;
  user_settings: UserSettingsTable;
  enterprises: EnterprisesTable;
  enterprise_members: EnterpriseMembersTable;
  enterprise_companies: EnterpriseCompaniesTable;
  enterprise_projects: EnterpriseProjectsTable;
  enterprise_project_grants: EnterpriseProjectGrantsTable;
  enterprise_credit_log: EnterpriseCreditLogTable;
  enterprise_manufacturers: EnterpriseManufacturersTable;
  enterprise_modules: EnterpriseModulesTable;
  enterprise_inverters: EnterpriseInvertersTable;
  enterprise_library_disabled: EnterpriseLibraryDisabledTable;
  enterprise_member_imports: EnterpriseMemberImportsTable;
  enterprise_live_connections: EnterpriseLiveConnectionsTable;
  assistant_conversations: AssistantConversationsTable;
  assistant_messages: AssistantMessagesTable;
  assistant_usage: AssistantUsageTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Licence = Selectable<LicencesTable>;
export type OutboxMessage = Selectable<OutboxTable>;
export type Project = Selectable<ProjectsTable>;

/** A message to a user (personal centre): kind + JSON params, rendered in the reader's language by the web. */
export interface UserMessagesTable {
  id: Generated<number>;
  user_id: number;
  /** src/model/api/messages.ts MESSAGE_KINDS. */
  kind: string;
  /** JSON text of the kind's parameters. */
  params: string;
  /** Posted at most once per user and key (reminders); null: no limit. */
  dedupe_key: string | null;
  created_at: Date;
  read_at: Date | null;
}

/** A drone photo upload session of a project: 'open' (photos may be added), 'submitted', 'cancelled'. */
export interface DroneUploadsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  status: Defaulted<string>;
  created_at: Date;
  updated_at: Date;
  submitted_at: Date | null;
}

/** A photo of a drone upload: approved (bytes under blob_key) or failed with its reason key. */
export interface DronePhotosTable {
  id: Generated<number>;
  upload_id: number;
  file_name: string;
  /** [bytes] */
  size: number;
  /** 'approved' | 'failed'. */
  status: string;
  /** src/model/api/drone.ts photoFailures. */
  reason: string | null;
  /** [°] */
  lat: number | null;
  lng: number | null;
  sha256: string | null;
  blob_key: string | null;
  created_at: Date;
}

/**
 * A drone modelling job: one per submitted upload. Its steps run as pg-boss jobs (jobs/kinds.ts
 * droneStep); this row is the job's record (state, task, progress, refund).
 */
export interface DroneJobsTable {
  id: Generated<number>;
  upload_id: number;
  project_id: number;
  user_id: number;
  /** queued | uploading | processing | completed | failed. */
  state: Defaulted<string>;
  /** The modelling service's task. */
  task_uuid: string | null;
  /** [%] */
  progress: Defaulted<number>;
  /** Photo credit charged at submission. */
  photo_credits: number;
  orthophoto_id: string | null;
  error: string | null;
  /** Failed attempts in a row (service unreachable); the job fails at the limit. */
  failures: Defaulted<number>;
  /** Steps taken; the queued step job carries the value it expects (a stale delivery does nothing). */
  step: Defaulted<number>;
  /** When the next step is due (its step job is queued for then). */
  next_run_at: Date;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  /** Set once, in the transaction that gives the photo credit back. */
  refunded_at: Date | null;
}

/** An order of the pay page (spec 001 §3 Order): what it sells and costs, fixed when created. */
export interface PayOrdersTable {
  id: Generated<number>;
  /** Our order number, also WeChat Pay's out_trade_no. */
  order_sn: string;
  user_id: number;
  enterprise_id: number | null;
  plan_id: string;
  plan_name_zh: string;
  plan_name_en: string;
  /** monthly | annual | enterprise for a membership, else null. */
  membership_plan: string | null;
  quantity: number;
  /** [fen] */
  amount_fen: number;
  /** 'wx'. */
  pay_way: string;
  /** 'sandbox' | 'wechatpay'. */
  provider: string;
  /** pending | paid | closed | failed. */
  status: Defaulted<string>;
  /** Totals for the quantity. [days] */
  membership_days: Defaulted<number>;
  photo_credits: Defaulted<number>;
  project_credits: Defaulted<number>;
  code_url: string | null;
  /** The provider's transaction number once paid. */
  transaction_id: string | null;
  expires_at: Date;
  paid_at: Date | null;
  /** Set once, in the transaction that grants the order's membership and credits. */
  fulfilled_at: Date | null;
  closed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** An electricity tariff scheme (migration 0005): system (user_id null) or a user's own. */
export interface TariffsTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  province: string | null;
  city: string | null;
  /** 'uniform' | 'peak-valley'. */
  kind: string;
  /** JSON text: { price, periods, months } (src/model/catalogue/tariffs.ts). */
  data: string;
  source: string | null;
  created_at: Date;
  updated_at: Date;
}

/** An activity the product announces (getActivity); none unless an operator adds rows. */
export interface ActivitiesTable {
  id: Generated<number>;
  title_en: string;
  title_zh: string;
  body_en: Defaulted<string>;
  body_zh: Defaulted<string>;
  url: string | null;
  starts_at: Date;
  ends_at: Date | null;
  enabled: Defaulted<boolean>;
  created_at: Date;
}

// ── the enterprise edition (migration 0012) ──
