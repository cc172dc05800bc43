// The project's report (issue 17 §1; spec 001 §4 "modification succeeded (regenerate the report)"):
// the 'report' design document keeps the last generated report model and the version of every
// document it was made from (the project file's versions, project-file-service.ts). Its state:
// none (never generated) → generating → ready | failed; stale when a document it was made from
// (REPORT_SOURCE_STEPS) has another version now — staleSteps names them.
//
// Generation runs inline (the model of a project is worked out in well under a second for the
// projects the layout allows; REPORT_INLINE_MAX_MODULES guards the rest with 400 COMPUTE_TOO_BIG):
// 'generating' is written first, then 'ready' with the model or 'failed' with the reason. A
// 'generating' older than GENERATING_TIMEOUT_MS (a process that died meanwhile) reads as failed.
// The document is written by this service only, over the stored one, without the size bound of the
// documents clients save (the model of a large layout carries every module's corners).
import type { FastifyInstance } from 'fastify';
import { reportDocumentSchema, type ReportDocument, type ReportState } from '../../model/api/report.ts';
import { layoutDocumentSchema } from '../../model/design.ts';
import type { ProjectExport } from '../../model/project-export.ts';
import type { ReportModel } from '../../model/report.ts';
import { REPORT_SOURCE_STEPS } from '../../reports/report-documents.ts';
import { reportModel } from '../../reports/report-model.ts';
import { apiError } from '../errors.ts';
import type { ProjectRow } from '../projects/rows.ts';
import { exportProject } from './project-file-service.ts';

/** Most modules a report is generated for inline. */
export const REPORT_INLINE_MAX_MODULES = 200_000;
/** A generation older than this is taken as failed [ms]. */
export const GENERATING_TIMEOUT_MS = 10 * 60_000;
/** Largest report document [characters of JSON]. */
export const REPORT_DOCUMENT_MAX = 128 * 1024 * 1024;

const NONE: ReportState = { status: 'none', stale: false, staleSteps: [], generatedAt: null, model: null };

/** Steps whose version differs between two version maps (0: absent). */
export function changedSteps(made: Record<string, number>, now: Record<string, number>): string[] {
  return REPORT_SOURCE_STEPS.filter((s) => (made[s] ?? 0) !== (now[s] ?? 0));
}

async function storedReport(app: FastifyInstance, projectId: number): Promise<ReportDocument | null> {
  const doc = await app.services.documents.read(projectId, 'report');
  const parsed = reportDocumentSchema.safeParse(doc.data);
  return parsed.success ? parsed.data : null;
}

async function currentVersions(app: FastifyInstance, projectId: number): Promise<Record<string, number>> {
  const v = await app.services.documents.versions(projectId);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.version]));
}

/** The state of a project's report (the caller has checked access). */
export async function reportState(app: FastifyInstance, projectId: number): Promise<ReportState> {
  const doc = await storedReport(app, projectId);
  if (!doc) return NONE;
  const staleSteps = changedSteps(doc.versions, await currentVersions(app, projectId));
  const timedOut = doc.status === 'generating' && app.clock.now().getTime() - Date.parse(doc.startedAt) > GENERATING_TIMEOUT_MS;
  return { status: timedOut ? 'failed' : doc.status, stale: staleSteps.length > 0, staleSteps, generatedAt: doc.generatedAt, model: doc.model };
}

/** Writes the report document over the stored one (its own size limit: a large plant's model is bigger than a design document). */
async function writeReport(app: FastifyInstance, projectId: number, doc: ReportDocument, userId: number | null): Promise<void> {
  await app.services.documents.put(app.db, projectId, 'report', doc, userId, REPORT_DOCUMENT_MAX);
}

function moduleCount(exp: ProjectExport): number {
  const layout = layoutDocumentSchema.safeParse(exp.documents['component-layout']);
  return layout.success ? layout.data.arrays.reduce((s, a) => s + a.centers.length / 3, 0) : 0;
}

export interface GeneratedReport {
  model: ReportModel;
  exp: ProjectExport;
}

/**
 * Generates the project's report from its documents now and keeps it (see the file's header).
 * @param userId who asks (their view of the library is read after the owner's), null for a share visitor
 */
export async function generateReport(app: FastifyInstance, row: ProjectRow, userId: number | null): Promise<GeneratedReport> {
  const exp = await exportProject(app, row, userId ?? row.user_id);
  const modules = moduleCount(exp);
  if (modules > REPORT_INLINE_MAX_MODULES) {
    throw apiError('COMPUTE_TOO_BIG', { field: 'projectId', detail: `${modules} modules, at most ${REPORT_INLINE_MAX_MODULES} in a report` }, { field: 'projectId' });
  }
  const startedAt = app.clock.now().toISOString();
  const versions = exp.versions ?? {};
  await writeReport(app, row.id, { kind: 'report', version: 1, status: 'generating', startedAt, generatedAt: null, versions, model: null, error: null }, userId);
  let model: ReportModel;
  try {
    model = reportModel(exp, app.clock.now());
  } catch (err) {
    app.log.error({ err, projectId: row.id }, 'report generation failed');
    await writeReport(app, row.id, { kind: 'report', version: 1, status: 'failed', startedAt, generatedAt: null, versions, model: null, error: (err as Error).message.slice(0, 2000) }, userId);
    throw err;
  }
  await writeReport(app, row.id, { kind: 'report', version: 1, status: 'ready', startedAt, generatedAt: model.generatedAt, versions, model, error: null }, userId);
  return { model, exp };
}

/** The project's ready, current report and the project file it was made from: the stored one, else generated now. */
export async function currentReport(app: FastifyInstance, row: ProjectRow, userId: number | null): Promise<GeneratedReport> {
  const doc = await storedReport(app, row.id);
  if (doc && doc.status === 'ready' && doc.model) {
    const exp = await exportProject(app, row, userId ?? row.user_id);
    if (changedSteps(doc.versions, exp.versions ?? {}).length === 0) return { model: doc.model, exp };
  }
  return generateReport(app, row, userId);
}
