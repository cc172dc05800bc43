// Request and answer schemas of the enterprise edition (issue 20; spec 000 §2 /enterprise, §4
// "Enterprise live access", §6, §7 "Live connection" and "Enterprise", §8; spec 001 §1–§3, §6, §7):
// organisations and the organisation chooser, the dashboard, companies, personnel and their xlsx
// import, the enterprise equipment libraries and their curves, project permissions and the
// enterprise project list, the credit log, and the live project connection's messages. The paths
// are listed in docs/ENTERPRISE.md and at the top of src/server/routes/enterprise/index.ts.
import { z } from 'zod';
import { emailOrEmptySchema, phoneSchema } from '../account.ts';
import { inverterSchema } from '../equipment-inverter.ts';
import { pvModuleSchema } from '../equipment-module.ts';
import { isoTime, listOf, pageQuery, plainText, queryBoolean, recordId, requiredPlainText } from './common.ts';
import { projectSummarySchema } from './projects.ts';

/** The spec's texts (spec 000 §8, spec 001 §4–§6, §8). */
export const ENTERPRISE_MESSAGES = {
  /** A personal user calling an enterprise call (spec 001 §6), shown with the link to the personal edition. */
  notEnterprise: 'The current user does not have the rights of enterprise version, you can contact customer service!',
  /** The live connection closed or failed while the user was not leaving (spec 000 §8). */
  connectionLost: '连接已断开，请重新进入项目',
  /** Library and device status changes (spec 001 §4). */
  statusUpdated: 'Status Updated Successfully',
  /** The confirmation before removing a member (spec 001 §6). */
  deleteMemberConfirm: 'you are deleting a staff member, continue?',
  /** A personnel form without a name (spec 001 §5). */
  memberNameRequired: 'Please enter personnel name',
  /** A member with neither mobile nor e-mail. */
  memberReachRequired: 'Please enter the mobile number or the e-mail',
  /** The dashboard of a non-administrator: the client goes to the enterprise project list (inner code −2). */
  administratorsOnly: 'Only enterprise administrators can open the enterprise home',
} as const;

/** The inner data code that sends the client to the enterprise project list (spec 000 §8, 001 §8). */
export const TO_ENTERPRISE_PROJECT_LIST = -2 as const;

/** Upload and size rules (spec 001 §5, §9): logo JPG/PNG 170 × 40 px ≤ 1 MB, profile / cover ≤ 2 MB. */
export const ENTERPRISE_LIMITS = {
  logo: { width: 170, height: 40, maxBytes: 1024 * 1024 },
  templateImage: { maxBytes: 2 * 1024 * 1024 },
  /** Personnel import file [bytes] and rows. */
  importMaxBytes: 2 * 1024 * 1024,
  importMaxRows: 500,
  /** Numeric fields (spec 001 §5: 0 to 999999). */
  maxNumber: 999_999,
  /** Grants set in one call. */
  maxGrantsPerCall: 200,
} as const;

export const enterpriseRoles = ['super_admin', 'admin', 'member'] as const;
export type EnterpriseRole = (typeof enterpriseRoles)[number];
export const memberStatuses = ['unregistered', 'normal'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** The enterprise a call is about: query (or body) enterpriseId, else the `enterpriseId` header, else the last chosen. */
export const enterpriseIdField = recordId.optional().describe('the organisation; default: the enterpriseId header, else the one chosen last');
export const enterpriseQuery = z.object({ enterpriseId: enterpriseIdField });

const count = (max: number = ENTERPRISE_LIMITS.maxNumber) =>
  z.coerce
    .number({ error: 'This field is required' })
    .int('Format incorrect')
    .min(0, `needs to be between 0 and ${max}`)
    .max(max, `needs to be between 0 and ${max}`);

// ── organisations ──

/** One organisation of the signed-in user (the chooser, /enterprise/selectEnterprise). */
export const enterpriseChoiceSchema = z.object({
  enterpriseId: z.number().int(),
  name: z.string(),
  code: z.string().describe('company ID'),
  role: z.enum(enterpriseRoles),
  isAdministrator: z.boolean(),
  isSuperAdmin: z.boolean(),
  /** The one the user chose last (the default). */
  current: z.boolean(),
  logoUrl: z.string().nullable().describe('the first company’s logo'),
});
export const enterpriseChoicesSchema = z.object({ list: z.array(enterpriseChoiceSchema), isEnterprise: z.boolean() });

export const switchEnterpriseBody = z.object({ enterpriseId: recordId });

/** What the client keeps after choosing an organisation (local storage keys of spec 000 §3). */
export const enterpriseSessionSchema = z.object({
  enterpriseId: z.number().int(),
  enterpriseUserId: z.number().int().describe('the member id'),
  enterpriseName: z.string(),
  isEnterprise: z.literal(true),
  isAdministrator: z.boolean(),
  isSuperAdmin: z.boolean(),
  role: z.enum(enterpriseRoles),
  canCreateProject: z.boolean(),
  enterpriseUrl: z.string().describe('the client route of the organisation’s home'),
});

/** The administrator check (GET /api/user/enterprise/check-enterprise-admin): of the given organisation, else the current one. */
export const adminCheckSchema = z.object({ isAdministrator: z.boolean(), isEnterprise: z.boolean().describe('the user belongs to an organisation') });

/** The organisation (enterprise detail): permissions, membership, credits, company ID. */
export const enterpriseDetailSchema = z.object({
  enterpriseId: z.number().int(),
  name: z.string(),
  code: z.string(),
  membershipExpiredDate: isoTime.nullable(),
  membershipExpired: z.boolean(),
  photoCredits: z.number().int().describe('drone photo credit not yet given to a member'),
  photoCreditsAllocated: z.number().int().describe('given to members'),
  projectCredits: z.number().int(),
  seats: z.number().int(),
  seatsUsed: z.number().int(),
  members: z.number().int(),
  administrators: z.number().int(),
  role: z.enum(enterpriseRoles),
  isAdministrator: z.boolean(),
  createTime: isoTime,
});

// ── dashboard ──

export const dashboardSchema = z.object({
  /** The signed-in user's name and role (the greeting; one for the super administrator). */
  userName: z.string(),
  role: z.enum(enterpriseRoles),
  totalProjects: z.number().int(),
  /** [kW] sum of the projects' installed capacity. */
  installedCapacity: z.number(),
  residential: z.object({ projects: z.number().int(), capacity: z.number().describe('[kW]') }),
  commercial: z.object({ projects: z.number().int(), capacity: z.number().describe('[kW]') }),
  provinces: z.array(z.object({ province: z.string().describe("'' when unknown"), projects: z.number().int(), capacity: z.number() })),
  people: z.array(z.object({ userId: z.number().int().nullable(), name: z.string(), projects: z.number().int(), capacity: z.number() })),
  recent: z.array(projectSummarySchema),
});
/** Inner data code −2: the client goes to the enterprise project list. */
export const toProjectListSchema = z.object({ code: z.literal(TO_ENTERPRISE_PROJECT_LIST), msg: z.string() });
export const dashboardAnswerSchema = z.union([dashboardSchema, toProjectListSchema]);

// ── companies ──

const companyFields = {
  name: requiredPlainText(100),
  address: plainText(200).optional(),
  contact: plainText(50).optional(),
  phone: plainText(32).optional(),
  email: emailOrEmptySchema.optional(),
};
export const addCompanyBody = z.object({ enterpriseId: enterpriseIdField, ...companyFields });
export const updateCompanyBody = z.object({ enterpriseId: enterpriseIdField, id: recordId, ...companyFields });
export const companyIdQuery = z.object({ enterpriseId: enterpriseIdField, id: recordId });
export const companyIdBody = companyIdQuery;
export const templateImageKinds = ['profile', 'cover'] as const;
export const companyImageKinds = ['logo', ...templateImageKinds] as const;
export type CompanyImageKind = (typeof companyImageKinds)[number];
export const companyImageQuery = z.object({ enterpriseId: enterpriseIdField, id: recordId, kind: z.enum(companyImageKinds) });
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logoUrl: z.string().nullable(),
  profileUrl: z.string().nullable().describe('PPT profile page image'),
  coverUrl: z.string().nullable().describe('PPT cover page image'),
  updateTime: isoTime,
});
export const companyListQuery = z.object({ enterpriseId: enterpriseIdField, ...pageQuery(10), name: plainText(100).optional() });
export const companyListSchema = listOf(companySchema);

// ── personnel ──

export const memberSchema = z.object({
  id: z.number().int().describe('member id (enterpriseUserId)'),
  userId: z.number().int().nullable().describe('null while unregistered'),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(memberStatuses),
  role: z.enum(enterpriseRoles),
  isAdministrator: z.boolean(),
  canCreateProject: z.boolean(),
  photoQuota: z.number().int().describe('drone photo credit given by the organisation'),
  photoUsed: z.number().int().nullable().describe("the member's used drone photo credit (registered members)"),
  seat: z.boolean(),
  joinTime: isoTime,
  invitedTime: isoTime.nullable(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListQuery = z.object({
  enterpriseId: enterpriseIdField,
  ...pageQuery(10),
  keyword: plainText(100).optional().describe('part of the name, mobile or e-mail'),
  status: z.enum(memberStatuses).optional(),
  role: z.enum(enterpriseRoles).optional(),
});
export const memberListSchema = listOf(memberSchema);
export const memberIdQuery = z.object({ enterpriseId: enterpriseIdField, id: recordId });
export const memberIdBody = memberIdQuery;

/** How an invitation went out (as the code answers: nothing pretends to be delivered). */
export const invitationSchema = z.object({
  channel: z.enum(['sms', 'email']),
  provider: z.string(),
  delivered: z.boolean(),
  notice: z.string().nullable(),
});
export const memberAnswerSchema = z.object({ member: memberSchema, invitations: z.array(invitationSchema) });

const memberFields = {
  name: z.string({ error: ENTERPRISE_MESSAGES.memberNameRequired }).trim().min(1, ENTERPRISE_MESSAGES.memberNameRequired).max(50, 'at most 50 characters').refine((s) => !s.includes('\u0000'), 'Format incorrect'),
  phone: z.union([z.literal(''), phoneSchema]).optional(),
  email: emailOrEmptySchema.optional(),
  canCreateProject: z.boolean().default(true),
  photoQuota: count().default(0),
  seat: z.boolean().default(false),
  role: z.enum(['admin', 'member']).default('member').describe('administrators are set by the super administrator'),
};

/** Adding a member: a name and a mobile number or e-mail (or both). */
export const addMemberBody = z
  .object({ enterpriseId: enterpriseIdField, ...memberFields, invite: z.boolean().default(true).describe('send the invitation to an unregistered member') })
  .refine((b) => Boolean(b.phone || b.email), { message: ENTERPRISE_MESSAGES.memberReachRequired, path: ['phone'] });
export type AddMember = z.output<typeof addMemberBody>;

/** Changing a member: only the fields sent change. */
export const updateMemberBody = z.object({
  enterpriseId: enterpriseIdField,
  id: recordId,
  name: memberFields.name.optional(),
  canCreateProject: z.boolean().optional(),
  photoQuota: count().optional(),
  seat: z.boolean().optional(),
  role: z.enum(['admin', 'member']).optional(),
});
export type UpdateMember = z.output<typeof updateMemberBody>;

/** One row of a personnel import with what happened to it. */
export const importRowSchema = z.object({
  row: z.number().int().describe('the sheet row (1 is the header)'),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(['added', 'failed']),
  /** Failures: the field at fault and the message. */
  field: z.string().nullable(),
  error: z.string().nullable(),
  memberId: z.number().int().nullable(),
});
export const importReportSchema = z.object({
  fileName: z.string().nullable(),
  total: z.number().int(),
  added: z.number().int(),
  failed: z.number().int(),
  rows: z.array(importRowSchema),
  createTime: isoTime,
});
export type ImportReport = z.infer<typeof importReportSchema>;
export const importReportAnswerSchema = z.object({ report: importReportSchema.nullable() });

// ── equipment ──

/** Library kinds of the enterprise calls: company (manufacturer), component (module), inverter. */
export const equipmentKinds = ['company', 'component', 'inverter'] as const;
export type EquipmentKind = (typeof equipmentKinds)[number];
export const equipmentSources = ['system', 'enterprise'] as const;
export type EquipmentSource = (typeof equipmentSources)[number];

export const equipmentListQuery = z.object({
  enterpriseId: enterpriseIdField,
  ...pageQuery(20),
  keyword: plainText(100).optional().describe('words of the manufacturer and model (of the name for companies), any order and case'),
  source: z.enum(['all', ...equipmentSources]).default('all'),
  enabled: queryBoolean.optional().describe('absent: both'),
  type: z.enum(['module', 'inverter']).optional().describe('companies: module or inverter manufacturers'),
});
export const equipmentRefQuery = z.object({ enterpriseId: enterpriseIdField, id: recordId, source: z.enum(equipmentSources).default('enterprise') });
export const equipmentStatusBody = z.object({
  enterpriseId: enterpriseIdField,
  id: recordId,
  source: z.enum(equipmentSources, { error: 'This field is required' }),
  enabled: z.boolean({ error: 'This field is required' }),
});
export const equipmentDeleteBody = z.object({ enterpriseId: enterpriseIdField, id: recordId });

const equipmentBase = {
  id: z.number().int(),
  source: z.enum(equipmentSources),
  enabled: z.boolean(),
  updateTime: isoTime,
};
export const enterpriseModuleSchema = z.object({
  ...equipmentBase,
  manufacturer: z.string(),
  model: z.string(),
  moduleType: z.string(),
  pmax: z.number().describe('[W]'),
  efficiency: z.number().describe('[%]'),
  length: z.number().describe('[mm]'),
  width: z.number().describe('[mm]'),
});
export const enterpriseInverterSchema = z.object({
  ...equipmentBase,
  manufacturer: z.string(),
  model: z.string(),
  inverterType: z.string(),
  ratedAcPower: z.number().describe('[W]'),
  maxEfficiency: z.number().describe('[%]'),
  mpptCount: z.number().int(),
});
export const enterpriseCompanySchema = z.object({
  ...equipmentBase,
  type: z.enum(['module', 'inverter']),
  nameEn: z.string().nullable(),
  nameZh: z.string().nullable(),
});
export const enterpriseModuleListSchema = listOf(enterpriseModuleSchema);
export const enterpriseInverterListSchema = listOf(enterpriseInverterSchema);
export const enterpriseCompanyListSchema = listOf(enterpriseCompanySchema);
export const enterpriseModuleDetailSchema = enterpriseModuleSchema.extend({ module: z.record(z.string(), z.unknown()) });
export const enterpriseInverterDetailSchema = enterpriseInverterSchema.extend({ inverter: z.record(z.string(), z.unknown()) });

export const addEnterpriseModuleBody = z.object({ enterpriseId: enterpriseIdField, module: pvModuleSchema });
export const updateEnterpriseModuleBody = z.object({ enterpriseId: enterpriseIdField, id: recordId, module: pvModuleSchema });
export const addEnterpriseInverterBody = z.object({ enterpriseId: enterpriseIdField, inverter: inverterSchema });
export const updateEnterpriseInverterBody = z.object({ enterpriseId: enterpriseIdField, id: recordId, inverter: inverterSchema });
const companyNames = { type: z.enum(['module', 'inverter'], { error: 'This field is required' }), nameEn: plainText(100).optional(), nameZh: plainText(100).optional() };
const someName = { message: 'Please enter the manufacturer English or Chinese name', path: ['nameEn'] };
export const addEnterpriseCompanyBody = z.object({ enterpriseId: enterpriseIdField, ...companyNames }).refine((b) => Boolean(b.nameEn || b.nameZh), someName);
export const updateEnterpriseCompanyBody = z
  .object({ enterpriseId: enterpriseIdField, id: recordId, ...companyNames })
  .refine((b) => Boolean(b.nameEn || b.nameZh), someName);

// ── algorithm curves ──

/** The library an entry of a curve query is in: system, the user's own (custom) or the organisation's. */
export const curveSources = ['system', 'custom', 'enterprise'] as const;
export const ivCurveQuery = z.object({
  enterpriseId: enterpriseIdField,
  id: recordId,
  source: z.enum(curveSources).default('system'),
  irradiance: z
    .string()
    .default('1000,800,600,400,200')
    .describe('[W m⁻²] comma-separated, each 1–1500 (at most 8)')
    .transform((s, ctx) => numberList(s, 1, 1500, ctx)),
  temperature: z
    .string()
    .default('25')
    .describe('[°C] cell temperatures, comma-separated, each −40–90 (at most 8)')
    .transform((s, ctx) => numberList(s, -40, 90, ctx)),
  points: z.coerce.number().int().min(2).max(500).default(60).describe('voltages per curve from 0 to Voc'),
});
export const efficiencyCurveQuery = z.object({
  enterpriseId: enterpriseIdField,
  id: recordId,
  source: z.enum(curveSources).default('system'),
  points: z.coerce.number().int().min(2).max(500).default(50).describe('DC powers per curve from 0 to the maximum DC power'),
});

function numberList(s: string, min: number, max: number, ctx: z.RefinementCtx): number[] {
  const parts = s.split(',').map((p) => p.trim()).filter((p) => p.length > 0);
  const values = parts.map(Number);
  if (parts.length === 0 || parts.length > 8 || values.some((v) => !Number.isFinite(v) || v < min || v > max)) {
    ctx.addIssue({ code: 'custom', message: `up to 8 numbers from ${min} to ${max}, separated by commas` });
    return z.NEVER;
  }
  return values;
}

export const ivCurveSchema = z.object({
  irradiance: z.number().describe('[W m⁻²]'),
  temperature: z.number().describe('[°C] cell'),
  isc: z.number().describe('[A]'),
  voc: z.number().describe('[V]'),
  imp: z.number().describe('[A]'),
  vmp: z.number().describe('[V]'),
  pmp: z.number().describe('[W]'),
  /** [V], [A], [W] from 0 to Voc. */
  points: z.array(z.object({ v: z.number(), i: z.number(), p: z.number() })),
});
export const ivCurvesSchema = z.object({
  manufacturer: z.string(),
  model: z.string(),
  parameters: z.enum(['entry', 'fitted']).describe("entry: the library entry's own one-diode parameters; fitted: PVsyst's defaults fitted to its datasheet"),
  curves: z.array(ivCurveSchema),
});
export const efficiencyCurvesSchema = z.object({
  manufacturer: z.string(),
  model: z.string(),
  /** 'curves': the entry's measured curves (PVsyst .OND model); 'pvwatts': the PVWatts curve at its peak efficiency (no curve in the entry). */
  mode: z.enum(['curves', 'pvwatts']),
  curves: z.array(
    z.object({
      dcVoltage: z.number().nullable().describe('[V]'),
      points: z.array(z.object({ dcPower: z.number().describe('[W]'), acPower: z.number().describe('[W]'), efficiency: z.number().describe('[%]') })),
    }),
  ),
});

// ── projects ──

export const enterpriseProjectListQuery = z.object({
  enterpriseId: enterpriseIdField,
  ...pageQuery(10),
  name: plainText(100).optional(),
  powerStationType: z.enum(['COMMERCIAL', 'RESIDENTIAL']).optional(),
  creatorId: recordId.optional().describe("a member's user id"),
});
export const enterpriseProjectSchema = projectSummarySchema.extend({
  creatorId: z.number().int().nullable(),
  /** How the signed-in user may open it: creator, administrator, granted. */
  access: z.enum(['creator', 'administrator', 'granted']),
});
export const enterpriseProjectListSchema = listOf(enterpriseProjectSchema);

export const permissionListQuery = z
  .object({ enterpriseId: enterpriseIdField, projectId: recordId.optional(), memberId: recordId.optional() })
  .refine((q) => (q.projectId === undefined) !== (q.memberId === undefined), { message: 'give projectId or memberId', path: ['projectId'] });
export const permissionRowSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  memberId: z.number().int(),
  userId: z.number().int().nullable(),
  memberName: z.string(),
  granted: z.boolean(),
  /** 'creator' and 'administrator' always have access (not changeable); 'grant': set by an administrator. */
  reason: z.enum(['creator', 'administrator', 'grant', 'none']),
});
export const permissionListSchema = z.object({ list: z.array(permissionRowSchema) });
export const setPermissionBody = z.object({
  enterpriseId: enterpriseIdField,
  grants: z
    .array(z.object({ projectId: recordId, memberId: recordId, granted: z.boolean({ error: 'This field is required' }) }))
    .min(1, 'This field is required')
    .max(ENTERPRISE_LIMITS.maxGrantsPerCall, `at most ${ENTERPRISE_LIMITS.maxGrantsPerCall} grants per call`),
});
export const setPermissionAnswerSchema = z.object({ changed: z.number().int(), revokedConnections: z.number().int() });

export const accessCheckQuery = z.object({ enterpriseId: enterpriseIdField, uuid: z.string().trim().regex(/^\d{1,10}$/, 'Format incorrect').describe('the project id') });

/** Putting one of the caller's own projects into the organisation. */
export const attachProjectBody = z.object({ enterpriseId: enterpriseIdField, projectId: recordId });

// ── credits ──

export const creditLogQuery = z.object({ enterpriseId: enterpriseIdField, ...pageQuery(20) });
export const enterpriseCreditLogSchema = listOf(
  z.object({
    id: z.number().int(),
    changeType: z.string().describe('grant | purchase | allocate | reclaim'),
    operationTime: isoTime,
    operator: z.string(),
    memberId: z.number().int().nullable(),
    memberName: z.string().nullable(),
    photoCredits: z.number().int().describe('change of the pool'),
    projectCredits: z.number().int(),
    membershipDays: z.number().int(),
    seats: z.number().int(),
    orderSn: z.string().nullable(),
    note: z.string().nullable(),
  }),
);

// ── live access (WebSocket /websocket/{uuid}/{userId}/{enterpriseId}) ──

export const liveParams = z.object({
  uuid: z.string().regex(/^\d{1,10}$/, 'Format incorrect').describe('the project id'),
  userId: recordId,
  enterpriseId: recordId,
});
/** What the client sends on opening and on leaving (spec 000 §7); `type` absent: the first is open, later ones release. */
export const liveClientMessage = z.object({
  uuid: z.union([z.string(), z.number()]).transform(String),
  userId: z.coerce.number().int(),
  enterpriseId: z.coerce.number().int(),
  type: z.enum(['open', 'release']).optional(),
});
export const liveDenyReasons = ['no-permission', 'revoked', 'removed', 'replaced', 'not-member', 'invalid'] as const;
export type LiveDenyReason = (typeof liveDenyReasons)[number];
/** What the server sends: ACCESS_GRANTED, ACCESS_DENIED (then closes), RELEASED (after a release, then closes). */
export const liveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ACCESS_GRANTED'), uuid: z.string() }),
  z.object({ type: z.literal('ACCESS_DENIED'), uuid: z.string(), reason: z.enum(liveDenyReasons), msg: z.string() }),
  z.object({ type: z.literal('RELEASED'), uuid: z.string() }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;
/** WebSocket close codes of the live connection. */
export const LIVE_CLOSE = { released: 1000, denied: 4003, invalid: 4400 } as const;

export const socketExistsQuery = z.object({ enterpriseId: enterpriseIdField, uuid: z.string().trim().regex(/^\d{1,10}$/, 'Format incorrect'), userId: recordId.optional() });
export const socketExistsSchema = z.object({ exists: z.boolean(), since: isoTime.nullable() });
