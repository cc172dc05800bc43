// /api/web/project: the project list, one project, copy, delete, comparison, quota and sharing
// (spec 000 §7 "Project", 001 §7 "Project-related"). Schemas from src/model/api/projects.ts.
import { emptySchema } from '../../model/api/envelope.ts';
import {
  compareSchema,
  projectDetailSchema,
  projectListSchema,
  projectOverviewSchema,
  quotaProjectSchema,
  shareAnswerSchema,
  sharedProjectSchema,
  powerStationTypes,
  projectVariants,
  surveyTypes,
  type NewProjectBody,
  type UpdateProjectBody,
} from '../../model/api/projects.ts';
import { request } from './http.ts';

const BASE = '/api/web/project';

/** The list's filters (projectListQuery): page from 1, type, survey type, variant, part of the name. */
export type ProjectListQuery = {
  page?: number;
  size?: number;
  powerStationType?: (typeof powerStationTypes)[number];
  surveyType?: (typeof surveyTypes)[number];
  reOrAiom?: (typeof projectVariants)[number];
  name?: string;
};

export function listProjects(query: ProjectListQuery) {
  return request(`${BASE}/list`, projectListSchema, { query: { ...query } });
}

export function createProject(body: NewProjectBody) {
  return request(`${BASE}/new`, projectDetailSchema, { method: 'POST', body });
}

export function getProject(projectId: number) {
  return request(`${BASE}/detail`, projectDetailSchema, { query: { projectId } });
}

export function updateProject(body: UpdateProjectBody) {
  return request(`${BASE}/update`, projectDetailSchema, { method: 'POST', body });
}

export function deleteProject(projectId: number) {
  return request(`${BASE}/delete`, emptySchema, { method: 'POST', body: { projectId } });
}

export function copyProject(projectId: number) {
  return request(`${BASE}/copyProject`, projectDetailSchema, { method: 'POST', body: { projectId } });
}

export function getOverview(projectId: number) {
  return request(`${BASE}/overview`, projectOverviewSchema, { query: { projectId } });
}

export function getProjectQuota() {
  return request(`${BASE}/get-user-quota-project`, quotaProjectSchema);
}

export function compareProjects(projectIds: readonly number[]) {
  return request(`${BASE}/performCompare`, compareSchema, { query: { projectIds: projectIds.join(',') } });
}

export function shareProject(projectId: number, days: 1 | 3 | 7 | 30) {
  return request(`${BASE}/share`, shareAnswerSchema, { method: 'POST', body: { projectId, days } });
}

/** A copyable share link, valid 2 hours (spec 001 §4). */
export function shareCopyLink(projectId: number) {
  return request(`${BASE}/share/link/url`, shareAnswerSchema, { method: 'POST', body: { projectId } });
}

/** A share link to the project's report. */
export function shareReportLink(projectId: number, days?: 1 | 3 | 7 | 30) {
  return request(`${BASE}/share/report/url`, shareAnswerSchema, { method: 'POST', body: { projectId, days } });
}

/** What a share link opens: the project, the sharer, expiry, copyable (no sign-in needed). */
export function getSharedProject(shareKey: string) {
  return request(`${BASE}/share/get/user`, sharedProjectSchema, { query: { shareKey } });
}

/** A shared project's overview (saved steps, last simulation; no sign-in needed). */
export function getSharedOverview(shareKey: string) {
  return request(`${BASE}/overview-md5`, projectOverviewSchema, { query: { shareKey } });
}

/** Copies a shared project (copyable link, within 2 hours) into the signed-in user's account. */
export function copySharedProject(shareKey: string) {
  return request(`${BASE}/share/copy`, projectDetailSchema, { method: 'POST', body: { shareKey } });
}
