// The enterprise edition's calls (issue 20; spec 000 §7 "Enterprise", 001 §7; paths in
// docs/ENTERPRISE.md and src/server/routes/enterprise/index.ts): the organisation chooser and switch,
// the dashboard, companies and their images, personnel and the xlsx import, the equipment libraries,
// the enterprise project list, project permissions, the access check, the organisation's credit log.
// (The server's curve queries and socket existence check are not needed here: the curves are drawn
// from the entry's values as in the personal library, and the live connection itself says whether it
// is open.) Every answer is checked with
// the shared schemas of src/model/api/enterprise.ts. The organisation travels in the enterpriseId
// header (http.ts) once one is chosen.
import { z } from 'zod';
import {
  companyListSchema,
  companySchema,
  dashboardAnswerSchema,
  enterpriseChoicesSchema,
  enterpriseCompanyListSchema,
  enterpriseCreditLogSchema,
  enterpriseDetailSchema,
  enterpriseInverterDetailSchema,
  enterpriseInverterListSchema,
  enterpriseModuleDetailSchema,
  enterpriseModuleListSchema,
  enterpriseProjectListSchema,
  enterpriseSessionSchema,
  importReportAnswerSchema,
  importReportSchema,
  memberAnswerSchema,
  memberListSchema,
  memberSchema,
  permissionListSchema,
  setPermissionAnswerSchema,
  type CompanyImageKind,
  type EquipmentKind,
  type EquipmentSource,
  type MemberStatus,
} from '../../model/api/enterprise.ts';
import { emptySchema } from '../../model/api/envelope.ts';
import { projectDetailSchema, type NewProjectBody } from '../../model/api/projects.ts';
import { inverterSchema, type Inverter } from '../../model/equipment-inverter.ts';
import { pvModuleSchema, type PvModule } from '../../model/equipment-module.ts';
import { request, requestBlob } from './http.ts';

const USER = '/api/user/enterprise';
const WEB = '/api/web/enterprise';
const idSchema = z.object({ id: z.number().int() });

export type EnterpriseChoices = z.output<typeof enterpriseChoicesSchema>;
export type EnterpriseChoice = EnterpriseChoices['list'][number];
export type Dashboard = Exclude<z.output<typeof dashboardAnswerSchema>, { code: -2 }>;
export type Company = z.output<typeof companySchema>;
export type MemberRow = z.output<typeof memberSchema>;
export type MemberAnswer = z.output<typeof memberAnswerSchema>;
export type ImportReport = z.output<typeof importReportSchema>;
export type EnterpriseProject = z.output<typeof enterpriseProjectListSchema>['list'][number];
export type PermissionRow = z.output<typeof permissionListSchema>['list'][number];
export type EnterpriseModuleRow = z.output<typeof enterpriseModuleListSchema>['list'][number];
export type EnterpriseInverterRow = z.output<typeof enterpriseInverterListSchema>['list'][number];
export type EnterpriseCompanyRow = z.output<typeof enterpriseCompanyListSchema>['list'][number];
export type CreditLogRow = z.output<typeof enterpriseCreditLogSchema>['list'][number];

// ── organisations ──

/** The user's organisations (the chooser); `silent`: the guard shows no toast for a personal user. */
export function getEnterpriseChoices(options: { silent?: boolean } = {}) {
  return request(`${USER}/get-enterprise-list`, enterpriseChoicesSchema, { silent: options.silent });
}

/** Chooses the organisation: remembered by the server; answers what the client keeps. */
export function switchEnterprise(enterpriseId: number) {
  return request(`${USER}/switch-enterprise`, enterpriseSessionSchema, { method: 'POST', body: { enterpriseId } });
}

export function getEnterpriseDetail() {
  return request(`${USER}/get-enterprise-detail`, enterpriseDetailSchema);
}

/**
 * The dashboard (administrators). A non-administrator's answer carries the inner data code −2: the
 * client (http.ts) sends the user to the enterprise project list and this call rejects.
 */
export async function getDashboard(): Promise<Dashboard> {
  const d = await request(`${USER}/dashboard`, dashboardAnswerSchema);
  if ('code' in d) throw new Error('inner code −2 answered as a success');
  return d;
}

// ── companies ──

export interface CompanyFields {
  name: string;
  address?: string;
  contact?: string;
  phone?: string;
  email?: string;
}

export function listCompanies(q: { page: number; size: number; name?: string }) {
  return request(`${USER}/business/list`, companyListSchema, { query: { ...q } });
}

/** Silent: the form shows a refusal under its field. */
export function addCompany(fields: CompanyFields) {
  return request(`${USER}/business/add`, companySchema, { method: 'POST', body: fields, silent: true });
}

export function updateCompany(id: number, fields: CompanyFields) {
  return request(`${USER}/business/update`, companySchema, { method: 'POST', body: { id, ...fields }, silent: true });
}

export async function deleteCompany(id: number): Promise<void> {
  await request(`${USER}/business/delete`, emptySchema, { method: 'POST', body: { id } });
}

/** Uploads the logo or a PPT template image; silent: the dialog shows the server's message in place. */
export function uploadCompanyImage(id: number, kind: CompanyImageKind, file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  return request(`${USER}/business/image/upload`, companySchema, { form, query: { id, kind }, silent: true });
}

export function deleteCompanyImage(id: number, kind: CompanyImageKind) {
  return request(`${USER}/business/image/delete`, companySchema, { method: 'POST', body: { id, kind } });
}

// ── personnel ──

export interface MemberListQuery {
  page: number;
  size: number;
  keyword?: string;
  status?: MemberStatus;
}

export interface NewMember {
  name: string;
  phone?: string;
  email?: string;
  canCreateProject: boolean;
  photoQuota: number;
  seat: boolean;
  role: 'admin' | 'member';
  invite: boolean;
}

export type MemberChange = Partial<Pick<NewMember, 'name' | 'canCreateProject' | 'photoQuota' | 'seat' | 'role'>>;

export function listMembers(q: MemberListQuery) {
  return request(`${USER}/get-enterprise-user-list`, memberListSchema, { query: { ...q } });
}

/** Silent: the form shows a refusal under its field. */
export function addMember(m: NewMember) {
  return request(`${USER}/add-enterprise-user`, memberAnswerSchema, { method: 'POST', body: m, silent: true });
}

export function updateMember(id: number, change: MemberChange) {
  return request(`${USER}/update-enterprise-user`, memberSchema, { method: 'POST', body: { id, ...change }, silent: true });
}

export async function deleteMember(id: number): Promise<void> {
  await request(`${USER}/delete-enterprise-user`, emptySchema, { method: 'POST', body: { id } });
}

export function inviteMember(id: number) {
  return request(`${USER}/invite-enterprise-user`, memberAnswerSchema, { method: 'POST', body: { id } });
}

/** The personnel import template (xlsx bytes). */
export function downloadMemberTemplate(): Promise<Blob> {
  return requestBlob(`${USER}/user-template/download`);
}

/** Imports the filled template: every row added or failed with its message. */
export function uploadMemberTemplate(file: Blob, fileName: string, invite: boolean) {
  const form = new FormData();
  form.append('file', file, fileName);
  return request(`${USER}/user-template/upload`, importReportSchema, { form, query: { invite } });
}

export async function lastMemberImport(): Promise<ImportReport | null> {
  return (await request(`${USER}/user-template/get`, importReportAnswerSchema)).report;
}

export async function clearMemberImport(): Promise<void> {
  await request(`${USER}/user-template/clear`, emptySchema, { method: 'POST', body: {} });
}

// ── equipment ──

export interface EquipmentListQuery {
  page: number;
  size: number;
  keyword?: string;
  source: 'all' | EquipmentSource;
  enabled?: boolean;
  /** Manufacturers: module or inverter makers. */
  type?: 'module' | 'inverter';
}

export function listEnterpriseModules(q: EquipmentListQuery) {
  return request(`${WEB}/device/component/list`, enterpriseModuleListSchema, { query: { ...q } });
}

export function listEnterpriseInverters(q: EquipmentListQuery) {
  return request(`${WEB}/device/inverter/list`, enterpriseInverterListSchema, { query: { ...q } });
}

export function listEnterpriseCompanies(q: EquipmentListQuery) {
  return request(`${WEB}/device/company/list`, enterpriseCompanyListSchema, { query: { ...q } });
}

/** Enables or disables a system or own entry for the organisation ('Status Updated Successfully'). */
export async function setEquipmentEnabled(kind: EquipmentKind, id: number, source: EquipmentSource, enabled: boolean): Promise<void> {
  await request(`${WEB}/device/${kind}/status`, emptySchema, { method: 'POST', body: { id, source, enabled } });
}

export async function deleteEquipment(kind: EquipmentKind, id: number): Promise<void> {
  await request(`${WEB}/device/${kind}/delete`, emptySchema, { method: 'POST', body: { id } });
}

const moduleDetail = enterpriseModuleDetailSchema.extend({ module: pvModuleSchema });
const inverterDetail = enterpriseInverterDetailSchema.extend({ inverter: inverterSchema });
export type EnterpriseModuleDetail = z.output<typeof moduleDetail>;
export type EnterpriseInverterDetail = z.output<typeof inverterDetail>;

export function getEnterpriseModule(id: number, source: EquipmentSource) {
  return request(`${WEB}/device/component/detail`, moduleDetail, { query: { id, source } });
}

export function getEnterpriseInverter(id: number, source: EquipmentSource) {
  return request(`${WEB}/device/inverter/detail`, inverterDetail, { query: { id, source } });
}

/** Adds a module to the organisation's library; silent: the form shows the refusal under its field. */
export async function addEnterpriseModule(module: PvModule): Promise<number> {
  return (await request(`${WEB}/device/component/add`, idSchema, { method: 'POST', body: { module }, silent: true })).id;
}

export async function updateEnterpriseModule(id: number, module: PvModule): Promise<void> {
  await request(`${WEB}/device/component/update`, emptySchema, { method: 'POST', body: { id, module }, silent: true });
}

export async function addEnterpriseInverter(inverter: Inverter): Promise<number> {
  return (await request(`${WEB}/device/inverter/add`, idSchema, { method: 'POST', body: { inverter }, silent: true })).id;
}

export async function updateEnterpriseInverter(id: number, inverter: Inverter): Promise<void> {
  await request(`${WEB}/device/inverter/update`, emptySchema, { method: 'POST', body: { id, inverter }, silent: true });
}

/** Adds (no id) or changes an own manufacturer; silent: the dialog shows the refusal. */
export async function saveEnterpriseCompany(c: { id?: number; type: 'module' | 'inverter'; nameEn?: string; nameZh?: string }): Promise<void> {
  if (c.id === undefined) await request(`${WEB}/device/company/add`, idSchema, { method: 'POST', body: c, silent: true });
  else await request(`${WEB}/device/company/update`, emptySchema, { method: 'POST', body: c, silent: true });
}



// ── projects ──

export interface EnterpriseProjectQuery {
  page: number;
  size: number;
  name?: string;
  powerStationType?: 'COMMERCIAL' | 'RESIDENTIAL';
}

export function listEnterpriseProjects(q: EnterpriseProjectQuery) {
  return request(`${WEB}/project/list`, enterpriseProjectListSchema, { query: { ...q } });
}

/** Creates a project inside the organisation (the enterpriseId header names it; needs the create-project permission). */
export function createEnterpriseProject(body: NewProjectBody) {
  return request(`${WEB}/project/new`, projectDetailSchema, { method: 'POST', body });
}

/** Puts one of the user's own projects into the organisation. */
export async function attachProject(projectId: number): Promise<void> {
  await request(`${WEB}/project/attach`, emptySchema, { method: 'POST', body: { projectId } });
}

/** The access check (uuid → boolean): may the signed-in member open this project here? Silent. */
export function projectAccessCheck(uuid: string, enterpriseId: number) {
  return request(`${WEB}/project/access-check`, z.boolean(), { query: { uuid, enterpriseId }, silent: true });
}

export async function projectPermissions(by: { projectId: number } | { memberId: number }): Promise<PermissionRow[]> {
  return (await request(`${WEB}/project/permission/list`, permissionListSchema, { query: { ...by } })).list;
}

export function setProjectPermissions(grants: { projectId: number; memberId: number; granted: boolean }[]) {
  return request(`${WEB}/project/permission/set`, setPermissionAnswerSchema, { method: 'POST', body: { grants } });
}

// ── credits ──

/** The organisation's credit history, newest first (administrators). */
export function listCreditLog(q: { page: number; size: number }) {
  return request(`${USER}/credit-log`, enterpriseCreditLogSchema, { query: { ...q } });
}
